/**
 * Strings and bytes built from fast-check's own arbitraries, so they shrink character by character (or
 * byte by byte): a failure that depends on one bad character shrinks to a counterexample of a few characters.
 * (`hexDigits` only draws its digits itself, for speed; it shrinks as fast-check's string does.)
 *
 * Boundary lengths (1 and the maximum) are generated on purpose, but not in a branch of their own (a value
 * drawn there could never shrink below the maximum): `sizedText` draws a free string and, one time in four,
 * stretches it to a boundary length by repeating it. The choice is an integer that shrinks towards "as
 * drawn", so the shrinker first drops the stretch and then shrinks the characters.
 */
import fc from 'fast-check';
import { HEX_DIGITS } from '../../specification/formats.js';

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

/**
 * Hex digits, exactly `length` of them (package ids, contract ids, key fingerprints): the same values and
 * shrinks as `exactLengthString(HEX_DIGITS, length)`, but drawn straight from the random stream. They are
 * the longest strings of a request body (about half of the characters a submit-and-wait body draws), and
 * fast-check's string makes each character a value of its own, five times the work. Hex digits spell none
 * of the property names fast-check's bias mixes into strings, so the two agree with bias too.
 */
class HexDigits extends fc.Arbitrary<string> {
  private readonly shrinkable: fc.Arbitrary<string>;

  constructor(private readonly length: number) {
    super();
    this.shrinkable = exactLengthString(HEX_DIGITS, length);
  }

  generate(random: fc.Random): fc.Value<string> {
    let digits = '';
    for (let index = 0; index < this.length; index++) digits += HEX_DIGITS[random.nextInt(0, HEX_DIGITS.length - 1)]!;
    return new fc.Value(digits, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is string {
    return this.shrinkable.canShrinkWithoutContext(value);
  }

  /** Character by character towards `0`, as fast-check's string of hex digit units shrinks. */
  shrink(value: string, context: unknown): fc.Stream<fc.Value<string>> {
    return this.shrinkable.shrink(value, context);
  }
}

export function hexDigits(length: number): fc.Arbitrary<string> {
  return new HexDigits(length);
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
