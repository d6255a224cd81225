/**
 * The string formats of the spec, read once on the suite's side: the generators draw values from these
 * definitions, the schemas validate with them, and the suites re-check a shrunk invalid input against them.
 * (The reference target keeps its own reading, independently.)
 *
 * Alphabets and lengths are Daml-LF's (`Ref.scala`: LedgerString "._:-#/ " + letters and digits up to 255;
 * Party ":-_ " up to 255; Name a letter, `_` or `$` then also digits, up to 1000), Canton's unique identifiers
 * (`identifier::fingerprint`, 185 and 68 characters) and the spec's Limits table (user ids, annotation keys).
 */

export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const DIGITS = '0123456789';
export const HEX_DIGITS = '0123456789abcdef';

export interface StringFormat {
  /** Every character the format allows. */
  alphabet: string;
  minLength: number;
  maxLength: number;
}

/** Daml-LF `LedgerString`: 1..255 letters, digits and `._:-#/` and space. */
export const LEDGER_STRING: StringFormat = { alphabet: `${LETTERS}${DIGITS}._:-#/ `, minLength: 1, maxLength: 255 };

/** Daml-LF `Party` (the spec's PartyIdString): 1..255 letters, digits and `:-_` and space. */
export const PARTY_ID_STRING: StringFormat = { alphabet: `${LETTERS}${DIGITS}:-_ `, minLength: 1, maxLength: 255 };

/** The spec's Limits: user ids are 1..128 ASCII letters, digits and ``@ ^ $ . ! ` - # + ' ~ _ : ( ) |``. */
export const USER_ID: StringFormat = { alphabet: `${LETTERS}${DIGITS}@^$.!\`-#+'~_:()|`, minLength: 1, maxLength: 128 };

/** Daml-LF `Name` (NameString): a letter, `_` or `$`, then letters, digits, `_`, `$`; 1..1000 characters. */
export const NAME = { start: `${LETTERS}_$`, rest: `${LETTERS}${DIGITS}_$`, minLength: 1, maxLength: 1000 } as const;

/** Canton unique identifiers `identifier::fingerprint` (party, synchronizer and member ids). */
export const UNIQUE_IDENTIFIER = {
  alphabet: `${LETTERS}${DIGITS}:-_ `,
  identifierMaxLength: 185,
  fingerprintMaxLength: 68,
  delimiter: '::',
} as const;

/** Daml-LF package names (for `#<package-name>:Module:Entity`): letters, digits, `-` and `_`. */
export const PACKAGE_NAME: StringFormat = { alphabet: `${LETTERS}${DIGITS}-_`, minLength: 1, maxLength: 255 };

/** Annotation keys (Limits): an optional DNS-subdomain prefix of at most 253 characters and `/`, and a name of at most 63. */
export const ANNOTATION_KEY = { prefixMaxLength: 253, nameMaxLength: 63, nameAlphabet: `${LETTERS}${DIGITS}.-_` } as const;

/** Annotations (Limits): at most 256 kB over all keys and values, in UTF-8. */
export const ANNOTATIONS_MAX_BYTES = 256 * 1024;

function within(format: StringFormat, value: string): boolean {
  if (value.length < format.minLength || value.length > format.maxLength) return false;
  for (const character of value) if (!format.alphabet.includes(character)) return false;
  return true;
}

export const isLedgerString = (value: unknown): boolean => typeof value === 'string' && within(LEDGER_STRING, value);
export const isPartyIdString = (value: unknown): boolean => typeof value === 'string' && within(PARTY_ID_STRING, value);
export const isUserId = (value: unknown): boolean => typeof value === 'string' && within(USER_ID, value);

export const isNameString = (value: unknown): boolean =>
  typeof value === 'string' &&
  value.length >= NAME.minLength &&
  value.length <= NAME.maxLength &&
  NAME.start.includes(value.charAt(0)) &&
  [...value.slice(1)].every((character) => NAME.rest.includes(character));

const DOTTED_NAME = '[A-Za-z_$][A-Za-z0-9_$]*(?:\\.[A-Za-z_$][A-Za-z0-9_$]*)*';
const IDENTIFIER = new RegExp(`^(?:#[A-Za-z0-9_-]+|[0-9a-f]{64}):${DOTTED_NAME}:${DOTTED_NAME}$`);

/** A template or interface id in either reference format: `#<package-name>:Module:Entity` or `<package-id>:Module:Entity`. */
export const isQualifiedIdentifier = (value: unknown): boolean => typeof value === 'string' && IDENTIFIER.test(value);

export interface UniqueIdentifierParts {
  identifier: string;
  fingerprint: string;
}

