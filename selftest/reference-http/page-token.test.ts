/** The admin list routes' page tokens: Canton's one-field protobuf payload, with a varint length. */
import { describe, expect, it } from 'vitest';
import { decodePageToken, encodePageToken } from '../../reference/participant/page-token.js';
import { LedgerApiError } from '../../reference/canton-errors.js';
import { call, userToken, withParticipant } from './support.js';

describe('page tokens', () => {
  it('writes field 1 as a length-delimited string, with a one-byte length below 128 bytes', () => {
    expect(Buffer.from(encodePageToken('alice'), 'base64url')).toEqual(Buffer.from([0x0a, 5, ...Buffer.from('alice')]));
  });

  it('writes a length of 128 bytes or more as a multi-byte varint and reads it back', () => {
    const long = `${'p'.repeat(185)}::1220${'ab'.repeat(32)}`;
    const bytes = Buffer.from(encodePageToken(long), 'base64url');
    expect([...bytes.subarray(0, 3)]).toEqual([0x0a, (long.length & 0x7f) | 0x80, long.length >> 7]);
    expect(decodePageToken(encodePageToken(long))).toBe(long);
    expect(decodePageToken('')).toBeUndefined();
  });

  it('refuses a token that is not such a payload', () => {
    const truncated = Buffer.from(encodePageToken('alice'), 'base64url').subarray(0, 4).toString('base64url');
    const wrongField = Buffer.from([0x12, 1, 0x41]).toString('base64url');
    const unterminated = Buffer.from([0x0a, 0x80]).toString('base64url');
    for (const token of [truncated, wrongField, unterminated, 'x']) {
      expect(() => decodePageToken(token), token).toThrow(LedgerApiError);
    }
  });

  it('GET /v2/parties pages through parties whose ids are longer than 127 bytes', async () => {
    await withParticipant({}, async (server) => {
      const token = await userToken('participant_admin');
      const hints = ['x'.repeat(150), 'y'.repeat(150)];
      for (const partyIdHint of hints) {
        const allocated = await call(server.url, '/v2/parties', { token, body: JSON.stringify({ partyIdHint }) });
        expect(allocated.status, allocated.text).toBe(200);
      }
      const seen: string[] = [];
      let pageToken = '';
      for (let page = 0; page < 100; page++) {
        const answer = await call(server.url, `/v2/parties?pageSize=1&pageToken=${encodeURIComponent(pageToken)}`, { token });
        expect(answer.status, answer.text).toBe(200);
        const body = answer.json();
        seen.push(...body.partyDetails.map((details: { party: string }) => details.party));
        pageToken = body.nextPageToken;
        if (pageToken === '') break;
      }
      expect(pageToken).toBe('');
      for (const hint of hints) expect(seen.filter((party) => party.startsWith(`${hint}::`))).toHaveLength(1);
      expect(new Set(seen).size).toBe(seen.length);
    });
  });
});
