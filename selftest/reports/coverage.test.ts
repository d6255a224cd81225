import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeClauseCoverage, computeVerdict } from '../../harness/coverage.js';
import type { Outcome, TestResult } from '../../harness/results.js';
import type { Clause } from '../../specification/clauses/types.js';
import { fixtureClauses } from './fixture.js';

function clause(id: string, extra: Partial<Clause> = {}): Clause {
  return { id, text: `text of ${id}`, section: 'Endpoints', level: 'spec', kind: 'endpoint', testable: true, ...extra };
}

function test(id: string, clauses: string[], outcome: Outcome, skipReason?: string): TestResult {
  return {
    id,
    suite: 's',
    name: id,
    endpoint: 'e',
    clauses,
    checks: [],
    outcome,
    durationMs: 1,
    ...(skipReason === undefined ? {} : { skipReason }),
  };
}

function statusOf(id: string, coverage: ReturnType<typeof computeClauseCoverage>) {
  return coverage.find((entry) => entry.id === id);
}

describe('computeClauseCoverage', () => {
  it('derives each status from the level, testability and the tests citing the clause', () => {
    const clauses = [
      clause('failed-wins'),
      clause('passed-over-skipped'),
      clause('all-skipped'),
      clause('nobody'),
      clause('untestable', { testable: false, untestableReason: 'advice to clients' }),
      clause('silent', { level: 'not-shown', testable: false, untestableReason: 'not shown' }),
      clause('canton.only', { level: 'canton' }),
    ];
    const tests = [
      test('t1', ['failed-wins', 'passed-over-skipped'], 'passed'),
      test('t2', ['failed-wins'], 'failed'),
      test('t3', ['passed-over-skipped', 'all-skipped'], 'skipped', 'no traffic'),
      test('t4', ['all-skipped'], 'skipped', 'no scan'),
      test('t5', ['all-skipped'], 'skipped', 'no traffic'),
      test('t6', ['canton.only', 'silent', 'untestable'], 'passed'),
    ];
    const coverage = computeClauseCoverage(tests, clauses, 'spec');
    expect(coverage.map((entry) => [entry.id, entry.status])).toEqual([
      ['failed-wins', 'failed'],
      ['passed-over-skipped', 'passed'],
      ['all-skipped', 'skipped'],
      ['nobody', 'not-covered'],
      ['untestable', 'not-testable'],
      ['silent', 'not-shown'],
      ['canton.only', 'not-in-profile'],
    ]);
    expect(statusOf('failed-wins', coverage)?.tests).toEqual(['t1', 't2']);
    expect(statusOf('all-skipped', coverage)?.reason).toBe('no traffic; no scan');
    expect(statusOf('untestable', coverage)?.reason).toBe('advice to clients');
    expect(statusOf('nobody', coverage)?.tests).toEqual([]);
  });

  it('checks canton clauses in the canton profile', () => {
    const coverage = computeClauseCoverage([test('t', ['canton.only'], 'failed')], [clause('canton.only', { level: 'canton' })], 'canton');
    expect(coverage[0]?.status).toBe('failed');
  });

  it('copies id, sentence, section and endpoint from the registry, and counts a test citing a clause twice once', () => {
    const coverage = computeClauseCoverage([test('t', ['readyz.text', 'readyz.text'], 'passed')], fixtureClauses, 'spec');
    const readyz = statusOf('readyz.text', coverage);
    expect(readyz).toMatchObject({
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

  it('is certified when every clause passed or was skipped for a missing feature', () => {
    const tests = [test('t1', ['a'], 'passed'), test('t2', ['b'], 'skipped', 'no traffic')];
    expect(computeVerdict(tests, computeClauseCoverage(tests, clauses, 'spec'), false)).toBe('certified');
  });

  it('is incomplete when a testable clause is not covered, or the run was interrupted', () => {
    const partial = [test('t1', ['a'], 'passed')];
    expect(computeVerdict(partial, computeClauseCoverage(partial, clauses, 'spec'), false)).toBe('incomplete');
    const full = [test('t1', ['a', 'b'], 'passed')];
    expect(computeVerdict(full, computeClauseCoverage(full, clauses, 'spec'), true)).toBe('incomplete');
  });

  it('ignores clauses outside the certification (not shown, other profile, not testable)', () => {
    const extra = [
      ...clauses,
      clause('silent', { level: 'not-shown', testable: false }),
      clause('canton.x', { level: 'canton' }),
      clause('untestable', { testable: false }),
    ];
    const tests = [test('t1', ['a', 'b'], 'passed')];
    expect(computeVerdict(tests, computeClauseCoverage(tests, extra, 'spec'), false)).toBe('certified');
    expect(computeVerdict(tests, computeClauseCoverage(tests, extra, 'canton'), false)).toBe('incomplete');
  });

  it('is not-certified exactly when a test failed, whatever else happened', () => {
    const outcome = fc.constantFrom<Outcome>('passed', 'failed', 'skipped');
    fc.assert(
      fc.property(fc.array(fc.tuple(outcome, fc.subarray(['a', 'b'])), { maxLength: 6 }), fc.boolean(), (specs, interrupted) => {
        const tests = specs.map(([result, cited], index) => test(`t${index}`, cited, result, 'feature missing'));
        const verdict = computeVerdict(tests, computeClauseCoverage(tests, clauses, 'spec'), interrupted);
        expect(verdict === 'not-certified').toBe(tests.some((entry) => entry.outcome === 'failed'));
        if (interrupted && verdict !== 'not-certified') expect(verdict).toBe('incomplete');
      }),
    );
  });
});
