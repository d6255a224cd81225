import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMember, parsePartyId, parseUniqueIdentifier, prettyUid } from '../../reference/scan/index.js';

const fingerprint = `1220${'ab'.repeat(32)}`;

function messageOf(result: { ok: true } | { ok: false; message: string }): string {
  if (result.ok) throw new Error('expected a parse failure');
  return result.message;
}

describe('Canton unique identifiers', () => {
  it('splits at the first :: and accepts single colons in the identifier', () => {
    expect(parseUniqueIdentifier(`:is::ok`)).toEqual({ ok: true, value: { identifier: ':is', fingerprint: 'ok' } });
    expect(parseUniqueIdentifier(`wrong-party-id::123321321`).ok).toBe(true);
  });

  it('names each way an identifier can be malformed', () => {
    expect(messageOf(parseUniqueIdentifier('alice'))).toBe('Invalid unique identifier `alice` with missing namespace.');
    expect(messageOf(parseUniqueIdentifier('::x'))).toBe('Invalid unique identifier `::x` with empty identifier.');
    expect(messageOf(parseUniqueIdentifier(''))).toBe('Empty string is not a valid unique identifier.');
    expect(messageOf(parseUniqueIdentifier('Bank::'))).toBe(
      'Fingerprint decoding of `Bank::` failed with: StringConversionError(Daml-LF Party is empty,None)',
    );
    expect(messageOf(parseUniqueIdentifier('a@b::c'))).toBe(
      'Identifier decoding of `a@b::c` failed with: non expected character 0x40 in Daml-LF Party "a@b"',
    );
    expect(messageOf(parseUniqueIdentifier('a::b::c'))).toMatch(/^Fingerprint decoding of `a::b::c` failed with: .*reserved delimiter/);
  });

  it('limits the identifier to 185 and the fingerprint to 68 characters', () => {
    expect(parseUniqueIdentifier(`${'a'.repeat(185)}::${'f'.repeat(68)}`).ok).toBe(true);
    expect(messageOf(parseUniqueIdentifier(`${'a'.repeat(186)}::f`))).toMatch(/^Identifier decoding of .*maximum length of 185/);
    expect(messageOf(parseUniqueIdentifier(`a::${'f'.repeat(69)}`))).toMatch(/^Fingerprint decoding of .*maximum length of 68/);
  });

  it('parses every identifier built from the allowed alphabet', () => {
    const part = (max: number) => fc.stringMatching(/^[A-Za-z0-9\-_ ]+$/).filter((text) => text.length <= max);
    fc.assert(
      fc.property(part(185), part(68), (identifier, fp) => {
        expect(parseUniqueIdentifier(`${identifier}::${fp}`)).toEqual({ ok: true, value: { identifier, fingerprint: fp } });
      }),
      { seed: 4242, numRuns: 200 },
    );
  });

  it('shortens fingerprints to 12 characters in messages', () => {
    expect(prettyUid({ identifier: 'alice', fingerprint })).toBe('alice::1220abababab...');
    expect(prettyUid({ identifier: 'x', fingerprint: '123321321' })).toBe('x::123321321');
  });
});

describe('Canton member ids', () => {
  it('accepts PAR, MED and SEQ members', () => {
    for (const code of ['PAR', 'MED', 'SEQ']) {
      expect(parseMember(`${code}::node::${fingerprint}`)).toEqual({
        ok: true,
        value: { code, uid: { identifier: 'node', fingerprint } },
      });
    }
  });

  it('checks length, delimiter, code and unique identifier in that order', () => {
    expect(messageOf(parseMember('PAR::ab'))).toBe('Invalid member `PAR::ab`, expecting <three-letter-code>::id::fingerprint.');
    expect(messageOf(parseMember('PARX:alice::fp'))).toBe('Expected delimiter :: after three letter code of `PARX:alice::fp`');
    expect(messageOf(parseMember('par::alice::fp'))).toBe('Unknown three letter type par');
    expect(messageOf(parseMember('XYZ::alice'))).toBe('Unknown three letter type XYZ');
    expect(messageOf(parseMember('PAR::alice'))).toBe('Invalid unique identifier `alice` with missing namespace.');
  });
});

describe('party ids', () => {
  it('wraps errors in ValueConversionError(partyId, ...)', () => {
    expect(messageOf(parsePartyId('alice'))).toBe(
      'ValueConversionError(partyId,Invalid unique identifier `alice` with missing namespace.)',
    );
    expect(messageOf(parsePartyId('al!ce::fp'))).toBe(
      'ValueConversionError(partyId,non expected character 0x21 in Daml-LF Party "al!ce::fp")',
    );
    expect(messageOf(parsePartyId('a'.repeat(256)))).toBe('ValueConversionError(partyId,Daml-LF Party is too long (max: 255))');
  });
});
