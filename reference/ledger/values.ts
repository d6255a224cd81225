/**
 * Daml-LF values in their JSON encoding (Canton 3.5's transcode codec): type-checked against a Daml type
 * and normalised to the form Canton writes back (Int64 and Numeric as canonical strings, trailing `None`
 * record fields dropped, nested optionals as arrays). The normalised JSON is also the engine's in-memory
 * representation of a value, so rendering an event never re-encodes anything.
 *
 * Errors are raised by the JSON layer, as in Canton: a missing record field is COMMAND_PREPROCESSING_FAILED,
 * an Int64 that is not a JSON string is 500 LEDGER_API_INTERNAL_ERROR, anything else ill-typed is
 * INVALID_ARGUMENT; all with `definiteAnswer: false`. A non-suffixed contract id is the engine's
 * COMMAND_PREPROCESSING_FAILED (gRPC path).
 */
import { LedgerApiError } from '../canton-errors.js';
import { flatString } from '../flat-strings.js';
import { INTEGER_TEXT, isContractId, isNonSuffixedV1ContractId, isPartyId } from '../string-formats.js';

export type DamlType =
  | { kind: 'Party' }
  | { kind: 'Text' }
  | { kind: 'Int64' }
  | { kind: 'Numeric'; scale: number }
  | { kind: 'Bool' }
  | { kind: 'Unit' }
  | { kind: 'Date' }
  | { kind: 'Timestamp' }
  | { kind: 'ContractId' }
  | { kind: 'List'; element: DamlType }
  | { kind: 'Optional'; element: DamlType }
  | { kind: 'TextMap'; value: DamlType }
  | { kind: 'GenMap'; key: DamlType; value: DamlType }
  | RecordType
  | { kind: 'Variant'; name: string; constructors: readonly { name: string; type: DamlType }[] }
  | { kind: 'Enum'; name: string; constructors: readonly string[] };

export interface RecordType {
  kind: 'Record';
  name: string;
  fields: readonly { name: string; type: DamlType }[];
}

export type DamlValue = string | boolean | null | DamlValue[] | { [field: string]: DamlValue };
export type DamlRecord = { [field: string]: DamlValue };

export const T = {
  party: { kind: 'Party' },
  text: { kind: 'Text' },
  int64: { kind: 'Int64' },
  numeric10: { kind: 'Numeric', scale: 10 },
  bool: { kind: 'Bool' },
  unit: { kind: 'Unit' },
  date: { kind: 'Date' },
  timestamp: { kind: 'Timestamp' },
  contractId: { kind: 'ContractId' },
  list: (element: DamlType): DamlType => ({ kind: 'List', element }),
  optional: (element: DamlType): DamlType => ({ kind: 'Optional', element }),
  record: (name: string, fields: Record<string, DamlType>): RecordType => ({
    kind: 'Record',
    name,
    fields: Object.entries(fields).map(([fieldName, type]) => ({ name: fieldName, type })),
  }),
} as const satisfies Record<string, DamlType | ((...args: never[]) => DamlType)>;

/** What a value check knows about parties (Canton checks the party id syntax while preprocessing). */
export interface ValueCheckOptions {
  /** Where the value sits in the request, for messages (e.g. `commands[0].CreateCommand.createArguments`). */
  path: string;
  /**
   * Party ids the ledger already holds, each mapped to itself. A party value equal to one is replaced by
   * that instance, so stored contracts share one copy of an id instead of each keeping the request's.
   */
  knownParties?: ReadonlyMap<string, string>;
}

type KnownParties = ReadonlyMap<string, string> | undefined;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const NUMERIC_MAX_DIGITS = 38;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z$/;

function preprocessingFailed(message: string): LedgerApiError {
  return new LedgerApiError('COMMAND_PREPROCESSING_FAILED', message);
}

function invalid(message: string, path: string): LedgerApiError {
  return new LedgerApiError(
    'INVALID_ARGUMENT',
    `The submitted request has invalid arguments: ${message}${path === '' ? '' : ` (at ${path})`}`,
    { fromJsonLayer: true },
  );
}

function describe(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? String(value);
}

/**
 * Canton's engine forbids local contract ids in commands (`forbidLocalContractIds = true`): a V1 id that is
 * `00` and its 64-digit discriminator with an empty suffix fails command preprocessing, before any lookup.
 */
export function rejectNonSuffixedContractId(contractId: string): void {
  if (isNonSuffixedV1ContractId(contractId)) {
    throw new LedgerApiError(
      'COMMAND_PREPROCESSING_FAILED',
      `Illegal Contract ID "${contractId}", non-suffixed V1 Contract IDs are forbidden`,
    );
  }
}

