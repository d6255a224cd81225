/**
 * Runs many fault runs one after another in ONE process (`node --import tsx fault-batch.ts <jobs.json> [listed.json]`), each
 * exactly as `ledger-conformance run --inject-fault` would (same config loading, runner and exit-code rule), and
 * prints one JSON line per run. The sharpness self-test uses it: a CLI process per fault paid the tool's start
 * (module graph, loader, every suite file) about 90 times over; here it is paid once per batch, and each run
 * loads only the suite files its --include selects.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config/load.js';
import { exitCodeOf } from '../../cli/commands/run.js';
import { selectedBy } from '../../harness/library/selection.js';
import { listTests, runConformance, type ListedTest } from '../../harness/runner/runner.js';
import type { FaultName } from '../../reference/index.js';
import type { ProfileName } from '../../config/types.js';

export interface FaultJob {
  key: string;
  fault: FaultName;
  profile: ProfileName;
  include: string[];
  /** A config file (e.g. other reference features); the committed default when absent. */
  config?: string;
}

export interface FaultJobResult {
  key: string;
  code: number;
  failedClauses: string[];
  /** The ids of the tests that failed or broke (scripts/narrow-fault-runs.ts keeps them as the fault's selection). */
  failedTests: string[];
  summary: string;
  error?: string;
}

async function main(): Promise<void> {
  const jobs = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as FaultJob[];
  // Where each test lives, listed once (or handed over by the parent, which listed them already): a run then loads only
  // the files of the tests its --include selects.
  const listed: ListedTest[] = process.argv[3]
    ? (JSON.parse(readFileSync(process.argv[3], 'utf8')) as ListedTest[])
    : await listTests(await loadConfig({ dotenvPath: false, overrides: { profile: 'canton' } }));
  for (const job of jobs) {
    let result: FaultJobResult;
    try {
      const config = await loadConfig({
        ...(job.config ? { configPath: job.config } : {}),
        dotenvPath: false,
        overrides: {
          profile: job.profile,
          cases: 20,
          concurrency: 1,
          seed: 4242,
          include: job.include,
          reportDir: mkdtempSync(join(tmpdir(), 'conformance-report-')),
        },
      });
      const files = [...new Set(listed.filter((test) => selectedBy(job.include, test)).map((test) => test.file))];
      const { report } = await runConformance(config, {
        faults: [job.fault],
        progress: 'silent',
        toolVersion: 'selftest',
        ...(files.length > 0 ? { files } : {}),
      });
      result = {
        key: job.key,
        code: exitCodeOf(report),
        failedClauses: report.clauses.filter((entry) => entry.status === 'failed').map((entry) => entry.id),
        failedTests: report.tests.filter((test) => test.outcome === 'failed' || test.outcome === 'error').map((test) => test.id),
        summary: `${report.totals.passed} passed, ${report.totals.failed} failed, ${report.totals.errors} errors, ${report.totals.skipped} skipped`,
      };
    } catch (error) {
      result = { key: job.key, code: -1, failedClauses: [], failedTests: [], summary: '', error: (error as Error).stack ?? String(error) };
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}

await main();
// vitest sets a failing exit code after a run with failures; every run here is meant to fail, and its result is printed.
process.exitCode = 0;
