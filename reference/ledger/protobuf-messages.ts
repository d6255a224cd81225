/**
 * The protobuf messages the reference writes and reads, declared here from Canton 3.5's schemas
 * (field numbers and types are the wire contract; message names are the reference's own):
 * - `PreparedTransaction` of `interactive_submission_service.proto` with its nodes
 *   (`interactive_submission_data.proto`) and the Ledger API `Value` (`value.proto`): the prepared
 *   transaction an external party is shown;
 * - `Versioned` and `FatContractInstance` of Daml-LF's `transaction.proto` with its `Value`
 *   (daml-lf `value.proto`): a `createdEventBlob`.
 */
import protobuf from 'protobufjs';
import type { IdentifierMessage, LfValueMessage, ValueMessage } from './proto-values.js';

const INTERACTIVE_SUBMISSION_PROTO = `
syntax = "proto3";
package reference.interactive;

message Empty {}
message Identifier { string package_id = 1; string module_name = 2; string entity_name = 3; }
message Value {
  oneof sum {
    Empty unit = 1; bool bool = 2; sint64 int64 = 3; int32 date = 4; sfixed64 timestamp = 5; string numeric = 6;
    string party = 7; string text = 8; string contract_id = 9; Optional optional = 10; List list = 11;
    TextMap text_map = 12; GenMap gen_map = 13; Record record = 14; Variant variant = 15; Enum enum = 16;
  }
}
message Record { Identifier record_id = 1; repeated RecordField fields = 2; }
message RecordField { string label = 1; Value value = 2; }
message Variant { Identifier variant_id = 1; string constructor = 2; Value value = 3; }
message Enum { Identifier enum_id = 1; string constructor = 2; }
message List { repeated Value elements = 1; }
message Optional { Value value = 1; }
message TextMap { message Entry { string key = 1; Value value = 2; } repeated Entry entries = 1; }
message GenMap { message Entry { Value key = 1; Value value = 2; } repeated Entry entries = 1; }

message Create {
  string lf_version = 1; string contract_id = 2; string package_name = 3; Identifier template_id = 4; Value argument = 5;
  repeated string signatories = 6; repeated string stakeholders = 7;
}
message Fetch {
  string lf_version = 1; string contract_id = 2; string package_name = 3; Identifier template_id = 4;
  repeated string signatories = 5; repeated string stakeholders = 6; repeated string acting_parties = 7; Identifier interface_id = 8;
}
message Exercise {
  string lf_version = 1; string contract_id = 2; string package_name = 3; Identifier template_id = 4;
  repeated string signatories = 5; repeated string stakeholders = 6; repeated string acting_parties = 7; Identifier interface_id = 8;
  string choice_id = 9; Value chosen_value = 10; bool consuming = 11; repeated string children = 12; Value exercise_result = 13;
  repeated string choice_observers = 14;
}
message Rollback { repeated string children = 1; }
message NodeV1 { oneof node_type { Create create = 1; Fetch fetch = 2; Exercise exercise = 3; Rollback rollback = 4; } }

message DamlTransaction {
  message NodeSeed { int32 node_id = 1; bytes seed = 2; }
  message Node { string node_id = 1; oneof versioned_node { NodeV1 v1 = 1000; } }
  string version = 1; repeated string roots = 2; repeated Node nodes = 3; repeated NodeSeed node_seeds = 4;
}
message Metadata {
  message SubmitterInfo { repeated string act_as = 1; string command_id = 2; }
  message InputContract { oneof contract { Create v1 = 1; } uint64 created_at = 1000; bytes event_blob = 1002; }
  SubmitterInfo submitter_info = 2; string synchronizer_id = 3; uint32 mediator_group = 4; string transaction_uuid = 5;
  uint64 preparation_time = 6; repeated InputContract input_contracts = 7;
  optional uint64 min_ledger_effective_time = 9; optional uint64 max_ledger_effective_time = 10; optional uint64 max_record_time = 11;
}
message PreparedTransaction { DamlTransaction transaction = 1; Metadata metadata = 2; }
`;

const DAML_LF_TRANSACTION_PROTO = `
syntax = "proto3";
package reference.lf;

message Empty {}
message Identifier { string package_id = 1; repeated string module_name = 2; repeated string name = 3; }
message Value {
  oneof sum {
    Empty unit = 1; bool bool = 2; sint64 int64 = 3; int32 date = 4; sfixed64 timestamp = 5; string numeric = 6;
    string party = 7; string text = 8; bytes contract_id = 9; Optional optional = 10; List list = 11; Map map = 12;
    TextMap text_map = 16; Record record = 13; Variant variant = 14; Enum enum = 15;
  }
  message Record { repeated Field fields = 1; message Field { Value value = 1; } }
  message Variant { string constructor = 1; Value value = 2; }
  message Enum { string value = 1; }
  message List { repeated Value elements = 1; }
  message Optional { Value value = 1; }
  message TextMap { message Entry { string key = 1; Value value = 2; } repeated Entry entries = 1; }
  message Map { message Entry { Value key = 1; Value value = 2; } repeated Entry entries = 1; }
}
message Versioned { string version = 1; bytes payload = 2; }
message FatContractInstance {
  bytes contract_id = 1; string package_name = 2; Identifier template_id = 3; bytes create_arg = 4;
  repeated string non_maintainer_signatories = 5; repeated string non_signatory_stakeholders = 6; sfixed64 created_at = 7;
  bytes authentication_data = 8;
}
`;