/** Type-checks `json` against `type` and returns its normalised form. */
export function checkValue(type: DamlType, json: unknown, options: ValueCheckOptions): DamlValue {
  return check(type, json, options.path, options.knownParties);
}

function check(type: DamlType, json: unknown, path: string, parties: KnownParties): DamlValue {
  switch (type.kind) {
    case 'Party': {
      const known = typeof json === 'string' ? parties?.get(json) : undefined;
      if (known !== undefined) return known;
      if (typeof json !== 'string' || !isPartyId(json)) {
        throw invalid(
          `Invalid party ${describe(json)}: expected a party id <hint>::<fingerprint> made of letters, digits, ':', '-', '_' and spaces`,
          path,
        );
      }
      return json;
    }
    case 'Text':
      if (typeof json !== 'string') throw invalid(`Expected a JSON string for Text, got ${describe(json)}`, path);
      return json;
    case 'Int64':
      return checkInt64(json, path);
    case 'Numeric':
      return checkNumeric(json, type.scale, path);
    case 'Bool':
      if (typeof json !== 'boolean') throw invalid(`Expected true or false for Bool, got ${describe(json)}`, path);
      return json;
    case 'Unit':
      if (!isPlainObject(json) || Object.values(json).some((field) => field !== null)) {
        throw invalid(`Expected {} for Unit, got ${describe(json)}`, path);
      }
      return {};
    case 'Date':
      return checkDate(json, path);
    case 'Timestamp':
      return checkTimestamp(json, path);
    case 'ContractId':
      if (typeof json !== 'string' || !isContractId(json)) {
        throw invalid(`Invalid contract id ${describe(json)}: expected a hex string starting with 00 or 01`, path);
      }
      rejectNonSuffixedContractId(json);
      return json;
    case 'List':
      if (!Array.isArray(json)) throw invalid(`Expected a JSON array for List, got ${describe(json)}`, path);
      return json.map((element, index) => check(type.element, element, `${path}[${index}]`, parties));
    case 'Optional':
      return checkOptional(type.element, json, path, parties);
    case 'TextMap':
      if (!isPlainObject(json)) throw invalid(`Expected a JSON object for TextMap, got ${describe(json)}`, path);
      return Object.fromEntries(Object.entries(json).map(([key, element]) => [key, check(type.value, element, `${path}.${key}`, parties)]));
    case 'GenMap':
      return checkGenMap(type.key, type.value, json, path, parties);
    case 'Record':
      return checkRecord(type, json, path, parties);
    case 'Variant':
      return checkVariant(type, json, path, parties);
    case 'Enum':
      if (typeof json !== 'string' || !type.constructors.includes(json)) {
        throw invalid(
          `Unexpected enum constructor ${describe(json)} for ${type.name} (expected one of ${type.constructors.join(', ')})`,
          path,
        );
      }
      return json;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkInt64(json: unknown, path: string): string {
  // Canton 3.5 reads Int64 with ujson's `v.str.toLong`: anything but a string throws ujson's InvalidData, a
  // plain Exception the JSON layer answers 500 LEDGER_API_INTERNAL_ERROR (3.4 still took numbers).
  if (typeof json !== 'string') {
    throw new LedgerApiError('LEDGER_API_INTERNAL_ERROR', `Expected ujson.Str (data: ${describe(json)})`, { fromJsonLayer: true });
  }
  if (!INTEGER_TEXT.test(json)) {
    throw invalid(`Expected an Int64 as a JSON string of digits (e.g. "42"), got ${describe(json)}`, path);
  }
  const value = BigInt(json);
  if (value < INT64_MIN || value > INT64_MAX) throw invalid(`Int64 value ${json} is out of range`, path);
  return value.toString();
}

function checkNumeric(json: unknown, scale: number, path: string): string {
  let text: string;
  if (typeof json === 'string') text = json;
  else if (typeof json === 'number' && Number.isFinite(json)) text = numberToPlainText(json);
  else if (typeof json === 'bigint') text = json.toString();
  else throw invalid(`Expected a Numeric as a JSON string or number, got ${describe(json)}`, path);
  const match = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw invalid(`Invalid Numeric ${describe(json)}: expected digits with an optional decimal point`, path);
  const sign = match[1] === '-' ? '-' : '';
  const whole = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  // The Ledger API's ValueValidator reads up to 38 integer and 37 decimal digits (else INVALID_ARGUMENT); the
  // engine's preprocessing then refuses what Numeric 10 cannot hold, as COMMAND_PREPROCESSING_FAILED
  // (CommandServiceIT.scala:630 CSBadNumericValues: "Cannot represent", "Out-of-bounds (Numeric 10)").
  if ((match[2] ?? '').length > NUMERIC_MAX_DIGITS || (match[3] ?? '').length > NUMERIC_MAX_DIGITS - 1) {
    throw invalid(`Could not read Numeric string "${text}"`, path);
  }
  if (fraction.length > scale) {
    throw preprocessingFailed(`Cannot represent ${text} as (Numeric ${scale}) without loss of precision`);
  }
  if (whole.length > NUMERIC_MAX_DIGITS - scale) throw preprocessingFailed(`Out-of-bounds (Numeric ${scale}) ${text}`);
  const isZero = /^0*$/.test(whole) && fraction === '';
  // Flat: the normalised text is kept by the contract (see flat-strings.ts).
  return flatString(`${isZero ? '' : sign}${whole}.${fraction.padEnd(scale, '0')}`);
}

function numberToPlainText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Numbers such as 1e-7 print in exponent form; write them out (at most 20 fraction digits suffice to
  // detect a scale overflow, which checkNumeric then reports).
  return value.toFixed(20).replace(/\.?0+$/, '');
}

function checkDate(json: unknown, path: string): string {
  const match = typeof json === 'string' ? DATE.exec(json) : null;
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    throw invalid(`Invalid Date ${describe(json)}: expected YYYY-MM-DD between 0001-01-01 and 9999-12-31`, path);
  }
  return json as string;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checkTimestamp(json: unknown, path: string): string {
  const match = typeof json === 'string' ? TIMESTAMP.exec(json) : null;
  const [, datePart = '', hours = '', minutes = '', seconds = '', fraction = ''] = match ?? [];
  const dateMatch = DATE.exec(datePart);
  if (
    !match ||
    !dateMatch ||
    !isCalendarDate(Number(dateMatch[1]), Number(dateMatch[2]), Number(dateMatch[3])) ||
    Number(hours) > 23 ||
    Number(minutes) > 59 ||
    Number(seconds) > 59
  ) {
    throw invalid(
      `Invalid Timestamp ${describe(json)}: expected an ISO-8601 UTC time such as 2023-04-06T04:30:23.123456Z (at most microseconds)`,
      path,
    );
  }
  // As Canton's JSON API writes it back (transcode JsonCodec.timestamp: DateTimeFormatter.ISO_DATE_TIME of the UTC time):
  // the fraction without trailing zeros, none when zero.
  const digits = fraction.replace(/0+$/, '');
  return flatString(`${datePart}T${hours}:${minutes}:${seconds}${digits === '' ? '' : `.${digits}`}Z`);
}

function checkOptional(element: DamlType, json: unknown, path: string, parties: KnownParties): DamlValue {
  if (json === null || json === undefined) return null;
  return element.kind === 'Optional' ? checkNestedOptional(element, json, path, parties) : check(element, json, path, parties);
}

// Inside an optional, an optional is written as an array: [] is None, [x] is Some(x).
function checkNestedOptional(type: { kind: 'Optional'; element: DamlType }, json: unknown, path: string, parties: KnownParties): DamlValue {
  if (!Array.isArray(json) || json.length > 1) {
    throw invalid(`Expected [] or [value] for a nested Optional, got ${describe(json)}`, path);
  }
  if (json.length === 0) return [];
  const inner = type.element;
  return [
    inner.kind === 'Optional' ? checkNestedOptional(inner, json[0], `${path}[0]`, parties) : check(inner, json[0], `${path}[0]`, parties),
  ];
}

function checkGenMap(keyType: DamlType, valueType: DamlType, json: unknown, path: string, parties: KnownParties): DamlValue {
  if (!Array.isArray(json)) throw invalid(`Expected an array of [key, value] pairs for GenMap, got ${describe(json)}`, path);
  const seen = new Set<string>();
  const entries = json.map((entry, index): [DamlValue, DamlValue] => {
    if (!Array.isArray(entry) || entry.length !== 2) {
      throw invalid(`Expected a [key, value] pair, got ${describe(entry)}`, `${path}[${index}]`);
    }
    const key = check(keyType, entry[0], `${path}[${index}][0]`, parties);
    const identity = JSON.stringify(key);
    if (seen.has(identity)) throw invalid(`Duplicate GenMap key ${identity}`, `${path}[${index}]`);
    seen.add(identity);
    return [key, check(valueType, entry[1], `${path}[${index}][1]`, parties)];
  });
  // A GenMap is ordered by its keys (Speedy's SMap, a sorted map, is what the transaction holds and Canton writes back):
  // done here for keys of a primitive type; others keep the submitted order.
  const order = primitiveOrder(keyType);
  return order === undefined ? entries : entries.sort(([a], [b]) => order(a as string | boolean, b as string | boolean));
}

/** Daml-LF's order of the values of a primitive type in their normal form (svalue/Ordering.scala), when it is one. */
function primitiveOrder(type: DamlType): ((a: string | boolean, b: string | boolean) => number) | undefined {
  const compare = <T>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
  switch (type.kind) {
    case 'Text':
    case 'Party':
      // By Unicode code points (Utf8.Ordering), not UTF-16 code units.
      return (a, b) => compareCodePoints(String(a), String(b));
    case 'Int64':
      return (a, b) => compare(BigInt(String(a)), BigInt(String(b)));
    case 'Numeric':
      return (a, b) => compare(numericToScaled(String(a), type.scale), numericToScaled(String(b), type.scale));
    case 'Date':
      return (a, b) => compare(String(a), String(b));
    case 'Timestamp':
      return (a, b) => compare(timestampMicros(String(a)), timestampMicros(String(b)));
    case 'Bool':
      return (a, b) => compare(a === true ? 1 : 0, b === true ? 1 : 0);
    default:
      return undefined;
  }
}

function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const difference = left[index]!.codePointAt(0)! - right[index]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/** A normal-form Timestamp (checkTimestamp) in microseconds since the epoch. */
function timestampMicros(text: string): bigint {
  const match = /^(.*?)(?:\.(\d+))?Z$/.exec(text)!;
  return BigInt(Date.parse(`${match[1]}Z`)) * 1000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

function checkRecord(type: RecordType, json: unknown, path: string, parties: KnownParties): DamlRecord {
  if (!isPlainObject(json)) throw invalid(`Expected a JSON object for record ${type.name}, got ${describe(json)}`, path);
  // Extra fields holding null are tolerated by Canton's codec; any other extra field is rejected.
  let expectedKeys = 0;
  for (const { name } of type.fields) if (json[name] !== undefined) expectedKeys += 1;
  if (Object.keys(json).length !== expectedKeys) {
    const declared = new Set(type.fields.map((field) => field.name));
    const unexpected = Object.keys(json).filter((name) => !declared.has(name) && json[name] !== null);
    if (unexpected.length > 0) {
      throw new LedgerApiError(
        'INVALID_ARGUMENT',
        `The submitted request has invalid arguments: Unexpected fields: ${unexpected.join('')}`,
        { fromJsonLayer: true },
      );
    }
  }
  const missing = type.fields.filter(
    (field) => field.type.kind !== 'Optional' && (json[field.name] === undefined || json[field.name] === null),
  );
  if (missing.length > 0) {
    throw new LedgerApiError(
      'COMMAND_PREPROCESSING_FAILED',
      `Missing non-optional fields: Set(${missing.map((field) => field.name).join(', ')})${path === '' ? '' : ` (in record ${type.name} at ${path})`}`,
      { fromJsonLayer: true },
    );
  }
  const record: DamlRecord = {};
  // Canton writes records without their trailing None fields: Nones are held back until a value follows.
  const pendingNones: string[] = [];
  for (const field of type.fields) {
    const value = check(field.type, json[field.name], path === '' ? field.name : `${path}.${field.name}`, parties);
    if (value === null) {
      pendingNones.push(field.name);
      continue;
    }
    for (const name of pendingNones) record[name] = null;
    pendingNones.length = 0;
    record[field.name] = value;
  }
  return record;
}

function checkVariant(type: Extract<DamlType, { kind: 'Variant' }>, json: unknown, path: string, parties: KnownParties): DamlValue {
  if (!isPlainObject(json) || !('tag' in json) || !('value' in json)) {
    throw invalid("Variant type json must have 'tag' and 'value' fields.", path);
  }
  const constructor = type.constructors.find((candidate) => candidate.name === json.tag);
  if (!constructor) throw invalid(`Unexpected variant tag: ${String(json.tag)}`, path);
  return { tag: constructor.name, value: check(constructor.type, json.value, `${path}.value`, parties) };
}

/** The value of a record field, `null` for an absent (dropped trailing) optional field. */
export function field(record: DamlValue, name: string): DamlValue {
  if (!isPlainObject(record)) return null;
  return (record as DamlRecord)[name] ?? null;
}

/** A Party, Text or Numeric field known to be a string after type checking. */
export function stringField(record: DamlValue, name: string): string {
  const value = field(record, name);
  if (typeof value !== 'string') throw new Error(`record field ${name} is not a string`);
  return value;
}

/** A list-of-strings field known to be one after type checking (e.g. `viewers: [Party]`). */
export function stringListField(record: DamlValue, name: string): string[] {
  const value = field(record, name);
  return Array.isArray(value) ? value.filter((element): element is string => typeof element === 'string') : [];
}

/** A normalised Numeric string as a scaled integer (value × 10^scale), for exact arithmetic. */
export function numericToScaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^[+-]/, '').split('.');
  const scaled = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return negative ? -scaled : scaled;
}

/** A scaled integer back to a normalised Numeric string. */
export function scaledToNumeric(scaled: bigint, scale: number): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
}

