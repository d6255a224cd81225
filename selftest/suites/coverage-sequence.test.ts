import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverage } from '../../suites/support/coverage-sequence.js';

describe('coverage steps of the stateful sequences', () => {
  const parts = [fc.constant('create'), fc.nat(9).map((n) => `update ${n}`), fc.constant('delete')];

  it('every drawn sequence holds one step of each part, in order, whatever the seed', () => {
    for (const seed of [1, 2, 3, 42, 1_000_003]) {
      for (const steps of fc.sample(coverage(parts), { seed, numRuns: 20 })) {
        expect(steps).toHaveLength(3);
        expect(steps[0]).toBe('create');
        expect(steps[1]).toMatch(/^update \d$/);
        expect(steps[2]).toBe('delete');
      }
    }
  });

  it('a failure shrinks to the steps it needs, with their parameters shrunk', () => {
    const details = fc.check(
      fc.property(coverage(parts), (steps) => !steps.some((step) => step.startsWith('update') && step !== 'update 0')),
      { seed: 7, numRuns: 100 },
    );
    expect(details.failed).toBe(true);
    expect(details.counterexample?.[0]).toEqual(['update 1']);
    // The path fast-check reports replays the same counterexample.
    const replayed = fc.check(
      fc.property(coverage(parts), (steps) => !steps.some((step) => step.startsWith('update') && step !== 'update 0')),
      { seed: 7, numRuns: 100, path: details.counterexamplePath! },
    );
    expect(replayed.counterexample?.[0]).toEqual(['update 1']);
  });
});
