/**
 * The embedded reference target's fixtures and their generator context, shared by the generator self-tests.
 */
import { resolve } from 'node:path';
import { loadFixtures } from '../../config/fixtures-loader.js';
import type { Fixtures } from '../../config/types.js';
import { generatorContextFromFixtures, type GeneratorContext } from '../../generators/context.js';

const REFERENCE_FIXTURES = resolve(import.meta.dirname, '../../config/fixtures/reference.yaml');

export function referenceFixtures(): Fixtures {
  return loadFixtures(REFERENCE_FIXTURES, process.cwd(), {}, 'fixtures');
}

export function referenceContext(): GeneratorContext {
  return generatorContextFromFixtures(referenceFixtures());
}

/** Fixed seed of the generator self-tests, so a failure reproduces. */
export const SEED = 20_240_601;