/** `value` (of `type`) with every Timestamp in it replaced by `map(timestamp)` (for a fault that loses precision). */
export function mapTimestamps(type: DamlType, value: DamlValue, map: (timestamp: string) => string): DamlValue {
  if (value === null) return value;
  switch (type.kind) {
    case 'Timestamp':
      return map(value as string);
    case 'Record': {
      const record = value as DamlRecord;
      const mapped: DamlRecord = {};
      for (const [name, fieldValue] of Object.entries(record)) {
        const fieldType = type.fields.find((candidate) => candidate.name === name)?.type;
        mapped[name] = fieldType ? mapTimestamps(fieldType, fieldValue, map) : fieldValue;
      }
      return mapped;
    }
    case 'List':
      return (value as DamlValue[]).map((element) => mapTimestamps(type.element, element, map));
    case 'Optional':
      return type.element.kind === 'Optional' ? value : mapTimestamps(type.element, value, map);
    default:
      return value;
  }
}

/** Daml-LF's `Value.MAXIMUM_NESTING`: a value nested deeper is refused (Value.scala; the engine's ValueTranslator and SValue.toValue). */
export const MAXIMUM_NESTING = 100;

/**
 * Whether `value` (of `type`, normalised) nests deeper than `limit`, as Canton's engine counts it: the root sits at level
 * 0 and each record, variant, list, optional (Some), map entry or text-map value one level below its container; a value
 * with any part below level `limit` is too deep (ValueTranslator.scala:88 `nesting > MAXIMUM_NESTING`, SValue.scala:71).
 * LAPITT's count (DeeplyNestedValueIT.scala:48): `Z ()` nests 1, `S (Z ())` 2, and a record of it one more.
 */
