/**
 * Strings and bytes built from fast-check's own arbitraries, so they shrink character by character (or
 * byte by byte): a failure that depends on one bad character shrinks to a counterexample of a few characters.
 *
 * Boundary lengths (1 and the maximum) are generated on purpose, but not in a branch of their own (a value
 * drawn there could never shrink below the maximum): `sizedText` draws a free string and, one time in four,
 * stretches it to a boundary length by repeating it. The choice is an integer that shrinks towards "as
 * drawn", so the shrinker first drops the stretch and then shrinks the characters.
 */
import fc from 'fast-check';

export interface LengthRange {
  minLength: number;
  maxLength: number;
}

/** Characters drawn uniformly from `alphabet`; shrinks towards its first character. */
export function characterOf(alphabet: string): fc.Arbitrary<string> {
  return fc.constantFrom(...alphabet);
}

/** Strings over `alphabet` with a length in the range, as `fc.string` picks it. */
export function textOf(alphabet: string, range: LengthRange): fc.Arbitrary<string> {
  return fc.string({ unit: characterOf(alphabet), ...range });
}

/** Strings over `alphabet` of exactly `length` characters (each shrinks towards the alphabet's first character). */
export function exactLengthString(alphabet: string, length: number): fc.Arbitrary<string> {
  return fc.string({ unit: characterOf(alphabet), minLength: length, maxLength: length });
}

/** `text` repeated (or the alphabet's first character, when empty) and cut to `length`. */
function stretched(text: string, length: number, filler: string): string {
  const unit = text === '' ? filler : text;
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/**
 * Strings over `alphabet`, lengths within [min, max]; one in four is stretched to a boundary length (max,
 * or 1 when allowed). Shrinks to the drawn string first, then character by character.
 */
export function sizedText(alphabet: string, range: LengthRange): fc.Arbitrary<string> {
  const { minLength, maxLength } = range;
  const filler = alphabet[0]!;
  return fc.tuple(textOf(alphabet, range), fc.nat(7)).map(([text, boundary]) => {
    if (boundary === 6) return stretched(text, maxLength, filler);
    if (boundary === 7 && minLength <= 1 && maxLength >= 1) return stretched(text, 1, filler);
    return text;
  });
}

/** Base64 text of bytes with a length in the range (shrinks byte by byte). */
export function base64Text(range: LengthRange): fc.Arbitrary<string> {
  return fc.uint8Array(range).map((bytes) => Buffer.from(bytes).toString('base64'));
}
