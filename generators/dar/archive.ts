/**
 * The DALF envelope of Daml-LF (daml_lf.proto): an `Archive` holding a serialized `ArchivePayload` and the
 * SHA-256 of that payload, which is the package id. The package inside is written by daml-lf-package.ts.
 */
import { createHash } from 'node:crypto';
import protobuf from 'protobufjs';

const DAML_LF_PROTO = `
syntax = "proto3";
package daml_lf;
enum HashFunction { SHA256 = 0; }
message Archive {
  HashFunction hash_function = 1;
  bytes payload = 3;
  string hash = 4;
}
message ArchivePayload {
  string minor = 3;
  int32 patch = 5;
  oneof Sum {
    bytes daml_lf_1 = 2;
    bytes daml_lf_2 = 4;
  }
}
`;

// keepCase: the field names stay those of daml_lf.proto (daml_lf_2, not damlLf_2).
const root = protobuf.parse(DAML_LF_PROTO, { keepCase: true }).root;
export const ArchiveType = root.lookupType('daml_lf.Archive');
export const ArchivePayloadType = root.lookupType('daml_lf.ArchivePayload');

/** Daml-LF 2.1, the target of Canton 3.4's and 3.5's CantonExamples. */
export const LF2_MINOR = '1';
/** A Daml-LF 1.x payload, which Canton 3.x refuses (ALLOWED_LANGUAGE_VERSIONS). */
export const LF1_MINOR = '17';

export function encodePayload(lfBytes: Uint8Array, lfMajor: 1 | 2 = 2): Uint8Array {
  const sum = lfMajor === 2 ? { minor: LF2_MINOR, daml_lf_2: lfBytes } : { minor: LF1_MINOR, daml_lf_1: lfBytes };
  return ArchivePayloadType.encode(ArchivePayloadType.fromObject({ patch: 0, ...sum })).finish();
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** An `Archive` around `payload`; `hash` defaults to the payload's SHA-256 (a valid DALF). */
export function encodeArchive(payload: Uint8Array, hash = sha256Hex(payload)): Uint8Array {
  return ArchiveType.encode(ArchiveType.fromObject({ hash_function: 0, payload, hash })).finish();
}
