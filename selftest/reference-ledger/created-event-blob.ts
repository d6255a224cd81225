/**
 * Reads a `createdEventBlob` as Canton writes one, with the field numbers of Daml-LF's `transaction.proto`
 * and `value.proto` written down here (independently of the reference): `Versioned{version, payload}`
 * around a `FatContractInstance`, whose `create_arg` is a type-erased Daml-LF `Value`.
 */
import protobuf from 'protobufjs';

const root = protobuf.parse(
  `syntax = "proto3";
   message Versioned { string version = 1; bytes payload = 2; }
   message Identifier { string package_id = 1; repeated string module_name = 2; repeated string name = 3; }
   message FatContractInstance {
     bytes contract_id = 1; string package_name = 2; Identifier template_id = 3; bytes create_arg = 4;
     repeated string non_maintainer_signatories = 5; repeated string non_signatory_stakeholders = 6; sfixed64 created_at = 7;
     bytes authentication_data = 8;
   }
   message Empty {}
   message Value {
     oneof sum {
       Empty unit = 1; bool bool = 2; sint64 int64 = 3; int32 date = 4; sfixed64 timestamp = 5; string numeric = 6;
       string party = 7; string text = 8; bytes contract_id = 9; Optional optional = 10; List list = 11; Map map = 12;
       TextMap text_map = 16; Record record = 13; Variant variant = 14; Enum enum = 15;
     }
   }
   message Optional { Value value = 1; }
   message List { repeated Value elements = 1; }
   message Map { message Entry { Value key = 1; Value value = 2; } repeated Entry entries = 1; }
   message TextMap { message Entry { string key = 1; Value value = 2; } repeated Entry entries = 1; }
   message Record { message Field { Value value = 1; } repeated Field fields = 1; }
   message Variant { string constructor = 1; Value value = 2; }
   message Enum { string value = 1; }`,
  { keepCase: true },
).root;

const decode = (type: string, bytes: Uint8Array): any =>
  root.lookupType(type).toObject(root.lookupType(type).decode(bytes), { longs: String, bytes: String });

export interface DecodedBlob {
  version: string;
  contractIdHex: string;
  packageName: string;
  templateId: { package_id: string; module_name: string[]; name: string[] };
  signatories: string[];
  observers: string[];
  createdAtMicros: string;
  // The type-erased argument: records are lists of values.
  createArgument: any;
}

export function decodeCreatedEventBlob(base64: string): DecodedBlob {
  const versioned = decode('Versioned', Buffer.from(base64, 'base64'));
  const contract = decode('FatContractInstance', Buffer.from(versioned.payload, 'base64'));
  return {
    version: versioned.version,
    contractIdHex: Buffer.from(contract.contract_id, 'base64').toString('hex'),
    packageName: contract.package_name,
    templateId: contract.template_id,
    signatories: contract.non_maintainer_signatories ?? [],
    observers: contract.non_signatory_stakeholders ?? [],
    createdAtMicros: contract.created_at,
    createArgument: decode('Value', Buffer.from(contract.create_arg, 'base64')),
  };
}
