/**
 * Decoding JSON request bodies with circe's error messages (as tapir reports them: 400 text/plain
 * `Invalid value for: body (<message> at '<path>')`).
 *
 * Paths follow circe's cursor history as tapir prints it: `commands[0].CreateCommand.templateId`.
 * Every function takes `path`, the path of the value being decoded or of the object holding the field
 * (`''` for the body itself), and throws `DecodeFailure` on the first error.
 */
import { INTEGER_TEXT } from '../string-formats.js';
import { DecodeFailure } from '../canton-errors.js';

export type JsonObject = Record<string, unknown>;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The path of `field` inside the object at `path`. */
export function fieldPath(path: string, field: string): string {
  return path === '' ? field : `${path}.${field}`;
}

/** The path of element `index` of the array at `path`. */
export function indexPath(path: string, index: number): string {
  return `${path}[${index}]`;
}

/** Compact JSON of a decoded value, as circe prints it in messages (bigints as plain numbers). */
export function renderJsonValue(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `__bigint__${v}` : v))?.replace(/"__bigint__(-?\d+)"/g, '$1') ??
    'null'
  );
}

/** A body decode failure: `<message> at '<path>'` (no ` at` for the body itself). */
export function decodeFailure(message: string, path: string): DecodeFailure {
  return DecodeFailure.body(path === '' ? message : `${message} at '${path}'`);
}

/** circe's wrong-type failure: `Got value '5' with wrong type, expecting string at 'commandId'`. */
export function wrongType(value: unknown, expected: string, path: string): DecodeFailure {
  return decodeFailure(`Got value '${renderJsonValue(value)}' with wrong type, expecting ${expected}`, path);
}

