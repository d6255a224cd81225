/**
 * `conformanceSuite` / `conformanceTest`: vitest's describe/test with the metadata a certification needs.
 * Each test declares its endpoint, the clauses it asserts and the checks it applies; the wrapper selects it
 * (--include/--exclude, profile, replay, switched-off checks), skips it with a reason when the target lacks a
 * requirement, runs properties with the run's seed, records every assertion its checks make, and sorts how
 * it ended:
 * - a check failed → `failed`, crediting the failure to that check's clause only; the declared clauses no
 *   assertion reached are "not reached";
 * - anything else thrown → `error`: the suite itself broke, which is not the target's failure;
 * - every assertion inconclusive → `inconclusive`.
 */
import fc from 'fast-check';
import { describe, test, type TaskMeta } from 'vitest';
import { CheckFailure, SwitchedOffCheckStop, withAssertionRecorder } from '../checks/assertion.js';
import type { CheckName } from '../checks/names.js';
import { enabledChecks } from './check-selection.js';
import { clause, type ClauseId } from '../specification/clauses.js';
import type { EndpointName } from '../specification/endpoints.js';
import { AssertionLedger } from './attribution.js';
import { headlineOf, messageOf } from './error-message.js';
import { FixtureGapError, getSuiteEnvironment, type SuiteEnvironment } from './environment.js';
import { missingRequirement, type Requirement } from './requirements.js';
import type { ClauseAssertions, FailureDetail, NotReached, Outcome } from './results.js';
import { readRunContext } from './run-context.js';

export interface ConformanceMeta {
  id: string;
  suite: string;
  endpoint: EndpointName;
  clauses: ClauseId[];
  checks: CheckName[];
  seed: number;
  /** How the test ended as far as the harness knows (vitest's own state cannot tell a failure from an error). */
  outcome?: Outcome;
  skipReason?: string;
  failure?: FailureDetail;
  requests?: number;
  assertions?: ClauseAssertions[];
  notReached?: NotReached[];
  waived?: NotReached[];
}

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}

export interface ConformanceTestDefinition {
  name: string;
  endpoint: EndpointName;
  /** The clauses this test asserts; each must be asserted by one of its checks (self-test `full-run`). */
  clauses: ClauseId[];
  /** The checks it applies; switching all of them off (`--exclude-checks`) leaves the test out. */
  checks: CheckName[];
  requires?: Requirement[];
  /** Timeout before --timeout-scale, ms. */
  timeoutMs?: number;
}

export interface ForAllOptions<T = unknown> {
  /** Runs for this property; the run's --cases by default. */
  numRuns?: number;
  /**
   * Values tried first, on every seed, besides the generated ones: the cases a test's declared clauses rest on
   * (one of each union variant), so that no seed or small --cases leaves a declared clause unasserted.
   */
  examples?: readonly T[];
}

export interface ConformanceContext extends SuiteEnvironment {
  /** The seed of this test's properties. */
  seed: number;
  /** Cases per property of this run (`--cases`). */
  cases: number;
  /**
   * A property over generated values: runs `predicate` for each, shrinks a failure to its smallest
   * counterexample, and reports it with seed and path so `replay` reproduces it exactly.
   */
  forAll<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, options?: ForAllOptions<T>): Promise<void>;
  /**
   * Tries every rule (not a random pick among them, which would leave some out on some seeds or a small
   * --cases): each gets its share of `numRuns` (the run's --cases by default), at least two.
   */
  forEachRule<T>(rules: readonly fc.Arbitrary<T>[], predicate: (value: T) => Promise<void>, options?: { numRuns?: number }): Promise<void>;
  /** Skips the test with a reason (e.g. the fixtures do not name what it needs). Counted as skipped. */
  skip(reason: string): never;
  /**
   * Declares that some of the test's clauses cannot be tried on this target (e.g. the fixtures name no
   * interface, so no interface filter can be sent), while the rest of the test runs: they are reported as
   * skipped with the reason, unless another test asserts them.
   */
  waive(clauses: readonly ClauseId[], reason: string): void;
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

