/**
 * Strings and bytes spread from one generated seed by a small deterministic PRNG (mulberry32).
 *
 * Why: `fc.string({ unit })` and `fc.uint8Array` generate (and keep a shrink context for) one arbitrary
 * per character or byte. Bodies hold many long strings (ledger strings up to 255 characters, party ids
 * up to 254), which made generation a thousand nodes per body. Here a value is two generated integers,
 * its length and its seed, so a body costs a few dozen nodes and generation never limits a load run.
 *
 * Shrinking stays meaningful: the length shrinks towards the minimum, and the seed towards 0, which
 * spreads into the simplest value (the alphabet's first character repeated, or zero bytes). The same
 * (length, seed) always gives the same value, so a fixed fast-check seed reproduces everything.
 */
import fc from 'fast-check';

const SEED = fc.integer({ min: 0, max: 0x7fffffff });

/** The next 32-bit state of a mulberry32 generator and its output in [0, 1). */
function mulberry32(state: number): [next: number, random: number] {
  const next = (state + 0x6d2b79f5) | 0;
  let mixed = Math.imul(next ^ (next >>> 15), next | 1);
  mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
  return [next, ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296];
}

/** `length` characters of `characters` spread from `seed`; seed 0 repeats the first character. */
export function spreadCharacters(characters: readonly string[], length: number, seed: number): string {
  if (seed === 0) return characters[0]!.repeat(length);
  let state = seed;
  let random: number;
  let text = '';
  for (let index = 0; index < length; index++) {
    [state, random] = mulberry32(state);
    text += characters[Math.floor(random * characters.length)];
  }
  return text;
}

/** `length` bytes spread from `seed`; seed 0 gives zero bytes. */
export function spreadBytes(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  if (seed === 0) return bytes;
  let state = seed;
  let random: number;
  for (let index = 0; index < length; index++) {
    [state, random] = mulberry32(state);
    bytes[index] = Math.floor(random * 256);
  }
  return bytes;
}

export interface LengthRange {
  minLength: number;
  maxLength: number;
}

/**
 * The longest length fast-check itself would generate for a string or array of this range (its `size`
 * rule, e.g. 2·min + 10 at the default size "small"), so seeded values keep the length distribution of
 * `fc.string` / `fc.uint8Array` and follow `fc.configureGlobal({ baseSize })` like they do. Long lengths
 * such as a maximum are generated on purpose by the callers (`boundaries.ts`), not left to chance.
 */
function generatedMaxLength({ minLength, maxLength }: LengthRange): number {
  const { baseSize = 'small', defaultSizeToMaxWhenMaxSpecified } = fc.readConfigureGlobal();
  if (defaultSizeToMaxWhenMaxSpecified) return maxLength;
  const bySize = {
    xsmall: Math.floor(1.1 * minLength) + 1,
    small: 2 * minLength + 10,
    medium: 11 * minLength + 100,
    large: 101 * minLength + 1000,
    xlarge: 1001 * minLength + 10000,
  };
  return Math.min(bySize[baseSize], maxLength);
}

function lengthWithSeed(range: LengthRange): fc.Arbitrary<[number, number]> {
  const { minLength, maxLength } = range;
  if (minLength < 0 || maxLength < minLength) throw new Error(`generators: invalid length range ${minLength}..${maxLength}`);
  const longest = generatedMaxLength(range);
  return fc.tuple(minLength === longest ? fc.constant(minLength) : fc.integer({ min: minLength, max: longest }), SEED);
}

/** Strings over `alphabet` with a length in the range (as `fc.string` would pick it). */
export function seededString(alphabet: string, range: LengthRange): fc.Arbitrary<string> {
  const characters = [...alphabet];
  if (characters.length === 0) throw new Error('generators: seededString needs a non-empty alphabet');
  return lengthWithSeed(range).map(([length, seed]) => spreadCharacters(characters, length, seed));
}

/** Byte arrays with a length in the range. */
export function seededBytes(range: LengthRange): fc.Arbitrary<Uint8Array> {
  return lengthWithSeed(range).map(([length, seed]) => spreadBytes(length, seed));
}

/** Base64 text of seeded bytes. */
export function seededBase64(range: LengthRange): fc.Arbitrary<string> {
  return seededBytes(range).map((bytes) => Buffer.from(bytes).toString('base64'));
}
