/**
 * Collects everything a load run measures, whichever model drives it: latencies in µs (HDR), status
 * and error codes, response verdicts, transport failures and per-second throughput.
 */
import type { Histogram } from 'hdr-histogram-js';
import { decodeHistogram, encodeHistogram, newLatencyHistogram, newSecondHistogram } from './histogram.js';
import { ResponseChecker, errorCodeOf, type ResponseCheckerOptions, type SchemaCheckStats } from './response-check.js';
import type { ResponseExpectation } from './types.js';

export interface ThroughputBucket {
  /** Seconds since the start of the measured phase. */
  second: number;
  sent: number;
  completed: number;
  ok: number;
  errors: number;
  /**
   * The latencies recorded in this second (answers and failures with a latency), an HdrHistogram at 2
   * significant digits, compressed base64: exact to add, as the run's own histogram (absent in results
   * written before the per-second series existed).
   */
  latency?: string;
  /** Derived from `latency` for people and charts (µs); not used by merge, which adds the histograms. */
  latencyUs?: SecondLatency;
  /** Which repeated run (`--repeat`) the second belongs to, 0-based (absent: 0); `second` counts from that run's start. */
  run?: number;
}

/** Percentiles of one second's latencies, µs. */
export interface SecondLatency {
  count: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

/** Figures of one sub-scenario of `mixed` (requests tagged with `ResponseExpectation.scenario`). */
export interface ScenarioSnapshot {
  completed: number;
  ok: number;
  errors: number;
  histogram: string;
}

export interface RequestCounts {
  sent: number;
  /** Responses received (any status). */
  completed: number;
  /** Responses that passed every check. */
  ok: number;
  /** unexpectedStatus + wrongErrorCode + schemaFailures + timeouts + transportErrors. */
  errors: number;
  unexpectedStatus: number;
  wrongErrorCode: number;
  schemaFailures: number;
  timeouts: number;
  transportErrors: number;
}

/**
 * Everything a recorder holds, as plain data: what an open-model worker thread hands to the main thread,
 * which adds the snapshots of all workers up exactly (histograms included) as `load merge` adds shards.
 */
export interface RecorderSnapshot {
  counts: RequestCounts;
  statusCodes: Record<string, number>;
  errorCodes: Record<string, number>;
  transportErrorMessages: Record<string, number>;
  schemaCheck: SchemaCheckStats;
  /** Per second since the start of the measured phase (recorders started at the same instant line up). */
  throughput: ThroughputBucket[];
  /** The latency histogram, HdrHistogram compressed base64. */
  histogram: string;
  /** Per sub-scenario of `mixed` (absent when no request was tagged). */
  scenarios?: Record<string, ScenarioSnapshot>;
}

/** What the live progress line shows of a run in progress. */
export interface ProgressFigures {
  /** performance.now() at the start of the measured phase. */
  readonly startedAtMs: number;
  readonly counts: Pick<RequestCounts, 'sent' | 'ok' | 'errors'>;
  throughput(): ThroughputBucket[];
  /** The p99 latency so far (µs), undefined before the first answer. */
  p99Us(): number | undefined;
}

const keptFailureMessages = 5;

export class LoadRecorder implements ProgressFigures {
  readonly latencyUs = newLatencyHistogram();
  readonly counts: RequestCounts = {
    sent: 0,
    completed: 0,
    ok: 0,
    errors: 0,
    unexpectedStatus: 0,
    wrongErrorCode: 0,
    schemaFailures: 0,
    timeouts: 0,
    transportErrors: 0,
  };
  readonly statusCodes: Record<string, number> = {};
  readonly errorCodes: Record<string, number> = {};
  readonly transportErrorMessages: Record<string, number> = {};
  readonly checker: ResponseChecker;
  private readonly buckets: ThroughputBucket[] = [];
  /** The latencies of each second, by index (see ThroughputBucket.latency). */
  private readonly secondLatencies: Histogram[] = [];
  private readonly scenarios = new Map<string, { completed: number; ok: number; errors: number; histogram: Histogram }>();
  /** performance.now() at the start of the measured phase. */
  private startedAt = performance.now();

  constructor(private readonly checkerOptions: ResponseCheckerOptions) {
    this.checker = new ResponseChecker(checkerOptions);
  }