function matchesAny(prefixes: readonly string[], keys: readonly string[]): boolean {
  return prefixes.some((prefix) => keys.some((key) => key.startsWith(prefix)));
}

export function conformanceTest(definition: ConformanceTestDefinition, body: (context: ConformanceContext) => Promise<void>): void {
  const runContext = readRunContext();
  const suite = suiteStack.join(' / ') || 'conformance';
  const id = `${suite}::${definition.name}`;
  const declared = definition.clauses.map((clauseId) => clause(clauseId));
  const { run } = runContext.config;

  if (runContext.replay && runContext.replay.testId !== id) return;
  if (!runContext.replay) {
    const keys = [definition.endpoint, suite, id, ...definition.clauses];
    if (run.include.length > 0 && !matchesAny(run.include, keys)) return;
    if (run.exclude.length > 0 && matchesAny(run.exclude, keys)) return;
  }
  // A test that asserts only canton-profile behaviour does not belong to a spec-profile run.
  if (run.profile === 'spec' && declared.every((entry) => entry.level === 'canton')) return;
  const checks = enabledChecks(run);
  // Every check of the test switched off: nothing of it would run (as Schemathesis leaves such an operation out).
  if (!definition.checks.some((check) => checks.has(check))) return;

  const seed = runContext.replay?.seed ?? (runContext.seed ^ hash(id)) | 0;
  const meta: ConformanceMeta = {
    id,
    suite,
    endpoint: definition.endpoint,
    clauses: definition.clauses,
    checks: definition.checks,
    seed,
  };
  const timeout = Math.round((definition.timeoutMs ?? 30_000) * run.timeoutScale);

  test(definition.name, { meta: { conformance: meta } as Partial<TaskMeta>, timeout }, async ({ task, skip }) => {
    const liveMeta = task.meta.conformance!;
    const environment = await getSuiteEnvironment();
    for (const requirement of definition.requires ?? []) {
      const reason = missingRequirement(requirement, environment.abilities);
      if (reason !== undefined) {
        liveMeta.outcome = 'skipped';
        liveMeta.skipReason = reason;
        skip(reason);
        return;
      }
    }
    const ledger = new AssertionLedger(checks);
    const requestsBefore = environment.requestCount();
    const context: ConformanceContext = {
      ...environment,
      seed,
      cases: run.cases,
      forAll: (arbitrary, predicate, options) =>
        runProperty(arbitrary, predicate, seed, options?.numRuns ?? run.cases, runContext.replay?.path, options?.examples ?? []),
      forEachRule: async (rules, predicate, options) => {
        const perRule = Math.max(2, Math.ceil((options?.numRuns ?? run.cases) / Math.max(1, rules.length)));
        for (const rule of rules) await runProperty(rule, predicate, seed, perRule, runContext.replay?.path, []);
      },
      skip: (reason: string): never => {
        throw new TestSkip(reason);
      },
      waive: (clauses, reason) => {
        liveMeta.waived = [...(liveMeta.waived ?? []), ...clauses.map((clause) => ({ clause, reason }))];
      },
    };
    let thrown: unknown;
    try {
      await withAssertionRecorder(ledger, () => body(context));
    } catch (error) {
      thrown = error;
    }
    liveMeta.requests = environment.requestCount() - requestsBefore;
    const ending = endingOf(thrown, ledger, definition.clauses);
    liveMeta.outcome = ending.outcome;
    liveMeta.assertions = ledger.summary();
    if (ending.notReached !== undefined && ending.notReached.length > 0) liveMeta.notReached = ending.notReached;
    if (ending.failure !== undefined) liveMeta.failure = ending.failure;
    if (ending.outcome === 'skipped') {
      liveMeta.skipReason = ending.skipReason!;
      skip(ending.skipReason!);
      return;
    }
    if (ending.outcome === 'failed' || ending.outcome === 'error') throw thrown;
  });
}

/** `context.skip(reason)`: thrown out of the body so the harness can still file its assertions. */
class TestSkip extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TestSkip';
  }
}

