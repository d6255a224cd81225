/**
 * A property's cases go out concurrently, and still: the cases are those fast-check draws for the seed, the
 * first failure in fast-check's order decides, and its shrunk counterexample and replay path are the ones a
 * sequential run reports. A transport fault ends the property at once, without shrinking (no request more).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TransportFault } from '../../client/http.js';
import { PropertyFailure, runProperties } from '../../harness/library/property-runner.js';

const spec = (numRuns: number, examples: number[] = []) => ({ arbitrary: fc.integer({ min: 0, max: 100_000 }), numRuns, examples });

async function outcome(parallel: number, predicate: (value: number) => Promise<void>, path?: string): Promise<PropertyFailure> {
  try {
    await runProperties([spec(40, [7])], predicate, 1234, path, parallel);
  } catch (error) {
    if (error instanceof PropertyFailure) return error;
    throw error;
  }
  throw new Error('the property did not fail');
}

const slowly = async (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

describe('concurrent properties', () => {
  it('try the same cases as a sequential run', async () => {
    const seen = (parallel: number) => {
      const values: number[] = [];
      return runProperties(
        [spec(30, [3]), spec(10)],
        async (value) => {
          values.push(value);
          await slowly();
        },
        99,
        undefined,
        parallel,
      ).then(() => values);
    };
    const sequential = await seen(1);
    const concurrent = await seen(8);
    expect(concurrent.length).toBe(41);
    expect([...concurrent].sort((a, b) => a - b)).toEqual([...sequential].sort((a, b) => a - b));
  });

  it('report the counterexample, seed and path a sequential run reports, and its path replays it', async () => {
    const failsAbove = async (value: number): Promise<void> => {
      await slowly();
      if (value > 5000) throw new Error(`too big: ${value}`);
    };
    const sequential = await outcome(1, failsAbove);
    const concurrent = await outcome(8, failsAbove);
    expect(concurrent.counterexample).toBe(5001);
    expect(concurrent.counterexample).toBe(sequential.counterexample);
    expect(concurrent.path).toBe(sequential.path);
    expect(concurrent.seed).toBe(sequential.seed);
    const replayed = await outcome(8, failsAbove, concurrent.path);
    expect(replayed.counterexample).toBe(5001);
  });

  it('end at a transport fault without shrinking it', async () => {
    let calls = 0;
    const fault = new TransportFault('reset', { method: 'GET', url: 'http://127.0.0.1:1/x', headers: {} }, 5, 'other side closed');
    const reset = async (value: number): Promise<void> => {
      calls++;
      await slowly();
      if (value > 5000) throw fault;
    };
    await expect(runProperties([spec(40)], reset, 1234, undefined, 8)).rejects.toBe(fault);
    expect(calls).toBeLessThanOrEqual(40);
    calls = 0;
    await expect(runProperties([spec(40)], reset, 1234, undefined, 1)).rejects.toBe(fault);
    // Sequentially, fast-check's shrinking calls the predicate again, but it sends nothing once a fault was met.
    expect(calls).toBeLessThanOrEqual(40);
  });
});
