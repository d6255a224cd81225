/**
 * The open model's sending threads: every planned request is sent exactly once by the worker that owns
 * it, their figures add up exactly, and a target that refuses or never answers ends the run within its
 * bounds with the failures counted. Nothing here depends on timing.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runOpenModel, type OpenModelOptions } from '../../load/open-model.js';
import { constantRate } from '../../load/schedule.js';
import type { LoadRequest, RequestStream } from '../../load/types.js';
import { startSink, type Sink } from './sink.js';
import { testRecorder } from './support.js';

let sink: Sink | undefined;
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

/** Submit-shaped requests with command ids 0, 1, 2, …, each with a fresh expectation object. */
function numberedSubmits(): RequestStream {
  let sequence = 0;
  return {
    next(): LoadRequest {
      const body = JSON.stringify({ commandId: `cmd-${sequence++}`, actAs: ['alice'] });
      return {
        method: 'POST',
        path: '/v2/commands/submit-and-wait',
        headers: { 'content-type': 'application/json' },
        body,
        expect: { statuses: [200], schema: 'SubmitAndWaitResponse' },
      };
    },
  };
}

function options(url: string, overrides: Partial<OpenModelOptions>): OpenModelOptions {
  return {
    url,
    stream: numberedSubmits(),
    schedule: constantRate(300, 1),
    maxRequests: 10_000,
    warmupSeconds: 0,
    warmupRate: 0,
    timeoutSeconds: 10,
    maxInFlight: 100,
    connections: 100,
    lateThresholdMs: 10,
    workers: 3,
    schemaProfile: 'canton',
    recorder: testRecorder(),
    ...overrides,
  };
}

describe('open model with three sending threads', () => {
  it('sends each planned request once, and the merged figures count every one of them', async () => {
    sink = await startSink();
    const recorder = testRecorder();
    const outcome = await runOpenModel(options(sink.url, { recorder, maxRequests: 250 }));
    expect(outcome.workers).toBe(3);
    expect(outcome.stats.plannedRequests).toBe(250);
    const ids = sink.commandIds();
    expect(ids.length).toBe(250);
    expect(new Set(ids)).toEqual(new Set(Array.from({ length: 250 }, (_, index) => `cmd-${index}`)));
    expect(recorder.counts).toMatchObject({ sent: 250, completed: 250, ok: 250, errors: 0 });
    expect(recorder.latencyUs.totalCount).toBe(250);
    expect(outcome.stats.sendJitterUs.count).toBe(250);
    const perSecond = recorder.throughput();
    expect(perSecond.reduce((sum, bucket) => sum + bucket.sent, 0)).toBe(250);
    expect(perSecond.reduce((sum, bucket) => sum + bucket.ok, 0)).toBe(250);
    // Each worker checks its own sample: at least its first responses.
    expect(recorder.checker.schemaCheck.sampled).toBeGreaterThanOrEqual(20);
    expect(recorder.checker.schemaCheck.failed).toBe(0);
  });

  it('beyond its connection cap pipelines requests: sent on time, and every answer paired with its request', async () => {
    sink = await startSink();
    // Every answer waits for the end of the freeze: with 2 connections, the requests queue up on them.
    sink.freeze(0, 400, 'next-request');
    const recorder = testRecorder();
    const outcome = await runOpenModel(options(sink.url, { recorder, schedule: constantRate(100, 0.5), connections: 2, workers: 2 }));
    expect(outcome.stats.plannedRequests).toBe(50);
    expect(outcome.stats.capDelayedSends).toBe(0);
    expect(outcome.stats.pipelinedSends).toBeGreaterThanOrEqual(30);
    expect(outcome.stats.connections).toBe(2);
    expect(recorder.counts).toMatchObject({ sent: 50, ok: 50, errors: 0 });
    expect(new Set(sink.commandIds()).size).toBe(50);
  });

  it('counts a refused connection as a transport error of that request', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const recorder = testRecorder();
    const outcome = await runOpenModel(options(`http://127.0.0.1:${port}`, { recorder, schedule: constantRate(100, 0.5) }));
    expect(outcome.stats.plannedRequests).toBe(50);
    expect(recorder.counts).toMatchObject({ sent: 50, ok: 0, transportErrors: 50, errors: 50 });
    expect(recorder.transportErrorMessages).toEqual({ ECONNREFUSED: 50 });
  });

  it('gives up on answers that do not come within the request timeout, and counts them as timeouts', async () => {
    sink = await startSink();
    sink.freeze(0, 60_000);
    const recorder = testRecorder();
    const outcome = await runOpenModel(options(sink.url, { recorder, schedule: constantRate(40, 0.5), timeoutSeconds: 0.3, workers: 2 }));
    expect(outcome.stats.plannedRequests).toBe(20);
    expect(recorder.counts).toMatchObject({ sent: 20, completed: 0, timeouts: 20, errors: 20 });
    // Measured from the planned time, a timeout is at least the timeout long.
    expect(recorder.latencyUs.minNonZeroValue).toBeGreaterThanOrEqual(300_000);
  });

  it('closes a connection whose first request timed out; the requests pipelined behind it fail with it', async () => {
    sink = await startSink();
    sink.freeze(0, 60_000);
    const recorder = testRecorder();
    const outcome = await runOpenModel(
      options(sink.url, { recorder, schedule: constantRate(40, 0.5), timeoutSeconds: 0.3, workers: 2, connections: 4 }),
    );
    expect(outcome.stats.plannedRequests).toBe(20);
    expect(recorder.counts.timeouts).toBeGreaterThanOrEqual(4);
    expect(recorder.counts).toMatchObject({ sent: 20, completed: 0, errors: 20 });
    expect(recorder.counts.timeouts + recorder.counts.transportErrors).toBe(20);
    expect(Object.keys(recorder.transportErrorMessages)).toEqual(['closed after an earlier request on the same connection timed out']);
  });
});

