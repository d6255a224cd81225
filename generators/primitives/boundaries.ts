/**
 * Boundaries are generated on purpose, not left to chance: sized arbitraries mix in the boundary values
 * (lengths min, 1, max; empty and one-element lists), so a default-sized run hits them.
 */
import fc from 'fast-check';
import { sizedText } from './text.js';

export { DIGITS, HEX_DIGITS, LETTERS } from '../../specification/formats.js';
export { exactLengthString } from './text.js';

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

/** Strings over `alphabet`, lengths within [min, max], boundary lengths included; shrink character-wise. */
export function boundedString(alphabet: string, min: number, max: number): fc.Arbitrary<string> {
  return sizedText(alphabet, { minLength: min, maxLength: max });
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
