/**
 * The open model: requests arrive on a fixed schedule whatever the target does (as users would), and
 * each latency is measured from the request's planned time — coordinated-omission correct, the wrk2
 * approach. A stalled target therefore shows as a stall in the percentiles instead of silently lowering
 * the send rate.
 *
 * The sending is spread over worker threads (`workers`, default: every core of the machine), each
 * owning every n-th planned request (see `open-model-worker.ts`). This thread draws the scenario's
 * requests in planned order, serializes them a quarter of a second ahead of their time and hands each
 * worker its share; at the end it adds the workers' figures up exactly (HDR histograms included), as
 * `load merge` adds shards.
 *
 * "Not sent on time" is defined as: sent more than `lateThresholdMs` after its planned time (counted in
 * `lateSends`, whatever the cause — a busy thread or the in-flight cap); `capDelayedSends` counts
 * those held because `maxInFlight` requests were outstanding; `notSent` counts those still held when
 * the run ended. Held requests keep their planned time, so their wait is part of their latency.
 */
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { ModelRunTimes } from './closed-model.js';
import { decodeHistogram, encodeHistogram, newLatencyHistogram } from './histogram.js';
import { createRequestTextSerializer } from './http-serialize.js';
import { announcePhase, createMetronomeMemory, monotonicMs, stopMetronome, type MetronomeMemory } from './metronome.js';
import {
  ExpectationTable,
  RequestBatchWriter,
  type FromWorker,
  type PhaseCounters,
  type ToWorker,
  type WorkerProgress,
  type WorkerSetup,
} from './open-model-protocol.js';
import type { LoadRecorder, ProgressFigures, RecorderSnapshot, ThroughputBucket } from './recorder.js';
import { summarizeHistogram, type OpenModelStats } from './result.js';
import { constantRate, type ArrivalSchedule } from './schedule.js';
import type { LoadRequest, RequestStream } from './types.js';
import type { SchemaProfile } from '../specification/validate.js';

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
  /** Cap on requests awaiting an answer, shared out among the workers. */
  maxInFlight: number;
  /** Cap on open connections, shared out among the workers; beyond it requests are pipelined. */
  connections: number;
  lateThresholdMs: number;
  /** Sending threads (at most `maxInFlight`). */
  workers: number;
  /** The schemas a sample of the answers is checked against (each worker checks its own sample). */
  schemaProfile: SchemaProfile;
  /** Receives the exact sum of the workers' figures of the measured phase. */
  recorder: LoadRecorder;
  /** Live figures for the progress line, updated every second while measuring. */
  progress?: OpenModelProgress;
  signal?: AbortSignal;
}

export interface OpenModelOutcome extends ModelRunTimes {
  stats: OpenModelStats;
  /** Planned requests per second of the measured phase. */
  plannedRate: number;
  /** The sending threads the run used. */
  workers: number;
}

/** How far ahead of their planned time requests are prepared: a busy main thread (an in-process target) does not starve the senders. */
const lookaheadMs = 250;
const feedEveryMs = 20;
/** Time between announcing a phase and its start, for the announcement to reach every worker. */
const startLeadMs = 20;
/** A worker that has not reported this long after its phase's deadline is taken to be stuck. */
const stuckAfterMs = 10_000;
const closeGraceMs = 1_000;

export async function runOpenModel(options: OpenModelOptions): Promise<OpenModelOutcome> {
  const workerCount = Math.max(1, Math.min(Math.floor(options.workers), options.maxInFlight));
  const threads = await SendingThreads.start(options, workerCount);
  const nothingMeasured = (): OpenModelOutcome => {
    const now = Date.now();
    return {
      startedAt: now,
      endedAt: now,
      aborted: true,
      abortedDuring: 'warm-up',
      plannedRate: 0,
      workers: workerCount,
      stats: openModelStats(options, zeroCounters(), newLatencyHistogram()),
    };
  };
  if (threads === undefined) return nothingMeasured();
  try {
    if (options.warmupSeconds > 0 && options.warmupRate > 0 && !options.signal?.aborted) {
      await threads.runPhase(constantRate(options.warmupRate, options.warmupSeconds), false);
    }
    if (options.signal?.aborted) return nothingMeasured();
    const phase = await threads.runPhase(options.schedule, true);
    const jitter = newLatencyHistogram();
    for (const figures of phase.figures) {
      options.recorder.absorb(figures.recorder);
      jitter.add(decodeHistogram(figures.jitterHistogram));
    }
    const elapsedSeconds = phase.counters.aborted ? Math.max(0.001, phase.ranForMs / 1000) : options.schedule.durationSeconds;
    return {
      startedAt: phase.startedAt,
      endedAt: phase.endedAt,
      aborted: phase.counters.aborted,
      ...(phase.counters.aborted ? { abortedDuring: 'measuring' as const } : {}),
      plannedRate: phase.counters.planned / elapsedSeconds,
      workers: workerCount,
      stats: openModelStats(options, phase.counters, jitter),
    };
  } finally {
    await threads.close();
  }
}

