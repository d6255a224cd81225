/**
 * A vitest reporter living in the runner's process: turns each finished test into a TestResult and
 * shows progress (a live line on a terminal, a plain line every few seconds in CI).
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';
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

  constructor(private readonly progress: Progress) {}

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().conformance as ConformanceMeta | undefined;
    const result = testCase.result();
    const suite = meta?.suite ?? testCase.module.moduleId;
    // The harness knows how a test ended; vitest alone cannot tell a failed check from a broken suite.
    const vitestOutcome: Outcome = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'error' : 'skipped';
    const outcome = meta?.outcome ?? vitestOutcome;
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
    if (outcome === 'skipped') {
      entry.skipReason =
        meta?.skipReason ??
        // A run stopped because the node went away: vitest's own note would blame the user.
        this.stopReason ??
        (result.state === 'skipped' ? result.note : undefined) ??
        (this.interrupted ? 'not run: the run was interrupted (Ctrl-C)' : 'skipped without a reason');
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

  private showProgress(last: TestResult): void {
    if (this.progress.mode === 'silent') return;
    const counts: Record<Outcome, number> = { passed: 0, failed: 0, error: 0, inconclusive: 0, skipped: 0 };
    for (const result of this.results) counts[result.outcome]++;
    const elapsed = ((Date.now() - this.startedAt) / 1000).toFixed(0);
    const extra = `${counts.error > 0 ? `, ${counts.error} errors` : ''}${counts.inconclusive > 0 ? `, ${counts.inconclusive} inconclusive` : ''}`;
    const line = `[${elapsed}s] ${this.results.length} tests: ${counts.passed} passed, ${counts.failed} failed${extra}, ${counts.skipped} skipped`;
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
