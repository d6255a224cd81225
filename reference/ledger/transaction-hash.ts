/**
 * Canton's transaction hashing scheme V2 over a `PreparedTransaction`: the hash an external party signs.
 *
 * Every part is hashed with its purpose first (int32 big-endian 48, `HashPurpose.PreparedSubmission`):
 * the transaction (version, then the hash of each root node, each node hashing its children) and the
 * metadata (act-as, command id, transaction uuid, mediator group, synchronizer, ledger time bounds,
 * preparation time, input contracts) separately, then both together behind the scheme version byte 2.
 * The result is the raw 32-byte SHA-256, which Canton returns as `preparedTransactionHash` and verifies
 * signatures against (`Hash.unwrap`, without the multihash prefix).
 *
 * Encodings: strings, byte strings and lists carry an int32 length; optionals a 0/1 flag; int64 8 bytes
 * and int32 4 bytes, big-endian; contract ids are their hex bytes.
 */
import { createHash } from 'node:crypto';
import type { IdentifierMessage, ValueMessage } from './proto-values.js';
import type {
  CreateMessage,
  ExerciseMessage,
  FetchMessage,
  InputContractMessage,
  PreparedTransactionMessage,
  TransactionNodeMessage,
} from './protobuf-messages.js';

const PREPARED_SUBMISSION_PURPOSE = 48;
const HASHING_SCHEME_V2 = 2;
const NODE_ENCODING_VERSION = 1;
const METADATA_ENCODING_VERSION = 1;

/** A node can not be hashed: a missing node, seed or node type. Canton refuses such a transaction. */
export class TransactionHashError extends Error {}

class Encoder {
  private readonly chunks: Buffer[] = [];

  byte(value: number): this {
    this.chunks.push(Buffer.of(value));
    return this;
  }

  bytes(value: Uint8Array): this {
    this.chunks.push(Buffer.from(value));
    return this;
  }

  int32(value: number): this {
    const buffer = Buffer.alloc(4);
    buffer.writeInt32BE(value | 0);
    this.chunks.push(buffer);
    return this;
  }

  int64(value: string | bigint | undefined): this {
    const buffer = Buffer.alloc(8);
    buffer.writeBigInt64BE(BigInt.asIntN(64, BigInt(value ?? 0)));
    this.chunks.push(buffer);
    return this;
  }

  lengthPrefixed(value: Uint8Array): this {
    return this.int32(value.length).bytes(value);
  }

  string(value: string | undefined): this {
    return this.lengthPrefixed(Buffer.from(value ?? '', 'utf8'));
  }

  hex(value: string | undefined): this {
    return this.lengthPrefixed(Buffer.from(value ?? '', 'hex'));
  }

  bool(value: boolean | undefined): this {
    return this.byte(value ? 1 : 0);
  }

  optional<T>(value: T | undefined, encode: (encoder: Encoder, present: T) => void): this {
    if (value === undefined || value === null) return this.byte(0);
    this.byte(1);
    encode(this, value);
    return this;
  }

  repeated<T>(values: readonly T[] | undefined, encode: (encoder: Encoder, element: T) => void): this {
    this.int32(values?.length ?? 0);
    for (const element of values ?? []) encode(this, element);
    return this;
  }

  strings(values: readonly string[] | undefined): this {
    return this.repeated(values, (encoder, value) => encoder.string(value));
  }

  identifier(id: IdentifierMessage): this {
    this.string(id.package_id);
    this.strings((id.module_name ?? '').split('.'));
    return this.strings((id.entity_name ?? '').split('.'));
  }

