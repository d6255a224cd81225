/**
 * Template and interface identifiers in both reference formats: `#<package-name>:<Module>:<Entity>`
 * (package-name) and `<64-hex package-id>:<Module>:<Entity>` (package-id, deprecated but accepted).
 */
import fc from 'fast-check';
import { DIGITS, exactLengthString, HEX_DIGITS, LETTERS } from './boundaries.js';
import { Alphabet, generatedMaxLength, SPREAD_SEED, Spread } from './seeded.js';

export type IdentifierFormat = 'package-name' | 'package-id';

const NAME_HEAD = new Alphabet(LETTERS);
const NAME_PART_TAIL = new Alphabet(`${LETTERS}${DIGITS}_`);
const PACKAGE_NAME_TAIL = new Alphabet(`${LETTERS}${DIGITS}-_`);
/** Dotted names have 1..3 parts (shrinking towards one). */
const DOTTED_PARTS = fc.integer({ min: 1, max: 3 });

/**
 * Identifier texts are spread from one seed (`seeded.ts`); only the part counts are generated on their
 * own, so they shrink towards one part, and the seed towards one-letter names. Tail lengths follow
 * `fc.string`'s default choice for the Daml limits (12 characters per name part, 20 for package names).
 */
function tailMaxLengths() {
  return {
    namePart: generatedMaxLength({ minLength: 0, maxLength: 12 }),
    packageName: generatedMaxLength({ minLength: 0, maxLength: 20 }),
  };
}

type TailMaxLengths = ReturnType<typeof tailMaxLengths>;

/** Module and entity names: one or more Daml names joined by dots. */
function spreadDottedName(spread: Spread, parts: number, tails: TailMaxLengths): string {
  let name = '';
  for (let part = 0; part < parts; part++) {
    if (part > 0) name += '.';
    name += spread.text(NAME_HEAD, 1) + spread.text(NAME_PART_TAIL, spread.below(tails.namePart + 1));
  }
  return name;
}

/** Daml package names: a letter, then letters, digits, `-` and `_`. */
function spreadPackageName(spread: Spread, tails: TailMaxLengths): string {
  return spread.text(NAME_HEAD, 1) + spread.text(PACKAGE_NAME_TAIL, spread.below(tails.packageName + 1));
}

export function packageId(): fc.Arbitrary<string> {
  return exactLengthString(HEX_DIGITS, 64);
}

/** A syntactically valid identifier of any (probably unknown) package, in either format. */
export function qualifiedIdentifier(format?: IdentifierFormat): fc.Arbitrary<string> {
  const tails = tailMaxLengths();
  const qualifiedName = (spread: Spread, moduleParts: number, entityParts: number) =>
    `${spreadDottedName(spread, moduleParts, tails)}:${spreadDottedName(spread, entityParts, tails)}`;
  const byName = fc.tuple(DOTTED_PARTS, DOTTED_PARTS, SPREAD_SEED).map(([moduleParts, entityParts, seed]) => {
    const spread = new Spread(seed);
    return `#${spreadPackageName(spread, tails)}:${qualifiedName(spread, moduleParts, entityParts)}`;
  });
  const byId = fc
    .tuple(packageId(), DOTTED_PARTS, DOTTED_PARTS, SPREAD_SEED)
    .map(([id, moduleParts, entityParts, seed]) => `${id}:${qualifiedName(new Spread(seed), moduleParts, entityParts)}`);
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
