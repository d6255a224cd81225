/**
 * An independent reading of a DAR for the builder's self-tests: its own protobuf schema, its own manifest
 * parser. It lists the rules of the DAR format a file breaks, checking them in the order a participant does,
 * down to the Daml-LF package's metadata and module and template names.
 */
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import protobuf from 'protobufjs';

const schema = protobuf.Root.fromJSON({
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
const Archive = schema.lookupType('Archive');
const ArchivePayload = schema.lookupType('ArchivePayload');

// The parts of a Daml-LF package this reading looks at (daml_lf2.proto / daml_lf1.proto field numbers).
const packages = protobuf.Root.fromJSON({
  nested: {
    DottedName: { fields: { segments: { type: 'int32', id: 1, rule: 'repeated' } } },
    Metadata: { fields: { name: { type: 'int32', id: 1 }, version: { type: 'int32', id: 2 } } },
    Template: { fields: { tycon: { type: 'int32', id: 1 } } },
    Module: { fields: { name: { type: 'int32', id: 1 }, templates: { type: 'Template', id: 6, rule: 'repeated' } } },
    Lf1Module: { fields: { name: { type: 'int32', id: 8 } } },
    Package: {
      fields: {
        modules: { type: 'Module', id: 1, rule: 'repeated' },
        strings: { type: 'string', id: 2, rule: 'repeated' },
        dottedNames: { type: 'DottedName', id: 3, rule: 'repeated' },
        metadata: { type: 'Metadata', id: 4 },
      },
    },
    Lf1Package: {
      fields: {
        modules: { type: 'Lf1Module', id: 1, rule: 'repeated' },
        strings: { type: 'string', id: 2, rule: 'repeated' },
        dottedNames: { type: 'DottedName', id: 3, rule: 'repeated' },
        metadata: { type: 'Metadata', id: 4 },
      },
    },
  },
});

export interface DecodedPackage {
  name: string;
  version: string;
  modules: { name: string; templates: string[] }[];
}

/** The package's metadata and module and template names, or undefined when the bytes are no Daml-LF package. */
export function readLfPackage(bytes: Uint8Array, major: 1 | 2): DecodedPackage | undefined {
  type Raw = {
    modules?: { name?: number; templates?: { tycon?: number }[] }[];
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
  const modules = (raw.modules ?? []).map((module) => ({
    name: dotted(module.name),
    templates: (module.templates ?? []).map((template) => dotted(template.tycon)),
  }));
  if (modules.some((module) => module.name === undefined || module.templates.some((template) => template === undefined))) return undefined;
  return { name, version, modules: modules as DecodedPackage['modules'] };
}

export type DarRule =
  | 'non-empty'
  | 'is-zip'
  | 'has-manifest'
  | 'manifest-has-main-dalf'
  | 'manifest-format-daml-lf'
  | 'listed-dalfs-present'
  | 'archive-decodes'
  | 'hash-matches-payload'
  | 'package-decodes'
  | 'payload-is-lf2';

export interface DecodedDalf {
  path: string;
  hash: string;
  payloadSha256: string;
  minor: string;
  /** The Daml-LF 2 package, when the payload holds one that decodes. */
  lf?: DecodedPackage;
}

export interface DarReading {
  broken: DarRule[];
  manifestText?: string;
  manifest?: Map<string, string>;
  dalfs: DecodedDalf[];
}

/** Joins continuation lines (a line starting with one space continues the previous one). */
export function parseManifestText(text: string): Map<string, string> {
  const logical: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith(' ') && logical.length > 0) logical[logical.length - 1] += line.slice(1);
    else if (line !== '') logical.push(line);
  }
  return new Map(logical.map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]));
}

export function readDar(bytes: Uint8Array): DarReading {
  const stop = (rule: DarRule, partial: Partial<DarReading> = {}): DarReading => ({ dalfs: [], ...partial, broken: [rule] });
  if (bytes.length === 0) return stop('non-empty');
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    return stop('is-zip');
  }
  const manifestBytes = entries['META-INF/MANIFEST.MF'];
  if (!manifestBytes) return stop('has-manifest');
  const manifestText = new TextDecoder().decode(manifestBytes);
  const manifest = parseManifestText(manifestText);
  const mainDalf = manifest.get('Main-Dalf');
  if (mainDalf === undefined) return stop('manifest-has-main-dalf', { manifestText, manifest });
  if (manifest.get('Format') !== 'daml-lf') return stop('manifest-format-daml-lf', { manifestText, manifest });
  const listed = (manifest.get('Dalfs') ?? '').split(',').map((path) => path.trim());
  if (!listed.includes(mainDalf) || listed.some((path) => !entries[path])) {
    return stop('listed-dalfs-present', { manifestText, manifest });
  }

  const dalfs: DecodedDalf[] = [];
  const broken: DarRule[] = [];
  for (const path of listed) {
    let archive: { hash: string; payload: Uint8Array };
    try {
      archive = Archive.toObject(Archive.decode(entries[path]!), { defaults: true }) as typeof archive;
    } catch {
      broken.push('archive-decodes');
      continue;
    }
    const payloadSha256 = createHash('sha256').update(archive.payload).digest('hex');
    if (archive.hash !== payloadSha256) broken.push('hash-matches-payload');
    const payload = ArchivePayload.toObject(ArchivePayload.decode(archive.payload), { defaults: true, oneofs: true }) as {
      minor: string;
      Sum?: string;
      daml_lf_1?: Uint8Array;
      daml_lf_2?: Uint8Array;
    };
    // As a participant: the package must decode first; only a decoded package's version is then judged.
    const major = payload.Sum === 'daml_lf_1' ? 1 : 2;
    const lf = readLfPackage((major === 1 ? payload.daml_lf_1 : payload.daml_lf_2) ?? new Uint8Array(), major);
    if (lf === undefined) broken.push('package-decodes');
    else if (major !== 2) broken.push('payload-is-lf2');
    dalfs.push({ path, hash: archive.hash, payloadSha256, minor: payload.minor, ...(lf && major === 2 ? { lf } : {}) });
  }
  return { broken, manifestText, manifest, dalfs };
}