  result(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function sha256(...parts: Uint8Array[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

const purpose = (): Buffer => new Encoder().int32(PREPARED_SUBMISSION_PURPOSE).result();

function encodeValue(encoder: Encoder, value: ValueMessage): void {
  if ('unit' in value) encoder.byte(0);
  else if ('bool' in value) encoder.byte(1).bool(value.bool);
  else if ('int64' in value) encoder.byte(2).int64(value.int64);
  else if ('numeric' in value) encoder.byte(3).string(value.numeric);
  else if ('timestamp' in value) encoder.byte(4).int64(value.timestamp);
  else if ('date' in value) encoder.byte(5).int32(value.date);
  else if ('party' in value) encoder.byte(6).string(value.party);
  else if ('text' in value) encoder.byte(7).string(value.text);
  else if ('contract_id' in value) encoder.byte(8).hex(value.contract_id);
  else if ('optional' in value) encoder.byte(9).optional(value.optional.value, encodeValue);
  else if ('list' in value) encoder.byte(10).repeated(value.list.elements, encodeValue);
  else if ('text_map' in value) {
    encoder.byte(11).repeated(value.text_map.entries, (inner, entry) => {
      inner.string(entry.key);
      encodeValue(inner, required(entry.value, 'text map value'));
    });
  } else if ('record' in value) {
    encoder.byte(12).optional(value.record.record_id, (inner, id) => inner.identifier(id));
    // A label is always written (an empty one too), as protobuf gives every string field a value.
    encoder.repeated(value.record.fields, (inner, field) => {
      inner.byte(1).string(field.label);
      encodeValue(inner, required(field.value, `value of record field ${field.label ?? ''}`));
    });
  } else if ('variant' in value) {
    encoder.byte(13).optional(value.variant.variant_id, (inner, id) => inner.identifier(id));
    encoder.string(value.variant.constructor);
    encodeValue(encoder, required(value.variant.value, 'variant value'));
  } else if ('enum' in value) {
    encoder
      .byte(14)
      .optional(value.enum.enum_id, (inner, id) => inner.identifier(id))
      .string(value.enum.constructor);
  } else if ('gen_map' in value) {
    encoder.byte(15).repeated(value.gen_map.entries, (inner, entry) => {
      encodeValue(inner, required(entry.key, 'map key'));
      encodeValue(inner, required(entry.value, 'map value'));
    });
  } else throw new TransactionHashError('a value without any of the Value cases');
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new TransactionHashError(`the ${what} is missing`);
  return value;
}

class TransactionHasher {
  private readonly nodes: Map<string, TransactionNodeMessage>;
  private readonly seeds: Map<string, Uint8Array>;

  constructor(transaction: NonNullable<PreparedTransactionMessage['transaction']>) {
    this.nodes = new Map((transaction.nodes ?? []).map((node) => [node.node_id ?? '', node]));
    this.seeds = new Map((transaction.node_seeds ?? []).map((seed) => [String(seed.node_id ?? 0), seed.seed ?? new Uint8Array(0)]));
  }

  nodeHash = (encoder: Encoder, nodeId: string): void => {
    const node = this.nodes.get(nodeId);
    if (node?.v1 === undefined) throw new TransactionHashError(`the transaction has no node ${nodeId}`);
    encoder.bytes(sha256(this.encodeNode(node.v1, nodeId)));
  };

  private encodeNode(node: NonNullable<TransactionNodeMessage['v1']>, nodeId: string): Buffer {
    if ('create' in node) return encodeCreate(node.create, this.seeds.get(nodeId));
    if ('exercise' in node) return this.encodeExercise(node.exercise, nodeId);
    if ('fetch' in node) return encodeFetch(node.fetch);
    if ('rollback' in node)
      return new Encoder().byte(NODE_ENCODING_VERSION).byte(3).repeated(node.rollback.children, this.nodeHash).result();
    throw new TransactionHashError(`node ${nodeId} has no node type`);
  }

  private encodeExercise(exercise: ExerciseMessage, nodeId: string): Buffer {
    const seed = this.seeds.get(nodeId);
    if (seed === undefined) throw new TransactionHashError(`exercise node ${nodeId} has no seed`);
    const encoder = new Encoder()
      .byte(NODE_ENCODING_VERSION)
      .string(exercise.lf_version)
      .byte(1)
      .bytes(seed)
      .hex(exercise.contract_id)
      .string(exercise.package_name)
      .identifier(required(exercise.template_id, 'template id of an exercise'))
      .strings(exercise.signatories)
      .strings(exercise.stakeholders)
      .strings(exercise.acting_parties)
      .optional(exercise.interface_id, (inner, id) => inner.identifier(id))
      .string(exercise.choice_id);
    encodeValue(encoder, required(exercise.chosen_value, 'choice argument'));
    return encoder
      .bool(exercise.consuming)
      .optional(exercise.exercise_result, encodeValue)
      .strings(exercise.choice_observers)
      .repeated(exercise.children, this.nodeHash)
      .result();
  }
}

function encodeCreate(create: CreateMessage, seed: Uint8Array | undefined): Buffer {
  const encoder = new Encoder()
    .byte(NODE_ENCODING_VERSION)
    .string(create.lf_version)
    .byte(0)
    .optional(seed, (inner, bytes) => inner.bytes(bytes))
    .hex(create.contract_id)
    .string(create.package_name)
    .identifier(required(create.template_id, 'template id of a create'));
  encodeValue(encoder, required(create.argument, 'create argument'));
  return encoder.strings(create.signatories).strings(create.stakeholders).result();
}

function encodeFetch(fetch: FetchMessage): Buffer {
  return new Encoder()
    .byte(NODE_ENCODING_VERSION)
    .string(fetch.lf_version)
    .byte(2)
    .hex(fetch.contract_id)
    .string(fetch.package_name)
    .identifier(required(fetch.template_id, 'template id of a fetch'))
    .strings(fetch.signatories)
    .strings(fetch.stakeholders)
    .optional(fetch.interface_id, (inner, id) => inner.identifier(id))
    .strings(fetch.acting_parties)
    .result();
}

function encodeInputContract(encoder: Encoder, contract: InputContractMessage): void {
  if (contract.v1 === undefined) throw new TransactionHashError('an input contract of an unknown version');
  encoder.int64(contract.created_at).bytes(sha256(encodeCreate(contract.v1, undefined)));
}

/** The V2 hash (32 bytes) of a prepared transaction; throws `TransactionHashError` for one that cannot be hashed. */
export function hashPreparedTransactionV2(prepared: PreparedTransactionMessage): Buffer {
  const transaction = required(prepared.transaction, 'transaction');
  const metadata = required(prepared.metadata, 'metadata');
  const hasher = new TransactionHasher(transaction);
  const encodedTransaction = new Encoder().string(transaction.version).repeated(transaction.roots, hasher.nodeHash).result();
  const encodedMetadata = new Encoder()
    .byte(METADATA_ENCODING_VERSION)
    .strings(metadata.submitter_info?.act_as)
    .string(metadata.submitter_info?.command_id)
    .string(metadata.transaction_uuid)
    .int32(metadata.mediator_group ?? 0)
    .string(metadata.synchronizer_id)
    .optional(metadata.min_ledger_effective_time, (inner, micros) => inner.int64(micros))
    .optional(metadata.max_ledger_effective_time, (inner, micros) => inner.int64(micros))
    .int64(metadata.preparation_time)
    .repeated(metadata.input_contracts, encodeInputContract)
    .result();
  return sha256(purpose(), Buffer.of(HASHING_SCHEME_V2), sha256(purpose(), encodedTransaction), sha256(purpose(), encodedMetadata));
}
