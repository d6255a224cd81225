/**
 * User metadata annotations: keys are an optional DNS-subdomain prefix (at most 253 characters) plus
 * `/`, then a name of at most 63 characters of `[A-Za-z0-9._-]` starting and ending alphanumeric;
 * values are non-empty; all keys and values together take at most 256 KiB of UTF-8.
 */
import fc from 'fast-check';
import { ANNOTATION_KEY, ANNOTATIONS_MAX_BYTES } from '../../specification/formats.js';
import { DIGITS, exactLengthString, LETTERS, withBoundaries } from './boundaries.js';

export const ANNOTATIONS = {
  prefixMaxLength: ANNOTATION_KEY.prefixMaxLength,
  /** A DNS label's own limit: the longest labels the prefix generator writes. */
  labelMaxLength: 63,
  nameMaxLength: ANNOTATION_KEY.nameMaxLength,
  totalMaxBytes: ANNOTATIONS_MAX_BYTES,
} as const;

const ALNUM = `${LETTERS}${DIGITS}`;
const NAME_MIDDLE = `${ALNUM}._-`;
const LABEL_EDGE = 'abcdefghijklmnopqrstuvwxyz0123456789';
const LABEL_MIDDLE = `${LABEL_EDGE}-`;

/** A key name of exactly `length` characters (length ≥ 1). */
export function annotationNameOfLength(length: number): fc.Arbitrary<string> {
  if (length === 1) return fc.constantFrom(...ALNUM);
  return fc
    .tuple(fc.constantFrom(...ALNUM), exactLengthString(NAME_MIDDLE, length - 2), fc.constantFrom(...ALNUM))
    .map(([first, middle, last]) => first + middle + last);
}

export function annotationName(): fc.Arbitrary<string> {
  return withBoundaries(
    fc.oneof(annotationNameOfLength(1), annotationNameOfLength(ANNOTATIONS.nameMaxLength)),
    fc.integer({ min: 1, max: ANNOTATIONS.nameMaxLength }).chain(annotationNameOfLength),
  );
}

function dnsLabelOfLength(length: number): fc.Arbitrary<string> {
  if (length === 1) return fc.constantFrom(...LABEL_EDGE);
  return fc
    .tuple(fc.constantFrom(...LABEL_EDGE), exactLengthString(LABEL_MIDDLE, length - 2), fc.constantFrom(...LABEL_EDGE))
    .map(([first, middle, last]) => first + middle + last);
}

/** A DNS subdomain made of labels of these lengths (joined by dots). */
export function dnsSubdomainWithLabels(labelLengths: number[]): fc.Arbitrary<string> {
  return fc.tuple(...labelLengths.map(dnsLabelOfLength)).map((labels) => labels.join('.'));
}

/** Label lengths whose dotted join is exactly 253 characters: 63+1+63+1+63+1+61. */
const LONGEST_PREFIX_LABELS = [63, 63, 63, 61];

export function dnsSubdomain(): fc.Arbitrary<string> {
  return withBoundaries(
    fc.oneof(dnsSubdomainWithLabels([1]), dnsSubdomainWithLabels(LONGEST_PREFIX_LABELS)),
    fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 4 }).chain((lengths) => dnsSubdomainWithLabels(lengths)),
  );
}

export function annotationKey(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.option(dnsSubdomain(), { nil: undefined }), annotationName())
    .map(([prefix, name]) => (prefix === undefined ? name : `${prefix}/${name}`));
}

export function annotationValue(): fc.Arbitrary<string> {
  return fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });
}

/**
 * A map whose keys and values take exactly `totalBytes` of UTF-8: one ASCII filler value makes up the
 * difference. Used for the 256 KiB boundary (exactly at and one byte beyond it).
 */
export function annotationsOfTotalSize(totalBytes: number): fc.Arbitrary<Record<string, string>> {
  return fc
    .tuple(annotationName(), fc.constantFrom(...ALNUM))
    .map(([key, fillerChar]) => ({ [key]: fillerChar.repeat(totalBytes - Buffer.byteLength(key, 'utf8')) }));
}

/** Valid annotation maps: empty, small, and the exact 256 KiB boundary. */
export function annotations(): fc.Arbitrary<Record<string, string>> {
  return withBoundaries(
    fc.oneof(fc.constant({}), annotationsOfTotalSize(ANNOTATIONS.totalMaxBytes)),
    fc.dictionary(annotationKey(), annotationValue(), { maxKeys: 5 }),
  );
}
