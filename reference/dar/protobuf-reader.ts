/**
 * A strict protobuf reader for the DAR's messages, as Java's generated parsers read them in Canton:
 * malformed wire data (a truncated field, a group, an invalid wire type, a string that is not UTF-8) and,
 * where the schema says so, fields the schema does not know are errors (Canton's Reader refuses unknown
 * fields in archives and Daml-LF 2 packages). A field declared `opaque` is kept as bytes, unread.
 */

/** Bytes that are not the message the schema describes. */
export class ProtobufError extends Error {}

export type FieldKind =
  | { kind: 'varint' }
  | { kind: 'string' }
  | { kind: 'bytes' }
  /** A length-delimited sub-message the reader does not look into. */
  | { kind: 'opaque' }
  | { kind: 'message'; schema: MessageSchema };

export interface FieldSchema {
  name: string;
  type: FieldKind;
  repeated?: boolean;
}

export interface MessageSchema {
  name: string;
  fields: Readonly<Record<number, FieldSchema>>;
  /** Unknown fields are refused (Canton's `ensureNoUnknownFields`); otherwise skipped. */
  strict: boolean;
}

export type FieldValue = bigint | string | Uint8Array | DecodedMessage;

/** Field values by field name; repeated fields as arrays (empty when absent), others absent when not on the wire. */
export type DecodedMessage = { [name: string]: FieldValue | FieldValue[] | undefined };

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LENGTH_DELIMITED = 2;
const WIRE_FIXED32 = 5;
const MAX_DEPTH = 100;

const utf8 = new TextDecoder('utf-8', { fatal: true });

class Cursor {
  position = 0;
  constructor(readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.position >= this.bytes.length;
  }

  varint(): bigint {
    let value = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (this.done) throw new ProtobufError('truncated varint');
      const byte = this.bytes[this.position++] as number;
      value |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new ProtobufError('malformed varint (more than 10 bytes)');
  }

  take(length: number): Uint8Array {
    if (this.position + length > this.bytes.length) throw new ProtobufError('truncated field');
    const slice = this.bytes.subarray(this.position, this.position + length);
    this.position += length;
    return slice;
  }
}

function expectWireType(schema: MessageSchema, field: FieldSchema, wireType: number, expected: number): void {
  if (wireType !== expected) throw new ProtobufError(`${schema.name}.${field.name} has wire type ${wireType}, expected ${expected}`);
}

/** Reads `bytes` as a message of `schema`; throws `ProtobufError` when they are not one. */
export function decodeMessage(bytes: Uint8Array, schema: MessageSchema, depth = 0): DecodedMessage {
  if (depth > MAX_DEPTH) throw new ProtobufError(`messages nested deeper than ${MAX_DEPTH}`);
  const message: DecodedMessage = {};
  for (const field of Object.values(schema.fields)) if (field.repeated) message[field.name] = [];
  const cursor = new Cursor(bytes);
  while (!cursor.done) {
    const key = cursor.varint();
    const number = Number(key >> 3n);
    const wireType = Number(key & 7n);
    if (number === 0) throw new ProtobufError(`${schema.name}: field number 0`);
    const field = schema.fields[number];
    if (field === undefined) {
      if (schema.strict) throw new ProtobufError(`${schema.name} has an unknown field ${number}`);
      skip(cursor, wireType, schema);
      continue;
    }
    const values = readField(cursor, wireType, schema, field, depth);
    if (field.repeated) (message[field.name] as FieldValue[]).push(...values);
    else message[field.name] = values[values.length - 1];
  }
  return message;
}

function skip(cursor: Cursor, wireType: number, schema: MessageSchema): void {
  if (wireType === WIRE_VARINT) cursor.varint();
  else if (wireType === WIRE_FIXED64) cursor.take(8);
  else if (wireType === WIRE_FIXED32) cursor.take(4);
  else if (wireType === WIRE_LENGTH_DELIMITED) cursor.take(Number(cursor.varint()));
  else throw new ProtobufError(`${schema.name}: invalid or unsupported wire type ${wireType}`);
}

function readField(cursor: Cursor, wireType: number, schema: MessageSchema, field: FieldSchema, depth: number): FieldValue[] {
  const { type } = field;
  if (type.kind === 'varint') {
    // A repeated scalar may come packed: one length-delimited run of varints.
    if (field.repeated && wireType === WIRE_LENGTH_DELIMITED) {
      const packed = new Cursor(cursor.take(Number(cursor.varint())));
      const values: bigint[] = [];
      while (!packed.done) values.push(packed.varint());
      return values;
    }
    expectWireType(schema, field, wireType, WIRE_VARINT);
    return [cursor.varint()];
  }
  expectWireType(schema, field, wireType, WIRE_LENGTH_DELIMITED);
  const bytes = cursor.take(Number(cursor.varint()));
  switch (type.kind) {
    case 'string':
      try {
        return [utf8.decode(bytes)];
      } catch {
        throw new ProtobufError(`${schema.name}.${field.name} is not valid UTF-8`);
      }
    case 'bytes':
    case 'opaque':
      return [bytes];
    case 'message':
      return [decodeMessage(bytes, type.schema, depth + 1)];
  }
}

// Accessors for decoded fields, typed by what the schema declared.

export function stringField(message: DecodedMessage, name: string): string {
  const value = message[name];
  return typeof value === 'string' ? value : '';
}

export function bytesField(message: DecodedMessage, name: string): Uint8Array {
  const value = message[name];
  return value instanceof Uint8Array ? value : new Uint8Array(0);
}

/** An int32 field: protobuf writes negative int32s as 64-bit two's complement varints. */
export function int32Field(message: DecodedMessage, name: string): number {
  const value = message[name];
  return typeof value === 'bigint' ? Number(BigInt.asIntN(32, value)) : 0;
}

export function messageField(message: DecodedMessage, name: string): DecodedMessage | undefined {
  const value = message[name];
  return value !== undefined && typeof value === 'object' && !(value instanceof Uint8Array) && !Array.isArray(value)
    ? (value as DecodedMessage)
    : undefined;
}

export function repeatedField<T extends FieldValue>(message: DecodedMessage, name: string): T[] {
  const value = message[name];
  return Array.isArray(value) ? (value as T[]) : [];
}

export function has(message: DecodedMessage, name: string): boolean {
  return message[name] !== undefined;
}
