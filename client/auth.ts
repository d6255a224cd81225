/**
 * Tokens for the participant's users, by auth provider:
 * - `static`: the user's `token` from the fixtures, or the one configured token (LEDGER_TOKEN) for everyone;
 * - `hs256` / `rs256` / `es256`: self-signed JWTs, as Canton's test auth expects (`sub` = user id,
 *   `aud` = the configured audience, `scope` = the configured scope or `daml_ledger_api`, `exp`);
 * - `oauth2`: OAuth2 client credentials (per user when the fixture user names a client), cached until expiry;
 * - `none`: no token.
 */
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { SignJWT, generateKeyPair, importPKCS8, type CryptoKey, type KeyObject } from 'jose';
import { request } from 'undici';
import type { AuthConfig, Fixtures } from '../config/types.js';
import { ToolError } from '../config/tool-errors.js';

export interface MintOptions {
  /** `sub` claim: the user id. */
  userId: string;
  /** Seconds until `exp`; negative for an already expired token. */
  expiresInSeconds?: number;
  /** Override the audience (e.g. a wrong one, or several); `null` leaves the claim out. */
  audience?: string | string[] | null;
  /** Sign with a key the target does not know (a wrong signature). */
  foreignKey?: boolean;
  /** Override the scope claim; `null` leaves the claim out. */
  scope?: string | null;
}

export interface TokenProvider {
  readonly kind: AuthConfig['kind'];
  /** Whether arbitrary tokens can be minted (expired, wrong signature, unknown user): self-signed kinds only. */
  readonly canMint: boolean;
  /** The audience a minted token carries by default (the configured `auth.audience`), if any. */
  readonly audience?: string;
  /** The scope a minted token carries by default (the configured `auth.scope`, else `daml_ledger_api`), if it mints. */
  readonly scope?: string;
  /** A valid token for a fixture user; undefined when the target has no auth. */
  tokenFor(userId: string): Promise<string | undefined>;
  /** A token with chosen claims; throws for providers that cannot mint (check `canMint`). */
  mint(options: MintOptions): Promise<string>;
}

export class AuthProviderError extends ToolError {
  constructor(message: string) {
    super('AUTH_PROVIDER_FAILED', message);
  }
}

type SigningKey = CryptoKey | KeyObject | Uint8Array;

/** `fixtures`: only its users are read (their static tokens or OAuth2 clients). */
export function createTokenProvider(auth: AuthConfig, fixtures: Pick<Fixtures, 'users'>): TokenProvider {
  switch (auth.kind) {
    case 'none':
      return {
        kind: 'none',
        canMint: false,
        tokenFor: async () => undefined,
        mint: async () => {
          throw new AuthProviderError('the target is configured without auth (auth.kind: none): no tokens can be minted');
        },
      };
    case 'static':
      return staticProvider(auth.token, fixtures);
    case 'hs256':
    case 'rs256':
    case 'es256':
      return selfSignedProvider(auth);
    case 'oauth2':
      return oauth2Provider(auth, fixtures);
  }
}

function staticProvider(sharedToken: string | undefined, fixtures: Pick<Fixtures, 'users'>): TokenProvider {
  return {
    kind: 'static',
    canMint: false,
    tokenFor: async (userId) => {
      const user = fixtures.users.find((candidate) => candidate.id === userId);
      const token = user?.token ?? sharedToken;
      if (token === undefined) {
        throw new AuthProviderError(`no static token for user "${userId}": set users[].token in the fixtures or LEDGER_TOKEN`);
      }
      return token;
    },
    mint: async () => {
      throw new AuthProviderError('static tokens cannot be minted; use an hs256/rs256/es256 auth provider for auth tests');
    },
  };
}

