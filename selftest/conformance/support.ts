/** Runs `ledger-conformance run` as a child process (a real user's run) and reads its report. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
