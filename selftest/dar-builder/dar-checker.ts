/**
 * An independent reading of a DAR for the builder's self-tests: its own protobuf schema, its own manifest
 * parser. It lists the rules of the DAR format a file breaks, checking them in the order a participant does.
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

export type DarRule =
  | 'non-empty'
  | 'is-zip'
  | 'has-manifest'
  | 'manifest-has-main-dalf'
  | 'manifest-format-daml-lf'
  | 'listed-dalfs-present'
  | 'archive-decodes'
  | 'hash-matches-payload'
  | 'payload-is-lf2';

export interface DecodedDalf {
  path: string;
  hash: string;
  payloadSha256: string;
  minor: string;
  lfText: string;
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
      daml_lf_2?: Uint8Array;
    };
    if (payload.Sum !== 'daml_lf_2') broken.push('payload-is-lf2');
    dalfs.push({
      path,
      hash: archive.hash,
      payloadSha256,
      minor: payload.minor,
      lfText: new TextDecoder().decode(payload.daml_lf_2 ?? new Uint8Array()),
    });
  }
  return { broken, manifestText, manifest, dalfs };
}
