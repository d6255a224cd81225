/**
 * Canton's identifier grammar as Scan applies it to path parameters, with Canton's own error messages
 * (topology/Identifier.scala, topology/Member.scala, Daml-LF `IdString.Party`), so a client sees the
 * same 400 text a real Scan would print.
 *
 * unique identifier = <identifier>::<fingerprint>, split at the first `::`;
 * member            = <PAR|MED|SEQ>::<unique identifier>;
 * party / synchronizer id = a unique identifier (a party is also checked as a Daml-LF Party string first).
 */

const DELIMITER = '::';
const LF_PARTY_MAX_LENGTH = 255;
const IDENTIFIER_MAX_LENGTH = 185;
const FINGERPRINT_MAX_LENGTH = 68;
const MEMBER_CODES = ['PAR', 'MED', 'SEQ'] as const;

export type MemberCode = (typeof MEMBER_CODES)[number];

export interface UniqueIdentifier {
  identifier: string;
  fingerprint: string;
}

export interface Member {
  code: MemberCode;
  uid: UniqueIdentifier;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

const LF_PARTY_CHARACTER = /^[A-Za-z0-9:\-_ ]$/;

/** Daml-LF's `Party.fromString`: non-empty, at most 255 characters of letters, digits, `:`, `-`, `_`, space. */
export function checkLfParty(text: string): string | undefined {
  if (text.length === 0) return 'Daml-LF Party is empty';
  if (text.length > LF_PARTY_MAX_LENGTH) return `Daml-LF Party is too long (max: ${LF_PARTY_MAX_LENGTH})`;
  for (const character of text) {
    if (!LF_PARTY_CHARACTER.test(character)) {
      const code = character.codePointAt(0) ?? 0;
      return `non expected character 0x${code.toString(16)} in Daml-LF Party "${text}"`;
    }
  }
  return undefined;
}

/** Canton's `String.limit(n)`: long strings are cut and marked with an ellipsis. */
function limit(text: string, maxLength: number): string {
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 3)}...`;
}

function lengthError(text: string, maxLength: number): string {
  return (
    `The given string has a maximum length of ${maxLength} but a string of length ${text.length} ` +
    `('${limit(text, maxLength + 50)}') was given`
  );
}

// SafeSimpleString.fromProtoPrimitive followed by the length check of the part's String type.
function checkSimpleString(text: string, maxLength: number): string | undefined {
  const lfError = checkLfParty(text);
  if (lfError !== undefined) return lfError;
  if (text.includes(DELIMITER)) return `String contains reserved delimiter \`${DELIMITER}\`.`;
  if (text.length > maxLength) return lengthError(text, maxLength);
  return undefined;
}

export function parseUniqueIdentifier(text: string): Parsed<UniqueIdentifier> {
  const position = text.indexOf(DELIMITER);
  if (position === 0) return fail(`Invalid unique identifier \`${text}\` with empty identifier.`);
  if (position < 0) {
    return text.length === 0
      ? fail('Empty string is not a valid unique identifier.')
      : fail(`Invalid unique identifier \`${text}\` with missing namespace.`);
  }
  const identifier = text.slice(0, position);
  const fingerprint = text.slice(position + DELIMITER.length);
  const identifierError = checkSimpleString(identifier, IDENTIFIER_MAX_LENGTH);
  if (identifierError !== undefined) {
    return fail(`Identifier decoding of \`${limit(text, 200)}\` failed with: ${identifierError}`);
  }
  const fingerprintError = checkSimpleString(fingerprint, FINGERPRINT_MAX_LENGTH);
  if (fingerprintError !== undefined) {
    return fail(`Fingerprint decoding of \`${limit(text, 200)}\` failed with: StringConversionError(${fingerprintError},None)`);
  }
  return ok({ identifier, fingerprint });
}

/** Member.fromProtoPrimitive_: length, delimiter, code, then the unique identifier, in that order. */
export function parseMember(text: string): Parsed<Member> {
  const codeLength = 3;
  if (text.length <= codeLength + 2 * DELIMITER.length) {
    return fail(`Invalid member \`${text}\`, expecting <three-letter-code>::id::fingerprint.`);
  }
  if (text.slice(codeLength, codeLength + DELIMITER.length) !== DELIMITER) {
    return fail(`Expected delimiter ${DELIMITER} after three letter code of \`${text}\``);
  }
  const code = text.slice(0, codeLength);
  if (!(MEMBER_CODES as readonly string[]).includes(code)) return fail(`Unknown three letter type ${code}`);
  const uid = parseUniqueIdentifier(text.slice(codeLength + DELIMITER.length));
  if (!uid.ok) return uid;
  return ok({ code: code as MemberCode, uid: uid.value });
}

/**
 * PartyId.fromProtoPrimitive(_, "partyId"): Scan prints the error object itself, so the message keeps
 * its Scala case-class wrapper.
 */
export function parsePartyId(text: string): Parsed<UniqueIdentifier> {
  const lfError = checkLfParty(text);
  const parsed = lfError === undefined ? parseUniqueIdentifier(text) : fail<UniqueIdentifier>(lfError);
  return parsed.ok ? parsed : fail(`ValueConversionError(partyId,${parsed.message})`);
}

export function parseSynchronizerId(text: string): Parsed<UniqueIdentifier> {
  return parseUniqueIdentifier(text);
}

export function uidToString(uid: UniqueIdentifier): string {
  return `${uid.identifier}${DELIMITER}${uid.fingerprint}`;
}

export function memberToString(member: Member): string {
  return `${member.code}${DELIMITER}${uidToString(member.uid)}`;
}

const PRETTY_FINGERPRINT_LENGTH = 12;

/** Canton's pretty-printer, used in every message: the fingerprint is cut to 12 characters plus `...`. */
export function prettyUid(uid: UniqueIdentifier): string {
  const fingerprint =
    uid.fingerprint.length > PRETTY_FINGERPRINT_LENGTH ? `${uid.fingerprint.slice(0, PRETTY_FINGERPRINT_LENGTH)}...` : uid.fingerprint;
  return `${uid.identifier}${DELIMITER}${fingerprint}`;
}

export function prettyMember(member: Member): string {
  return `${member.code}${DELIMITER}${prettyUid(member.uid)}`;
}
