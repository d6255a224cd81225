/**
 * Per-clause coverage and the certification verdict, computed from the tests of a run. Pure functions:
 * the caller passes the clause registry in, so a report can be recomputed from any list of clauses.
 */
import type { ProfileName } from '../config/types.js';
import type { Clause } from '../specification/clauses/types.js';
import type { ClauseCoverage, ClauseStatus, TestResult, Verdict } from './results.js';

export function computeClauseCoverage(tests: readonly TestResult[], clauses: readonly Clause[], profile: ProfileName): ClauseCoverage[] {
  const testsByClause = new Map<string, TestResult[]>();
  for (const test of tests) {
    for (const clauseId of new Set(test.clauses)) {
      const citing = testsByClause.get(clauseId) ?? [];
      citing.push(test);
      testsByClause.set(clauseId, citing);
    }
  }
  return clauses.map((clause) => {
    const citing = testsByClause.get(clause.id) ?? [];
    const { status, reason } = clauseStatus(clause, citing, profile);
    const coverage: ClauseCoverage = {
      id: clause.id,
      text: clause.text,
      section: clause.section,
      level: clause.level,
      status,
      tests: citing.map((test) => test.id),
    };
    if (clause.endpoint !== undefined) coverage.endpoint = clause.endpoint;
    if (reason !== undefined) coverage.reason = reason;
    return coverage;
  });
}

function clauseStatus(clause: Clause, citing: readonly TestResult[], profile: ProfileName): { status: ClauseStatus; reason?: string } {
  if (clause.level === 'not-shown') return { status: 'not-shown', reason: clause.untestableReason ?? 'not shown by the spec' };
  if (clause.level === 'canton' && profile === 'spec') {
    return { status: 'not-in-profile', reason: 'real Canton/Splice behaviour, checked by the canton profile only' };
  }
  if (!clause.testable) return { status: 'not-testable', reason: clause.untestableReason ?? 'no black-box test can check it' };
  if (citing.some((test) => test.outcome === 'failed')) return { status: 'failed' };
  if (citing.some((test) => test.outcome === 'passed')) return { status: 'passed' };
  if (citing.length === 0) return { status: 'not-covered' };
  const reasons = [...new Set(citing.map((test) => test.skipReason ?? 'skipped without a reason'))];
  return { status: 'skipped', reason: reasons.join('; ') };
}

/**
 * Failures decide first (a failed test fails certification even when the run was cut short); then an
 * interrupted run or a testable clause no test reached leaves the verdict open.
 */
export function computeVerdict(tests: readonly TestResult[], coverage: readonly ClauseCoverage[], interrupted: boolean): Verdict {
  if (tests.some((test) => test.outcome === 'failed') || coverage.some((clause) => clause.status === 'failed')) {
    return 'not-certified';
  }
  if (interrupted) return 'incomplete';
  if (coverage.some((clause) => clause.status === 'not-covered')) return 'incomplete';
  return 'certified';
}
