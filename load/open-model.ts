/**
 * The open model: requests arrive on a fixed schedule whatever the target does (as users would), and
 * each latency is measured from the request's planned time — coordinated-omission correct, the wrk2
 * approach. A stalled target therefore shows as a stall in the percentiles instead of silently lowering
 * the send rate.
 *
 * "Not sent on time" is defined as: sent more than `lateThresholdMs` after its planned time (counted in
 * `lateSends`, whatever the cause — a busy event loop or the in-flight cap); `capDelayedSends` counts
 * those held because `maxInFlight` requests were outstanding; `notSent` counts those still held when
 * the run ended. Held requests keep their planned time, so their wait is part of their latency.
 */
import { Pool, errors as undiciErrors } from 'undici';
import type { Histogram } from 'hdr-histogram-js';
import { LoadRecorder, newLatencyHistogram } from './recorder.js';
import type { ModelRunTimes } from './closed-model.js';
import { summarizeHistogram, encodeHistogram, type OpenModelStats } from './result.js';
import { constantRate, type ArrivalSchedule } from './schedule.js';
import type { RequestStream } from './types.js';

export interface OpenModelOptions {
  url: string;
  stream: RequestStream;
  schedule: ArrivalSchedule;
  /** Hard cap on the planned requests of the measured phase. */
  maxRequests: number;
  /** Warm-up at the schedule's first rate, figures thrown away (also opens the connections). */
  warmupSeconds: number;
  warmupRate: number;
  timeoutSeconds: number;
  maxInFlight: number;
  lateThresholdMs: number;
  recorder: LoadRecorder;
  signal?: AbortSignal;
}

export interface OpenModelOutcome extends ModelRunTimes {
  stats: OpenModelStats;
  /** Planned requests per second of the measured phase. */
  plannedRate: number;
}

/** Below this, the scheduler stops sleeping on timers and polls, so sends leave within ~0.1 ms. */
const spinWindowMs = 2;

