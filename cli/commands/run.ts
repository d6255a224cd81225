import { batteryConsoleLines } from '../../reports/battery.js';
import { resolve } from 'node:path';
import { loadConfig, type ConfigOverrides } from '../../config/load.js';
import { ExitCode } from '../exit-codes.js';
import { CouldNotRunError, UsageError, reportError } from '../errors.js';
import { toolVersion, type RunFlags } from '../flags.js';
import { parseFaults } from './reference.js';
import { writeReports } from '../../reports/write.js';
import type { RunReport } from '../../harness/results.js';

interface CommonOptions {
  config?: string;
  target?: string;
}

function summaryLine(report: RunReport): string {
  const { totals } = report;
  const extras = [
    totals.errors > 0 ? `${totals.errors} suite errors` : '',
    totals.inconclusive > 0 ? `${totals.inconclusive} inconclusive` : '',
  ].filter((part) => part !== '');
  const deviations = totals.deviations > 0 ? `, ${totals.deviations} deviations from the spec as Canton 3.5 does` : '';
  return (
    `${totals.passed} passed, ${totals.failed} failed, ${[...extras, `${totals.skipped} skipped`].join(', ')} ` +
    `(${totals.requests} requests in ${(totals.durationMs / 1000).toFixed(1)} s); ` +
    `verdict: ${report.verdict}${deviations}${report.interrupted ? ' (interrupted: partial reports)' : ''}`
  );
}

/** 1 when the target failed; 7 when only the suite broke; 0 otherwise (incomplete runs are not failures). */
export function exitCodeOf(report: RunReport): number {
  if (report.interrupted) return ExitCode.interrupted;
  if (report.totals.failed > 0) return ExitCode.failures;
  if (report.totals.errors > 0) return ExitCode.suiteError;
  return ExitCode.ok;
}

/** Include prefixes that selected nothing: a typo must not pass as an empty, successful run. */
function unmatchedPrefixes(include: string[], tests: { id: string; suite: string; endpoint: string; clauses: string[] }[]): string[] {
  return include.filter(
    (prefix) => !tests.some((test) => [test.endpoint, test.suite, test.id, ...test.clauses].some((key) => key.startsWith(prefix))),
  );
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
    const { runConformance, listTests } = await import('../../harness/runner.js');
    if (options.listChecks) {
      const { checkRegistry } = await import('../../checks/registry.js');
      for (const check of Object.values(checkRegistry)) {
        process.stdout.write(`${check.name}\n    ${check.description}\n    functions: ${Object.keys(check.functions).join(', ')}\n`);
      }
      return ExitCode.ok;
    }
    if (options.list) {
      const tests = await listTests(config);
      for (const test of tests) process.stdout.write(`${test.id}\n    endpoint ${test.endpoint}; clauses ${test.clauses.join(', ')}\n`);
      process.stdout.write(`${tests.length} tests\n`);
      return ExitCode.ok;
    }
    const { report } = await runConformance(config, { faults, signal: controller.signal, toolVersion });
    const { files } = await writeReports(report, config.run.reportDir);
    const battery = batteryConsoleLines(report);
    process.stdout.write(`${battery === '' ? '' : `${battery}\n`}${summaryLine(report)}\nreports: ${files.join(', ')}\n`);
    const unmatched = report.interrupted ? [] : unmatchedPrefixes(config.run.include, report.tests);
    if (unmatched.length > 0) {
      throw new UsageError(
        `--include ${unmatched.map((prefix) => `"${prefix}"`).join(', ')} matched no test of the ${config.run.profile} profile ` +
          '(prefixes match an endpoint, a suite, a test id or a clause id; `run --list` shows them)',
      );
    }
    for (const test of report.tests.filter((entry) => entry.outcome === 'failed').slice(0, 20)) {
      process.stdout.write(
        `  FAILED ${test.id}\n         ${test.failure?.clauseId ?? ''}: ${test.failure?.message.split('\n')[0] ?? ''}\n`,
      );
    }
    for (const test of report.tests.filter((entry) => entry.outcome === 'error').slice(0, 20)) {
      process.stdout.write(`  SUITE ERROR ${test.id}\n         ${test.failure?.message.split('\n')[0] ?? ''}\n`);
    }
    return exitCodeOf(report);
  } catch (error) {
    if ((error as { code?: string }).code === 'TARGET_UNREACHABLE') return reportError(new CouldNotRunError((error as Error).message));
    return reportError(error);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export async function replayCommand(testId: string, options: CommonOptions & { report?: string }): Promise<number> {
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
    // A remote target is replayed against the URLs that failed, unless --target names another.
    const sameRemote = previous.target.kind === 'remote' && options.target === undefined;
    const config = await loadConfig({
      ...(options.config ? { configPath: options.config } : {}),
      overrides: {
        target: options.target ?? previous.target.name,
        profile: previous.profile,
        cases: previous.cases,
        reportDir: resolve(reportPath, '..', 'replay'),
        ...(sameRemote
          ? { participant: previous.target.participant, ...(previous.target.scan ? { scan: previous.target.scan } : {}) }
          : {}),
      },
    });
    const faults = parseFaults(previous.target.faults);
    const { runConformance } = await import('../../harness/runner.js');
    const replay = {
      testId,
      ...(test.failure?.seed !== undefined ? { seed: test.failure.seed } : test.seed !== undefined ? { seed: test.seed } : {}),
      ...(test.failure?.path ? { path: test.failure.path } : {}),
    };
    const where =
      config.target.kind === 'remote'
        ? `${config.target.participant}${config.target.scan ? `, scan ${config.target.scan}` : ''}`
        : 'a fresh embedded reference target';
    process.stdout.write(`replaying ${testId} against ${where} (seed ${replay.seed ?? '-'}, path ${replay.path ?? '-'})\n`);
    const { report } = await runConformance(config, { faults, replay, toolVersion });
    const { files } = await writeReports(report, config.run.reportDir);
    const result = report.tests.find((entry) => entry.id === testId);
    if (!result) throw new CouldNotRunError(`the test "${testId}" no longer exists in the suites (renamed or removed?)`);
    process.stdout.write(`${result.outcome.toUpperCase()} ${testId}${result.skipReason ? `: not run, ${result.skipReason}` : ''}\n`);
    if (result.failure)
      process.stdout.write(
        `  ${result.failure.clauseId ?? 'suite error'}: ${result.failure.message}\n${result.failure.exchange ? `  reproduce: ${result.failure.exchange.curl}\n` : ''}`,
      );
    process.stdout.write(`reports: ${files.join(', ')}\n`);
    if (result.outcome === 'skipped') return ExitCode.couldNotRun;
    if (result.outcome === 'error') return ExitCode.suiteError;
    return result.outcome === 'failed' ? ExitCode.failures : ExitCode.ok;
  } catch (error) {
    return reportError(error);
  }
}