describe('open model stopped by Ctrl-C while measuring', () => {
  it('stops every worker within 2 s, and the figures of what was sent are kept', async () => {
    sink = await startSink();
    const controller = new AbortController();
    let abortedAt = Number.NaN;
    const firstArrival = (async () => {
      while (sink!.received() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, 500));
      abortedAt = performance.now();
      controller.abort();
    })();
    const recorder = testRecorder();
    const outcome = await runOpenModel(
      options(sink.url, { recorder, schedule: constantRate(200, 60), workers: 2, signal: controller.signal }),
    );
    await firstArrival;
    expect(performance.now() - abortedAt).toBeLessThan(2000);
    expect(outcome).toMatchObject({ aborted: true, abortedDuring: 'measuring' });
    expect(outcome.stats.plannedRequests).toBeGreaterThan(0);
    expect(outcome.stats.plannedRequests).toBeLessThan(12_000);
    expect(recorder.counts.sent).toBe(outcome.stats.plannedRequests - outcome.stats.notSent);
    expect(recorder.latencyUs.totalCount).toBe(recorder.counts.completed);
    // The planned rate is taken over the time the schedule ran, not the 60 s it would have lasted.
    expect(outcome.plannedRate).toBeGreaterThan(100);
    expect(outcome.plannedRate).toBeLessThan(300);
  });
});

describe('recorder snapshots', () => {
  it('add up exactly: the same counts, seconds and percentiles as one recorder of all answers', () => {
    const parts = [testRecorder(), testRecorder(), testRecorder()];
    const all = testRecorder();
    const merged = testRecorder();
    const start = 1_000;
    for (const recorder of [...parts, all, merged]) recorder.start(start);
    const ok = { statuses: [200] };
    const notFound = { statuses: [404], errorCode: 'UPDATE_NOT_FOUND' };
    for (let index = 0; index < 3000; index += 1) {
      const latencyUs = (index * 7919) % 400_000;
      const atMs = start + (index % 2500);
      for (const recorder of [parts[index % 3]!, all]) {
        recorder.recordSent(atMs);
        if (index % 10 === 0) recorder.recordResponse(notFound, 404, '{"code":"OFFSET_OUT_OF_RANGE"}', latencyUs, atMs);
        else if (index % 17 === 0) recorder.recordFailure('transport', 'ECONNRESET', latencyUs, atMs);
        else recorder.recordResponse(ok, 200, '', latencyUs, atMs);
      }
    }
    for (const part of parts) merged.absorb(part.snapshot());
    expect(merged.counts).toEqual(all.counts);
    expect(merged.statusCodes).toEqual(all.statusCodes);
    expect(merged.errorCodes).toEqual(all.errorCodes);
    expect(merged.transportErrorMessages).toEqual(all.transportErrorMessages);
    expect(merged.throughput()).toEqual(all.throughput());
    expect(merged.latencyUs.totalCount).toBe(all.latencyUs.totalCount);
    for (const percentile of [50, 90, 99, 99.9, 100]) {
      expect(merged.latencyUs.getValueAtPercentile(percentile)).toBe(all.latencyUs.getValueAtPercentile(percentile));
    }
  });
});
