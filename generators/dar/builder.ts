/**
 * Writes DAR files for the package-upload suites: valid ones (deterministic bytes, known package ids)
 * and broken ones that each break exactly one rule of the DAR format.
 *
 * Layout follows damlc: `<name>-<version>-<main id>/<name>-<version>-<main id>.dalf` for the main package,
 * dependencies beside it, and `META-INF/MANIFEST.MF`. Each DALF holds a Daml-LF 2 package that decodes,
 * named and versioned as the manifest says (daml-lf-package.ts); it is not compiled Daml.
 */
import { zipSync } from 'fflate';
import { encodeArchive, encodePayload, sha256Hex } from './archive.js';
import { lf1PackageBytes, lf2PackageBytes, moduleNameOf, type LfPackageContent } from './daml-lf-package.js';
import { formatManifest, type ManifestLineEnding } from './manifest.js';

export interface DarOptions {
  /** Package name, e.g. `conformance-test`. */
  name: string;
  /** Package version, e.g. `1.0.0`. */
  version: string;
  /** Number of dependency DALFs besides the main one (default 0). */
  dalfs?: number;
  /** Changes every package id without changing name or version (e.g. to provoke KNOWN_PACKAGE_VERSION). */
  salt?: string;
  /** Line ends of the manifest (Java writes CRLF, damlc LF). Default LF. */
  manifestLineEnding?: ManifestLineEnding;
  /**
   * The main package keeps the record `Token` but drops its template: as a later version of a DAR that has it, an
   * upgrade that deletes a template (NOT_VALID_UPGRADE_PACKAGE).
   */
  withoutTemplate?: boolean;
}

export interface BuiltDar {
  bytes: Uint8Array;
  mainPackageId: string;
  /** Main package first, then the dependencies in manifest order. */
  packageIds: string[];
}

export type BrokenDarKind =
  | 'not-a-zip'
  | 'empty'
  | 'no-manifest'
  | 'manifest-missing-main-dalf'
  | 'manifest-wrong-format'
  | 'missing-dalf'
  | 'hash-mismatch'
  | 'bad-archive-protobuf'
  | 'lf2-text-payload'
  | 'lf1-text-payload'
  | 'lf1-payload';

export const brokenDarKinds: readonly BrokenDarKind[] = [
  'not-a-zip',
  'empty',
  'no-manifest',
  'manifest-missing-main-dalf',
  'manifest-wrong-format',
  'missing-dalf',
  'hash-mismatch',
  'bad-archive-protobuf',
  'lf2-text-payload',
  'lf1-text-payload',
  'lf1-payload',
];

export const SDK_VERSION = '3.4.0';
/** What a package that is not Daml-LF carries where its package belongs. */
const TEXT_PAYLOAD = new TextEncoder().encode('This is English text, not a Daml-LF package.\n');
export const MANIFEST_PATH = 'META-INF/MANIFEST.MF';

// DOS timestamps are local time: building the date from local fields gives the same bytes in any time zone.
const FIXED_MTIME = new Date(2024, 0, 1, 0, 0, 0);

interface DalfEntry {
  path: string;
  packageId: string;
  lfBytes: Uint8Array;
  archive: Uint8Array;
}

/** Everything a DAR is made of, before zipping, so broken variants can change exactly one part. */
interface DarParts {
  manifest: [string, string][];
  main: DalfEntry;
  dependencies: DalfEntry[];
  lineEnding: ManifestLineEnding;
}

function dalfOf(lfBytes: Uint8Array, pathOf: (packageId: string) => string): DalfEntry {
  const payload = encodePayload(lfBytes);
  const packageId = sha256Hex(payload);
  return { path: pathOf(packageId), packageId, lfBytes, archive: encodeArchive(payload, packageId) };
}

function darParts(options: DarOptions): DarParts {
  const { name, version, salt } = options;
  const dependencyCount = options.dalfs ?? 0;
  if (!Number.isInteger(dependencyCount) || dependencyCount < 0) {
    throw new RangeError(`buildDar: dalfs must be a non-negative integer (dependency count), got ${dependencyCount}`);
  }
  const salted = salt === undefined ? {} : { salt };
  const dependencyContents: LfPackageContent[] = Array.from({ length: dependencyCount }, (_, index) => {
    const dependencyName = `${name}-dep${index + 1}`;
    return { name: dependencyName, version, module: moduleNameOf(dependencyName), role: 'dependency', dependencies: [], ...salted };
  });
  const dependencyLf = dependencyContents.map(lf2PackageBytes);
  const dependencyIds = dependencyLf.map((lfBytes) => sha256Hex(encodePayload(lfBytes)));
  const mainLf = lf2PackageBytes({
    name,
    version,
    module: moduleNameOf(name),
    role: 'main',
    dependencies: dependencyContents.map((content, index) => ({ packageId: dependencyIds[index] as string, module: content.module })),
    ...salted,
    ...(options.withoutTemplate === true ? { withoutTemplate: true } : {}),
  });
  const mainId = sha256Hex(encodePayload(mainLf));
  const directory = `${name}-${version}-${mainId}`;
  const main = dalfOf(mainLf, (id) => `${directory}/${name}-${version}-${id}.dalf`);
  const dependencies = dependencyLf.map((lfBytes, index) =>
    dalfOf(lfBytes, (id) => `${directory}/${name}-dep${index + 1}-${version}-${id}.dalf`),
  );
  const manifest: [string, string][] = [
    ['Manifest-Version', '1.0'],
    ['Created-By', 'ledger-conformance'],
    ['Name', `${name}-${version}`],
    ['Sdk-Version', SDK_VERSION],
    ['Main-Dalf', main.path],
    ['Dalfs', [main, ...dependencies].map((dalf) => dalf.path).join(', ')],
    ['Format', 'daml-lf'],
    ['Encryption', 'non-encrypted'],
  ];
  return { manifest, main, dependencies, lineEnding: options.manifestLineEnding ?? '\n' };
}

