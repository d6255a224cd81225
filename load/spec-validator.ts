/**
 * The sampled schema check of the load run, backed by the suite's JSON Schemas (specification/) for the given
 * profile; the readiness text has no schema, only a non-empty body.
 */
import { parseJsonLossless } from '../specification/json.js';
import { createValidators, formatValidationErrors, type SchemaProfile } from '../specification/validate.js';
import { responseSchemaNames, type ResponseSchemaName } from './types.js';

/** Undefined when the body fits its schema, otherwise what is wrong with it. */
export type ResponseValidator = (schema: ResponseSchemaName, body: string) => string | undefined;

/**
 * `compileNow`: compile the response schemas at once (a few hundred ms) instead of on first use, which
 * would stall an open-model sending thread in the middle of its schedule.
 */
export function createSpecResponseValidator(profile: SchemaProfile, options: { compileNow?: boolean } = {}): ResponseValidator {
  const validators = createValidators(profile);
  if (options.compileNow) {
    for (const schema of responseSchemaNames) if (schema !== 'ReadyzText') validators.validate(schema, null);
  }
  return (schema, body) => {
    if (schema === 'ReadyzText') return body.length > 0 ? undefined : 'readyz answered with an empty body';
    let value: unknown;
    try {
      value = parseJsonLossless(body);
    } catch {
      return `${schema}: the body is not JSON: ${body.slice(0, 80)}`;
    }
    const result = validators.validate(schema, value);
    return result.valid ? undefined : `${schema}: ${formatValidationErrors(result).split('\n').slice(0, 3).join('; ')}`;
  };
}
