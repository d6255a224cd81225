/** startReference: both servers up on loopback, the ledger's routes next to the participant's, faults shared. */
import { describe, expect, it } from 'vitest';
import { startReference } from '../../reference/index.js';
import { call, referenceTarget, userToken } from './support.js';

describe('startReference', () => {
  it('serves the participant (own and ledger routes) and scan, and closes both', async () => {
    const reference = await startReference({ target: await referenceTarget(), faults: ['readyz-json'] });
    try {
      expect(reference.participantUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(reference.scanUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/scan$/);
      expect(reference.faults.has('readyz-json')).toBe(true);
      expect((await call(reference.participantUrl, '/readyz')).json()).toEqual({ status: 'ok' });
      const user = await call(reference.participantUrl, '/v2/authenticated-user', { token: await userToken('alice-user') });
      expect(user.json().user.id).toBe('alice-user');
      // The ledger's route is there: a malformed body is a decode failure, not an unknown route.
      const submit = await call(reference.participantUrl, '/v2/commands/submit-and-wait', { body: 'x' });
      expect(submit.status).toBe(400);
      expect(submit.text).toMatch(/^Invalid value for: body/);
      const scanAnswer = await call(reference.scanUrl, '/v0/nope');
      expect(scanAnswer.status).toBe(404);
    } finally {
      await reference.close();
    }
    await expect(call(reference.participantUrl, '/readyz')).rejects.toThrow();
  });
});
