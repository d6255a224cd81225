/**
 * Ctrl-C (the run's AbortSignal) stops a load run in every phase, the unmeasured ones included: the
 * seeding of update-by-offset (up to 100,000 submits), a stalled seeding submit, the warm-up. A run
 * aborted before measuring writes a result that says so, and neither the gate, a baseline nor a merge
 * treats its zero counts as figures.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from '../../config/types.js';
import { readBaselineResult } from '../../load/baseline.js';
import { mergeResults } from '../../load/merge.js';
import { writeLoadResult, type LoadResult } from '../../load/result.js';
import { buildResult, runLoad } from '../../load/run.js';
import { startSink } from './sink.js';
import { referenceConfig, sinkConfig, testRecorder } from './support.js';

const largeSeeding = { 'update-by-offset': { seedCommands: 100_000 } };

let dir: string;
let reference: ResolvedConfig;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'load-abort-'));
  const base = await referenceConfig(dir);
  reference = { ...base, load: { ...base.load, scenarios: { ...base.load.scenarios, ...largeSeeding } } };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Aborts after `afterMs` and resolves how long the run took to end after the abort. */
function abortAfter(afterMs: number): { signal: AbortSignal; msSinceAbort(): number } {
  const controller = new AbortController();
  let abortedAt = Number.NaN;
  setTimeout(() => {
    abortedAt = performance.now();
    controller.abort();
  }, afterMs);
  return { signal: controller.signal, msSinceAbort: () => performance.now() - abortedAt };
}

/** Collects the progress output and calls `onPreparing` when the run says its setup began. */
function progressCollector(onPreparing: () => void): { write(text: string): void; text(): string } {
  let text = '';
  return {
    write(chunk) {
      text += chunk;
      if (chunk.includes('preparing against')) onPreparing();
    },
    text: () => text,
  };
}

