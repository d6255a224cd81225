/**
 * Repeated runs (`--repeat N`): N single-run results of the same settings combined into one result that
 * keeps each run (its figures, its histogram and its seconds), and the view of one run of such a result.
 * Both are exact: histograms are added, counts summed, and a run's view gives back what it was built from.
 */
import { decodeHistogram, encodeHistogram, newLatencyHistogram } from './histogram.js';
import { summarizeHistogram, type LoadResult, type OpenModelStats, type RunRecord, type ScenarioFigures } from './result.js';
import { runCount, runSeconds } from './series.js';

/** The runs of a result as single-run results (a result without `runs` is its own only run). */
export function runViews(result: LoadResult): LoadResult[] {
  if (!result.runs || result.runs.length <= 1) return [result];
  return result.runs.map((run) => runView(result, run));
}

function runView(result: LoadResult, run: RunRecord): LoadResult {
  const { runs: _runs, scenarios: _scenarios, ...rest } = result;
  return {
    ...rest,
    meta: {
      ...result.meta,
      startedAt: run.startedAt,
      endedAt: run.endedAt,
      measuredSeconds: run.measuredSeconds,
      aborted: run.aborted,
      ...(run.aborted ? { abortedDuring: 'measuring' as const } : {}),
    },
    requests: run.requests,
    rps: run.rps,
    latencyUs: run.latencyUs,
    ...(run.openModel ? { openModel: run.openModel } : {}),
    throughput: runSeconds(result, run.index).map(({ run: _run, ...bucket }) => bucket),
    histogram: run.histogram,
  };
}

/**
 * One result of N single-run results of one run setting, in run order. The top-level figures are those
 * of all runs together (histograms added; rates per measured second of all runs); `runs` keeps each one.
 * Per-scenario figures (mixed) are added up over the runs.
 */
export function combineRuns(results: readonly LoadResult[]): LoadResult {
  const first = results[0];
  if (!first) throw new RangeError('combineRuns needs at least one result');
  if (results.length === 1 && !first.runs) return first;
  const singles = results.flatMap(runViews);
  const histogram = newLatencyHistogram();
  for (const single of singles) histogram.add(decodeHistogram(single.histogram));
  const measuredSeconds = singles.reduce((sum, single) => sum + single.meta.measuredSeconds, 0);
  const rateSeconds = Math.max(0.001, measuredSeconds);
  const sum = <T extends object>(records: T[]): T => {
    const total: Record<string, number> = {};
    for (const record of records)
      for (const [key, value] of Object.entries(record)) if (typeof value === 'number') total[key] = (total[key] ?? 0) + value;
    return total as T;
  };
  const requests = sum(singles.map((single) => single.requests));
  const plannedRates = singles.map((single) => single.rps.planned);
  const last = singles[singles.length - 1]!;
  return {
    ...first,
    meta: {
      ...first.meta,
      startedAt: singles[0]!.meta.startedAt,
      endedAt: last.meta.endedAt,
      measuredSeconds,
      aborted: singles.some((single) => single.meta.aborted),
      ...(singles.some((single) => single.meta.aborted) ? { abortedDuring: 'measuring' as const } : {}),
    },
    requests,
    rps: {
      achieved: requests.ok / rateSeconds,
      responses: requests.completed / rateSeconds,
      ...(plannedRates.every((rate) => rate !== undefined)
        ? {
            planned: singles.reduce((total, single) => total + single.rps.planned! * single.meta.measuredSeconds, 0) / rateSeconds,
          }
        : {}),
    },
    latencyUs: { ...summarizeHistogram(histogram), max: Math.max(...singles.map((single) => single.latencyUs.max)) },
    statusCodes: sum(singles.map((single) => single.statusCodes)),
    errorCodes: sum(singles.map((single) => single.errorCodes)),
    transportErrors: sum(singles.map((single) => single.transportErrors)),
    schemaCheck: {
      sampled: singles.reduce((total, single) => total + single.schemaCheck.sampled, 0),
      passed: singles.reduce((total, single) => total + single.schemaCheck.passed, 0),
      failed: singles.reduce((total, single) => total + single.schemaCheck.failed, 0),
      firstFailures: singles.flatMap((single) => single.schemaCheck.firstFailures).slice(0, 5),
    },
    throughput: singles.flatMap((single, index) => single.throughput.map((bucket) => ({ ...bucket, run: index }))),
    runs: singles.map((single, index) => ({
      index,
      startedAt: single.meta.startedAt,
      endedAt: single.meta.endedAt,
      measuredSeconds: single.meta.measuredSeconds,
      aborted: single.meta.aborted,
      requests: single.requests,
      rps: single.rps,
      latencyUs: single.latencyUs,
      histogram: single.histogram,
      ...(single.openModel ? { openModel: single.openModel } : {}),
    })),
    ...combineScenarios(results, rateSeconds),
    ...combineOpenModel(singles),
    histogram: encodeHistogram(histogram),
  };
}

/** Open-model figures of runs one after another: counts summed, jitter histograms added, caps as they were. */
function combineOpenModel(singles: readonly LoadResult[]): { openModel?: OpenModelStats } {
  const stats = singles.map((single) => single.openModel).filter((open): open is OpenModelStats => open !== undefined);
  if (stats.length === 0) return {};
  const jitter = newLatencyHistogram();
  for (const open of stats) jitter.add(decodeHistogram(open.sendJitterHistogram));
  const sum = (key: 'plannedRequests' | 'lateSends' | 'capDelayedSends' | 'pipelinedSends' | 'notSent') =>
    stats.reduce((total, open) => total + (open[key] ?? 0), 0);
  return {
    openModel: {
      ...stats[0]!,
      plannedRequests: sum('plannedRequests'),
      lateSends: sum('lateSends'),
      capDelayedSends: sum('capDelayedSends'),
      pipelinedSends: sum('pipelinedSends'),
      notSent: sum('notSent'),
      sendJitterUs: summarizeHistogram(jitter),
      sendJitterHistogram: encodeHistogram(jitter),
    },
  };
}

/**
 * Per-scenario figures of several results added up. The rate is ok answers per `seconds` for runs one after the
 * other, or the sum of the results' rates (`'sum'`) for shards that ran side by side.
 */
export function combineScenarios(results: readonly LoadResult[], seconds: number | 'sum'): { scenarios?: Record<string, ScenarioFigures> } {
  const names = new Set(results.flatMap((result) => Object.keys(result.scenarios ?? {})));
  if (names.size === 0) return {};
  const scenarios: Record<string, ScenarioFigures> = {};
  for (const name of names) {
    const histogram = newLatencyHistogram();
    const requests = { completed: 0, ok: 0, errors: 0 };
    let summedRps = 0;
    for (const result of results) {
      const figures = result.scenarios?.[name];
      if (!figures) continue;
      requests.completed += figures.requests.completed;
      requests.ok += figures.requests.ok;
      requests.errors += figures.requests.errors;
      summedRps += figures.rps;
      histogram.add(decodeHistogram(figures.histogram));
    }
    scenarios[name] = {
      requests,
      rps: seconds === 'sum' ? summedRps : requests.ok / Math.max(0.001, seconds),
      latencyUs: summarizeHistogram(histogram),
      histogram: encodeHistogram(histogram),
    };
  }
  return { scenarios };
}

/** True when results hold the same number of runs (shards of one `--repeat N` run). */
export function sameRunCounts(results: readonly LoadResult[]): boolean {
  return results.every((result) => runCount(result) === runCount(results[0]!));
}
