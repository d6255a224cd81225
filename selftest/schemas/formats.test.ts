import { describe, expect, it } from 'vitest';
import { isAnnotationKey, isScanParticipantId, isUserId } from '../../specification/schemas/index.js';

describe('isUserId (Limits: user id)', () => {
  it('accepts every allowed punctuation character', () => {
    for (const character of "@^$.!`-#+'~_:()|") expect(isUserId(`a${character}b`), character).toBe(true);
  });
  it('rejects other characters, empty and over-long ids', () => {
    for (const id of ['', 'a b', 'a/b', 'a"b', 'a,b', 'a;b', 'ü', 'x'.repeat(129)]) expect(isUserId(id), id).toBe(false);
    expect(isUserId('x'.repeat(128))).toBe(true);
  });
});

describe('isAnnotationKey (Limits: annotation key)', () => {
  it.each(['a', 'A9', 'a.b-c_d', 'example.com/owner', 'Example-1.io/x', 'n'.repeat(63), `${'p'.repeat(253)}/n`])('accepts %j', (key) =>
    expect(isAnnotationKey(key)).toBe(true),
  );
  it.each([
    '',
    '-a',
    'a-',
    '_a',
    'a.',
    'a b',
    'a/b/c',
    '/a',
    'a/',
    'exa_mple.com/x',
    '-example.com/x',
    'example..com/x',
    'n'.repeat(64),
    `${'p'.repeat(254)}/n`,
  ])('rejects %j', (key) => expect(isAnnotationKey(key)).toBe(false));
});

describe('isScanParticipantId (PAR::id::fingerprint)', () => {
  it('accepts real participant ids in both profiles', () => {
    const id = 'PAR::validator-runbook::1220e92bbc9d4bb8e0a5c7f2d6a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c42f28';
    expect(isScanParticipantId(id, 'spec')).toBe(true);
    expect(isScanParticipantId(id, 'canton')).toBe(true);
  });
  it.each(['MED::a::b', 'PAR::a', 'PAR::::b', 'PAR::a::', 'PAR::a::b::c', 'par::a::b'])('rejects %j in both profiles', (id) => {
    expect(isScanParticipantId(id, 'spec')).toBe(false);
    expect(isScanParticipantId(id, 'canton')).toBe(false);
  });
  it("applies Canton's character set and lengths only in the canton profile", () => {
    for (const id of ['PAR::a@b::1220', `PAR::${'i'.repeat(186)}::1220`, `PAR::a::${'f'.repeat(69)}`]) {
      expect(isScanParticipantId(id, 'spec'), id).toBe(true);
      expect(isScanParticipantId(id, 'canton'), id).toBe(false);
    }
  });
});
