/**
 * The result of a load run: the JSON result file (with the exact, encoded HDR histogram) and the
 * console summary.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Histogram } from 'hdr-histogram-js';
import type { RequestCounts, ThroughputBucket } from './recorder.js';
import { decodeHistogram } from './histogram.js';
import type { SchemaCheckStats } from './response-check.js';
import { ToolError } from '../config/tool-errors.js';

export const loadResultFormat = 'ledger-conformance/load-result@1';

export type LoadModel = 'closed' | 'open';

/**
 * Where an aborted run stood when Ctrl-C came. Before `measuring` nothing was measured: the result
 * holds no figures (all counts zero, `measuredSeconds` 0), and neither the gate nor a baseline
 * comparison is applied to it.
 */
export type AbortPhase = 'setup' | 'warm-up' | 'measuring';

export interface RampStage {
  /** Length of the stage in seconds. */
  durationSeconds: number;
  /** Arrival rate (req/s) reached at the end of the stage, ramping linearly from the previous one. */
  targetRate: number;
}

export interface ShardSpec {
  /** 0-based. */
  index: number;
  count: number;
}

export interface LoadRunSettings {
  connections?: number;
  pipelining?: number;
  rate?: number;
  stages?: RampStage[];
  durationSeconds: number;
  /** The run's request cap (the requested count, or the safety cap). */
  maxRequests: number;
  warmupSeconds: number;
  timeoutSeconds: number;
  maxInFlight?: number;
  lateThresholdMs?: number;
  /** Open model: the sending threads of this run (absent in results written before they existed). */
  workers?: number;
  /** `--repeat N`: the measured runs (absent: 1). */
  repeat?: number;
  scenarioOptions: Record<string, unknown>;
}

export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  /** Absent in results written before it existed (any percentile can be read from the histogram). */
  p95?: number;
  p99: number;
  p999: number;
  max: number;
}

export interface OpenModelStats {
  plannedRequests: number;
  /** Requests sent later than `lateThresholdMs` after their planned time (whatever the cause). */
  lateSends: number;
  /** Of those, requests that had to wait because `maxInFlight` requests were outstanding. */
  capDelayedSends: number;
  /**
   * Requests sent on a connection that still had one outstanding, because `connections` were open
   * (absent in results written before the open model pipelined).
   */
  pipelinedSends?: number;
  /** Planned requests never sent because the run ended (duration, abort) while they waited. */
  notSent: number;
  lateThresholdMs: number;
  maxInFlight: number;
  /** The connection cap (absent in results written before the open model had one). */
  connections?: number;
  /** Actual send time − planned send time, µs. */
  sendJitterUs: LatencySummary;
  sendJitterHistogram: string;
}

/** One of the repeated runs of `--repeat N` (its seconds are the `throughput` buckets with `run` = its index). */
export interface RunRecord {
  index: number;
  startedAt: number;
  endedAt: number;
  measuredSeconds: number;
  aborted: boolean;
  requests: RequestCounts;
  rps: LoadResult['rps'];
  latencyUs: LatencySummary;
  /** The run's own latency histogram (exact; mergeable). */
  histogram: string;
  openModel?: OpenModelStats;
}

/** The figures of one sub-scenario of `mixed`. */
export interface ScenarioFigures {
  requests: { completed: number; ok: number; errors: number };
  /** Checked answers per measured second. */
  rps: number;
  latencyUs: LatencySummary;
  histogram: string;
}

export interface LoadResult {
  format: typeof loadResultFormat;
  meta: {
    scenario: string;
    model: LoadModel;
    targetName: string;
    targetUrl: string;
    shard: ShardSpec | null;
    /** Number of result files merged into this one (1 for a single run). */
    mergedFrom: number;
    /** Epoch ms of the start and end of the measured phase. */
    startedAt: number;
    endedAt: number;
    measuredSeconds: number;
    aborted: boolean;
    /** Present when aborted (absent in files written before it existed: read as `measuring`). */
    abortedDuring?: AbortPhase;
    settings: LoadRunSettings;
  };
  requests: RequestCounts;
  rps: {
    /** Responses that passed every check, per second. */
    achieved: number;
    /** Any response, per second. */
    responses: number;
    /** Open model: the planned arrival rate (average over the run). */
    planned?: number;
  };
  /** Request latency in µs (open model: from the planned send time). */
  latencyUs: LatencySummary;
  statusCodes: Record<string, number>;
  errorCodes: Record<string, number>;
  transportErrors: Record<string, number>;
  schemaCheck: SchemaCheckStats;
  openModel?: OpenModelStats;
  /**
   * The per-second series: counts, and (in results of this version) each second's latency histogram and
   * percentiles. With `--repeat N`, the seconds of every run, each bucket naming its `run`.
   */
  throughput: ThroughputBucket[];
  /** With `--repeat N` (N > 1): each run's own figures; the top-level figures are those of all runs together. */
  runs?: RunRecord[];
  /** `mixed`: the figures of each sub-scenario. */
  scenarios?: Record<string, ScenarioFigures>;
  /** The latency histogram, HdrHistogram compressed base64 (exact; mergeable). */
  histogram: string;
}

export function summarizeHistogram(histogram: Histogram): LatencySummary {
  if (histogram.totalCount === 0) return { count: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 };
  return {
    count: histogram.totalCount,
    mean: Math.round(histogram.mean),
    p50: histogram.getValueAtPercentile(50),
    p90: histogram.getValueAtPercentile(90),
    p95: histogram.getValueAtPercentile(95),
    p99: histogram.getValueAtPercentile(99),
    p999: histogram.getValueAtPercentile(99.9),
    max: histogram.maxValue,
  };
}

