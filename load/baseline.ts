/**
 * Compares a result with a stored baseline result, per latency percentile and throughput, with a
 * relative tolerance: each metric and the run as a whole are a "regression", "no change" or
 * "improvement".
 */
import { formatMicros, LoadResultError, readLoadResult, wasMeasured, type LoadResult } from './result.js';

export type BaselineVerdict = 'regression' | 'no change' | 'improvement';

export interface BaselineMetricComparison {
  metric: 'p50' | 'p90' | 'p99' | 'p99.9' | 'rps';
  baseline: number;
  current: number;
  /** (current − baseline) / baseline; positive = higher. */
  relativeChange: number;
  verdict: BaselineVerdict;
}

export interface BaselineComparison {
  verdict: BaselineVerdict;
  tolerance: number;
  metrics: BaselineMetricComparison[];
  /** Differences in what was measured (scenario, model) that make the comparison doubtful. */
  warnings: string[];
}

/** A stored result to compare with; one aborted before measuring holds no figures to compare. */
export async function readBaselineResult(path: string): Promise<LoadResult> {
  const baseline = await readLoadResult(path);
  if (!wasMeasured(baseline)) {
    throw new LoadResultError(
      `baseline ${path} was aborted during ${baseline.meta.abortedDuring}, before measuring: it holds no figures; pass the result of a run that measured`,
    );
  }
  return baseline;
}

export function compareWithBaseline(current: LoadResult, baseline: LoadResult, tolerance: number): BaselineComparison {
  if (!(tolerance >= 0)) throw new RangeError(`baseline tolerance must be ≥ 0 (load.baselineTolerance), got ${tolerance}`);
  const latency = (metric: BaselineMetricComparison['metric'], key: 'p50' | 'p90' | 'p99' | 'p999') =>
    judge(metric, baseline.latencyUs[key], current.latencyUs[key], 'lower', tolerance);
  const metrics = [
    latency('p50', 'p50'),
    latency('p90', 'p90'),
    latency('p99', 'p99'),
    latency('p99.9', 'p999'),
    judge('rps', baseline.rps.achieved, current.rps.achieved, 'higher', tolerance),
  ];
  const warnings: string[] = [];
  if (current.meta.scenario !== baseline.meta.scenario)
    warnings.push(`scenario differs: baseline ${baseline.meta.scenario}, now ${current.meta.scenario}`);
  if (current.meta.model !== baseline.meta.model)
    warnings.push(`load model differs: baseline ${baseline.meta.model}, now ${current.meta.model}`);
  const verdict: BaselineVerdict = metrics.some((metric) => metric.verdict === 'regression')
    ? 'regression'
    : metrics.some((metric) => metric.verdict === 'improvement')
      ? 'improvement'
      : 'no change';
  return { verdict, tolerance, metrics, warnings };
}

function judge(
  metric: BaselineMetricComparison['metric'],
  baseline: number,
  current: number,
  better: 'lower' | 'higher',
  tolerance: number,
): BaselineMetricComparison {
  const relativeChange = baseline === 0 ? (current === 0 ? 0 : Number.POSITIVE_INFINITY) : (current - baseline) / baseline;
  const worse = better === 'lower' ? relativeChange > tolerance : relativeChange < -tolerance;
  const improved = better === 'lower' ? relativeChange < -tolerance : relativeChange > tolerance;
  return { metric, baseline, current, relativeChange, verdict: worse ? 'regression' : improved ? 'improvement' : 'no change' };
}

export function formatBaselineComparison(comparison: BaselineComparison): string {
  const lines = [`baseline comparison (tolerance ${(comparison.tolerance * 100).toFixed(0)}%): ${comparison.verdict.toUpperCase()}`];
  for (const metric of comparison.metrics) {
    const show = (value: number) => (metric.metric === 'rps' ? `${value.toFixed(1)} req/s` : formatMicros(value));
    const change = Number.isFinite(metric.relativeChange)
      ? `${metric.relativeChange >= 0 ? '+' : ''}${(metric.relativeChange * 100).toFixed(1)}%`
      : 'new';
    lines.push(`  ${metric.metric.padEnd(6)} ${show(metric.baseline)} → ${show(metric.current)} (${change}) ${metric.verdict}`);
  }
  for (const warning of comparison.warnings) lines.push(`  warning: ${warning}`);
  return lines.join('\n');
}
