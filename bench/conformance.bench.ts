/**
 * `npm run bench:conformance`: wall time and requests per second of a full conformance run against the
 * reference target at the default number of cases, in both profiles (target: ≤ 60 s on 2 cores).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RunReport } from '../harness/results.js';

const execute = promisify(execFile);
const targetSeconds = 60;

async function measure(profile: 'spec' | 'canton'): Promise<{ profile: string; wallSeconds: number; report: RunReport }> {
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-conformance-'));
  const started = performance.now();
  try {
    await execute(process.execPath, ['bin/ledger-conformance.mjs', 'run', '--profile', profile, '--report-dir', reportDir], {
      env: { ...process.env, CI: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (code !== 1) throw error;
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as RunReport;
  return { profile, wallSeconds, report };
}

const rows = [];
for (const profile of ['spec', 'canton'] as const) rows.push(await measure(profile));
process.stdout.write('\nFull conformance run against the embedded reference target (default cases per property)\n\n');
process.stdout.write(
  '| profile | wall time (s) | tests | passed | failed | skipped | requests | requests/s | target ≤ 60 s |\n|---|---:|---:|---:|---:|---:|---:|---:|---|\n',
);
for (const { profile, wallSeconds, report } of rows) {
  const { totals } = report;
  const tests = totals.passed + totals.failed + totals.skipped;
  process.stdout.write(
    `| ${profile} | ${wallSeconds.toFixed(1)} | ${tests} | ${totals.passed} | ${totals.failed} | ${totals.skipped} | ${totals.requests} | ` +
      `${(totals.requests / wallSeconds).toFixed(0)} | ${wallSeconds <= targetSeconds ? 'PASS' : 'MISS'} |\n`,
  );
}
process.stdout.write(
  `\ncases per property: ${rows[0]!.report.cases}; wall time includes CLI start, reference start-up and report writing\n`,
);