export function nestsDeeperThan(type: DamlType, value: DamlValue, limit: number = MAXIMUM_NESTING): boolean {
  return tooDeep(type, value, 0, limit);
}

function tooDeep(type: DamlType, value: DamlValue, level: number, limit: number): boolean {
  if (level > limit) return true;
  if (value === null) return false;
  const below = level + 1;
  switch (type.kind) {
    case 'Record': {
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      const record = value;
      return type.fields.some((field) => record[field.name] !== undefined && tooDeep(field.type, record[field.name]!, below, limit));
    }
    case 'Variant': {
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      const variant = value as { tag: string; value: DamlValue };
      const constructor = type.constructors.find((candidate) => candidate.name === variant.tag);
      return constructor !== undefined && tooDeep(constructor.type, variant.value, below, limit);
    }
    case 'List':
      return Array.isArray(value) && value.some((element) => tooDeep(type.element, element, below, limit));
    case 'Optional':
      // Some(x) is one level; x of an optional type is written [] (None) or [y] (Some y).
      return type.element.kind === 'Optional'
        ? nestedOptionalTooDeep(type.element, value, below, limit)
        : tooDeep(type.element, value, below, limit);
    case 'TextMap':
      return (
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.values(value).some((element) => tooDeep(type.value, element, below, limit))
      );
    case 'GenMap':
      return (
        Array.isArray(value) &&
        (value as [DamlValue, DamlValue][]).some(
          ([key, element]) => tooDeep(type.key, key, below, limit) || tooDeep(type.value, element, below, limit),
        )
      );
    default:
      return false;
  }
}

function nestedOptionalTooDeep(type: { kind: 'Optional'; element: DamlType }, value: DamlValue, level: number, limit: number): boolean {
  if (level > limit) return true;
  const content = Array.isArray(value) ? value[0] : undefined;
  if (content === undefined) return false;
  return type.element.kind === 'Optional'
    ? nestedOptionalTooDeep(type.element, content, level + 1, limit)
    : tooDeep(type.element, content, level + 1, limit);
}
