/**
 * The threshold gate: sentences like `p99 < 250ms`, `p95 < 200ms`, `errors < 1%`, `rps > 500` checked
 * against a result, optionally scoped k6-style to a stage of a ramp or a sub-scenario of `mixed`:
 * `p95{stage:2} < 200ms`, `errors{scenario:readyz} < 0.1%`. A broken threshold fails the run with its
 * own exit code (the CLI maps `GateResult.passed`).
 */
import { decodeHistogram } from './histogram.js';
import { errorRate, formatMicros, latencyPercentile, type LoadResult } from './result.js';
import { stageFigures } from './series.js';
import { ToolError } from '../config/tool-errors.js';

/** `p<percentile>` (any, e.g. p95, p99.9, p99.99), max, mean, errors, rps. */
export type ThresholdMetric = string;
export type ThresholdOperator = '<' | '<=' | '>' | '>=';

export type ThresholdScope = { kind: 'stage'; stage: number } | { kind: 'scenario'; scenario: string };

export interface Threshold {
  /** The sentence as written. */
  source: string;
  metric: ThresholdMetric;
  /** For a percentile metric: the percentile (0 < p < 100). */
  percentile?: number;
  operator: ThresholdOperator;
  /** In the metric's unit: µs for latencies, a fraction (0..1) for errors, req/s for rps. */
  limit: number;
  /** Absent: the whole run. */
  scope?: ThresholdScope;
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

export class ThresholdParseError extends ToolError {
  constructor(message: string) {
    super('LOAD_THRESHOLD_INVALID', message);
  }
}

const metricAliases: Record<string, string> = { p999: 'p99.9', error: 'errors', 'error-rate': 'errors', median: 'p50' };
const latencyUnits: Record<string, number> = { us: 1, µs: 1, ms: 1_000, s: 1_000_000 };
const sentence = /^\s*([a-z][a-z0-9.-]*)\s*(?:\{\s*([a-z]+)\s*:\s*([^}]*?)\s*\})?\s*(<=|>=|<|>)\s*([0-9]+(?:\.[0-9]+)?)\s*([a-zµ%/]*)\s*$/i;
const example =
  'write it like "p99 < 250ms", "p95 <= 2ms", "p99.9 < 1s", "max < 1s", "errors < 1%" or "rps > 500", optionally scoped: "p95{stage:2} < 200ms", "errors{scenario:readyz} < 1%"';

export function parseThreshold(source: string): Threshold {
  const match = sentence.exec(source);
  if (!match) throw new ThresholdParseError(`threshold "${source}" is not a sentence the gate reads: ${example}`);
  const [, rawMetric, scopeKind, scopeValue, operator, rawValue, rawUnit] = match as unknown as [
    string,
    string,
    string | undefined,
    string | undefined,
    ThresholdOperator,
    string,
    string,
  ];
  const metricName = rawMetric.toLowerCase();
  const metric = metricAliases[metricName] ?? metricName;
  const value = Number(rawValue);
  const unit = rawUnit.toLowerCase();
  const scope = parseScope(source, scopeKind, scopeValue);
  const scoped = scope ? { scope } : {};
  const percentileMatch = /^p(\d+(?:\.\d+)?)$/.exec(metric);
  if (percentileMatch || metric === 'max' || metric === 'mean') {
    const percentile = percentileMatch ? Number(percentileMatch[1]) : undefined;
    if (percentile !== undefined && !(percentile > 0 && percentile < 100)) {
      throw new ThresholdParseError(
        `threshold "${source}": a percentile is between p0 and p100 (exclusive), e.g. p95 or p99.9; use max for the largest`,
      );
    }
    const scale = latencyUnits[unit];
    if (scale === undefined) {
      throw new ThresholdParseError(`threshold "${source}": a latency needs a unit (us, ms or s), e.g. "${metric} ${operator} 250ms"`);
    }
    return { source, metric, ...(percentile !== undefined ? { percentile } : {}), operator, limit: value * scale, ...scoped };
  }
  if (metric === 'errors') {
    if (unit !== '%') throw new ThresholdParseError(`threshold "${source}": an error rate is a percentage, e.g. "errors < 1%"`);
    return { source, metric, operator, limit: value / 100, ...scoped };
  }
  if (metric === 'rps') {
    if (unit !== '' && unit !== 'req/s' && unit !== '/s')
      throw new ThresholdParseError(`threshold "${source}": rps takes a plain number, e.g. "rps > 500"`);
    return { source, metric, operator, limit: value, ...scoped };
  }
  throw new ThresholdParseError(
    `threshold "${source}": unknown metric "${rawMetric}" (known: any percentile p50, p95, p99.9, …, max, mean, errors, rps); ${example}`,
  );
}

