/**
 * response_value_conformance: a value in a response is the one its clause states — the caller's own user
 * record, a count within a limit, an ordering, Canton's encoding of a Daml value. Each helper names what it
 * compares, so a failure reads as the sentence it enforces.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import { assertClause } from './assertion.js';

const CHECK = 'response_value_conformance';

/** Renders a value for a message (bigint-safe, bounded). */
export function shown(value: unknown): string {
  if (value === undefined) return 'absent';
  if (typeof value === 'bigint') return `${value}`;
  let text: string;
  try {
    text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${item}` : item)) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** `label` is exactly `expected` (deep equality; numbers and bigints compare by value). */
export function expectValue(clauseId: ClauseId, label: string, actual: unknown, expected: unknown, response?: ClientResponse): void {
  const same =
    (typeof actual === 'bigint' || typeof actual === 'number') && (typeof expected === 'bigint' || typeof expected === 'number')
      ? BigInt(actual) === BigInt(expected)
      : isDeepStrictEqual(actual, expected);
  assertClause(CHECK, clauseId, same, `${label} is ${shown(actual)}, expected ${shown(expected)}`, response);
}

/** `label` satisfies `test`; `expectation` says what it should be, in words. */
export function expectValueMatches<T>(
  clauseId: ClauseId,
  label: string,
  actual: T,
  test: (value: T) => boolean,
  expectation: string,
  response?: ClientResponse,
): void {
  assertClause(CHECK, clauseId, test(actual), `${label} should be ${expectation}, got ${shown(actual)}`, response);
}

/** `label` is one of `allowed`. */
export function expectOneOf(
  clauseId: ClauseId,
  label: string,
  actual: unknown,
  allowed: readonly unknown[],
  response?: ClientResponse,
): void {
  assertClause(
    CHECK,
    clauseId,
    allowed.some((candidate) => isDeepStrictEqual(candidate, actual)),
    `${label} is ${shown(actual)}, expected one of ${allowed.map(shown).join(', ')}`,
    response,
  );
}

/** `items` has a count within the bounds. */
export function expectCount(
  clauseId: ClauseId,
  label: string,
  items: readonly unknown[] | undefined,
  bounds: { exactly?: number; min?: number; max?: number },
  response?: ClientResponse,
): void {
  const count = items?.length ?? 0;
  const ok =
    (bounds.exactly === undefined || count === bounds.exactly) &&
    (bounds.min === undefined || count >= bounds.min) &&
    (bounds.max === undefined || count <= bounds.max);
  const wanted = [
    bounds.exactly !== undefined ? `exactly ${bounds.exactly}` : undefined,
    bounds.min !== undefined ? `at least ${bounds.min}` : undefined,
    bounds.max !== undefined ? `at most ${bounds.max}` : undefined,
  ]
    .filter(Boolean)
    .join(' and ');
  assertClause(CHECK, clauseId, ok, `${label}: expected ${wanted}, got ${count}${items === undefined ? ' (absent)' : ''}`, response);
}

/** `items`, read with `key`, are in the order `before(a, b)` says (e.g. most rounds collected first). */
export function expectOrdered<T>(
  clauseId: ClauseId,
  label: string,
  items: readonly T[],
  inOrder: (earlier: T, later: T) => boolean,
  order: string,
  response?: ClientResponse,
): void {
  const index = items.findIndex((item, position) => position > 0 && !inOrder(items[position - 1]!, item));
  assertClause(
    CHECK,
    clauseId,
    index === -1,
    `${label} must be ${order}; entries ${index - 1} and ${index} are not: ${shown(items[index - 1])}, ${shown(items[index])}`,
    response,
  );
}

/** A text body (readiness message, decode failure, scan message) as Canton words it. */
export function expectText(
  clauseId: ClauseId,
  label: string,
  text: string,
  expected: { equals?: string; startsWith?: string; pattern?: RegExp; includes?: string },
  response?: ClientResponse,
): void {
  const ok =
    (expected.equals === undefined || text === expected.equals) &&
    (expected.startsWith === undefined || text.startsWith(expected.startsWith)) &&
    (expected.includes === undefined || text.includes(expected.includes)) &&
    (expected.pattern === undefined || expected.pattern.test(text));
  const wanted =
    expected.equals !== undefined
      ? `exactly ${JSON.stringify(expected.equals)}`
      : expected.startsWith !== undefined
        ? `to start with ${JSON.stringify(expected.startsWith)}`
        : expected.includes !== undefined
          ? `to contain ${JSON.stringify(expected.includes)}`
          : `to match ${String(expected.pattern)}`;
  assertClause(CHECK, clauseId, ok, `${label}: expected ${wanted}, got ${JSON.stringify(text.slice(0, 300))}`, response);
}
