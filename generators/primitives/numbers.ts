/**
 * Integers of the protocol (int64, int32) and durations. Protocol int64 values are JSON numbers on the
 * wire; beyond 2^53 they are carried as bigint and written losslessly by `specification/json.ts`.
 */
import fc from 'fast-check';
import { PLAIN_OBJECTS, withBoundaries } from './boundaries.js';

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;

/** int64 as a JS number, within the safe-integer range (exact through `JSON.parse`). */
export function safeInt64(range: { min?: number; max?: number } = {}): fc.Arbitrary<number> {
  const min = range.min ?? Number.MIN_SAFE_INTEGER;
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  const boundaries = [...new Set([min, max, Math.max(min, Math.min(max, 0)), Math.max(min, Math.min(max, 1))])];
  return withBoundaries(fc.constantFrom(...boundaries), fc.integer({ min, max }));
}

/** int64 as a bigint, including the values next to both limits that a JSON number cannot hold. */
export function bigInt64(): fc.Arbitrary<bigint> {
  return withBoundaries(
    fc.constantFrom(INT64_MIN, INT64_MIN + 1n, -1n, 0n, 1n, INT64_MAX - 1n, INT64_MAX),
    fc.oneof(fc.bigInt(INT64_MIN, INT64_MAX), fc.bigInt(INT64_MAX - 2n ** 20n, INT64_MAX), fc.bigInt(INT64_MIN, INT64_MIN + 2n ** 20n)),
  );
}

/** int64 in either representation. */
export function int64(): fc.Arbitrary<number | bigint> {
  return fc.oneof(safeInt64(), bigInt64());
}

export function int32(range: { min?: number; max?: number } = {}): fc.Arbitrary<number> {
  const min = range.min ?? INT32_MIN;
  const max = range.max ?? INT32_MAX;
  return withBoundaries(fc.constantFrom(...new Set([min, max, Math.max(min, Math.min(max, 0))])), fc.integer({ min, max }));
}

export interface Duration {
  seconds: number | bigint;
  nanos: number;
}

/**
 * `Duration`. `schema` seconds span the whole int64 range (bigint beyond 2^53). `accepted` keeps to what a node takes as a deduplication period or a relative minimum
 * ledger time: non-negative, within an hour, nanos a valid fraction of a second.
 */
export function duration(mode: 'schema' | 'accepted' = 'schema'): fc.Arbitrary<Duration> {
  if (mode === 'accepted') {
    return fc.record({ seconds: safeInt64({ min: 0, max: 3600 }), nanos: int32({ min: 0, max: 999_999_999 }) }, PLAIN_OBJECTS);
  }
  return fc.record({ seconds: int64(), nanos: int32() }, PLAIN_OBJECTS);
}