function parseScope(source: string, kind: string | undefined, value: string | undefined): ThresholdScope | undefined {
  if (kind === undefined) return undefined;
  const name = kind.toLowerCase();
  if (name === 'stage') {
    if (!/^[1-9][0-9]*$/.test(value ?? '')) {
      throw new ThresholdParseError(
        `threshold "${source}": a stage is named by its number from 1, in --stages order, e.g. "p95{stage:2} < 200ms"`,
      );
    }
    return { kind: 'stage', stage: Number(value) };
  }
  if (name === 'scenario') {
    if (!value) throw new ThresholdParseError(`threshold "${source}": name the scenario of mixed, e.g. "p95{scenario:readyz} < 5ms"`);
    return { kind: 'scenario', scenario: value };
  }
  throw new ThresholdParseError(`threshold "${source}": unknown scope "{${kind}:…}"; scopes are {stage:N} and {scenario:NAME}`);
}

/**
 * Checks, before any load is sent, that each scoped threshold names something the run will have: a
 * stage of its ramp, a sub-scenario of `mixed`.
 */
export function checkThresholdScopes(
  thresholds: readonly Threshold[],
  run: { scenario: string; stages: number; mixable: readonly string[] },
): void {
  for (const threshold of thresholds) {
    const scope = threshold.scope;
    if (scope?.kind === 'stage' && scope.stage > run.stages) {
      throw new ThresholdParseError(
        `threshold "${threshold.source}" names stage ${scope.stage}, but the run has ${run.stages ? `${run.stages} stage${run.stages > 1 ? 's' : ''}` : 'no stages (use --model open --stages …)'}`,
      );
    }
    if (scope?.kind === 'scenario') {
      if (run.scenario !== 'mixed')
        throw new ThresholdParseError(
          `threshold "${threshold.source}" names a scenario; only a run of mixed has sub-scenarios (this one is ${run.scenario})`,
        );
      if (!run.mixable.includes(scope.scenario))
        throw new ThresholdParseError(
          `threshold "${threshold.source}": mixed has no scenario "${scope.scenario}" (it mixes ${run.mixable.join(', ')})`,
        );
    }
  }
}

export function evaluateThresholds(result: LoadResult, thresholds: readonly (string | Threshold)[]): GateResult {
  const verdicts = thresholds.map((entry) => {
    const threshold = typeof entry === 'string' ? parseThreshold(entry) : entry;
    const actual = measured(result, threshold);
    if (actual === undefined) {
      return {
        threshold,
        actual: Number.NaN,
        passed: false,
        description: `${threshold.source}: nothing was measured in ${scopeName(threshold.scope)} — FAIL`,
      };
    }
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

function scopeName(scope: ThresholdScope | undefined): string {
  if (!scope) return 'the run';
  return scope.kind === 'stage' ? `stage ${scope.stage}` : `scenario ${scope.scenario}`;
}

/** The metric's value in the threshold's scope; undefined when the scope recorded nothing. */
function measured(result: LoadResult, threshold: Threshold): number | undefined {
  const { metric, scope } = threshold;
  if (scope === undefined) {
    if (metric === 'errors') return errorRate(result);
    if (metric === 'rps') return result.rps.achieved;
    if (metric === 'max' || metric === 'mean') return result.latencyUs[metric];
    return latencyPercentile(result, threshold.percentile!);
  }
  let counts: { ok: number; errors: number; rps: number };
  let histogram: ReturnType<typeof decodeHistogram> | undefined;
  if (scope.kind === 'stage') {
    const stage = stageFigures(result)[scope.stage - 1];
    if (!stage) return undefined;
    counts = { ok: stage.ok, errors: stage.errors, rps: stage.rps };
    histogram = stage.histogram;
  } else {
    const figures = result.scenarios?.[scope.scenario];
    if (!figures) return undefined;
    counts = { ok: figures.requests.ok, errors: figures.requests.errors, rps: figures.rps };
    histogram = decodeHistogram(figures.histogram);
  }
  if (metric === 'errors') return counts.ok + counts.errors === 0 ? undefined : counts.errors / (counts.ok + counts.errors);
  if (metric === 'rps') return counts.rps;
  if (!histogram || histogram.totalCount === 0) return undefined;
  if (metric === 'max') return histogram.maxValue;
  if (metric === 'mean') return histogram.mean;
  return histogram.getValueAtPercentile(threshold.percentile!);
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
  return formatMicros(Math.round(actual));
}
