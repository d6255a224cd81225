/**
 * The suite at a real node's speed and against a real network's damage (issues 16 and 22): the reference
 * target behind loopback proxies (`reference/loopback-proxy.ts`), described to the CLI as a remote target.
 * - every answer held 100–1000 ms: both profiles certified, no suite error (and so no false failure from
 *   the proxy itself). At --cases 5 (below that, two update-by-offset filter clauses may go uncovered), to keep the self-test short; the other settings are the defaults;
 * - a share of the exchanges damaged in each of four ways (reset, body cut in half, 503 HTML page, an answer
 *   held past the request timeout): the run ends, every fault is the node's with its kind, 0 suite errors,
 *   not certified, exit 1;
 * - the node going away mid-run: exit 4 and one clear line, the reports written.
 */
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../harness/runner/run-report.js';
import { startProxiedReference } from './proxied-target.js';
import { runConformance, type CliRun } from './support.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The test ids `run --list` gives for these options. */
async function listTests(args: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['bin/ledger-conformance.mjs', 'run', '--list', ...args], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout.split('\n').filter((line) => line !== '' && !line.startsWith(' ') && !/^\d+ tests$/.test(line));
}

// The three runs wait on the proxy far more than they compute: they run side by side (each with a target of its own).

function suiteErrors(report: RunReport): string[] {
  return report.tests.filter((test) => test.outcome === 'error').map((test) => `${test.id}: ${test.failure?.message.slice(0, 300)}`);
}

function failures(run: CliRun): string[] {
  return run.report.tests
    .filter((test) => test.outcome === 'failed' || test.outcome === 'inconclusive')
    .map((test) => `${test.id}: ${test.failure?.message.slice(0, 300) ?? test.notReached?.[0]?.reason}`);
}

describe.concurrent('a slow node (every answer held 100–1000 ms)', () => {
  it.concurrent(
    'is certified in both profiles with no suite error',
    async ({ onTestFinished }) => {
      const target = await startProxiedReference({ delayMs: { min: 100, max: 1000 }, seed: 16 });
      onTestFinished(() => target.close());
      const [spec, canton] = await Promise.all([
        runConformance(['--config', target.configPath, '--profile', 'spec', '--cases', '5']),
        runConformance(['--config', target.configPath, '--profile', 'canton', '--cases', '5']),
      ]);
      for (const run of [spec, canton]) {
        expect(suiteErrors(run.report)).toEqual([]);
        expect(failures(run)).toEqual([]);
        expect(run.report.verdict).toBe('certified');
        expect(run.code).toBe(0);
        // The latency was measured before the tests and printed.
        expect(run.stdout).toMatch(/node latency: reads \d+ ms median/);
        expect(run.report.latency?.reads.medianMs).toBeGreaterThanOrEqual(100);
        expect(run.report.transport).toBeUndefined();
      }
    },
    600_000,
  );
});

