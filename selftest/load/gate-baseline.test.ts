import { describe, expect, it } from 'vitest';
import { compareWithBaseline, formatBaselineComparison } from '../../load/baseline.js';
import { checkThresholdScopes, evaluateThresholds, parseThreshold } from '../../load/gate.js';
import { craftedRepeat, craftedRun, flat, wobbly } from './crafted.js';
import type { LoadResult } from '../../load/result.js';
import { buildResult } from '../../load/run.js';
import { testRecorder } from './support.js';

/** A crafted result: `ok` answers at `latencyUs` each plus `errors` unexpected statuses, over 10 s. */
function craftedResult(options: { latencyUs: number; ok: number; errors?: number; seconds?: number }): LoadResult {
  const recorder = testRecorder();
  for (let index = 0; index < options.ok; index += 1) recorder.recordResponse({ statuses: [200] }, 200, '', options.latencyUs);
  for (let index = 0; index < (options.errors ?? 0); index += 1)
    recorder.recordResponse({ statuses: [200] }, 500, '{"code":"INTERNAL"}', options.latencyUs);
  return buildResult({
    scenario: 'submit-and-wait',
    model: 'closed',
    targetName: 'crafted',
    targetUrl: 'http://127.0.0.1:1',
    shard: null,
    settings: { durationSeconds: 10, maxRequests: 1e6, warmupSeconds: 0, timeoutSeconds: 10, scenarioOptions: {} },
    recorder,
    times: { startedAt: 0, endedAt: (options.seconds ?? 10) * 1000, aborted: false },
  });
}

describe('threshold sentences', () => {
  it('parses latency, error-rate and throughput sentences into canonical units', () => {
    expect(parseThreshold('p99 < 250ms')).toMatchObject({ metric: 'p99', operator: '<', limit: 250_000 });
    expect(parseThreshold('p50 <= 2ms')).toMatchObject({ metric: 'p50', operator: '<=', limit: 2_000 });
    expect(parseThreshold('max < 1s')).toMatchObject({ metric: 'max', limit: 1_000_000 });
    expect(parseThreshold('p99.9 < 800us')).toMatchObject({ metric: 'p99.9', limit: 800 });
    expect(parseThreshold('errors < 1%')).toMatchObject({ metric: 'errors', limit: 0.01 });
    expect(parseThreshold('rps > 500')).toMatchObject({ metric: 'rps', operator: '>', limit: 500 });
  });

  it('says what is wrong with a sentence it cannot read', () => {
    expect(() => parseThreshold('p99 < 250')).toThrow(/needs a unit/);
    expect(() => parseThreshold('errors < 0.01')).toThrow(/percentage/);
    expect(() => parseThreshold('latency < 3ms')).toThrow(/unknown metric "latency"/);
    expect(() => parseThreshold('p99 is small')).toThrow(/not a sentence the gate reads/);
  });

  it('passes a result within every threshold', () => {
    const gate = evaluateThresholds(craftedResult({ latencyUs: 1_500, ok: 10_000 }), [
      'p99 < 250ms',
      'p50 <= 2ms',
      'errors < 1%',
      'rps > 500',
    ]);
    expect(gate.passed).toBe(true);
    expect(gate.verdicts.map((verdict) => verdict.passed)).toEqual([true, true, true, true]);
  });

  it('fails exactly the broken thresholds', () => {
    const result = craftedResult({ latencyUs: 300_000, ok: 4_000, errors: 100 });
    const gate = evaluateThresholds(result, ['p99 < 250ms', 'errors < 1%', 'rps > 500', 'max < 1s']);
    expect(gate.passed).toBe(false);
    expect(gate.verdicts.map((verdict) => verdict.passed)).toEqual([false, false, false, true]);
    expect(gate.verdicts[1]!.description).toBe('errors < 1%: 2.44% — FAIL');
  });
});

