/**
 * stateful_consistency: what a write returns is what later reads show. The helpers compare a write with
 * its read-back — the same update at the same offset, offsets strictly increasing, equal event and party
 * sets — so a stateful assertion is a named relation, not an ad-hoc condition.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import { assertClause, recordInconclusive } from './assertion.js';
import { shown } from './values.js';

const CHECK = 'stateful_consistency';

/** The update read back at `offset` is the one the write returned (same updateId, same offset). */
export function sameUpdateAtOffset(
  clauseId: ClauseId,
  written: { updateId: string; offset: number | bigint },
  read: { updateId: unknown; offset?: unknown },
  response?: ClientResponse,
): void {
  assertClause(
    CHECK,
    clauseId,
    read.updateId === written.updateId,
    `the update at offset ${written.offset} has updateId ${shown(read.updateId)}, the write returned ${written.updateId}`,
    response,
  );
  if (read.offset !== undefined && read.offset !== null) {
    const same = (typeof read.offset === 'number' || typeof read.offset === 'bigint') && BigInt(read.offset) === BigInt(written.offset);
    assertClause(
      CHECK,
      clauseId,
      same,
      `the update looked up at offset ${written.offset} says it is at offset ${shown(read.offset)}`,
      response,
    );
  }
}

/** Offsets, in the order the writes completed (or were observed), are positive and strictly increasing. */
export function offsetsStrictlyIncreasing(
  clauseId: ClauseId,
  label: string,
  offsets: readonly (number | bigint)[],
  response?: ClientResponse,
): void {
  const values = offsets.map((offset) => BigInt(offset));
  const bad = values.findIndex((offset, index) => offset <= 0n || (index > 0 && offset <= values[index - 1]!));
  assertClause(
    CHECK,
    clauseId,
    bad === -1,
    `${label} must be positive and strictly increasing; ${values[bad] ?? '?'} at position ${bad} follows ${values[bad - 1] ?? 'nothing'} (all: ${values.join(', ')})`,
    response,
  );
}

/** Every value is distinct (offsets or update ids of different writes never coincide). */
export function allDistinct(clauseId: ClauseId, label: string, values: readonly unknown[], response?: ClientResponse): void {
  const seen = new Set(values.map((value) => shown(value)));
  assertClause(CHECK, clauseId, seen.size === values.length, `${label} must all differ, got ${shown(values)}`, response);
}

/** Two sets (parties, event kinds, contract ids) are equal, whatever the order and repetition. */
export function eventSetsEqual(
  clauseId: ClauseId,
  label: string,
  expected: readonly unknown[],
  actual: readonly unknown[],
  response?: ClientResponse,
): void {
  const key = (values: readonly unknown[]) => [...new Set(values.map((value) => shown(value)))].sort();
  assertClause(
    CHECK,
    clauseId,
    isDeepStrictEqual(key(expected), key(actual)),
    // The keys are already rendered: join them rather than quote them a second time.
    `${label}: expected [${key(expected).join(', ')}], got [${key(actual).join(', ')}]`,
    response,
  );
}

/** Every member of `actual` belongs to `allowed` (e.g. witnesses are among the filter's parties). */
export function subsetOf(
  clauseId: ClauseId,
  label: string,
  actual: readonly unknown[],
  allowed: readonly unknown[],
  response?: ClientResponse,
): void {
  const allowedKeys = new Set(allowed.map((value) => shown(value)));
  const outside = actual.filter((value) => !allowedKeys.has(shown(value)));
  assertClause(CHECK, clauseId, outside.length === 0, `${label}: ${shown(outside)} not among ${shown(allowed)}`, response);
}

/** What was written is what is read (a contract argument, a command id, a party). */
export function readMatchesWrite(clauseId: ClauseId, label: string, written: unknown, read: unknown, response?: ClientResponse): void {
  const same =
    (typeof written === 'number' || typeof written === 'bigint') && (typeof read === 'number' || typeof read === 'bigint')
      ? BigInt(written) === BigInt(read)
      : isDeepStrictEqual(written, read);
  assertClause(CHECK, clauseId, same, `${label}: written ${shown(written)}, read back ${shown(read)}`, response);
}

/** A read after a write finds what the write created: `found` matching items (exactly `count`). */
export function writeVisible(clauseId: ClauseId, label: string, found: readonly unknown[], count: number, response?: ClientResponse): void {
  assertClause(CHECK, clauseId, found.length === count, `${label}: expected ${count}, found ${found.length}`, response);
}

/**
 * A rejected write left no effect: the lookup found nothing (`foundAfterRejection`). That absence is evidence
 * only if the same lookup finds the effect once it is written on its own (the control); otherwise (a lookup
 * that never finds anything, a target that refuses the write alone) it is inconclusive.
 */
export function noEffectOfRejectedWrite(
  clauseId: ClauseId,
  label: string,
  foundAfterRejection: boolean,
  control: { found: boolean; detail: string },
  response?: ClientResponse,
): void {
  if (!control.found) {
    recordInconclusive(
      CHECK,
      clauseId,
      `the control (the effect written on its own, then looked up the same way) was not found either (${control.detail}): the absence proves nothing`,
      response,
    );
    return;
  }
  assertClause(CHECK, clauseId, !foundAfterRejection, `${label}: the rejected write took effect`, response);
}

/** A later offset lies after an earlier one (e.g. the ledger end after a submission). */
export function offsetAfter(
  clauseId: ClauseId,
  label: string,
  earlier: number | bigint,
  later: number | bigint,
  response?: ClientResponse,
): void {
  assertClause(CHECK, clauseId, BigInt(later) > BigInt(earlier), `${label}: ${later} is not after ${earlier}`, response);
}

/**
 * One step of a stateful sequence agrees with the model the sequence keeps (the outcome it predicts for a submission, a
 * read found or not): credited to `clauseId`, or a failure naming what the model expected and what the target did.
 */
export function agreesWithModel(clauseId: ClauseId, agrees: boolean, detail: string, response?: ClientResponse): asserts agrees {
  assertClause(CHECK, clauseId, agrees, detail, response);
}