function openModelStats(
  options: OpenModelOptions,
  counters: PhaseCounters,
  jitter: ReturnType<typeof newLatencyHistogram>,
): OpenModelStats {
  return {
    plannedRequests: counters.planned,
    lateSends: counters.lateSends,
    capDelayedSends: counters.capDelayedSends,
    pipelinedSends: counters.pipelinedSends,
    notSent: counters.notSent,
    lateThresholdMs: options.lateThresholdMs,
    maxInFlight: options.maxInFlight,
    connections: options.connections,
    sendJitterUs: summarizeHistogram(jitter),
    sendJitterHistogram: encodeHistogram(jitter),
  };
}

/** Worker `index`'s part of a whole cap: the parts add up to it (each worker gets at least 1). */
function shareOf(whole: number, index: number, count: number): number {
  return Math.max(1, Math.floor(whole / count) + (index < whole % count ? 1 : 0));
}

function zeroCounters(): PhaseCounters {
  return { planned: 0, lateSends: 0, capDelayedSends: 0, pipelinedSends: 0, notSent: 0, aborted: false };
}

interface PhaseOutcome {
  counters: PhaseCounters;
  figures: { recorder: RecorderSnapshot; jitterHistogram: string }[];
  /** Epoch ms of the phase's start and end. */
  startedAt: number;
  endedAt: number;
  /** How long the schedule ran before it ended or was stopped. */
  ranForMs: number;
}

interface RunningPhase {
  id: number;
  done: Map<number, Extract<FromWorker, { type: 'phase-done' }>>;
  settle(error?: Error): void;
}

/** The worker threads of one run, driven phase by phase (warm-up, measured) from this thread. */
class SendingThreads {
  private readonly serialize: (request: LoadRequest) => string;
  private readonly expectations = new ExpectationTable();
  private phaseCount = 0;
  private running: RunningPhase | undefined;
  private closing = false;

  private constructor(
    private readonly workers: Worker[],
    private readonly metronome: { thread: Worker; memory: MetronomeMemory; port: MessagePort },
    private readonly options: OpenModelOptions,
  ) {
    this.serialize = createRequestTextSerializer(new URL(options.url).host);
    metronome.thread.on('error', (error) => this.running?.settle(error));
    metronome.thread.on('exit', (code) => {
      if (!this.closing) this.running?.settle(new Error(`the open model's metronome thread stopped unexpectedly (exit code ${code})`));
    });
    workers.forEach((worker, index) => {
      worker.on('message', (message: FromWorker) => this.received(index, message));
      worker.on('error', (error) => this.running?.settle(error));
      worker.on('exit', (code) => {
        if (!this.closing) this.running?.settle(new Error(`open-model worker ${index} stopped unexpectedly (exit code ${code})`));
      });
    });
  }