  /** A fresh recorder with the same checks, for a warm-up whose figures are thrown away. */
  forWarmup(): LoadRecorder {
    return new LoadRecorder(this.checkerOptions);
  }

  /** Marks the start of the measured phase (after setup and warm-up). */
  start(atMs = performance.now()): void {
    this.startedAt = atMs;
  }

  get startedAtMs(): number {
    return this.startedAt;
  }

  recordSent(atMs = performance.now()): void {
    this.counts.sent += 1;
    this.bucketAt(atMs).sent += 1;
  }

  recordResponse(expect: ResponseExpectation, status: number, body: string, latencyUs: number, atMs = performance.now()): void {
    const bucket = this.bucketAt(atMs);
    this.counts.completed += 1;
    bucket.completed += 1;
    const micros = Math.max(1, Math.round(latencyUs));
    this.latencyUs.recordValue(micros);
    this.secondLatency(bucket.second).recordValue(micros);
    const scenario = expect.scenario === undefined ? undefined : this.scenarioFigures(expect.scenario);
    if (scenario) {
      scenario.completed += 1;
      scenario.histogram.recordValue(micros);
    }
    const statusKey = String(status);
    this.statusCodes[statusKey] = (this.statusCodes[statusKey] ?? 0) + 1;
    const errorCode = errorCodeOf(status, body);
    if (errorCode !== undefined) this.errorCodes[errorCode] = (this.errorCodes[errorCode] ?? 0) + 1;
    const verdict = this.checker.judge(expect, status, body, errorCode);
    if (verdict === 'ok') {
      this.counts.ok += 1;
      bucket.ok += 1;
      if (scenario) scenario.ok += 1;
      return;
    }
    if (scenario) scenario.errors += 1;
    this.countError(bucket);
    if (verdict === 'unexpected-status') this.counts.unexpectedStatus += 1;
    else if (verdict === 'wrong-error-code') this.counts.wrongErrorCode += 1;
    else this.counts.schemaFailures += 1;
  }

  /**
   * A request that got no response. Its latency (when known, e.g. a timeout measured from the planned
   * time) is recorded too, so a stalled target shows in the percentiles instead of vanishing.
   */
  recordFailure(
    kind: 'timeout' | 'transport',
    message: string,
    latencyUs: number | undefined,
    atMs = performance.now(),
    expect?: ResponseExpectation,
  ): void {
    const bucket = this.bucketAt(atMs);
    this.countError(bucket);
    if (kind === 'timeout') this.counts.timeouts += 1;
    else {
      this.counts.transportErrors += 1;
      this.transportErrorMessages[message] = (this.transportErrorMessages[message] ?? 0) + 1;
    }
    const scenario = expect?.scenario === undefined ? undefined : this.scenarioFigures(expect.scenario);
    if (scenario) scenario.errors += 1;
    if (latencyUs !== undefined) {
      const micros = Math.max(1, Math.round(latencyUs));
      this.latencyUs.recordValue(micros);
      this.secondLatency(bucket.second).recordValue(micros);
      scenario?.histogram.recordValue(micros);
    }
  }

  /** The per-second counts (without the latency histograms: cheap enough for the progress line). */
  throughput(): ThroughputBucket[] {
    return this.buckets.map((bucket, second) => bucket ?? emptyBucket(second));
  }

  /** The per-second counts with each second's latency histogram and percentiles: what a result keeps. */
  series(): ThroughputBucket[] {
    return this.throughput().map((bucket) => {
      const histogram = this.secondLatencies[bucket.second];
      if (histogram === undefined || histogram.totalCount === 0) return { ...bucket };
      return { ...bucket, latency: encodeHistogram(histogram), latencyUs: summarizeSecond(histogram) };
    });
  }

  /** Figures per sub-scenario of `mixed`, as plain data (undefined when no request was tagged). */
  scenarioSnapshots(): Record<string, ScenarioSnapshot> | undefined {
    if (this.scenarios.size === 0) return undefined;
    return Object.fromEntries(
      [...this.scenarios].map(([name, figures]) => [
        name,
        { completed: figures.completed, ok: figures.ok, errors: figures.errors, histogram: encodeHistogram(figures.histogram) },
      ]),
    );
  }

  p99Us(): number | undefined {
    return this.latencyUs.totalCount ? this.latencyUs.getValueAtPercentile(99) : undefined;
  }

