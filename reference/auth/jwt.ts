/**
 * Ledger API JWT verification for the reference target (Canton's AuthServiceJWT rules, facts §5).
 *
 * A token is accepted when its signature verifies with the configured key, `exp` (if present) is not past,
 * and its audience/scope matches: with an audience configured `aud` must contain it; with a scope
 * configured `scope`/`scp` must contain it; with neither, `aud` must name this participant
 * (`https://daml.com/jwt/aud/participant/<id>`) or the scope must contain `daml_ledger_api`.
 *
 * Results are cached per token string (bounded), because the same token arrives on every request of a
 * load run and an HMAC/ECDSA check per request would dominate the reference's cost.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import type { AuthConfig } from '../../config/types.js';
import type { Faults } from '../faults.js';

export type TokenCheck = { valid: true; userId: string } | { valid: false; reason: string };

export interface TokenVerifier {
  /** The check of `token`; synchronous when the answer is known without new cryptography (a cached token). */
  verify(token: string): TokenCheck | Promise<TokenCheck>;
}

const CLOCK_LEEWAY_SECONDS = 5;
const CACHE_LIMIT = 10_000;
const PARTICIPANT_AUDIENCE_PREFIX = 'https://daml.com/jwt/aud/participant/';
const LEDGER_API_SCOPE = 'daml_ledger_api';

interface AudienceRule {
  audience?: string;
  scope?: string;
  /** Audiences accepted when neither audience nor scope is configured. */
  participantAudiences: string[];
}

type VerificationKey = Uint8Array | KeyObject;

function verificationKeyOf(auth: AuthConfig): { key: VerificationKey; algorithm: string } {
  switch (auth.kind) {
    case 'hs256':
      return { key: new TextEncoder().encode(auth.secret), algorithm: 'HS256' };
    case 'rs256':
    case 'es256':
      return { key: publicKeyFromPrivate(auth.privateKey, auth.kind), algorithm: auth.kind.toUpperCase() };
    default:
      throw new Error(`JWT verification needs auth kind hs256, rs256 or es256, not '${auth.kind}'`);
  }
}

/** The public half of the configured signing key (PEM, or a JWK as JSON text). */
function publicKeyFromPrivate(privateKey: string, kind: string): KeyObject {
  const text = privateKey.trim();
  try {
    const key = text.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(text) as import('node:crypto').JsonWebKey, format: 'jwk' })
      : createPrivateKey(text);
    return createPublicKey(key);
  } catch (error) {
    throw new Error(
      `auth.privateKey of the reference target is not a usable ${kind} private key (PEM or JWK expected): ` +
        (error instanceof Error ? error.message : String(error)),
      { cause: error },
    );
  }
}

/** Participant audiences Canton would accept: the participant uid, its `PAR::` form and its short name. */
export function participantAudiences(participantId: string): string[] {
  const uid = participantId.startsWith('PAR::') ? participantId.slice('PAR::'.length) : participantId;
  const shortName = uid.split('::')[0] ?? uid;
  return [...new Set([uid, participantId, shortName])].map((id) => PARTICIPANT_AUDIENCE_PREFIX + id);
}

function audiencesOf(payload: JWTPayload): string[] {
  if (typeof payload.aud === 'string') return [payload.aud];
  return Array.isArray(payload.aud) ? payload.aud : [];
}

function scopesOf(payload: JWTPayload): string[] {
  const scope = payload.scope ?? payload.scp;
  if (typeof scope === 'string') return scope.split(' ').filter((s) => s !== '');
  return Array.isArray(scope) ? scope.filter((s): s is string => typeof s === 'string') : [];
}

function checkClaims(payload: JWTPayload, rule: AudienceRule): TokenCheck {
  const audiences = audiencesOf(payload);
  const scopes = scopesOf(payload);
  if (rule.audience !== undefined && !audiences.includes(rule.audience)) {
    return { valid: false, reason: `the token's audience does not contain ${rule.audience}` };
  }
  if (rule.scope !== undefined && !scopes.includes(rule.scope)) {
    return { valid: false, reason: `the token's scope does not contain ${rule.scope}` };
  }
  if (
    rule.audience === undefined &&
    rule.scope === undefined &&
    !audiences.some((a) => rule.participantAudiences.includes(a)) &&
    !scopes.includes(LEDGER_API_SCOPE)
  ) {
    return { valid: false, reason: 'the token names neither this participant as audience nor the daml_ledger_api scope' };
  }
  if (typeof payload.sub !== 'string' || payload.sub === '') {
    return { valid: false, reason: 'the token has no sub (user id) claim' };
  }
  return { valid: true, userId: payload.sub };
}

interface CachedCheck {
  check: TokenCheck;
  /** Epoch ms after which the cached result must not be used (the token's exp), or Infinity. */
  validUntil: number;
}

/** A verifier for the reference's own `auth` config (kinds hs256, rs256, es256). */
export function createJwtVerifier(auth: AuthConfig, participantId: string, faults: Faults): TokenVerifier {
  const { key, algorithm } = verificationKeyOf(auth);
  const rule: AudienceRule = {
    audience: 'audience' in auth ? auth.audience : undefined,
    scope: 'scope' in auth ? auth.scope : undefined,
    participantAudiences: participantAudiences(participantId),
  };
  const ignoreExpiry = faults.has('auth-expired-token-accepted');
  const skipSignature = faults.has('auth-signature-not-verified');
  // jose checks exp itself; a tolerance of a century switches that check off for the fault.
  const clockTolerance = ignoreExpiry ? 100 * 365 * 24 * 3600 : CLOCK_LEEWAY_SECONDS;
  const cache = new Map<string, CachedCheck>();

  async function verifyUncached(token: string): Promise<CachedCheck> {
    let payload: JWTPayload;
    try {
      payload = skipSignature ? decodeJwt(token) : (await jwtVerify(token, key, { algorithms: [algorithm], clockTolerance })).payload;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { check: { valid: false, reason }, validUntil: Infinity };
    }
    const expiresAt = typeof payload.exp === 'number' ? (payload.exp + CLOCK_LEEWAY_SECONDS) * 1000 : Infinity;
    if (!ignoreExpiry && expiresAt <= Date.now()) {
      return { check: { valid: false, reason: 'the token has expired' }, validUntil: Infinity };
    }
    const unscoped = payload.aud === undefined && payload.scope === undefined && payload.scp === undefined;
    if (unscoped && faults.has('audience-and-scope-not-required') && typeof payload.sub === 'string' && payload.sub !== '') {
      return { check: { valid: true, userId: payload.sub }, validUntil: expiresAt };
    }
    return { check: checkClaims(payload, rule), validUntil: ignoreExpiry ? Infinity : expiresAt };
  }

  async function verifyAndCache(token: string): Promise<TokenCheck> {
    const result = await verifyUncached(token);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(token, result);
    return result.check;
  }

  return {
    verify(token: string): TokenCheck | Promise<TokenCheck> {
      const cached = cache.get(token);
      if (cached === undefined) return verifyAndCache(token);
      if (cached.validUntil > Date.now()) return cached.check;
      cache.delete(token);
      return { valid: false, reason: 'the token has expired' };
    },
  };
}
