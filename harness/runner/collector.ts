/**
 * A vitest reporter living in the runner's process: turns each finished test into a TestResult and
 * shows progress (a live line on a terminal, a plain line every few seconds in CI).
 */
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import type { Outcome, TestResult, TransportFaultRecord } from '../library/results.js';
import type { ConformanceMeta } from '../library/conformance-test.js';
import { messageOf } from '../library/error-message.js';

export interface Progress {
  mode: 'tty' | 'plain' | 'silent';
}

export class ResultCollector implements Reporter {
  readonly results: TestResult[] = [];
  private lastPlainLine = 0;
  private readonly startedAt = Date.now();
  /** Set when the run is interrupted: tests vitest then cancels are reported as not run, with that reason. */
  interrupted = false;
  /** Why the tests cancelled after an interruption were not run (default: Ctrl-C). */
  stopReason?: string;
  /** Suite files of the run, and those whose tests vitest has collected (with how many tests): the progress total. */
  private files = 0;
  private readonly collected = new Map<string, number>();
  private firstResultAt: number | undefined;

  constructor(private readonly progress: Progress) {}

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.files = specifications.length;
  }

  onTestModuleCollected(testModule: TestModule): void {
    this.collected.set(testModule.moduleId, [...testModule.children.allTests()].length);
  }

  /**
   * The tests of the run: exact once vitest has collected every suite file, else an estimate from the files
   * collected so far (files are collected as a worker reaches them).
   */
  expectedTotal(): { total: number; exact: boolean } {
    const known = [...this.collected.values()].reduce((sum, count) => sum + count, 0);
    const exact = this.files > 0 && this.collected.size >= this.files;
    if (exact) return { total: Math.max(known, this.results.length), exact };
    // Too few files collected to tell (a file holds from 1 to 30 tests): no total yet.
    if (this.collected.size * 4 < this.files) return { total: 0, exact: false };
    const estimate = Math.round((known / this.collected.size) * this.files);
    return { total: Math.max(estimate, known, this.results.length), exact: false };
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().conformance as ConformanceMeta | undefined;
    const result = testCase.result();
    const suite = meta?.suite ?? testCase.module.moduleId;
    // The harness knows how a test ended; vitest alone cannot tell a failed check from a broken suite.
    const vitestOutcome: Outcome = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'error' : 'skipped';
    // A test vitest cancelled because the run stopped (no outcome of the harness's own) did not run: "not run",
    // never "skipped", with why the run stopped.
    const stopped = this.interrupted || this.stopReason !== undefined;
    const outcome: Outcome = meta?.outcome ?? (stopped && vitestOutcome === 'skipped' ? 'not-run' : vitestOutcome);
    const entry: TestResult = {
      id: meta?.id ?? `${suite}::${testCase.name}`,
      suite,
      name: testCase.name,
      endpoint: meta?.endpoint ?? 'participant',
      clauses: meta?.clauses ?? [],
      checks: meta?.checks ?? [],
      ...(meta?.checksRan ? { checksRan: meta.checksRan } : {}),
      outcome,
      durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      assertions: meta?.assertions ?? [],
      ...(meta?.notReached ? { notReached: meta.notReached } : {}),
      ...(meta?.waived ? { waived: meta.waived } : {}),
      ...(meta?.seed !== undefined ? { seed: meta.seed } : {}),
      ...(meta?.requests !== undefined ? { requests: meta.requests } : {}),
      ...(meta?.transportFaults ? { transportFaults: meta.transportFaults } : {}),
    };
    if (outcome === 'not-run') entry.skipReason = this.notRunReason();
    if (outcome === 'skipped') {
      entry.skipReason = meta?.skipReason ?? (result.state === 'skipped' ? result.note : undefined) ?? 'skipped without a reason';
    }
    if (outcome === 'failed' || outcome === 'error') {
      entry.failure = meta?.failure ?? {
        check: 'suite-error',
        message:
          result.state === 'failed'
            ? result.errors.map((error) => messageOf(error)).join('\n') || 'the test failed without an error'
            : 'the test ended without a result',
      };
    }
    // vitest may report a test of a cancelled run twice (when it ends, and again as the run is cancelled): one
    // entry, the one that ran if either did.
    const earlier = this.results.findIndex((result) => result.id === entry.id);
    if (earlier >= 0) {
      if (this.results[earlier]!.outcome === 'not-run') this.results[earlier] = entry;
      return;
    }
    this.results.push(entry);
    this.showProgress(entry);
    if (entry.transportFaults) this.onTransportFaults?.(entry.transportFaults);
  }

  /** Called with the transport faults of each test as it ends (the runner watches for a node that went away). */
  onTransportFaults?: (faults: readonly TransportFaultRecord[]) => void;

  /** A suite file that fails to load (syntax error, unknown clause id) is a suite error, never silently lost. */
  onTestModuleEnd(testModule: TestModule): void {
    // A file whose tests were all left out by --include/--exclude/profile has none: not an error.
    const errors = testModule.errors().filter((error) => !/^No test (found|suite found) in/.test(error.message));
    if (errors.length === 0) return;
    const suite = testModule.moduleId.replace(/^.*\/suites\//, 'suites/');
    this.results.push({
      id: `${suite}::(load)`,
      suite,
      name: '(load)',
      endpoint: 'participant',
      clauses: [],
      checks: [],
      outcome: 'error',
      durationMs: 0,
      assertions: [],
      failure: { check: 'suite-error', message: `the suite file did not load: ${errors.map((error) => messageOf(error)).join('\n')}` },
    });
  }

  /** Why a test the run did not reach was not run (a run stopped because the node went away, or Ctrl-C). */
  notRunReason(): string {
    return this.stopReason ?? 'not run: the run was interrupted (Ctrl-C)';
  }

  /** The progress line: done of total (exact, or "~" while suite files are still being collected), outcomes, ETA. */
  progressLine(now = Date.now()): string {
    const counts: Record<Outcome, number> = { passed: 0, failed: 0, error: 0, inconclusive: 0, skipped: 0, 'not-run': 0 };
    for (const result of this.results) counts[result.outcome]++;
    const elapsed = ((now - this.startedAt) / 1000).toFixed(0);
    const extra = `${counts.error > 0 ? `, ${counts.error} errors` : ''}${counts.inconclusive > 0 ? `, ${counts.inconclusive} inconclusive` : ''}`;
    const done = this.results.length;
    const { total, exact } = this.expectedTotal();
    const of = total > 0 ? ` of ${exact ? '' : '~'}${total}` : '';
    const notRun = counts['not-run'] > 0 ? `, ${counts['not-run']} not run` : '';
    return `[${elapsed}s] ${done}${of} tests: ${counts.passed} passed, ${counts.failed} failed${extra}, ${counts.skipped} skipped${notRun}${this.eta(done, total, exact, now)}`;
  }

  /** "ETA 12s" from the pace since the first result ("~" while the total is an estimate); empty until it can tell. */
  private eta(done: number, total: number, exact: boolean, now: number): string {
    if (this.firstResultAt === undefined || done < 2 || total <= done) return '';
    const pace = (now - this.firstResultAt) / (done - 1);
    const seconds = Math.max(1, Math.round((pace * (total - done)) / 1000));
    return `; ETA ${exact ? '' : '~'}${seconds < 90 ? `${seconds}s` : `${Math.round(seconds / 60)} min`}`;
  }

  private showProgress(last: TestResult): void {
    this.firstResultAt ??= Date.now();
    if (this.progress.mode === 'silent') return;
    const line = this.progressLine();
    if (this.progress.mode === 'tty') {
      const width = process.stdout.columns ?? 120;
      process.stdout.write(`\r${`${line} | ${last.id}`.slice(0, width - 1).padEnd(width - 1)}`);
    } else {
      // Failures are printed once, grouped by clause, when the run ends (cli/commands/run.ts).
      if (Date.now() - this.lastPlainLine > 5000) {
        this.lastPlainLine = Date.now();
        process.stdout.write(`${line}\n`);
      }
    }
  }

  finishProgress(): void {
    if (this.progress.mode === 'tty') process.stdout.write('\n');
  }
}
