/**
 * Per-clause coverage and the certification verdict, computed from the assertions of a run (never from the
 * clause lists tests declare). Pure functions: the caller passes the clause registry in.
 *
 * A clause is passed only when at least one assertion of it passed and none failed. A failing assertion
 * fails only its own clause; the other clauses of that test are "not reached". A clause a test declares but
 * no assertion ever touched is "not covered".
 */
import type { ProfileName } from '../../config/types.js';
import type { Clause } from '../../specification/clauses.js';
import { endpointLabel } from '../../specification/endpoints.js';
import type { TestResult } from '../library/results.js';
import type { ClauseCoverage, ClauseStatus, RejectionCount, Verdict } from './run-report.js';

interface Tally {
  passed: number;
  failed: number;
  inconclusive: number;
  deviation: number;
  assertedBy: Set<string>;
  reasons: Set<string>;
}

export function computeClauseCoverage(tests: readonly TestResult[], clauses: readonly Clause[], profile: ProfileName): ClauseCoverage[] {
  const declaring = new Map<string, TestResult[]>();
  const tallies = new Map<string, Tally>();
  const notReached = new Map<string, string[]>();
  const waived = new Map<string, Map<string, string>>();
  for (const test of tests) {
    for (const clauseId of new Set(test.clauses)) declaring.set(clauseId, [...(declaring.get(clauseId) ?? []), test]);
    for (const entry of test.assertions) {
      const tally = tallies.get(entry.clause) ?? {
        passed: 0,
        failed: 0,
        inconclusive: 0,
        deviation: 0,
        assertedBy: new Set(),
        reasons: new Set(),
      };
      tally.passed += entry.passed;
      tally.failed += entry.failed;
      tally.inconclusive += entry.inconclusive;
      tally.deviation += entry.deviation;
      tally.assertedBy.add(test.id);
      for (const reason of entry.reasons ?? []) tally.reasons.add(reason);
      tallies.set(entry.clause, tally);
    }
    for (const { clause, reason } of test.notReached ?? [])
      notReached.set(clause, [...(notReached.get(clause) ?? []), `${test.id}: ${reason}`]);
    for (const { clause, reason } of test.waived ?? []) waived.set(clause, (waived.get(clause) ?? new Map()).set(test.id, reason));
  }
  return clauses.map((clause) => {
    const tally = tallies.get(clause.id);
    const citing = declaring.get(clause.id) ?? [];
    const { status, reason } = clauseStatus(clause, profile, tally, citing, notReached.get(clause.id) ?? [], waived.get(clause.id));
    const coverage: ClauseCoverage = {
      id: clause.id,
      text: clause.text,
      section: clause.section,
      level: clause.level,
      status,
      assertions: {
        passed: tally?.passed ?? 0,
        failed: tally?.failed ?? 0,
        inconclusive: tally?.inconclusive ?? 0,
        deviation: tally?.deviation ?? 0,
      },
      tests: citing.map((test) => test.id),
      assertedBy: [...(tally?.assertedBy ?? [])],
    };
    if (clause.endpoint !== undefined) coverage.endpoint = endpointLabel(clause.endpoint);
    if (reason !== undefined) coverage.reason = reason;
    if (clause.conflict !== undefined) coverage.conflict = clause.conflict;
    return coverage;
  });
}

// (tallies are keyed by the clause ids the assertions name)
const firstFew = (reasons: Iterable<string>): string => [...reasons].slice(0, 3).join('; ');

function clauseStatus(
  clause: Clause,
  profile: ProfileName,
  tally: Tally | undefined,
  citing: readonly TestResult[],
  notReached: readonly string[],
  waivedBy: ReadonlyMap<string, string> = new Map(),
): { status: ClauseStatus; reason?: string } {
  if (clause.level === 'not-shown') return { status: 'not-shown', reason: clause.untestableReason ?? 'not shown by the spec' };
  if (clause.level === 'canton' && profile === 'spec') {
    return { status: 'not-in-profile', reason: 'real Canton/Splice behaviour, checked by the canton profile only' };
  }
  if (!clause.testable) return { status: 'not-testable', reason: clause.untestableReason ?? 'no black-box test can check it' };
  if (tally !== undefined) {
    if (tally.failed > 0) return { status: 'failed' };
    if (tally.deviation > 0) {
      return { status: 'deviation', reason: `deviates from the spec as Canton 3.5 does: ${firstFew(tally.reasons)}` };
    }
    if (tally.passed > 0) return { status: 'passed' };
    if (tally.inconclusive > 0) return { status: 'inconclusive', reason: firstFew(tally.reasons) };
  }
  if (notReached.length > 0) return { status: 'not-reached', reason: firstFew(notReached) };
  if (citing.length === 0) return { status: 'not-covered', reason: 'no test declares or asserts it' };
  const ran = citing.filter((test) => test.outcome !== 'skipped' && test.outcome !== 'not-run');
  // A run that stopped before any test of it ran did not reach it (never "skipped": nothing chose not to run it).
  const notRun = citing.filter((test) => test.outcome === 'not-run');
  if (ran.length === 0 && notRun.length > 0) {
    return { status: 'not-reached', reason: [...new Set(notRun.map((test) => test.skipReason ?? 'not run'))].join('; ') };
  }
  // Skipped when no test could try it: every citing test was skipped, or waived it (the target cannot support it).
  if (ran.every((test) => waivedBy.has(test.id))) {
    const reasons = [
      ...new Set([
        ...citing.filter((test) => test.outcome === 'skipped').map((test) => test.skipReason ?? 'skipped without a reason'),
        ...waivedBy.values(),
      ]),
    ];
    return { status: 'skipped', reason: reasons.join('; ') };
  }
  return { status: 'not-covered', reason: `declared by ${ran.map((test) => test.id).join(', ')}, but no assertion of it ran` };
}

/** Negative-rule assertions per endpoint: conclusive (credited), inconclusive, failed. */
export function rejectionCounts(tests: readonly TestResult[]): RejectionCount[] {
  const byEndpoint = new Map<string, RejectionCount>();
  for (const test of tests) {
    for (const entry of test.assertions) {
      for (const check of ['negative_data_rejection', 'auth_enforcement'] as const) {
        const counts = entry.byCheck?.[check];
        if (counts === undefined) continue;
        const row = byEndpoint.get(test.endpoint) ?? { endpoint: test.endpoint, conclusive: 0, inconclusive: 0, failed: 0 };
        row.conclusive += counts.passed;
        row.inconclusive += counts.inconclusive;
        row.failed += counts.failed;
        byEndpoint.set(test.endpoint, row);
      }
    }
  }
  return [...byEndpoint.values()].sort((left, right) => left.endpoint.localeCompare(right.endpoint));
}

/**
 * Failures decide first (a failed assertion fails certification even when the run was cut short); then a
 * suite error; then an interrupted run or a testable clause that no conclusive assertion reached leaves the
 * verdict open.
 */
export function computeVerdict(tests: readonly TestResult[], coverage: readonly ClauseCoverage[], interrupted: boolean): Verdict {
  if (tests.some((test) => test.outcome === 'failed') || coverage.some((clause) => clause.status === 'failed')) return 'not-certified';
  if (tests.some((test) => test.outcome === 'error')) return 'suite-error';
  if (interrupted) return 'incomplete';
  const open: ClauseStatus[] = ['not-covered', 'not-reached', 'inconclusive'];
  if (coverage.some((clause) => open.includes(clause.status))) return 'incomplete';
  return 'certified';
}
