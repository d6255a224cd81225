import { batteryConsoleLines } from '../../reports/battery.js';
import { resolve } from 'node:path';
import { loadConfig } from '../../config/load.js';
import type { ConfigOverrides } from '../../config/value-sources.js';
import { ExitCode } from '../exit-codes.js';
import { CouldNotRunError, UsageError, reportError } from '../report-error.js';
import { toolVersion, type RunFlags } from '../flags.js';
import { parseFaults } from '../fault-names.js';
import { writeReports } from '../../reports/write.js';
import { transportConsole } from '../../reports/transport-section.js';
import type { RunReport } from '../../harness/runner/run-report.js';
import { selectedBy, type SelectableTest } from '../../harness/library/selection.js';
import {
  applyExpectations,
  expectationVerdict,
  expectationVerdictLine,
  readExpectations,
  updatedExpectations,
  writeExpectations,
} from '../../harness/runner/expectations.js';
import { failedClauseNames, failedClauses, failureGroups } from '../../reports/tables.js';
import { replayCommand as replayHint, reproduceScript, stoppedHeadline, verdictTone, type VerdictTone } from '../../reports/format.js';
import { lockReportDirectory, type ReportLock } from '../../reports/lock.js';
import { existsSync, mkdirSync } from 'node:fs';

/** One report folder, one run: a second run into a folder in use is refused (exit 4) with who holds it. */
function takeReportLock(directory: string): ReportLock {
  try {
    mkdirSync(directory, { recursive: true });
  } catch {
    // the runner says why the folder cannot be written
    return { path: '', release: () => {} };
  }
  try {
    const lock = lockReportDirectory(directory);
    if (lock.tookOverStale !== undefined) process.stderr.write(`note: took over ${lock.tookOverStale} in ${directory}\n`);
    return lock;
  } catch (error) {
    if ((error as { code?: string }).code === 'REPORT_DIR_IN_USE') throw error;
    // An unwritable folder: the runner says so, with the config key to change (exit 3).
    return { path: '', release: () => {} };
  }
}

interface CommonOptions {
  config?: string;
  target?: string;
}

/** ANSI colours of the verdict on a terminal: green only for certified; amber for known failures only or a stopped run. */
const TONE_COLOUR: Record<VerdictTone, string> = {
  certified: '32',
  'not-certified': '31',
  'suite-error': '33',
  incomplete: '33',
  'known-failures': '33',
  stopped: '33',
};

function painted(text: string, tone: VerdictTone): string {
  if (!process.stdout.isTTY || process.env.NO_COLOR !== undefined) return text;
  return `\u001b[${TONE_COLOUR[tone]}m${text}\u001b[0m`;
}

function summaryLine(report: RunReport): string {
  const tone = verdictTone(report);
  const named = failedClauses(report).length > 0 ? ` (failed clauses: ${failedClauseNames(report)})` : '';
  const expectations = report.expectations
    ? `; with ${report.expectations.file}: ${painted(expectationVerdictLine(report.expectations), tone)}`
    : '';
  const { totals } = report;
  const extras = [
    totals.errors > 0 ? `${totals.errors} suite errors` : '',
    totals.inconclusive > 0 ? `${totals.inconclusive} inconclusive` : '',
  ].filter((part) => part !== '');
  const notRun = totals.notRun > 0 ? `, ${totals.notRun} not run` : '';
  const deviations = totals.deviations > 0 ? `, ${totals.deviations} deviations from the spec as Canton 3.5 does` : '';
  return (
    `${totals.passed} passed, ${totals.failed} failed, ${[...extras, `${totals.skipped} skipped`].join(', ')}${notRun} ` +
    `(${totals.requests} requests in ${(totals.durationMs / 1000).toFixed(1)} s); ` +
    `verdict: ${painted(report.verdict, tone)}${report.verdictNote ? ` (${report.verdictNote})` : ''}${named}${deviations}` +
    `${report.interrupted ? ' (interrupted: partial reports)' : ''}${expectations}`
  );
}

