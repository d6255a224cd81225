/**
 * Splice behaviour the suite once expected wrongly (verified-against-real.md FF6, FF7, FF9): the reference
 * scan answers as a Splice on Canton 3.5 does, and a canton-profile run asserts each behaviour and passes it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../harness/runner/run-report.js';
import { configWithReferenceFeatures, runConformance } from '../conformance/support.js';
import { errorMessage, fixtures, get, json, otherSynchronizerId, participantPath, scanContext } from './support.js';

/** The clause's assertions in the run: it passed, and at least one assertion of it ran. */
function expectAssertedAndPassed(report: RunReport, clauseId: string): void {
  const failures = report.tests.filter((test) => test.outcome !== 'passed').map((test) => `${test.id}: ${test.outcome}`);
  expect(failures).toEqual([]);
  const clause = report.clauses.find((entry) => entry.id === clauseId);
  expect(clause?.status, clauseId).toBe('passed');
  expect(clause!.assertions.passed).toBeGreaterThan(0);
}

/**
 * The three canton-profile runs: independent CLI runs (each starts its own reference target), started together
 * rather than one after another, each with one suite worker (a run of a single test needs no more).
 */
let runs: Record<'ff6' | 'ff7' | 'ff9', Promise<RunReport>>;

beforeAll(() => {
  const start = (args: string[]): Promise<RunReport> => {
    const report = runConformance(['--profile', 'canton', '--concurrency', '1', ...args]).then((run) => run.report);
    report.catch(() => undefined); // Reported by the test that awaits it, not as an unhandled rejection.
    return report;
  };
  runs = {
    ff6: start(['--include', 'canton.scan.participant-id-v0.unknown-domain-message']),
    ff7: start(['--include', 'canton.scan.round-of-latest-data.effectiveAt-fraction']),
    ff9: start(['--config', configWithReferenceFeatures({ scanVersion: '0.7.5' }), '--include', 'canton.scan.unknown-route-404']),
  };
});

describe('FF6: an unknown synchronizer on Splice built on Canton 3.5', () => {
  it('is 404 TOPOLOGY_STORE_NOT_FOUND ... No active synchronizer found, not "No PartyToParticipant state"', () => {
    const response = get(scanContext('0.6.5'), participantPath('v0', otherSynchronizerId, fixtures.scan.parties.singleHosted));
    expect(response.status).toBe(404);
    expect(errorMessage(response)).toMatch(
      /^TOPOLOGY_STORE_NOT_FOUND\(11,[0-9a-f]{8}\): No active synchronizer found for other-synchronizer::/,
    );
  });

  it('passes the canton profile', async () => {
    const report = await runs.ff6;
    expectAssertedAndPassed(report, 'canton.scan.participant-id-v0.unknown-domain-message');
  }, 120_000);
});

describe('FF7: effectiveAt written by ISO_OFFSET_DATE_TIME', () => {
  it('has its trailing fraction zero dropped: neither 3 nor 6 fraction digits', () => {
    const { effectiveAt } = json(get(scanContext('0.6.5'), '/v0/round-of-latest-data')) as { effectiveAt: string };
    const digits = /\.(\d+)Z$/.exec(effectiveAt)?.[1] ?? '';
    expect(digits.length, effectiveAt).toBe(5);
  });

  it('passes the canton profile', async () => {
    const report = await runs.ff7;
    expectAssertedAndPassed(report, 'canton.scan.round-of-latest-data.effectiveAt-fraction');
  }, 120_000);
});

describe('FF9: unknown and removed scan routes', () => {
  it("are Pekko's text/plain 404, without a JSON body naming the URI", () => {
    const response = get(scanContext('0.7.5'), '/v0/rewards-collected');
    expect([response.status, response.contentType, response.body]).toEqual([
      404,
      'text/plain; charset=UTF-8',
      'The requested resource could not be found.',
    ]);
  });

  it('pass the canton profile on a scan that removed the endpoints', async () => {
    const report = await runs.ff9;
    expectAssertedAndPassed(report, 'canton.scan.unknown-route-404');
    expect(report.tests.filter((test) => test.outcome === 'passed')).toHaveLength(4);
  }, 120_000);
});
