/**
 * Combines the result files of several shards (or machines) into one result: the HDR histograms are
 * added exactly (decode + add), counts are summed, and throughput is summed over the window in which
 * all of them ran.
 */
import { readBaselineResult } from './baseline.js';
import { concludeRun, type LoadRunOutcome } from './conclude.js';
import { checkThresholdScopes, parseThreshold } from './gate.js';
import { checkBaselineFits, checkResultPathWritable } from './preflight.js';
import { mixableScenarioNames } from './scenarios/mixed.js';
import { summarizeSecond, type ThroughputBucket } from './recorder.js';
import type { Histogram } from 'hdr-histogram-js';
import { decodeHistogram, encodeHistogram, newLatencyHistogram, newSecondHistogram } from './histogram.js';
import { combineRuns, combineScenarios, runViews, sameRunCounts } from './runs.js';
import { runCount } from './series.js';
import {
  loadResultFormat,
  readLoadResult,
  summarizeHistogram,
  wasMeasured,
  type AbortPhase,
  type LoadResult,
  type OpenModelStats,
} from './result.js';
import { ToolError } from '../config/tool-errors.js';

export class MergeError extends ToolError {
  constructor(message: string) {
    super('LOAD_MERGE_INVALID', message);
  }
}

/**
 * The shards of one run as one result. Shards of a `--repeat N` run are merged run by run (run i of
 * every shard together), then the merged runs are kept as the runs of the result: every series and
 * every histogram is added exactly.
 */
export function mergeResults(results: readonly LoadResult[]): LoadResult {
  const first = results[0];
  if (!first) throw new MergeError('load merge: no result files given; pass the result files of the shards');
  for (const result of results) {
    if (result.meta.scenario !== first.meta.scenario || result.meta.model !== first.meta.model) {
      throw new MergeError(
        `load merge: results of different runs (${first.meta.scenario}/${first.meta.model} and ${result.meta.scenario}/${result.meta.model}); merge only the shards of one run`,
      );
    }
  }
  // Shards run side by side: per-scenario counts and histograms add up, and so do their rates.
  const scenarios = combineScenarios(results, 'sum');
  if (results.some((result) => runCount(result) > 1)) {
    if (!sameRunCounts(results)) {
      throw new MergeError(
        `load merge: the results hold different numbers of repeated runs (${results.map(runCount).join(', ')}); merge the shards of one --repeat run`,
      );
    }
    const views = results.map(runViews);
    const merged = combineRuns(views[0]!.map((_, run) => mergeSingleRuns(views.map((shardRuns) => shardRuns[run]!))));
    return { ...merged, ...scenarios };
  }
  return { ...mergeSingleRuns(results), ...scenarios };
}

function mergeSingleRuns(results: readonly LoadResult[]): LoadResult {
  const first = results[0]!;
  const histogram = newLatencyHistogram();
  for (const result of results) histogram.add(decodeHistogram(result.histogram));

  // A shard aborted before measuring adds only zero counts; its abort time is no measuring window.
  const measured = results.filter(wasMeasured);
  const timed = measured.length > 0 ? measured : results;
  const startedAt = Math.min(...timed.map((result) => result.meta.startedAt));
  const endedAt = Math.max(...timed.map((result) => result.meta.endedAt));
  const requests = sumRecords(results.map((result) => result.requests));
  const throughput = mergeThroughput(timed, startedAt);
  const planned = timed.every((result) => result.rps.planned !== undefined)
    ? timed.reduce((sum, result) => sum + (result.rps.planned ?? 0), 0)
    : undefined;
  return {
    format: loadResultFormat,
    meta: {
      ...first.meta,
      shard: null,
      mergedFrom: results.reduce((sum, result) => sum + result.meta.mergedFrom, 0),
      startedAt,
      endedAt,
      measuredSeconds: Math.max(...timed.map((result) => result.meta.measuredSeconds)),
      aborted: results.some((result) => result.meta.aborted),
      abortedDuring: mergedAbortPhase(results, measured.length > 0),
    },
    requests,
    rps: {
      achieved: rateInCommonWindow(timed, 'ok'),
      responses: rateInCommonWindow(timed, 'completed'),
      ...(planned !== undefined ? { planned } : {}),
    },
    // The encoded histograms keep each value's bucket, not the exact largest value: take the exact one.
    latencyUs: { ...summarizeHistogram(histogram), max: Math.max(...results.map((result) => result.latencyUs.max)) },
    statusCodes: sumRecords(results.map((result) => result.statusCodes)),
    errorCodes: sumRecords(results.map((result) => result.errorCodes)),
    transportErrors: sumRecords(results.map((result) => result.transportErrors)),
    schemaCheck: {
      sampled: results.reduce((sum, result) => sum + result.schemaCheck.sampled, 0),
      passed: results.reduce((sum, result) => sum + result.schemaCheck.passed, 0),
      failed: results.reduce((sum, result) => sum + result.schemaCheck.failed, 0),
      firstFailures: results.flatMap((result) => result.schemaCheck.firstFailures).slice(0, 5),
    },
    ...mergeOpenModel(results),
    throughput,
    histogram: encodeHistogram(histogram),
  };
}

