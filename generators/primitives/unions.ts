/**
 * The tagged unions of the request bodies (one single-key object each) and the execute signatures.
 */
import fc from 'fast-check';
import { exactLengthString, PLAIN_OBJECTS, withBoundaries } from './boundaries.js';
import { duration, safeInt64 } from './numbers.js';
import { base64Text } from './text.js';
import { keyFingerprint } from './strings.js';
import { timestamp } from './time.js';

export type Mode = 'schema' | 'accepted';

/** Submit-and-wait form: only the duration variant exists. */
export function submitDeduplicationPeriod(mode: Mode = 'schema'): fc.Arbitrary<Record<string, unknown>> {
  return duration(mode).map((value) => ({ DeduplicationDuration: { value } }));
}

/** Execute form: duration, offset or empty. */
export function executeDeduplicationPeriod(mode: Mode = 'schema'): fc.Arbitrary<Record<string, unknown>> {
  const byDuration = duration(mode).map((value) => ({ DeduplicationDuration: { value } }));
  const empty = fc.constant({ Empty: {} });
  // A real node accepts a deduplication offset only within its retained history, which a generator cannot
  // know: accepted bodies use the duration and empty forms.
  if (mode === 'accepted') return fc.oneof(byDuration, empty);
  return fc.oneof(
    byDuration,
    safeInt64({ min: Number.MIN_SAFE_INTEGER }).map((value) => ({ DeduplicationOffset: { value } })),
    empty,
  );
}

export function minLedgerTime(mode: Mode = 'schema'): fc.Arbitrary<{ time: Record<string, unknown> }> {
  return fc
    .oneof(
      fc.constant({ Empty: {} }),
      timestamp(mode).map((value) => ({ MinLedgerTimeAbs: { value } })),
      // A node schedules a relative minimum ledger time only within its allowed skew: keep accepted ones short.
      (mode === 'accepted'
        ? fc.record({ seconds: fc.integer({ min: 0, max: 10 }), nanos: fc.integer({ min: 0, max: 999_999_999 }) }, PLAIN_OBJECTS)
        : duration(mode)
      ).map((value) => ({ MinLedgerTimeRel: { value } })),
    )
    .map((time) => ({ time }));
}

export const SIGNATURE_FORMATS = [
  'SIGNATURE_FORMAT_UNSPECIFIED',
  'SIGNATURE_FORMAT_RAW',
  'SIGNATURE_FORMAT_DER',
  'SIGNATURE_FORMAT_CONCAT',
  'SIGNATURE_FORMAT_SYMBOLIC',
] as const;

export const SIGNING_ALGORITHM_SPECS = [
  'SIGNING_ALGORITHM_SPEC_UNSPECIFIED',
  'SIGNING_ALGORITHM_SPEC_ED25519',
  'SIGNING_ALGORITHM_SPEC_EC_DSA_SHA_256',
  'SIGNING_ALGORITHM_SPEC_EC_DSA_SHA_384',
] as const;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Non-empty base64 text; an Ed25519 signature is 64 bytes (88 characters with padding). */
export function signatureBytes(): fc.Arbitrary<string> {
  return withBoundaries(
    fc.oneof(
      fc.constant('AA=='),
      exactLengthString(BASE64, 86).map((text) => `${text}==`),
    ),
    base64Text({ minLength: 1, maxLength: 96 }),
  );
}

export interface Signature {
  format: string;
  signature: string;
  signedBy: string;
  signingAlgorithmSpec: string;
}

export function signature(signedBy: fc.Arbitrary<string> = keyFingerprint()): fc.Arbitrary<Signature> {
  return fc.record(
    {
      format: fc.constantFrom(...SIGNATURE_FORMATS),
      signature: signatureBytes(),
      signedBy,
      signingAlgorithmSpec: fc.constantFrom(...SIGNING_ALGORITHM_SPECS),
    },
    PLAIN_OBJECTS,
  );
}
