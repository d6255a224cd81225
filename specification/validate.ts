/**
 * Validates request and response bodies against the spec's schemas (specification/schemas/), with readable failures.
 *
 * Values should come from `parseJsonLossless` (specification/json.ts) so int64 values beyond 2^53 arrive exact (as
 * `bigint`); a rounded JS number in that range is reported, never silently accepted.
 *
 * Profiles (see specification/schemas/profile.ts) differ in a few places; the integer spelling is one of them:
 * the spec profile accepts an int64 written as a number or a numeric string everywhere; the canton
 * profile requires numbers in responses (Canton writes them so) but accepts numeric strings in requests
 * (circe decodes them).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { stringifyJson } from './json.js';
import { addWireFormats } from './schemas/ajv-formats.js';
import { schemaDefinitions, SCHEMA_DIRECTIONS, SCHEMA_NAMES, schemaId, type SchemaName, type SchemaProfile } from './schemas/index.js';
import { addWireKeywords, type IntegerPolicy } from './schemas/keywords.js';
import type { SchemaDirection } from './schemas/names.js';

export type { SchemaName, SchemaProfile } from './schemas/index.js';

export interface ValidationFailure {
  /** JSON pointer to the offending value, e.g. `/commands/0/CreateCommand/templateId` (`''` is the root). */
  path: string;
  /** The schema keyword that failed, with its parameters, e.g. `maxProperties(limit=1)`, `int64(reason=out-of-range)`. */
  rule: string;
  message: string;
  /** The offending value; `undefined` when a required field is absent. */
  value: unknown;
}

export type ValidationResult = { valid: true } | { valid: false; errors: ValidationFailure[] };

export interface Validators {
  readonly profile: SchemaProfile;
  validate(schemaName: SchemaName, value: unknown): ValidationResult;
  /** Compiles every schema now (strict mode), so a broken schema fails at start-up rather than mid-run. */
  compileAll(): void;
}

const validatorsByProfile = new Map<SchemaProfile, Validators>();

/** Validators for one profile; built once per profile and shared (each schema compiles on first use). */
export function createValidators(profile: SchemaProfile): Validators {
  const cached = validatorsByProfile.get(profile);
  if (cached) return cached;
  const created = buildValidators(profile);
  validatorsByProfile.set(profile, created);
  return created;
}

export function integerPolicyFor(profile: SchemaProfile, direction: SchemaDirection): IntegerPolicy {
  return profile === 'canton' && direction === 'response' ? 'numberOnly' : 'numberOrNumericString';
}

function buildValidators(profile: SchemaProfile): Validators {
  const schemas = Object.values(schemaDefinitions(profile));
  const ajvByPolicy = new Map<IntegerPolicy, Ajv>();
  const compiled = new Map<SchemaName, ValidateFunction>();

  const ajvFor = (policy: IntegerPolicy): Ajv => {
    let ajv = ajvByPolicy.get(policy);
    if (!ajv) {
      ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
      addWireFormats(ajv, profile);
      addWireKeywords(ajv, policy);
      ajv.addSchema(schemas);
      ajvByPolicy.set(policy, ajv);
    }
    return ajv;
  };

  const validatorFor = (name: SchemaName): ValidateFunction => {
    let validate = compiled.get(name);
    if (!validate) {
      const ajv = ajvFor(integerPolicyFor(profile, SCHEMA_DIRECTIONS[name]));
      validate = ajv.getSchema(schemaId(name));
      if (!validate) throw new Error(`schema ${name} is not registered (looked up ${schemaId(name)})`);
      compiled.set(name, validate);
    }
    return validate;
  };

  return {
    profile,
    validate(schemaName, value) {
      const validate = validatorFor(schemaName);
      if (validate(value)) return { valid: true };
      return { valid: false, errors: toFailures(validate.errors ?? []) };
    },
    compileAll() {
      for (const name of SCHEMA_NAMES) validatorFor(name);
    },
  };
}

/** One line per failure: path, rule, message and the offending value (truncated). */
export function formatValidationErrors(result: ValidationResult): string {
  if (result.valid) return 'valid';
  return result.errors
    .map((failure) => `${failure.path || '(root)'}  ${failure.rule}  ${failure.message}  value: ${renderValue(failure.value)}`)
    .join('\n');
}

const MAX_RENDERED_VALUE = 80;

function renderValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  let text: string;
  try {
    text = stringifyJson(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_RENDERED_VALUE ? `${text.slice(0, MAX_RENDERED_VALUE - 1)}…` : text;
}

// Wrapper keywords whose own error only repeats what their subschema already reported: `if` comes from the
// nullable wrapper of optional fields (`{if: null, else: X}`), `propertyNames` from the annotation keys.
const WRAPPER_KEYWORDS = new Set(['if', 'propertyNames']);
// Params already shown in the path.
const PATH_PARAMS = new Set(['missingProperty', 'additionalProperty', 'propertyName']);

function toFailures(errors: ErrorObject[]): ValidationFailure[] {
  return errors.filter((error) => !WRAPPER_KEYWORDS.has(error.keyword)).map(toFailure);
}

function toFailure(error: ErrorObject): ValidationFailure {
  const params = error.params as Record<string, unknown>;
  const data = error.data as unknown;
  const rule = renderRule(error.keyword, params);
  if (error.propertyName !== undefined) {
    return {
      path: `${error.instancePath}/${escapePointer(error.propertyName)}`,
      rule: `propertyName ${rule}`,
      message: `key ${JSON.stringify(error.propertyName)} ${error.message ?? 'is invalid'}`,
      value: error.propertyName,
    };
  }
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      return { path: `${error.instancePath}/${escapePointer(missing)}`, rule, message: `is required but absent`, value: undefined };
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const allowed = Object.keys((error.parentSchema?.properties as Record<string, unknown> | undefined) ?? {});
      return {
        path: `${error.instancePath}/${escapePointer(extra)}`,
        rule,
        message: `is not one of the allowed keys (${allowed.join(', ')})`,
        value: (data as Record<string, unknown>)[extra],
      };
    }
    case 'minProperties':
    case 'maxProperties':
      if (isTaggedUnion(error.parentSchema)) {
        const keys = Object.keys(data as object);
        const got = keys.length === 0 ? 'none' : `${keys.length} (${keys.join(', ')})`;
        return { path: error.instancePath, rule, message: `must have exactly one key (a tagged union); got ${got}`, value: data };
      }
      break;
  }
  return { path: error.instancePath, rule, message: error.message ?? 'is invalid', value: data };
}

function isTaggedUnion(schema: ErrorObject['parentSchema']): boolean {
  return schema?.minProperties === 1 && schema?.maxProperties === 1;
}

function renderRule(keyword: string, params: Record<string, unknown>): string {
  const shown = Object.entries(params)
    .filter(([name]) => !PATH_PARAMS.has(name))
    .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join('|') : String(value)}`);
  return shown.length > 0 ? `${keyword}(${shown.join(', ')})` : keyword;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