describe.concurrent('a faulty node (a share of the exchanges damaged, rotating four ways)', () => {
  it.concurrent(
    'is failed for its transport faults, each reported with its kind; no suite error; exit 1',
    async ({ onTestFinished }) => {
      const target = await startProxiedReference({ faults: { every: 23, stallMs: 20_000 } });
      onTestFinished(() => target.close());
      // A part of the suites, enough exchanges for each kind several times over.
      const run = await runConformance([
        ...['--config', target.configPath, '--profile', 'spec', '--cases', '2', '--request-timeout', '3000'],
        ...['--include', 'auth,update-by-offset,scan,submit-and-wait'],
      ]);
      const damaged = target.participant.statistics().damaged;
      expect(Object.values(damaged).every((count) => count > 0)).toBe(true);
      expect(suiteErrors(run.report)).toEqual([]);
      expect(run.report.verdict).toBe('not-certified');
      expect(run.code).toBe(1);
      const transport = run.report.transport!;
      // The proxy's four ways, as the client classifies them.
      for (const kind of ['reset', 'truncated', 'error-page', 'timeout']) expect(transport.byKind[kind] ?? 0, kind).toBeGreaterThan(0);
      // Each fault is the node's: its test failed the transport clause naming the fault's kind, or was left
      // inconclusive by a request not answered in time, or absorbed it where Canton may answer so (a reset of an
      // upload over the body limit).
      for (const test of run.report.tests.filter((entry) => (entry.transportFaults ?? []).length > 0)) {
        const faults = test.transportFaults!;
        for (const fault of faults) expect(fault.message, test.id).toMatch(/: (GET|POST|DELETE|PATCH|PUT) http\S+ after \d+\.\d s \(/);
        if (test.outcome === 'failed') {
          expect(test.failure?.clauseId, test.id).toBe('format.json-bodies');
          expect(
            faults.some((fault) => test.failure!.message.includes(`transport fault (${fault.kind})`)),
            test.id,
          ).toBe(true);
        } else if (test.outcome === 'inconclusive') {
          expect(faults.some((fault) => fault.kind === 'timeout')).toBe(true);
        } else {
          expect(test.outcome, test.id).toBe('passed');
          expect(faults.map((fault) => fault.kind)).toEqual(['reset']);
        }
      }
      expect(run.report.clauses.find((entry) => entry.id === 'format.json-bodies')?.status).toBe('failed');
      expect(run.stdout).toMatch(/transport faults of the node: \d+ \(/);
      expect(run.stdout).toMatch(/verdict: not-certified \(decided by the node's transport faults/);
    },
    300_000,
  );
});

describe.concurrent('a node that goes away mid-run', () => {
  it.concurrent(
    'ends the run with exit 4 and one clear line, the reports written',
    async ({ onTestFinished }) => {
      const target = await startProxiedReference({});
      onTestFinished(() => target.close());
      const proxy = target.participant;
      const watcher = setInterval(() => {
        if (proxy.statistics().exchanges >= 60) {
          clearInterval(watcher);
          void proxy.goAway();
        }
      }, 20);
      const selection = [
        ...['--config', target.configPath, '--profile', 'spec', '--cases', '2', '--dead-node-seconds', '2'],
        ...['--include', 'auth,update-by-offset,submit-and-wait,user'],
      ];
      try {
        const [run, listed] = await Promise.all([runConformance(selection), listTests(selection)]);
        expect(run.code).toBe(4);
        expect(run.stderr).toMatch(/^error: the node stopped answering: every connection to http:\/\/127\.0\.0\.1:\d+ was refused/m);
        expect(run.report.transport?.nodeGone).toMatch(/the node stopped answering/);
        expect(suiteErrors(run.report)).toEqual([]);
        // It stopped early, and every report says so first: why, and how many of the selected tests ran.
        const stopped = run.report.stopped!;
        expect(stopped.reason).toBe('the node stopped answering');
        expect(stopped.planned).toBe(listed.length);
        expect(stopped.ran).toBeLessThan(stopped.planned);
        const headline = `STOPPED EARLY: the node stopped answering after ${stopped.ran} of ${stopped.planned} tests`;
        const summary = readFileSync(join(run.reportDir, 'summary.md'), 'utf8');
        expect(summary.split('\n')[2]).toBe(`## ⏹️ ${headline} for the \`spec\` profile`);
        expect(readFileSync(join(run.reportDir, 'report.html'), 'utf8')).toContain(`<p class="verdict">${headline}</p>`);
        const finalBlock = run.stdout.slice(run.stdout.lastIndexOf('STOPPED EARLY'));
        expect(finalBlock.startsWith(`${headline} (${stopped.planned - stopped.ran} not run)`)).toBe(true);
        // Every selected test is listed: those it did not reach as not run, with the reason, never as skipped.
        expect(run.report.tests.map((test) => test.id).sort()).toEqual([...listed].sort());
        const notRun = run.report.tests.filter((test) => test.outcome === 'not-run');
        expect(notRun.length).toBe(stopped.planned - stopped.ran);
        expect(run.report.totals.notRun).toBe(notRun.length);
        expect(new Set(notRun.map((test) => test.skipReason))).toEqual(new Set(['not run: the node stopped answering']));
        expect(run.report.tests.filter((test) => test.skipReason?.startsWith('not run') && test.outcome !== 'not-run')).toEqual([]);
        const junit = readFileSync(join(run.reportDir, 'junit.xml'), 'utf8');
        expect(junit.match(/<testcase /g)?.length).toBe(listed.length);
        expect(junit.match(/<skipped message="not run: the node stopped answering"\/>/g)?.length).toBe(notRun.length);
      } finally {
        clearInterval(watcher);
      }
    },
    300_000,
  );
});
