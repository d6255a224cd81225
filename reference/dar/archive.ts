/**
 * The DALF envelope (daml_lf.proto): an `Archive` carries the serialized `ArchivePayload` and its SHA-256,
 * which is the package id; the payload carries the Daml-LF package of one major version.
 */
import { bytesField, decodeMessage, has, int32Field, stringField } from './protobuf-reader.js';
import { ARCHIVE, ARCHIVE_PAYLOAD } from './daml-lf.js';

export interface Archive {
  hashFunction: number;
  payload: Uint8Array;
  hash: string;
}

export interface ArchivePayload {
  minor: string;
  patch: number;
  /** The Daml-LF major version of the package (which `Sum` case is set), or none. */
  lfMajor: 1 | 2 | undefined;
  packageBytes: Uint8Array;
}

/** Throws `ProtobufError` for bytes that are not an `Archive` (unknown fields included). */
export function decodeArchive(bytes: Uint8Array): Archive {
  const message = decodeMessage(bytes, ARCHIVE);
  return {
    hashFunction: int32Field(message, 'hash_function'),
    payload: bytesField(message, 'payload'),
    hash: stringField(message, 'hash'),
  };
}

/** Throws `ProtobufError` for bytes that are not an `ArchivePayload` (unknown fields included). */
export function decodeArchivePayload(bytes: Uint8Array): ArchivePayload {
  const message = decodeMessage(bytes, ARCHIVE_PAYLOAD);
  // The last case on the wire wins, as in protobuf's oneof.
  const lfMajor = has(message, 'daml_lf_2') ? 2 : has(message, 'daml_lf_1') ? 1 : undefined;
  return {
    minor: stringField(message, 'minor'),
    patch: int32Field(message, 'patch'),
    lfMajor,
    packageBytes: lfMajor === 2 ? bytesField(message, 'daml_lf_2') : bytesField(message, 'daml_lf_1'),
  };
}
