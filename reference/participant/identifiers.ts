/** Identifier syntaxes of the participant's inputs (Daml-LF LedgerString, Canton UniqueIdentifier, IDP id). */

const LEDGER_STRING = /^[A-Za-z0-9#:\-_ ]{1,255}$/;
const IDENTITY_PROVIDER_ID = /^[A-Za-z0-9_-]{0,255}$/;
const UID_PART = /^[A-Za-z0-9:\-_ ]+$/;
const MAX_UID_IDENTIFIER = 185;
const MAX_UID_FINGERPRINT = 68;

/** Daml-LF `LedgerString`: 1-255 characters of letters, digits, `#`, `:`, `-`, `_`, space. */
export function isLedgerString(value: string): boolean {
  return LEDGER_STRING.test(value);
}

/** An identity provider id: empty (the default IDP) or up to 255 of letters, digits, `-`, `_`. */
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