describe('Ctrl-C before the measured phase', () => {
  it('during update-by-offset seeding of 100,000 commands: ends within 2 s with a result saying it was aborted in setup', async () => {
    const controller = new AbortController();
    let abortedAt = Number.NaN;
    // The reference target takes a while to start: the abort comes 300 ms into the seeding itself.
    const progress = progressCollector(() =>
      setTimeout(() => {
        abortedAt = performance.now();
        controller.abort();
      }, 300),
    );
    const resultFile = join(dir, 'seeding.json');
    const outcome = await runLoad({
      config: reference,
      scenario: 'update-by-offset',
      model: 'closed',
      durationSeconds: 5,
      warmupSeconds: 0,
      thresholds: ['p99 < 250ms', 'errors < 1%'],
      progress,
      signal: controller.signal,
      resultFile,
    });
    expect(progress.text()).toContain('load update-by-offset: preparing against');
    expect(performance.now() - abortedAt).toBeLessThan(2000);
    const { meta, requests } = outcome.result;
    expect(meta).toMatchObject({ aborted: true, abortedDuring: 'setup', measuredSeconds: 0 });
    expect(requests.sent).toBe(0);
    expect(outcome.summary).toContain('ABORTED during setup, before the measured phase: nothing was measured');
    expect(outcome.summary).toContain('thresholds and baseline not evaluated');
    // Zero counts would "pass" p99 < 250ms and errors < 1%: the gate must not judge them.
    expect(outcome.gate).toEqual({ passed: false, verdicts: [] });
    expect(outcome.passed).toBe(false);
    const written = JSON.parse(await readFile(resultFile, 'utf8')) as LoadResult;
    expect(written.meta).toMatchObject({ aborted: true, abortedDuring: 'setup', scenario: 'update-by-offset' });
  });

  it('during seeding against a target that stopped answering: in-flight submits are cut, no submit follows', async () => {
    const sink = await startSink();
    try {
      const base = await sinkConfig(sink.url, dir);
      const config = { ...base, load: { ...base.load, scenarios: largeSeeding } };
      const controller = new AbortController();
      const run = runLoad({
        config,
        scenario: 'update-by-offset',
        model: 'closed',
        durationSeconds: 5,
        warmupSeconds: 0,
        progress: false,
        signal: controller.signal,
        resultFile: join(dir, 'stalled.json'),
      });
      // Seeding is under way once submits arrive; then every answer is held for longer than the test allows.
      const deadline = Date.now() + 10_000;
      while (sink.commandIds().length < 50 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(sink.commandIds().length).toBeGreaterThanOrEqual(50);
      sink.freeze(0, 4000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const abortedAt = performance.now();
      controller.abort();
      const outcome = await run;
      expect(performance.now() - abortedAt).toBeLessThan(2000);
      expect(outcome.result.meta.abortedDuring).toBe('setup');
      const receivedAtEnd = sink.received();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sink.received()).toBe(receivedAtEnd);
      expect(receivedAtEnd).toBeLessThan(100_000);
    } finally {
      await sink.close();
    }
  });

  for (const model of ['closed', 'open'] as const) {
    it(`during the ${model} model's warm-up: a result saying nothing was measured`, async () => {
      const abort = abortAfter(300);
      const rate = model === 'open' ? { rate: 50 } : {};
      const outcome = await runLoad({
        config: reference,
        scenario: 'readyz',
        model,
        durationSeconds: 5,
        warmupSeconds: 10,
        ...rate,
        progress: false,
        signal: abort.signal,
        resultFile: join(dir, `warm-up-${model}.json`),
      });
      expect(abort.msSinceAbort()).toBeLessThan(2000);
      expect(outcome.result.meta).toMatchObject({ aborted: true, abortedDuring: 'warm-up' });
      expect(outcome.result.requests.sent).toBe(0);
      expect(outcome.summary).toContain('ABORTED during warm-up');
    });
  }
});

describe('a result aborted before measuring, read back', () => {
  const settings = { durationSeconds: 2, maxRequests: 1000, warmupSeconds: 0, timeoutSeconds: 1, scenarioOptions: {} };
  const measured = (): LoadResult => {
    const recorder = testRecorder();
    for (let index = 0; index < 100; index += 1) recorder.recordResponse({ statuses: [200] }, 200, '', 1000 + index);
    return buildResult({
      scenario: 'readyz',
      model: 'closed',
      targetName: 't',
      targetUrl: 'http://127.0.0.1:1',
      shard: { index: 0, count: 2 },
      settings,
      recorder,
      times: { startedAt: 1_000_000, endedAt: 1_002_000, aborted: false },
    });
  };
  const abortedInSetup = (): LoadResult =>
    buildResult({
      scenario: 'readyz',
      model: 'closed',
      targetName: 't',
      targetUrl: 'http://127.0.0.1:1',
      shard: { index: 1, count: 2 },
      settings,
      recorder: testRecorder(),
      times: { startedAt: 5_000_000, endedAt: 5_000_000, aborted: true, abortedDuring: 'setup' },
    });

  it('is refused as a baseline, naming the file and why', async () => {
    const file = join(dir, 'baseline-setup.json');
    await writeLoadResult(file, abortedInSetup());
    await expect(readBaselineResult(file)).rejects.toThrow(`baseline ${file} was aborted during setup, before measuring`);
    const usable = join(dir, 'baseline-measured.json');
    await writeLoadResult(usable, measured());
    await expect(readBaselineResult(usable)).resolves.toMatchObject({ requests: { ok: 100 } });
  });

  it('adds nothing to a merge but the abort: the measured shard keeps its window and rate', () => {
    const shard = measured();
    const merged = mergeResults([shard, abortedInSetup()]);
    expect(merged.meta).toMatchObject({
      aborted: true,
      abortedDuring: 'measuring',
      startedAt: 1_000_000,
      endedAt: 1_002_000,
      measuredSeconds: 2,
    });
    expect(merged.rps.achieved).toBeCloseTo(shard.rps.achieved, 6);
    expect(merged.requests.ok).toBe(100);
    expect(mergeResults([abortedInSetup(), abortedInSetup()]).meta.abortedDuring).toBe('setup');
    expect(mergeResults([shard, measured()]).meta.abortedDuring).toBeUndefined();
  });
});

describe('the CLI on Ctrl-C during seeding', () => {
  it('exits with 130 within 2 s of SIGINT and writes the result', async () => {
    const defaults = await readFile(join(process.cwd(), 'config/default.yaml'), 'utf8');
    const configFile = join(dir, 'seeding.yaml');
    const resultFile = join(dir, 'cli-seeding.json');
    await writeFile(
      configFile,
      defaults
        .replaceAll('fixtures: fixtures/', `fixtures: ${join(process.cwd(), 'config/fixtures')}/`)
        .replace(/seedCommands: \d+/, 'seedCommands: 100000'),
    );
    expect(await readFile(configFile, 'utf8')).toContain('seedCommands: 100000');
    const child = spawn(
      process.execPath,
      [
        'bin/ledger-conformance.mjs',
        'load',
        'update-by-offset',
        '--config',
        configFile,
        '--result',
        resultFile,
        '--duration',
        '5',
        '--warmup',
        '0',
      ],
      {
        cwd: process.cwd(),
        env: { ...process.env, CI: '1' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // The signal handler is installed before the run starts; the "preparing" line says seeding began.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "preparing" line within 30 s; stderr: ${stderr}`)), 30_000);
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('preparing against')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = performance.now();
    child.kill('SIGINT');
    const code = await exited;
    expect(performance.now() - signalledAt).toBeLessThan(2000);
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('interrupted: stopping the load');
    expect(stdout).toContain('ABORTED during setup');
    const written = JSON.parse(await readFile(resultFile, 'utf8')) as LoadResult;
    expect(written.meta.abortedDuring).toBe('setup');
  });
});
