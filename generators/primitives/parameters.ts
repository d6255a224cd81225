/**
 * Query and path parameters of the participant and scan endpoints, all as the strings they are on the
 * wire (the client URL-encodes them).
 */
import fc from 'fast-check';
import { withBoundaries } from './boundaries.js';
import { ledgerString, uniqueIdentifier } from './strings.js';

export function identityProviderIdParameter(): fc.Arbitrary<string> {
  return fc.oneof(fc.constant(''), ledgerString());
}

export function vetAllPackagesParameter(): fc.Arbitrary<string> {
  return fc.constantFrom('true', 'false');
}

/** A synchronizer id (`identifier::fingerprint`); `known` ones are the target's own. */
export function synchronizerIdParameter(known?: string): fc.Arbitrary<string> {
  return known === undefined ? uniqueIdentifier() : fc.constant(known);
}

export function accountIdParameter(known?: string): fc.Arbitrary<string> {
  return known === undefined ? ledgerString() : fc.constant(known);
}

export const MEMBER_CODES = ['PAR', 'MED'] as const;

/** `PAR::id::fingerprint` or `MED::id::fingerprint`. */
export function memberIdParameter(): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...MEMBER_CODES), uniqueIdentifier()).map(([code, identifier]) => `${code}::${identifier}`);
}

export const SCAN_LIMIT = { min: 1, max: 1000 } as const;

/** Scan `limit` as its query string; 1 and 1000 are generated on purpose. */
export function scanLimitParameter(): fc.Arbitrary<string> {
  return withBoundaries(fc.constantFrom(SCAN_LIMIT.min, SCAN_LIMIT.max), fc.integer({ min: SCAN_LIMIT.min, max: SCAN_LIMIT.max })).map(
    String,
  );
}

/** Scan `round` (int64; rounds before the first aggregated one answer zero, so any value is valid). */
export function scanRoundParameter(): fc.Arbitrary<string> {
  return withBoundaries(fc.constantFrom(0, 1), fc.integer({ min: 0, max: 1_000_000 })).map(String);
}
