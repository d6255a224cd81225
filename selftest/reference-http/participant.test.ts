/** GET /readyz and GET /v2/traffic/accounts/{account-id}, with their faults. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParticipantServer } from '../../reference/participant/participant.js';
import { call, referenceTarget, startTestParticipant, userToken, withParticipant } from './support.js';

describe('GET /readyz', () => {
  it('answers 200 text/plain when ready and 503 when not, without a token', async () => {
    await withParticipant({}, async (server) => {
      const ready = await call(server.url, '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.contentType).toMatch(/^text\/plain/);
      expect(ready.text).toBe('[+] ledger ok (SERVING)\nreadyz check passed\n');
      server.setReady(false);
      const notReady = await call(server.url, '/readyz');
      expect(notReady.status).toBe(503);
      expect(notReady.text).toBe('[-] ledger failed (NOT_SERVING)\nreadyz check failed\n');
      server.setReady(true);
      expect((await call(server.url, '/readyz')).status).toBe(200);
    });
  });

  it('readyz-json answers JSON', async () => {
    await withParticipant({ faults: ['readyz-json'] }, async (server) => {
      const answer = await call(server.url, '/readyz');
      expect(answer.contentType).toBe('application/json');
      expect(answer.json()).toEqual({ status: 'ok' });
    });
  });
});

describe('GET /v2/traffic/accounts/{account-id}', () => {
  let server: ParticipantServer;
  beforeAll(async () => {
    server = await startTestParticipant();
  });
  afterAll(async () => server.close());

  it('answers the balance to a caller with act-as or execute-as rights for the party', async () => {
    const answer = await call(server.url, '/v2/traffic/accounts/alice-traffic', { token: await userToken('alice-user') });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ accountId: 'alice-traffic', balance: 250000 });
  });

  it('answers 403 to a caller without those rights (read-as and admin are not enough)', async () => {
    for (const userId of ['bob-user', 'observer-user', 'participant_admin']) {
      const answer = await call(server.url, '/v2/traffic/accounts/alice-traffic', { token: await userToken(userId) });
      expect(answer.status, userId).toBe(403);
      expect(answer.json().code).toBe('NA');
    }
  });

  it('answers 401 without a token', async () => {
    expect((await call(server.url, '/v2/traffic/accounts/alice-traffic')).status).toBe(401);
  });

  it('answers 404 with a code for an unknown account', async () => {
    const answer = await call(server.url, '/v2/traffic/accounts/nobody-traffic', { token: await userToken('alice-user') });
    expect(answer.status).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'TRAFFIC_ACCOUNT_NOT_FOUND', errorCategory: 11 });
  });

  it('answers 400 "Invalid value" for a malformed account id, before auth', async () => {
    for (const bad of ['', 'bad%21id', 'x'.repeat(256), '%C3%A9']) {
      const answer = await call(server.url, `/v2/traffic/accounts/${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.text, bad).toBe('Invalid value');
    }
  });

  it('is an unknown route when traffic accounts are disabled', async () => {
    const target = await referenceTarget();
    await withParticipant({ target: { ...target, features: { ...target.features, trafficAccounts: false } } }, async (off) => {
      const answer = await call(off.url, '/v2/traffic/accounts/alice-traffic', { token: await userToken('alice-user') });
      expect(answer.status).toBe(404);
      expect(answer.json()).toMatchObject({ status: 404, ledgerApiError: null });
    });
  });

  it('traffic-rights-not-checked lets any user read the account', async () => {
    await withParticipant({ faults: ['traffic-rights-not-checked'] }, async (faulty) => {
      const answer = await call(faulty.url, '/v2/traffic/accounts/alice-traffic', { token: await userToken('bob-user') });
      expect(answer.status).toBe(200);
    });
  });
});
