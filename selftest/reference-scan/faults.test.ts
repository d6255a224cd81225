import { describe, expect, it } from 'vitest';
import { faultNames, type FaultName } from '../../reference/faults.js';
import { type ScanResponse } from '../../reference/scan/index.js';
import { fixtures, get, json, participantPath, scanContext, synchronizerId, trafficPath } from './support.js';

const { members, parties } = fixtures.scan;

/** For each scan fault: what a healthy 0.7.5 (or 0.6.5) scan answers, and what changes with the fault. */
const faultChecks: Record<
  string,
  { version: string; path: string; healthy: (r: ScanResponse) => void; faulty: (r: ScanResponse) => void }
> = {
  'scan-limit-ignored': {
    version: '0.6.5',
    path: '/v0/top-validators-by-validator-faucets?limit=3',
    healthy: (r) => expect(json(r).validatorsByReceivedFaucets).toHaveLength(3),
    faulty: (r) => expect(json(r).validatorsByReceivedFaucets.length).toBeGreaterThan(3),
  },
  'scan-top-not-top': {
    version: '0.6.5',
    path: '/v0/top-validators-by-validator-faucets?limit=3',
    healthy: (r) => expect(countsOf(r)).toEqual(allCounts().slice(0, 3)),
    faulty: (r) => expect(countsOf(r)).not.toEqual(allCounts().slice(0, 3)),
  },
  'scan-rewards-boundary-off-by-one': {
    version: '0.6.5',
    path: `/v0/rewards-collected?round=${latestRound() + 1}`,
    healthy: (r) => expect(r.status).toBe(404),
    faulty: (r) => expect(r.status).toBe(200),
  },
  'scan-total-not-sum': {
    version: '0.6.5',
    path: '/v0/rewards-collected',
    // Every round's rewards are whole multiples of 10^-6: their sum ends in four zeros; the fault adds 10^-10.
    healthy: (r) => expect(json(r).amount).toMatch(/0000$/),
    faulty: (r) => expect(json(r).amount).toMatch(/0001$/),
  },
  'scan-wrong-order': {
    version: '0.6.5',
    path: '/v0/top-validators-by-validator-faucets?limit=25',
    healthy: (r) => expect(countsOf(r)).toEqual([...countsOf(r)].sort((a, b) => b - a)),
    faulty: (r) => expect(countsOf(r)).not.toEqual([...countsOf(r)].sort((a, b) => b - a)),
  },
  'scan-removed-endpoint-served': {
    version: '0.7.5',
    path: '/v0/round-of-latest-data',
    healthy: (r) => expect(r.status).toBe(404),
    faulty: (r) => expect(r.status).toBe(200),
  },
  'scan-error-not-json': {
    version: '0.7.5',
    path: trafficPath(synchronizerId, members.unknown),
    healthy: (r) => expect([r.status, r.contentType]).toEqual([404, 'application/json']),
    faulty: (r) => expect([r.status, r.contentType.startsWith('text/plain')]).toEqual([404, true]),
  },
  'scan-v0-multi-hosted-200': {
    version: '0.7.5',
    path: participantPath('v0', synchronizerId, parties.multiHosted!),
    healthy: (r) => expect(r.status).toBe(500),
    faulty: (r) => expect(r.status).toBe(200),
  },
  'scan-bad-member-200': {
    version: '0.7.5',
    path: trafficPath(synchronizerId, 'not-a-member'),
    healthy: (r) => expect(r.status).toBe(400),
    faulty: (r) => expect(r.status).toBe(200),
  },
  'scan-traffic-wrong-shape': {
    version: '0.7.5',
    path: trafficPath(synchronizerId, members.topUpComplete!),
    healthy: (r) => expect(typeof json(r).traffic_status.actual.total_limit).toBe('number'),
    faulty: (r) => expect(typeof json(r).traffic_status.actual.total_limit).toBe('string'),
  },
};

function allCounts(): number[] {
  return countsOf(get(scanContext('0.6.5'), '/v0/top-validators-by-validator-faucets?limit=1000'));
}

function latestRound(): number {
  return Number(json(get(scanContext('0.6.5'), '/v0/round-of-latest-data')).round);
}

function countsOf(response: ScanResponse): number[] {
  return json(response).validatorsByReceivedFaucets.map((v: { numRoundsCollected: number }) => v.numRoundsCollected);
}

describe('scan faults', () => {
  it('has a check for every scan fault of the catalogue', () => {
    expect(Object.keys(faultChecks).sort()).toEqual(faultNames.filter((name) => name.startsWith('scan-')).sort());
  });

  for (const [fault, check] of Object.entries(faultChecks)) {
    it(`${fault} changes the answer`, () => {
      check.healthy(get(scanContext(check.version), check.path));
      check.faulty(get(scanContext(check.version, [fault as FaultName]), check.path));
    });
  }

  it('leaves the error body text intact under scan-error-not-json', () => {
    const response = get(scanContext('0.7.5', ['scan-error-not-json']), trafficPath(synchronizerId, members.unknown));
    expect(response.body).toMatch(/^No traffic state found for member /);
  });
});
