/**
 * The routes official clients call first: version (no token needed), livez, connected synchronizers,
 * ledger end, package list and the OpenAPI document, with Canton's authorization of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceHandle } from '../../reference/index.js';
import { call, referenceTarget, userToken } from './support.js';

let reference: ReferenceHandle;
let url: string;

beforeAll(async () => {
  reference = await startReference({ target: await referenceTarget() });
  url = reference.participantUrl;
});
afterAll(() => reference.close());

describe('node information routes', () => {
  it('GET /v2/version answers the 3.5 shape with every feature, with or without a token', async () => {
    for (const token of [undefined, await userToken('alice-user'), 'not-a-jwt']) {
      const answer = await call(url, '/v2/version', { token });
      expect(answer.status).toBe(200);
      const body = answer.json();
      expect(body.version).toMatch(/^3\.5\./);
      expect(Object.keys(body.features).sort()).toEqual([
        'experimental',
        'offsetCheckpoint',
        'packageFeature',
        'partyManagement',
        'userManagement',
      ]);
      expect(body.features.userManagement).toEqual({ supported: true, maxRightsPerUser: 1000, maxUsersPageSize: 1000 });
      expect(body.features.offsetCheckpoint.maxOffsetCheckpointEmissionDelay).toMatchObject({ seconds: 75, nanos: 0 });
    }
    // A valid token of an unknown user is refused before any route runs, as Canton's claim resolver does.
    expect((await call(url, '/v2/version', { token: await userToken('nobody') })).status).toBe(403);
  });

  it('GET /livez answers 200 with no body to anyone', async () => {
    const answer = await call(url, '/livez');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
  });

  it('GET /v2/state/ledger-end needs a token and answers the offset of the last update', async () => {
    expect((await call(url, '/v2/state/ledger-end')).status).toBe(401);
    const answer = await call(url, '/v2/state/ledger-end', { token: await userToken('bob-user') });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ offset: 6 });
  });

  it('GET /v2/packages lists the model package and every uploaded one', async () => {
    expect((await call(url, '/v2/packages')).status).toBe(401);
    const answer = await call(url, '/v2/packages', { token: await userToken('bob-user') });
    expect(answer.status).toBe(200);
    expect(answer.json().packageIds).toContain((await referenceTarget()).fixtures.package.id);
  });

  it('GET /v2/state/connected-synchronizers: all synchronizers, or those hosting a party with its permission', async () => {
    const target = await referenceTarget();
    const synchronizerId = target.fixtures.synchronizerId;
    const party = (alias: string) => target.fixtures.parties.find((candidate) => candidate.alias === alias)!.id;
    expect((await call(url, '/v2/state/connected-synchronizers')).status).toBe(401);
    const alice = await userToken('alice-user');
    const all = await call(url, '/v2/state/connected-synchronizers', { token: alice });
    expect(all.json()).toEqual({
      connectedSynchronizers: [
        { synchronizerAlias: 'global-synchronizer', synchronizerId, permission: 'PARTICIPANT_PERMISSION_UNSPECIFIED' },
      ],
    });
    const own = await call(url, `/v2/state/connected-synchronizers?party=${encodeURIComponent(party('alice'))}`, { token: alice });
    expect(own.json().connectedSynchronizers).toEqual([
      { synchronizerAlias: 'global-synchronizer', synchronizerId, permission: 'PARTICIPANT_PERMISSION_SUBMISSION' },
    ]);
    // Naming a party needs rights over it (or admin rights).
    const foreign = await call(url, `/v2/state/connected-synchronizers?party=${encodeURIComponent(party('bob'))}`, { token: alice });
    expect(foreign.status).toBe(403);
    const admin = await userToken('participant_admin');
    const external = await call(url, `/v2/state/connected-synchronizers?party=${encodeURIComponent(party('dana'))}`, { token: admin });
    expect(external.json().connectedSynchronizers[0].permission).toBe('PARTICIPANT_PERMISSION_CONFIRMATION');
    const elsewhere = await call(
      url,
      `/v2/state/connected-synchronizers?party=${encodeURIComponent(party('shared'))}&participantId=${encodeURIComponent(
        'participant3::1220685cb902897b5e2d6cd43a5c9219ce8eb88dc0411cd2754b0597ac07e26b2b84',
      )}`,
      { token: admin },
    );
    expect(elsewhere.json().connectedSynchronizers[0].permission).toBe('PARTICIPANT_PERMISSION_OBSERVATION');
    const malformed = await call(url, '/v2/state/connected-synchronizers?participantId=no-namespace', { token: admin });
    expect(malformed.status).toBe(400);
    expect(malformed.json().code).toBe('INVALID_FIELD');
  });

  it('GET /docs/openapi describes every route as OpenAPI 3.0.3 text, without a token', async () => {
    const answer = await call(url, '/docs/openapi');
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/plain/);
    expect(answer.text).toMatch(/^openapi: 3\.0\.3\n/);
    for (const path of [
      '/v2/version',
      '/v2/interactive-submission/executeAndWait',
      '/v2/state/ledger-end',
      '/v2/commands/submit-and-wait',
    ]) {
      expect(answer.text).toContain(`\n  ${path}:\n`);
    }
  });
});
