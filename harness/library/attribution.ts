/**
 * The assertions of one test, per clause: the recorder the harness installs around a test body (see
 * `checks/assertion.ts`), and the summary that travels to the runner in the test's metadata.
 */
import type { AssertionEvent, AssertionRecorder } from '../../checks/assertion.js';
import type { CheckName } from '../../checks/names.js';
import type { ClientResponse } from '../../client/http.js';
import type { ClauseId } from '../../specification/clauses.js';
import type { ClauseAssertions, NotReached, OutcomeCounts } from './results.js';

const MAX_REASONS = 3;

/** Who applies the checks now: the test's own code, or the harness's check engine after the test body. */
export type CheckApplier = 'test' | 'engine';

export class AssertionLedger implements AssertionRecorder {
  private readonly byClause = new Map<ClauseId, ClauseAssertions & { byCheck: NonNullable<ClauseAssertions['byCheck']> }>();
  private readonly ranBy: Record<CheckApplier, Set<CheckName>> = { test: new Set(), engine: new Set() };
  /** `check clause` pairs the test asserted on each response (the engine does not assert them again). */
  private readonly asserted = new WeakMap<ClientResponse, Set<string>>();
  /** Set to 'engine' while the harness applies the registered response checks. */
  applier: CheckApplier = 'test';

  constructor(private readonly enabledChecks: ReadonlySet<CheckName>) {}

  enabled(check: CheckName): boolean {
    return this.enabledChecks.has(check);
  }

  ran(check: CheckName): void {
    this.ranBy[this.applier].add(check);
  }

  alreadyAsserted(check: CheckName, clause: ClauseId, response: ClientResponse): boolean {
    const key = `${check} ${clause}`;
    let keys = this.asserted.get(response);
    if (this.applier === 'engine') return keys?.has(key) ?? false;
    if (keys === undefined) this.asserted.set(response, (keys = new Set()));
    keys.add(key);
    return false;
  }

  /** The checks that ran on this test: by its own calls and by the engine (each in registry order). */
  checksRan(order: readonly CheckName[]): Record<CheckApplier, CheckName[]> {
    return {
      test: order.filter((check) => this.ranBy.test.has(check)),
      engine: order.filter((check) => this.ranBy.engine.has(check)),
    };
  }

  record(event: AssertionEvent): void {
    this.ran(event.check);
    let entry = this.byClause.get(event.clause);
    if (entry === undefined) {
      entry = { clause: event.clause, passed: 0, failed: 0, inconclusive: 0, deviation: 0, checks: [], byCheck: {} };
      this.byClause.set(event.clause, entry);
    }
    entry[event.outcome] += 1;
    if (!entry.checks.includes(event.check)) entry.checks.push(event.check);
    const ofCheck = (entry.byCheck[event.check] ??= { passed: 0, failed: 0, inconclusive: 0, deviation: 0 });
    ofCheck[event.outcome] += 1;
    if (event.reason !== undefined) {
      const reasons = (entry.reasons ??= []);
      if (reasons.length < MAX_REASONS && !reasons.includes(event.reason)) reasons.push(event.reason);
    }
  }

  summary(): ClauseAssertions[] {
    return [...this.byClause.values()].map((entry) => ({
      ...entry,
      checks: [...entry.checks],
      byCheck: Object.fromEntries(
        Object.entries(entry.byCheck).map(([check, counts]) => [check, { ...(counts as OutcomeCounts) }]),
      ) as ClauseAssertions['byCheck'],
    }));
  }

  counts(): { passed: number; failed: number; inconclusive: number; deviation: number } {
    const totals = { passed: 0, failed: 0, inconclusive: 0, deviation: 0 };
    for (const entry of this.byClause.values()) {
      totals.passed += entry.passed;
      totals.failed += entry.failed;
      totals.inconclusive += entry.inconclusive;
      totals.deviation += entry.deviation;
    }
    return totals;
  }

  /** Declared clauses whose every assertion was inconclusive (none passed, failed or deviated). */
  inconclusiveOnly(declared: readonly ClauseId[]): ClauseId[] {
    return [...new Set(declared)].filter((clause) => {
      const entry = this.byClause.get(clause);
      return entry !== undefined && entry.inconclusive > 0 && entry.passed + entry.failed + entry.deviation === 0;
    });
  }

  /** Declared clauses no assertion reached, each with why (the test stopped early). */
  notReached(declared: readonly ClauseId[], reason: string): NotReached[] {
    return [...new Set(declared)].filter((clause) => !this.byClause.has(clause)).map((clause) => ({ clause, reason }));
  }
}
