/**
 * The suite is sharp: each fault injected into the reference target makes a run fail, naming the clause
 * the fault breaks; and a run with the same selection but no fault passes (so the failure is the fault's).
 */
import { describe, expect, it } from 'vitest';
import { faultNames } from '../../reference/faults.js';
import { clauseIds } from '../../specification/clauses.js';
import { faultExpectations } from './faults.js';
import { configWithReferenceFeatures, runConformance } from './support.js';

describe('the fault table', () => {
  it('covers every fault of the reference target once, with clauses that exist', () => {
    expect(faultExpectations.map((entry) => entry.fault).sort()).toEqual([...faultNames].sort());
    for (const entry of faultExpectations) {
      for (const id of entry.clauses) expect(clauseIds.has(id), `${entry.fault}: ${id}`).toBe(true);
    }
  });
});

// Two runs at a time: each run is a CLI process with its own reference target and suite workers.
describe.concurrent('an injected fault is caught', { concurrent: true }, () => {
  it.each(faultExpectations)(
    '$fault ($profile profile)',
    async ({ fault, include, profile, clauses, features, exclusive }) => {
      // One suite worker per run: a run selects a few suites, and each worker thread of a run loads every suite file
      // (with its dependencies) again; two runs at a time keep both cores busy.
      const args = ['--profile', profile, '--cases', '20', '--concurrency', '1', '--include', include.join(','), '--inject-fault', fault];
      if (features) args.push('--config', configWithReferenceFeatures(features));
      const { code, report, stdout } = await runConformance(args);
      expect(code, `exit code of a run with ${fault}\n${stdout}`).toBe(1);
      const failed = report.clauses.filter((entry) => entry.status === 'failed').map((entry) => entry.id);
      expect(
        failed.some((id) => clauses.includes(id)),
        `${fault}: the failed clauses are ${failed.join(', ')}; expected one of ${clauses.join(', ')}`,
      ).toBe(true);
      if (exclusive)
        expect(
          failed.filter((id) => !clauses.includes(id)),
          `${fault}: clauses failed that the fault does not break`,
        ).toEqual([]);
    },
    280_000,
  );
});
