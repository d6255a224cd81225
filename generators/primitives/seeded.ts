/**
 * Strings and bytes spread from one generated seed by a small deterministic PRNG (mulberry32).
 *
 * Why: `fc.string({ unit })` and `fc.uint8Array` generate (and keep a shrink context for) one arbitrary
 * per character or byte, and composite strings (party ids, template ids) a dozen arbitraries each.
 * Bodies hold dozens of such strings, which made generation the bottleneck of a load run. Here a value
 * is a few generated integers (its lengths or part counts, and a seed), so a body costs far fewer
 * generate calls.
 *
 * Shrinking stays meaningful: lengths and counts shrink towards their minimum, and the seed towards 0,
 * which spreads into the simplest value (the alphabet's first character repeated, zero bytes, the
 * smallest pick). The same integers always give the same value, so a fixed fast-check seed reproduces
 * everything.
 */
import fc from 'fast-check';

/** The seed of a spread value; shrinks towards 0, the simplest value. */
export const SPREAD_SEED = fc.integer({ min: 0, max: 0x7fffffff });

/**
 * The characters of spread strings. Restricted to Latin-1 (every alphabet of the spec is ASCII), so
 * long strings are written into a byte buffer and decoded in one go: a flat string, where appending
 * character by character would leave a chain of string fragments for the garbage collector.
 */
export class Alphabet {
  readonly characters: readonly string[];
  readonly codes: Uint8Array;

  constructor(text: string) {
    this.characters = [...text];
    if (this.characters.length === 0) throw new Error('generators: a seeded string needs a non-empty alphabet');
    const beyondLatin1 = this.characters.find((character) => character.length !== 1 || character.charCodeAt(0) > 0xff);
    if (beyondLatin1 !== undefined) throw new Error(`generators: seeded alphabets are Latin-1 only, got "${beyondLatin1}"`);
    this.codes = Uint8Array.from(this.characters, (character) => character.charCodeAt(0));
  }
}

/** Below this length, appending characters gives a flat string (V8 makes fragments from 13 on). */
const APPEND_MAX_LENGTH = 12;
const scratch = Buffer.alloc(4096);

/** A stream of pseudo-random picks from one seed; seed 0 always picks the smallest choice. */
export class Spread {
  private state: number;

  constructor(private readonly seed: number) {
    this.state = seed;
  }

  /** 32 random bits (mulberry32 step). */
  private nextBits(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(this.state ^ (this.state >>> 15), this.state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return (mixed ^ (mixed >>> 14)) >>> 0;
  }

  /** An integer in [0, count). */
  below(count: number): number {
    if (this.seed === 0) return 0;
    return Math.floor((this.nextBits() / 4294967296) * count);
  }

  /** `length` characters of `alphabet` (two per PRNG step: 16 bits each are plenty for an alphabet). */
  text(alphabet: Alphabet, length: number): string {
    const { characters, codes } = alphabet;
    if (this.seed === 0) return characters[0]!.repeat(length);
    const count = codes.length;
    if (length <= APPEND_MAX_LENGTH) {
      let text = '';
      for (let index = 0; index < length; index += 2) {
        const bits = this.nextBits();
        text += characters[Math.floor(((bits >>> 16) / 65536) * count)];
        if (index + 1 < length) text += characters[Math.floor(((bits & 0xffff) / 65536) * count)];
      }
      return text;
    }
    const buffer = length <= scratch.length ? scratch : Buffer.alloc(length);
    for (let index = 0; index < length; index += 2) {
      const bits = this.nextBits();
      buffer[index] = codes[Math.floor(((bits >>> 16) / 65536) * count)]!;
      if (index + 1 < length) buffer[index + 1] = codes[Math.floor(((bits & 0xffff) / 65536) * count)]!;
    }
    return buffer.toString('latin1', 0, length);
  }

  /** `length` bytes. */
  bytes(length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    if (this.seed === 0) return bytes;
    for (let index = 0; index < length; index += 4) {
      const bits = this.nextBits();
      for (let offset = 0; offset < 4 && index + offset < length; offset++) bytes[index + offset] = (bits >>> (8 * offset)) & 0xff;
    }
    return bytes;
  }
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
export function generatedMaxLength({ minLength, maxLength }: LengthRange): number {
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

/** Lengths as `fc.string` / `fc.array` would pick them for this range (shrinking towards the minimum). */
export function generatedLength(range: LengthRange): fc.Arbitrary<number> {
  const { minLength, maxLength } = range;
  if (minLength < 0 || maxLength < minLength) throw new Error(`generators: invalid length range ${minLength}..${maxLength}`);
  const longest = generatedMaxLength(range);
  return minLength === longest ? fc.constant(minLength) : fc.integer({ min: minLength, max: longest });
}

/** Strings over `alphabet` whose length is drawn by `length`. */
export function seededText(alphabet: string, length: fc.Arbitrary<number>): fc.Arbitrary<string> {
  const characters = new Alphabet(alphabet);
  return fc.tuple(length, SPREAD_SEED).map(([textLength, seed]) => new Spread(seed).text(characters, textLength));
}

/** Strings over `alphabet` with a length in the range (as `fc.string` would pick it). */
export function seededString(alphabet: string, range: LengthRange): fc.Arbitrary<string> {
  return seededText(alphabet, generatedLength(range));
}

/** Base64 text of bytes with a length in the range (as `fc.uint8Array` would pick it). */
export function seededBase64(range: LengthRange): fc.Arbitrary<string> {
  return fc
    .tuple(generatedLength(range), SPREAD_SEED)
    .map(([length, seed]) => Buffer.from(new Spread(seed).bytes(length)).toString('base64'));
}
