/**
 * Daml values (the engine's normalised JSON) as protobuf messages, driven by their Daml type:
 * - the Ledger API `Value` (value.proto) of a prepared transaction: enriched, with record ids and field
 *   labels, as Canton writes the values an external party is shown and signs;
 * - the Daml-LF `Value` (daml-lf value.proto) inside a `createdEventBlob`: type-erased, no ids, no labels.
 * Messages are plain objects in protobufjs's form (snake_case field names, 64-bit integers as strings).
 */
import type { DamlType, DamlValue, RecordType } from './values.js';

export interface IdentifierMessage {
  package_id: string;
  module_name: string;
  entity_name: string;
}

/** A Ledger API `Value`: exactly one key of the `sum` oneof. */
export type ValueMessage =
  | { unit: Record<string, never> }
  | { bool: boolean }
  | { int64: string }
  | { date: number }
  | { timestamp: string }
  | { numeric: string }
  | { party: string }
  | { text: string }
  | { contract_id: string }
  | { optional: { value?: ValueMessage } }
  | { list: { elements?: ValueMessage[] } }
  | { text_map: { entries?: { key?: string; value?: ValueMessage }[] } }
  | { gen_map: { entries?: { key?: ValueMessage; value?: ValueMessage }[] } }
  | { record: { record_id?: IdentifierMessage; fields?: { label?: string; value?: ValueMessage }[] } }
  | { variant: { variant_id?: IdentifierMessage; constructor?: string; value?: ValueMessage } }
  | { enum: { enum_id?: IdentifierMessage; constructor?: string } };

/** `Module:Entity` (`Module.Sub:Entity`) of package `packageId` as an `Identifier`. */
export function identifierOf(packageId: string, qualifiedName: string): IdentifierMessage {
  const separator = qualifiedName.indexOf(':');
  return { package_id: packageId, module_name: qualifiedName.slice(0, separator), entity_name: qualifiedName.slice(separator + 1) };
}

const DAY_MS = 24 * 3600 * 1000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function epochDays(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(2000, month - 1, day));
  at.setUTCFullYear(year);
  return Math.round(at.getTime() / DAY_MS);
}

/** Microseconds since the epoch of a normalised timestamp (`…T12:00:00.123456Z`), exactly. */
export function epochMicros(timestamp: string): bigint {
  const dot = timestamp.indexOf('.');
  const wholeSeconds = dot === -1 ? timestamp.replace(/Z$/, '') : timestamp.slice(0, dot);
  const fraction = dot === -1 ? '' : timestamp.slice(dot + 1).replace(/Z$/, '');
  const at = new Date(`${wholeSeconds}Z`);
  return BigInt(at.getTime()) * 1000n + BigInt(fraction.padEnd(6, '0').slice(0, 6) || '0');
}

function recordFields(type: RecordType, value: DamlValue): { name: string; type: DamlType; value: DamlValue }[] {
  const record = (value ?? {}) as Record<string, DamlValue>;
  // Trailing `None`s the engine dropped are still fields of the record: they are shown as empty optionals.
  return type.fields.map((field) => ({ name: field.name, type: field.type, value: record[field.name] ?? null }));
}

