/** Token resolution and GET /v2/authenticated-user, with the auth faults. */
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtVerifier } from '../../reference/auth/jwt.js';
import { Faults } from '../../reference/faults.js';
import type { ParticipantServer } from '../../reference/participant/participant.js';
import { call, isRedacted, referenceTarget, startTestParticipant, userToken, withParticipant } from './support.js';

const ALICE = 'Alice::1220818c4b7db5a055feb8ee6ac1ad0ab13487c18166a047ff3aa23f1ef3559acb59';

describe('GET /v2/authenticated-user', () => {
  let server: ParticipantServer;
  beforeAll(async () => {
    server = await startTestParticipant();
  });
  afterAll(async () => server.close());

  it("returns the caller's own user record", async () => {
    const answer = await call(server.url, '/v2/authenticated-user', { token: await userToken('alice-user') });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/json');
    const { user } = answer.json();
    expect(user).toMatchObject({
      id: 'alice-user',
      primaryParty: ALICE,
      isDeactivated: false,
      identityProviderId: '',
      primaryPartyAuthentication: false,
      metadata: { annotations: { team: 'conformance', 'conformance.example.com/owner': 'alice' } },
    });
    expect(user.metadata.resourceVersion).toMatch(/.+/);
    const admin = (await call(server.url, '/v2/authenticated-user', { token: await userToken('participant_admin') })).json();
    expect(admin.user).toMatchObject({ id: 'participant_admin', primaryParty: '' });
  });

  it('accepts the token first in Sec-WebSocket-Protocol (FF2) and a lower-case bearer scheme', async () => {
    const token = await userToken('bob-user');
    const viaProtocol = await call(server.url, '/v2/authenticated-user', {
      headers: { 'sec-websocket-protocol': `jwt.token.${token},daml.ws.auth` },
    });
    expect(viaProtocol.status).toBe(200);
    expect(viaProtocol.json().user.id).toBe('bob-user');
    // Canton splits on ',' without trimming: a token in second place after ', ' is never found (FF2).
    const second = await call(server.url, '/v2/authenticated-user', {
      headers: { 'sec-websocket-protocol': `daml.ws.auth, jwt.token.${token}` },
    });
    expect(second.status).toBe(401);
    const lowerCase = await call(server.url, '/v2/authenticated-user', { headers: { authorization: `bearer ${token}` } });
    expect(lowerCase.json().user.id).toBe('bob-user');
  });

  it('answers 401 (redacted) without a token, with another scheme, and for bad tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: Record<string, Record<string, string>> = {
      'no token': {},
      'basic scheme': { authorization: 'Basic YWxpY2U6c2VjcmV0' },
      garbage: { authorization: 'Bearer not.a.jwt' },
      expired: { authorization: `Bearer ${await userToken('alice-user', { expiresInSeconds: -3600 })}` },
      'wrong signature': { authorization: `Bearer ${await userToken('alice-user', { secret: 'another-secret' })}` },
      'wrong audience': { authorization: `Bearer ${await userToken('alice-user', { audience: 'https://example.com' })}` },
      'no audience': { authorization: `Bearer ${await userToken('alice-user', { audience: undefined })}` },
      'no sub': {
        authorization: `Bearer ${await new SignJWT({ aud: 'https://daml.com/jwt/aud/participant/participant1' })
          .setProtectedHeader({ alg: 'HS256' })
          .setExpirationTime(now + 60)
          .sign(new TextEncoder().encode('not-safe-for-production'))}`,
      },
    };
    for (const [name, headers] of Object.entries(cases)) {
      const answer = await call(server.url, '/v2/authenticated-user', { headers });
      expect(answer.status, name).toBe(401);
      expect(isRedacted(answer, 16), name).toBe(true);
    }
  });

  it('answers 400 text for an empty bearer token', async () => {
    const answer = await call(server.url, '/v2/authenticated-user', { headers: { authorization: 'Bearer ' } });
    expect(answer.status).toBe(400);
    expect(answer.text).toBe('Invalid value for: header Authorization');
  });

  it('answers 403 with ledger_api_error "invalid token" for unknown and deactivated users, before the body', async () => {
    for (const userId of ['nobody', 'retired-user']) {
      const answer = await call(server.url, '/v2/authenticated-user', { token: await userToken(userId) });
      expect(answer.status, userId).toBe(403);
      expect(isRedacted(answer, 7), userId).toBe(true);
      expect(answer.json().context).toEqual({ ledger_api_error: 'invalid token' });
    }
    // Even a malformed body is not looked at: the token is rejected first.
    const upload = await call(server.url, '/v2/dars?vetAllPackages=true', { token: await userToken('nobody'), body: 'junk' });
    expect(upload.status).toBe(403);
  });

  it('validates identity-provider-id as Canton 3.5 (FF1): 400 JSON INVALID_TOKEN naming identity_provider_id', async () => {
    const token = await userToken('alice-user');
    for (const bad of ['bad!idp', 'x'.repeat(256), 'with space']) {
      const answer = await call(server.url, `/v2/authenticated-user?identity-provider-id=${encodeURIComponent(bad)}`, { token });
      expect(answer.status, bad).toBe(400);
      expect(answer.contentType, bad).toMatch(/^application\/json/);
      expect(answer.json().code, bad).toBe('INVALID_TOKEN');
      expect(answer.json().cause, bad).toMatch(/^The submitted token has a field with invalid value: Invalid field identity_provider_id: /);
    }
    expect((await call(server.url, '/v2/authenticated-user?identity-provider-id=', { token })).status).toBe(200);
    const otherIdp = await call(server.url, '/v2/authenticated-user?identity-provider-id=other-idp', { token });
    expect(otherIdp.status).toBe(404);
    expect(otherIdp.json().code).toBe('USER_NOT_FOUND');
  });
});

