/**
 * Compares a result with a stored baseline result, knowing its noise. For each of the per-second p50,
 * the per-second p95 and the per-second throughput (checked answers), the samples are the seconds of
 * every run (see `secondSamples`), and a difference is called a regression or an improvement only when
 * all of these hold:
 *   - the change of the median per-second value exceeds the tolerance (`load.baselineTolerance`);
 *   - the Mann–Whitney U test (two-sided) of the two samples gives p < α (0.01): the seconds of one do
 *     not come from the distribution of the other;
 *   - the 95% two-level bootstrap interval of that change (runs drawn with replacement, then seconds
 *     within them) lies wholly beyond the tolerance: with `--repeat`, run-to-run variation widens it.
 * A change beyond the tolerance that the test or the spread cannot tell from noise is "inconclusive:
 * too noisy to tell"; one within the tolerance is "no change". Fewer than 5 per-second samples a side
 * is inconclusive too.
 */
import { formatMicros, LoadResultError, readLoadResult, wasMeasured, type LoadResult } from './result.js';
import { partialReason } from './preflight.js';
import { hasLatencySeries, runCount, secondSamples, type SecondSample } from './series.js';
import { bootstrapMedianChange, mannWhitneyU, median, type BootstrapInterval, type MannWhitneyResult } from './stats.js';

export type BaselineVerdict = 'regression' | 'no change' | 'improvement' | 'inconclusive';

/** The significance level of the test. */
const baselineAlpha = 0.01;
/** The confidence of the bootstrap interval (a second, independent condition beside the test's α). */
const bootstrapConfidence = 0.95;
/** Fewer per-second samples than this on a side cannot be told from noise (5 vs 5 is the least giving p < 0.01). */
const minSamplesPerSide = 5;

export type ComparedMetric = 'p50' | 'p95' | 'rps';

export interface RunSpread {
  /** Median per-second value of each run. */
  baselineRuns: number[];
  currentRuns: number[];
  /** The per-second values of each run (what the bootstrap draws from). */
  baselineSeconds: number[][];
  currentSeconds: number[][];
  /** (max − min) ÷ median of the run medians, the larger of the two sides (0 with a single run each). */
  spread: number;
}

export interface BaselineMetricComparison {
  metric: ComparedMetric;
  /** Median of the per-second values (µs for latencies, req/s for rps). */
  baseline: number;
  current: number;
  /** (current − baseline) / baseline; positive = higher. */
  relativeChange: number;
  samples: { baseline: number; current: number };
  test?: MannWhitneyResult;
  /** The bootstrap interval of the relative change (runs, then seconds, resampled). */
  interval?: BootstrapInterval;
  runs: RunSpread;
  verdict: BaselineVerdict;
  /** Why this verdict, in figures. */
  reason: string;
}

export interface BaselineComparison {
  verdict: BaselineVerdict;
  tolerance: number;
  alpha: number;
  /** The test, said once for the output. */
  method: string;
  metrics: BaselineMetricComparison[];
  /** Whole-run percentiles beside the baseline's, for the record (not judged: one value per run has no noise estimate). */
  overall: { metric: string; baseline: number; current: number }[];
  /** Differences in the settings that make the comparison doubtful (scenario and model are refused before the run). */
  warnings: string[];
}

/**
 * A stored result to compare with: refused when it holds no whole measurement (aborted, or stopped
 * early), with the reason.
 */
export async function readBaselineResult(path: string): Promise<LoadResult> {
  const baseline = await readLoadResult(path);
  if (!wasMeasured(baseline)) {
    throw new LoadResultError(
      `baseline ${path} was aborted during ${baseline.meta.abortedDuring}, before measuring: it holds no figures; pass the result of a run that measured`,
    );
  }
  const partial = partialReason(baseline);
  if (partial !== undefined) {
    throw new LoadResultError(`baseline ${path} is a partial result: ${partial}; a baseline must be a whole run, record it again`);
  }
  return baseline;
}

const method = `Mann–Whitney U (two-sided, normal approximation) on per-second values, α = ${baselineAlpha}, and a ${100 * bootstrapConfidence}% two-level bootstrap CI (runs, then seconds) of the change of the median`;

