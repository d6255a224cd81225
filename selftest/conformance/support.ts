/** Runs `ledger-conformance run` as a child process (a real user's run) and reads its report. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse, stringify } from 'yaml';
import type { RunReport } from '../../harness/runner/run-report.js';

const execute = promisify(execFile);
const root = process.cwd();

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  report: RunReport;
  /** The folder the reports were written to. */
  reportDir: string;
}

/** A copy of the default config with the reference target's features changed (e.g. another scan version). */
export function configWithReferenceFeatures(features: Record<string, unknown>): string {
  const config = parse(readFileSync(join(root, 'config/default.yaml'), 'utf8')) as {
    targets: { reference: { fixtures: string; features: Record<string, unknown> } };
  };
  config.targets.reference.fixtures = join(root, 'config/fixtures/reference.yaml');
  config.targets.reference.features = { ...config.targets.reference.features, ...features };
  const path = join(mkdtempSync(join(tmpdir(), 'conformance-config-')), 'config.yaml');
  writeFileSync(path, stringify(config));
  return path;
}

export async function runConformance(args: string[]): Promise<CliRun> {
  const reportDir = mkdtempSync(join(tmpdir(), 'conformance-report-'));
  let code = 0;
  let stdout: string;
  let stderr: string;
  try {
    ({ stdout, stderr } = await execute(
      process.execPath,
      [join(root, 'bin/ledger-conformance.mjs'), 'run', '--report-dir', reportDir, '--seed', '4242', ...args],
      {
        cwd: root,
        env: { ...process.env, CI: 'true' },
        timeout: 280_000,
        maxBuffer: 64 * 1024 * 1024,
      },
    ));
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    ({ code, stdout, stderr } = failed);
  }
  let report: RunReport;
  try {
    report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as RunReport;
  } catch {
    throw new Error(`the run wrote no report (exit ${code}):\n${stdout}\n${stderr}`);
  }
  return { code, stdout, stderr, report, reportDir };
}

/**
 * `runConformance(args)`, run once per `npm test` for all the files that ask for the same `args` (their reports are only
 * read, never changed): the first caller runs it, the others wait for its result in the shared folder
 * (selftest/support/shared-runs.ts). Outside the full `npm test` (a file run alone) each caller runs its own.
 */
export async function sharedConformanceRun(args: string[]): Promise<CliRun> {
  const directory = inject('sharedRuns');
  if (directory === undefined) return runConformance(args);
  const key = createHash('sha256').update(JSON.stringify(args)).digest('hex').slice(0, 16);
  const claim = join(directory, `${key}.claim`);
  const done = join(directory, `${key}.json`);
  try {
    writeFileSync(claim, String(process.pid), { flag: 'wx' });
  } catch {
    // Another file runs it: wait for its result (a run takes well under the tests' timeout).
    while (!existsSync(done)) await sleep(250);
    const shared = JSON.parse(readFileSync(done, 'utf8')) as Omit<CliRun, 'report'> | { error: string };
    if ('error' in shared) throw new Error(`the shared run of ${args.join(' ')} failed in another file: ${shared.error}`);
    return { ...shared, report: JSON.parse(readFileSync(join(shared.reportDir, 'report.json'), 'utf8')) as RunReport };
  }
  try {
    const run = await runConformance(args);
    writeFileSync(done, JSON.stringify({ code: run.code, stdout: run.stdout, stderr: run.stderr, reportDir: run.reportDir }));
    return run;
  } catch (error) {
    writeFileSync(done, JSON.stringify({ error: (error as Error).message }));
    throw error;
  }
}
