import { describe, expect, it } from 'vitest';
import { flatString } from '../../reference/flat-strings.js';
import { UniqueHexIds } from '../../reference/unique-ids.js';

const fixedSeed = (byte: number): Uint8Array => new Uint8Array(64).fill(byte);

describe('UniqueHexIds', () => {
  it('writes prefix, lowercase hex digits and suffix', () => {
    const ids = new UniqueHexIds();
    expect(ids.forNumber(7, 64, '1220')).toMatch(/^1220[0-9a-f]{64}$/);
    expect(ids.forNumber(7, 64, '00', 'ca10000000000007')).toMatch(/^00[0-9a-f]{64}ca10000000000007$/);
    expect(ids.next(16)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives distinct ids (and distinct leading 32 digits) for distinct numbers', () => {
    const ids = new UniqueHexIds(fixedSeed(3));
    const numbers = [...Array.from({ length: 20_000 }, (_, n) => n), 2 ** 32, 2 ** 32 + 1, 2 ** 40, Number.MAX_SAFE_INTEGER];
    const full = new Set(numbers.map((n) => ids.forNumber(n, 64)));
    const leading = new Set(numbers.map((n) => ids.forNumber(n, 64).slice(0, 32)));
    expect(full.size).toBe(numbers.length);
    expect(leading.size).toBe(numbers.length);
  });

  it('depends on the seed and is repeatable for a given one', () => {
    expect(new UniqueHexIds(fixedSeed(1)).forNumber(5, 32)).toBe(new UniqueHexIds(fixedSeed(1)).forNumber(5, 32));
    expect(new UniqueHexIds(fixedSeed(1)).forNumber(5, 32)).not.toBe(new UniqueHexIds(fixedSeed(2)).forNumber(5, 32));
  });

  it('spreads consecutive numbers over all digits (ids look random)', () => {
    const ids = new UniqueHexIds(fixedSeed(9));
    const [a, b] = [ids.forNumber(100, 64), ids.forNumber(101, 64)];
    const differing = [...a].filter((digit, index) => digit !== b[index]).length;
    expect(differing).toBeGreaterThan(40);
  });

  it('makes version-4 UUIDs', () => {
    const ids = new UniqueHexIds();
    const uuids = Array.from({ length: 1000 }, () => ids.nextUuid());
    for (const uuid of uuids) expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(uuids).size).toBe(uuids.length);
  });

  it('rejects what it cannot make', () => {
    const ids = new UniqueHexIds();
    expect(() => ids.forNumber(-1, 64)).toThrow(/safe integer/);
    expect(() => ids.forNumber(1.5, 64)).toThrow(/safe integer/);
    expect(() => ids.forNumber(1, 12)).toThrow(/steps of 8/);
    expect(() => ids.forNumber(1, 136)).toThrow(/steps of 8/);
    expect(() => ids.forNumber(1, 8, 'x'.repeat(401))).toThrow(/at most 400/);
    expect(() => ids.forNumber(1, 8, 'é')).toThrow(/ASCII/);
    expect(() => new UniqueHexIds(new Uint8Array(10))).toThrow(/64 bytes/);
  });
});

describe('flatString', () => {
  it('returns the same text', () => {
    const concatenated = `${'ab'.repeat(10)}-${String(12345)}-${'cd'.repeat(10)}`;
    expect(flatString(concatenated)).toBe(concatenated);
    expect(flatString('')).toBe('');
  });

  it('leaves text that is not ASCII, or too long to copy, as it is', () => {
    for (const text of ['żółw-€-😀', '\ud800 lone surrogate', 'x'.repeat(5000)]) expect(flatString(text)).toBe(text);
  });
});