export function compareWithBaseline(current: LoadResult, baseline: LoadResult, tolerance: number): BaselineComparison {
  if (!(tolerance >= 0)) throw new RangeError(`baseline tolerance must be ≥ 0 (load.baselineTolerance), got ${tolerance}`);
  const currentSamples = secondSamples(current);
  const baselineSamples = secondSamples(baseline);
  const seriesMissing = !hasLatencySeries(baseline)
    ? 'the baseline keeps no per-second latencies (written by an older version): record it again'
    : !hasLatencySeries(current)
      ? 'this result keeps no per-second latencies'
      : undefined;
  const metrics: BaselineMetricComparison[] = (['p50', 'p95', 'rps'] as const).map((metric) =>
    judge(metric, valuesOf(baselineSamples, metric), valuesOf(currentSamples, metric), metric === 'rps' ? 'higher' : 'lower', tolerance, {
      baseline: runValues(baselineSamples, metric, runCount(baseline)),
      current: runValues(currentSamples, metric, runCount(current)),
      missing: metric === 'rps' ? undefined : seriesMissing,
    }),
  );
  const warnings: string[] = [];
  const a = baseline.meta.settings;
  const b = current.meta.settings;
  const differing = (['connections', 'pipelining', 'rate', 'durationSeconds', 'maxInFlight', 'workers'] as const).filter(
    (key) => a[key] !== undefined && b[key] !== undefined && a[key] !== b[key],
  );
  for (const key of differing) warnings.push(`${key} differs: baseline ${String(a[key])}, now ${String(b[key])}`);
  if (JSON.stringify(a.stages ?? null) !== JSON.stringify(b.stages ?? null)) warnings.push('the ramp stages differ from the baseline');
  if (baseline.meta.targetName !== current.meta.targetName)
    warnings.push(`target differs: baseline ${baseline.meta.targetName}, now ${current.meta.targetName}`);
  const verdict: BaselineVerdict = metrics.some((m) => m.verdict === 'regression')
    ? 'regression'
    : metrics.some((m) => m.verdict === 'inconclusive')
      ? 'inconclusive'
      : metrics.some((m) => m.verdict === 'improvement')
        ? 'improvement'
        : 'no change';
  const overall = (['p50', 'p95', 'p99', 'p999'] as const).map((key) => ({
    metric: key === 'p999' ? 'p99.9' : key,
    baseline: baseline.latencyUs[key] ?? Number.NaN,
    current: current.latencyUs[key] ?? Number.NaN,
  }));
  return { verdict, tolerance, alpha: baselineAlpha, method, metrics, overall, warnings };
}

function valuesOf(samples: readonly SecondSample[], metric: ComparedMetric): number[] {
  return samples.map((sample) => (metric === 'rps' ? sample.ok : sample[metric])).filter((value): value is number => value !== undefined);
}

function runValues(samples: readonly SecondSample[], metric: ComparedMetric, runs: number): number[][] {
  const perRun: number[][] = [];
  for (let run = 0; run < runs; run += 1) {
    const values = valuesOf(
      samples.filter((sample) => sample.run === run),
      metric,
    );
    if (values.length) perRun.push(values);
  }
  return perRun;
}

function relativeRange(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const middle = median(values);
  return middle > 0 ? (Math.max(...values) - Math.min(...values)) / middle : 0;
}

