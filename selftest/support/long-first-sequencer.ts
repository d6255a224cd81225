/**
 * The order `npm test` starts its files in. vitest starts the files it has no timings for (every file on a fresh clone,
 * as in CI) largest first, so the longest self-tests, which are small files that spawn whole runs (the sharpness
 * self-test's ~160 fault runs), started late and ran alone at the end. These start first, longest first; the rest
 * keep vitest's order (timings when it has them, else size).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first, by their time in a full `npm test` on the 2-core machine (seconds, 2026-11-28). */
export const longFiles = [
  'selftest/conformance/sharpness.test.ts', // ~370
  'selftest/endpoints/toy-endpoint.test.ts', // ~230
  'selftest/conformance/transport.test.ts', // ~120
  'selftest/cli/walkthrough.test.ts', // ~115
  'selftest/conformance/full-run.test.ts', // ~110
  'selftest/cli/cli.test.ts', // ~110
  'selftest/battery/report.test.ts', // ~100
  'selftest/cli/certification.test.ts', // ~85
  'selftest/static/static-checks.test.ts', // ~70
  'selftest/provision/provision.test.ts', // ~60
];

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = longFiles.indexOf(relative(spec.project.config.root, spec.moduleId).split('\\').join('/'));
      return index < 0 ? longFiles.length : index;
    };
    const group = (spec: TestSpecification): number => spec.project.config.sequence.groupOrder;
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => group(a.spec) - group(b.spec) || rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
