/**
 * The closed model: a fixed number of connections (optionally pipelined), each sending its next request
 * as soon as the previous answer arrives — the maximum throughput a target sustains. Driven by
 * autocannon; the latencies (µs), statuses and response checks are recorded here, because autocannon's
 * own histogram has 1 ms resolution and it cannot tell which scenario request a response belongs to.
 */
import autocannon from 'autocannon';
import { LoadRecorder } from './recorder.js';
import { createRequestSerializer } from './http-serialize.js';
import type { AbortPhase } from './result.js';
import type { RequestStream, ResponseExpectation } from './types.js';

export interface ClosedModelOptions {
  /** Base URL of the target (only its origin is used; request paths come from the scenario). */
  url: string;
  stream: RequestStream;
  connections: number;
  pipelining: number;
  durationSeconds: number;
  /** Hard cap on the requests of the measured phase. */
  maxRequests: number;
  /** Run this long first, with its figures thrown away. */
  warmupSeconds: number;
  timeoutSeconds: number;
  recorder: LoadRecorder;
  signal?: AbortSignal;
}

export interface ModelRunTimes {
  /** Epoch ms of the start and end of the measured phase. */
  startedAt: number;
  endedAt: number;
  aborted: boolean;
  /** When aborted: the phase the run was in (before `measuring`, nothing was measured). */
  abortedDuring?: AbortPhase;
}

/** The part of autocannon's per-connection client this module hooks into (see `setupClient`). */
interface AutocannonClient {
  getRequestBuffer(): Buffer;
  on(event: 'response', listener: (status: number, bytes: number, durationMs: number) => void): void;
  on(event: 'timeout' | 'connError', listener: () => void): void;
}

export async function runClosedModel(options: ClosedModelOptions): Promise<ModelRunTimes> {
  if (options.warmupSeconds > 0 && !options.signal?.aborted) {
    await runPhase(options, options.recorder.forWarmup(), options.warmupSeconds, options.maxRequests);
  }
  if (options.signal?.aborted) {
    const now = Date.now();
    return { startedAt: now, endedAt: now, aborted: true, abortedDuring: 'warm-up' };
  }
  options.recorder.start();
  const startedAt = Date.now();
  await runPhase(options, options.recorder, options.durationSeconds, options.maxRequests);
  const aborted = options.signal?.aborted ?? false;
  return { startedAt, endedAt: Date.now(), aborted, ...(aborted ? { abortedDuring: 'measuring' as const } : {}) };
}

function runPhase(options: ClosedModelOptions, recorder: LoadRecorder, seconds: number, maxRequests: number): Promise<void> {
  const origin = new URL(options.url);
  const serialize = createRequestSerializer(origin.host);
  // autocannon calls `onResponse` with the body and, synchronously after it, emits the client's
  // `response` event with the duration: the body is handed over through this variable.
  let lastBody = '';

  const setupClient = (client: AutocannonClient): void => {
    // HTTP/1.1 answers in request order on a connection, so a FIFO per connection pairs each
    // response with the expectation of its request, pipelined or not.
    const pending: ResponseExpectation[] = [];
    client.getRequestBuffer = () => {
      const request = options.stream.next();
      pending.push(request.expect);
      recorder.recordSent();
      return serialize(request);
    };
    client.on('response', (status, _bytes, durationMs) => {
      const expect = pending.shift();
      if (expect) recorder.recordResponse(expect, status, lastBody, durationMs * 1000);
    });
    const failPending = (kind: 'timeout' | 'transport') => () => {
      for (const expect of pending.splice(0))
        recorder.recordFailure(kind, kind === 'timeout' ? 'timeout' : 'connection error', undefined, performance.now(), expect);
    };
    client.on('timeout', failPending('timeout'));
    client.on('connError', failPending('transport'));
  };

  return new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin.origin,
        connections: Math.max(1, Math.min(options.connections, maxRequests)),
        pipelining: options.pipelining,
        // The request count is autocannon's own stop condition (exact per connection); the duration
        // is enforced by the timer below, so every phase is bounded by both.
        amount: maxRequests,
        timeout: options.timeoutSeconds,
        // autocannon notices a stop request on its sampling tick: a short tick stops promptly.
        sampleInt: 100,
        setupClient: setupClient as unknown as autocannon.Options['setupClient'],
        requests: [{ method: 'GET', path: '/', onResponse: (_status: number, body: string) => void (lastBody = body) }],
      },
      (error) => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', stop);
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve();
      },
    );
    const stop = (): void => instance.stop();
    const timer = setTimeout(stop, seconds * 1000);
    options.signal?.addEventListener('abort', stop, { once: true });
  });
}