  snapshot(): RecorderSnapshot {
    return {
      counts: { ...this.counts },
      statusCodes: { ...this.statusCodes },
      errorCodes: { ...this.errorCodes },
      transportErrorMessages: { ...this.transportErrorMessages },
      schemaCheck: { ...this.checker.schemaCheck, firstFailures: [...this.checker.schemaCheck.firstFailures] },
      throughput: this.series(),
      histogram: encodeHistogram(this.latencyUs),
      ...(this.scenarios.size ? { scenarios: this.scenarioSnapshots()! } : {}),
    };
  }

  /** Adds a snapshot's figures to this recorder's: counts summed, histograms added exactly, seconds matched by index. */
  absorb(snapshot: RecorderSnapshot): void {
    addCounts(this.counts, snapshot.counts);
    addCounts(this.statusCodes, snapshot.statusCodes);
    addCounts(this.errorCodes, snapshot.errorCodes);
    addCounts(this.transportErrorMessages, snapshot.transportErrorMessages);
    const schemaCheck = this.checker.schemaCheck;
    schemaCheck.sampled += snapshot.schemaCheck.sampled;
    schemaCheck.passed += snapshot.schemaCheck.passed;
    schemaCheck.failed += snapshot.schemaCheck.failed;
    for (const failure of snapshot.schemaCheck.firstFailures) {
      if (schemaCheck.firstFailures.length < keptFailureMessages) schemaCheck.firstFailures.push(failure);
    }
    for (const bucket of snapshot.throughput) {
      // By index, not through a time: (startedAt + 2000) − startedAt can be 1999.999… and land a second early.
      const own = this.bucketOfSecond(bucket.second);
      own.sent += bucket.sent;
      own.completed += bucket.completed;
      own.ok += bucket.ok;
      own.errors += bucket.errors;
      if (bucket.latency !== undefined) this.secondLatency(bucket.second).add(decodeHistogram(bucket.latency));
    }
    this.latencyUs.add(decodeHistogram(snapshot.histogram));
    for (const [name, figures] of Object.entries(snapshot.scenarios ?? {})) {
      const own = this.scenarioFigures(name);
      own.completed += figures.completed;
      own.ok += figures.ok;
      own.errors += figures.errors;
      own.histogram.add(decodeHistogram(figures.histogram));
    }
  }

  private secondLatency(second: number): Histogram {
    let histogram = this.secondLatencies[second];
    if (histogram === undefined) {
      histogram = newSecondHistogram();
      this.secondLatencies[second] = histogram;
    }
    return histogram;
  }

  private scenarioFigures(name: string): { completed: number; ok: number; errors: number; histogram: Histogram } {
    let figures = this.scenarios.get(name);
    if (figures === undefined) {
      figures = { completed: 0, ok: 0, errors: 0, histogram: newLatencyHistogram() };
      this.scenarios.set(name, figures);
    }
    return figures;
  }

  private countError(bucket: ThroughputBucket): void {
    this.counts.errors += 1;
    bucket.errors += 1;
  }

  private bucketAt(atMs: number): ThroughputBucket {
    return this.bucketOfSecond(Math.max(0, Math.floor((atMs - this.startedAt) / 1000)));
  }

  private bucketOfSecond(second: number): ThroughputBucket {
    let bucket = this.buckets[second];
    if (!bucket) {
      for (let missing = this.buckets.length; missing < second; missing += 1) this.buckets[missing] ??= emptyBucket(missing);
      bucket = emptyBucket(second);
      this.buckets[second] = bucket;
    }
    return bucket;
  }
}

function addCounts<T extends object>(sum: T, part: T): void {
  const target = sum as Record<string, number>;
  for (const [key, value] of Object.entries(part) as [string, number][]) target[key] = (target[key] ?? 0) + value;
}

/** The percentiles of one second's histogram (µs). */
export function summarizeSecond(histogram: Histogram): SecondLatency {
  return {
    count: histogram.totalCount,
    p50: histogram.getValueAtPercentile(50),
    p90: histogram.getValueAtPercentile(90),
    p95: histogram.getValueAtPercentile(95),
    p99: histogram.getValueAtPercentile(99),
    max: histogram.maxValue,
  };
}

function emptyBucket(second: number): ThroughputBucket {
  return { second, sent: 0, completed: 0, ok: 0, errors: 0 };
}
