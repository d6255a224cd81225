/**
 * The DALF envelope (daml_lf.proto): `Archive` carries the serialized `ArchivePayload` and its SHA-256,
 * which is the package id.
 */
import protobuf from 'protobufjs';

const DAML_LF_PROTO = `
syntax = "proto3";
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

const root = protobuf.parse(DAML_LF_PROTO, { keepCase: true }).root;
export const ArchiveType = root.lookupType('Archive');
export const ArchivePayloadType = root.lookupType('ArchivePayload');

export interface Archive {
  hash_function: number;
  payload: Uint8Array;
  hash: string;
}

export interface ArchivePayload {
  minor: string;
  /** Which `Sum` case is set: the Daml-LF major version of the package, or none. */
  lfMajor: 1 | 2 | undefined;
}

/** Throws protobufjs's error for bytes that are not an `Archive`. */
export function decodeArchive(bytes: Uint8Array): Archive {
  const message = ArchiveType.decode(bytes) as unknown as Archive;
  return { hash_function: message.hash_function, payload: message.payload, hash: message.hash };
}

/** Throws protobufjs's error for bytes that are not an `ArchivePayload`. */
export function decodeArchivePayload(bytes: Uint8Array): ArchivePayload {
  const message = ArchivePayloadType.decode(bytes) as unknown as Record<string, unknown>;
  const lfMajor = Object.hasOwn(message, 'daml_lf_2') ? 2 : Object.hasOwn(message, 'daml_lf_1') ? 1 : undefined;
  return { minor: typeof message.minor === 'string' ? message.minor : '', lfMajor };
}
