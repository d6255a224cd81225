/**
 * Strings that break exactly one format rule each (and keep every other rule of the same field).
 */
import fc from 'fast-check';
import { exactLengthString } from '../primitives/boundaries.js';
import { LEDGER_STRING, NAME, PARTY_ID, USER_ID } from '../primitives/strings.js';

/** Inserts `bad` at a random position of a valid string; the length stays within the limit. */
function withCharacterInserted(valid: fc.Arbitrary<string>, bad: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(valid, bad, fc.nat()).map(([text, char, position]) => {
    const at = position % (text.length + 1);
    return text.slice(0, at) + char + text.slice(at);
  });
}

/** Characters outside every identifier alphabet used here (user ids, ledger strings, parties, names). */
export const FORBIDDEN_CHARACTERS = [' ', '/', '%', '"', '\\', '*', '&', '=', '?', ',', ';', '<', '>', '[', ']', '{', '}', 'é', '😀'];

const userIdForbidden = FORBIDDEN_CHARACTERS.filter((char) => !USER_ID.alphabet.includes(char));

export const invalidUserIds = {
  tooLong: () => exactLengthString(USER_ID.alphabet, USER_ID.maxLength + 1),
  forbiddenCharacter: () =>
    withCharacterInserted(
      fc.string({ unit: fc.constantFrom(...USER_ID.alphabet), maxLength: USER_ID.maxLength - 1 }),
      fc.constantFrom(...userIdForbidden),
    ),
  empty: () => fc.constant(''),
};

const ledgerForbidden = FORBIDDEN_CHARACTERS.filter((char) => !LEDGER_STRING.alphabet.includes(char));

export const invalidLedgerStrings = {
  tooLong: () => exactLengthString(LEDGER_STRING.alphabet, LEDGER_STRING.maxLength + 1),
  forbiddenCharacter: () =>
    withCharacterInserted(
      fc.string({ unit: fc.constantFrom(...LEDGER_STRING.alphabet), maxLength: LEDGER_STRING.maxLength - 1 }),
      fc.constantFrom(...ledgerForbidden),
    ),
  empty: () => fc.constant(''),
};

/** Names that do not start with a letter, `_` or `$`, or contain another character. */
export function invalidNameString(): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...'0123456789'), fc.string({ unit: fc.constantFrom(...NAME.rest), maxLength: 10 }))
      .map(([head, tail]) => head + tail),
    withCharacterInserted(
      fc
        .tuple(fc.constantFrom(...NAME.start), fc.string({ unit: fc.constantFrom(...NAME.rest), maxLength: 10 }))
        .map(([head, tail]) => head + tail),
      fc.constantFrom('-', '.', ' ', '!'),
    ).filter((name) => NAME.start.includes(name.charAt(0))),
    fc.constant(''),
  );
}

const partyForbidden = FORBIDDEN_CHARACTERS.filter((char) => !PARTY_ID.alphabet.includes(char));

/** Party id strings outside the Daml-LF party alphabet or longer than 255 characters. */
export function invalidPartyIdString(): fc.Arbitrary<string> {
  return fc.oneof(
    withCharacterInserted(fc.constantFrom('Alice::1220ab', 'x::y'), fc.constantFrom(...partyForbidden)),
    exactLengthString('abcdefghij', 256),
    fc.constant(''),
  );
}

/** Identifiers without the three `:`-separated parts of either reference format. */
export function identifierWithoutThreeParts(): fc.Arbitrary<string> {
  return fc.constantFrom('not-a-valid-template-id', 'Iou:Iou', '#CantonExamples:Iou', '#CantonExamples:Iou:Iou:Extra');
}

/** Identifiers with three parts, one of them malformed (an empty package name, a space, an empty module). */
export function identifierWithMalformedPart(): fc.Arbitrary<string> {
  return fc.constantFrom('#:Iou:Iou', 'pkg::Iou', '#Canton Examples:Iou:Iou');
}

/** Identifiers in neither reference format (`#name:Module:Entity`, `<package-id>:Module:Entity`). */
export function invalidQualifiedIdentifier(): fc.Arbitrary<string> {
  return fc.oneof(identifierWithoutThreeParts(), identifierWithMalformedPart());
}

/** Malformed Canton unique identifiers (`identifier::fingerprint`). */
export function invalidUniqueIdentifier(): fc.Arbitrary<string> {
  return fc.constantFrom(
    'no-delimiter',
    '::1220abcd',
    'global-synchronizer::',
    'global-synchronizer::1220::35-0',
    'bad!char::1220abcd',
    `${'a'.repeat(186)}::1220abcd`,
  );
}

/** Malformed member ids: unknown code, too short, no `::` after the code, no namespace. */
export function invalidMemberId(): fc.Arbitrary<string> {
  return fc.constantFrom(
    'XYZ::participant1::1220abcd',
    'PAR::a',
    'PARx:participant1::1220abcd',
    'PAR::participant1',
    'par::participant1::1220abcd',
  );
}
