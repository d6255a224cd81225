/**
 * Canton's identifier grammar as Scan applies it to path parameters, with Canton's own error messages
 * (topology/Identifier.scala, topology/Member.scala, Daml-LF `IdString.Party`), so a client sees the
 * same 400 text a real Scan would print.
 *
 * unique identifier = <identifier>::<fingerprint>, split at the first `::`;
 * member            = <PAR|MED|SEQ>::<unique identifier>;
 * party / synchronizer id = a unique identifier (a party is also checked as a Daml-LF Party string first).
 * The unique identifier and the Daml-LF Party are read by reference/string-formats.ts.
 */
import { parseUniqueIdentifier, partyProblem, type Parsed, type UniqueIdentifier } from '../string-formats.js';

const DELIMITER = '::';
const MEMBER_CODES = ['PAR', 'MED', 'SEQ'] as const;

export type MemberCode = (typeof MEMBER_CODES)[number];

export interface Member {
  code: MemberCode;
  uid: UniqueIdentifier;
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

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
  const lfError = partyProblem(text);
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