/**
 * 1 when the target failed (with an expectation file: failed unexpectedly); 7 when only the suite broke;
 * 8 when a certified verdict is required and the verdict is another; 0 otherwise.
 */
export function exitCodeOf(report: RunReport, options: { requireCertified?: boolean } = {}): number {
  if (report.interrupted) return ExitCode.interrupted;
  const failed = report.expectations ? report.expectations.unexpected.length > 0 : report.totals.failed > 0;
  if (failed) return ExitCode.failures;
  if (report.totals.errors > 0) return ExitCode.suiteError;
  if (options.requireCertified && (report.expectations?.verdict ?? report.verdict) !== 'certified') return ExitCode.notCertified;
  return ExitCode.ok;
}

/** Failures grouped under their clause, most first, each printed once (with its replay command). */
function printFailures(report: RunReport, limit = 20): void {
  const groups = failureGroups(report);
  if (groups.length === 0) return;
  process.stdout.write(`failed clauses, most failures first:\n`);
  let printed = 0;
  for (const group of groups) {
    const known = group.knownReason === undefined ? '' : ` (known failure: ${group.knownReason})`;
    process.stdout.write(
      `  ${group.clauseId ?? '(no clause)'}: ${group.tests.length} failure${group.tests.length === 1 ? '' : 's'}${known}\n`,
    );
    for (const test of group.tests) {
      if (printed >= limit) break;
      printed += 1;
      process.stdout.write(`    FAILED ${test.id}: ${cutLine(test.failure?.message)}\n`);
    }
  }
  const total = groups.reduce((sum, group) => sum + group.tests.length, 0);
  if (total > printed) process.stdout.write(`  … ${total - printed} more failures in summary.md and report.html\n`);
  const first = groups.find((group) => group.knownReason === undefined)?.tests[0] ?? groups[0]?.tests[0];
  if (first) process.stdout.write(`replay one: ${replayHint(first.id, report)}\n`);
}

/** Include prefixes that selected nothing: a typo must not pass as an empty, successful run. */
function unmatchedPrefixes(include: string[], tests: readonly SelectableTest[]): string[] {
  return include.filter((prefix) => !tests.some((test) => selectedBy([prefix], test)));
}

