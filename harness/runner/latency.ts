/**
 * Before the tests, the runner measures the node's latency — a few reads, one write, the scan — prints it,
 * and derives the run's timing from it: the per-request timeout (never below `run.requestTimeoutMs`, raised
 * for a node whose answers need more), the idle limit that tells a hang of the suite from a slow node, and
 * each suite worker's share of `run.inFlight`.
 */
import { TransportFault, type AnyClientRequest, type TargetClient } from '../../client/http.js';
import type { ResolvedConfig } from '../../config/types.js';
import type { LatencyProfile } from './run-report.js';
import type { RunTiming } from '../library/run-context.js';

const READS = 3;
/** A request timeout at least this many times the slowest answer measured. */
const TIMEOUT_FACTOR = 10;

interface Sample {
  ms?: number;
  failure?: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function summarize(samples: Sample[]): { medianMs: number; maxMs: number; samples: number; failed: number } {
  const times = samples.flatMap((sample) => (sample.ms === undefined ? [] : [sample.ms]));
  return {
    medianMs: Math.round(median(times)),
    maxMs: Math.round(Math.max(0, ...times)),
    samples: samples.length,
    failed: samples.length - times.length,
  };
}

async function timed(client: TargetClient, request: AnyClientRequest): Promise<Sample> {
  try {
    const response = await client.send(request);
    return { ms: response.durationMs };
  } catch (error) {
    return { failure: error instanceof TransportFault ? error.kind : (error as Error).message };
  }
}

/** The write: one Iou of the fixtures created by a user who may act as its payer (what most write tests send). */
function writeRequest(config: ResolvedConfig): AnyClientRequest | undefined {
  const { fixtures, features } = config.target;
  if (!features.writes || config.run.readOnly) return undefined;
  const party = (alias: string): string | undefined => fixtures.parties.find((entry) => entry.alias === alias)?.id;
  const bank = party('bank');
  const alice = party('alice');
  const user = fixtures.users.find((candidate) => !candidate.isDeactivated && candidate.rights.actAs.includes('bank'));
  if (bank === undefined || alice === undefined || user === undefined) return undefined;
  return {
    endpoint: 'submit-and-wait',
    user: user.id,
    body: {
      commands: [
        {
          CreateCommand: {
            templateId: fixtures.templates.iou.templateId,
            createArguments: { payer: bank, owner: alice, amount: { value: '1.0', currency: 'USD' }, viewers: [] },
          },
        },
      ],
      commandId: `latency-probe-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      actAs: [bank],
    },
  };
}

/** A node whose median read takes this long (ms) or more is slow: the run spreads its requests over more workers. */
export const SLOW_NODE_MS = 100;
const MAX_SUITE_WORKERS = 16;

/**
 * The run's timing from the node's slowest and median answers. Against a slow node a test file spends its time
 * waiting on answers, and the files of a worker run one after the other: the same number of requests in flight is
 * then spread over four times the suite workers (at most 16), so more independent files progress at once.
 */
export function deriveTiming(config: ResolvedConfig, slowestMs: number, medianMs = 0): RunTiming {
  const { run } = config;
  const configured = Math.round(run.requestTimeoutMs * run.timeoutScale);
  const requestTimeoutMs = Math.min(600_000, Math.max(configured, Math.ceil(slowestMs * TIMEOUT_FACTOR)));
  const suiteWorkers =
    medianMs >= SLOW_NODE_MS ? Math.max(run.concurrency, Math.min(MAX_SUITE_WORKERS, 4 * run.concurrency)) : run.concurrency;
  const inFlightPerWorker = Math.max(1, Math.floor((run.inFlight * run.concurrency) / suiteWorkers));
  return {
    requestTimeoutMs,
    idleLimitMs: Math.max(60_000, 3 * requestTimeoutMs),
    inFlightPerWorker,
    suiteWorkers,
  };
}

/** Measures the node through the run's client and returns its latency with the timing derived from it. */
export async function measureLatency(
  config: ResolvedConfig,
  client: TargetClient,
): Promise<{ profile: LatencyProfile; timing: RunTiming }> {
  const { endpoints } = client;
  const reader = config.target.fixtures.users.find((user) => !user.isDeactivated)?.id ?? null;
  // Three chains at once (reads, the write, the scan): each sample is one request alone on its chain.
  const readChain = async (): Promise<Sample[]> => {
    const samples: Sample[] = [await timed(client, { endpoint: 'readyz' })];
    for (let index = 1; index < READS; index++) samples.push(await timed(client, { endpoint: 'ledger-end', user: reader }));
    return samples;
  };
  const scanChain = async (): Promise<Sample[]> => {
    const samples: Sample[] = [];
    if (endpoints.scan !== undefined) {
      for (let index = 0; index < 2; index++) samples.push(await timed(client, { endpoint: 'scan.round-of-latest-data' }));
    }
    return samples;
  };
  const write = writeRequest(config);
  const [reads, written, scans] = await Promise.all([readChain(), write ? timed(client, write) : undefined, scanChain()]);
  const slowest = Math.max(
    0,
    ...[...reads, ...scans, ...(written ? [written] : [])].flatMap((sample) => (sample.ms === undefined ? [] : [sample.ms])),
  );
  const timing = deriveTiming(config, slowest, summarize(reads).medianMs);
  const profile: LatencyProfile = {
    reads: summarize(reads),
    ...(written ? { write: written.ms !== undefined ? { ms: Math.round(written.ms) } : { failed: written.failure ?? 'failed' } } : {}),
    ...(scans.length > 0 ? { scan: summarize(scans) } : {}),
    requestTimeoutMs: timing.requestTimeoutMs,
    idleLimitMs: timing.idleLimitMs,
    inFlightPerWorker: timing.inFlightPerWorker,
    workers: timing.suiteWorkers,
  };
  return { profile, timing };
}

export function formatLatency(profile: LatencyProfile): string {
  const part = (summary: { medianMs: number; maxMs: number; samples: number; failed: number }): string =>
    `${summary.medianMs} ms median, ${summary.maxMs} ms slowest of ${summary.samples}${summary.failed > 0 ? ` (${summary.failed} failed)` : ''}`;
  const write =
    profile.write === undefined
      ? 'not measured (a read-only run, or no fixture user who acts as bank)'
      : 'ms' in profile.write
        ? `${profile.write.ms} ms`
        : `failed (${profile.write.failed})`;
  return (
    `node latency: reads ${part(profile.reads)}; write ${write}${profile.scan ? `; scan ${part(profile.scan)}` : ''}\n` +
    `timing: request timeout ${(profile.requestTimeoutMs / 1000).toFixed(1)} s, no whole-test limit ` +
    `(a test is taken for a hang of the suite only after ${(profile.idleLimitMs / 1000).toFixed(0)} s with no request in flight), ` +
    `at most ${profile.inFlightPerWorker} requests in flight in each of ${profile.workers} suite workers\n`
  );
}
