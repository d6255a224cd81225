/**
 * The generator context of the embedded reference target's fixtures, shared by the generator self-tests.
 */
import { resolve } from 'node:path';
import { loadFixtures } from '../../config/load.js';
import { generatorContextFromFixtures, type GeneratorContext } from '../../generators/context.js';

const REFERENCE_FIXTURES = resolve(import.meta.dirname, '../../config/fixtures/reference.yaml');

export function referenceContext(): GeneratorContext {
  return generatorContextFromFixtures(loadFixtures(REFERENCE_FIXTURES, process.cwd(), {}, 'fixtures'));
}

/** Fixed seed of the generator self-tests, so a failure reproduces. */
export const SEED = 20_240_601;
