import { parseJsonLossless } from '../../specification/json.js';
import { createValidators, type SchemaName, type SchemaProfile, type ValidationFailure } from '../../specification/validate.js';
import { VALID_EXAMPLES } from './examples.js';

/** A fresh, losslessly parsed copy of the first valid example of a schema, to mutate into an invalid one. */
export function validExample(name: SchemaName, index = 0): Record<string, any> {
  const body = VALID_EXAMPLES[name][index];
  if (body === undefined) throw new Error(`no valid example #${index} for ${name}`);
  return parseJsonLossless(body) as Record<string, any>;
}

export function failuresOf(name: SchemaName, value: unknown, profile: SchemaProfile = 'spec'): ValidationFailure[] {
  const result = createValidators(profile).validate(name, value);
  return result.valid ? [] : result.errors;
}

/** `[path, keyword]` of every failure: the rule's keyword is what precedes its parameters. */
export function pathsAndKeywords(name: SchemaName, value: unknown, profile: SchemaProfile = 'spec'): [string, string][] {
  return failuresOf(name, value, profile).map((failure) => [failure.path, failure.rule.replace(/\(.*$/, '')]);
}
