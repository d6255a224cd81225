import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeClauseCoverage, computeVerdict } from '../../harness/runner/coverage.js';
import type { ClauseAssertions, Outcome, TestResult } from '../../harness/library/results.js';
import type { Clause } from '../../specification/clauses/types.js';
import { fixtureClauses } from './fixture.js';

function clause(id: string, extra: Partial<Clause> = {}): Clause {
  return { id, text: `text of ${id}`, section: 'Endpoints', level: 'spec', kind: 'endpoint', testable: true, ...extra };
}

type Tally = Partial<Pick<ClauseAssertions, 'passed' | 'failed' | 'inconclusive' | 'deviation'>>;

/** A test declaring `declared` and asserting each clause of `asserted` with the given tallies. */
function test(
  id: string,
  declared: string[],
  outcome: Outcome,
  asserted: Record<string, Tally> = {},
  extra: Partial<TestResult> = {},
): TestResult {
  return {
    id,
    suite: 's',
    name: id,
    endpoint: 'e',
    clauses: declared,
    checks: [],
    outcome,
    durationMs: 1,
    assertions: Object.entries(asserted).map(([clauseId, tally]) => ({
      clause: clauseId,
      passed: tally.passed ?? 0,
      failed: tally.failed ?? 0,
      inconclusive: tally.inconclusive ?? 0,
      deviation: tally.deviation ?? 0,
      checks: ['status_code_conformance'],
      byCheck: {
        status_code_conformance: {
          passed: tally.passed ?? 0,
          failed: tally.failed ?? 0,
          inconclusive: tally.inconclusive ?? 0,
          deviation: tally.deviation ?? 0,
        },
      },
    })),
    ...extra,
  };
}

const statusOf = (id: string, coverage: ReturnType<typeof computeClauseCoverage>) => coverage.find((entry) => entry.id === id);

describe('computeClauseCoverage (from assertions, never from citations)', () => {
  it('derives each status from the assertions of the clause, its level and testability', () => {
    const clauses = [
      clause('failed-wins'),
      clause('passed'),
      clause('deviates'),
      clause('only-inconclusive'),
      clause('cited-never-asserted'),
      clause('stopped-before'),
      clause('all-skipped'),
      clause('nobody'),
      clause('untestable', { testable: false, untestableReason: 'advice to clients' }),
      clause('silent', { level: 'not-shown', testable: false, untestableReason: 'not shown' }),
      clause('canton.only', { level: 'canton' }),
    ];
    const tests = [
      test('t1', ['failed-wins', 'passed'], 'passed', { 'failed-wins': { passed: 2 }, passed: { passed: 1, inconclusive: 3 } }),
      test(
        't2',
        ['failed-wins', 'stopped-before'],
        'failed',
        { 'failed-wins': { failed: 1 } },
        { notReached: [{ clause: 'stopped-before', reason: 'the test stopped' }] },
      ),
      test('t3', ['deviates'], 'passed', { deviates: { deviation: 1, passed: 1 } }),
      test('t4', ['only-inconclusive'], 'inconclusive', { 'only-inconclusive': { inconclusive: 2 } }),
      test('t5', ['cited-never-asserted'], 'passed'),
      test('t6', ['all-skipped'], 'skipped', {}, { skipReason: 'no traffic' }),
      test('t7', ['canton.only', 'silent', 'untestable'], 'passed', { 'canton.only': { failed: 1 } }),
    ];
    const coverage = computeClauseCoverage(tests, clauses, 'spec');
    expect(coverage.map((entry) => [entry.id, entry.status])).toEqual([
      ['failed-wins', 'failed'],
      ['passed', 'passed'],
      ['deviates', 'deviation'],
      ['only-inconclusive', 'inconclusive'],
      ['cited-never-asserted', 'not-covered'],
      ['stopped-before', 'not-reached'],
      ['all-skipped', 'skipped'],
      ['nobody', 'not-covered'],
      ['untestable', 'not-testable'],
      ['silent', 'not-shown'],
      ['canton.only', 'not-in-profile'],
    ]);
    expect(statusOf('failed-wins', coverage)).toMatchObject({
      tests: ['t1', 't2'],
      assertedBy: ['t1', 't2'],
      assertions: { passed: 2, failed: 1 },
    });
    expect(statusOf('cited-never-asserted', coverage)?.reason).toContain('no assertion of it ran');
    expect(statusOf('stopped-before', coverage)?.reason).toContain('the test stopped');
    expect(statusOf('all-skipped', coverage)?.reason).toBe('no traffic');
    expect(statusOf('untestable', coverage)?.reason).toBe('advice to clients');
  });

  it('a failing assertion fails only its own clause, not the other clauses of its test', () => {
    const clauses = [clause('offsets'), clause('shape')];
    const tests = [test('t', ['offsets', 'shape'], 'failed', { shape: { passed: 4 }, offsets: { failed: 1 } })];
    const coverage = computeClauseCoverage(tests, clauses, 'spec');
    expect(statusOf('offsets', coverage)?.status).toBe('failed');
    expect(statusOf('shape', coverage)?.status).toBe('passed');
  });

  it('checks canton clauses in the canton profile', () => {
    const coverage = computeClauseCoverage(
      [test('t', ['canton.only'], 'failed', { 'canton.only': { failed: 1 } })],
      [clause('canton.only', { level: 'canton' })],
      'canton',
    );
    expect(coverage[0]?.status).toBe('failed');
  });

  it('copies id, sentence, section and endpoint from the registry', () => {
    const coverage = computeClauseCoverage(
      [test('t', ['readyz.text'], 'passed', { 'readyz.text': { passed: 1 } })],
      fixtureClauses,
      'spec',
    );
    expect(statusOf('readyz.text', coverage)).toMatchObject({
      text: 'GET /readyz answers 200 with a plain text body',
      section: 'Endpoints > GET /readyz',
      endpoint: 'GET /readyz',
      level: 'spec',
      status: 'passed',
      tests: ['t'],
    });
    expect(statusOf('user.primaryParty.clients-should-set', coverage)).not.toHaveProperty('endpoint');
    expect(coverage).toHaveLength(fixtureClauses.length);
  });
});