export interface Ending {
  outcome: Outcome;
  skipReason?: string;
  failure?: FailureDetail;
  notReached?: NotReached[];
}

/** How a test ended, from what its body threw (exported for the self-tests). */
export function endingOf(thrown: unknown, ledger: AssertionLedger, declared: readonly ClauseId[]): Ending {
  const counts = ledger.counts();
  if (thrown === undefined) {
    // Nothing asserted, or a declared clause with only inconclusive evidence: the test did not prove what it
    // declares (its conclusive assertions still count for their clauses).
    const unproven = ledger.inconclusiveOnly(declared);
    if (counts.passed + counts.failed + counts.deviation > 0 && unproven.length === 0) return { outcome: 'passed' };
    const reason =
      counts.passed + counts.failed + counts.deviation + counts.inconclusive === 0
        ? 'the test ended without asserting anything'
        : 'every assertion was inconclusive';
    return { outcome: 'inconclusive', notReached: ledger.notReached(declared, reason) };
  }
  const property = thrown instanceof PropertyFailure ? thrown : undefined;
  const cause = property ? property.failure : thrown;
  // A skip is the target's or the user's choice, not a stop: its unasserted clauses are skipped with the reason
  // (coverage reads them off the skipped test), never "not reached".
  if (cause instanceof TestSkip || cause instanceof FixtureGapError) {
    return { outcome: 'skipped', skipReason: cause instanceof FixtureGapError ? `${cause.message} (fixtures gap)` : cause.reason };
  }
  if (cause instanceof SwitchedOffCheckStop) return { outcome: 'skipped', skipReason: cause.message };
  const failure = toFailureDetail(property, cause);
  if (cause instanceof CheckFailure) {
    ledger.record({ check: cause.check, clause: cause.clauseId, outcome: 'failed' });
    return { outcome: 'failed', failure, notReached: ledger.notReached(declared, `the test stopped at the failure of ${cause.clauseId}`) };
  }
  return { outcome: 'error', failure, notReached: ledger.notReached(declared, `the suite broke: ${failure.message.split('\n')[0]}`) };
}

class PropertyFailure extends Error {
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

/** A property run with the run's seed; throws a `PropertyFailure` (exported for the self-tests). */
export async function runProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  seed: number,
  numRuns: number,
  path: string | undefined,
  examples: readonly T[],
): Promise<void> {
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      await predicate(value);
    }),
    {
      seed,
      // fast-check counts examples within numRuns: the generated cases stay as many as asked.
      numRuns: numRuns + examples.length,
      ...(path ? { path } : {}),
      // A replay path counts the examples too, so they are passed on replays as well.
      ...(examples.length > 0 ? { examples: examples.map((example): [T] => [example]) } : {}),
      endOnFailure: false,
    },
  );
  if (!details.failed) return;
  const counterexample = details.counterexample?.[0];
  const cause = details.errorInstance;
  // A skip or a switched-off check is not a property failure: no shrinking story to tell.
  if (cause instanceof TestSkip || cause instanceof SwitchedOffCheckStop || cause instanceof FixtureGapError) throw cause;
  throw new PropertyFailure(cause, details.seed, details.counterexamplePath ?? undefined, counterexample, details.numRuns);
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

function toFailureDetail(property: PropertyFailure | undefined, cause: unknown): FailureDetail {
  const check = cause instanceof CheckFailure ? cause : undefined;
  // Every failure says something: a check without detail names its clause, a thrown non-Error is described.
  const message = check
    ? check.detail.trim() !== ''
      ? check.detail
      : `the check ${check.check} failed on ${check.clauseId} without giving a detail`
    : headlineOf(cause);
  const stack = check === undefined && cause instanceof Error && cause.stack ? `\n${cause.stack.split('\n').slice(1, 6).join('\n')}` : '';
  return {
    check: check?.check ?? 'suite-error',
    ...(check ? { clauseId: check.clauseId, clauseText: clause(check.clauseId).text } : {}),
    message: `${message}${stack}`,
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
