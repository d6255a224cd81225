/**
 * The threshold gate: sentences like `p99 < 250ms`, `errors < 1%`, `rps > 500` checked against a
 * result. A broken threshold fails the run with its own exit code (the CLI maps `GateResult.passed`).
 */
import { errorRate, formatMicros, type LoadResult } from './result.js';

export type ThresholdMetric = 'p50' | 'p90' | 'p99' | 'p99.9' | 'max' | 'mean' | 'errors' | 'rps';
export type ThresholdOperator = '<' | '<=' | '>' | '>=';

export interface Threshold {
  /** The sentence as written. */
  source: string;
  metric: ThresholdMetric;
  operator: ThresholdOperator;
  /** In the metric's unit: µs for latencies, a fraction (0..1) for errors, req/s for rps. */
  limit: number;
}

export interface ThresholdVerdict {
  threshold: Threshold;
  actual: number;
  passed: boolean;
  /** e.g. `p99 < 250ms: 12.30 ms — pass`. */
  description: string;
}

export interface GateResult {
  passed: boolean;
  verdicts: ThresholdVerdict[];
}

export class ThresholdParseError extends Error {
  readonly code = 'LOAD_THRESHOLD_INVALID';
  override readonly name = 'ThresholdParseError';
}

const latencyMetrics = ['p50', 'p90', 'p99', 'p99.9', 'max', 'mean'] as const;
const metricAliases: Record<string, ThresholdMetric> = { p999: 'p99.9', error: 'errors', 'error-rate': 'errors' };
const latencyUnits: Record<string, number> = { us: 1, µs: 1, ms: 1_000, s: 1_000_000 };
const sentence = /^\s*([a-z][a-z0-9.-]*)\s*(<=|>=|<|>)\s*([0-9]+(?:\.[0-9]+)?)\s*([a-zµ%/]*)\s*$/i;
const example = 'write it like "p99 < 250ms", "p50 <= 2ms", "max < 1s", "errors < 1%" or "rps > 500"';

export function parseThreshold(source: string): Threshold {
  const match = sentence.exec(source);
  if (!match) throw new ThresholdParseError(`threshold "${source}" is not a sentence the gate reads: ${example}`);
  const [, rawMetric, operator, rawValue, rawUnit] = match as unknown as [string, string, ThresholdOperator, string, string];
  const metricName = rawMetric.toLowerCase();
  const metric = (metricAliases[metricName] ?? metricName) as ThresholdMetric;
  const value = Number(rawValue);
  const unit = rawUnit.toLowerCase();
  if ((latencyMetrics as readonly string[]).includes(metric)) {
    const scale = latencyUnits[unit];
    if (scale === undefined) {
      throw new ThresholdParseError(`threshold "${source}": a latency needs a unit (us, ms or s), e.g. "${metric} ${operator} 250ms"`);
    }
    return { source, metric, operator, limit: value * scale };
  }
  if (metric === 'errors') {
    if (unit !== '%') throw new ThresholdParseError(`threshold "${source}": an error rate is a percentage, e.g. "errors < 1%"`);
    return { source, metric, operator, limit: value / 100 };
  }
  if (metric === 'rps') {
    if (unit !== '' && unit !== 'req/s' && unit !== '/s')
      throw new ThresholdParseError(`threshold "${source}": rps takes a plain number, e.g. "rps > 500"`);
    return { source, metric, operator, limit: value };
  }
  throw new ThresholdParseError(
    `threshold "${source}": unknown metric "${rawMetric}" (known: ${[...latencyMetrics, 'errors', 'rps'].join(', ')}); ${example}`,
  );
}

export function evaluateThresholds(result: LoadResult, thresholds: readonly (string | Threshold)[]): GateResult {
  const verdicts = thresholds.map((entry) => {
    const threshold = typeof entry === 'string' ? parseThreshold(entry) : entry;
    const actual = measured(result, threshold.metric);
    const passed = compare(actual, threshold.operator, threshold.limit);
    return {
      threshold,
      actual,
      passed,
      description: `${threshold.source}: ${display(threshold.metric, actual)} — ${passed ? 'pass' : 'FAIL'}`,
    };
  });
  return { passed: verdicts.every((verdict) => verdict.passed), verdicts };
}

function measured(result: LoadResult, metric: ThresholdMetric): number {
  switch (metric) {
    case 'errors':
      return errorRate(result);
    case 'rps':
      return result.rps.achieved;
    case 'p99.9':
      return result.latencyUs.p999;
    default:
      return result.latencyUs[metric];
  }
}

function compare(actual: number, operator: ThresholdOperator, limit: number): boolean {
  switch (operator) {
    case '<':
      return actual < limit;
    case '<=':
      return actual <= limit;
    case '>':
      return actual > limit;
    case '>=':
      return actual >= limit;
  }
}

function display(metric: ThresholdMetric, actual: number): string {
  if (metric === 'errors') return `${(actual * 100).toFixed(2)}%`;
  if (metric === 'rps') return `${actual.toFixed(1)} req/s`;
  return formatMicros(actual);
}
