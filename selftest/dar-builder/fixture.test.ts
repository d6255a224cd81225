import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CANTON_EXAMPLES_STAND_IN_DAR_PATH,
  CONFORMANCE_TEST_DAR_PATH,
  buildCantonExamplesStandInDar,
  buildConformanceTestDar,
} from '../../generators/dar/fixture.js';
import { buildBrokenDar } from '../../generators/dar/builder.js';
import { LedgerApiError } from '../../reference/canton-errors.js';
import { parseDar } from '../../reference/dar/parse.js';
import { readDar } from '../../specification/dar.js';

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

  it('holds Daml-LF 2 packages that decode, with the module, template and names the manifest claims', () => {
    const reading = readDar(committed);
    const [main, dependency] = reading.dalfs;
    expect(main!.lf).toEqual({ name: 'conformance-test', version: '1.0.0', modules: [{ name: 'ConformanceTest', templates: ['Token'] }] });
    expect(dependency!.lf).toEqual({
      name: 'conformance-test-dep1',
      version: '1.0.0',
      modules: [{ name: 'ConformanceTestDep1', templates: [] }],
    });
    // The reference target's own decoder (an independent reading) agrees.
    const parsed = parseDar(committed, { checkHashes: true });
    expect(parsed).toMatchObject({ name: 'conformance-test', version: '1.0.0' });
    expect(parsed.main.modules).toEqual([{ name: 'ConformanceTest', templates: ['Token'], interfaces: [], dataTypes: ['Token'] }]);
    expect(parsed.dependencies[0]!.modules).toEqual([{ name: 'ConformanceTestDep1', templates: [], interfaces: [], dataTypes: ['Tag'] }]);
  });

  it('with English text where its package belongs, is refused with DAR_PARSE_ERROR, in Daml-LF 2 and 1 alike', () => {
    for (const kind of ['lf2-text-payload', 'lf1-text-payload'] as const) {
      const refusal = (() => {
        try {
          parseDar(buildBrokenDar(kind, { name: 'conformance-test', version: '1.0.0', dalfs: 1 }), { checkHashes: true });
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(refusal).toBeInstanceOf(LedgerApiError);
      expect((refusal as LedgerApiError).code).toBe('DAR_PARSE_ERROR');
    }
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