/** The Ledger API `Value` of `value` of type `type`; record, variant and enum ids name `packageId`. */
export function toLedgerApiValue(type: DamlType, value: DamlValue, packageId: string): ValueMessage {
  switch (type.kind) {
    case 'Unit':
      return { unit: {} };
    case 'Bool':
      return { bool: value as boolean };
    case 'Int64':
      return { int64: value as string };
    case 'Numeric':
      return { numeric: value as string };
    case 'Party':
      return { party: value as string };
    case 'Text':
      return { text: value as string };
    case 'ContractId':
      return { contract_id: value as string };
    case 'Date':
      return { date: epochDays(value as string) };
    case 'Timestamp':
      return { timestamp: epochMicros(value as string).toString() };
    case 'List':
      return { list: { elements: (value as DamlValue[]).map((element) => toLedgerApiValue(type.element, element, packageId)) } };
    case 'Optional':
      return { optional: optionalOf(type.element, value, packageId) };
    case 'TextMap':
      return {
        text_map: {
          entries: Object.entries(value as Record<string, DamlValue>).map(([key, element]) => ({
            key,
            value: toLedgerApiValue(type.value, element, packageId),
          })),
        },
      };
    case 'GenMap':
      return {
        gen_map: {
          entries: (value as [DamlValue, DamlValue][]).map(([key, element]) => ({
            key: toLedgerApiValue(type.key, key, packageId),
            value: toLedgerApiValue(type.value, element, packageId),
          })),
        },
      };
    case 'Record':
      return {
        record: {
          record_id: identifierOf(packageId, type.name),
          fields: recordFields(type, value).map((field) => ({
            label: field.name,
            value: toLedgerApiValue(field.type, field.value, packageId),
          })),
        },
      };
    case 'Variant': {
      const { tag, value: inner } = value as { tag: string; value: DamlValue };
      const constructor = type.constructors.find((candidate) => candidate.name === tag)!;
      return {
        variant: {
          variant_id: identifierOf(packageId, type.name),
          constructor: tag,
          value: toLedgerApiValue(constructor.type, inner, packageId),
        },
      };
    }
    case 'Enum':
      return { enum: { enum_id: identifierOf(packageId, type.name), constructor: value as string } };
  }
}

// The engine writes an optional inside an optional as an array ([] is None, [x] is Some x).
function optionalOf(element: DamlType, value: DamlValue, packageId: string): { value?: ValueMessage } {
  if (value === null) return {};
  if (element.kind !== 'Optional') return { value: toLedgerApiValue(element, value, packageId) };
  const nested = value as DamlValue[];
  return { value: { optional: nested.length === 0 ? {} : optionalOf(element.element, nested[0] as DamlValue, packageId) } };
}

/** A Daml-LF `Value` (transaction serialization): like the Ledger API one without ids and labels. */
export type LfValueMessage =
  | { unit: Record<string, never> }
  | { bool: boolean }
  | { int64: string }
  | { date: number }
  | { timestamp: string }
  | { numeric: string }
  | { party: string }
  | { text: string }
  | { contract_id: Uint8Array }
  | { optional: { value?: LfValueMessage } }
  | { list: { elements: LfValueMessage[] } }
  | { text_map: { entries: { key: string; value: LfValueMessage }[] } }
  | { map: { entries: { key: LfValueMessage; value: LfValueMessage }[] } }
  | { record: { fields: { value: LfValueMessage }[] } }
  | { variant: { constructor: string; value: LfValueMessage } }
  | { enum: { value: string } };

/** The type-erased Daml-LF form of a Ledger API value (the two share their scalar encodings). */
export function toLfValue(value: ValueMessage): LfValueMessage {
  if ('contract_id' in value) return { contract_id: Buffer.from(value.contract_id, 'hex') };
  if ('optional' in value) return { optional: value.optional.value === undefined ? {} : { value: toLfValue(value.optional.value) } };
  if ('list' in value) return { list: { elements: (value.list.elements ?? []).map(toLfValue) } };
  if ('text_map' in value) {
    return {
      text_map: { entries: (value.text_map.entries ?? []).map((entry) => ({ key: entry.key ?? '', value: toLfValue(entry.value!) })) },
    };
  }
  if ('gen_map' in value) {
    return {
      map: { entries: (value.gen_map.entries ?? []).map((entry) => ({ key: toLfValue(entry.key!), value: toLfValue(entry.value!) })) },
    };
  }
  if ('record' in value) return { record: { fields: (value.record.fields ?? []).map((field) => ({ value: toLfValue(field.value!) })) } };
  if ('variant' in value) return { variant: { constructor: value.variant.constructor ?? '', value: toLfValue(value.variant.value!) } };
  if ('enum' in value) return { enum: { value: value.enum.constructor ?? '' } };
  return value;
}