describe('thresholds at any percentile and scoped to a stage or a scenario', () => {
  it('reads any percentile, and k6-like scopes', () => {
    expect(parseThreshold('p95 < 200ms')).toMatchObject({ metric: 'p95', percentile: 95, limit: 200_000 });
    expect(parseThreshold('p99.99 < 1s')).toMatchObject({ metric: 'p99.99', percentile: 99.99, limit: 1_000_000 });
    expect(parseThreshold('p999 < 1s')).toMatchObject({ metric: 'p99.9', percentile: 99.9 });
    expect(parseThreshold('p95{stage:2} < 200ms')).toMatchObject({ percentile: 95, scope: { kind: 'stage', stage: 2 } });
    expect(parseThreshold('errors{scenario:readyz} < 1%')).toMatchObject({
      metric: 'errors',
      scope: { kind: 'scenario', scenario: 'readyz' },
    });
    expect(() => parseThreshold('p100 < 1s')).toThrow(/use max/);
    expect(() => parseThreshold('p95{stage:0} < 1s')).toThrow(/number from 1/);
    expect(() => parseThreshold('p95{region:eu} < 1s')).toThrow(/unknown scope/);
  });

  it('judges p95 from the exact histogram', () => {
    const result = craftedRun({ secondsUs: flat(10, 10_000) });
    const gate = evaluateThresholds(result, ['p95 < 12ms', 'p95 < 10ms', 'p99.9 < 20ms']);
    expect(gate.verdicts.map((verdict) => verdict.passed)).toEqual([true, false, true]);
    expect(gate.verdicts[0]!.description).toMatch(/^p95 < 12ms: 10\.\d\d ms — pass$/);
  });

  it('judges a stage of a ramp by its own seconds', () => {
    const stages = [
      { durationSeconds: 3, targetRate: 100 },
      { durationSeconds: 3, targetRate: 300 },
    ];
    // Stage 2 (seconds 3–5) is ten times slower than stage 1.
    const result = craftedRun({ secondsUs: [1_000, 1_000, 1_000, 10_000, 10_000, 10_000] }, { model: 'open', stages, rate: 10 });
    const gate = evaluateThresholds(result, ['p95{stage:1} < 2ms', 'p95{stage:2} < 2ms', 'rps{stage:2} > 40']);
    expect(gate.verdicts.map((verdict) => verdict.passed)).toEqual([true, false, true]);
    expect(gate.verdicts[1]!.description).toMatch(/^p95\{stage:2\} < 2ms: 1[01]\.\d\d ms — FAIL$/);
    expect(() => checkThresholdScopes([parseThreshold('p95{stage:3} < 1s')], { scenario: 'readyz', stages: 2, mixable: [] })).toThrow(
      /names stage 3, but the run has 2 stages/,
    );
  });

  it('judges a scenario of mixed by its own requests', () => {
    const result = craftedRun({ secondsUs: flat(5, 2_000) }, { scenario: 'mixed', tagged: ['readyz', 'submit-and-wait'] });
    expect(result.scenarios?.readyz?.requests.ok).toBe(125);
    const gate = evaluateThresholds(result, [
      'p95{scenario:readyz} < 3ms',
      'errors{scenario:submit-and-wait} < 1%',
      'p50{scenario:update-by-offset} < 1s',
    ]);
    expect(gate.verdicts.map((verdict) => verdict.passed)).toEqual([true, true, false]);
    expect(gate.verdicts[2]!.description).toBe(
      'p50{scenario:update-by-offset} < 1s: nothing was measured in scenario update-by-offset — FAIL',
    );
    expect(() =>
      checkThresholdScopes([parseThreshold('p95{scenario:readyz} < 1s')], { scenario: 'readyz', stages: 0, mixable: ['readyz'] }),
    ).toThrow(/only a run of mixed has sub-scenarios/);
  });
});