function zipEntries(entries: [string, Uint8Array][]): Uint8Array {
  return zipSync(Object.fromEntries(entries), { level: 6, mtime: FIXED_MTIME });
}

function manifestEntry(parts: DarParts): [string, Uint8Array] {
  return [MANIFEST_PATH, new TextEncoder().encode(formatManifest(parts.manifest, parts.lineEnding))];
}

function dalfEntries(parts: DarParts): [string, Uint8Array][] {
  return [parts.main, ...parts.dependencies].map((dalf) => [dalf.path, dalf.archive]);
}

export function buildDar(options: DarOptions): BuiltDar {
  const parts = darParts(options);
  return {
    bytes: zipEntries([manifestEntry(parts), ...dalfEntries(parts)]),
    mainPackageId: parts.main.packageId,
    packageIds: [parts.main, ...parts.dependencies].map((dalf) => dalf.packageId),
  };
}

const DEFAULT_BROKEN_BASE: DarOptions = { name: 'broken-test', version: '1.0.0', dalfs: 1 };

function withMainArchive(parts: DarParts, archive: Uint8Array): DarParts {
  return { ...parts, main: { ...parts.main, archive } };
}

function withManifest(parts: DarParts, change: (attributes: [string, string][]) => [string, string][]): DarParts {
  return { ...parts, manifest: change(parts.manifest) };
}

/** A DAR that breaks exactly one rule; everything else is as `buildDar(base)` writes it. */
export function buildBrokenDar(kind: BrokenDarKind, base: DarOptions = DEFAULT_BROKEN_BASE): Uint8Array {
  const parts = darParts(base);
  const valid = (changed: DarParts) => zipEntries([manifestEntry(changed), ...dalfEntries(changed)]);
  switch (kind) {
    case 'not-a-zip':
      return new TextEncoder().encode('This is not a DAR: plain text where a zip archive was expected.\n');
    case 'empty':
      return new Uint8Array(0);
    case 'no-manifest':
      return zipEntries(dalfEntries(parts));
    case 'manifest-missing-main-dalf':
      return valid(withManifest(parts, (attributes) => attributes.filter(([key]) => key !== 'Main-Dalf')));
    case 'manifest-wrong-format':
      return valid(withManifest(parts, (attributes) => attributes.map(([key, value]) => [key, key === 'Format' ? 'protobuf' : value])));
    case 'missing-dalf': {
      // The manifest still lists every DALF; the zip lacks the last one listed.
      const present = dalfEntries(parts).slice(0, -1);
      return zipEntries([manifestEntry(parts), ...present]);
    }
    case 'hash-mismatch': {
      const payload = encodePayload(parts.main.lfBytes);
      const tampered = lf2PackageBytes({
        name: 'tampered',
        version: base.version,
        module: 'Tampered',
        role: 'dependency',
        dependencies: [],
      });
      return valid(withMainArchive(parts, encodeArchive(payload, sha256Hex(encodePayload(tampered)))));
    }
    case 'bad-archive-protobuf':
      // Field 3 (payload, length-delimited) announces 100 bytes and the data ends after 3.
      return valid(withMainArchive(parts, Uint8Array.of(0x1a, 100, 1, 2, 3)));
    case 'lf2-text-payload':
      return valid(withMainArchive(parts, encodeArchive(encodePayload(TEXT_PAYLOAD))));
    case 'lf1-text-payload':
      return valid(withMainArchive(parts, encodeArchive(encodePayload(TEXT_PAYLOAD, 1))));
    case 'lf1-payload': {
      // Without dependencies: Canton decodes every dependency before its engine judges the language version, so
      // a dependency a real node's decoder refused would turn the answer into DAR_PARSE_ERROR.
      const alone = darParts({ ...base, dalfs: 0 });
      const lf1 = lf1PackageBytes({ name: base.name, version: base.version, module: moduleNameOf(base.name) });
      return valid(withMainArchive(alone, encodeArchive(encodePayload(lf1, 1))));
    }
  }
}
