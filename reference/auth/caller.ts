/**
 * Who is calling: the token of a request (Authorization: Bearer, or the websocket subprotocol entry
 * `jwt.token.<jwt>`) resolved to an `AuthContext`, before the body is read (Canton's decode order).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { DecodeFailure, LedgerApiError } from '../canton-errors.js';
import type { Faults } from '../faults.js';
import type { AuthContext, AuthenticatedCaller } from '../http/types.js';
import type { Users } from '../participant/users.js';
import type { TokenCheck, TokenVerifier } from './jwt.js';

const WEBSOCKET_TOKEN_PREFIX = 'jwt.token.';

/** Every party: the rights of a caller when authorization is disabled (Canton's Wildcard claims). */
class AllParties implements ReadonlySet<string> {
  readonly size = Infinity;
  has(): boolean {
    return true;
  }
  forEach(): void {}
  entries(): SetIterator<[string, string]> {
    return new Set<[string, string]>().values();
  }
  keys(): SetIterator<string> {
    return new Set<string>().values();
  }
  values(): SetIterator<string> {
    return new Set<string>().values();
  }
  [Symbol.iterator](): SetIterator<string> {
    return new Set<string>().values();
  }
}

/**
 * The caller when authorization is disabled: no user (userId ''), admin, and act/read/execute-as for any
 * party. `GET /v2/authenticated-user` answers INVALID_TOKEN for it, as Canton does without auth.
 */
export const WILDCARD_CALLER: AuthenticatedCaller = {
  userId: '',
  rights: { actAs: new AllParties(), readAs: new AllParties(), executeAs: new AllParties(), admin: true },
};

/**
 * The token of a request, if any. `Authorization: Bearer` (any case) wins; another scheme counts as no
 * token; `Bearer ` with nothing after it is a header decode failure (400 text/plain).
 */
export function tokenOf(headers: IncomingHttpHeaders, acceptWebsocketProtocol: boolean): string | undefined {
  const authorization = headers.authorization;
  if (authorization !== undefined && authorization.length >= 6 && authorization.slice(0, 6).toLowerCase() === 'bearer') {
    const rest = authorization.slice(6);
    if (rest === '' || rest[0] === ' ') {
      const token = rest.trim();
      if (token === '') throw DecodeFailure.header('Authorization');
      return token;
    }
  }
  const protocols = headers['sec-websocket-protocol'];
  if (acceptWebsocketProtocol && protocols !== undefined) {
    // As Canton (Endpoints.scala): split on ',' without trimming, so ", jwt.token.x" in second place is not found.
    for (const protocol of protocols.split(',')) {
      if (protocol.startsWith(WEBSOCKET_TOKEN_PREFIX) && protocol.length > WEBSOCKET_TOKEN_PREFIX.length) {
        return protocol.slice(WEBSOCKET_TOKEN_PREFIX.length);
      }
    }
  }
  return undefined;
}

/** Canton's UserBasedClaimResolver failure: 403 before the body is read. */
function invalidTokenUser(reason: string): LedgerApiError {
  return new LedgerApiError('PERMISSION_DENIED', reason, { redactedContext: { ledger_api_error: 'invalid token' } });
}

export class CallerResolver {
  private readonly verifier: TokenVerifier | undefined;
  private readonly users: Users;
  private readonly faults: Faults;
  private readonly acceptWebsocketProtocol: boolean;
  /** Callers by token (holdout fault `holdout3-token-caller-cached`). */
  private readonly callersByToken = new Map<string, AuthenticatedCaller>();

  /** `verifier` undefined = authorization disabled. */
  constructor(options: { verifier: TokenVerifier | undefined; users: Users; faults: Faults }) {
    this.verifier = options.verifier;
    this.users = options.users;
    this.faults = options.faults;
    this.acceptWebsocketProtocol = !options.faults.has('auth-websocket-protocol-rejected');
  }

  get authorizationEnabled(): boolean {
    return this.verifier !== undefined;
  }

  /**
   * Throws (or rejects with) `DecodeFailure` (empty bearer) or `LedgerApiError` 403 (unknown or deactivated
   * user). Synchronous unless the token needs verifying (the first request with it).
   */
  resolve(headers: IncomingHttpHeaders): AuthContext | Promise<AuthContext> {
    const token = tokenOf(headers, this.acceptWebsocketProtocol);
    if (this.verifier === undefined) return { kind: 'authenticated', caller: WILDCARD_CALLER };
    if (token === undefined) return this.anonymous();
    if (this.faults.has('audience-array-refused') && audienceIsArray(token))
      return { kind: 'invalid', reason: 'the token has several audiences' };
    const check = this.verifier.verify(token);
    return check instanceof Promise ? check.then((verified) => this.contextOf(verified, token)) : this.contextOf(check, token);
  }

  private contextOf(check: TokenCheck, token: string): AuthContext {
    if (!check.valid) return { kind: 'invalid', reason: check.reason };
    // Holdout fault `holdout3-token-caller-cached`: the caller a token resolved to at its first use, rights as they were.
    const cachedCaller = this.faults.has('holdout3-token-caller-cached') ? this.callersByToken.get(token) : undefined;
    if (cachedCaller !== undefined) return { kind: 'authenticated', caller: cachedCaller };
    const user = this.users.get(check.userId);
    if (user === undefined) throw invalidTokenUser(`unknown user '${check.userId}'`);
    if (user.isDeactivated && !this.faults.has('auth-deactivated-user-allowed')) {
      throw invalidTokenUser(`user '${check.userId}' is deactivated`);
    }
    const caller = this.withRightsFaults(user.caller);
    if (this.faults.has('holdout3-token-caller-cached')) this.callersByToken.set(token, snapshotOf(caller));
    return { kind: 'authenticated', caller };
  }

  /** The faults that widen a user's rights (each the confusion of one right with another). */
  private withRightsFaults(caller: AuthenticatedCaller): AuthenticatedCaller {
    const { faults } = this;
    const widenAct = faults.has('read-as-grants-act-as') || (faults.has('admin-acts-as-any-party') && caller.rights.admin);
    if (!widenAct) return caller;
    const actAs: ReadonlySet<string> =
      faults.has('admin-acts-as-any-party') && caller.rights.admin
        ? new AllParties()
        : widenAct
          ? new Set([...caller.rights.actAs, ...caller.rights.readAs])
          : caller.rights.actAs;
    return { ...caller, rights: { ...caller.rights, actAs } };
  }

  private anonymous(): AuthContext {
    if (this.faults.has('auth-missing-token-accepted')) {
      const admin = this.users.firstAdmin();
      if (admin !== undefined) return { kind: 'authenticated', caller: admin.caller };
    }
    return { kind: 'anonymous' };
  }
}

/** A copy of a caller whose rights no later grant or revocation changes. */
function snapshotOf(caller: AuthenticatedCaller): AuthenticatedCaller {
  const { rights } = caller;
  return {
    userId: caller.userId,
    rights: { ...rights, actAs: new Set(rights.actAs), readAs: new Set(rights.readAs), executeAs: new Set(rights.executeAs) },
  };
}

/** Whether the token's payload names its audience as an array of several (for the fault `audience-array-refused`). */
function audienceIsArray(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { aud?: unknown };
    return Array.isArray(payload.aud) && payload.aud.length > 1;
  } catch {
    return false;
  }
}
