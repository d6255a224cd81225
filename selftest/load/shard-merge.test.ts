import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeResultFiles, mergeResults } from '../../load/merge.js';
import { decodeHistogram } from '../../load/histogram.js';
import { readLoadResult } from '../../load/result.js';
import { buildResult, runLoad } from '../../load/run.js';
import { parseShard, shareOf } from '../../load/shard.js';
import { startSink, type Sink } from './sink.js';
import { sinkConfig, testRecorder } from './support.js';

let sink: Sink;
let dir: string;
beforeAll(async () => {
  sink = await startSink();
  dir = await mkdtemp(join(tmpdir(), 'load-shards-'));
});
afterAll(async () => {
  await sink.close();
  await rm(dir, { recursive: true, force: true });
});

describe('shards', () => {
  it('parses 0-based i/n and refuses anything else with the expected form', () => {
    expect(parseShard('1/4')).toEqual({ index: 1, count: 4 });
    expect(() => parseShard('4/4')).toThrow(/0 ≤ i < n/);
    expect(() => parseShard('1-4')).toThrow(/--shard "1-4"/);
  });

  it('splits a count so the shares add up exactly', () => {
    const parts = [0, 1, 2].map((index) => shareOf(1001, { index, count: 3 }));
    expect(parts).toEqual([334, 334, 333]);
  });

  it('two shards of a fixed-count run together send what one unsharded run sends, with distinct command ids', async () => {
    const config = await sinkConfig(sink.url, dir);
    const common = {
      config,
      scenario: 'submit-and-wait',
      model: 'closed' as const,
      requests: 1500,
      connections: 4,
      warmupSeconds: 0,
      durationSeconds: 20,
      progress: false as const,
    };
    const whole = await runLoad({ ...common, resultFile: join(dir, 'whole.json') });
    const shards = await Promise.all(
      [0, 1].map((index) => runLoad({ ...common, shard: { index, count: 2 }, resultFile: join(dir, `shard-${index}.json`) })),
    );
    expect(whole.result.requests.ok).toBe(1500);
    expect(shards.map((shard) => shard.result.requests.sent)).toEqual([750, 750]);
    const merged = mergeResults(await Promise.all([0, 1].map((index) => readLoadResult(join(dir, `shard-${index}.json`)))));
    expect(merged.requests.sent).toBe(whole.result.requests.sent);
    expect(merged.requests.ok).toBe(whole.result.requests.ok);
    expect(merged.statusCodes).toEqual(whole.result.statusCodes);
    expect(merged.latencyUs.count).toBe(1500);
    expect(merged.meta.mergedFrom).toBe(2);
    const judged = await mergeResultFiles({
      files: [0, 1].map((index) => join(dir, `shard-${index}.json`)),
      resultFile: join(dir, 'merged.json'),
      thresholds: ['errors < 1%', 'rps > 100000000'],
      baselineTolerance: 0.1,
    });
    expect(judged.gate.verdicts.map((verdict) => verdict.passed)).toEqual([true, false]);
    expect(judged.passed).toBe(false);
    expect((await readLoadResult(join(dir, 'merged.json'))).requests.ok).toBe(1500);
    const ids = sink.commandIds();
    expect(ids.length).toBe(3000);
    expect(new Set(ids).size).toBe(3000);
  });
});

describe('merge', () => {
  it('adds the seconds of a snapshot by index, whatever the start time (no float rounding into the second before)', () => {
    const worker = testRecorder();
    worker.start(1000.1);
    for (const second of [0, 1, 2, 3]) for (let sent = 0; sent <= second; sent += 1) worker.recordSent(1000.1 + second * 1000 + 500);
    const merged = testRecorder();
    // (1000.1 + 1000) − 1000.1 is 999.9999999999999: a second found through a time would land in second 0.
    merged.start(1000.1);
    merged.absorb(worker.snapshot());
    expect(merged.throughput().map((bucket) => bucket.sent)).toEqual([1, 2, 3, 4]);
  });

  it('merges HDR histograms exactly: the same percentiles as one histogram of all values', () => {
    const recorders = [testRecorder(), testRecorder()];
    const all = testRecorder();
    const expectation = { statuses: [200] };
    for (let value = 1; value <= 5000; value += 1) {
      const latencyUs = (value * 7919) % 250_000;
      recorders[value % 2]!.recordResponse(expectation, 200, '', latencyUs);
      all.recordResponse(expectation, 200, '', latencyUs);
    }
    const results = recorders.map((recorder, index) =>
      buildResult({
        scenario: 'readyz',
        model: 'closed',
        targetName: 'sink',
        targetUrl: sink.url,
        shard: { index, count: 2 },
        settings: { durationSeconds: 1, maxRequests: 5000, warmupSeconds: 0, timeoutSeconds: 1, scenarioOptions: {} },
        recorder,
        times: { startedAt: 1_000_000, endedAt: 1_002_000, aborted: false },
      }),
    );
    const merged = mergeResults(results);
    const mergedHistogram = decodeHistogram(merged.histogram);
    expect(mergedHistogram.totalCount).toBe(all.latencyUs.totalCount);
    for (const percentile of [50, 90, 99, 99.9, 100]) {
      expect(mergedHistogram.getValueAtPercentile(percentile)).toBe(all.latencyUs.getValueAtPercentile(percentile));
    }
    expect(merged.latencyUs.max).toBe(all.latencyUs.maxValue);
    expect(merged.requests.ok).toBe(5000);
    expect(merged.rps.achieved).toBeCloseTo(results[0]!.rps.achieved + results[1]!.rps.achieved, 6);
  });

  it('refuses to merge results of different scenarios', () => {
    const result = (scenario: string) =>
      buildResult({
        scenario,
        model: 'closed',
        targetName: 'sink',
        targetUrl: sink.url,
        shard: null,
        settings: { durationSeconds: 1, maxRequests: 1, warmupSeconds: 0, timeoutSeconds: 1, scenarioOptions: {} },
        recorder: testRecorder(),
        times: { startedAt: 0, endedAt: 1000, aborted: false },
      });
    expect(() => mergeResults([result('readyz'), result('mixed')])).toThrow(/different runs/);
  });
});
