/**
 * The reference target's one reading of the ledger's string formats (it shares no code with the suite, so
 * the two readings can disagree and a self-test catch it). Alphabets and lengths as Daml-LF's `Ref.scala`
 * and Canton's `UniqueIdentifier` define them; user ids as the spec's Limits table.
 */

/** Daml-LF LedgerString: letters, digits and `._:-#/` and space, 1 to 255 characters. */
export const LEDGER_STRING = /^[A-Za-z0-9._:\-#/ ]{1,255}$/;
/** UserIdString (spec Limits): letters, digits and `@^$.!`-#+'~_:()|`, 1 to 128 characters. */
export const USER_ID = /^[A-Za-z0-9@^$.!`\-#+'~_:()|]{1,128}$/;
/** Daml-LF Name: a letter, `_` or `$`, then letters, digits, `_`, `$`; at most 1000 characters. */
export const NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,999}$/;
/** Daml-LF Party: letters, digits and `:-_` and space, 1 to 255 characters. */
export const PARTY = /^[A-Za-z0-9:\-_ ]{1,255}$/;
/** An identity provider id: empty (the default IDP) or up to 255 of letters, digits, `-`, `_`. */
export const IDENTITY_PROVIDER_ID = /^[A-Za-z0-9_-]{0,255}$/;
/** A decimal integer written as text (query parameters, int64 in JSON strings). */
export const INTEGER_TEXT = /^-?\d+$/;

const UID_PART = /^[A-Za-z0-9:\-_ ]+$/;
const MAX_UID_IDENTIFIER = 185;
const MAX_UID_FINGERPRINT = 68;

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

export function isLedgerString(value: string): boolean {
  return LEDGER_STRING.test(value);
}

export function isIdentityProviderId(value: string): boolean {
  return IDENTITY_PROVIDER_ID.test(value);
}

/**
 * Canton's UniqueIdentifier `<identifier>::<fingerprint>`: the identifier at most 185 characters without
 * `::`, the fingerprint 1-68 characters, both of letters, digits, `:`, `-`, `_`, space.
 */
export function isUniqueIdentifier(value: string): boolean {
  const separator = value.indexOf('::');
  if (separator <= 0) return false;
  const identifier = value.slice(0, separator);
  const fingerprint = value.slice(separator + 2);
  return (
    identifier.length <= MAX_UID_IDENTIFIER &&
    UID_PART.test(identifier) &&
    fingerprint.length >= 1 &&
    fingerprint.length <= MAX_UID_FINGERPRINT &&
    !fingerprint.includes('::') &&
    UID_PART.test(fingerprint)
  );
}
