/**
 * The contract between the reference target's HTTP server and its endpoint handlers.
 *
 * The server parses the URL, matches the route (404 legacy JSON for unknown paths, 405 text/plain for a
 * known path with another method), reads the body up to the size limit (413), resolves the token
 * (see `AuthContext`) and calls the handler. Handlers decode their own input, throwing `DecodeFailure`
 * (400 text/plain) or `LedgerApiError` (JsCantonError body, status from the category); anything else
 * thrown is a bug and is answered 500 LEDGER_API_INTERNAL_ERROR, never a crash.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface UserRights {
  /** Full party ids. */
  actAs: ReadonlySet<string>;
  readAs: ReadonlySet<string>;
  executeAs: ReadonlySet<string>;
  admin: boolean;
  /** CanReadAsAnyParty / CanExecuteAsAnyParty rights (absent: not granted). */
  readAsAnyParty?: boolean;
  executeAsAnyParty?: boolean;
}

/** A resolved, active user of the participant. */
export interface AuthenticatedCaller {
  userId: string;
  rights: UserRights;
}

/**
 * What the server knows about the caller before the body is read, in Canton's decode order:
 * - `anonymous`: no token (or a non-Bearer scheme) → a handler that needs auth answers 401 after decoding.
 * - `invalid`: bad signature / expired / wrong audience → 401, after decoding the body.
 * - `authenticated`: valid token of an active, known user. (A valid token of an unknown or deactivated
 *   user never reaches a handler: the server answers 403 before reading the body.)
 */
export type AuthContext =
  { kind: 'anonymous' } | { kind: 'invalid'; reason: string } | { kind: 'authenticated'; caller: AuthenticatedCaller };

export interface RefRequest {
  method: string;
  /** Path below the base URL, e.g. `/v2/commands/submit-and-wait`. */
  path: string;
  /** Decoded path parameters of the matched route, e.g. `{ 'account-id': 'x' }`. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  auth: AuthContext;
}

export interface RefResponse {
  status: number;
  headers?: Record<string, string>;
  /** A string or Buffer is sent as is; anything else is JSON-encoded. `undefined` sends no body. */
  body?: unknown;
}

export type RouteHandler = (request: RefRequest) => Promise<RefResponse> | RefResponse;

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path pattern with `{name}` segments, e.g. `/v2/traffic/accounts/{account-id}`. */
  pattern: string;
  handler: RouteHandler;
}
