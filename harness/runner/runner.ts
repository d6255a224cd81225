/**
 * `ledger-conformance run`: start (or reach) the target, run the vitest suites under suites/ against it,
 * collect every test's result and write the reports — also when interrupted with Ctrl-C.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVitest, type Vitest } from 'vitest/node';
import { ConfigError, UsageError } from '../../config/tool-errors.js';
import { connectTarget, probeTarget, type TargetClient } from '../../client/http.js';
import type { ResolvedConfig } from '../../config/types.js';
import { clauses as clauseRegistry } from '../../specification/clauses.js';
import { computeClauseCoverage, computeVerdict, rejectionCounts } from './coverage.js';
import { CHECK_NAMES } from '../../checks/names.js';
import { enabledChecks, validateCheckSelection } from '../library/check-selection.js';
import type { TestResult } from '../library/results.js';
import type { CheckTally, LatencyProfile, RunReport } from './run-report.js';
import { formatLatency, measureLatency } from './latency.js';
import { NodeWatch, stoppedByTimeout, summarizeTransport, verdictNote } from './transport-summary.js';
import type { FaultName } from '../../reference/index.js';
import { ResultCollector, type Progress } from './collector.js';
import { runContextEnvVar, writeRunContext, type ReplayRequest } from '../library/run-context.js';
import { buildCertificate, readTargetVersions } from './certificate.js';
import { preflight } from './preflight.js';
import { suitesModuleCache } from './module-cache.js';
import { readCatalog, sourceDigest, testsRegisteredBy, writeCatalog, type CatalogTest } from './test-catalog.js';
import type { RunSelection } from '../library/selection.js';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunOptions {
  faults?: FaultName[];
  replay?: ReplayRequest;
  progress?: Progress['mode'];
  /** Aborts the run (Ctrl-C); the reports cover what ran. */
  signal?: AbortSignal;
  /**
   * The suite files vitest loads (paths relative to the repository); all of them when absent. A caller that knows
   * where its --include selection lives (the self-tests' fault runs, through `listTests`) spares loading the rest.
   */
  files?: string[];
  toolVersion: string;
}

export interface RunOutcome {
  report: RunReport;
  /** Set when the run stopped early because the node stopped answering (exit 4): one line saying so. */
  nodeGone?: string;
}

interface StartedTarget {
  participant: string;
  scan?: string;
  close(): Promise<void>;
}

async function startTarget(config: ResolvedConfig, faults: FaultName[]): Promise<StartedTarget> {
  const { target } = config;
  if (target.kind === 'reference') {
    const { startReference } = await import('../../reference/index.js');
    const handle = await startReference({ target, faults });
    return { participant: handle.participantUrl, scan: handle.scanUrl, close: () => handle.close() };
  }
  if (faults.length > 0) throw new UsageError('--inject-fault works only with the embedded reference target');
  await probeTarget(target.participant, 'participant');
  if (target.scan) await probeTarget(target.scan, 'scan');
  return { participant: target.participant, ...(target.scan ? { scan: target.scan } : {}), close: async () => {} };
}

/**
 * The one client of the runner's process (and its one token provider), with the configured request timeout: the suite
 * workers open their own (harness/library/environment.ts), with the timeout the latency probe derived.
 */
export function openRunClient(config: ResolvedConfig, target: { participant: string; scan?: string }): TargetClient {
  const endpoints = { participant: target.participant, ...(target.scan ? { scan: target.scan } : {}) };
  return connectTarget(config.target, endpoints, Math.round(config.run.requestTimeoutMs * config.run.timeoutScale));
}

function createSeed(config: ResolvedConfig, replay?: ReplayRequest): number {
  if (replay?.seed !== undefined) return replay.seed;
  return config.run.seed ?? Math.floor(Math.random() * 0x7fffffff) | 0;
}

async function createSuitesVitest(collector: ResultCollector, concurrency: number): Promise<Vitest> {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const cache = suitesModuleCache();
  const vitest = await createVitest(
    'test',
    {
      config: join(repositoryRoot, 'harness/runner/vitest.suites.config.ts'),
      root: repositoryRoot,
      watch: false,
      reporters: [collector],
      maxWorkers: concurrency,
    } as Parameters<typeof createVitest>[1],
    // This process's own caches (module-cache.ts): nothing a run writes is shared with another run on the machine.
    { cacheDir: join(cache, 'vite'), test: { experimental: { fsModuleCachePath: join(cache, 'modules') } } },
  );
  // vitest's logger exits the process on Ctrl-C; the runner handles it instead, so partial reports get written.
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.off(signal, listener);
    }
  }
  return vitest;
}

