/**
 * What the runner hands to the suite workers: the resolved config, the target's live URLs, the seed and
 * (for `replay`) the one test and counterexample to re-run. Passed as a JSON file named by an env var,
 * because vitest runs the suites in worker threads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { ResolvedConfig } from '../../config/types.js';

export const runContextEnvVar = 'LEDGER_CONFORMANCE_CONTEXT';

export interface ReplayRequest {
  testId: string;
  seed?: number;
  path?: string;
}

/** The run's timing, derived by the runner from the configuration and the node's measured latency. */
export interface RunTiming {
  /** Per-request timeout (ms), after --timeout-scale and the measured latency. */
  requestTimeoutMs: number;
  /**
   * A test stops as a suite error only after this long with no request in flight (a hang of the suite itself):
   * a slow node always has a request in flight, so it never meets this limit.
   */
  idleLimitMs: number;
  /** Requests in flight at most in one suite worker (run.inFlight; halved when the workers are doubled). */
  inFlightPerWorker: number;
  /**
   * Suite workers (test files run at once): run.concurrency, or twice as many (at most 8) against a node whose
   * median read takes SLOW_NODE_MS or more, with the same total of requests in flight.
   */
  suiteWorkers: number;
}

export interface RunContext {
  config: ResolvedConfig;
  endpoints: { participant: string; scan?: string };
  seed: number;
  /** Faults injected into the reference target (self-tests and demos). */
  faults: string[];
  replay?: ReplayRequest;
  timing?: RunTiming;
}

export function writeRunContext(path: string, context: RunContext): void {
  writeFileSync(path, JSON.stringify(context));
}

let cached: RunContext | undefined;

export function readRunContext(): RunContext {
  if (cached) return cached;
  const path = process.env[runContextEnvVar];
  if (!path) {
    throw new Error(
      `the conformance suites run under \`ledger-conformance run\` (${runContextEnvVar} is not set); do not run them with plain vitest`,
    );
  }
  cached = JSON.parse(readFileSync(path, 'utf8')) as RunContext;
  return cached;
}
