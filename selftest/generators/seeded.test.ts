/**
 * Seeded strings (one length and one seed per value instead of one arbitrary per character) must stay
 * interchangeable with fast-check's own strings: same alphabet, same length range under every size
 * setting, reproducible, and shrinking towards short and simple values.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { ledgerString, LEDGER_STRING, partyIdString, PARTY_ID } from '../../generators/primitives/strings.js';
import { seededBase64, seededString } from '../../generators/primitives/seeded.js';
import { SEED } from './support.js';

const ALPHABET = 'xyz0123456789';
const lengthsOf = (values: string[]) => values.map((value) => value.length);

describe('seeded strings', () => {
  afterEach(() => fc.resetConfigureGlobal());

  it('draw from the alphabet only and cover it', () => {
    const values = fc.sample(seededString(ALPHABET, { minLength: 0, maxLength: 40 }), { seed: SEED, numRuns: 500 });
    const used = new Set(values.join(''));
    expect([...used].filter((char) => !ALPHABET.includes(char))).toEqual([]);
    expect(used.size).toBe(ALPHABET.length);
  });

  it.each([undefined, 'xsmall', 'medium'] as const)('pick lengths in the range fc.string picks (base size %s)', (baseSize) => {
    if (baseSize !== undefined) fc.configureGlobal({ baseSize });
    for (const range of [
      { minLength: 0, maxLength: 40 },
      { minLength: 1, maxLength: 255 },
      { minLength: 3, maxLength: 7 },
    ]) {
      const seeded = lengthsOf(fc.sample(seededString(ALPHABET, range), { seed: SEED, numRuns: 2000 }));
      const native = lengthsOf(fc.sample(fc.string({ unit: fc.constantFrom(...ALPHABET), ...range }), { seed: SEED, numRuns: 2000 }));
      expect([Math.min(...seeded), Math.max(...seeded)], JSON.stringify(range)).toEqual([Math.min(...native), Math.max(...native)]);
    }
  });

  it('give base64 of a byte count in the range', () => {
    for (const text of fc.sample(seededBase64({ minLength: 1, maxLength: 96 }), { seed: SEED, numRuns: 500 })) {
      const bytes = Buffer.from(text, 'base64');
      expect(bytes.toString('base64')).toBe(text);
      expect(bytes.length).toBeGreaterThanOrEqual(1);
      expect(bytes.length).toBeLessThanOrEqual(96);
    }
  });

  it('reproduce with the seed and vary without it', () => {
    const arbitrary = seededString(ALPHABET, { minLength: 0, maxLength: 40 });
    expect(fc.sample(arbitrary, { seed: SEED, numRuns: 50 })).toEqual(fc.sample(arbitrary, { seed: SEED, numRuns: 50 }));
    expect(fc.sample(arbitrary, { seed: SEED + 1, numRuns: 50 })).not.toEqual(fc.sample(arbitrary, { seed: SEED, numRuns: 50 }));
  });

  it('shrink to the shortest failing length and the simplest characters', () => {
    const details = fc.check(
      fc.property(seededString(ALPHABET, { minLength: 0, maxLength: 40 }), (text) => text.length < 5),
      { seed: SEED },
    );
    expect(details.failed).toBe(true);
    expect(details.counterexample).toEqual(['xxxxx']);
  });

  it('shrink a failing ledger string to a valid one of the failing length (or the boundary it came from)', () => {
    const details = fc.check(
      fc.property(ledgerString(), (text) => text.length < 8),
      { seed: SEED },
    );
    expect(details.failed).toBe(true);
    const [shrunk] = details.counterexample as [string];
    expect([8, LEDGER_STRING.maxLength]).toContain(shrunk.length);
    expect(shrunk).toMatch(/^A+$/);
  });

  it('shrink a failing party id to a valid party id', () => {
    const details = fc.check(
      fc.property(partyIdString(), (party) => !party.includes('-')),
      { seed: SEED },
    );
    expect(details.failed).toBe(true);
    const [shrunk] = details.counterexample as [string];
    const split = shrunk.indexOf(PARTY_ID.delimiter);
    const [identifier, fingerprint] = [shrunk.slice(0, split), shrunk.slice(split + 2)];
    expect(shrunk).toContain('-');
    expect(shrunk).toMatch(/^[A-Za-z0-9:\-_ ]+$/);
    expect(identifier.length).toBeGreaterThanOrEqual(1);
    expect(identifier.length).toBeLessThanOrEqual(PARTY_ID.identifierMaxLength);
    expect(fingerprint.length).toBeGreaterThanOrEqual(1);
    expect(fingerprint.length).toBeLessThanOrEqual(PARTY_ID.fingerprintMaxLength);
    expect(identifier.endsWith(':') || fingerprint.startsWith(':') || fingerprint.includes('::')).toBe(false);
  });
});
