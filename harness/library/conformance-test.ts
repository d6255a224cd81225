/**
 * `conformanceSuite` / `conformanceTest`: vitest's describe/test with the metadata a certification needs.
 * Each test declares its endpoint and the clauses it asserts; the wrapper selects it (--include/--exclude,
 * profile, replay), skips it with a reason when the target lacks a requirement, runs properties with the run's
 * seed, records every assertion its checks make and every exchange it sends, applies the registered response
 * checks to those exchanges once the body has run (the check engine, `checks/response-checks.ts`), derives the
 * test's checks from what ran, and sorts how it ended:
 * - a check failed → `failed`, crediting the failure to that check's clause only; the declared clauses no
 *   assertion reached are "not reached";
 * - a transport fault of the node (a reset, a cut body, an HTML error page, an unparseable body) → `failed`,
 *   failing the clause `format.json-bodies` (check `http_transport`); a request the node did not answer in time → `inconclusive` (the
 *   node is slow: never a suite error, never a failed clause), its clauses "not reached";
 * - anything else thrown → `error`: the suite itself broke, which is not the target's failure;
 * - every assertion inconclusive → `inconclusive`.
 *
 * No test has a whole-test time limit a slow node can reach: each request has its own timeout, and a test is
 * stopped (as a suite error) only after `idleLimitMs` with no request in flight, which only a hang of the
 * suite itself can cause. A property's cases go out concurrently (up to the worker's share of `run.inFlight`
 * requests in flight): the values are drawn exactly as fast-check draws them, and the first failing case (in
 * fast-check's order) is replayed and shrunk by fast-check, so seeds, paths and counterexamples stay exact.
 */
import fc from 'fast-check';
import { describe, test, type TaskMeta } from 'vitest';
import { CheckFailure, SwitchedOffCheckStop, withAssertionRecorder } from '../../checks/assertion.js';
import { TransportFault } from '../../client/http.js';
import { recordExchange } from '../../client/exchange.js';
import { TRANSPORT_CLAUSE, httpTransportAssertion } from '../../checks/transport.js';
import { CHECK_NAMES, type CheckName } from '../../checks/names.js';
import { applyResponseChecks, classify } from '../../checks/response-checks.js';
import { applyModelChecks } from '../../checks/ledger-model.js';
import { enabledChecks, switchedOffReason } from './check-selection.js';
import { clause, type ClauseId } from '../../specification/clauses.js';
import type { EndpointName } from '../../specification/endpoints.js';
import { AssertionLedger } from './attribution.js';
import { selectedBy } from './selection.js';
import { headlineOf, messageOf } from './error-message.js';
import {
  FixtureGapError,
  getSuiteEnvironment,
  settleOffsetChecks,
  withTestScope,
  workerLedgerModel,
  type SuiteEnvironment,
  type TestScope,
} from './environment.js';
import { missingRequirement, type Requirement } from './requirements.js';
import type { ClauseAssertions, FailureDetail, NotReached, Outcome, TransportFaultRecord } from './results.js';
import { readRunContext } from './run-context.js';

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

  if (runContext.replay && runContext.replay.testId !== id) return;
  if (!runContext.replay) {
    const selectable = { endpoint: definition.endpoint, suite, id, clauses: definition.clauses };
    if (run.include.length > 0 && !selectedBy(run.include, selectable)) return;
    if (run.exclude.length > 0 && selectedBy(run.exclude, selectable)) return;
  }
  // A test that asserts only canton-profile behaviour does not belong to a spec-profile run.
  if (run.profile === 'spec' && declared.every((entry) => entry.level === 'canton')) return;
  // --checks / --exclude-checks leave no test out: a switched-off check asserts nothing, and a test left with no
  // assertion is skipped with that reason (harness/check-selection.ts).
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
    // test already asserted on an exchange itself. Only after a body that ran to its end (a failure, an error or
    // a skip already decided the test).
    if (thrown === undefined) {
      ledger.applier = 'engine';
      try {
        const checkContext = { profile: environment.profile, validators: environment.validators, features: environment.features };
        withAssertionRecorder(ledger, () => {
          applyResponseChecks(scope.exchanges ?? [], checkContext, (check) => ledger.enabled(check));
          // The model checks: every exchange held against the worker's ledger model (canton profile).
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

/** `context.skip(reason)`: thrown out of the body so the harness can still file its assertions. */
class TestSkip extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TestSkip';
  }
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
    const nothing = counts.passed + counts.failed + counts.deviation + counts.inconclusive === 0;
    const switchedOff = nothing ? switchedOffReason(ledger) : undefined;
    if (switchedOff !== undefined) return { outcome: 'skipped', skipReason: switchedOff };
    const reason = nothing ? 'the test ended without asserting anything' : 'every assertion was inconclusive';
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
  if (cause instanceof TransportFault) return transportEnding(cause, ledger, declared);
  const failure = toFailureDetail(property, cause);
  if (cause instanceof CheckFailure) {
    ledger.record({ check: cause.check, clause: cause.clauseId, outcome: 'failed' });
    return { outcome: 'failed', failure, notReached: ledger.notReached(declared, `the test stopped at the failure of ${cause.clauseId}`) };
  }
  return { outcome: 'error', failure, notReached: ledger.notReached(declared, `the suite broke: ${failure.message.split('\n')[0]}`) };
}

/**
 * A transport fault is the node's: a request it did not answer in time leaves the test inconclusive (the node
 * is slow, its clauses not reached); any other fault fails `format.json-bodies` (the node must answer HTTP
 * correctly), naming the fault, the request and the time.
 */
function transportEnding(fault: TransportFault, ledger: AssertionLedger, declared: readonly ClauseId[]): Ending {
  const exchange = recordExchange(fault.request);
  if (fault.kind === 'timeout') {
    return { outcome: 'inconclusive', notReached: ledger.notReached(declared, fault.message) };
  }
  const assertion = httpTransportAssertion(fault);
  if (assertion !== undefined && ledger.enabled('http_transport')) ledger.record(assertion);
  return {
    outcome: 'failed',
    failure: {
      check: 'http_transport',
      clauseId: TRANSPORT_CLAUSE,
      clauseText: clause(TRANSPORT_CLAUSE).text,
      message: `transport fault (${fault.kind}): ${fault.message}`,
      exchange: fault.received
        ? {
            ...exchange,
            response: { status: fault.received.status, headers: { 'content-type': fault.received.contentType }, body: fault.received.text },
          }
        : exchange,
    },
    notReached: ledger.notReached(declared, `the test stopped at a transport fault of the node (${fault.kind})`),
  };
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

/** Errors that end a property without a shrinking story: a skip, a switched-off check, a fixture gap, a transport fault. */
function isStop(error: unknown): boolean {
  return (
    error instanceof TestSkip ||
    error instanceof SwitchedOffCheckStop ||
    error instanceof FixtureGapError ||
    error instanceof TransportFault
  );
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
