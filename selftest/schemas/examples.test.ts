import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../../specification/json.js';
import { SCHEMA_NAMES } from '../../specification/schemas/index.js';
import { createValidators, formatValidationErrors, type SchemaName } from '../../specification/validate.js';
import { VALID_EXAMPLES } from './examples.js';

it('every schema has at least one valid example', () => {
  for (const name of SCHEMA_NAMES) expect(VALID_EXAMPLES[name].length, name).toBeGreaterThan(0);
});

const cases = Object.entries(VALID_EXAMPLES).flatMap(([name, bodies]) =>
  bodies.map((body, index) => ({ name: name as SchemaName, index, body })),
);

describe.each(['spec', 'canton'] as const)('valid examples under the %s profile', (profile) => {
  const validators = createValidators(profile);
  it.each(cases)('$name #$index', ({ name, body }) => {
    const result = validators.validate(name, parseJsonLossless(body));
    expect(result.valid, formatValidationErrors(result)).toBe(true);
  });
});
