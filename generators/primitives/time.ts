/**
 * Timestamps (ISO-8601 UTC, microsecond precision, years 0001..9999) and Daml dates.
 */
import fc from 'fast-check';
import { withBoundaries } from './boundaries.js';

const MIN_DATE = new Date('0001-01-01T00:00:00.000Z');
const MAX_DATE = new Date('9999-12-31T23:59:59.999Z');

export const TIMESTAMP_BOUNDARIES = ['0001-01-01T00:00:00Z', '1970-01-01T00:00:00Z', '9999-12-31T23:59:59.999999Z'] as const;

function isoWithMicros(date: Date, micros: number): string {
  const millisPart = date.toISOString().slice(0, -1);
  return `${millisPart}${String(micros).padStart(3, '0')}Z`;
}

/**
 * `accepted` timestamps lie in the past (2000..2024), so a node takes them as a minimum ledger time
 * without waiting or rejecting the submission as too far in the future.
 */
export function timestamp(mode: 'schema' | 'accepted' = 'schema'): fc.Arbitrary<string> {
  if (mode === 'accepted') {
    return fc
      .tuple(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2024-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 999 }),
      )
      .map(([date, micros]) => isoWithMicros(date, micros));
  }
  return withBoundaries(
    fc.constantFrom(...TIMESTAMP_BOUNDARIES),
    fc
      .tuple(fc.date({ min: MIN_DATE, max: MAX_DATE, noInvalidDate: true }), fc.integer({ min: 0, max: 999 }))
      .map(([date, micros]) => isoWithMicros(date, micros)),
  );
}

/** Daml `Date`: `YYYY-MM-DD`. */
export function damlDate(): fc.Arbitrary<string> {
  return withBoundaries(
    fc.constantFrom('0001-01-01', '9999-12-31', '2000-02-29'),
    fc.date({ min: MIN_DATE, max: MAX_DATE, noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  );
}
