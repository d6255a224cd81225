/**
 * `conformanceSuite` / `conformanceTest`: vitest's describe/test with the metadata a certification needs.
 * Each test names the endpoint, the clauses it proves and the checks it applies; the wrapper selects it
 * (--include/--exclude, profile, replay), skips it with a reason when the target lacks a requirement,
 * runs properties with the run's seed, and turns failures into report details (clause sentence,
 * exchange, curl, seed, path, shrunk counterexample).
 */
import fc from 'fast-check';
import { describe, test, type TaskMeta } from 'vitest';
import { clause } from '../specification/clauses.js';
import type { FailureDetail } from './results.js';
import { CheckFailure } from '../checks/assertion.js';
import { FixtureGapError, getSuiteEnvironment, type SuiteEnvironment } from './environment.js';
import { missingRequirement, type Requirement } from './requirements.js';
import { readRunContext } from './run-context.js';
import type { CheckName } from '../checks/registry.js';

export interface ConformanceMeta {
  id: string;
  suite: string;
  endpoint: string;
  clauses: string[];
  checks: CheckName[];
  seed: number;
  failure?: FailureDetail;
  requests?: number;
}

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}

export interface ConformanceTestDefinition {
  name: string;
  /** Endpoint short name, e.g. `submit-and-wait`, `scan.top-validators`. */
  endpoint: string;
  /** Clause ids this test proves; every id must exist in specification/clauses. */
  clauses: string[];
  checks: CheckName[];
  requires?: Requirement[];
  /** Timeout before --timeout-scale, ms. */
  timeoutMs?: number;
}

export interface ForAllOptions {
  /** Runs for this property; the run's --cases by default. */
  numRuns?: number;
}

export interface ConformanceContext extends SuiteEnvironment {
  /** The seed of this test's properties. */
  seed: number;
  /**
   * A property over generated values: runs `predicate` for each, shrinks a failure to its smallest
   * counterexample, and reports it with seed and path so `replay` reproduces it exactly.
   */
  forAll<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, options?: ForAllOptions): Promise<void>;
  /** Skips the test with a reason (e.g. the fixtures do not name what it needs). Counted as skipped. */
  skip(reason: string): never;
}

const suiteStack: string[] = [];

export function conformanceSuite(name: string, body: () => void): void {
  describe(name, () => {
    suiteStack.push(name);
    try {
      body();
    } finally {
      suiteStack.pop();
    }
  });
}

/** A stable 32-bit hash, so each test gets its own seed derived from the run's. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value | 0;
}

function matchesAny(prefixes: string[], keys: string[]): boolean {
  return prefixes.some((prefix) => keys.some((key) => key.startsWith(prefix)));
}

export function conformanceTest(definition: ConformanceTestDefinition, body: (context: ConformanceContext) => Promise<void>): void {
  const runContext = readRunContext();
  const suite = suiteStack.join(' / ') || 'conformance';
  const id = `${suite}::${definition.name}`;
  const clauses = definition.clauses.map((clauseId) => clause(clauseId));
  const { run } = runContext.config;

  if (runContext.replay && runContext.replay.testId !== id) return;
  if (!runContext.replay) {
    const keys = [definition.endpoint, suite, id, ...definition.clauses];
    if (run.include.length > 0 && !matchesAny(run.include, keys)) return;
    if (run.exclude.length > 0 && matchesAny(run.exclude, keys)) return;
  }
  // A test that proves only canton-profile behaviour does not belong to a spec-profile run.
  if (run.profile === 'spec' && clauses.every((entry) => entry.level === 'canton')) return;

  const seed = runContext.replay?.seed ?? (runContext.seed ^ hash(id)) | 0;
  const meta: ConformanceMeta = { id, suite, endpoint: definition.endpoint, clauses: definition.clauses, checks: definition.checks, seed };
  const timeout = Math.round((definition.timeoutMs ?? 30_000) * run.timeoutScale);

  test(definition.name, { meta: { conformance: meta } as Partial<TaskMeta>, timeout }, async ({ task, skip }) => {
    const environment = await getSuiteEnvironment();
    for (const requirement of definition.requires ?? []) {
      const reason = missingRequirement(requirement, environment.abilities);
      if (reason !== undefined) {
        skip(reason);
        return;
      }
    }
    const liveMeta = task.meta.conformance!;
    const requestsBefore = environment.requestCount();
    const context: ConformanceContext = {
      ...environment,
      seed,
      forAll: (arbitrary, predicate, options) =>
        runProperty(arbitrary, predicate, seed, options?.numRuns ?? run.cases, runContext.replay?.path),
      skip: (reason: string): never => {
        skip(reason);
        throw new Error('unreachable: vitest skip() throws');
      },
    };
    try {
      await body(context);
    } catch (error) {
      if (error instanceof FixtureGapError) {
        skip(`${error.message} (fixtures gap)`);
        return;
      }
      liveMeta.failure = toFailureDetail(error, definition.clauses[0]!);
      throw error;
    } finally {
      liveMeta.requests = environment.requestCount() - requestsBefore;
    }
  });
}

class PropertyFailure extends Error {
  constructor(
    readonly failure: unknown,
    readonly seed: number,
    readonly path: string | undefined,
    readonly counterexample: unknown,
    readonly numRuns: number,
  ) {
    super(
      `${(failure as Error)?.message ?? String(failure)}\n  (property failed after ${numRuns} runs; seed ${seed}, path ${path ?? '-'})`,
    );
    this.name = 'PropertyFailure';
  }
}

async function runProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  seed: number,
  numRuns: number,
  path: string | undefined,
): Promise<void> {
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      await predicate(value);
    }),
    { seed, numRuns, ...(path ? { path } : {}), endOnFailure: false },
  );
  if (!details.failed) return;
  const counterexample = details.counterexample?.[0];
  throw new PropertyFailure(details.errorInstance, details.seed, details.counterexamplePath ?? undefined, counterexample, details.numRuns);
}

function jsonSafe(value: unknown): unknown {
  try {
    return JSON.parse(
      JSON.stringify(value, (_key, item: unknown) =>
        typeof item === 'bigint' ? `${item}n` : item instanceof Uint8Array ? `<${item.length} bytes>` : item,
      ),
    );
  } catch {
    return String(value);
  }
}

function toFailureDetail(error: unknown, defaultClauseId: string): FailureDetail {
  const property = error instanceof PropertyFailure ? error : undefined;
  const cause = property ? property.failure : error;
  const check = cause instanceof CheckFailure ? cause : undefined;
  const clauseId = check?.clauseId ?? defaultClauseId;
  let clauseText: string;
  try {
    clauseText = clause(clauseId).text;
  } catch {
    clauseText = '(unknown clause id)';
  }
  return {
    check: check?.check ?? 'test-error',
    clauseId,
    clauseText,
    message: check ? check.message.replace(/^\[[^\]]+\] [^:]+: /, '') : ((cause as Error)?.message ?? String(cause)),
    ...(check?.exchange ? { exchange: check.exchange } : {}),
    ...(property
      ? {
          seed: property.seed,
          ...(property.path ? { path: property.path } : {}),
          counterexample: jsonSafe(property.counterexample),
          numRuns: property.numRuns,
        }
      : {}),
  };
}