/** Any percentile (0 < p ≤ 100) of a result's latencies, µs, read from its exact histogram. */
export function latencyPercentile(result: Pick<LoadResult, 'histogram' | 'latencyUs'>, percentile: number): number {
  if (percentile >= 100) return result.latencyUs.max;
  const histogram = decodeHistogram(result.histogram);
  return histogram.totalCount === 0 ? 0 : histogram.getValueAtPercentile(percentile);
}

export async function writeLoadResult(path: string, result: LoadResult): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(result, null, 2)}\n`);
}

export async function readLoadResult(path: string): Promise<LoadResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new LoadResultError(`cannot read load result file ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new LoadResultError(`load result file ${path} is not JSON; pass a file written by "ledger-conformance load --result FILE"`);
  }
  const candidate = parsed as Partial<LoadResult>;
  if (candidate.format !== loadResultFormat || typeof candidate.histogram !== 'string' || !candidate.meta || !candidate.requests) {
    throw new LoadResultError(`load result file ${path} is not a ${loadResultFormat} result (missing format, meta, requests or histogram)`);
  }
  return candidate as LoadResult;
}

export class LoadResultError extends ToolError {
  constructor(message: string) {
    super('LOAD_RESULT_INVALID', message);
  }
}

/** False for a run aborted before its measured phase began: its figures are no measurement. */
export function wasMeasured(result: LoadResult): boolean {
  return !result.meta.aborted || (result.meta.abortedDuring ?? 'measuring') === 'measuring';
}

/** Share of finished requests that failed a check or got no answer (0..1). */
export function errorRate(result: LoadResult): number {
  const finished = result.requests.ok + result.requests.errors;
  return finished === 0 ? 0 : result.requests.errors / finished;
}

export function formatMicros(us: number): string {
  if (us >= 1_000_000) return `${(us / 1_000_000).toFixed(2)} s`;
  if (us >= 1_000) return `${(us / 1_000).toFixed(2)} ms`;
  return `${us} µs`;
}

/** The readable console summary of a result. */
export function formatSummary(result: LoadResult): string {
  const { meta, requests, rps, latencyUs } = result;
  const shard = meta.shard
    ? ` shard ${meta.shard.index}/${meta.shard.count}`
    : meta.mergedFrom > 1
      ? ` merged from ${meta.mergedFrom} results`
      : '';
  const heading = `load ${meta.scenario} (${meta.model} model${shard}) against ${meta.targetName} ${meta.targetUrl}`;
  if (!wasMeasured(result)) {
    return `${heading} — ABORTED during ${meta.abortedDuring}, before the measured phase: nothing was measured`;
  }
  const lines = [
    `${heading}${meta.aborted ? ' — ABORTED, partial result' : ''}`,
    `  measured ${meta.measuredSeconds.toFixed(1)} s: ${requests.sent} sent, ${requests.completed} answered, ${requests.ok} ok, ${requests.errors} errors (${(errorRate(result) * 100).toFixed(2)}%)`,
    `  throughput ${rps.achieved.toFixed(1)} ok req/s${rps.planned !== undefined ? ` (planned ${rps.planned.toFixed(1)} req/s)` : ''}, ${rps.responses.toFixed(1)} responses/s`,
    `  latency p50 ${formatMicros(latencyUs.p50)}  p90 ${formatMicros(latencyUs.p90)}  p95 ${formatMicros(latencyUs.p95 ?? latencyPercentile(result, 95))}  p99 ${formatMicros(latencyUs.p99)}  p99.9 ${formatMicros(latencyUs.p999)}  max ${formatMicros(latencyUs.max)}`,
    `  status ${formatCounts(result.statusCodes)}${Object.keys(result.errorCodes).length ? `  error codes ${formatCounts(result.errorCodes)}` : ''}`,
  ];
  const failures = [
    requests.unexpectedStatus && `${requests.unexpectedStatus} unexpected status`,
    requests.wrongErrorCode && `${requests.wrongErrorCode} wrong error code`,
    requests.schemaFailures && `${requests.schemaFailures} schema failures`,
    requests.timeouts && `${requests.timeouts} timeouts`,
    requests.transportErrors && `${requests.transportErrors} transport errors (${formatCounts(result.transportErrors)})`,
  ].filter(Boolean);
  if (failures.length) lines.push(`  errors: ${failures.join(', ')}`);
  const schema = result.schemaCheck;
  lines.push(
    `  schema check: ${schema.passed}/${schema.sampled} sampled responses passed${schema.firstFailures.length ? ` — first failure: ${schema.firstFailures[0]}` : ''}`,
  );
  const open = result.openModel;
  if (open) {
    lines.push(
      `  open model: ${open.plannedRequests} planned, ${open.lateSends} sent > ${open.lateThresholdMs} ms late (${open.capDelayedSends} held by the in-flight cap of ${open.maxInFlight}), ${open.notSent} never sent; send jitter p50 ${formatMicros(open.sendJitterUs.p50)} p99 ${formatMicros(open.sendJitterUs.p99)}`,
    );
    if (open.pipelinedSends) {
      lines.push(
        `  ${open.pipelinedSends} requests pipelined behind another on the same connection (all ${open.connections} connections were busy; raise --connections if the target serves more at once)`,
      );
    }
  }
  return lines.join('\n');
}

function formatCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  return entries.length ? entries.map(([key, count]) => `${key}×${count}`).join(' ') : '-';
}