  /** Starts the workers and waits until each is ready; undefined when the run was aborted meanwhile. */
  static async start(options: OpenModelOptions, count: number): Promise<SendingThreads | undefined> {
    const boot = new URL('./open-model-worker-boot.mjs', import.meta.url);
    const memory = createMetronomeMemory(count);
    const { port1, port2 } = new MessageChannel();
    const metronome = new Worker(boot, {
      workerData: { entry: new URL('./metronome-thread.ts', import.meta.url).href, memory, port: port2 },
      transferList: [port2],
    });
    const entry = new URL('./open-model-worker.ts', import.meta.url).href;
    const workers = Array.from({ length: count }, (_, index) => {
      const setup: WorkerSetup = {
        index,
        workerCount: count,
        url: options.url,
        maxInFlight: shareOf(options.maxInFlight, index, count),
        connections: shareOf(options.connections, index, count),
        lateThresholdMs: options.lateThresholdMs,
        timeoutSeconds: options.timeoutSeconds,
        schemaProfile: options.schemaProfile,
        metronome: memory,
      };
      return new Worker(boot, { workerData: { entry, setup } });
    });
    const terminateAll = async (): Promise<void> => {
      stopMetronome(memory);
      await Promise.all([metronome, ...workers].map((worker) => worker.terminate()));
    };
    let onAbort = (): void => {};
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted');
      options.signal?.addEventListener('abort', onAbort, { once: true });
      if (options.signal?.aborted) onAbort();
    });
    // Until the instance takes over, a thread failing to load rejects the start.
    const metronomeFailed = new Promise<never>((_, reject) => metronome.once('error', reject));
    const ready = Promise.all(
      workers.map(
        (worker, index) =>
          new Promise<void>((resolve, reject) => {
            const onMessage = (message: FromWorker): void => {
              if (message.type !== 'ready') return;
              worker.off('message', onMessage);
              resolve();
            };
            worker.on('message', onMessage);
            worker.once('error', reject);
            worker.once('exit', (code) => reject(new Error(`open-model worker ${index} exited during its start (exit code ${code})`)));
          }),
      ),
    );
    try {
      if ((await Promise.race([ready, aborted, metronomeFailed])) === 'aborted') {
        await terminateAll();
        return undefined;
      }
    } catch (error) {
      await terminateAll();
      throw error;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
    return new SendingThreads(workers, { thread: metronome, memory, port: port1 }, options);
  }

  /** Runs one phase of the schedule on all workers until each has finished its share (or the run is aborted). */
  async runPhase(schedule: ArrivalSchedule, measured: boolean): Promise<PhaseOutcome> {
    const { options, workers } = this;
    const id = ++this.phaseCount;
    const total = Math.min(schedule.total, options.maxRequests);
    const count = workers.length;
    let fed = 0;
    /** Prepares the requests planned up to `untilMs` (schedule time): each worker's share, ready to post. */
    const prepare = (untilMs: number): (() => void) => {
      const writers: (RequestBatchWriter | undefined)[] = new Array(count);
      while (fed < total && schedule.plannedAtMs(fed) <= untilMs) {
        const request = options.stream.next();
        const worker = fed % count;
        const writer = (writers[worker] ??= new RequestBatchWriter(Math.floor(fed / count)));
        writer.add(this.serialize(request), this.expectations.idOf(request.expect));
        fed += 1;
      }
      const newExpectations = this.expectations.takeNew();
      return () =>
        workers.forEach((worker, index) => {
          const batch = writers[index]?.finish();
          if (batch === undefined && newExpectations.length === 0) return;
          const message: ToWorker = { type: 'requests', phase: id, newExpectations, ...(batch ? { batch } : {}) };
          worker.postMessage(message, batch ? [batch.bytes.buffer, batch.ends.buffer, batch.expectations.buffer] : []);
        });
    };

    const deadlineMs = (schedule.durationSeconds + options.timeoutSeconds) * 1000;
    const done = new Map<number, Extract<FromWorker, { type: 'phase-done' }>>();
    let settle: (error?: Error) => void = () => {};
    const finished = new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve());
    });
    this.running = { id, done, settle };

    // The first quarter second is prepared before the start is fixed, so preparing it cannot make it late.
    const postFirstBatches = prepare(lookaheadMs);
    const startMonotonic = monotonicMs() + startLeadMs;
    const startedAt = Date.now() + startLeadMs;
    if (measured) {
      const startLocal = performance.now() + startLeadMs;
      options.recorder.start(startLocal);
      options.progress?.start(startLocal);
    }
    announcePhase(this.metronome.memory, this.metronome.port, { plan: schedule.plan, total, startMonotonicMs: startMonotonic });
    for (const worker of workers) {
      const message: ToWorker = {
        type: 'phase',
        phase: id,
        measured,
        plan: schedule.plan,
        total,
        startMonotonicMs: startMonotonic,
        deadlineMs,
      };
      worker.postMessage(message);
    }
    postFirstBatches();
    const feeder = setInterval(() => prepare(monotonicMs() - startMonotonic + lookaheadMs)(), feedEveryMs);
    let stoppedAt: number | undefined;
    const stop = (): void => {
      stoppedAt = monotonicMs();
      for (const worker of workers) worker.postMessage({ type: 'stop', phase: id } satisfies ToWorker);
    };
    options.signal?.addEventListener('abort', stop, { once: true });
    if (options.signal?.aborted) stop();
    const watchdog = setTimeout(
      () => settle(new Error(`open-model workers did not finish within ${(deadlineMs + stuckAfterMs) / 1000} s of the phase's start`)),
      startLeadMs + deadlineMs + stuckAfterMs,
    );
    try {
      await finished;
    } finally {
      clearInterval(feeder);
      clearTimeout(watchdog);
      options.signal?.removeEventListener('abort', stop);
      this.running = undefined;
    }
    const counters = zeroCounters();
    const figures: PhaseOutcome['figures'] = [];
    let endedMonotonic = startMonotonic;
    for (const report of done.values()) {
      endedMonotonic = Math.max(endedMonotonic, report.endedMonotonicMs);
      counters.planned += report.counters.planned;
      counters.lateSends += report.counters.lateSends;
      counters.capDelayedSends += report.counters.capDelayedSends;
      counters.pipelinedSends += report.counters.pipelinedSends;
      counters.notSent += report.counters.notSent;
      counters.aborted ||= report.counters.aborted;
      if (report.figures) figures.push(report.figures);
    }
    return {
      counters,
      figures,
      startedAt,
      endedAt: startedAt + (endedMonotonic - startMonotonic),
      ranForMs: (stoppedAt ?? monotonicMs()) - startMonotonic,
    };
  }

  /** Asks each worker to close its connections and end; one that has not ended within a second is terminated. */
  async close(): Promise<void> {
    this.closing = true;
    stopMetronome(this.metronome.memory);
    this.metronome.port.close();
    await Promise.all(
      [this.metronome.thread, ...this.workers].map(async (worker) => {
        if (worker.threadId === -1) return; // already ended
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        if (worker !== this.metronome.thread) worker.postMessage({ type: 'close' } satisfies ToWorker);
        const timer = setTimeout(() => void worker.terminate(), closeGraceMs);
        await exited;
        clearTimeout(timer);
      }),
    );
  }

  private received(index: number, message: FromWorker): void {
    const running = this.running;
    if (running === undefined || message.type === 'ready' || message.phase !== running.id) return;
    if (message.type === 'progress') this.options.progress?.update(index, message.progress);
    else {
      running.done.set(index, message);
      if (running.done.size === this.workers.length) running.settle();
    }
  }
}

