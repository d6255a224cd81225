/**
 * Writes the fixture DARs: `npx tsx scripts/build-fixture-dar.ts`: the DAR the suites upload and the
 * CantonExamples stand-in `provision` uploads to a bare reference target. The bytes are deterministic;
 * selftest/dar-builder checks the committed files match a fresh build.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CANTON_EXAMPLES_STAND_IN_DAR_PATH,
  CONFORMANCE_TEST_DAR_PATH,
  buildCantonExamplesStandInDar,
  buildConformanceTestDar,
} from '../generators/dar/fixture.js';

for (const [path, dar] of [
  [CONFORMANCE_TEST_DAR_PATH, buildConformanceTestDar()],
  [CANTON_EXAMPLES_STAND_IN_DAR_PATH, buildCantonExamplesStandInDar()],
] as const) {
  const target = fileURLToPath(new URL(`../${path}`, import.meta.url));
  writeFileSync(target, dar.bytes);
  console.log(`wrote ${target} (${dar.bytes.length} bytes), main package id ${dar.mainPackageId}`);
}
