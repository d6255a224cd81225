/**
 * The ledger's string formats (Daml-LF value definitions, Canton identifiers and the user id limits).
 */
import fc from 'fast-check';
import { boundedLength, boundedString, DIGITS, exactLengthString, LETTERS, withBoundaries } from './boundaries.js';
import { Alphabet, SPREAD_SEED, seededString, Spread } from './seeded.js';

/** Daml-LF `LedgerString`: 1..255 characters of letters, digits and `#:-_/` and space. */
export const LEDGER_STRING = { alphabet: `${LETTERS}${DIGITS}#:-_/ `, maxLength: 255 } as const;

/** Canton unique identifier parts (`identifier::fingerprint`), Daml-LF party characters. */
export const PARTY_ID = {
  alphabet: `${LETTERS}${DIGITS}:-_ `,
  identifierMaxLength: 185,
  fingerprintMaxLength: 68,
  delimiter: '::',
} as const;

/** User ids: 1..128 ASCII letters, digits and these symbols. */
export const USER_ID = { alphabet: `${LETTERS}${DIGITS}@^$.!\`-#+'~_:()|`, maxLength: 128 } as const;

/** Daml-LF `Name`: a letter, `_` or `$`, then letters, digits, `_` or `$`; at most 1000 characters. */
export const NAME = { start: `${LETTERS}_$`, rest: `${LETTERS}${DIGITS}_$`, maxLength: 1000 } as const;

export function ledgerString(): fc.Arbitrary<string> {
  return boundedString(LEDGER_STRING.alphabet, 1, LEDGER_STRING.maxLength);
}

export function userIdString(): fc.Arbitrary<string> {
  return boundedString(USER_ID.alphabet, 1, USER_ID.maxLength);
}

export function nameString(): fc.Arbitrary<string> {
  const start = fc.constantFrom(...NAME.start);
  return withBoundaries(
    fc.oneof(
      start,
      fc.tuple(start, exactLengthString(NAME.rest, NAME.maxLength - 1)).map(([head, tail]) => head + tail),
    ),
    fc.tuple(start, seededString(NAME.rest, { minLength: 0, maxLength: NAME.maxLength - 1 })).map(([head, tail]) => head + tail),
  );
}

const PARTY_ID_CHARACTERS = new Alphabet(PARTY_ID.alphabet);

/**
 * A part of a Canton unique identifier (`identifier` or `fingerprint`). Neither may contain `::`, and
 * neither may start or end with `:`, or joining them would create a `::` other than the delimiter
 * (`a:` + `::` reads as a different split). The fix keeps the length, so the length boundaries survive.
 */
function uniqueIdentifierPart(spread: Spread, length: number): string {
  const raw = spread.text(PARTY_ID_CHARACTERS, length);
  if (!raw.includes(':')) return raw;
  // Every colon right after a colon becomes `_` (a run `:::` reads `:__`).
  return raw.replace(/:(:+)/g, (_run, rest: string) => `:${'_'.repeat(rest.length)}`).replace(/^:|:$/g, '_');
}

/**
 * `identifier::fingerprint` (party ids, synchronizer ids, the id part of member ids): both part lengths
 * with their boundaries (1 and the maximum) on purpose, the characters spread from one seed.
 */
export function uniqueIdentifier(): fc.Arbitrary<string> {
  return fc
    .tuple(boundedLength(1, PARTY_ID.identifierMaxLength), boundedLength(1, PARTY_ID.fingerprintMaxLength), SPREAD_SEED)
    .map(([identifierLength, fingerprintLength, seed]) => {
      const spread = new Spread(seed);
      const identifier = uniqueIdentifierPart(spread, identifierLength);
      return `${identifier}${PARTY_ID.delimiter}${uniqueIdentifierPart(spread, fingerprintLength)}`;
    });
}

export function partyIdString(): fc.Arbitrary<string> {
  return uniqueIdentifier();
}

/** A Canton-style fingerprint: "1220" + 64 hex digits (what real keys produce). */
export function keyFingerprint(): fc.Arbitrary<string> {
  return exactLengthString('0123456789abcdef', 64).map((hex) => `1220${hex}`);
}
