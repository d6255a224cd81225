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

/**
 * A stand-in for Canton's `CantonExamples.dar` that only the embedded reference target accepts: the
 * reference knows the CantonExamples templates by heart (reference/ledger/package-model.ts) and hosts
 * them under this DAR's main package id (`config/fixtures/reference-bare.yaml`). `provision` uploads it
 * to a bare reference as it uploads the real CantonExamples.dar to a real node.
 */
export const CANTON_EXAMPLES_STAND_IN_DAR: DarOptions = { name: 'CantonExamples', version: '1.0.0' };

export const CANTON_EXAMPLES_STAND_IN_DAR_PATH = 'config/fixtures/canton-examples-stand-in.dar';

export function buildCantonExamplesStandInDar(): BuiltDar {
  return buildDar(CANTON_EXAMPLES_STAND_IN_DAR);
}
