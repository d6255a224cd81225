/**
 * The property runner of `forAll` and `forEachRule` (harness/library/conformance-test.ts): fast-check's values for
 * one or more properties with the test's seed, sent concurrently up to the worker's share of requests in flight, or
 * one after another (`sequential`, a replay path). The values are drawn exactly as fast-check draws them, and the
 * first failing case (in fast-check's order) is replayed and shrunk by fast-check, so seeds, paths and
 * counterexamples stay exact. A stop (a skip, a switched-off check, a fixture gap, a transport fault) ends a property
 * at once, thrown as it is; any other failure is a `PropertyFailure` with its seed, path and counterexample.
 */
import fc from 'fast-check';
import { SwitchedOffCheckStop } from '../../checks/assertion.js';
import { TransportFault } from '../../client/http.js';
import { FixtureGapError } from './environment.js';
import { messageOf } from './error-message.js';

/** `context.skip(reason)`: thrown out of the body so the harness can still file its assertions. */
export class TestSkip extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TestSkip';
  }
}

/** Errors that end a property without a shrinking story: a skip, a switched-off check, a fixture gap, a transport fault. */
export function isStop(error: unknown): boolean {
  return (
    error instanceof TestSkip ||
    error instanceof SwitchedOffCheckStop ||
    error instanceof FixtureGapError ||
    error instanceof TransportFault
  );
}

export class PropertyFailure extends Error {
  constructor(
    readonly failure: unknown,
    readonly seed: number,
    readonly path: string | undefined,
    readonly counterexample: unknown,
    readonly numRuns: number,
  ) {
    super(`${messageOf(failure)}\n  (property failed after ${numRuns} runs; seed ${seed}, path ${path ?? '-'})`);
    this.name = 'PropertyFailure';
  }
}

export interface PropertySpec<T> {
  arbitrary: fc.Arbitrary<T>;
  numRuns: number;
  examples: readonly T[];
}

function checkParameters<T>(spec: PropertySpec<T>, seed: number, path: string | undefined): fc.Parameters<[T]> {
  return {
    seed,
    // fast-check counts examples within numRuns: the generated cases stay as many as asked.
    numRuns: spec.numRuns + spec.examples.length,
    ...(path ? { path } : {}),
    // A replay path counts the examples too, so they are passed on replays as well.
    ...(spec.examples.length > 0 ? { examples: spec.examples.map((example): [T] => [example]) } : {}),
    endOnFailure: false,
  };
}

/**
 * fast-check runs one property (sequentially; a replay path, a failing case's shrinking). Once a case met a
 * stop (a transport fault, a skip), every later run throws it at once without sending anything, so shrinking
 * a node's fault costs no requests; the stop itself is thrown, not a property failure.
 */
async function checkSequentially<T>(
  spec: PropertySpec<T>,
  predicate: (value: T) => Promise<void>,
  seed: number,
  path: string | undefined,
): Promise<{ failure: PropertyFailure } | undefined> {
  let stop: unknown;
  const details = await fc.check(
    fc.asyncProperty(spec.arbitrary, async (value) => {
      if (stop !== undefined) throw stop;
      try {
        await predicate(value);
      } catch (error) {
        if (isStop(error)) stop = error;
        throw error;
      }
    }),
    checkParameters(spec, seed, path),
  );
  if (stop !== undefined) throw stop;
  if (!details.failed) return undefined;
  const counterexample = details.counterexample?.[0];
  const cause = details.errorInstance;
  return { failure: new PropertyFailure(cause, details.seed, details.counterexamplePath ?? undefined, counterexample, details.numRuns) };
}

/** The values fast-check draws for a property, in its order: drawing costs no request. */
function drawValues<T>(spec: PropertySpec<T>, seed: number): T[] {
  const values: T[] = [];
  fc.check(
    fc.property(spec.arbitrary, (value) => {
      values.push(value);
    }),
    checkParameters(spec, seed, undefined),
  );
  return values;
}

/**
 * Runs properties (one for `forAll`, one per rule for `forEachRule`) with the same seed. Sequential when
 * `parallel` is 1 or on a replay path; otherwise every case of every property is drawn first, exactly as
 * fast-check draws it, and the cases go out `parallel` at a time; no new case starts after a failure. The
 * first failure in fast-check's order (property by property, case by case) decides: a stop is thrown as it
 * is; a failure is replayed at its path by fast-check, which shrinks it, so the counterexample and its path
 * are those a sequential run reports.
 */
export async function runProperties<T>(
  specs: readonly PropertySpec<T>[],
  predicate: (value: T) => Promise<void>,
  seed: number,
  path: string | undefined,
  parallel: number,
): Promise<void> {
  if (parallel <= 1 || path !== undefined) {
    for (const spec of specs) {
      const result = await checkSequentially(spec, predicate, seed, path);
      if (result) throwFailure(result.failure);
    }
    return;
  }
  const cases: { property: number; index: number; value: T }[] = [];
  specs.forEach((spec, property) => drawValues(spec, seed).forEach((value, index) => cases.push({ property, index, value })));
  const failures = new Map<number, unknown>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length && failures.size === 0) {
      const position = next++;
      try {
        await predicate(cases[position]!.value);
      } catch (error) {
        // A case whose precondition does not hold proves nothing (fast-check skips it too).
        if (!fc.PreconditionFailure.isFailure(error)) failures.set(position, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, cases.length) }, worker));
  if (failures.size === 0) return;
  const first = Math.min(...failures.keys());
  const error = failures.get(first);
  if (isStop(error)) throw error;
  const { property, index, value } = cases[first]!;
  const spec = specs[property]!;
  // fast-check replays the failing case at its path and shrinks it.
  const result = await checkSequentially(spec, predicate, seed, String(index));
  if (result) throwFailure(result.failure);
  // The case did not fail again when replayed (a node that answers differently each time): report it as it failed.
  throw new PropertyFailure(error, seed, String(index), value, index + 1);
}

function throwFailure(failure: PropertyFailure): never {
  const cause = failure.failure;
  // A skip or a switched-off check is not a property failure: no shrinking story to tell.
  if (cause instanceof TestSkip || cause instanceof SwitchedOffCheckStop || cause instanceof FixtureGapError) throw cause;
  throw failure;
}
