import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CANTON_EXAMPLES_STAND_IN_DAR_PATH,
  CONFORMANCE_TEST_DAR_PATH,
  buildCantonExamplesStandInDar,
  buildConformanceTestDar,
} from '../../generators/dar/fixture.js';
import { readDar } from './dar-checker.js';

const committed = new Uint8Array(readFileSync(fileURLToPath(new URL(`../../${CONFORMANCE_TEST_DAR_PATH}`, import.meta.url))));

describe('the committed fixture DAR', () => {
  it('is exactly what the builder writes today (run `npx tsx scripts/build-fixture-dar.ts` if not)', () => {
    expect(Buffer.from(committed).equals(Buffer.from(buildConformanceTestDar().bytes))).toBe(true);
  });

  it('is conformance-test 1.0.0 and its package ids check out', () => {
    const reading = readDar(committed);
    expect(reading.broken).toEqual([]);
    expect(reading.manifest!.get('Name')).toBe('conformance-test-1.0.0');
    const built = buildConformanceTestDar();
    expect(reading.dalfs.map((dalf) => dalf.hash)).toEqual(built.packageIds);
    expect(reading.dalfs.map((dalf) => dalf.payloadSha256)).toEqual(built.packageIds);
    expect(reading.manifest!.get('Main-Dalf')).toContain(built.mainPackageId);
  });
});

describe('the committed CantonExamples stand-in DAR', () => {
  const standIn = new Uint8Array(readFileSync(fileURLToPath(new URL(`../../${CANTON_EXAMPLES_STAND_IN_DAR_PATH}`, import.meta.url))));

  it('is exactly what the builder writes today', () => {
    expect(Buffer.from(standIn).equals(Buffer.from(buildCantonExamplesStandInDar().bytes))).toBe(true);
  });

  it('is the package the bare reference fixtures host (same main package id)', () => {
    const bare = readFileSync(fileURLToPath(new URL('../../config/fixtures/reference-bare.yaml', import.meta.url)), 'utf8');
    expect(bare).toContain(`id: ${buildCantonExamplesStandInDar().mainPackageId}`);
    expect(readDar(standIn).manifest!.get('Name')).toBe('CantonExamples-1.0.0');
  });
});
