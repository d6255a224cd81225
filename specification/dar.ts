/**
 * The suite's one reading of a DAR (facts: canton-json-api.md §7, verified-against-real.md FF8): the rules of
 * the format, checked in the order a participant checks them, and what a DAR holds. The suites re-check a
 * generated broken DAR with it, `provision` learns the package id of the DAR it uploads, and the self-tests of
 * the DAR writer (generators/dar, which shares no code with this reader) compare its output with it.
 *
 * - A zip holding `META-INF/MANIFEST.MF`, a Java manifest whose main section names `Main-Dalf`, `Dalfs` and
 *   `Format: daml-lf` (values trimmed, as Canton's DarManifestReader reads them);
 * - every DALF it names present: the main one, then the others of `Dalfs` (which damlc writes main first);
 * - each DALF a Daml-LF `Archive{hash_function = 1, payload = 3, hash = 4}` whose `hash` is the lowercase hex
 *   SHA-256 of `payload` (the package id);
 * - the payload an `ArchivePayload{minor = 3, patch = 5, oneof {daml_lf_1 = 2, daml_lf_2 = 4}}` whose package
 *   decodes (metadata, module and template names; for Daml-LF 1 also each module's name set, as the oneof it is
 *   there, and its feature flags all true, without which DecodeV1 refuses it), and that package Daml-LF 2: an LF1
 *   package that decodes is refused for its version, one that does not for its bytes (FF8).
 */
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import protobuf from 'protobufjs';

export const DAR_MANIFEST_PATH = 'META-INF/MANIFEST.MF';

/** The rules of the DAR format, in the order a participant checks them. */
export type DarRule =
  | 'non-empty'
  | 'is-zip'
  | 'has-manifest'
  | 'manifest-has-main-dalf'
  | 'manifest-has-dalfs'
  | 'manifest-format-daml-lf'
  | 'listed-dalfs-present'
  | 'archive-decodes'
  | 'hash-matches-payload'
  | 'package-decodes'
  | 'payload-is-lf2';

const envelope = protobuf.Root.fromJSON({
  nested: {
    Archive: { fields: { hash_function: { type: 'int32', id: 1 }, payload: { type: 'bytes', id: 3 }, hash: { type: 'string', id: 4 } } },
    ArchivePayload: {
      oneofs: { Sum: { oneof: ['daml_lf_1', 'daml_lf_2'] } },
      fields: {
        minor: { type: 'string', id: 3 },
        patch: { type: 'int32', id: 5 },
        daml_lf_1: { type: 'bytes', id: 2 },
        daml_lf_2: { type: 'bytes', id: 4 },
      },
    },
  },
});
const ARCHIVE = envelope.lookupType('Archive');
const ARCHIVE_PAYLOAD = envelope.lookupType('ArchivePayload');

// The parts of a Daml-LF package this reading looks at (daml_lf2.proto / daml_lf1.proto field numbers).
const packageFields = (moduleType: string) => ({
  modules: { type: moduleType, id: 1, rule: 'repeated' },
  strings: { type: 'string', id: 2, rule: 'repeated' },
  dottedNames: { type: 'DottedName', id: 3, rule: 'repeated' },
  metadata: { type: 'Metadata', id: 4 },
});
const packages = protobuf.Root.fromJSON({
  nested: {
    DottedName: { fields: { segments: { type: 'int32', id: 1, rule: 'repeated' } } },
    Metadata: { fields: { name: { type: 'int32', id: 1 }, version: { type: 'int32', id: 2 } } },
    Template: { fields: { tycon: { type: 'int32', id: 1 } } },
    Module: { fields: { name: { type: 'int32', id: 1 }, templates: { type: 'Template', id: 6, rule: 'repeated' } } },
    FeatureFlags: {
      fields: {
        forbidPartyLiterals: { type: 'bool', id: 1 },
        dontDivulgeContractIdsInCreateArguments: { type: 'bool', id: 2 },
        dontDiscloseNonConsumingChoicesToObservers: { type: 'bool', id: 3 },
      },
    },
    Lf1Module: {
      oneofs: { nameCase: { oneof: ['name'] } },
      fields: { name: { type: 'int32', id: 8 }, flags: { type: 'FeatureFlags', id: 4 } },
    },
    Package: { fields: packageFields('Module') },
    Lf1Package: { fields: packageFields('Lf1Module') },
  },
});

