/**
 * A vitest reporter living in the runner's process: turns each finished test into a TestResult and
 * shows progress (a live line on a terminal, a plain line every few seconds in CI).
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { TestResult } from './results.js';
import type { ConformanceMeta } from './conformance-test.js';

export interface Progress {
  mode: 'tty' | 'plain' | 'silent';
}

export class ResultCollector implements Reporter {
  readonly results: TestResult[] = [];
  private lastPlainLine = 0;
  private readonly startedAt = Date.now();
  /** Set when the run is interrupted: tests vitest then cancels are reported as not run, with that reason. */
  interrupted = false;

  constructor(private readonly progress: Progress) {}

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().conformance as ConformanceMeta | undefined;
    const result = testCase.result();
    const outcome = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : 'skipped';
    const suite = meta?.suite ?? testCase.module.moduleId;
    const entry: TestResult = {
      id: meta?.id ?? `${suite}::${testCase.name}`,
      suite,
      name: testCase.name,
      endpoint: meta?.endpoint ?? 'unknown',
      clauses: meta?.clauses ?? [],
      checks: meta?.checks ?? [],
      outcome,
      durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      ...(meta?.seed !== undefined ? { seed: meta.seed } : {}),
      ...(meta?.requests !== undefined ? { requests: meta.requests } : {}),
    };
    if (result.state === 'skipped') {
      entry.skipReason = result.note ?? (this.interrupted ? 'not run: the run was interrupted (Ctrl-C)' : 'skipped');
    }
    if (result.state === 'failed') {
      entry.failure = meta?.failure ?? {
        check: 'test-error',
        clauseId: meta?.clauses[0] ?? 'unknown',
        clauseText: '',
        message: result.errors.map((error) => error.message).join('\n'),
      };
    }
    this.results.push(entry);
    this.showProgress(entry);
  }

  /** A suite file that fails to load (syntax error, unknown clause id) is a failure, never silently lost. */
  onTestModuleEnd(testModule: TestModule): void {
    // A file whose tests were all left out by --include/--exclude/profile has none: not an error.
    const errors = testModule.errors().filter((error) => !/^No test (found|suite found) in/.test(error.message));
    if (errors.length === 0) return;
    const suite = testModule.moduleId.replace(/^.*\/suites\//, 'suites/');
    this.results.push({
      id: `${suite}::(load)`,
      suite,
      name: '(load)',
      endpoint: 'unknown',
      clauses: [],
      checks: [],
      outcome: 'failed',
      durationMs: 0,
      failure: { check: 'test-error', clauseId: 'unknown', clauseText: '', message: errors.map((error) => error.message).join('\n') },
    });
  }

  private showProgress(last: TestResult): void {
    if (this.progress.mode === 'silent') return;
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const result of this.results) counts[result.outcome]++;
    const elapsed = ((Date.now() - this.startedAt) / 1000).toFixed(0);
    const line = `[${elapsed}s] ${this.results.length} tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
    if (this.progress.mode === 'tty') {
      const width = process.stdout.columns ?? 120;
      process.stdout.write(`\r${`${line} | ${last.id}`.slice(0, width - 1).padEnd(width - 1)}`);
      if (last.outcome === 'failed') process.stdout.write(`\n  FAILED ${last.id}: ${last.failure?.message.split('\n')[0] ?? ''}\n`);
    } else {
      if (last.outcome === 'failed') process.stdout.write(`FAILED ${last.id}: ${last.failure?.message.split('\n')[0] ?? ''}\n`);
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
