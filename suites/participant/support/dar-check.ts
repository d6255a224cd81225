/**
 * An independent reading of the DAR rules (facts §7), to re-check that a generated broken DAR is really
 * broken before its rejection is judged: a zip with `META-INF/MANIFEST.MF` naming `Main-Dalf`, `Dalfs`
 * and `Format: daml-lf`, every listed DALF present, each an `Archive` whose `hash` is the SHA-256 of its
 * `payload`, and whose payload carries Daml-LF 2 (field 4), not Daml-LF 1 (field 2), as a well-formed
 * `Package` message with its metadata (field 4).
 */
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';

interface Field {
  number: number;
  bytes?: Uint8Array;
}

/** The top-level fields of a protobuf message; undefined when the bytes are not a well-formed message. */
function protobufFields(bytes: Uint8Array): Field[] | undefined {
  const fields: Field[] = [];
  let at = 0;
  const varint = (): number | undefined => {
    let value = 0;
    for (let shift = 0; shift < 50; shift += 7) {
      if (at >= bytes.length) return undefined;
      const byte = bytes[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
    return undefined;
  };
  while (at < bytes.length) {
    const key = varint();
    if (key === undefined) return undefined;
    const wireType = key % 8;
    const number = Math.floor(key / 8);
    if (wireType === 0) {
      if (varint() === undefined) return undefined;
      fields.push({ number });
    } else if (wireType === 2) {
      const length = varint();
      if (length === undefined || at + length > bytes.length) return undefined;
      fields.push({ number, bytes: bytes.subarray(at, at + length) });
      at += length;
    } else if (wireType === 1 || wireType === 5) {
      at += wireType === 1 ? 8 : 4;
      if (at > bytes.length) return undefined;
      fields.push({ number });
    } else {
      return undefined;
    }
  }
  return fields;
}

function manifestAttributes(text: string): Map<string, string> {
  const unfolded = text.replace(/\r?\n /g, '');
  const attributes = new Map<string, string>();
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(': ');
    if (colon > 0) attributes.set(line.slice(0, colon), line.slice(colon + 2));
  }
  return attributes;
}

function validArchive(bytes: Uint8Array): boolean {
  const fields = protobufFields(bytes);
  const payload = fields?.find((field) => field.number === 3)?.bytes;
  const hash = fields?.find((field) => field.number === 4)?.bytes;
  if (payload === undefined || hash === undefined) return false;
  if (createHash('sha256').update(payload).digest('hex') !== new TextDecoder().decode(hash)) return false;
  const payloadFields = protobufFields(payload);
  const lf2 = payloadFields?.find((field) => field.number === 4)?.bytes;
  if (lf2 === undefined || payloadFields!.some((field) => field.number === 2)) return false;
  const packageFields = protobufFields(lf2);
  return packageFields !== undefined && packageFields.some((field) => field.number === 4 && field.bytes !== undefined);
}

/** Whether `bytes` is a DAR that follows every rule above. */
export function isWellFormedDar(bytes: Uint8Array): boolean {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    return false;
  }
  const manifest = files['META-INF/MANIFEST.MF'];
  if (manifest === undefined) return false;
  const attributes = manifestAttributes(new TextDecoder().decode(manifest));
  const main = attributes.get('Main-Dalf');
  const dalfs = attributes
    .get('Dalfs')
    ?.split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '');
  if (main === undefined || dalfs === undefined || attributes.get('Format') !== 'daml-lf') return false;
  return [main, ...dalfs].every((path) => files[path] !== undefined && validArchive(files[path]!));
}
