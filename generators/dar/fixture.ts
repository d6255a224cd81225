/**
 * The committed fixture DAR `config/fixtures/conformance-test.dar`, written by
 * `npx tsx scripts/build-fixture-dar.ts`. Its bytes are deterministic: rebuilding gives the same file.
 */
import { buildDar, type BuiltDar, type DarOptions } from './builder.js';

export const CONFORMANCE_TEST_DAR: DarOptions = { name: 'conformance-test', version: '1.0.0', dalfs: 1 };

/** Path of the fixture relative to the project root. */
export const CONFORMANCE_TEST_DAR_PATH = 'config/fixtures/conformance-test.dar';

export function buildConformanceTestDar(): BuiltDar {
  return buildDar(CONFORMANCE_TEST_DAR);
}
