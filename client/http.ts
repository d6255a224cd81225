/**
 * The client the suites and the load harness use to talk to a target (undici). Every exchange is
 * recorded (method, URL, headers, body; status, headers, body, duration) so a failure can be shown
 * and reproduced as a curl command.
 */
import { Agent, request as undiciRequest } from 'undici';
import { stringifyJson } from '../specification/json.js';
import type { TokenProvider } from './auth.js';

export type Api = 'participant' | 'scan';

export interface ClientRequest {
  api: Api;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path below the API's base URL, e.g. `/v2/commands/submit-and-wait` or `/v0/round-of-latest-data`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra headers. */
  headers?: Record<string, string>;
  /** JSON body (serialised losslessly: bigints as exact numbers), a string sent as is, or raw bytes. */
  body?: unknown;
  /** Act as this fixture user: its token is sent as `Authorization: Bearer`. `null` sends no token. */
  user?: string | null;
  /** Send this exact token (overrides `user`). */
  token?: string;
  /** Where to put the token. */
  tokenIn?: 'authorization' | 'websocket-protocol';
  timeoutMs?: number;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Text of the body; binary bodies as `<N bytes>` with `bodyBase64` set. */
  body?: string;
  bodyBase64?: string;
  /** The fixture user whose token the request carried (`ledger-conformance token --user` prints one). */
  user?: string;
}

export interface ClientResponse {
  status: number;
  headers: Record<string, string>;
  contentType: string;
  text: string;
  durationMs: number;
  request: RecordedRequest;
  /** JSON.parse of the body; throws when it is not JSON. */
  json<T = unknown>(): T;
}

export class TargetUnreachableError extends Error {
  readonly code = 'TARGET_UNREACHABLE';
  constructor(
    readonly url: string,
    cause: Error,
  ) {
    super(`cannot reach ${url}: ${cause.message} (is the target running? check the target's participant/scan URL)`);
    this.name = 'TargetUnreachableError';
  }
}

export interface TargetEndpoints {
  participant: string;
  scan?: string;
}

export class TargetClient {
  private readonly dispatcher: Agent;

  constructor(
    readonly endpoints: TargetEndpoints,
    private readonly tokens: TokenProvider,
    private readonly defaultTimeoutMs = 10_000,
  ) {
    this.dispatcher = new Agent({ connections: 32, keepAliveTimeout: 10_000, pipelining: 1 });
  }

  baseUrl(api: Api): string {
    const base = api === 'participant' ? this.endpoints.participant : this.endpoints.scan;
    if (base === undefined) throw new Error('the target has no scan URL configured (targets.<name>.scan or SCAN_BASE_URL)');
    return base;
  }

  url(api: Api, path: string, query?: ClientRequest['query']): string {
    const url = new URL(this.baseUrl(api) + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  async send(input: ClientRequest): Promise<ClientResponse> {
    const url = this.url(input.api, input.path, input.query);
    const headers: Record<string, string> = { accept: '*/*', ...(input.headers ?? {}) };
    const token = input.token ?? (input.user ? await this.tokens.tokenFor(input.user) : undefined);
    if (token !== undefined) {
      if (input.tokenIn === 'websocket-protocol')
        // The token first: Canton splits the header on ',' without trimming and looks for an entry starting with `jwt.token.`.
        headers['sec-websocket-protocol'] = `jwt.token.${token},daml.ws.auth`;
      else headers.authorization = `Bearer ${token}`;
    }
    let payload: string | Buffer | undefined;
    if (input.body instanceof Uint8Array) {
      payload = Buffer.from(input.body);
      headers['content-type'] ??= 'application/octet-stream';
    } else if (typeof input.body === 'string') {
      payload = input.body;
      headers['content-type'] ??= 'application/json';
    } else if (input.body !== undefined) {
      // int64 values beyond 2^53 (bigint) go out as exact JSON numbers, as Canton writes and reads them.
      payload = stringifyJson(input.body);
      headers['content-type'] ??= 'application/json';
    }
    const recorded: RecordedRequest = {
      method: input.method,
      url,
      headers,
      ...(input.token === undefined && typeof input.user === 'string' && token !== undefined ? { user: input.user } : {}),
      ...(payload === undefined
        ? {}
        : Buffer.isBuffer(payload)
          ? { body: `<${payload.length} bytes>`, bodyBase64: payload.toString('base64') }
          : { body: payload }),
    };
    const timeout = input.timeoutMs ?? this.defaultTimeoutMs;
    const started = performance.now();
    let response;
    try {
      response = await undiciRequest(url, {
        method: input.method,
        headers,
        body: payload,
        dispatcher: this.dispatcher,
        headersTimeout: timeout,
        bodyTimeout: timeout,
      });
    } catch (error) {
      throw new TargetUnreachableError(url, error as Error);
    }
    const text = await response.body.text();
    const durationMs = performance.now() - started;
    const responseHeaders: Record<string, string> = {};
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders[key] = Array.isArray(value) ? value.join(', ') : value;
    }
    return {
      status: response.statusCode,
      headers: responseHeaders,
      contentType: responseHeaders['content-type'] ?? '',
      text,
      durationMs,
      request: recorded,
      json: <T>() => JSON.parse(text) as T,
    };
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}
