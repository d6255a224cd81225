/**
 * The ledger's string formats (Daml-LF value definitions, Canton identifiers and the user id limits), drawn
 * from the single reading of them in `specification/formats.ts`. Every value shrinks character by character.
 */
import fc from 'fast-check';
import { LEDGER_STRING, NAME, UNIQUE_IDENTIFIER, USER_ID } from '../../specification/formats.js';
import { boundedString } from './boundaries.js';
import { hexDigits, sizedText, textOf } from './text.js';

export { LEDGER_STRING, NAME, USER_ID } from '../../specification/formats.js';
export { UNIQUE_IDENTIFIER as PARTY_ID } from '../../specification/formats.js';

export function ledgerString(): fc.Arbitrary<string> {
  return boundedString(LEDGER_STRING.alphabet, LEDGER_STRING.minLength, LEDGER_STRING.maxLength);
}

export function userIdString(): fc.Arbitrary<string> {
  return boundedString(USER_ID.alphabet, USER_ID.minLength, USER_ID.maxLength);
}

/** A Daml name: its first character, then the rest (up to the maximum, boundary included). */
export function nameString(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...NAME.start), sizedText(NAME.rest, { minLength: 0, maxLength: NAME.maxLength - 1 }))
    .map(([head, tail]) => head + tail);
}

/**
 * A part of a Canton unique identifier (`identifier` or `fingerprint`). Neither may contain `::`, and
 * neither may start or end with `:`, or joining them would create a `::` other than the delimiter. The fix
 * keeps the length, so the length boundaries survive, and keeps shrinking character-wise.
 */
function uniqueIdentifierPart(maxLength: number): fc.Arbitrary<string> {
  return sizedText(UNIQUE_IDENTIFIER.alphabet, { minLength: 1, maxLength }).map((raw) =>
    raw.includes(':') ? raw.replace(/:(:+)/g, (_run, rest: string) => `:${'_'.repeat(rest.length)}`).replace(/^:|:$/g, '_') : raw,
  );
}

/** `identifier::fingerprint` (party ids, synchronizer ids, the id part of member ids), part lengths with their boundaries. */
export function uniqueIdentifier(): fc.Arbitrary<string> {
  return fc
    .tuple(uniqueIdentifierPart(UNIQUE_IDENTIFIER.identifierMaxLength), uniqueIdentifierPart(UNIQUE_IDENTIFIER.fingerprintMaxLength))
    .map(([identifier, fingerprint]) => `${identifier}${UNIQUE_IDENTIFIER.delimiter}${fingerprint}`);
}

export function partyIdString(): fc.Arbitrary<string> {
  return uniqueIdentifier();
}

/** A Canton-style fingerprint: "1220" + 64 hex digits (what real keys produce). */
export function keyFingerprint(): fc.Arbitrary<string> {
  return hexDigits(64).map((hex) => `1220${hex}`);
}

/** Printable text (contract key texts and the like). */
export function printableText(range: { minLength: number; maxLength: number }): fc.Arbitrary<string> {
  const printable = String.fromCharCode(...Array.from({ length: 0x7f - 0x20 }, (_unused, index) => 0x20 + index));
  return textOf(printable, range);
}