describe('baseline comparison that knows its noise (Mann–Whitney U on per-second values, run spread)', () => {
  const baseline = craftedRun({ secondsUs: wobbly(10, 10_000, 0.03) });

  it('no change within the tolerance', () => {
    const comparison = compareWithBaseline(craftedRun({ secondsUs: wobbly(10, 10_400, 0.03, 1) }), baseline, 0.1);
    expect(comparison.verdict).toBe('no change');
    expect(comparison.metrics.map((metric) => metric.metric)).toEqual(['p50', 'p95', 'rps']);
    expect(formatBaselineComparison(comparison)).toMatch(/NO CHANGE \(tolerance 10\.0%; Mann–Whitney U/);
  });

  it('regression when the per-second latencies are twice as high: the test and its figures are printed', () => {
    const comparison = compareWithBaseline(craftedRun({ secondsUs: wobbly(10, 20_000, 0.03, 2) }), baseline, 0.1);
    expect(comparison.verdict).toBe('regression');
    const p50 = comparison.metrics[0]!;
    expect(p50.verdict).toBe('regression');
    expect(p50.test!.p).toBeLessThan(0.001);
    expect(p50.relativeChange).toBeGreaterThan(0.9);
    expect(formatBaselineComparison(comparison)).toMatch(
      /per-second p50 {2}median 10\.\d\d ms → \d+\.\d\d ms \(\+\d+\.\d%\); U = 100, z = [\d.]+, p = [\de.-]+, n = 10\/10 s; 95\.0% CI \+\d+\.\d%…\+\d+\.\d% → regression/,
    );
  });

  it('improvement when they are half', () => {
    const comparison = compareWithBaseline(craftedRun({ secondsUs: wobbly(10, 5_000, 0.03, 2) }), baseline, 0.1);
    expect(comparison.verdict).toBe('improvement');
  });

  it('inconclusive when the change is beyond the tolerance but the seconds overlap (p ≥ α)', () => {
    const alternating = (low: number, high: number) => Array.from({ length: 10 }, (_, second) => (second % 2 ? high : low));
    const comparison = compareWithBaseline(
      craftedRun({ secondsUs: alternating(1_200, 3_600) }),
      craftedRun({ secondsUs: alternating(1_000, 3_000) }),
      0.1,
    );
    expect(comparison.verdict).toBe('inconclusive');
    expect(comparison.metrics[0]!.reason).toMatch(/^too noisy to tell: p = 0\.\d+ ≥ 0\.01/);
    expect(formatBaselineComparison(comparison)).toMatch(/INCONCLUSIVE: too noisy to tell/);
  });

  it('inconclusive when the change is within what run-to-run variation explains (bootstrap CI over runs), even with p < α', () => {
    const before = craftedRepeat([{ secondsUs: wobbly(10, 1_000, 0.02) }, { secondsUs: wobbly(10, 2_000, 0.02, 1) }]);
    const after = craftedRepeat([{ secondsUs: wobbly(10, 2_000, 0.02, 2) }, { secondsUs: wobbly(10, 2_050, 0.02, 3) }]);
    const comparison = compareWithBaseline(after, before, 0.1);
    const p50 = comparison.metrics[0]!;
    expect(p50.test!.p).toBeLessThan(0.01);
    expect(p50.runs.baselineRuns).toHaveLength(2);
    expect(p50.verdict).toBe('inconclusive');
    expect(p50.reason).toMatch(/CI [-+]\d+\.\d%…\+\d+\.\d% reaches into the tolerance of ±10\.0% \(run-to-run spread \d+\.\d%\)/);
    expect(formatBaselineComparison(comparison)).toMatch(/run medians baseline 1\.\d\d ms–\d\.\d\d ms, now/);
  });

  it('regression with repeated runs when every run is beyond the spread', () => {
    const before = craftedRepeat([
      { secondsUs: wobbly(5, 1_000, 0.05) },
      { secondsUs: wobbly(5, 1_050, 0.05, 1) },
      { secondsUs: wobbly(5, 980, 0.05, 2) },
    ]);
    const after = craftedRepeat([
      { secondsUs: wobbly(5, 2_000, 0.05) },
      { secondsUs: wobbly(5, 2_100, 0.05, 1) },
      { secondsUs: wobbly(5, 1_950, 0.05, 2) },
    ]);
    expect(compareWithBaseline(after, before, 0.1).verdict).toBe('regression');
  });

  it('inconclusive with too few per-second samples, and with a baseline that keeps no series', () => {
    const short = compareWithBaseline(craftedRun({ secondsUs: flat(3, 20_000) }), craftedRun({ secondsUs: flat(3, 10_000) }), 0.1);
    expect(short.verdict).toBe('inconclusive');
    expect(short.metrics[0]!.reason).toMatch(/too few per-second samples to tell \(3 baseline, 3 now; need ≥ 5 each/);
    const old = { ...baseline, throughput: baseline.throughput.map(({ latency: _l, latencyUs: _u, ...counts }) => counts) };
    const comparison = compareWithBaseline(craftedRun({ secondsUs: flat(10, 20_000) }), old, 0.1);
    expect(comparison.metrics[0]!.reason).toMatch(/keeps no per-second latencies/);
  });

  it('regression when throughput per second drops, whatever the latencies', () => {
    const slower = craftedRun({ secondsUs: wobbly(10, 10_000, 0.03, 1), perSecond: 30 });
    const comparison = compareWithBaseline(slower, baseline, 0.1);
    expect(comparison.metrics[2]).toMatchObject({ metric: 'rps', verdict: 'regression' });
    expect(comparison.verdict).toBe('regression');
  });
});