function selfSignedProvider(auth: Extract<AuthConfig, { kind: 'hs256' | 'rs256' | 'es256' }>): TokenProvider {
  const algorithm = auth.kind.toUpperCase();
  let signingKey: Promise<SigningKey> | undefined;
  let foreignKey: Promise<SigningKey> | undefined;
  const cache = new Map<string, { token: string; expiresAt: number }>();

  const keyOf = (): Promise<SigningKey> => {
    signingKey ??=
      auth.kind === 'hs256' ? Promise.resolve(new TextEncoder().encode(auth.secret)) : importPKCS8(readPem(auth.privateKey), algorithm);
    return signingKey;
  };
  const foreignKeyOf = (): Promise<SigningKey> => {
    foreignKey ??=
      auth.kind === 'hs256' ? Promise.resolve(new Uint8Array(randomBytes(32))) : generateKeyPair(algorithm).then((pair) => pair.privateKey);
    return foreignKey;
  };

  const mint = async (options: MintOptions): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {};
    const audience = options.audience === undefined ? auth.audience : options.audience;
    const scope = options.scope === undefined ? (auth.scope ?? 'daml_ledger_api') : options.scope;
    if (scope !== null) claims.scope = scope;
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: algorithm, typ: 'JWT', ...(auth.kind !== 'hs256' && auth.keyId ? { kid: auth.keyId } : {}) })
      .setSubject(options.userId)
      .setIssuedAt(now - 5)
      .setExpirationTime(now + (options.expiresInSeconds ?? auth.tokenLifetimeSeconds));
    if (audience !== undefined && audience !== null) jwt.setAudience(audience);
    return jwt.sign(options.foreignKey ? await foreignKeyOf() : await keyOf());
  };

  return {
    kind: auth.kind,
    canMint: true,
    ...(auth.audience === undefined ? {} : { audience: auth.audience }),
    scope: auth.scope ?? 'daml_ledger_api',
    mint,
    tokenFor: async (userId) => {
      const cached = cache.get(userId);
      const nowMs = Date.now();
      if (cached && cached.expiresAt - 30_000 > nowMs) return cached.token;
      const token = await mint({ userId });
      cache.set(userId, { token, expiresAt: nowMs + auth.tokenLifetimeSeconds * 1000 });
      return token;
    },
  };
}

/** A PEM given inline, or the path of a PEM file. */
function readPem(value: string): string {
  if (value.includes('-----BEGIN')) return value;
  if (existsSync(value)) return readFileSync(value, 'utf8');
  throw new AuthProviderError('auth.privateKey is neither PEM text nor the path of an existing PEM file');
}

function oauth2Provider(auth: Extract<AuthConfig, { kind: 'oauth2' }>, fixtures: Pick<Fixtures, 'users'>): TokenProvider {
  const cache = new Map<string, { token: string; expiresAt: number }>();
  const fetchToken = async (clientId: string, clientSecret: string): Promise<{ token: string; expiresAt: number }> => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    if (auth.audience) form.set('audience', auth.audience);
    if (auth.scope) form.set('scope', auth.scope);
    let response;
    try {
      response = await request(auth.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        headersTimeout: 15_000,
        bodyTimeout: 15_000,
      });
    } catch (error) {
      throw new AuthProviderError(`OAuth2 token request to ${auth.tokenUrl} failed: ${(error as Error).message} (check auth.tokenUrl)`);
    }
    const text = await response.body.text();
    if (response.statusCode !== 200) {
      throw new AuthProviderError(
        `OAuth2 token endpoint ${auth.tokenUrl} answered ${response.statusCode}: ${text.slice(0, 300)} (check the client id and secret)`,
      );
    }
    const body = JSON.parse(text) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new AuthProviderError(`OAuth2 token endpoint ${auth.tokenUrl} answered without access_token`);
    return { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 300) * 1000 };
  };
  return {
    kind: 'oauth2',
    canMint: false,
    mint: async () => {
      throw new AuthProviderError('OAuth2 tokens cannot be minted locally; auth tests that need crafted tokens are skipped');
    },
    tokenFor: async (userId) => {
      const user = fixtures.users.find((candidate) => candidate.id === userId);
      const clientId = user?.clientId ?? auth.clientId;
      const clientSecret = user?.clientSecret ?? auth.clientSecret;
      const cached = cache.get(clientId);
      if (cached && cached.expiresAt - 30_000 > Date.now()) return cached.token;
      const fresh = await fetchToken(clientId, clientSecret);
      cache.set(clientId, fresh);
      return fresh.token;
    },
  };
}

/**
 * The auth layer of the client: the header that carries a token, `Authorization: Bearer` or, for a websocket,
 * `Sec-WebSocket-Protocol` with the token first (Canton splits that header on ',' without trimming and looks for an
 * entry starting with `jwt.token.`).
 */
export function authorize(
  headers: Record<string, string>,
  token: string | undefined,
  tokenIn?: 'authorization' | 'websocket-protocol',
): void {
  if (token === undefined) return;
  if (tokenIn === 'websocket-protocol') headers['sec-websocket-protocol'] = `jwt.token.${token},daml.ws.auth`;
  else headers.authorization = `Bearer ${token}`;
}
