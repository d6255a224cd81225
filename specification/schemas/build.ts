/**
 * Small schema builders, so each schema module reads like the spec's tables.
 *
 * Conventions they encode:
 * - `record(required, optional)`: required fields must be present and match; optional fields may be absent
 *   or `null` (Canton writes unset optionals as `null`, and the spec is silent on null). Records are open:
 *   fields the spec does not show are allowed.
 * - `taggedUnion(variants)`: exactly one key, and it must be one of the variants. Union objects are closed
 *   (the spec says "exactly one of these single-key objects").
 */
import type { SchemaObject } from 'ajv';
import type { IntegerKindName } from './keywords.js';
import { schemaId, type SchemaName } from './names.js';

export type Schema = SchemaObject;
type Fields = Record<string, Schema>;

interface RecordOptions {
  /** The optional fields' keys must still be written (with `null` when unset), as Canton's circe encoders do. */
  optionalKeysPresent?: boolean;
}

export const ref = (name: SchemaName): Schema => ({ $ref: schemaId(name) });

/** Absent is handled by `required`; this lets an optional field also be `null`. */
export const nullable = (schema: Schema): Schema => ({ if: { type: 'null' }, else: schema });

export function record(required: Fields, optional: Fields = {}, options: RecordOptions = {}): Schema {
  const nullableOptional = Object.fromEntries(Object.entries(optional).map(([key, schema]) => [key, nullable(schema)]));
  const requiredNames = [...Object.keys(required), ...(options.optionalKeysPresent ? Object.keys(optional) : [])];
  return {
    type: 'object',
    ...(requiredNames.length > 0 ? { required: requiredNames } : {}),
    properties: { ...required, ...nullableOptional },
  };
}

export function taggedUnion(variants: Fields): Schema {
  return {
    type: 'object',
    minProperties: 1,
    maxProperties: 1,
    properties: variants,
    additionalProperties: false,
  };
}

/** The protobuf-oneof wrapper style: `{value: X}`. */
export const valueOf = (schema: Schema): Schema => record({ value: schema });

export const anyObject: Schema = { type: 'object' };
/** The `Empty` case of a union: `{}` (extra keys are tolerated like in every record). */
export const emptyObject: Schema = { type: 'object' };
export const string: Schema = { type: 'string' };
export const nonEmptyString: Schema = { type: 'string', minLength: 1 };
export const boolean: Schema = { type: 'boolean' };
export const dateTime: Schema = { type: 'string', format: 'date-time' };

export const integer = (kind: IntegerKindName): Schema => ({ [kind]: true });
export const int32 = integer('int32');
export const int64 = integer('int64');
export const nonNegativeInt32 = integer('nonNegativeInt32');
export const nonNegativeInt64 = integer('nonNegativeInt64');
/** Limits: "absolute offsets are positive integers". */
export const offset = integer('positiveInt64');

export const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
export const nonEmptyArrayOf = (items: Schema): Schema => ({ type: 'array', items, minItems: 1 });
export const mapOf = (values: Schema): Schema => ({ type: 'object', additionalProperties: values });
export const oneOfStrings = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });
