/**
 * The valid user ids the user-management suite creates and then addresses at `/v2/users/{id}`: each must reach
 * the node unchanged through URL parsing, which resolves the dot segments `.` and `..`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userIdString } from '../../generators/primitives/strings.js';
import { DOT_SEGMENT_USER_IDS, userIdCreation } from '../../generators/requests/users.js';
import { isUserId } from '../../specification/formats.js';
import { usersPath } from '../../suites/support/user-management.js';
import { SEED } from './support.js';

const BASE = 'http://127.0.0.1:7575';
/** The path the client sends for `path` (client/http.ts builds its URLs with `new URL`). */
const sentPath = (path: string): string => new URL(BASE + path).pathname;
const SAMPLES = 5000;

describe('user ids in a URL path', () => {
  it('the dot segments are valid user ids that URL parsing turns into another path', () => {
    for (const id of DOT_SEGMENT_USER_IDS) {
      expect(isUserId(id)).toBe(true);
      expect(sentPath(usersPath(id))).not.toBe(usersPath(id));
    }
    // Dots elsewhere are not segments of their own and pass unchanged.
    for (const id of ['...', '.a', 'a.', 'a..b']) expect(sentPath(usersPath(id))).toBe(usersPath(id));
  });

  it('userIdCreation leaves out the dot segments, which userIdString draws', () => {
    const drawn = fc.sample(userIdString(), { seed: SEED, numRuns: SAMPLES });
    expect(drawn.filter((id) => DOT_SEGMENT_USER_IDS.includes(id)).length).toBeGreaterThan(0);
    const created = fc.sample(userIdCreation(), { seed: SEED, numRuns: SAMPLES }).map((creation) => creation.id);
    expect(created.filter((id) => DOT_SEGMENT_USER_IDS.includes(id))).toEqual([]);
    for (const id of created) expect(sentPath(usersPath(id)), id).toBe(usersPath(id));
    // Still the Limits table's ids: both length boundaries, and dots.
    expect(created.every(isUserId)).toBe(true);
    expect(created.some((id) => id.length === 1)).toBe(true);
    expect(created.some((id) => id.length === 128)).toBe(true);
    expect(created.some((id) => id.includes('.'))).toBe(true);
  });
});