/** The report directory must be writable before a run starts: a run's results must never be lost at its end. */
function ensureWritableReportDirectory(directory: string): void {
  try {
    mkdirSync(directory, { recursive: true });
    const probe = join(directory, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new ConfigError('run.reportDir', [
      `run.reportDir / --report-dir: cannot write reports to ${directory} (${(error as Error).message}); choose a writable directory`,
    ]);
  }
}

export async function runConformance(config: ResolvedConfig, options: RunOptions): Promise<RunOutcome> {
  validateCheckSelection(config.run);
  ensureWritableReportDirectory(config.run.reportDir);
  const faults = options.faults ?? [];
  const seed = createSeed(config, options.replay);
  const startedAt = new Date();
  const target = await startTarget(config, faults);
  // The run's one client and token provider in this process: preflight, the certificate and the latency probe share it.
  const client = openRunClient(config, target);
  const closeTarget = async (): Promise<void> => {
    await client.close();
    await target.close();
  };
  const progressMode = options.progress ?? (process.stdout.isTTY ? 'tty' : 'plain');
  let versions: Awaited<ReturnType<typeof readTargetVersions>>;
  let latency: LatencyProfile;
  let timing;
  try {
    // The tool's own set-up (tokens, fixtures, scan version) is checked before any test: its mistakes stop the run.
    if (config.run.preflight !== false) {
      const checked = await preflight(config, client);
      if ((options.progress ?? 'plain') !== 'silent') for (const note of checked.notes) process.stdout.write(`preflight: ${note}\n`);
    }
    versions = await readTargetVersions(config, client);
    ({ profile: latency, timing } = await measureLatency(config, client));
  } catch (error) {
    await closeTarget();
    throw error;
  }
  if (progressMode !== 'silent') process.stdout.write(formatLatency(latency));
  // Only the suite files that hold a selected test are loaded (a file with none registers nothing). Found before the
  // run's context is set: collecting a catalog sets (and clears) one of its own.
  let files: string[] | undefined;
  try {
    files = options.files ?? (await suiteFilesFor(config, options.replay));
  } catch (error) {
    await closeTarget();
    throw error;
  }
  const contextDirectory = mkdtempSync(join(tmpdir(), 'ledger-conformance-'));
  const contextFile = join(contextDirectory, 'context.json');
  writeRunContext(contextFile, {
    config,
    endpoints: { participant: target.participant, ...(target.scan ? { scan: target.scan } : {}) },
    seed,
    faults,
    ...(options.replay ? { replay: options.replay } : {}),
    timing,
  });
  process.env[runContextEnvVar] = contextFile;
  const collector = new ResultCollector({ mode: progressMode });
  let interrupted = false;
  let vitest: Vitest | undefined;
  let nodeGone: string | undefined;
  // A node that stops answering altogether ends the run early (exit 4), instead of failing every clause left.
  const watch = new NodeWatch(target.participant, config.run.deadNodeSeconds, (message) => {
    nodeGone = message;
    collector.stopReason = `not run: ${message.split(':')[0]}`;
    void vitest?.cancelCurrentRun('keyboard-input');
  });
  collector.onTransportFaults = (found) => watch.notice(found);
  const onAbort = (): void => {
    interrupted = true;
    collector.interrupted = true;
    void vitest?.cancelCurrentRun('keyboard-input');
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (progressMode !== 'silent') {
      process.stdout.write(
        `ledger-conformance ${options.toolVersion}: target ${config.target.name} (${target.participant}${target.scan ? `, scan ${target.scan}` : ''}), ` +
          `profile ${config.run.profile}, seed ${seed}, ${config.run.cases} cases per property\n`,
      );
    }
    vitest = await createSuitesVitest(collector, timing.suiteWorkers);
    if (options.signal?.aborted) interrupted = true;
    else if (files === undefined || files.length > 0) await vitest.start(files);
  } finally {
    watch.stop();
    options.signal?.removeEventListener('abort', onAbort);
    collector.finishProgress();
    await vitest?.close();
    await closeTarget();
    rmSync(contextDirectory, { recursive: true, force: true });
    delete process.env[runContextEnvVar];
  }
  // A run that stopped lists every test it had selected: those vitest never reached are "not run", with why.
  const stopped = interrupted || nodeGone !== undefined;
  if (stopped && options.replay === undefined) collector.results.push(...(await notRunTests(config, collector)));
  const report = buildReport(config, collector.results, {
    seed,
    startedAt,
    interrupted,
    faults,
    toolVersion: options.toolVersion,
    participant: target.participant,
    ...(target.scan ? { scan: target.scan } : {}),
    latency,
    ...(nodeGone !== undefined ? { nodeGone } : {}),
  });
  report.certificate = buildCertificate(config, clauseRegistry, {
    versions,
    toolVersion: options.toolVersion,
    seed,
    startedAt: report.startedAt,
    finishedAt: report.finishedAt,
  });
  return { report, ...(nodeGone !== undefined ? { nodeGone } : {}) };
}

function buildReport(
  config: ResolvedConfig,
  tests: TestResult[],
  run: {
    seed: number;
    startedAt: Date;
    interrupted: boolean;
    faults: string[];
    toolVersion: string;
    participant: string;
    scan?: string;
    latency?: LatencyProfile;
    nodeGone?: string;
  },
): RunReport {
  const profile = config.run.profile;
  const sorted = [...tests].sort((a, b) => a.id.localeCompare(b.id));
  // Every clause of the registry: the report also lists what the profile leaves out and what the spec does not show.
  const clauses = computeClauseCoverage(sorted, clauseRegistry, profile);
  const count = (outcome: TestResult['outcome']) => sorted.filter((test) => test.outcome === outcome).length;
  const enabled = enabledChecks(config.run);
  const totals = {
    passed: count('passed'),
    failed: count('failed'),
    errors: count('error'),
    inconclusive: count('inconclusive'),
    skipped: count('skipped'),
    notRun: count('not-run'),
    deviations: clauses.filter((clause) => clause.status === 'deviation').length,
    requests: sorted.reduce((sum, test) => sum + (test.requests ?? 0), 0),
    durationMs: Date.now() - run.startedAt.getTime(),
  };
  let verdict = computeVerdict(sorted, clauses, run.interrupted || run.nodeGone !== undefined);
  // A test a slow node left unfinished leaves the run incomplete, even when its clauses were asserted elsewhere.
  if (verdict === 'certified' && sorted.some(stoppedByTimeout)) verdict = 'incomplete';
  const transport = summarizeTransport(sorted, verdict, run.nodeGone);
  const note = verdictNote(verdict, transport, sorted);
  return {
    tool: { name: 'ledger-conformance', version: run.toolVersion },
    startedAt: run.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    target: {
      name: config.target.name,
      kind: config.target.kind,
      participant: run.participant,
      ...(run.scan ? { scan: run.scan } : {}),
      ...(run.faults.length > 0 ? { faults: run.faults } : {}),
      ...(config.fixturesFile !== undefined ? { fixtures: config.fixturesFile } : {}),
    },
    profile,
    seed: run.seed,
    cases: config.run.cases,
    interrupted: run.interrupted,
    ...(run.interrupted || run.nodeGone !== undefined
      ? {
          stopped: {
            reason: run.nodeGone !== undefined ? 'the node stopped answering' : 'interrupted (Ctrl-C)',
            ran: sorted.length - totals.notRun,
            planned: sorted.length,
          },
        }
      : {}),
    selection: { include: config.run.include, exclude: config.run.exclude, readOnly: config.run.readOnly },
    checks: {
      ran: CHECK_NAMES.filter((name) => enabled.has(name)),
      switchedOff: CHECK_NAMES.filter((name) => !enabled.has(name)),
      perCheck: checkTallies(sorted),
    },
    totals,
    tests: sorted,
    clauses,
    rejections: rejectionCounts(sorted),
    verdict,
    ...(note !== undefined ? { verdictNote: note } : {}),
    ...(run.latency ? { latency: run.latency } : {}),
    ...(transport ? { transport } : {}),
  };
}

/** Per check, on how many tests it ran: by the test's own calls, by the check engine, either. */
function checkTallies(tests: readonly TestResult[]): CheckTally[] {
  return CHECK_NAMES.map((check) => ({
    check,
    tests: tests.filter((test) => test.checks.includes(check)).length,
    byTest: tests.filter((test) => test.checksRan?.byTest.includes(check)).length,
    byEngine: tests.filter((test) => test.checksRan?.byEngine.includes(check)).length,
  })).filter((tally) => tally.tests > 0);
}

/**
 * The selected tests a stopped run never reached (vitest reports only the files it started): listed again, as
 * `run --list` would, and kept as not run with the collector's reason. Empty when listing fails: the report
 * then covers what ran, as before.
 */
async function notRunTests(config: ResolvedConfig, collector: ResultCollector): Promise<TestResult[]> {
  let listed: ListedTest[];
  try {
    listed = await listTests(config);
  } catch {
    return [];
  }
  const seen = new Set(collector.results.map((result) => result.id));
  return listed
    .filter((test) => !seen.has(test.id))
    .map((test) => ({
      id: test.id,
      suite: test.suite,
      name: test.name,
      endpoint: test.endpoint,
      clauses: test.clauses,
      checks: [],
      outcome: 'not-run',
      skipReason: collector.notRunReason(),
      durationMs: 0,
      assertions: [],
    }));
}

export type ListedTest = CatalogTest;

/** The selection a run's configuration (and a replay) makes: which tests its suite files register. */
function selectionOf(config: ResolvedConfig, replay?: ReplayRequest): RunSelection {
  const { include, exclude, profile } = config.run;
  return { include, exclude, profile, ...(replay ? { replayTestId: replay.testId } : {}) };
}

/**
 * Every test of the suite files (harness/runner/test-catalog.ts): kept from an earlier run of the same sources, or
 * collected now (every suite file loaded by one worker, with nothing left out by a selection or the profile) and kept.
 */
export async function testCatalog(config: ResolvedConfig): Promise<Collected> {
  const digest = sourceDigest(repositoryRoot);
  const kept = readCatalog(digest);
  if (kept) return { tests: kept, unloaded: [] };
  const everything: ResolvedConfig = { ...config, run: { ...config.run, profile: 'canton', include: [], exclude: [] } };
  const collected = await collectTests(everything, 1);
  // A catalog missing the tests of a file that did not load is never kept.
  if (collected.unloaded.length === 0) writeCatalog(digest, collected.tests);
  return collected;
}

/** The tests a run would execute with this configuration (after --include/--exclude and profile). */
export async function listTests(config: ResolvedConfig): Promise<ListedTest[]> {
  return testsRegisteredBy((await testCatalog(config)).tests, selectionOf(config));
}

/**
 * The suite files a run must load: those holding a test it registers, and any that did not load when the catalog was
 * collected (the run loads it again, and reports why it does not load). Undefined (every file) for a whole canton run,
 * which registers a test in every file; a selection, a replay or the spec profile loads fewer.
 */
async function suiteFilesFor(config: ResolvedConfig, replay?: ReplayRequest): Promise<string[] | undefined> {
  const selection = selectionOf(config, replay);
  if (selection.include.length === 0 && selection.exclude.length === 0 && !replay && selection.profile === 'canton') return undefined;
  const { tests, unloaded } = await testCatalog(config);
  return [...new Set([...testsRegisteredBy(tests, selection).map((test) => test.file), ...unloaded])].sort();
}

interface Collected {
  tests: CatalogTest[];
  /** Suite files that did not load (a syntax error, a failing import): whatever tests they hold are not listed. */
  unloaded: string[];
}

/** What vitest collects from the suite files under this configuration, with `workers` suite workers. */
async function collectTests(config: ResolvedConfig, workers: number): Promise<Collected> {
  const contextDirectory = mkdtempSync(join(tmpdir(), 'ledger-conformance-'));
  const contextFile = join(contextDirectory, 'context.json');
  writeRunContext(contextFile, {
    config,
    endpoints: { participant: 'http://127.0.0.1:1', scan: 'http://127.0.0.1:1' },
    seed: 0,
    faults: [],
  });
  process.env[runContextEnvVar] = contextFile;
  const vitest = await createSuitesVitest(new ResultCollector({ mode: 'silent' }), workers);
  try {
    const result = await vitest.collect();
    const listed: CatalogTest[] = [];
    const unloaded: string[] = [];
    for (const testModule of result.testModules) {
      if (testModule.errors().length > 0) unloaded.push(relative(repositoryRoot, testModule.moduleId));
      for (const testCase of testModule.children.allTests()) {
        const meta = testCase.meta().conformance;
        if (meta)
          listed.push({
            id: meta.id,
            name: testCase.name,
            suite: meta.suite,
            endpoint: meta.endpoint,
            clauses: meta.clauses,
            file: relative(repositoryRoot, testModule.moduleId),
          });
      }
    }
    return { tests: listed.sort((a, b) => a.id.localeCompare(b.id)), unloaded };
  } finally {
    await vitest.close();
    rmSync(contextDirectory, { recursive: true, force: true });
    delete process.env[runContextEnvVar];
  }
}
