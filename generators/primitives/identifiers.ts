/**
 * Template and interface identifiers in both reference formats: `#<package-name>:<Module>:<Entity>`
 * (package-name) and `<64-hex package-id>:<Module>:<Entity>` (package-id, deprecated but accepted).
 */
import fc from 'fast-check';
import { DIGITS, exactLengthString, HEX_DIGITS, LETTERS } from './boundaries.js';
import { seededString } from './seeded.js';

export type IdentifierFormat = 'package-name' | 'package-id';

const dottedNamePart = fc
  .tuple(fc.constantFrom(...LETTERS), seededString(`${LETTERS}${DIGITS}_`, { minLength: 0, maxLength: 12 }))
  .map(([head, tail]) => head + tail);

/** Module and entity names: one or more Daml names joined by dots. */
export function dottedName(): fc.Arbitrary<string> {
  return fc.array(dottedNamePart, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));
}

/** Daml package names: a letter, then letters, digits, `-` and `_`. */
export function packageName(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...LETTERS), seededString(`${LETTERS}${DIGITS}-_`, { minLength: 0, maxLength: 20 }))
    .map(([head, tail]) => head + tail);
}

export function packageId(): fc.Arbitrary<string> {
  return exactLengthString(HEX_DIGITS, 64);
}

/** A syntactically valid identifier of any (probably unknown) package, in either format. */
export function qualifiedIdentifier(format?: IdentifierFormat): fc.Arbitrary<string> {
  const byName = fc
    .tuple(packageName(), dottedName(), dottedName())
    .map(([name, module, entity]) => `#${name}:${module}:${entity}`);
  const byId = fc
    .tuple(packageId(), dottedName(), dottedName())
    .map(([id, module, entity]) => `${id}:${module}:${entity}`);
  if (format === 'package-name') return byName;
  if (format === 'package-id') return byId;
  return fc.oneof(byName, byId);
}

/**
 * A known identifier written in either format: `known` is in package-name format
 * (`#CantonExamples:Iou:Iou`); the package-id form swaps the package reference for `packageId`.
 */
export function knownIdentifier(known: string, knownPackageId: string): fc.Arbitrary<string> {
  return fc.constantFrom(known, toPackageIdFormat(known, knownPackageId));
}

export function toPackageIdFormat(identifier: string, knownPackageId: string): string {
  if (!identifier.startsWith('#')) return identifier;
  const qualifiedName = identifier.slice(identifier.indexOf(':') + 1);
  return `${knownPackageId}:${qualifiedName}`;
}

export const templateId = qualifiedIdentifier;
export const interfaceId = qualifiedIdentifier;
