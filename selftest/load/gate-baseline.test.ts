import { describe, expect, it } from 'vitest';
import { compareWithBaseline } from '../../load/baseline.js';
import { evaluateThresholds, parseThreshold } from '../../load/gate.js';
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

describe('baseline comparison', () => {
  const baseline = craftedResult({ latencyUs: 10_000, ok: 10_000 });

  it('no change within the tolerance', () => {
    const comparison = compareWithBaseline(craftedResult({ latencyUs: 10_500, ok: 9_700 }), baseline, 0.1);
    expect(comparison.verdict).toBe('no change');
    expect(comparison.metrics.every((metric) => metric.verdict === 'no change')).toBe(true);
  });

  it('regression when a percentile grows beyond the tolerance', () => {
    const comparison = compareWithBaseline(craftedResult({ latencyUs: 12_000, ok: 10_000 }), baseline, 0.1);
    expect(comparison.verdict).toBe('regression');
    expect(comparison.metrics.find((metric) => metric.metric === 'p99')?.verdict).toBe('regression');
    expect(comparison.metrics.find((metric) => metric.metric === 'rps')?.verdict).toBe('no change');
  });

  it('regression when throughput drops beyond the tolerance, even with faster answers', () => {
    const comparison = compareWithBaseline(craftedResult({ latencyUs: 5_000, ok: 8_000 }), baseline, 0.1);
    expect(comparison.verdict).toBe('regression');
    expect(comparison.metrics.find((metric) => metric.metric === 'rps')?.verdict).toBe('regression');
  });

  it('improvement when faster and nothing got worse', () => {
    const comparison = compareWithBaseline(craftedResult({ latencyUs: 5_000, ok: 12_000 }), baseline, 0.1);
    expect(comparison.verdict).toBe('improvement');
    expect(comparison.warnings).toEqual([]);
  });
});
