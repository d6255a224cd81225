/**
 * Writes the fixture DAR the suites upload: `npx tsx scripts/build-fixture-dar.ts`.
 * The bytes are deterministic; selftest/dar-builder checks the committed file matches a fresh build.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONFORMANCE_TEST_DAR_PATH, buildConformanceTestDar } from '../generators/dar/fixture.js';

const target = fileURLToPath(new URL(`../${CONFORMANCE_TEST_DAR_PATH}`, import.meta.url));
const dar = buildConformanceTestDar();
writeFileSync(target, dar.bytes);
console.log(`wrote ${target} (${dar.bytes.length} bytes), main package id ${dar.mainPackageId}`);