/** Any shard that measured makes the merge a partial measurement; otherwise the earliest phase reached. */
function mergedAbortPhase(results: readonly LoadResult[], anyMeasured: boolean): AbortPhase | undefined {
  if (!results.some((result) => result.meta.aborted)) return undefined;
  if (anyMeasured) return 'measuring';
  return results.some((result) => result.meta.abortedDuring === 'setup') ? 'setup' : 'warm-up';
}

function sumRecords<T extends object>(records: T[]): T {
  const sum: Record<string, number> = {};
  for (const record of records) {
    for (const [key, value] of Object.entries(record)) if (typeof value === 'number') sum[key] = (sum[key] ?? 0) + value;
  }
  return sum as T;
}

/**
 * Rate summed over the window in which every result was measuring (shards started at slightly
 * different times). Each result's count in that window is read from its per-second buckets, a bucket
 * cut by the window edge counting pro rata. Without a common window (runs one after another), the
 * rates are summed as they are.
 */
function rateInCommonWindow(results: readonly LoadResult[], field: 'ok' | 'completed'): number {
  const windowStart = Math.max(...results.map((result) => result.meta.startedAt));
  const windowEnd = Math.min(...results.map((result) => result.meta.endedAt));
  if (windowEnd - windowStart < 1000) {
    return results.reduce((sum, result) => sum + (field === 'ok' ? result.rps.achieved : result.rps.responses), 0);
  }
  let count = 0;
  for (const result of results) {
    for (const bucket of result.throughput) {
      const bucketStart = result.meta.startedAt + bucket.second * 1000;
      const overlap = Math.min(bucketStart + 1000, windowEnd) - Math.max(bucketStart, windowStart);
      if (overlap > 0) count += bucket[field] * (overlap / 1000);
    }
  }
  return count / ((windowEnd - windowStart) / 1000);
}

/**
 * Per-second buckets on one timeline starting at the earliest start (offsets rounded to seconds): the
 * counts summed and each second's latency histograms added.
 */
function mergeThroughput(results: readonly LoadResult[], startedAt: number): ThroughputBucket[] {
  const merged: ThroughputBucket[] = [];
  const latencies: (Histogram | undefined)[] = [];
  for (const result of results) {
    const shift = Math.round((result.meta.startedAt - startedAt) / 1000);
    for (const bucket of result.throughput) {
      const second = bucket.second + shift;
      for (let missing = merged.length; missing <= second; missing += 1)
        merged[missing] = { second: missing, sent: 0, completed: 0, ok: 0, errors: 0 };
      const target = merged[second]!;
      target.sent += bucket.sent;
      target.completed += bucket.completed;
      target.ok += bucket.ok;
      target.errors += bucket.errors;
      if (bucket.latency !== undefined) (latencies[second] ??= newSecondHistogram()).add(decodeHistogram(bucket.latency));
    }
  }
  return merged.map((bucket) => {
    const latency = latencies[bucket.second];
    return latency ? { ...bucket, latency: encodeHistogram(latency), latencyUs: summarizeSecond(latency) } : bucket;
  });
}

function mergeOpenModel(results: readonly LoadResult[]): { openModel?: OpenModelStats } {
  const stats = results.map((result) => result.openModel).filter((open): open is OpenModelStats => open !== undefined);
  if (stats.length === 0) return {};
  const jitter = newLatencyHistogram();
  for (const open of stats) jitter.add(decodeHistogram(open.sendJitterHistogram));
  return {
    openModel: {
      plannedRequests: stats.reduce((sum, open) => sum + open.plannedRequests, 0),
      lateSends: stats.reduce((sum, open) => sum + open.lateSends, 0),
      capDelayedSends: stats.reduce((sum, open) => sum + open.capDelayedSends, 0),
      pipelinedSends: stats.reduce((sum, open) => sum + (open.pipelinedSends ?? 0), 0),
      notSent: stats.reduce((sum, open) => sum + open.notSent, 0),
      lateThresholdMs: stats[0]!.lateThresholdMs,
      maxInFlight: stats.reduce((sum, open) => sum + open.maxInFlight, 0),
      ...(stats.every((open) => open.connections !== undefined)
        ? { connections: stats.reduce((sum, open) => sum + open.connections!, 0) }
        : {}),
      sendJitterUs: summarizeHistogram(jitter),
      sendJitterHistogram: encodeHistogram(jitter),
    },
  };
}

export interface MergeFilesOptions {
  files: string[];
  /** Where to write the merged result. */
  resultFile: string;
  /** Thresholds to apply to the whole load (sentences like `p99 < 250ms`). */
  thresholds: string[];
  baseline?: string;
  baselineTolerance: number;
}

/** `ledger-conformance load merge`: read, merge, write, and judge the whole load. */
export async function mergeResultFiles(options: MergeFilesOptions): Promise<LoadRunOutcome> {
  const thresholds = options.thresholds.map(parseThreshold);
  const results = await Promise.all(options.files.map(readLoadResult));
  const baseline = options.baseline === undefined ? undefined : await readBaselineResult(options.baseline);
  const merged = mergeResults(results);
  if (baseline) checkBaselineFits(baseline, options.baseline!, merged.meta);
  checkThresholdScopes(thresholds, {
    scenario: merged.meta.scenario,
    stages: merged.meta.settings.stages?.length ?? 0,
    mixable: mixableScenarioNames,
  });
  await checkResultPathWritable(options.resultFile, '--result');
  return concludeRun(merged, options.resultFile, thresholds, baseline && { result: baseline, tolerance: options.baselineTolerance });
}
