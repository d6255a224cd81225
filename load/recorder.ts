/**
 * Collects everything a load run measures, whichever model drives it: latencies in µs (HDR), status
 * and error codes, response verdicts, transport failures and per-second throughput.
 */
import { decodeHistogram, encodeHistogram, newLatencyHistogram } from './histogram.js';
import { ResponseChecker, errorCodeOf, type ResponseCheckerOptions, type SchemaCheckStats } from './response-check.js';
import type { ResponseExpectation } from './types.js';

export interface ThroughputBucket {
  /** Seconds since the start of the measured phase. */
  second: number;
  sent: number;
  completed: number;
  ok: number;
  errors: number;
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
    this.latencyUs.recordValue(Math.max(1, Math.round(latencyUs)));
    const statusKey = String(status);
    this.statusCodes[statusKey] = (this.statusCodes[statusKey] ?? 0) + 1;
    const errorCode = errorCodeOf(status, body);
    if (errorCode !== undefined) this.errorCodes[errorCode] = (this.errorCodes[errorCode] ?? 0) + 1;
    const verdict = this.checker.judge(expect, status, body, errorCode);
    if (verdict === 'ok') {
      this.counts.ok += 1;
      bucket.ok += 1;
      return;
    }
    this.countError(bucket);
    if (verdict === 'unexpected-status') this.counts.unexpectedStatus += 1;
    else if (verdict === 'wrong-error-code') this.counts.wrongErrorCode += 1;
    else this.counts.schemaFailures += 1;
  }

  /**
   * A request that got no response. Its latency (when known, e.g. a timeout measured from the planned
   * time) is recorded too, so a stalled target shows in the percentiles instead of vanishing.
   */
  recordFailure(kind: 'timeout' | 'transport', message: string, latencyUs: number | undefined, atMs = performance.now()): void {
    this.countError(this.bucketAt(atMs));
    if (kind === 'timeout') this.counts.timeouts += 1;
    else {
      this.counts.transportErrors += 1;
      this.transportErrorMessages[message] = (this.transportErrorMessages[message] ?? 0) + 1;
    }
    if (latencyUs !== undefined) this.latencyUs.recordValue(Math.max(1, Math.round(latencyUs)));
  }

  throughput(): ThroughputBucket[] {
    return this.buckets.map((bucket, second) => bucket ?? emptyBucket(second));
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
      throughput: this.throughput(),
      histogram: encodeHistogram(this.latencyUs),
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
    }
    this.latencyUs.add(decodeHistogram(snapshot.histogram));
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

function emptyBucket(second: number): ThroughputBucket {
  return { second, sent: 0, completed: 0, ok: 0, errors: 0 };
}
