/** The run's timing derived from the node's measured latency (harness/runner/latency.ts). */
import { describe, expect, it } from 'vitest';
import type { ResolvedConfig } from '../../config/types.js';
import { deriveTiming, SLOW_NODE_MS } from '../../harness/runner/latency.js';

function config(run: { concurrency: number; inFlight: number }): ResolvedConfig {
  return { run: { requestTimeoutMs: 10_000, timeoutScale: 1, ...run } } as unknown as ResolvedConfig;
}

describe('deriveTiming', () => {
  it('keeps the configured workers and requests in flight for a fast node', () => {
    const timing = deriveTiming(config({ concurrency: 4, inFlight: 16 }), 40, 5);
    expect(timing).toMatchObject({ suiteWorkers: 4, inFlightPerWorker: 16, requestTimeoutMs: 10_000 });
  });

  it('spreads the same requests in flight over four times the workers (at most 16) for a slow node', () => {
    const slow = deriveTiming(config({ concurrency: 4, inFlight: 16 }), 1000, SLOW_NODE_MS);
    expect(slow).toMatchObject({ suiteWorkers: 16, inFlightPerWorker: 4 });
    expect(slow.suiteWorkers * slow.inFlightPerWorker).toBeLessThanOrEqual(4 * 16);
    // Never beyond 16 workers, never below the configured ones, never fewer than one request in flight.
    expect(deriveTiming(config({ concurrency: 6, inFlight: 1 }), 1000, 500)).toMatchObject({ suiteWorkers: 16, inFlightPerWorker: 1 });
    expect(deriveTiming(config({ concurrency: 20, inFlight: 4 }), 1000, 500)).toMatchObject({ suiteWorkers: 20, inFlightPerWorker: 4 });
  });

  it('raises the request timeout to ten times the slowest answer when that is more', () => {
    expect(deriveTiming(config({ concurrency: 4, inFlight: 16 }), 3000, 200).requestTimeoutMs).toBe(30_000);
  });
});
