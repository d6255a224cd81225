/**
 * The concurrent rounds' runner (suites/support/scheduled-round.ts), against an in-memory node with a lost update (an
 * update copies the record, waits, and writes the copy back with its change): a failure is shrunk to the shortest round
 * that shows it and printed with the seed, the steps and the scheduler's order of delivery; rerunning it with the seed
 * and path (what `replay` does) fails again with the same script. The same round on a node without the bug passes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckFailure } from '../../checks/assertion.js';
import { PropertyFailure, runProperties } from '../../harness/library/property-runner.js';
import { runScheduledRound, scheduledScript, schedulerSeeds } from '../../suites/support/scheduled-round.js';

type Field = 'a' | 'b';
interface Write {
  field: Field;
  value: number;
}

/** A node holding one record; `lossy`: an update works on a copy taken before it waited (a read-modify-write race). */
function node(lossy: boolean) {
  const record: Record<Field, number> = { a: 0, b: 0 };
  return {
    record,
    async update({ field, value }: Write): Promise<string> {
      const copy = { ...record };
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (lossy) Object.assign(record, copy);
      record[field] = value;
      return 'ok';
    },
  };
}

const SEED = 42;
const describeWrite = (write: Write, index: number): string => `op#${index} set ${write.field}=${write.value}`;

const rounds = fc.tuple(
  fc.array(fc.record({ field: fc.constantFrom<Field>('a', 'b'), value: fc.integer({ min: 1, max: 9 }) }), {
    minLength: 1,
    maxLength: 6,
  }),
  schedulerSeeds,
);

/** A round of concurrent writes, then a read: each field holds the value of one write to it (or 0 when none). */
function round(lossy: boolean) {
  return async ([writes, order]: [Write[], number]): Promise<void> => {
    const target = node(lossy);
    await runScheduledRound(SEED, order, writes.map(describeWrite), async (scheduled) => {
      await scheduled.settle(
        Promise.all(writes.map((write, index) => scheduled.deliver(describeWrite(write, index), target.update(write)))),
      );
      for (const field of ['a', 'b'] as const) {
        const allowed = writes.filter((write) => write.field === field).map((write) => write.value);
        const holds = allowed.length === 0 ? target.record[field] === 0 : allowed.includes(target.record[field]);
        if (!holds)
          throw new CheckFailure(
            'stateful_consistency',
            'canton.model.stateful-sequence',
            `field ${field} is ${target.record[field]}, the model expects one of [${allowed.join(', ') || '0'}]`,
          );
      }
    });
  };
}

const roundProperty = (lossy: boolean) => fc.asyncProperty(rounds, round(lossy));

describe('concurrent rounds under fc.scheduler', () => {
  it('a lost update fails, shrunk to two writes, printed with the seed and the order of delivery; the seed and path rerun it the same way', async () => {
    const first = await fc.check(roundProperty(true), { seed: SEED, numRuns: 50 });
    expect(first.failed).toBe(true);
    const error = first.errorInstance;
    expect(error).toBeInstanceOf(CheckFailure);
    const detail = (error as CheckFailure).detail;
    const [[writes, order]] = first.counterexample as unknown as [[Write[], number]];
    // The shortest round that shows a lost update: one write to each field.
    expect(writes).toHaveLength(2);
    expect(new Set(writes.map((write) => write.field)).size).toBe(2);
    expect(detail).toContain(`concurrent round (seed ${SEED}, scheduler seed ${order}; replay reruns it`);
    for (const [index, write] of writes.entries()) expect(detail).toContain(`${index + 1}. ${describeWrite(write, index)}`);
    const delivered = detail.split('answers delivered by fc.scheduler in this order:\n')[1]!.split('\n');
    expect(delivered.map((line) => line.trim().replace(/^\d+\. /, '')).sort()).toEqual(writes.map(describeWrite).sort());

    // `replay`: the same seed and counterexample path draw the same round and scheduler, and fail with the same script.
    const again = await fc.check(roundProperty(true), { seed: SEED, path: first.counterexamplePath!, numRuns: 50, endOnFailure: true });
    expect(again.failed).toBe(true);
    expect((again.errorInstance as CheckFailure).detail).toBe(detail);
  });

  it("the harness's property runner (rounds run in parallel, then `replay`'s seed and path) prints the same script twice", async () => {
    const failureOf = async (path: string | undefined, parallel: number): Promise<PropertyFailure> => {
      const error = await runProperties([{ arbitrary: rounds, numRuns: 30, examples: [] }], round(true), SEED, path, parallel).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(PropertyFailure);
      return error as PropertyFailure;
    };
    const run = await failureOf(undefined, 4);
    const replayed = await failureOf(run.path, 1);
    expect(run.failure).toBeInstanceOf(CheckFailure);
    expect((run.failure as CheckFailure).detail).toContain('answers delivered by fc.scheduler in this order:');
    expect((replayed.failure as CheckFailure).detail).toBe((run.failure as CheckFailure).detail);
  });

  it('the same rounds pass on a node that applies every update', async () => {
    const result = await fc.check(roundProperty(false), { seed: SEED, numRuns: 50 });
    expect(result.failed).toBe(false);
  });

  it('the script names every step and every delivery in order', () => {
    expect(scheduledScript(7, 3, ['op#0 x', 'op#1 y'], ['op#1 y', 'op#0 x'])).toBe(
      [
        '  concurrent round (seed 7, scheduler seed 3; replay reruns it, the scheduler delivering the answers in the same order):',
        '    1. op#0 x',
        '    2. op#1 y',
        '  answers delivered by fc.scheduler in this order:',
        '    1. op#1 y',
        '    2. op#0 x',
      ].join('\n'),
    );
  });
});