describe('computeVerdict', () => {
  const clauses = [clause('a'), clause('b')];

  it('is certified when every clause passed, deviated or was skipped for a missing feature', () => {
    const tests = [test('t1', ['a'], 'passed', { a: { deviation: 1 } }), test('t2', ['b'], 'skipped', {}, { skipReason: 'no traffic' })];
    expect(computeVerdict(tests, computeClauseCoverage(tests, clauses, 'spec'), false)).toBe('certified');
  });

  it('is incomplete when a clause is not covered, not reached, only inconclusive, or the run was interrupted', () => {
    const partial = [test('t1', ['a', 'b'], 'passed', { a: { passed: 1 } })];
    expect(computeVerdict(partial, computeClauseCoverage(partial, clauses, 'spec'), false)).toBe('incomplete');
    const inconclusive = [test('t1', ['a', 'b'], 'inconclusive', { a: { passed: 1 }, b: { inconclusive: 1 } })];
    expect(computeVerdict(inconclusive, computeClauseCoverage(inconclusive, clauses, 'spec'), false)).toBe('incomplete');
    const full = [test('t1', ['a', 'b'], 'passed', { a: { passed: 1 }, b: { passed: 1 } })];
    expect(computeVerdict(full, computeClauseCoverage(full, clauses, 'spec'), true)).toBe('incomplete');
  });

  it('a clause only tests the run stopped before declare is not reached (with why), never skipped', () => {
    const tests = [
      test('t1', ['a'], 'passed', { a: { passed: 1 } }),
      test('t2', ['b'], 'not-run', {}, { skipReason: 'not run: the node stopped answering' }),
    ];
    const coverage = computeClauseCoverage(tests, clauses, 'spec');
    expect(coverage.find((entry) => entry.id === 'b')).toMatchObject({
      status: 'not-reached',
      reason: 'not run: the node stopped answering',
    });
    expect(computeVerdict(tests, coverage, true)).toBe('incomplete');
  });

  it('is suite-error when the suite broke and the target failed nothing', () => {
    const tests = [
      test('t1', ['a'], 'passed', { a: { passed: 1 } }),
      test('t2', ['b'], 'error', {}, { notReached: [{ clause: 'b', reason: 'broke' }] }),
    ];
    expect(computeVerdict(tests, computeClauseCoverage(tests, clauses, 'spec'), false)).toBe('suite-error');
  });

  it('ignores clauses outside the certification (not shown, other profile, not testable)', () => {
    const extra = [
      ...clauses,
      clause('silent', { level: 'not-shown', testable: false }),
      clause('canton.x', { level: 'canton' }),
      clause('untestable', { testable: false }),
    ];
    const tests = [test('t1', ['a', 'b'], 'passed', { a: { passed: 1 }, b: { passed: 1 } })];
    expect(computeVerdict(tests, computeClauseCoverage(tests, extra, 'spec'), false)).toBe('certified');
    expect(computeVerdict(tests, computeClauseCoverage(tests, extra, 'canton'), false)).toBe('incomplete');
  });

  it('is not-certified exactly when an assertion (or a test) failed, whatever else happened', () => {
    const outcome = fc.constantFrom<Outcome>('passed', 'failed', 'skipped', 'error', 'inconclusive', 'not-run');
    fc.assert(
      fc.property(fc.array(fc.tuple(outcome, fc.subarray(['a', 'b'])), { maxLength: 6 }), fc.boolean(), (specs, interrupted) => {
        const tests = specs.map(([result, cited], index) =>
          test(
            `t${index}`,
            cited,
            result,
            Object.fromEntries(cited.map((id) => [id, result === 'failed' ? { failed: 1 } : result === 'passed' ? { passed: 1 } : {}])),
          ),
        );
        const verdict = computeVerdict(tests, computeClauseCoverage(tests, clauses, 'spec'), interrupted);
        expect(verdict === 'not-certified').toBe(tests.some((entry) => entry.outcome === 'failed'));
      }),
    );
  });
});
