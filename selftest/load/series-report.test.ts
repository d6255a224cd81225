/**
 * The per-second series and repeated runs through `load merge` (exact, as the histograms), the HTML
 * report of a ramped open-model run (stages, latency over time, baseline beside it; nothing fetched) and
 * the CSV of the series.
 */
import { describe, expect, it } from 'vitest';
import { decodeHistogram, newSecondHistogram } from '../../load/histogram.js';
import { mergeResults } from '../../load/merge.js';
import { renderLoadReport, seriesCsv } from '../../load/report-html.js';
import { compareWithBaseline } from '../../load/baseline.js';
import { combineRuns } from '../../load/runs.js';
import { stageFigures } from '../../load/series.js';
import { craftedRepeat, craftedRun, wobbly } from './crafted.js';

describe('load merge keeps the per-second series and the repeated runs exactly', () => {
  const shardA = craftedRepeat([{ secondsUs: wobbly(4, 1_000, 0.2) }, { secondsUs: wobbly(4, 1_500, 0.2, 1) }], { tagged: ['readyz'] });
  const shardB = craftedRepeat([{ secondsUs: wobbly(4, 3_000, 0.2, 2) }, { secondsUs: wobbly(4, 2_500, 0.2, 3) }], { tagged: ['readyz'] });
  const merged = mergeResults([
    { ...shardA, meta: { ...shardA.meta, shard: { index: 0, count: 2 } } },
    { ...shardB, meta: { ...shardB.meta, shard: { index: 1, count: 2 } } },
  ]);

  it('keeps both runs, each the exact sum of the shards’ run', () => {
    expect(merged.runs).toHaveLength(2);
    for (const run of [0, 1]) {
      const expected = decodeHistogram(shardA.runs![run]!.histogram);
      expected.add(decodeHistogram(shardB.runs![run]!.histogram));
      const actual = decodeHistogram(merged.runs![run]!.histogram);
      expect(actual.totalCount).toBe(expected.totalCount);
      for (const percentile of [50, 95, 99, 99.9])
        expect(actual.getValueAtPercentile(percentile)).toBe(expected.getValueAtPercentile(percentile));
      expect(merged.runs![run]!.requests.ok).toBe(shardA.runs![run]!.requests.ok + shardB.runs![run]!.requests.ok);
    }
    expect(merged.requests.ok).toBe(shardA.requests.ok + shardB.requests.ok);
    expect(decodeHistogram(merged.histogram).totalCount).toBe(shardA.requests.completed + shardB.requests.completed);
  });

  it('adds each second’s histogram of each run exactly', () => {
    expect(merged.throughput).toHaveLength(8);
    for (const bucket of merged.throughput) {
      const parts = [shardA, shardB].map((shard) =>
        shard.throughput.find((own) => own.run === bucket.run && own.second === bucket.second)!,
      );
      const expected = newSecondHistogram();
      for (const part of parts) expected.add(decodeHistogram(part.latency!));
      const actual = decodeHistogram(bucket.latency!);
      expect(actual.totalCount).toBe(expected.totalCount);
      expect(bucket.ok).toBe(parts[0]!.ok + parts[1]!.ok);
      for (const percentile of [50, 95, 99])
        expect(actual.getValueAtPercentile(percentile)).toBe(expected.getValueAtPercentile(percentile));
      expect(bucket.latencyUs!.p95).toBe(expected.getValueAtPercentile(95));
    }
  });

  it('adds the per-scenario figures of mixed', () => {
    expect(merged.scenarios?.readyz?.requests.ok).toBe(shardA.scenarios!.readyz!.requests.ok + shardB.scenarios!.readyz!.requests.ok);
  });

  it('refuses shards with different numbers of runs', () => {
    expect(() => mergeResults([shardA, craftedRun({ secondsUs: wobbly(4, 1_000, 0.1) })])).toThrow(
      /different numbers of repeated runs \(2, 1\)/,
    );
  });
});

describe('the report of a ramped open-model run', () => {
  const stages = [
    { durationSeconds: 3, targetRate: 100 },
    { durationSeconds: 4, targetRate: 300 },
    { durationSeconds: 2, targetRate: 50 },
  ];
  const levels = [900, 1_000, 1_100, 1_500, 2_000, 3_000, 4_000, 1_200, 1_000];
  const run = craftedRun({ secondsUs: levels, errorsPerSecond: 1 }, { model: 'open', stages, rate: 20 });
  const baseline = craftedRun({ secondsUs: levels.map((level) => level * 0.8) }, { model: 'open', stages, rate: 20 });

  it('gives per-stage figures', () => {
    const figures = stageFigures(run);
    expect(figures.map((stage) => [stage.stage.fromSecond, stage.stage.toSecond, stage.ok])).toEqual([
      [0, 3, 150],
      [3, 7, 200],
      [7, 9, 100],
    ]);
    expect(figures[1]!.histogram!.getValueAtPercentile(50)).toBeGreaterThan(figures[0]!.histogram!.getValueAtPercentile(50));
  });

  it('is self-contained SVG with the stages, latency over time and the baseline beside it', () => {
    const html = renderLoadReport(run, { baseline: { result: baseline, comparison: compareWithBaseline(run, baseline, 0.1) } });
    expect(html).not.toMatch(/<script|<link|src=|href=/i);
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html).toContain('Latency per second (ms)');
    expect(html.match(/class="stage-boundary"/g)).toHaveLength(9);
    for (const label of [
      'stage 1 → 100 req/s',
      'stage 2 → 300 req/s',
      'stage 3 → 50 req/s',
      'baseline p50',
      'baseline ok/s',
      'planned req/s',
      'errors/s',
    ])
      expect(html).toContain(label);
    expect(html).toContain('<h2>Stages</h2>');
    expect(html).toContain('baseline comparison:');
  });

  it('writes the per-second series as CSV', () => {
    const rows = seriesCsv(run).trim().split('\n');
    expect(rows[0]).toBe('run,second,stage,sent,completed,ok,errors,p50_us,p90_us,p95_us,p99_us,max_us');
    expect(rows).toHaveLength(10);
    const fifth = rows[5]!.split(',');
    expect(fifth.slice(0, 7)).toEqual(['1', '4', '2', '0', '51', '50', '1']);
    expect(Number(fifth[7])).toBeGreaterThan(1_800);
  });
});

describe('repeated runs of the open model', () => {
  it('add up their open-model counts and jitter', () => {
    const stages = [{ durationSeconds: 5, targetRate: 50 }];
    const runs = [0, 1, 2].map((index) => {
      const run = craftedRun({ secondsUs: wobbly(5, 1_000, 0.1, index) }, { model: 'open', stages, rate: 50 });
      return {
        ...run,
        openModel: {
          plannedRequests: 250,
          lateSends: index,
          capDelayedSends: 0,
          notSent: 0,
          lateThresholdMs: 10,
          maxInFlight: 1000,
          sendJitterUs: run.latencyUs,
          sendJitterHistogram: run.histogram,
        },
      };
    });
    const combined = combineRuns(runs);
    expect(combined.openModel).toMatchObject({ plannedRequests: 750, lateSends: 3, maxInFlight: 1000 });
    expect(combined.openModel!.sendJitterUs.count).toBe(3 * runs[0]!.latencyUs.count);
    expect(combined.runs!.map((run) => run.openModel?.lateSends)).toEqual([0, 1, 2]);
  });
});
