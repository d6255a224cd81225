import { createHash } from 'node:crypto';

/** A small deterministic generator (mulberry32) so the seeded scan data is the same on every start. */
export class SeededRandom {
  private state: number;

  constructor(seedText: string) {
    this.state = createHash('sha256').update(seedText).digest().readUInt32BE(0);
  }

  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let value = this.state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return (value ^ (value >>> 14)) >>> 0;
  }

  /** An integer in [min, max]. */
  integer(min: number, max: number): number {
    return min + (this.nextUint32() % (max - min + 1));
  }
}

/** A Canton-style fingerprint: "1220" + 64 hex characters (a SHA-256 multihash). */
export function fingerprintOf(text: string): string {
  return `1220${createHash('sha256').update(text).digest('hex')}`;
}
