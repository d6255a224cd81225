/**
 * The topology transactions of external-party onboarding, as Canton serializes and hashes them.
 *
 * A transaction is a `TopologyTransaction` (protocol v30: operation, serial, mapping) wrapped in an
 * `UntypedVersionedMessage{data, version: 30}`; only the PartyToParticipant mapping is modelled, the one
 * `generate-topology` writes. Hashes are Canton's: SHA-256 over the purpose as a 4-byte big-endian int
 * followed by the data, serialized as a multihash (`0x12 0x20` + digest). A transaction's hash has purpose
 * 11 (TopologyTransactionSignature) over its serialized bytes; the multi-hash has purpose 55
 * (MultiTopologyTransaction) over the count and the transaction hashes sorted by their hex, each
 * length-prefixed (MultiTransactionSignature.computeCombinedHash).
 */
import { createHash } from 'node:crypto';
import protobuf from 'protobufjs';

const TOPOLOGY_PROTO = `
syntax = "proto3";
package topology;
message UntypedVersionedMessage {
  oneof wrapper { bytes data = 1; }
  int32 version = 2;
}
message SigningPublicKey {
  int32 format = 2;
  bytes public_key = 3;
  int32 scheme = 4;
  repeated int32 usage = 5;
  int32 key_spec = 6;
}
message SigningKeysWithThreshold {
  repeated SigningPublicKey keys = 1;
  uint32 threshold = 2;
}
message HostingParticipant {
  message Onboarding {}
  string participant_uid = 1;
  int32 permission = 2;
  Onboarding onboarding = 3;
}
message PartyToParticipant {
  string party = 1;
  uint32 threshold = 2;
  repeated HostingParticipant participants = 3;
  optional SigningKeysWithThreshold party_signing_keys = 6;
}
message TopologyMapping {
  oneof mapping { PartyToParticipant party_to_participant = 9; }
}
message TopologyTransaction {
  int32 operation = 1;
  uint32 serial = 2;
  TopologyMapping mapping = 3;
}
`;

const root = protobuf.parse(TOPOLOGY_PROTO, { keepCase: true }).root;
const VersionedType = root.lookupType('topology.UntypedVersionedMessage');
const TransactionType = root.lookupType('topology.TopologyTransaction');

const TOPOLOGY_PROTO_VERSION = 30;
const OPERATION_REPLACE = 1;
const FORMAT_DER_X509_SPKI = 4;
const KEY_SPEC_CURVE25519 = 1;
/** NAMESPACE, PROOF_OF_OWNERSHIP, PROTOCOL: the usages generate-topology gives the party's key. */
const PARTY_KEY_USAGES = [1, 5, 4];
const PURPOSE_TOPOLOGY_TRANSACTION = 11;
const PURPOSE_MULTI_TOPOLOGY_TRANSACTION = 55;

export const PERMISSIONS = {
  PARTICIPANT_PERMISSION_SUBMISSION: 1,
  PARTICIPANT_PERMISSION_CONFIRMATION: 2,
  PARTICIPANT_PERMISSION_OBSERVATION: 3,
} as const;

export interface PartyToParticipantTransaction {
  operation: number;
  serial: number;
  party: string;
  threshold: number;
  participants: { participantUid: string; permission: number }[];
  /** DER SubjectPublicKeyInfo of each signing key. */
  signingKeys: { format: number; publicKey: Uint8Array; keySpec: number }[];
}

function int32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}

/** Canton's multihash serialization of a SHA-256 digest. */
function multihash(digest: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x12, 0x20]), digest]);
}

function purposeHash(purpose: number, ...parts: Uint8Array[]): Buffer {
  const hash = createHash('sha256').update(int32(purpose));
  for (const part of parts) hash.update(part);
  return multihash(hash.digest());
}

export { keyFingerprint } from '../ledger/signing-keys.js';

export function transactionHash(serialized: Uint8Array): Buffer {
  return purposeHash(PURPOSE_TOPOLOGY_TRANSACTION, serialized);
}

export function multiTransactionHash(serializedTransactions: readonly Uint8Array[]): Buffer {
  const hashes = [...new Map(serializedTransactions.map((bytes) => [transactionHash(bytes).toString('hex'), bytes])).keys()].sort();
  const parts = hashes.flatMap((hex) => [int32(hex.length / 2), Buffer.from(hex, 'hex')]);
  return purposeHash(PURPOSE_MULTI_TOPOLOGY_TRANSACTION, int32(hashes.length), ...parts);
}

/** The onboarding PartyToParticipant transaction of a party hosted here (serial 1, signing threshold 1). */
export function encodePartyToParticipant(party: string, participantUid: string, permission: number, spkiPublicKey: Uint8Array): Uint8Array {
  const transaction = TransactionType.encode(
    TransactionType.fromObject({
      operation: OPERATION_REPLACE,
      serial: 1,
      mapping: {
        party_to_participant: {
          party,
          threshold: 1,
          participants: [{ participant_uid: participantUid, permission }],
          party_signing_keys: {
            keys: [
              {
                format: FORMAT_DER_X509_SPKI,
                public_key: spkiPublicKey,
                scheme: 0,
                usage: PARTY_KEY_USAGES,
                key_spec: KEY_SPEC_CURVE25519,
              },
            ],
            threshold: 1,
          },
        },
      },
    }),
  ).finish();
  return VersionedType.encode(VersionedType.fromObject({ data: transaction, version: TOPOLOGY_PROTO_VERSION })).finish();
}

interface DecodedTransaction {
  operation?: number;
  serial?: number;
  mapping?: {
    party_to_participant?: {
      party?: string;
      threshold?: number;
      participants?: { participant_uid?: string; permission?: number }[];
      party_signing_keys?: { keys?: { format?: number; public_key?: Uint8Array; key_spec?: number }[] };
    };
  };
}

/** Decodes a serialized onboarding transaction; throws an Error saying what is wrong. */
export function decodePartyToParticipant(serialized: Uint8Array): PartyToParticipantTransaction {
  let versioned: { data?: Uint8Array; version?: number };
  let transaction: DecodedTransaction;
  try {
    versioned = VersionedType.toObject(VersionedType.decode(serialized)) as typeof versioned;
    if (versioned.version !== TOPOLOGY_PROTO_VERSION || versioned.data === undefined) {
      throw new Error(`unsupported proto version ${String(versioned.version)} (expected ${TOPOLOGY_PROTO_VERSION})`);
    }
    transaction = TransactionType.toObject(TransactionType.decode(versioned.data)) as DecodedTransaction;
  } catch (error) {
    throw new Error(`not a serialized topology transaction: ${(error as Error).message}`, { cause: error });
  }
  const mapping = transaction.mapping?.party_to_participant;
  if (mapping === undefined) throw new Error('the transaction holds no PartyToParticipant mapping');
  return {
    operation: transaction.operation ?? 0,
    serial: transaction.serial ?? 0,
    party: mapping.party ?? '',
    threshold: mapping.threshold ?? 0,
    participants: (mapping.participants ?? []).map((host) => ({
      participantUid: host.participant_uid ?? '',
      permission: host.permission ?? 0,
    })),
    signingKeys: (mapping.party_signing_keys?.keys ?? []).map((key) => ({
      format: key.format ?? 0,
      publicKey: key.public_key ?? new Uint8Array(),
      keySpec: key.key_spec ?? 0,
    })),
  };
}