export async function runCommand(options: CommonOptions & RunFlags, overrides: ConfigOverrides): Promise<number> {
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (): void => {
    interrupts++;
    if (interrupts > 1) process.exit(ExitCode.interrupted);
    process.stderr.write('\ninterrupted: finishing the running tests and writing partial reports (Ctrl-C again to quit at once)\n');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const config = await loadConfig({ ...(options.config ? { configPath: options.config } : {}), overrides });
    const faults = parseFaults(options.injectFault);
    if (faults.length > 0 && config.target.kind !== 'reference')
      throw new UsageError('--inject-fault works only with the embedded reference target');
    const { runConformance, listTests } = await import('../../harness/runner/runner.js');
    if (options.listChecks) {
      const { checkRegistry } = await import('../../checks/registry.js');
      for (const check of Object.values(checkRegistry)) {
        const applied = check.responseChecks.map((entry) => entry.id);
        process.stdout.write(
          `${check.name}\n    ${check.description}\n    functions: ${Object.keys(check.functions).join(', ')}\n` +
            (applied.length > 0 ? `    applied to every exchange: ${applied.join(', ')}\n` : ''),
        );
      }
      return ExitCode.ok;
    }
    if (options.list) {
      const tests = await listTests(config);
      for (const test of tests) process.stdout.write(`${test.id}\n    endpoint ${test.endpoint}; clauses ${test.clauses.join(', ')}\n`);
      process.stdout.write(`${tests.length} tests\n`);
      return ExitCode.ok;
    }
    // Both files are read before the run: a mistake in them must not cost a whole run.
    const expectations = options.expectations === undefined ? undefined : readExpectations(options.expectations);
    const previousExpectations =
      options.updateExpectations === undefined
        ? undefined
        : options.expectations !== undefined && resolve(options.expectations) === resolve(options.updateExpectations)
          ? expectations
          : readExpectations(options.updateExpectations, { missingIsEmpty: true });
    const lock = takeReportLock(config.run.reportDir);
    let report: RunReport;
    let files: string[];
    let nodeGone: string | undefined;
    try {
      const outcome = await runConformance(config, { faults, signal: controller.signal, toolVersion });
      report = outcome.report;
      nodeGone = outcome.nodeGone;
      if (expectations !== undefined && options.expectations !== undefined) {
        report.expectations = applyExpectations(report, expectations, options.expectations);
      }
      ({ files, report } = await writeReports(report, config.run.reportDir));
    } finally {
      lock.release();
    }
    if (options.updateExpectations !== undefined) {
      if (report.interrupted || report.stopped !== undefined) {
        process.stderr.write(`note: ${options.updateExpectations} left unchanged: a run that stopped early does not say what fails\n`);
      } else {
        writeExpectations(options.updateExpectations, updatedExpectations(report, previousExpectations), report);
        process.stdout.write(`expectations written to ${options.updateExpectations}\n`);
      }
    }
    const battery = batteryConsoleLines(report);
    // A run that could not finish says so first.
    const stopped =
      report.stopped === undefined ? '' : `${painted(stoppedHeadline(report.stopped), 'stopped')} (${report.totals.notRun} not run)\n`;
    process.stdout.write(
      `${stopped}${transportConsole(report)}${battery === '' ? '' : `${battery}\n`}${summaryLine(report)}\nreports: ${files.join(', ')}\n`,
    );
    if (nodeGone !== undefined) {
      process.stderr.write(`error: ${nodeGone}\n`);
      return ExitCode.couldNotRun;
    }
    const unmatched = report.interrupted ? [] : unmatchedPrefixes(config.run.include, report.tests);
    if (unmatched.length > 0) {
      throw new UsageError(
        `--include ${unmatched.map((prefix) => `"${prefix}"`).join(', ')} matched no test of the ${config.run.profile} profile ` +
          '(prefixes match an endpoint, a suite, a test id or a clause id; `run --list` shows them)',
      );
    }
    printFailures(report);
    for (const test of report.tests.filter((entry) => entry.outcome === 'error').slice(0, 20)) {
      process.stdout.write(`  SUITE ERROR ${test.id}\n         ${test.failure?.message.split('\n')[0] ?? ''}\n`);
    }
    const requireCertified = options.require === 'certified' || config.run.require === 'certified';
    const code = exitCodeOf(report, { requireCertified });
    if (code === ExitCode.notCertified) {
      process.stderr.write(
        `error: the verdict is ${report.expectations ? expectationVerdict(report.expectations) : report.verdict}; ${options.require ? '--require certified' : 'run.require: certified'} accepts only certified (exit code ${ExitCode.notCertified})\n`,
      );
    }
    return code;
  } catch (error) {
    return reportError(error);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * `replay`: one test of a report again, with the run's seed and counterexample path, against the target as the run
 * had it (its config file, fixtures file and remote URLs, from report.json; `--config`, `--target`, `--fixtures`
 * override). Its writes carry fresh command and submission ids (a node refuses a repeated one).
 */
export async function replayCommand(testId: string, options: CommonOptions & { report?: string; fixtures?: string }): Promise<number> {
  try {
    const { readReport } = await import('../../reports/write.js');
    const reportPath = resolve(options.report ?? 'out/conformance/report.json');
    const previous = readReport(reportPath);
    const test = previous.tests.find((entry) => entry.id === testId);
    if (!test) {
      const similar = previous.tests
        .filter((entry) => entry.id.includes(testId))
        .slice(0, 5)
        .map((entry) => `  ${entry.id}`);
      throw new UsageError(`no test "${testId}" in ${reportPath}${similar.length ? `; did you mean:\n${similar.join('\n')}` : ''}`);
    }
    // The target as the run had it, unless --target names another: the URLs that failed (remote), the fixtures
    // file and the config file the run read.
    const sameTarget = options.target === undefined;
    const sameRemote = previous.target.kind === 'remote' && sameTarget;
    const runConfigFile = previous.certificate?.configFile;
    let configPath = options.config;
    if (configPath === undefined && runConfigFile !== undefined && runConfigFile !== 'default') {
      if (!existsSync(runConfigFile))
        throw new UsageError(`the run read the config file ${runConfigFile}, which is gone; name one with --config FILE`);
      configPath = runConfigFile;
    }
    const runFixtures = sameTarget ? previous.target.fixtures : undefined;
    const fixtures = options.fixtures ?? runFixtures;
    const config = await loadConfig({
      ...(configPath !== undefined ? { configPath } : {}),
      overrides: {
        target: options.target ?? previous.target.name,
        profile: previous.profile,
        cases: previous.cases,
        reportDir: resolve(reportPath, '..', 'replay'),
        ...(sameRemote
          ? { participant: previous.target.participant, ...(previous.target.scan ? { scan: previous.target.scan } : {}) }
          : {}),
        ...(fixtures !== undefined
          ? {
              fixtures,
              ...(options.fixtures === undefined
                ? { fixturesOrigin: `${reportPath} (target.fixtures: the run's; name another with --fixtures FILE)` }
                : {}),
            }
          : {}),
      },
    });
    const faults = parseFaults(previous.target.faults);
    const { runConformance } = await import('../../harness/runner/runner.js');
    const replay = {
      testId,
      ...(test.failure?.seed !== undefined ? { seed: test.failure.seed } : test.seed !== undefined ? { seed: test.seed } : {}),
      ...(test.failure?.path ? { path: test.failure.path } : {}),
    };
    const where =
      config.target.kind === 'remote'
        ? `${config.target.participant}${config.target.scan ? `, scan ${config.target.scan}` : ''}`
        : 'a fresh embedded reference target';
    process.stdout.write(
      `replaying ${testId} against ${where} (seed ${replay.seed ?? '-'}, path ${replay.path ?? '-'})` +
        `${config.fixturesFile !== undefined ? `, fixtures ${config.fixturesFile}` : ''}` +
        `${configPath !== undefined ? `, config ${configPath}` : ''}\n` +
        'writes carry fresh command and submission ids (a node refuses a repeated one); everything else is drawn as the run drew it\n',
    );
    const lock = takeReportLock(config.run.reportDir);
    let report: RunReport;
    let files: string[];
    try {
      ({ report } = await runConformance(config, { faults, replay, toolVersion }));
      ({ files, report } = await writeReports(report, config.run.reportDir));
    } finally {
      lock.release();
    }
    const result = report.tests.find((entry) => entry.id === testId);
    if (!result) throw new CouldNotRunError(`the test "${testId}" no longer exists in the suites (renamed or removed?)`);
    process.stdout.write(`${result.outcome.toUpperCase()} ${testId}${result.skipReason ? `: not run, ${result.skipReason}` : ''}\n`);
    if (result.failure)
      process.stdout.write(
        `  ${result.failure.clauseId ?? 'suite error'}: ${result.failure.message}\n${result.failure.exchange ? `reproduce:\n${reproduceScript(result.failure.exchange, report)}\n` : ''}`,
      );
    process.stdout.write(`reports: ${files.join(', ')}\n`);
    if (result.outcome === 'skipped' || result.outcome === 'not-run') return ExitCode.couldNotRun;
    if (result.outcome === 'error') return ExitCode.suiteError;
    return result.outcome === 'failed' ? ExitCode.failures : ExitCode.ok;
  } catch (error) {
    return reportError(error);
  }
}

/** The first line of a message, cut to what a terminal line holds. */
function cutLine(message: string | undefined, limit = 200): string {
  const line = (message ?? '').split('\n')[0] ?? '';
  return line.length <= limit ? line : `${line.slice(0, limit)}… (whole message in summary.md)`;
}
