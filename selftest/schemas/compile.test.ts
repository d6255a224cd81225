import { describe, expect, it } from 'vitest';
import { SCHEMA_NAMES, schemaDefinitions, schemaId } from '../../specification/schemas/index.js';
import { createValidators } from '../../specification/validate.js';

describe.each(['spec', 'canton'] as const)('schemas of the %s profile', (profile) => {
  it('define exactly the registered names, each with its stable $id', () => {
    const definitions = schemaDefinitions(profile);
    expect(Object.keys(definitions).sort()).toEqual([...SCHEMA_NAMES].sort());
    for (const name of SCHEMA_NAMES) {
      expect(definitions[name].$id).toBe(`https://ledger-conformance/schemas/${name}`);
      expect(schemaId(name)).toBe(definitions[name].$id);
    }
  });

  it('all compile in ajv strict mode', () => {
    expect(() => createValidators(profile).compileAll()).not.toThrow();
  });
});

it('createValidators shares one compiled set per profile', () => {
  expect(createValidators('spec')).toBe(createValidators('spec'));
  expect(createValidators('spec')).not.toBe(createValidators('canton'));
});
