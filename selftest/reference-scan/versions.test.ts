import { describe, expect, it } from 'vitest';
import { parseScanVersion } from '../../reference/scan/index.js';
import { errorMessage, fixtures, get, otherSynchronizerId, participantPath, scanContext, synchronizerId, trafficPath } from './support.js';

const paths = {
  traffic: trafficPath(synchronizerId, fixtures.scan.members.topUpComplete!),
  participantV0: participantPath('v0', synchronizerId, fixtures.scan.parties.singleHosted),
  participantV1: participantPath('v1', synchronizerId, fixtures.scan.parties.singleHosted),
  topValidators: '/v0/top-validators-by-validator-faucets?limit=3',
  rewardsCollected: '/v0/rewards-collected',
  roundOfLatestData: '/v0/round-of-latest-data',
};

// Which endpoints answer 200 at each release (the rest are unknown paths: 404).
const servedAt: Record<string, (keyof typeof paths)[]> = {
  '0.5.16': ['traffic', 'participantV0', 'topValidators', 'rewardsCollected', 'roundOfLatestData'],
  '0.5.17': ['traffic', 'participantV0', 'participantV1', 'topValidators', 'rewardsCollected', 'roundOfLatestData'],
  '0.6.5': ['traffic', 'participantV0', 'participantV1', 'topValidators', 'rewardsCollected', 'roundOfLatestData'],
  '0.6.6': ['traffic', 'participantV0', 'participantV1', 'rewardsCollected', 'roundOfLatestData'],
  '0.6.7': ['traffic', 'participantV0', 'participantV1'],
  '0.7.5': ['traffic', 'participantV0', 'participantV1'],
};

describe('endpoints by scan version', () => {
  for (const [version, served] of Object.entries(servedAt)) {
    it(`serves exactly ${served.join(', ')} at ${version}`, () => {
      const context = scanContext(version);
      for (const [name, path] of Object.entries(paths)) {
        const response = get(context, path);
        expect(response.status, `${name} at ${version}`).toBe(served.includes(name as keyof typeof paths) ? 200 : 404);
      }
    });
  }

  it("answers removed and not-yet-added endpoints with Pekko's text/plain 404 at every release", () => {
    for (const [version, path] of [
      ['0.7.5', paths.topValidators],
      ['0.6.7', paths.roundOfLatestData],
      ['0.5.16', paths.participantV1],
    ] as const) {
      const response = get(scanContext(version), path);
      expect([response.status, response.contentType, response.body], `${path} at ${version}`).toEqual([
        404,
        'text/plain; charset=UTF-8',
        'The requested resource could not be found.',
      ]);
    }
    // Not 405 either: the route is gone, whatever the method.
    expect(get(scanContext('0.7.5'), paths.roundOfLatestData, 'POST').status).toBe(404);
  });

  it('answers an unknown synchronizer with the message of the Canton the release is built on', () => {
    const path = participantPath('v0', otherSynchronizerId, fixtures.scan.parties.singleHosted);
    expect(errorMessage(get(scanContext('0.5.16'), path))).toMatch(/^No PartyToParticipant state for /);
    expect(errorMessage(get(scanContext('0.6.0'), path))).toMatch(
      /^TOPOLOGY_STORE_NOT_FOUND\(11,[0-9a-f]{8}\): No active synchronizer found for /,
    );
  });

  it('points the v0 multi-hosted error to /v1 from 0.6.11 on', () => {
    const path = participantPath('v0', synchronizerId, fixtures.scan.parties.multiHosted!);
    expect(errorMessage(get(scanContext('0.6.10'), path))).toMatch(/which is not currently supported$/);
    expect(errorMessage(get(scanContext('0.6.11'), path))).toMatch(
      /which is not supported in this version of the API\. Please use the \/v1 version instead\.$/,
    );
  });

  it('rejects a scan version that is not a release number, saying where to fix it', () => {
    expect(() => parseScanVersion('latest')).toThrow(/features\.scanVersion/);
    expect(parseScanVersion('0.5.17-snapshot.1')).toMatchObject({ major: 0, minor: 5, patch: 17 });
  });
});