function judge(
  metric: ComparedMetric,
  baselineValues: number[],
  currentValues: number[],
  better: 'lower' | 'higher',
  tolerance: number,
  context: { baseline: number[][]; current: number[][]; missing: string | undefined },
): BaselineMetricComparison {
  const baseline = median(baselineValues);
  const current = median(currentValues);
  const baselineRuns = context.baseline.map((values) => median(values));
  const currentRuns = context.current.map((values) => median(values));
  const runs: RunSpread = {
    baselineRuns,
    currentRuns,
    baselineSeconds: context.baseline,
    currentSeconds: context.current,
    spread: Math.max(relativeRange(baselineRuns), relativeRange(currentRuns)),
  };
  const samples = { baseline: baselineValues.length, current: currentValues.length };
  const base = { metric, samples, runs };
  if (context.missing !== undefined || samples.baseline < minSamplesPerSide || samples.current < minSamplesPerSide) {
    return {
      ...base,
      baseline: Number.isNaN(baseline) ? 0 : baseline,
      current: Number.isNaN(current) ? 0 : current,
      relativeChange: Number.NaN,
      verdict: 'inconclusive',
      reason:
        context.missing ??
        `too few per-second samples to tell (${samples.baseline} baseline, ${samples.current} now; need ≥ ${minSamplesPerSide} each: run longer or --repeat)`,
    };
  }
  const relativeChange = baseline === 0 ? (current === 0 ? 0 : Number.POSITIVE_INFINITY) : (current - baseline) / baseline;
  const test = mannWhitneyU(currentValues, baselineValues);
  const interval = bootstrapMedianChange(context.baseline, context.current, { confidence: bootstrapConfidence });
  const worse = better === 'lower' ? relativeChange > 0 : relativeChange < 0;
  const withTest = { ...base, baseline, current, relativeChange, test, interval };
  if (Math.abs(relativeChange) <= tolerance) {
    return { ...withTest, verdict: 'no change', reason: `within the tolerance of ${percent(tolerance)}` };
  }
  const significant = test.p < baselineAlpha;
  // The whole interval beyond the tolerance, on the side of the change: noise within and between runs cannot explain it.
  const beyond = relativeChange > 0 ? interval.low > tolerance : interval.high < -tolerance;
  const ci = `${percent(interval.confidence)} CI ${signed(interval.low)}…${signed(interval.high)}`;
  if (significant && beyond) {
    return {
      ...withTest,
      verdict: worse ? 'regression' : 'improvement',
      reason: `p < ${baselineAlpha} and the CI lies beyond the tolerance of ±${percent(tolerance)}`,
    };
  }
  const why = [
    !significant && `p = ${formatP(test.p)} ≥ ${baselineAlpha}`,
    !beyond &&
      `the ${ci} reaches into the tolerance of ±${percent(tolerance)}${runs.baselineRuns.length > 1 || runs.currentRuns.length > 1 ? ` (run-to-run spread ${percent(runs.spread)})` : ''}`,
  ].filter(Boolean);
  return { ...withTest, verdict: 'inconclusive', reason: `too noisy to tell: ${why.join('; ')}` };
}

function signed(fraction: number): string {
  if (!Number.isFinite(fraction)) return fraction > 0 ? '+∞' : '−∞';
  return `${fraction >= 0 ? '+' : ''}${percent(fraction)}`;
}

function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

function formatP(p: number): string {
  return p < 0.0001 ? p.toExponential(1) : p.toFixed(4);
}

export function formatBaselineComparison(comparison: BaselineComparison): string {
  const verdict = comparison.verdict === 'inconclusive' ? 'INCONCLUSIVE: too noisy to tell' : comparison.verdict.toUpperCase();
  const lines = [`baseline comparison: ${verdict} (tolerance ${percent(comparison.tolerance)}; ${comparison.method})`];
  for (const metric of comparison.metrics) {
    const show = (value: number) => (metric.metric === 'rps' ? `${value.toFixed(1)} req/s` : formatMicros(Math.round(value)));
    const change = Number.isNaN(metric.relativeChange)
      ? ''
      : Number.isFinite(metric.relativeChange)
        ? ` (${metric.relativeChange >= 0 ? '+' : ''}${percent(metric.relativeChange)})`
        : ' (new)';
    const label = metric.metric === 'rps' ? 'ok/s' : metric.metric;
    const test = metric.test
      ? `; U = ${metric.test.u}, z = ${metric.test.z.toFixed(2)}, p = ${formatP(metric.test.p)}, n = ${metric.samples.baseline}/${metric.samples.current} s`
      : '';
    const interval = metric.interval
      ? `; ${percent(metric.interval.confidence)} CI ${signed(metric.interval.low)}…${signed(metric.interval.high)}`
      : '';
    const runs =
      metric.runs.baselineRuns.length > 1 || metric.runs.currentRuns.length > 1
        ? `; run medians baseline ${rangeOf(metric.runs.baselineRuns, show)}, now ${rangeOf(metric.runs.currentRuns, show)} (spread ${percent(metric.runs.spread)})`
        : '';
    lines.push(
      `  per-second ${label.padEnd(4)} median ${show(metric.baseline)} → ${show(metric.current)}${change}${test}${interval}${runs} → ${metric.verdict}: ${metric.reason}`,
    );
  }
  lines.push(
    `  whole run (not judged): ${comparison.overall
      .map((entry) => `${entry.metric} ${formatMicros(entry.baseline)} → ${formatMicros(entry.current)}`)
      .join(', ')}`,
  );
  for (const warning of comparison.warnings) lines.push(`  warning: ${warning}`);
  return lines.join('\n');
}

function rangeOf(values: readonly number[], show: (value: number) => string): string {
  if (values.length === 0) return '-';
  return values.length === 1 ? show(values[0]!) : `${show(Math.min(...values))}–${show(Math.max(...values))}`;
}