// keepCase: the field names stay those of the .proto files, which the messages below are written in.
const root = new protobuf.Root();
protobuf.parse(INTERACTIVE_SUBMISSION_PROTO, root, { keepCase: true });
protobuf.parse(DAML_LF_TRANSACTION_PROTO, root, { keepCase: true });
root.resolveAll();

const PreparedTransactionType = root.lookupType('reference.interactive.PreparedTransaction');
const LfValueType = root.lookupType('reference.lf.Value');
const VersionedType = root.lookupType('reference.lf.Versioned');
const FatContractInstanceType = root.lookupType('reference.lf.FatContractInstance');

export interface CreateMessage {
  lf_version?: string;
  contract_id?: string;
  package_name?: string;
  template_id?: IdentifierMessage;
  argument?: ValueMessage;
  signatories?: string[];
  stakeholders?: string[];
}

export interface FetchMessage {
  lf_version?: string;
  contract_id?: string;
  package_name?: string;
  template_id?: IdentifierMessage;
  signatories?: string[];
  stakeholders?: string[];
  acting_parties?: string[];
  interface_id?: IdentifierMessage;
}

export interface ExerciseMessage extends FetchMessage {
  choice_id?: string;
  chosen_value?: ValueMessage;
  consuming?: boolean;
  children?: string[];
  exercise_result?: ValueMessage;
  choice_observers?: string[];
}

export type NodeV1Message =
  { create: CreateMessage } | { fetch: FetchMessage } | { exercise: ExerciseMessage } | { rollback: { children?: string[] } };

export interface TransactionNodeMessage {
  node_id?: string;
  v1?: NodeV1Message;
}

export interface InputContractMessage {
  v1?: CreateMessage;
  created_at?: string;
  event_blob?: Uint8Array;
}

/** A decoded (or to-be-encoded) `PreparedTransaction`. Absent fields are missing keys, as on the wire. */
export interface PreparedTransactionMessage {
  transaction?: {
    version?: string;
    roots?: string[];
    nodes?: TransactionNodeMessage[];
    node_seeds?: { node_id?: number; seed?: Uint8Array }[];
  };
  metadata?: {
    submitter_info?: { act_as?: string[]; command_id?: string };
    synchronizer_id?: string;
    mediator_group?: number;
    transaction_uuid?: string;
    preparation_time?: string;
    input_contracts?: InputContractMessage[];
    min_ledger_effective_time?: string;
    max_ledger_effective_time?: string;
    max_record_time?: string;
  };
}

export function encodePreparedTransaction(message: PreparedTransactionMessage): Uint8Array {
  return PreparedTransactionType.encode(PreparedTransactionType.fromObject(message)).finish();
}

/** Throws protobufjs's error for bytes that are not a `PreparedTransaction`. */
export function decodePreparedTransaction(bytes: Uint8Array): PreparedTransactionMessage {
  return PreparedTransactionType.toObject(PreparedTransactionType.decode(bytes), { longs: String }) as PreparedTransactionMessage;
}

export interface FatContractMessage {
  contract_id: Uint8Array;
  package_name: string;
  template_id: { package_id: string; module_name: string[]; name: string[] };
  create_arg: LfValueMessage;
  non_maintainer_signatories: string[];
  non_signatory_stakeholders: string[];
  /** Microseconds since the epoch. */
  created_at: string;
  /** What authenticates the contract id (Canton: the salt); opaque to clients. */
  authentication_data: Uint8Array;
}

/** `Versioned{version, FatContractInstance}`: the bytes of a `createdEventBlob`. */
export function encodeFatContractInstance(version: string, contract: FatContractMessage): Uint8Array {
  const createArg = LfValueType.encode(LfValueType.fromObject(contract.create_arg)).finish();
  const payload = FatContractInstanceType.encode(FatContractInstanceType.fromObject({ ...contract, create_arg: createArg })).finish();
  return VersionedType.encode(VersionedType.fromObject({ version, payload })).finish();
}

/**
 * The contract id of a `createdEventBlob` (`Versioned{version, FatContractInstance}`), as Canton's
 * TransactionCoder.decodeFatContractInstance reads it; throws with the reason when the bytes are no such message.
 */
export function decodeFatContractInstanceId(bytes: Uint8Array): string {
  return decodeFatContractInstanceIdentity(bytes).contractId;
}

/** The contract id (hex) and authentication data of a `createdEventBlob`; throws as `decodeFatContractInstanceId`. */
export function decodeFatContractInstanceIdentity(bytes: Uint8Array): { contractId: string; authenticationData: Uint8Array } {
  const versioned = VersionedType.decode(bytes) as unknown as { version?: string; payload?: Uint8Array };
  if (!versioned.version) throw new Error('missing field version');
  const contract = FatContractInstanceType.decode(versioned.payload ?? new Uint8Array(0)) as unknown as {
    contract_id?: Uint8Array;
    authentication_data?: Uint8Array;
  };
  if (!contract.contract_id || contract.contract_id.length === 0) throw new Error('missing field contract_id');
  return {
    contractId: Buffer.from(contract.contract_id).toString('hex'),
    authenticationData: contract.authentication_data ?? new Uint8Array(0),
  };
}