export async function runOpenModel(options: OpenModelOptions): Promise<OpenModelOutcome> {
  const origin = new URL(options.url).origin;
  const timeoutMs = options.timeoutSeconds * 1000;
  const pool = new Pool(origin, { connections: options.maxInFlight, pipelining: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  try {
    if (options.warmupSeconds > 0 && options.warmupRate > 0 && !options.signal?.aborted) {
      await runSchedule(
        pool,
        options,
        constantRate(options.warmupRate, options.warmupSeconds),
        options.recorder.forWarmup(),
        newLatencyHistogram(),
      );
    }
    const abortedInWarmup = options.signal?.aborted ?? false;
    const jitter = newLatencyHistogram();
    const startedAt = Date.now();
    const counters = await runSchedule(pool, options, options.schedule, options.recorder, jitter);
    const endedAt = Date.now();
    const elapsedSeconds = counters.aborted ? Math.max(0.001, counters.scheduledForMs / 1000) : options.schedule.durationSeconds;
    return {
      startedAt,
      endedAt,
      aborted: counters.aborted,
      ...(counters.aborted ? { abortedDuring: abortedInWarmup ? 'warm-up' : 'measuring' } : {}),
      plannedRate: counters.planned / elapsedSeconds,
      stats: {
        plannedRequests: counters.planned,
        lateSends: counters.lateSends,
        capDelayedSends: counters.capDelayedSends,
        notSent: counters.notSent,
        lateThresholdMs: options.lateThresholdMs,
        maxInFlight: options.maxInFlight,
        sendJitterUs: summarizeHistogram(jitter),
        sendJitterHistogram: encodeHistogram(jitter),
      },
    };
  } finally {
    await pool.destroy();
  }
}

interface ScheduleCounters {
  planned: number;
  lateSends: number;
  capDelayedSends: number;
  notSent: number;
  aborted: boolean;
  /** How long the schedule ran before it ended or was aborted. */
  scheduledForMs: number;
}

function runSchedule(
  pool: Pool,
  options: OpenModelOptions,
  schedule: ArrivalSchedule,
  recorder: LoadRecorder,
  jitter: Histogram,
): Promise<ScheduleCounters> {
  const total = Math.min(schedule.total, options.maxRequests);
  const counters: ScheduleCounters = { planned: 0, lateSends: 0, capDelayedSends: 0, notSent: 0, aborted: false, scheduledForMs: 0 };
  const held: number[] = [];
  /** Planned times of the requests awaiting an answer, by send sequence number. */
  const outstanding = new Map<number, number>();
  let sequence = 0;
  let finished = false;
  const startMs = performance.now();
  recorder.start(startMs);

  return new Promise<ScheduleCounters>((resolve) => {
    const finish = (): void => {
      if (finished) return;
      finished = true;
      if (!counters.aborted) {
        // Still unanswered when the run's time is up: the target did not answer within the bound.
        const nowMs = performance.now();
        for (const plannedMs of outstanding.values())
          recorder.recordFailure('timeout', 'no answer before the end of the run', (nowMs - plannedMs) * 1000, nowMs);
      }
      clearTimeout(deadlineTimer);
      options.signal?.removeEventListener('abort', abort);
      counters.notSent = held.length;
      held.length = 0;
      resolve(counters);
    };
    const abort = (): void => {
      counters.aborted = true;
      counters.scheduledForMs = performance.now() - startMs;
      finish();
    };
    // The run ends at the end of the schedule plus one request timeout to let answers arrive.
    const deadlineTimer = setTimeout(finish, schedule.durationSeconds * 1000 + options.timeoutSeconds * 1000);
    options.signal?.addEventListener('abort', abort, { once: true });
    if (options.signal?.aborted) return abort();

    const send = (plannedMs: number): void => {
      const sentMs = performance.now();
      const lateMs = sentMs - plannedMs;
      jitter.recordValue(Math.max(1, Math.round(lateMs * 1000)));
      if (lateMs > options.lateThresholdMs) counters.lateSends += 1;
      const request = options.stream.next();
      recorder.recordSent(sentMs);
      const id = sequence++;
      outstanding.set(id, plannedMs);
      pool
        .request({ method: request.method, path: request.path, headers: request.headers, body: request.body })
        .then(async (response) => {
          const body = await response.body.text();
          if (finished) return;
          const doneMs = performance.now();
          recorder.recordResponse(request.expect, response.statusCode, body, (doneMs - plannedMs) * 1000, doneMs);
        })
        .catch((error: unknown) => {
          if (finished) return;
          const doneMs = performance.now();
          const timedOut = error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError;
          recorder.recordFailure(timedOut ? 'timeout' : 'transport', describe(error), (doneMs - plannedMs) * 1000, doneMs);
        })
        .finally(() => {
          outstanding.delete(id);
          const next = held.shift();
          if (next !== undefined && !finished) send(next);
          else if (!finished && counters.planned === total && outstanding.size === 0 && held.length === 0) finish();
        });
    };

    const pump = (): void => {
      if (finished) return;
      const now = performance.now();
      while (counters.planned < total) {
        const plannedMs = startMs + schedule.plannedAtMs(counters.planned);
        if (plannedMs > now) break;
        counters.planned += 1;
        if (outstanding.size < options.maxInFlight) send(plannedMs);
        else {
          counters.capDelayedSends += 1;
          held.push(plannedMs);
        }
      }
      if (counters.planned === total) {
        counters.scheduledForMs = schedule.durationSeconds * 1000;
        if (outstanding.size === 0 && held.length === 0) finish();
        return;
      }
      const waitMs = startMs + schedule.plannedAtMs(counters.planned) - performance.now();
      if (waitMs > spinWindowMs) setTimeout(pump, waitMs - spinWindowMs);
      else setImmediate(pump);
    };
    pump();
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) return (error as Error & { code?: string }).code ?? error.name;
  return String(error);
}
