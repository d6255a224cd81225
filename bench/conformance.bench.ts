/**
 * `npm run bench:conformance`: wall time of full conformance runs against the reference target at the default
 * number of cases:
 * - both profiles with no delay (target: ≤ 60 s on 2 cores);
 * - the canton profile through a loopback proxy that holds every answer 500 ms (`reference/loopback-proxy.ts`),
 *   as a real participant would, beside the bound its dependent chains allow (target: certified in ≤ 120 s);
 * - both profiles through a proxy that holds every answer a random 100–1000 ms (target: certified in ≤ 120 s).
 * The machine's load average is printed with the figures: on a shared machine they vary with it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RunReport } from '../harness/runner/run-report.js';
import { startProxiedReference } from '../selftest/conformance/proxied-target.js';

const execute = promisify(execFile);
const targetSeconds = 60;
const delayedTargetSeconds = 120;
const delayMs = 500;

interface Measured {
  label: string;
  wallSeconds: number;
  report: RunReport;
}

async function measure(label: string, args: string[]): Promise<Measured> {
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-conformance-'));
  const started = performance.now();
  try {
    await execute(process.execPath, ['bin/ledger-conformance.mjs', 'run', '--report-dir', reportDir, ...args], {
      env: { ...process.env, CI: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (code !== 1) throw error;
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as RunReport;
  return { label, wallSeconds, report };
}

/**
 * An estimate of the time the run's dependent chains allow at `delay` per answer: a suite file's tests run one
 * after another, and a test's requests go out at most `inFlight` at a time; the files share `workers` workers.
 * Counted from the requests each test sent: the longer of the longest file's chain and all chains spread over
 * the workers. Only an estimate: requests that depend on each other inside a case lengthen a chain, tests
 * marked concurrent (the auth probes) shorten their file's.
 */
function chainBoundSeconds(report: RunReport, delay: number): number {
  const inFlight = report.latency?.inFlightPerWorker ?? 1;
  const workers = report.latency?.workers ?? 1;
  const byFile = new Map<string, number>();
  for (const test of report.tests) {
    const file = test.suite.split(' / ')[0]!;
    const rounds = Math.ceil((test.requests ?? 0) / inFlight);
    byFile.set(file, (byFile.get(file) ?? 0) + rounds);
  }
  const rounds = [...byFile.values()];
  const longest = Math.max(0, ...rounds);
  const spread = rounds.reduce((sum, value) => sum + value, 0) / workers;
  return (Math.max(longest, spread) * delay) / 1000;
}

const loadBefore = loadavg()[0]!;
const rows: Measured[] = [];
for (const profile of ['spec', 'canton'] as const) rows.push(await measure(`${profile}, no delay`, ['--profile', profile]));
const proxied = await startProxiedReference({ delayMs: { min: delayMs, max: delayMs } });
try {
  rows.push(await measure(`canton, ${delayMs} ms per answer`, ['--config', proxied.configPath, '--profile', 'canton']));
} finally {
  await proxied.close();
}
const fixedRow = rows[rows.length - 1]!;
for (const profile of ['spec', 'canton'] as const) {
  const random = await startProxiedReference({ delayMs: { min: 100, max: 1000 }, seed: 16 });
  try {
    rows.push(await measure(`${profile}, 100–1000 ms per answer`, ['--config', random.configPath, '--profile', profile]));
  } finally {
    await random.close();
  }
}
const loadAfter = loadavg()[0]!;

process.stdout.write('\nFull conformance runs against the embedded reference target (default cases per property)\n\n');
process.stdout.write(
  '| run | wall time (s) | verdict | tests | passed | failed | skipped | suite errors | requests | requests/s | target |\n' +
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|\n',
);
for (const { label, wallSeconds, report } of rows) {
  const { totals } = report;
  const tests = totals.passed + totals.failed + totals.skipped + totals.errors + totals.inconclusive;
  const delayed = label.includes('per answer');
  const limit = delayed ? delayedTargetSeconds : targetSeconds;
  const met = wallSeconds <= limit && (!delayed || report.verdict === 'certified');
  process.stdout.write(
    `| ${label} | ${wallSeconds.toFixed(1)} | ${report.verdict} | ${tests} | ${totals.passed} | ${totals.failed} | ${totals.skipped} | ${totals.errors} | ` +
      `${totals.requests} | ${(totals.requests / wallSeconds).toFixed(0)} | ${met ? 'PASS' : 'MISS'} (≤ ${limit} s${delayed ? ', certified' : ''}) |\n`,
  );
}
const delayedRow = fixedRow;
const bound = chainBoundSeconds(delayedRow.report, delayMs);
process.stdout.write(
  `\ncanton at ${delayMs} ms per answer: ${delayedRow.wallSeconds.toFixed(1)} s; at no delay ${rows[1]!.wallSeconds.toFixed(1)} s; ` +
    `the bound its dependent chains allow (estimate): ${bound.toFixed(1)} s ` +
    `(${delayedRow.report.latency?.inFlightPerWorker ?? '?'} requests in flight in each of ${delayedRow.report.latency?.workers ?? '?'} suite workers; ` +
    `a file's tests in order, a test's requests in rounds of that many)\n`,
);
process.stdout.write(
  `cases per property: ${rows[0]!.report.cases}; wall time includes CLI start, reference start-up, the latency measurement and report writing; ` +
    `load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${(await import('node:os')).cpus().length} cores\n`,
);
