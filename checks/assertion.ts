/**
 * The one primitive every check is built on: an assertion of one clause by one check. Each call is recorded
 * with its outcome — passed, failed, inconclusive (the evidence does not bear on the rule) or deviation (a
 * conflict clause answered the way Canton 3.5 does rather than the spec) — in the recorder the harness
 * installs around each test, so a clause is credited only for assertions that really ran.
 *
 * A failed assertion throws `CheckFailure`, which stops the test; the harness records it once, after
 * fast-check has shrunk the counterexample. A switched-off check (`run --exclude-checks`) records nothing;
 * when its condition does not hold the test cannot go on, and `SwitchedOffCheckStop` stops it without a verdict.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ClientResponse } from '../client/http.js';
import { recordExchange, type RecordedExchange } from '../client/exchange.js';
import type { ClauseId } from '../specification/clauses.js';
import type { CheckName } from './names.js';

export type AssertionOutcome = 'passed' | 'failed' | 'inconclusive' | 'deviation';

export interface AssertionEvent {
  check: CheckName;
  clause: ClauseId;
  outcome: AssertionOutcome;
  /** Why an assertion was inconclusive or a deviation (failures carry theirs in the CheckFailure). */
  reason?: string;
  exchange?: RecordedExchange;
}

export interface AssertionRecorder {
  record(event: AssertionEvent): void;
  enabled(check: CheckName): boolean;
  /** A check ran (asserted, or checked a precondition): the test's checks are derived from these calls. */
  ran?(check: CheckName): void;
  /**
   * Whether this assertion of `clause` by `check` on `response` was already made: the check engine then skips
   * it, so an exchange a test checked by hand is not asserted twice (`harness/library/attribution.ts`).
   */
  alreadyAsserted?(check: CheckName, clause: ClauseId, response: ClientResponse): boolean;
}

const recorders = new AsyncLocalStorage<AssertionRecorder>();

/** Runs `body` with `recorder` receiving every assertion made inside it (also across awaits). */
export function withAssertionRecorder<T>(recorder: AssertionRecorder, body: () => T): T {
  return recorders.run(recorder, body);
}

export class CheckFailure extends Error {
  constructor(
    readonly check: CheckName,
    readonly clauseId: ClauseId,
    readonly detail: string,
    readonly exchange?: RecordedExchange,
  ) {
    super(`[${check}] ${clauseId}: ${detail}`);
    this.name = 'CheckFailure';
  }
}

/** A switched-off check's condition did not hold: the rest of the test depends on it and cannot run. */
export class SwitchedOffCheckStop extends Error {
  constructor(
    readonly check: CheckName,
    readonly clauseId: ClauseId,
    detail: string,
  ) {
    super(`the switched-off check ${check} (${clauseId}) did not hold, so the rest of the test cannot run: ${detail}`);
    this.name = 'SwitchedOffCheckStop';
  }
}

/** The suite's own code is wrong (e.g. a generator made an input that no longer breaks its rule): an error, never the target's failure. */
export class SuiteBug extends Error {
  readonly code = 'SUITE_BUG';
  constructor(message: string) {
    super(message);
    this.name = 'SuiteBug';
  }
}

/** Whether `check` is switched off in this test; a switched-off check stops the test where it would fail. */
function switchedOff(check: CheckName, clause: ClauseId, condition: boolean, message: string): boolean {
  const recorder = recorders.getStore();
  if (recorder === undefined) return false;
  if (recorder.enabled(check)) {
    recorder.ran?.(check);
    return false;
  }
  if (!condition) throw new SwitchedOffCheckStop(check, clause, message);
  return true;
}

function failure(check: CheckName, clause: ClauseId, message: string, response?: ClientResponse): CheckFailure {
  return new CheckFailure(check, clause, message, response ? recordExchange(response.request, response) : undefined);
}

/** Asserts `condition` for `clause` on behalf of `check`: records a pass, or throws a CheckFailure. */
export function assertClause(
  check: CheckName,
  clause: ClauseId,
  condition: boolean,
  message: string,
  response?: ClientResponse,
): asserts condition {
  if (switchedOff(check, clause, condition, message)) return;
  const recorder = recorders.getStore();
  if (response !== undefined && recorder?.alreadyAsserted?.(check, clause, response)) return;
  if (!condition) throw failure(check, clause, message, response);
  recorder?.record({ check, clause, outcome: 'passed' });
}

/**
 * Fails `clause` when `condition` does not hold, but credits nothing when it does: for a precondition of a
 * verdict that is decided later (a rejection is credited only once its control request was accepted).
 */
export function failUnless(
  check: CheckName,
  clause: ClauseId,
  condition: boolean,
  message: string,
  response?: ClientResponse,
): asserts condition {
  if (switchedOff(check, clause, condition, message)) return;
  if (!condition) throw failure(check, clause, message, response);
}

/**
 * `failUnless` for several clauses judged by the same evidence (one rule stated in several places): when the
 * condition does not hold, every one of them fails, not only the first.
 */
export function failUnlessAll(
  check: CheckName,
  clauses: readonly ClauseId[],
  condition: boolean,
  message: string,
  response?: ClientResponse,
): asserts condition {
  if (clauses.length === 0) return;
  if (switchedOff(check, clauses[0]!, condition, message) || condition) return;
  for (const clause of clauses.slice(1)) recorders.getStore()?.record({ check, clause, outcome: 'failed', reason: message });
  throw failure(check, clauses[0]!, message, response);
}

/** Records that the evidence at hand does not bear on `clause` (e.g. the control request was rejected too). */
export function recordInconclusive(check: CheckName, clause: ClauseId, reason: string, response?: ClientResponse): void {
  const recorder = recorders.getStore();
  if (recorder === undefined || !recorder.enabled(check)) return;
  recorder.ran?.(check);
  recorder.record({
    check,
    clause,
    outcome: 'inconclusive',
    reason,
    ...(response ? { exchange: recordExchange(response.request, response) } : {}),
  });
}

/** Records that the target followed Canton 3.5 rather than the spec on a conflict clause (spec profile). */
export function recordDeviation(check: CheckName, clause: ClauseId, reason: string, response?: ClientResponse): void {
  const recorder = recorders.getStore();
  if (recorder === undefined || !recorder.enabled(check)) return;
  recorder.ran?.(check);
  recorder.record({
    check,
    clause,
    outcome: 'deviation',
    reason,
    ...(response ? { exchange: recordExchange(response.request, response) } : {}),
  });
}
