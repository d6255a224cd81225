/**
 * Ids that must be unique and look random, but need not be secret: update and contract ids, submission
 * ids, trace and correlation ids. Hashing or drawing random bytes for each one cost more than the rest of
 * a submission's id handling, so an id here is a counter mixed with a per-source random seed.
 *
 * Uniqueness: the first 32-bit word of an id is a bijection of the counter's low 32 bits, the second one
 * (given the first) a bijection of its high bits, so distinct counters below 2^53 give distinct ids.
 * The ids are written into a scratch buffer and read back as one flat string: concatenated strings would
 * be retained as trees of pieces by every update that keeps them.
 */
import { randomBytes } from 'node:crypto';

const SEED_WORDS = 16;
const MAX_HEX_DIGITS = 8 * SEED_WORDS;
const HEX_CODES = Buffer.from('0123456789abcdef', 'latin1');
const TWO_POW_32 = 2 ** 32;
const MAX_AFFIX_LENGTH = 400;

/** MurmurHash3's finaliser: a bijection of 32-bit integers that spreads every input bit over the output. */
function mix32(x: number): number {
  let h = x ^ (x >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class UniqueHexIds {
  private readonly seed = new Uint32Array(SEED_WORDS);
  private readonly scratch = Buffer.allocUnsafe(1024);
  private counter = 0;

  /** `seed`: 64 bytes; random unless given (tests that want repeatable ids). */
  constructor(seed: Uint8Array = randomBytes(4 * SEED_WORDS)) {
    if (seed.length !== 4 * SEED_WORDS) throw new Error(`UniqueHexIds needs a seed of ${4 * SEED_WORDS} bytes, got ${seed.length}`);
    const bytes = Buffer.from(seed.buffer, seed.byteOffset, seed.length);
    for (let i = 0; i < SEED_WORDS; i += 1) this.seed[i] = bytes.readUInt32LE(4 * i);
  }

  /**
   * `prefix`, then `digits` lowercase hex digits determined by `n`, then `suffix` (prefix and suffix in
   * ASCII, at most `MAX_AFFIX_LENGTH` characters each). `n` is a safe integer ≥ 0; `digits` a multiple of 8, at most 128.
   * Distinct `n` give distinct digits when `digits` ≥ 16, and distinct first 8 digits when below 2^32.
   */
  forNumber(n: number, digits: number, prefix = '', suffix = ''): string {
    if (prefix.length > MAX_AFFIX_LENGTH || suffix.length > MAX_AFFIX_LENGTH) {
      throw new Error(`UniqueHexIds: prefix and suffix may have at most ${MAX_AFFIX_LENGTH} characters`);
    }
    let at = writeAscii(this.scratch, 0, prefix);
    at = this.writeHex(n, digits, at);
    at = writeAscii(this.scratch, at, suffix);
    return this.scratch.toString('latin1', 0, at);
  }

  /** The next id of this source's own counter (see `forNumber`). */
  next(digits: number, prefix = '', suffix = ''): string {
    this.counter += 1;
    return this.forNumber(this.counter, digits, prefix, suffix);
  }

  /** The next id in the form of a random (version 4) UUID, `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`. */
  nextUuid(): string {
    this.counter += 1;
    const { scratch } = this;
    this.writeHex(this.counter, 32, 0);
    // Lay the 32 digits out at 64.. with dashes, the version digit and the variant bits.
    let to = 64;
    for (let from = 0; from < 32; from += 1) {
      if (from === 8 || from === 12 || from === 16 || from === 20) scratch[to++] = DASH;
      scratch[to++] = scratch[from] as number;
    }
    scratch[64 + 14] = HEX_CODES[4] as number;
    scratch[64 + 19] = HEX_CODES[8 + (hexValue(scratch[64 + 19] as number) & 3)] as number;
    return scratch.toString('latin1', 64, to);
  }

  private writeHex(n: number, digits: number, start: number): number {
    if (digits % 8 !== 0 || digits <= 0 || digits > MAX_HEX_DIGITS || !Number.isSafeInteger(n) || n < 0) {
      throw new Error(
        `UniqueHexIds: need a safe integer n ≥ 0 and 8..${MAX_HEX_DIGITS} hex digits in steps of 8 (got n=${n}, digits=${digits})`,
      );
    }
    const { scratch, seed } = this;
    let at = start;
    let word = mix32((n >>> 0) ^ (seed[0] as number));
    at = writeWord(scratch, at, word);
    word = mix32((Math.floor(n / TWO_POW_32) ^ (seed[1] as number) ^ word) >>> 0);
    for (let i = 1; i < digits / 8; i += 1) {
      at = writeWord(scratch, at, word);
      word = mix32((word + (seed[(i + 1) % SEED_WORDS] as number)) >>> 0);
    }
    return at;
  }
}

const DASH = 0x2d;

function hexValue(code: number): number {
  return code <= 0x39 ? code - 0x30 : code - 0x57;
}

/** Writes `text` (ASCII) at `at`, returns the position after it. A loop beats `Buffer.write` for a few characters. */
function writeAscii(target: Buffer, at: number, text: string): number {
  let to = at;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0x7f) throw new Error(`UniqueHexIds: prefix and suffix must be ASCII, got ${JSON.stringify(text)}`);
    target[to++] = code;
  }
  return to;
}

function writeWord(target: Buffer, at: number, word: number): number {
  let to = at;
  for (let shift = 28; shift >= 0; shift -= 4) target[to++] = HEX_CODES[(word >>> shift) & 15] as number;
  return to;
}