/** A Java manifest's main section: `Key: value` lines, continued by lines that start with one space, ended by a blank line. */
export function parseManifest(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (attributes.size > 0) break;
      continue;
    }
    if (line.startsWith(' ') && last !== undefined) {
      attributes.set(last, `${attributes.get(last) ?? ''}${line.slice(1)}`);
      continue;
    }
    const separator = line.indexOf(': ');
    if (separator <= 0) continue;
    last = line.slice(0, separator);
    attributes.set(last, line.slice(separator + 2));
  }
  return attributes;
}

/** Java's `String.trim`: what Canton's DarManifestReader does to every value it reads. */
function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end -= 1;
  return text.slice(start, end);
}

/** Java's `String.split`: without the separator the text itself, else the parts less the trailing empty ones. */
function javaSplit(text: string, separator: string): string[] {
  const parts = text.split(separator);
  if (parts.length === 1) return parts;
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** A manifest attribute as Canton reads it (trimmed), or undefined when the manifest lacks it. */
export function manifestAttribute(manifest: Map<string, string>, key: string): string | undefined {
  const value = manifest.get(key);
  return value === undefined ? undefined : javaTrim(value);
}

/** The zip entries of a DAR; throws (fflate's error) when the bytes are no zip archive. */
export function unzipDar(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes);
}

export interface DecodedArchive {
  /** The package id the Archive declares. */
  hash: string;
  payload: Uint8Array;
  /** The package id its payload has: the lowercase hex SHA-256 of the payload. */
  payloadSha256: string;
}

/** A DALF's `Archive`; throws (protobufjs's error) when the bytes are no such message. */
export function decodeArchive(dalf: Uint8Array): DecodedArchive {
  const archive = ARCHIVE.toObject(ARCHIVE.decode(dalf), { defaults: true }) as { hash: string; payload: Uint8Array };
  return { ...archive, payloadSha256: createHash('sha256').update(archive.payload).digest('hex') };
}

export interface DamlLfPackage {
  name: string;
  version: string;
  modules: { name: string; templates: string[] }[];
}

/** The package's metadata and module and template names, or undefined when the bytes are no Daml-LF package. */
export function decodeDamlLfPackage(bytes: Uint8Array, major: 1 | 2): DamlLfPackage | undefined {
  type Flags = {
    forbidPartyLiterals?: boolean;
    dontDivulgeContractIdsInCreateArguments?: boolean;
    dontDiscloseNonConsumingChoicesToObservers?: boolean;
  };
  type Raw = {
    modules?: { name?: number; flags?: Flags; templates?: { tycon?: number }[] }[];
    strings?: string[];
    dottedNames?: { segments?: number[] }[];
    metadata?: { name?: number; version?: number };
  };
  let raw: Raw;
  try {
    const type = packages.lookupType(major === 2 ? 'Package' : 'Lf1Package');
    raw = type.toObject(type.decode(bytes)) as Raw;
  } catch {
    return undefined;
  }
  const strings = raw.strings ?? [];
  const text = (index: number | undefined) => strings[index ?? 0];
  const dotted = (index: number | undefined) => {
    const segments = raw.dottedNames?.[index ?? 0]?.segments?.map(text);
    return segments === undefined || segments.length === 0 || segments.some((segment) => segment === undefined)
      ? undefined
      : segments.join('.');
  };
  const name = text(raw.metadata?.name);
  const version = text(raw.metadata?.version);
  if (raw.metadata === undefined || name === undefined || version === undefined) return undefined;
  // DecodeV1: a module's name case must be set (toObject leaves an unset oneof out) and its flags all true.
  const lf1Refuses = (module: NonNullable<Raw['modules']>[number]) =>
    module.name === undefined ||
    !(
      module.flags?.forbidPartyLiterals &&
      module.flags.dontDivulgeContractIdsInCreateArguments &&
      module.flags.dontDiscloseNonConsumingChoicesToObservers
    );
  if (major === 1 && (raw.modules ?? []).some(lf1Refuses)) return undefined;
  const modules = (raw.modules ?? []).map((module) => ({
    name: dotted(module.name),
    templates: (module.templates ?? []).map((template) => dotted(template.tycon)),
  }));
  if (modules.some((module) => module.name === undefined || module.templates.some((template) => template === undefined))) return undefined;
  return { name, version, modules: modules as DamlLfPackage['modules'] };
}