/**
 * The form `identifier::fingerprint` (the spec's id and member forms): split at the first `::`, both parts
 * non-empty and the fingerprint without `::`; undefined when `value` lacks that form.
 */
export function uniqueIdentifierParts(value: string): UniqueIdentifierParts | undefined {
  const split = value.indexOf(UNIQUE_IDENTIFIER.delimiter);
  if (split <= 0) return undefined;
  const fingerprint = value.slice(split + UNIQUE_IDENTIFIER.delimiter.length);
  if (fingerprint === '' || fingerprint.includes(UNIQUE_IDENTIFIER.delimiter)) return undefined;
  return { identifier: value.slice(0, split), fingerprint };
}

/** A Canton unique identifier: its form, with Canton's alphabet and lengths for both parts. */
export function isUniqueIdentifier(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const parts = uniqueIdentifierParts(value);
  if (parts === undefined) return false;
  const characters = (part: string) => [...part].every((character) => UNIQUE_IDENTIFIER.alphabet.includes(character));
  return (
    parts.identifier.length <= UNIQUE_IDENTIFIER.identifierMaxLength &&
    parts.fingerprint.length <= UNIQUE_IDENTIFIER.fingerprintMaxLength &&
    characters(parts.identifier) &&
    characters(parts.fingerprint)
  );
}

/** The spec's member ids (scan): `code::id::fingerprint` with a code of `codes` and the unique identifier's form. */
export function hasMemberIdForm(value: string, codes: readonly string[]): boolean {
  return codes.some((code) => {
    const prefix = `${code}${UNIQUE_IDENTIFIER.delimiter}`;
    return value.startsWith(prefix) && uniqueIdentifierParts(value.slice(prefix.length)) !== undefined;
  });
}

const DNS_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const DNS_SUBDOMAIN = new RegExp(`^${DNS_LABEL}(?:\\.${DNS_LABEL})*$`);
const ALPHANUMERIC = `${LETTERS}${DIGITS}`;

/** An annotation key's prefix (before its first `/`, when it has one) and name (the rest). */
export function annotationKeyParts(key: string): { prefix?: string; name: string } {
  const slash = key.indexOf('/');
  return slash === -1 ? { name: key } : { prefix: key.slice(0, slash), name: key.slice(slash + 1) };
}

/** Limits: a key prefix is a DNS subdomain of at most 253 characters. */
export function isAnnotationKeyPrefix(prefix: string): boolean {
  return prefix.length <= ANNOTATION_KEY.prefixMaxLength && DNS_SUBDOMAIN.test(prefix);
}

/** Limits: a key name has at most 63 characters. */
export function annotationNameWithinMaxLength(name: string): boolean {
  return name.length <= ANNOTATION_KEY.nameMaxLength;
}

/** Limits: a key name is made of letters, digits, `.`, `-` and `_`. */
export function annotationNameHasValidCharacters(name: string): boolean {
  return [...name].every((character) => ANNOTATION_KEY.nameAlphabet.includes(character));
}

/** Limits: a key name starts and ends with a letter or digit (so it is not empty). */
export function annotationNameHasAlphanumericEnds(name: string): boolean {
  return name !== '' && ALPHANUMERIC.includes(name.charAt(0)) && ALPHANUMERIC.includes(name.charAt(name.length - 1));
}

/** Limits: an annotation's value is not empty. */
export function isAnnotationValue(value: string): boolean {
  return value !== '';
}

/** The UTF-8 bytes of all keys and values, which Limits bound by 256 KiB. */
export function annotationsByteSize(annotations: Record<string, string>): number {
  return Object.entries(annotations).reduce((total, [key, value]) => total + Buffer.byteLength(key) + Buffer.byteLength(value), 0);
}

/** Limits: an optional prefix (DNS subdomain, ≤ 253) and `/`, then a name (≤ 63) of letters, digits, `.-_`, starting and ending alphanumeric. */
export function isAnnotationKey(key: unknown): boolean {
  if (typeof key !== 'string') return false;
  const { prefix, name } = annotationKeyParts(key);
  return (
    (prefix === undefined || isAnnotationKeyPrefix(prefix)) &&
    annotationNameWithinMaxLength(name) &&
    annotationNameHasValidCharacters(name) &&
    annotationNameHasAlphanumericEnds(name)
  );
}

/** The string formats a generator tag can name, and the predicate that tells whether a value keeps it. */
export const STRING_FORMATS = {
  'ledger-string': isLedgerString,
  'party-id-string': isPartyIdString,
  'user-id': isUserId,
  'name-string': isNameString,
  'qualified-identifier': isQualifiedIdentifier,
  'unique-identifier': isUniqueIdentifier,
  'annotation-key': isAnnotationKey,
} as const;

export type StringFormatName = keyof typeof STRING_FORMATS;
