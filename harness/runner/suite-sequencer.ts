/**
 * The order a run starts its suite files in. vitest starts files it has no timings for (every run: the runner's cache
 * is the process's own) largest first, so a short file whose tests wait on many answers in a row (the user-id limits,
 * 70 s against a node answering in 0.1–1 s) could start last and end the run alone. These start first, longest first;
 * the rest keep vitest's order.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first, by the sum of their tests' times in a canton run through a 0.1–1 s proxy (seconds, 2026-11-28). */
export const longSuiteFiles = [
  'suites/participant/auth-tokens.suite.ts', // ~97 (66 tests, many side by side)
  'suites/participant/user-management.suite.ts', // ~73
  'suites/flows/contracts-and-events.suite.ts', // ~59
  'suites/flows/interactive-submission.suite.ts', // ~57
  'suites/participant/dars.suite.ts', // ~57
  'suites/participant/user-annotations.suite.ts', // ~56
  'suites/flows/stateful-ledger.suite.ts', // ~43
  'suites/participant/user-crud.suite.ts', // ~42
  'suites/participant/execute.suite.ts', // ~36
  'suites/scan/top-validators.suite.ts', // ~34
  'suites/participant/update-by-offset.suite.ts', // ~33
  'suites/participant/submit-and-wait-validation.suite.ts', // ~30
  'suites/flows/stateful-users.suite.ts', // ~28
  'suites/participant/submit-and-wait-exercise-shapes.suite.ts', // ~28
];

export class LongSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = longSuiteFiles.indexOf(relative(spec.project.config.root, spec.moduleId).split('\\').join('/'));
      return index < 0 ? longSuiteFiles.length : index;
    };
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
