/**
 * The reference target's one reading of the ledger's string formats (it shares no code with the suite, so
 * the two readings can disagree and a self-test catch it). Alphabets and lengths as Daml-LF's `Ref.scala`
 * and Canton's `UniqueIdentifier` define them; user ids as the spec's Limits table; annotation keys as
 * Canton's ResourceAnnotationValidator. Where Canton's message names the problem, the reading gives it too.
 */

/** Daml-LF LedgerString: letters, digits and `._:-#/` and space, 1 to 255 characters. */
export const LEDGER_STRING = /^[A-Za-z0-9._:\-#/ ]{1,255}$/;
/** UserIdString (spec Limits), as Daml-LF's `Ref.UserId` writes it in its message: letters, digits and `@^$.!`-#+'~_:()|`, 1 to 128 characters. */
export const USER_ID_PATTERN = "[a-zA-Z0-9@^$.!`\\-#+'~_|:\\(\\)]{1,128}";
export const USER_ID = new RegExp(`^${USER_ID_PATTERN}$`);
/** Daml-LF Name: a letter, `_` or `$`, then letters, digits, `_`, `$`; at most 1000 characters. */
export const NAME_MAX_LENGTH = 1000;
export const NAME = new RegExp(`^[A-Za-z_$][A-Za-z0-9_$]{0,${NAME_MAX_LENGTH - 1}}$`);
/** Daml-LF `PackageName`: letters, digits, `-`, `_`; 1 to 255 characters. */
export const PACKAGE_NAME = /^[A-Za-z0-9\-_]{1,255}$/;
/** Daml-LF `PackageVersion`: dot-separated non-negative integers without leading zeros. */
export const PACKAGE_VERSION = /^(0|[1-9][0-9]*)(\.(0|[1-9][0-9]*))*$/;
/** An identity provider id: empty (the default IDP) or up to 255 of letters, digits, `-`, `_`. */
export const IDENTITY_PROVIDER_ID = /^[A-Za-z0-9_-]{0,255}$/;
/** A decimal integer written as text (query parameters, int64 in JSON strings). */
export const INTEGER_TEXT = /^-?\d+$/;

const PARTY_CHARACTERS = 'A-Za-z0-9:\\-_ ';
const PARTY_MAX_LENGTH = 255;
/** Daml-LF Party: letters, digits and `:-_` and space, 1 to 255 characters. */
export const PARTY = new RegExp(`^[${PARTY_CHARACTERS}]{1,${PARTY_MAX_LENGTH}}$`);
const PARTY_CHARACTER = new RegExp(`^[${PARTY_CHARACTERS}]$`);

const NON_SUFFIXED_V1_CONTRACT_ID = /^00[0-9a-f]{64}$/;

const DELIMITER = '::';
const UID_IDENTIFIER_MAX_LENGTH = 185;
const UID_FINGERPRINT_MAX_LENGTH = 68;

/** Canton's `MaxAnnotationsSizeInKiloBytes`: keys and values together, in UTF-8. */
export const MAX_ANNOTATIONS_KILOBYTES = 256;
export const MAX_ANNOTATIONS_BYTES = MAX_ANNOTATIONS_KILOBYTES * 1024;
export const MAX_ANNOTATION_KEY_PREFIX_LENGTH = 253;
export const MAX_ANNOTATION_KEY_NAME_LENGTH = 63;
// Canton's patterns, `([a-zA-Z0-9]+[a-zA-Z0-9.\-_]*)?[a-zA-Z0-9]+` for a name and labels of
// `([a-zA-Z0-9]+[a-zA-Z0-9-]*)?[a-zA-Z0-9]+` joined by dots for a prefix, written in equivalent forms that
// cannot backtrack for long on a long invalid key (the original ones take exponential time there).
const ANNOTATION_KEY_NAME = /^[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?$/;
const DNS_LABEL = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;

/**
 * A Daml-LF ContractId as Canton 3.5 parses it (`Value.scala` ContractId.fromString): lower-case hex of whole
 * bytes, either V1 (`00`, a 32-byte discriminator, a suffix of at most 94 bytes) or V2 (`01`, a 12-byte local
 * part, a suffix of at most 33 bytes).
 */
export function isContractId(value: string): boolean {
  if (!/^(?:[0-9a-f]{2})+$/.test(value)) return false;
  const bytes = value.length / 2;
  if (value.startsWith('00')) return bytes >= 33 && bytes <= 33 + 94;
  if (value.startsWith('01')) return bytes >= 13 && bytes <= 13 + 33;
  return false;
}

/** A V1 contract id without suffix: `00` and its 32-byte discriminator only (a local id, never on the ledger). */
export function isNonSuffixedV1ContractId(value: string): boolean {
  return NON_SUFFIXED_V1_CONTRACT_ID.test(value);
}

export function isLedgerString(value: string): boolean {
  return LEDGER_STRING.test(value);
}

export function isIdentityProviderId(value: string): boolean {
  return IDENTITY_PROVIDER_ID.test(value);
}

/** Daml-LF's `Ref.UserId.fromString` message, or undefined for a valid user id. */
export function userIdProblem(value: string): string | undefined {
  return USER_ID.test(value) ? undefined : `User ID "${value}" does not match regex "${USER_ID_PATTERN}"`;
}

/**
 * The message of a Daml-LF string module (`ConcatenableMatchingStringModule`, IdString.scala) for `value`: empty,
 * too long, or the first character `character` does not allow; undefined for a valid value.
 */
export function lfStringProblem(value: string, character: RegExp, maxLength: number, description: string): string | undefined {
  if (value === '') return `${description} is empty`;
  if (value.length > maxLength) return `${description} is too long (max: ${maxLength})`;
  const bad = [...value].find((candidate) => !character.test(candidate));
  return bad === undefined ? undefined : `non expected character 0x${bad.codePointAt(0)!.toString(16)} in ${description} "${value}"`;
}

/** Daml-LF's `Ref.Party.fromString` message, or undefined for a valid party. */
export function partyProblem(value: string): string | undefined {
  return lfStringProblem(value, PARTY_CHARACTER, PARTY_MAX_LENGTH, 'Daml-LF Party');
}

/** A Canton party id: a Daml-LF party of the form `<hint>::<fingerprint>`, neither part empty. */
export function isPartyId(value: string): boolean {
  if (!PARTY.test(value)) return false;
  const separator = value.indexOf(DELIMITER);
  return separator > 0 && separator + DELIMITER.length < value.length;
}

export interface UniqueIdentifier {
  identifier: string;
  fingerprint: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Canton's `String.limit(n)`: long strings are cut and marked with an ellipsis. */
export function limitText(text: string, maxLength: number): string {
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 3)}...`;
}

function lengthError(text: string, maxLength: number): string {
  return (
    `The given string has a maximum length of ${maxLength} but a string of length ${text.length} ` +
    `('${limitText(text, maxLength + 50)}') was given`
  );
}

/**
 * A part of a unique identifier as Canton reads it (SafeSimpleString.fromProtoPrimitive, then the length of
 * the part's String type): a Daml-LF party without `::`, at most `maxLength` characters. Canton's message, or
 * undefined for a valid part.
 */
export function uniqueIdentifierPartProblem(text: string, maxLength: number): string | undefined {
  const lfError = partyProblem(text);
  if (lfError !== undefined) return lfError;
  if (text.includes(DELIMITER)) return `String contains reserved delimiter \`${DELIMITER}\`.`;
  if (text.length > maxLength) return lengthError(text, maxLength);
  return undefined;
}

/** `Fingerprint.fromProtoPrimitive`: a unique-identifier part of at most 68 characters. */
export function fingerprintProblem(text: string): string | undefined {
  return uniqueIdentifierPartProblem(text, UID_FINGERPRINT_MAX_LENGTH);
}

/** A party hint: the identifier part of the party's unique identifier (at most 185 characters). */
export function isPartyHint(text: string): boolean {
  return uniqueIdentifierPartProblem(text, UID_IDENTIFIER_MAX_LENGTH) === undefined;
}

/**
 * Canton's UniqueIdentifier `<identifier>::<fingerprint>`, split at the first `::`: the identifier at most 185
 * characters, the fingerprint 1-68, both Daml-LF party characters without `::`. Fails with Canton's message.
 */
export function parseUniqueIdentifier(text: string): Parsed<UniqueIdentifier> {
  const position = text.indexOf(DELIMITER);
  if (position === 0) return { ok: false, message: `Invalid unique identifier \`${text}\` with empty identifier.` };
  if (position < 0) {
    return {
      ok: false,
      message:
        text.length === 0
          ? 'Empty string is not a valid unique identifier.'
          : `Invalid unique identifier \`${text}\` with missing namespace.`,
    };
  }
  const identifier = text.slice(0, position);
  const fingerprint = text.slice(position + DELIMITER.length);
  const identifierError = uniqueIdentifierPartProblem(identifier, UID_IDENTIFIER_MAX_LENGTH);
  if (identifierError !== undefined) {
    return { ok: false, message: `Identifier decoding of \`${limitText(text, 200)}\` failed with: ${identifierError}` };
  }
  const fingerprintError = uniqueIdentifierPartProblem(fingerprint, UID_FINGERPRINT_MAX_LENGTH);
  if (fingerprintError !== undefined) {
    return {
      ok: false,
      message: `Fingerprint decoding of \`${limitText(text, 200)}\` failed with: StringConversionError(${fingerprintError},None)`,
    };
  }
  return { ok: true, value: { identifier, fingerprint } };
}

export function isUniqueIdentifier(value: string): boolean {
  return parseUniqueIdentifier(value).ok;
}

/** An annotation key's name: at most 63 letters, digits, `.`, `-`, `_`, starting and ending alphanumeric. */
export function annotationKeyNameProblem(name: string): 'too-long' | 'invalid-syntax' | undefined {
  if (name.length > MAX_ANNOTATION_KEY_NAME_LENGTH) return 'too-long';
  return ANNOTATION_KEY_NAME.test(name) ? undefined : 'invalid-syntax';
}

/** An annotation key's prefix: a DNS subdomain of at most 253 characters. */
export function annotationKeyPrefixProblem(prefix: string): 'too-long' | 'invalid-syntax' | undefined {
  if (prefix.length > MAX_ANNOTATION_KEY_PREFIX_LENGTH) return 'too-long';
  return prefix.split('.').every((label) => DNS_LABEL.test(label)) ? undefined : 'invalid-syntax';
}