/** circe's missing-field failure: `Missing required field at 'commandId'`. */
export function missingField(path: string): DecodeFailure {
  return decodeFailure('Missing required field', path);
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` (at `path`) as a JSON object. */
export function asObject(value: unknown, path: string): JsonObject {
  if (!isJsonObject(value)) throw wrongType(value, 'object', path);
  return value;
}

/** A field that must be present (it may be null; the caller decides). */
export function requireField(obj: JsonObject, field: string, path: string): unknown {
  if (!Object.hasOwn(obj, field)) throw missingField(fieldPath(path, field));
  return obj[field];
}

/** Whether an optional field is absent or null (circe decodes both to None). */
export function isAbsent(obj: JsonObject, field: string): boolean {
  return !Object.hasOwn(obj, field) || obj[field] === null;
}

// The field helpers below build a field's path only when they fail: decoding is on every request's path.

/** A required object field. */
export function requireObject(obj: JsonObject, field: string, path: string): JsonObject {
  const value = requireField(obj, field, path);
  if (!isJsonObject(value)) throw wrongType(value, 'object', fieldPath(path, field));
  return value;
}

/** An optional object field; absent or null gives `undefined`. */
export function optionalObject(obj: JsonObject, field: string, path: string): JsonObject | undefined {
  const value = Object.hasOwn(obj, field) ? obj[field] : undefined;
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw wrongType(value, 'object', fieldPath(path, field));
  return value;
}

/** A required string field (null is a wrong type, as in circe). */
export function requireString(obj: JsonObject, field: string, path: string): string {
  const value = requireField(obj, field, path);
  if (typeof value !== 'string') throw wrongType(value, 'string', fieldPath(path, field));
  return value;
}

/** An optional string field; absent or null gives `undefined`. */
export function optionalString(obj: JsonObject, field: string, path: string): string | undefined {
  const value = Object.hasOwn(obj, field) ? obj[field] : undefined;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongType(value, 'string', fieldPath(path, field));
  return value;
}

/** A required array field (elements not decoded; use `indexPath` for their paths). */
export function requireArray(obj: JsonObject, field: string, path: string): unknown[] {
  const value = requireField(obj, field, path);
  if (!Array.isArray(value)) throw wrongType(value, 'array', fieldPath(path, field));
  return value;
}

/** An optional array field; absent or null gives `undefined`. */
export function optionalArray(obj: JsonObject, field: string, path: string): unknown[] | undefined {
  const value = Object.hasOwn(obj, field) ? obj[field] : undefined;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw wrongType(value, 'array', fieldPath(path, field));
  return value;
}

/** A required array of strings, each element checked with its own path (`actAs[1]`). The array itself is returned. */
export function requireStringArray(obj: JsonObject, field: string, path: string): string[] {
  const elements = requireArray(obj, field, path);
  for (let index = 0; index < elements.length; index += 1) {
    if (typeof elements[index] !== 'string') throw wrongType(elements[index], 'string', indexPath(fieldPath(path, field), index));
  }
  return elements as string[];
}

/** An optional array of strings; absent or null gives `undefined`. */
export function optionalStringArray(obj: JsonObject, field: string, path: string): string[] | undefined {
  return isAbsent(obj, field) ? undefined : requireStringArray(obj, field, path);
}

export function requireBoolean(obj: JsonObject, field: string, path: string): boolean {
  const value = requireField(obj, field, path);
  if (typeof value !== 'boolean') throw wrongType(value, 'boolean', fieldPath(path, field));
  return value;
}

/** An optional boolean field; absent or null gives `undefined`. */
export function optionalBoolean(obj: JsonObject, field: string, path: string): boolean | undefined {
  const value = Object.hasOwn(obj, field) ? obj[field] : undefined;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw wrongType(value, 'boolean', fieldPath(path, field));
  return value;
}

/**
 * `value` (at `path`) as an int64, exactly, as circe's `Decoder[Long]`: a JSON integer or a string
 * holding one (`"5"`); any other value, a fraction or a value outside int64 fails with circe's
 * message `Long`. Expects values from `parseJsonBody` (big integers arrive as `bigint`).
 */
export function asInt64(value: unknown, path: string): bigint {
  let result: bigint | undefined;
  if (typeof value === 'bigint') result = value;
  else if (typeof value === 'number' && Number.isInteger(value)) result = BigInt(value);
  else if (typeof value === 'string' && INTEGER_TEXT.test(value.trim())) result = BigInt(value.trim());
  if (result === undefined || result < INT64_MIN || result > INT64_MAX) throw decodeFailure('Long', path);
  return result;
}

/** A required int64 field (see `asInt64`). */
export function requireInt64(obj: JsonObject, field: string, path: string): bigint {
  return asInt64(requireField(obj, field, path), fieldPath(path, field));
}

/** `value` (at `path`) as an int32, as circe's `Decoder[Int]` (message `Int` on failure). */
export function asInt32(value: unknown, path: string): number {
  let result: number | undefined;
  if (typeof value === 'number' && Number.isInteger(value)) result = value;
  else if (typeof value === 'string' && INTEGER_TEXT.test(value.trim())) result = Number(value.trim());
  if (result === undefined || result < -(2 ** 31) || result > 2 ** 31 - 1) throw decodeFailure('Int', path);
  return result;
}

export function requireInt32(obj: JsonObject, field: string, path: string): number {
  return asInt32(requireField(obj, field, path), fieldPath(path, field));
}

/** An optional int32 field; absent or null gives `undefined`. */
export function optionalInt32(obj: JsonObject, field: string, path: string): number | undefined {
  return isAbsent(obj, field) ? undefined : asInt32(obj[field], fieldPath(path, field));
}

/**
 * A single-key union object (`{"CreateCommand": {...}}`): returns the key and its value, whose path is
 * `fieldPath(path, key)`. An unknown key fails as circe-generic-extras does:
 * `type Command has no class/object/case named 'Foo'.`; zero or several keys also fail.
 */
export function oneOfKeys<K extends string>(
  value: unknown,
  allowedKeys: readonly K[],
  typeName: string,
  path: string,
): { key: K; value: unknown } {
  const obj = asObject(value, path);
  const keys = Object.keys(obj);
  if (keys.length === 0) throw decodeFailure(`type ${typeName} expects one of ${allowedKeys.join(', ')}, got none`, path);
  if (keys.length > 1) {
    // As Canton 3.5 (strictDecoding=false, JsSchema.scala:56-58): the first constructor that matches wins.
    const first = allowedKeys.find((candidate) => Object.hasOwn(obj, candidate));
    if (first !== undefined) return { key: first, value: obj[first] };
  }
  const key = keys[0] as string;
  if (!(allowedKeys as readonly string[]).includes(key)) {
    throw decodeFailure(`type ${typeName} has no class/object/case named '${key}'.`, path);
  }
  return { key: key as K, value: obj[key] };
}
