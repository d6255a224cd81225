/**
 * What the open model's main thread and its sending worker threads say to each other, and the request
 * batches they pass: the main thread draws the scenario's requests in planned order, serializes them
 * into one buffer per worker and transfers it (no copy); worker w of n sends planned request i when
 * i mod n = w, as its slot ⌊i / n⌋.
 */
import type { MetronomeMemory } from './metronome.js';
import type { RecorderSnapshot } from './recorder.js';
import type { SchemaProfile } from '../specification/validate.js';
import type { SchedulePlan } from './schedule.js';
import type { ResponseExpectation } from './types.js';

export interface WorkerSetup {
  /** This worker's index among `workerCount`. */
  index: number;
  workerCount: number;
  url: string;
  /** This worker's share of the in-flight cap. */
  maxInFlight: number;
  /** This worker's share of the connection cap: beyond it, requests are pipelined. */
  connections: number;
  lateThresholdMs: number;
  timeoutSeconds: number;
  schemaProfile: SchemaProfile;
  /** Wakes the worker at its next planned send (see metronome.ts). */
  metronome: MetronomeMemory;
}

export type ToWorker =
  | {
      type: 'phase';
      phase: number;
      /** False for the warm-up: its figures are not sent back. */
      measured: boolean;
      plan: SchedulePlan;
      /** Planned requests of the whole phase (all workers). */
      total: number;
      /** Start of the phase on the process-wide monotonic clock (`monotonicMs` of metronome.ts). */
      startMonotonicMs: number;
      /** The phase ends this long after its start, answered or not. */
      deadlineMs: number;
    }
  | {
      type: 'requests';
      phase: number;
      /** Absent when the message only brings new expectations (every worker needs them all). */
      batch?: RequestBatch;
      /** Expectations numbered since the last message, in number order. */
      newExpectations: ResponseExpectation[];
    }
  | { type: 'stop'; phase: number }
  /** The run is over: close every connection and exit. */
  | { type: 'close' };

export interface PhaseCounters {
  planned: number;
  lateSends: number;
  capDelayedSends: number;
  pipelinedSends: number;
  notSent: number;
  aborted: boolean;
}

/** The live figures of a worker, sent every second while measuring (no histogram: encoding one stalls the sends). */
export interface WorkerProgress {
  counts: RecorderSnapshot['counts'];
  throughput: RecorderSnapshot['throughput'];
  p99Us: number | undefined;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; phase: number; progress: WorkerProgress }
  | {
      type: 'phase-done';
      phase: number;
      counters: PhaseCounters;
      /** When the phase ended in this worker (its last answer, or the deadline, or the stop), monotonic ms. */
      endedMonotonicMs: number;
      /** Measured phases only. */
      figures?: { recorder: RecorderSnapshot; jitterHistogram: string };
    };

export interface RequestBatch {
  /** Slot of the first request (slots are consecutive). */
  firstSlot: number;
  /** The serialized requests, back to back. */
  bytes: Uint8Array<ArrayBuffer>;
  /** End offset of each request in `bytes`. */
  ends: Uint32Array<ArrayBuffer>;
  /** Index of each request's expectation in the table the worker builds from `newExpectations`. */
  expectations: Uint32Array<ArrayBuffer>;
}

/**
 * Gives each distinct expectation a number once. An expectation object a scenario reuses is found by
 * identity; a fresh but equal object by its JSON.
 */
export class ExpectationTable {
  private readonly byObject = new WeakMap<ResponseExpectation, number>();
  private readonly byJson = new Map<string, number>();
  private count = 0;
  private unsent: ResponseExpectation[] = [];

  idOf(expect: ResponseExpectation): number {
    let id = this.byObject.get(expect);
    if (id !== undefined) return id;
    const json = JSON.stringify(expect);
    id = this.byJson.get(json);
    if (id !== undefined) return id;
    // Only the first object of each kind is remembered by identity: a scenario that builds a fresh one
    // per request would otherwise fill the WeakMap with millions of short-lived keys.
    id = this.count++;
    this.byJson.set(json, id);
    this.byObject.set(expect, id);
    this.unsent.push(expect);
    return id;
  }

  /** Expectations numbered since the last call, in number order (every worker receives them all). */
  takeNew(): ResponseExpectation[] {
    const fresh = this.unsent;
    this.unsent = [];
    return fresh;
  }
}

/** Builds one batch for one worker. */
export class RequestBatchWriter {
  private bytes: Uint8Array<ArrayBuffer> = new Uint8Array(new ArrayBuffer(16 * 1024));
  private view = Buffer.from(this.bytes.buffer);
  private length = 0;
  private readonly ends: number[] = [];
  private readonly expectations: number[] = [];

  constructor(private readonly firstSlot: number) {}

  get size(): number {
    return this.ends.length;
  }

  add(text: string, expectation: number): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(text.length * 3);
    this.length += this.view.write(text, this.length);
    this.ends.push(this.length);
    this.expectations.push(expectation);
  }

  /** The batch, its buffer ready to be transferred. */
  finish(): RequestBatch {
    return {
      firstSlot: this.firstSlot,
      bytes: new Uint8Array(this.bytes.buffer, 0, this.length),
      ends: Uint32Array.from(this.ends),
      expectations: Uint32Array.from(this.expectations),
    };
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(new ArrayBuffer(Math.max(2 * this.bytes.length, this.length + extra)));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = Buffer.from(grown.buffer);
  }
}

/** The worker's side: takes the requests of consecutive slots out of the batches received so far. */
export class RequestBatchReader {
  private readonly batches: RequestBatch[] = [];
  private position = 0;
  private nextSlot = 0;

  push(batch: RequestBatch): void {
    this.batches.push(batch);
  }

  clear(): void {
    this.batches.length = 0;
    this.position = 0;
    this.nextSlot = 0;
  }

  /** The request of the next slot, or undefined when its batch has not arrived yet. */
  take(): { bytes: Buffer; expectation: number } | undefined {
    let batch = this.batches[0];
    while (batch && this.position >= batch.ends.length) {
      this.batches.shift();
      this.position = 0;
      batch = this.batches[0];
    }
    if (!batch) return undefined;
    if (batch.firstSlot + this.position !== this.nextSlot) {
      throw new Error(`open-model worker: expected the request of slot ${this.nextSlot}, got slot ${batch.firstSlot + this.position}`);
    }
    const start = this.position === 0 ? 0 : batch.ends[this.position - 1]!;
    const end = batch.ends[this.position]!;
    const expectation = batch.expectations[this.position]!;
    this.position += 1;
    this.nextSlot += 1;
    return { bytes: Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset + start, end - start), expectation };
  }
}
