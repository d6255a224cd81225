import { describe, expect, it } from 'vitest';
import {
  annotationKeyParts,
  annotationNameHasAlphanumericEnds,
  annotationNameHasValidCharacters,
  annotationNameWithinMaxLength,
  annotationsByteSize,
  hasMemberIdForm,
  isAnnotationKeyPrefix,
  isAnnotationValue,
} from '../../specification/formats.js';
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

describe('the annotation rules one by one (specification/formats.ts)', () => {
  it('split a key at its first slash', () => {
    expect(annotationKeyParts('name')).toEqual({ name: 'name' });
    expect(annotationKeyParts('example.com/a/b')).toEqual({ prefix: 'example.com', name: 'a/b' });
  });
  it('state each rule of a key alone', () => {
    expect(isAnnotationKeyPrefix('example.com')).toBe(true);
    for (const prefix of ['', 'exa_mple.com', 'example..com', `${'p'.repeat(254)}`])
      expect(isAnnotationKeyPrefix(prefix), prefix).toBe(false);
    expect(annotationNameWithinMaxLength('n'.repeat(63))).toBe(true);
    expect(annotationNameWithinMaxLength('n'.repeat(64))).toBe(false);
    expect(annotationNameHasValidCharacters('-a.b_')).toBe(true);
    for (const name of ['a b', 'a/b', 'é']) expect(annotationNameHasValidCharacters(name), name).toBe(false);
    expect(annotationNameHasAlphanumericEnds('a')).toBe(true);
    expect(annotationNameHasAlphanumericEnds('a b')).toBe(true);
    for (const name of ['', '-a', 'a_', '.']) expect(annotationNameHasAlphanumericEnds(name), name).toBe(false);
  });
  it('a key is valid exactly when it keeps every rule of its parts', () => {
    for (const key of ['a', 'a/b', 'a/b/c', '/a', 'a/', '-x', 'x.y/z-1', 'é/x', `${'p'.repeat(253)}/n`, 'n'.repeat(64)]) {
      const { prefix, name } = annotationKeyParts(key);
      const parts =
        (prefix === undefined || isAnnotationKeyPrefix(prefix)) &&
        annotationNameWithinMaxLength(name) &&
        annotationNameHasValidCharacters(name) &&
        annotationNameHasAlphanumericEnds(name);
      expect(isAnnotationKey(key), key).toBe(parts);
    }
  });
  it('count keys and values in UTF-8 bytes, and want values non-empty', () => {
    expect(annotationsByteSize({ ab: 'é', c: '😀' })).toBe(2 + 2 + 1 + 4);
    expect(isAnnotationValue('')).toBe(false);
    expect(isAnnotationValue(' ')).toBe(true);
  });
});

describe('hasMemberIdForm (code::id::fingerprint)', () => {
  it('wants one of the codes, then a non-empty id and fingerprint, split at the first ::', () => {
    expect(hasMemberIdForm('MED::a::b', ['PAR', 'MED'])).toBe(true);
    for (const id of ['MED::a::b', 'PAR::a', 'PAR::::b', 'PAR::a::', 'PAR::a::b::c', 'par::a::b', 'PARx::a::b']) {
      expect(hasMemberIdForm(id, ['PAR']), id).toBe(false);
    }
  });
});
