/**
 * Boundaries are generated on purpose, not left to chance: every sized arbitrary mixes an arbitrary that
 * only yields the boundary values (lengths min, 1, max) with a free one, so a default-sized run hits them.
 */
import fc from 'fast-check';
import { generatedLength, seededText } from './seeded.js';

/**
 * Constraints for `fc.record` / `fc.dictionary` of request bodies and Daml values. By default
 * fast-check makes half of all records null-prototype objects, which only matters to code that walks
 * prototypes; a body travels as JSON, where the two are the same. Plain objects keep in-process
 * consumers (`obj.hasOwnProperty`, `${obj}`) working and spare V8 its slow dictionary-mode objects.
 */
export const PLAIN_OBJECTS = { noNullPrototype: true } as const;

/** One in four values is a boundary value. */
export function withBoundaries<T>(boundaries: fc.Arbitrary<T>, random: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ weight: 1, arbitrary: boundaries }, { weight: 3, arbitrary: random });
}

/** Short fixed lengths are generated character by character (they shrink character-wise). */
const CHARACTER_WISE_MAX_LENGTH = 16;

/**
 * Strings over `alphabet` of exactly `length` characters. Long ones (boundary lengths such as 255) are
 * spread from one generated seed (`seeded.ts`); their length cannot shrink anyway, the seed shrinks
 * towards the simplest string of that length.
 */
export function exactLengthString(alphabet: string, length: number): fc.Arbitrary<string> {
  if (length <= CHARACTER_WISE_MAX_LENGTH) {
    return fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });
  }
  return seededText(alphabet, fc.constant(length));
}

/**
 * Lengths within [min, max]: the boundaries min, 1 and max on purpose, otherwise as `fc.string` would
 * pick them. Shrinks towards `min`.
 */
export function boundedLength(min: number, max: number): fc.Arbitrary<number> {
  return withBoundaries(
    fc.constantFrom(...new Set([min, Math.max(min, 1), max].filter((length) => length <= max))),
    generatedLength({ minLength: min, maxLength: max }),
  );
}

/**
 * Strings over `alphabet`, lengths within [min, max], the lengths min, 1 and max generated on purpose.
 * Spread from one seed (`seeded.ts`): a string costs the same few generate calls whatever its length.
 */
export function boundedString(alphabet: string, min: number, max: number): fc.Arbitrary<string> {
  return seededText(alphabet, boundedLength(min, max));
}

/** Lists with the empty (when allowed) and one-element cases generated on purpose. */
export function boundedArray<T>(item: fc.Arbitrary<T>, constraints: { minLength: number; maxLength: number }): fc.Arbitrary<T[]> {
  const { minLength, maxLength } = constraints;
  const boundaryLengths = [...new Set([minLength, Math.max(minLength, 1)])].filter((length) => length <= maxLength);
  return withBoundaries(
    fc.oneof(...boundaryLengths.map((length) => fc.array(item, { minLength: length, maxLength: length }))),
    fc.array(item, { minLength, maxLength }),
  );
}

export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const DIGITS = '0123456789';
export const HEX_DIGITS = '0123456789abcdef';
