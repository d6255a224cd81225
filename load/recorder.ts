/**
 * Collects everything a load run measures, whichever model drives it: latencies in µs (HDR), status
 * and error codes, response verdicts, transport failures and per-second throughput.
 */
import * as hdr from 'hdr-histogram-js';
import type { Histogram } from 'hdr-histogram-js';
import { ResponseChecker, errorCodeOf, type ResponseCheckerOptions } from './response-check.js';
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

/** Microsecond histograms: 1 µs to (auto-resized) hours, 3 significant digits. */
export function newLatencyHistogram(): Histogram {
  return hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3, autoResize: true });
}

export class LoadRecorder {
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

  private countError(bucket: ThroughputBucket): void {
    this.counts.errors += 1;
    bucket.errors += 1;
  }

  private bucketAt(atMs: number): ThroughputBucket {
    const second = Math.max(0, Math.floor((atMs - this.startedAt) / 1000));
    let bucket = this.buckets[second];
    if (!bucket) {
      for (let missing = this.buckets.length; missing < second; missing += 1) this.buckets[missing] ??= emptyBucket(missing);
      bucket = emptyBucket(second);
      this.buckets[second] = bucket;
    }
    return bucket;
  }
}

function emptyBucket(second: number): ThroughputBucket {
  return { second, sent: 0, completed: 0, ok: 0, errors: 0 };
}
