/**
 * `conformanceSuite` / `conformanceTest`: vitest's describe/test with the metadata a certification needs.
 * Each test declares its endpoint and the clauses it asserts; the wrapper selects it (--include/--exclude,
 * profile, replay), skips it with a reason when the target lacks a requirement, runs properties with the run's
 * seed (the property runner, `property-runner.ts`), records every assertion its checks make and every exchange it
 * sends, applies the registered response checks to those exchanges once the body has run (the check engine,
 * `checks/response-checks.ts`), derives the test's checks from what ran, and sorts how it ended (passed, failed,
 * error, inconclusive, skipped: `test-ending.ts`).
 *
 * No test has a whole-test time limit a slow node can reach: each request has its own timeout, and a test is
 * stopped (as a suite error) only after `idleLimitMs` with no request in flight, which only a hang of the
 * suite itself can cause.
 */
import type fc from 'fast-check';
import { describe, test, type TaskMeta } from 'vitest';
import { CheckFailure, withAssertionRecorder } from '../../checks/assertion.js';
import { CHECK_NAMES, type CheckName } from '../../checks/names.js';
import { applyResponseChecks, classify } from '../../checks/response-checks.js';
import { applyModelChecks } from '../../checks/ledger-model.js';
import { enabledChecks } from './check-selection.js';
import { clause, type ClauseId } from '../../specification/clauses.js';
import type { EndpointName } from '../../specification/endpoints.js';
import { AssertionLedger } from './attribution.js';
import { registeredBy } from './selection.js';
import {
  getSuiteEnvironment,
  settleOffsetChecks,
  withTestScope,
  workerLedgerModel,
  type SuiteEnvironment,
  type TestScope,
} from './environment.js';
import { isStop, PropertyFailure, runProperties, TestSkip } from './property-runner.js';
import { missingRequirement, type Requirement } from './requirements.js';
import type { ClauseAssertions, FailureDetail, NotReached, Outcome, TransportFaultRecord } from './results.js';
import { readRunContext } from './run-context.js';
import { endingOf } from './test-ending.js';

export interface ConformanceMeta {
  id: string;
  suite: string;
  endpoint: EndpointName;
  clauses: ClauseId[];
  /** The checks that ran on the test (derived when it ends: its own calls and the engine's). */
  checks: CheckName[];
  /** Who ran them: the test's own check calls, and the harness's response checks applied to its exchanges. */
  checksRan?: { byTest: CheckName[]; byEngine: CheckName[] };
  seed: number;
  /** How the test ended as far as the harness knows (vitest's own state cannot tell a failure from an error). */
  outcome?: Outcome;
  skipReason?: string;
  failure?: FailureDetail;
  requests?: number;
  assertions?: ClauseAssertions[];
  notReached?: NotReached[];
  waived?: NotReached[];
  transportFaults?: TransportFaultRecord[];
}

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}

/**
 * A test as a suite declares it. It names no checks: they are derived from what ran on it (its own check calls and the
 * response checks the harness applies to its exchanges), so the report's checks are true by construction.
 */
export interface ConformanceTestDefinition {
  name: string;
  endpoint: EndpointName;
  /** The clauses this test asserts; each must be asserted by one of its checks (self-test `full-run`). */
  clauses: ClauseId[];
  requires?: Requirement[];
  /**
   * Before --timeout-scale, ms: how long the test may go with no request in flight before it is taken for a
   * hang of the suite (at least the run's idle limit). Never a limit on a slow node: each request has its own
   * timeout (`run.requestTimeoutMs`).
   */
  timeoutMs?: number;
  /**
   * The test depends on no other test of its file and changes nothing they read: it may run beside them
   * (vitest `test.concurrent`), which shortens a run against a slow node.
   */
  concurrent?: boolean;
}

