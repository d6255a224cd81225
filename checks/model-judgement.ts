/**
 * How the model checks (ledger, users, packages, scan) report: each clause a model judged on an exchange is asserted
 * once under `stateful_consistency`, passed, or failed at its first disagreement with the model's expectation, the answer
 * and the JSON path of the field.
 */
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import { assertClause } from './assertion.js';

/** One disagreement of an answer with a model. */
export interface ModelViolation {
  clause: ClauseId;
  path: string;
  expected: string;
  actual: unknown;
}

/** An answer's value as a failure shows it (JSON; a bigint as a number; what JSON cannot hold as its string). */
export function showValue(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? Number(item) : item)) ?? 'undefined';
  } catch {
    return String(value);
  }
}

/** `the <model> model disagrees at <path>: the model expects <expected>; the answer has <actual>`. */
export function disagreement(model: string, violation: Omit<ModelViolation, 'clause'>): string {
  return `the ${model} model disagrees at ${violation.path}: the model expects ${violation.expected}; the answer has ${showValue(violation.actual)}`;
}

/**
 * Asserts each of `clauses` (in that order) on `response`: passed, or failed at its first violation; with `countAll`, a
 * failure also says how many disagreements the answer holds.
 */
export function judgeClauses(
  model: string,
  clauses: Iterable<ClauseId>,
  violations: readonly ModelViolation[],
  response: ClientResponse | undefined,
  countAll = false,
): void {
  for (const clause of clauses) {
    const first = violations.find((violation) => violation.clause === clause);
    assertClause(
      'stateful_consistency',
      clause,
      first === undefined,
      first === undefined
        ? ''
        : disagreement(model, first) + (countAll && violations.length > 1 ? ` (${violations.length} disagreements in this answer)` : ''),
      response,
    );
  }
}
