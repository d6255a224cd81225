/**
 * Template and interface identifiers in both reference formats: `#<package-name>:<Module>:<Entity>`
 * (package-name) and `<64-hex package-id>:<Module>:<Entity>` (package-id, deprecated but accepted).
 * Every part shrinks character by character, the dotted names towards one part, and the format towards
 * the shorter package-name form.
 */
import fc from 'fast-check';
import { DIGITS, LETTERS } from '../../specification/formats.js';
import { hexDigits, textOf } from './text.js';

export type IdentifierFormat = 'package-name' | 'package-id';

/** One Daml name part: a letter, then up to 12 letters, digits or `_` (what `fc.string` picks for the Daml limits). */
const namePart = fc
  .tuple(fc.constantFrom(...LETTERS), textOf(`${LETTERS}${DIGITS}_`, { minLength: 0, maxLength: 12 }))
  .map(([head, tail]) => head + tail);

/** Module and entity names: 1..3 Daml names joined by dots. */
const dottedName = fc.array(namePart, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));

/** Daml package names: a letter, then letters, digits, `-` and `_`. */
const packageName = fc
  .tuple(fc.constantFrom(...LETTERS), textOf(`${LETTERS}${DIGITS}-_`, { minLength: 0, maxLength: 20 }))
  .map(([head, tail]) => head + tail);

export function packageId(): fc.Arbitrary<string> {
  return hexDigits(64);
}

/** A syntactically valid identifier of any (probably unknown) package, in either format. */
export function qualifiedIdentifier(format?: IdentifierFormat): fc.Arbitrary<string> {
  const qualified = fc.tuple(dottedName, dottedName).map(([module, entity]) => `${module}:${entity}`);
  const byName = fc.tuple(packageName, qualified).map(([name, rest]) => `#${name}:${rest}`);
  const byId = fc.tuple(packageId(), qualified).map(([id, rest]) => `${id}:${rest}`);
  if (format === 'package-name') return byName;
  if (format === 'package-id') return byId;
  // The form is a shrinkable choice (towards package-name), not a oneof branch, so a shrink can switch form.
  return fc
    .tuple(fc.nat(1), packageName, packageId(), qualified)
    .map(([form, name, id, rest]) => (form === 0 ? `#${name}:${rest}` : `${id}:${rest}`));
}

/**
 * A known identifier written in either format: `known` is in package-name format
 * (`#CantonExamples:Iou:Iou`); the package-id form swaps the package reference for `packageId`.
 */
export function knownIdentifier(known: string, knownPackageId: string): fc.Arbitrary<string> {
  return fc.constantFrom(known, toPackageIdFormat(known, knownPackageId));
}

/**
 * The package id of a package-name identifier (`#name:Module:Entity`): `packageIds[name]`, else `fallback`
 * (the model package's).
 */
export function packageIdOf(identifier: string, packageIds: Readonly<Record<string, string>>, fallback: string): string {
  const name = /^#([^:]+):/.exec(identifier)?.[1];
  return (name === undefined ? undefined : packageIds[name]) ?? fallback;
}

export function toPackageIdFormat(identifier: string, knownPackageId: string): string {
  if (!identifier.startsWith('#')) return identifier;
  const qualifiedName = identifier.slice(identifier.indexOf(':') + 1);
  return `${knownPackageId}:${qualifiedName}`;
}

export const templateId = qualifiedIdentifier;
export const interfaceId = qualifiedIdentifier;