export interface ForAllOptions<T = unknown> {
  /** Runs for this property; the run's --cases by default. */
  numRuns?: number;
  /**
   * Values tried first, on every seed, besides the generated ones: the cases a test's declared clauses rest on
   * (one of each union variant), so that no seed or small --cases leaves a declared clause unasserted.
   */
  examples?: readonly T[];
  /**
   * Run the cases one after another (a property whose cases depend on each other, or on a node-wide state such
   * as the ledger end). By default they go out concurrently, up to the run's bound on requests in flight.
   */
  sequential?: boolean;
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
  forEachRule<T>(
    rules: readonly fc.Arbitrary<T>[],
    predicate: (value: T) => Promise<void>,
    options?: { numRuns?: number; sequential?: boolean },
  ): Promise<void>;
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

export function conformanceTest(definition: ConformanceTestDefinition, body: (context: ConformanceContext) => Promise<void>): void {
  const runContext = readRunContext();
  const suite = suiteStack.join(' / ') || 'conformance';
  const id = `${suite}::${definition.name}`;
  const declared = definition.clauses.map((clauseId) => clause(clauseId));
  const { run } = runContext.config;

  const selection = {
    include: run.include,
    exclude: run.exclude,
    profile: run.profile,
    ...(runContext.replay ? { replayTestId: runContext.replay.testId } : {}),
  };
  const cantonOnly = declared.every((entry) => entry.level === 'canton');
  if (!registeredBy(selection, { endpoint: definition.endpoint, suite, id, clauses: definition.clauses, cantonOnly })) return;
  // --checks / --exclude-checks leave no test out: a switched-off check asserts nothing, and a test left with no
  // assertion is skipped with that reason (harness/library/check-selection.ts).
  const checks = enabledChecks(run);

  const seed = runContext.replay?.seed ?? (runContext.seed ^ hash(id)) | 0;
  const meta: ConformanceMeta = {
    id,
    suite,
    endpoint: definition.endpoint,
    clauses: definition.clauses,
    checks: [],
    seed,
  };
  // No whole-test limit: each request has its own timeout, and the idle watchdog below catches a hang of the suite.
  const declare = definition.concurrent ? test.concurrent : test;
  declare(definition.name, { meta: { conformance: meta } as Partial<TaskMeta>, timeout: 0 }, async ({ task, skip }) => {
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
    const scope: TestScope = { requests: 0, faults: [], exchanges: [] };
    const parallel = (sequential: boolean | undefined): number => (sequential ? 1 : environment.timing.inFlightPerWorker);
    const replayPath = runContext.replay?.path;
    const context: ConformanceContext = {
      ...environment,
      seed,
      cases: run.cases,
      forAll: (arbitrary, predicate, options) =>
        runProperties(
          [{ arbitrary, numRuns: options?.numRuns ?? run.cases, examples: options?.examples ?? [] }],
          predicate,
          seed,
          replayPath,
          parallel(options?.sequential),
        ),
      forEachRule: async (rules, predicate, options) => {
        const perRule = Math.max(2, Math.ceil((options?.numRuns ?? run.cases) / Math.max(1, rules.length)));
        await runProperties(
          rules.map((arbitrary) => ({ arbitrary, numRuns: perRule, examples: [] })),
          predicate,
          seed,
          replayPath,
          parallel(options?.sequential),
        );
      },
      skip: (reason: string): never => {
        throw new TestSkip(reason);
      },
      waive: (clauses, reason) => {
        liveMeta.waived = [...(liveMeta.waived ?? []), ...clauses.map((clause) => ({ clause, reason }))];
      },
    };
    let thrown: unknown;
    const idleLimitMs = Math.max(environment.timing.idleLimitMs, Math.round((definition.timeoutMs ?? 0) * run.timeoutScale));
    const watchdog = idleWatchdog(environment, idleLimitMs);
    try {
      await Promise.race([withTestScope(scope, () => withAssertionRecorder(ledger, () => body(context))), watchdog.hung]);
    } catch (error) {
      thrown = error;
    }
    // The offset lookups the test still owes (harness/library/offset-guard.ts). A wrong offset was the node's answer
    // before anything the body did after it: it is the test's failure, in place of what the body threw.
    try {
      await Promise.race([withTestScope(scope, () => withAssertionRecorder(ledger, () => settleOffsetChecks(scope))), watchdog.hung]);
    } catch (error) {
      const cause = thrown instanceof PropertyFailure ? thrown.failure : thrown;
      if (error !== thrown && error !== cause) thrown = error;
    } finally {
      watchdog.stop();
    }
    // The check engine: the registered response checks on every exchange the test recorded, skipping what the
    // test already asserted on an exchange itself. After a body that ran to its end, and after one that broke: a test
    // reads its answers without checking them itself, so an answer the engine finds wrong (a body off its schema, a
    // wrong content type) is the failure, and the suite's error reading it a consequence. A failure of the test's own
    // assertion, a skip, a stop or a transport fault already decided the test.
    if (thrown === undefined || engineJudges(thrown)) {
      ledger.applier = 'engine';
      try {
        const checkContext = { profile: environment.profile, validators: environment.validators, features: environment.features };
        withAssertionRecorder(ledger, () => {
          applyResponseChecks(scope.exchanges ?? [], checkContext, (check) => ledger.enabled(check));
          // The model checks: every exchange held against the worker's ledger model (canton profile); only after a
          // body that ran to its end, as before (a failed test's exchanges teach the model nothing).
          if (thrown === undefined)
            applyModelChecks(
              workerLedgerModel(),
              scope.exchanges ?? [],
              checkContext,
              (check) => ledger.enabled(check),
              (exchange) => classify(exchange, checkContext),
            );
        });
      } catch (error) {
        thrown = error;
      }
    }
    scope.exchanges = [];
    liveMeta.requests = scope.requests;
    if (scope.faults.length > 0) liveMeta.transportFaults = scope.faults.map((fault) => ({ ...fault, testId: id }));
    const ending = endingOf(thrown, ledger, definition.clauses);
    liveMeta.outcome = ending.outcome;
    liveMeta.assertions = ledger.summary();
    const ran = ledger.checksRan(CHECK_NAMES);
    liveMeta.checksRan = { byTest: ran.test, byEngine: ran.engine };
    liveMeta.checks = CHECK_NAMES.filter((check) => ran.test.includes(check) || ran.engine.includes(check));
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

/** Whether the check engine still judges a test's exchanges after its body threw this: a suite error (not a failure). */
function engineJudges(thrown: unknown): boolean {
  const cause = thrown instanceof PropertyFailure ? thrown.failure : thrown;
  return !(isStop(cause) || cause instanceof SuiteHang || cause instanceof CheckFailure);
}

/** The suite itself hangs: no request in flight and none started or ended for `limitMs`. */
class SuiteHang extends Error {
  constructor(limitMs: number) {
    super(
      `the test had no request in flight for ${(limitMs / 1000).toFixed(0)} s: the suite itself hangs (a slow node always has a request in flight)`,
    );
    this.name = 'SuiteHang';
  }
}

function idleWatchdog(environment: SuiteEnvironment, limitMs: number): { hung: Promise<never>; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setInterval(
      () => {
        const { inFlight, lastActivity } = environment.activity();
        if (inFlight === 0 && Date.now() - lastActivity > limitMs) reject(new SuiteHang(limitMs));
      },
      Math.min(1000, limitMs),
    );
  });
  hung.catch(() => {});
  return { hung, stop: () => clearInterval(timer) };
}