/** The live figures of a measured phase, from the workers' reports of every second. */
export class OpenModelProgress implements ProgressFigures {
  startedAtMs = performance.now();
  readonly counts = { sent: 0, ok: 0, errors: 0 };
  private readonly latest = new Map<number, WorkerProgress>();

  start(atMs: number): void {
    this.startedAtMs = atMs;
  }

  update(worker: number, progress: WorkerProgress): void {
    this.latest.set(worker, progress);
    this.counts.sent = this.counts.ok = this.counts.errors = 0;
    for (const { counts } of this.latest.values()) {
      this.counts.sent += counts.sent;
      this.counts.ok += counts.ok;
      this.counts.errors += counts.errors;
    }
  }

  throughput(): ThroughputBucket[] {
    const sum: ThroughputBucket[] = [];
    for (const { throughput } of this.latest.values()) {
      for (const bucket of throughput) {
        const target = (sum[bucket.second] ??= { second: bucket.second, sent: 0, completed: 0, ok: 0, errors: 0 });
        target.sent += bucket.sent;
        target.completed += bucket.completed;
        target.ok += bucket.ok;
        target.errors += bucket.errors;
      }
    }
    return Array.from(sum, (bucket, second) => bucket ?? { second, sent: 0, completed: 0, ok: 0, errors: 0 });
  }

  /** The highest of the workers' p99s: a live estimate (the result holds the exact merge). */
  p99Us(): number | undefined {
    const p99s = [...this.latest.values()].map((progress) => progress.p99Us).filter((p99): p99 is number => p99 !== undefined);
    return p99s.length ? Math.max(...p99s) : undefined;
  }
}
