/**
 * The users model (checks/user-model.ts) on hand-made exchanges: a read after a write that ran alone is held to that
 * write's answer; after writes that raced (their answers back in another order than they were applied, as through a slow
 * link) the record is unknown and the read is not judged; a definite refusal is no write.
 */
import { describe, expect, it } from 'vitest';
import type { ObservedExchange } from '../../checks/response-checks.js';
import { UserModel } from '../../checks/user-model.js';
import { answer, JSON_TYPE, failure, recorded } from './support.js';

const ID = 'model-user';
const user = (annotations: Record<string, string>, resourceVersion: string) => ({
  id: ID,
  primaryParty: '',
  isDeactivated: false,
  metadata: { resourceVersion, annotations },
  identityProviderId: '',
});

function exchange(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body: unknown,
  times: [number, number],
  status = 200,
  request?: unknown,
): ObservedExchange {
  return {
    api: 'participant',
    method,
    path,
    response: answer({
      status,
      contentType: JSON_TYPE,
      text: JSON.stringify(body),
      method: method === 'PATCH' ? 'POST' : method,
      path,
      ...(request === undefined ? {} : { requestBody: JSON.stringify(request) }),
    }),
    sentAt: times[0],
    answeredAt: times[1],
  };
}

const create = exchange('POST', '/v2/users', { user: user({}, '1') }, [0, 1], 200, { user: { id: ID }, rights: [] });
const update = (annotations: Record<string, string>, version: string, times: [number, number], status = 200) =>
  exchange(
    'PATCH',
    `/v2/users/${ID}`,
    status === 200 ? { user: user(annotations, version) } : { code: 'CONCURRENT_USER_UPDATE_DETECTED' },
    times,
    status,
  );
const get = (annotations: Record<string, string>, version: string, times: [number, number]) =>
  exchange('GET', `/v2/users/${ID}`, { user: user(annotations, version) }, times);

function run(exchanges: readonly ObservedExchange[]): boolean[] {
  const model = new UserModel();
  return exchanges.map((each) => model.apply(each));
}

describe('the users model', () => {
  it('holds a read after a write that ran alone to what the write answered', async () => {
    const events = await recorded(() => run([create, update({ a: 'x' }, '2', [2, 3]), get({ a: 'x' }, '2', [4, 5])]));
    expect(events).toContain('stateful_consistency canton.model.users-read-last-write passed');
    const thrown = await failure(() => run([create, update({ a: 'x' }, '2', [2, 3]), get({}, '2', [4, 5])]));
    expect(thrown.clauseId).toBe('canton.model.users-read-last-write');
    expect(thrown.message).toContain('$.user.metadata.annotations');
  });

  it('holds authenticated-user of a user the run created to the last write, and refuses a deactivated one', async () => {
    const self = (body: unknown, times: [number, number]) => exchange('GET', '/v2/authenticated-user', body, times);
    const updated = update({ a: 'x' }, '2', [2, 3]);
    expect(await recorded(() => run([create, updated, self({ user: user({ a: 'x' }, '2') }, [4, 5])]))).toContain(
      'stateful_consistency canton.model.users-authenticated-user passed',
    );
    const stale = await failure(() => run([create, updated, self({ user: user({}, '1') }, [4, 5])]));
    expect(stale.clauseId).toBe('canton.model.users-authenticated-user');
    expect(stale.message).toContain('$.user.metadata.annotations');
    const deactivated = exchange('PATCH', `/v2/users/${ID}`, { user: { ...user({}, '2'), isDeactivated: true } }, [2, 3]);
    const served = await failure(() => run([create, deactivated, self({ user: { ...user({}, '2'), isDeactivated: true } }, [4, 5])]));
    expect(served.clauseId).toBe('canton.model.users-authenticated-user');
    expect(served.message).toContain('a refusal');
    // Another user's record (not one the run created) is not judged.
    expect(run([create, self({ user: { ...user({}, '9'), id: 'someone-else' } }, [4, 5])]).at(-1)).toBe(false);
  });

  it('does not judge a read after racing writes whose answers came back out of the order they were applied in', async () => {
    // b was applied last (the node shows both keys) but its answer arrived first; a's answer, showing only a, arrived last.
    const raced = [create, update({ b: 'x' }, '3', [2, 6]), update({ a: 'x', b: 'x' }, '2', [2, 8]), get({ a: 'x', b: 'x' }, '3', [9, 10])];
    expect(await recorded(() => run(raced))).toEqual([]);
    expect(run(raced).at(-1)).toBe(false);
    // The next write that runs alone makes the record known again.
    const after = [...raced, update({ a: 'x', b: 'x', c: 'y' }, '4', [11, 12]), get({ a: 'x', b: 'x' }, '4', [13, 14])];
    expect((await failure(() => run(after))).clauseId).toBe('canton.model.users-read-last-write');
  });

  it('counts a definite refusal as no write: the record before it still holds', async () => {
    const refused = [create, update({ a: 'x' }, '2', [2, 3]), update({}, '', [3.5, 9], 409), get({ a: 'x' }, '2', [4, 5])];
    expect(await recorded(() => run(refused))).toContain('stateful_consistency canton.model.users-read-last-write passed');
  });
});

describe('the users model after a write whose outcome is unknown', () => {
  it('does not judge a read after a write answered by a timeout or a 5xx (it may have landed), until a write runs alone again', async () => {
    const lost = [create, update({}, '', [2, 3], 503), get({ a: 'x' }, '2', [4, 5])];
    expect(await recorded(() => run(lost))).toEqual([]);
    const after = [...lost, update({ b: 'y' }, '3', [6, 7]), get({ b: 'y' }, '3', [8, 9])];
    expect(await recorded(() => run(after))).toContain('stateful_consistency canton.model.users-read-last-write passed');
  });
});