export interface DalfReading {
  path: string;
  /** The package id the Archive declares. */
  hash: string;
  payloadSha256: string;
  /** The Daml-LF minor version of the payload. */
  minor: string;
  /** The Daml-LF 2 package, when the payload holds one that decodes. */
  lf?: DamlLfPackage;
}

export interface DarReading {
  /** The rules the DAR breaks: the first of the container and manifest, or every one its DALFs break. */
  broken: DarRule[];
  manifestText?: string;
  manifest?: Map<string, string>;
  /** The DALFs that decode as an Archive, the main one first. */
  dalfs: DalfReading[];
}

/** Reads `path`'s Archive and package, adding the rules it breaks to `broken`; undefined when it is no Archive. */
function readDalf(path: string, bytes: Uint8Array, broken: DarRule[]): DalfReading | undefined {
  let archive: DecodedArchive;
  try {
    archive = decodeArchive(bytes);
  } catch {
    broken.push('archive-decodes');
    return undefined;
  }
  if (archive.hash !== archive.payloadSha256) broken.push('hash-matches-payload');
  let payload: { minor: string; Sum?: string; daml_lf_1?: Uint8Array; daml_lf_2?: Uint8Array };
  try {
    payload = ARCHIVE_PAYLOAD.toObject(ARCHIVE_PAYLOAD.decode(archive.payload), { defaults: true, oneofs: true }) as typeof payload;
  } catch {
    broken.push('package-decodes');
    return { path, hash: archive.hash, payloadSha256: archive.payloadSha256, minor: '' };
  }
  // As a participant: the package must decode first; only a decoded package's version is then judged.
  const major = payload.Sum === 'daml_lf_1' ? 1 : 2;
  const lf = decodeDamlLfPackage((major === 1 ? payload.daml_lf_1 : payload.daml_lf_2) ?? new Uint8Array(), major);
  if (lf === undefined) broken.push('package-decodes');
  else if (major !== 2) broken.push('payload-is-lf2');
  return { path, hash: archive.hash, payloadSha256: archive.payloadSha256, minor: payload.minor, ...(lf && major === 2 ? { lf } : {}) };
}

export function readDar(bytes: Uint8Array): DarReading {
  const stop = (rule: DarRule, partial: Partial<DarReading> = {}): DarReading => ({ dalfs: [], ...partial, broken: [rule] });
  if (bytes.length === 0) return stop('non-empty');
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipDar(bytes);
  } catch {
    return stop('is-zip');
  }
  const manifestBytes = entries[DAR_MANIFEST_PATH];
  if (manifestBytes === undefined) return stop('has-manifest');
  const manifestText = new TextDecoder().decode(manifestBytes);
  const manifest = parseManifest(manifestText);
  const mainDalf = manifestAttribute(manifest, 'Main-Dalf');
  const listed = manifestAttribute(manifest, 'Dalfs');
  if (mainDalf === undefined) return stop('manifest-has-main-dalf', { manifestText, manifest });
  if (listed === undefined) return stop('manifest-has-dalfs', { manifestText, manifest });
  if (manifestAttribute(manifest, 'Format') !== 'daml-lf') return stop('manifest-format-daml-lf', { manifestText, manifest });
  const dependencies = javaSplit(listed, ',')
    .map(javaTrim)
    .filter((path) => path !== mainDalf);
  const paths = [mainDalf, ...dependencies];
  if (paths.some((path) => entries[path] === undefined)) return stop('listed-dalfs-present', { manifestText, manifest });

  const broken: DarRule[] = [];
  const dalfs = paths.flatMap((path) => readDalf(path, entries[path]!, broken) ?? []);
  return { broken, manifestText, manifest, dalfs };
}

/** Whether `bytes` is a DAR that breaks none of the rules. */
export function isWellFormedDar(bytes: Uint8Array): boolean {
  return readDar(bytes).broken.length === 0;
}