describe('auth configurations', () => {
  it('with authorization disabled, serves without token and answers authenticated-user INVALID_TOKEN', async () => {
    const target = await referenceTarget();
    await withParticipant({ target: { ...target, auth: { kind: 'none' } } }, async (server) => {
      const answer = await call(server.url, '/v2/authenticated-user');
      expect(answer.status).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'INVALID_TOKEN', errorCategory: 8 });
      expect(answer.json().cause).toContain('missing a user-id');
      expect((await call(server.url, '/v2/traffic/accounts/alice-traffic')).status).toBe(200);
    });
  });

  it('verifies ES256 and RS256 tokens with the public half of the configured key', async () => {
    const target = await referenceTarget();
    for (const [kind, type, options] of [
      ['es256', 'ec', { namedCurve: 'P-256' }],
      ['rs256', 'rsa', { modulusLength: 2048 }],
    ] as const) {
      const { privateKey } = generateKeyPairSync(type as 'ec', options as { namedCurve: string });
      const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const auth = { kind, privateKey: pem, audience: 'aud-x', tokenLifetimeSeconds: 60 } as const;
      await withParticipant({ target: { ...target, auth } }, async (server) => {
        const good = await new SignJWT({ aud: 'aud-x' })
          .setProtectedHeader({ alg: kind.toUpperCase() })
          .setSubject('alice-user')
          .setExpirationTime('1h')
          .sign(privateKey);
        expect((await call(server.url, '/v2/authenticated-user', { token: good })).status, kind).toBe(200);
        const hs = await userToken('alice-user', { audience: 'aud-x' });
        expect((await call(server.url, '/v2/authenticated-user', { token: hs })).status, kind).toBe(401);
      });
    }
  });

  it('without a configured audience or scope, accepts the participant audience or the daml_ledger_api scope', async () => {
    const verifier = createJwtVerifier(
      { kind: 'hs256', secret: 'not-safe-for-production', tokenLifetimeSeconds: 60 },
      'PAR::participant1::1220818c4b7db5a055feb8ee6ac1ad0ab13487c18166a047ff3aa23f1ef3559acb59',
      new Faults(),
    );
    const check = async (options: Parameters<typeof userToken>[1]) => verifier.verify(await userToken('u', options));
    expect(await check({})).toEqual({ valid: true, userId: 'u' });
    expect(
      await check({
        audience: 'https://daml.com/jwt/aud/participant/participant1::1220818c4b7db5a055feb8ee6ac1ad0ab13487c18166a047ff3aa23f1ef3559acb59',
      }),
    ).toEqual({ valid: true, userId: 'u' });
    expect(await check({ audience: undefined, scope: 'openid daml_ledger_api' })).toEqual({ valid: true, userId: 'u' });
    expect((await check({ audience: 'https://daml.com/jwt/aud/participant/participant2' })).valid).toBe(false);
    expect((await check({ audience: undefined, scope: 'openid' })).valid).toBe(false);
  });

  it('with a configured scope, requires it', async () => {
    const verifier = createJwtVerifier(
      { kind: 'hs256', secret: 'not-safe-for-production', scope: 'ledger:write', tokenLifetimeSeconds: 60 },
      'PAR::participant1::1220',
      new Faults(),
    );
    expect((await verifier.verify(await userToken('u', { scope: 'a ledger:write' }))).valid).toBe(true);
    expect((await verifier.verify(await userToken('u', { scope: 'daml_ledger_api' }))).valid).toBe(false);
  });
});

describe('auth faults', () => {
  it('auth-missing-token-accepted serves a request without token as the admin', async () => {
    await withParticipant({ faults: ['auth-missing-token-accepted'] }, async (server) => {
      const answer = await call(server.url, '/v2/authenticated-user');
      expect(answer.status).toBe(200);
      expect(answer.json().user.id).toBe('participant_admin');
    });
  });

  it('auth-expired-token-accepted ignores exp', async () => {
    await withParticipant({ faults: ['auth-expired-token-accepted'] }, async (server) => {
      const token = await userToken('alice-user', { expiresInSeconds: -3600 });
      expect((await call(server.url, '/v2/authenticated-user', { token })).status).toBe(200);
    });
  });

  it('auth-signature-not-verified accepts a token signed with another key', async () => {
    await withParticipant({ faults: ['auth-signature-not-verified'] }, async (server) => {
      const token = await userToken('alice-user', { secret: 'another-secret' });
      expect((await call(server.url, '/v2/authenticated-user', { token })).status).toBe(200);
    });
  });

  it('auth-deactivated-user-allowed serves a deactivated user', async () => {
    await withParticipant({ faults: ['auth-deactivated-user-allowed'] }, async (server) => {
      const answer = await call(server.url, '/v2/authenticated-user', { token: await userToken('retired-user') });
      expect(answer.status).toBe(200);
      expect(answer.json().user.isDeactivated).toBe(true);
    });
  });

  it('auth-websocket-protocol-rejected ignores the Sec-WebSocket-Protocol token', async () => {
    await withParticipant({ faults: ['auth-websocket-protocol-rejected'] }, async (server) => {
      const token = await userToken('alice-user');
      const answer = await call(server.url, '/v2/authenticated-user', {
        headers: { 'sec-websocket-protocol': `daml.ws.auth, jwt.token.${token}` },
      });
      expect(answer.status).toBe(401);
    });
  });

  it('authenticated-user-wrong-record returns the first user instead of the caller', async () => {
    await withParticipant({ faults: ['authenticated-user-wrong-record'] }, async (server) => {
      const answer = await call(server.url, '/v2/authenticated-user', { token: await userToken('bob-user') });
      expect(answer.json().user.id).toBe('alice-user');
    });
  });
});