describe("the users model over a test's exchanges (applyAll)", () => {
  const runAll = (exchanges: readonly ObservedExchange[]) => new UserModel().applyAll(exchanges);

  it('does not judge a read that a write answered after it was racing (sent before the read was answered)', async () => {
    // Another case's update was sent at 6, applied before the list was answered at 8, and answered at 9.
    const listed = exchange('GET', '/v2/users', { users: [user({ a: 'x' }, '2')] }, [5, 8]);
    const racing = [create, listed, update({ a: 'x' }, '2', [6, 9])];
    expect(await recorded(() => runAll(racing))).toEqual([]);
    expect(runAll(racing)).toBe(false);
  });

  it('judges a read by the write before it, not by a later one', async () => {
    const sequence = [create, update({ a: 'x' }, '2', [2, 3]), get({ a: 'x' }, '2', [4, 5]), update({ b: 'y' }, '3', [6, 7])];
    expect(await recorded(() => runAll(sequence))).toContain('stateful_consistency canton.model.users-read-last-write passed');
    const stale = [create, update({ a: 'x' }, '2', [2, 3]), get({ b: 'y' }, '3', [4, 5]), update({ b: 'y' }, '3', [6, 7])];
    expect((await failure(() => runAll(stale))).clauseId).toBe('canton.model.users-read-last-write');
  });
});

describe('the users model predicts the answer of an update and the union of a paging', () => {
  const masked = (paths: string[], sent: Record<string, unknown>, answered: Record<string, string>, times: [number, number]) =>
    exchange('PATCH', `/v2/users/${ID}`, { user: user(answered, '2') }, times, 200, {
      user: { id: ID, metadata: { annotations: sent } },
      updateMask: { paths },
    });

  it('holds an update to the record before it with the fields its mask names from the request, annotations merged', async () => {
    const withNote = exchange('POST', '/v2/users', { user: user({ note: 'a' }, '1') }, [0, 1], 200, { user: { id: ID }, rights: [] });
    const merged = [withNote, masked(['metadata.annotations'], { other: 'b', note: '' }, { other: 'b' }, [2, 3])];
    expect(await recorded(() => run(merged))).toContain('stateful_consistency canton.model.users-update-mask passed');
    // The mask names the primary party only: annotations the request carries must not change the record.
    const ignored = [withNote, masked(['primary_party'], { note: 'x' }, { note: 'x' }, [2, 3])];
    const thrown = await failure(() => run(ignored));
    expect(thrown.clauseId).toBe('canton.model.users-update-mask');
    expect(thrown.message).toContain('$.user.metadata.annotations');
  });

  it('holds an update to a resource version other than the one before, whatever its mask names', async () => {
    // Canton's updateUser moves the version first (PersistentUserManagementStore), also for a mask without annotations.
    const moved = [create, masked(['primary_party', 'is_deactivated'], {}, {}, [2, 3])];
    expect(await recorded(() => run(moved))).toContain('stateful_consistency canton.model.users-update-mask passed');
    const kept = exchange('PATCH', `/v2/users/${ID}`, { user: user({}, '1') }, [2, 3], 200, {
      user: { id: ID, primaryParty: '' },
      updateMask: { paths: ['primary_party'] },
    });
    const thrown = await failure(() => run([create, kept]));
    expect(thrown.clauseId).toBe('canton.model.users-update-mask');
    expect(thrown.message).toContain('$.user.metadata.resourceVersion');
  });

  it('does not predict an update racing another write to the user', async () => {
    const racing = [create, update({ a: 'x' }, '2', [2, 6]), masked(['primary_party'], { note: 'x' }, { note: 'x' }, [3, 7])];
    expect(await recorded(() => run(racing))).not.toContain('stateful_consistency canton.model.users-update-mask failed');
  });

  const page = (token: string, ids: string[], next: string, times: [number, number]) => {
    const listed = exchange('GET', '/v2/users', { users: ids.map((id) => ({ ...user({}, '1'), id })), nextPageToken: next }, times);
    listed.response.request.url = `http://node/v2/users?pageSize=2&pageToken=${token}`;
    return listed;
  };

  it('holds a paging from its first page to its last to list every user that existed throughout, on any page', async () => {
    const listed = [create, page('', ['a', 'b'], 't1', [2, 3]), page('t1', [ID, 'c'], 't2', [4, 5]), page('t2', ['d'], '', [6, 7])];
    expect(await recorded(() => run(listed))).toContain('stateful_consistency canton.model.users-paging passed');
    const skipped = [create, page('', ['a', 'b'], 't1', [2, 3]), page('t1', ['c'], '', [4, 5])];
    const thrown = await failure(() => run(skipped));
    expect(thrown.clauseId).toBe('canton.model.users-paging');
    expect(thrown.message).toContain(ID);
    // A user created while the paging was under way may or may not be on it.
    const lateCreate = exchange('POST', '/v2/users', { user: user({}, '1') }, [3, 3.5], 200, { user: { id: ID }, rights: [] });
    expect(await recorded(() => run([page('', ['a'], 't1', [2, 3]), lateCreate, page('t1', ['c'], '', [4, 5])]))).not.toContain(
      'stateful_consistency canton.model.users-paging failed',
    );
  });
});
