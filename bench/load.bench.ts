/**
 * `npm run bench:load`: the load harness measured against a trivial node:http sink running in a child
 * process (so generator and server each get a core), then against the embedded reference target.
 *
 *   (a) submit-and-wait closed-model rate ÷ autocannon with one fixed body      target ≥ 0.9
 *   (b) the open-model ceiling: the planned rate is stepped up against the sink; the ceiling is the
 *       highest one at which achieved ÷ planned ≥ 0.99 and send jitter p99 ≤ 1 ms (on the closed
 *       model's 16 connections, pipelined beyond them). A step that misses is run once more: on a
 *       shared machine a burst of other work can spoil one. Also printed: the highest rate held
 *       (achieved ÷ planned ≥ 0.99) whatever the jitter, which tells what limits the ceiling.
 *       ceiling ÷ the closed-model rate of (a), same sink, same run               target ≥ 0.7
 *   (c) autocannon's rate mode (`overallRate`) at the same planned rates: its achieved rate and how
 *       evenly its requests arrive, next to the open model's (both counted by the sink in 10 ms bins)
 *   (d) reference target: submit-and-wait and update-by-offset closed-model rates (figures only)
 *
 * Options: --workers N (open-model sending threads; default: one per core but the sink's, as if the
 * target ran on another machine — the harness's own default is one per core),
 * --only a,b,c,d (parts to run), --step N (req/s between the planned rates of (b), default 2500),
 * --seconds N (length of each step of (b) and (c), default 3).
 *
 * The load average at the start and the end is printed: on a shared machine the figures are noisy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { request } from 'undici';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/types.js';
import { runLoad } from '../load/run.js';
import { submitAndWaitScenario } from '../load/scenarios/submit-and-wait.js';
import { createTokenProvider } from '../client/auth.js';
import type { LoadRequest } from '../load/types.js';

const { values: flags } = parseArgs({
  options: {
    workers: { type: 'string' },
    only: { type: 'string', default: 'a,b,c,d' },
    step: { type: 'string', default: '2500' },
    seconds: { type: 'string', default: '3' },
  },
});
const parts = new Set(flags.only.split(','));
const workers = flags.workers === undefined ? Math.max(1, availableParallelism() - 1) : Number(flags.workers);
const rateStep = Number(flags.step);
const stepSeconds = Number(flags.seconds);

const seconds = 5;
const warmupSeconds = 1;
/** (a) alternates the two sides in short rounds and judges the median ratio: a burst of noise on a shared
 * 2-core machine then spoils one round, not the figure. */
const comparisonRounds = 5;
const roundSeconds = 2;
const connections = 16;
/** autocannon's rate mode keeps one request in flight per connection: enough of them for any rate here. */
const autocannonRateConnections = 64;
/** (b) stops after this many rates in a row that the open model does not hold (each tried twice). */
const failuresToStop = 2;
const binMs = 10;

/**
 * A participant-shaped JSON sink; prints its port on stdout. While recording, it counts arriving requests
 * in 10 ms bins (POST /__bins starts a recording, GET /__bins ends it and returns the counts).
 */
const sinkSource = `
const http = require('node:http');
const answer = JSON.stringify({ updateId: 'bench', completionOffset: 1 });
let bins;
let binsStart = 0;
const server = http.createServer((request, response) => {
  if (request.url === '/__bins') {
    request.resume();
    if (request.method === 'POST') { bins = []; binsStart = performance.now(); response.end(); return; }
    const counts = Array.from(bins ?? [], (count) => count ?? 0);
    bins = undefined;
    response.end(JSON.stringify(counts));
    return;
  }
  if (bins) { const bin = Math.floor((performance.now() - binsStart) / ${binMs}); bins[bin] = (bins[bin] ?? 0) + 1; }
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    response.end(answer);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

async function startSinkProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', sinkSource], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}`, child };
}

/** Counts of arrivals per 10 ms bin at the sink while `during` runs. */
async function arrivalsDuring<T>(sinkUrl: string, during: () => Promise<T>): Promise<{ value: T; bins: number[] }> {
  await (await request(`${sinkUrl}/__bins`, { method: 'POST' })).body.dump();
  const value = await during();
  const bins = (await (await request(`${sinkUrl}/__bins`)).body.json()) as number[];
  return { value, bins };
}

interface Evenness {
  /** Coefficient of variation of the per-10 ms arrival counts (0 = perfectly even). */
  cv: number;
  p50: number;
  p99: number;
  max: number;
  /** Mean over whole seconds of the share of the second's requests that arrived in its busiest 100 ms (0.1 = even). */
  busiest100ms: number;
}

/** How evenly requests arrived over the last `plannedSeconds` before the last arrival (a warm-up before them is left out). */
function evenness(bins: number[], plannedSeconds: number): Evenness {
  const binsPerSecond = 1000 / binMs;
  let last = bins.length - 1;
  while (last >= 0 && bins[last] === 0) last -= 1;
  const window = bins.slice(Math.max(0, last + 1 - plannedSeconds * binsPerSecond), last + 1);
  while (window.length < plannedSeconds * binsPerSecond) window.unshift(0);
  const mean = window.reduce((sum, count) => sum + count, 0) / window.length;
  const variance = window.reduce((sum, count) => sum + (count - mean) ** 2, 0) / window.length;
  const sorted = [...window].sort((a, b) => a - b);
  const shares: number[] = [];
  for (let second = 0; second < plannedSeconds; second += 1) {
    const bins100 = window.slice(second * binsPerSecond, (second + 1) * binsPerSecond);
    const total = bins100.reduce((sum, count) => sum + count, 0);
    if (total === 0) continue;
    let busiest = 0;
    for (let start = 0; start + 10 <= bins100.length; start += 1) {
      busiest = Math.max(
        busiest,
        bins100.slice(start, start + 10).reduce((sum, count) => sum + count, 0),
      );
    }
    shares.push(busiest / total);
  }
  return {
    cv: mean > 0 ? Math.sqrt(variance) / mean : 0,
    p50: sorted[Math.floor(0.5 * (sorted.length - 1))] ?? 0,
    p99: sorted[Math.floor(0.99 * (sorted.length - 1))] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
    busiest100ms: shares.length ? shares.reduce((sum, share) => sum + share, 0) / shares.length : 0,
  };
}

function formatEvenness(even: Evenness): string {
  return `per-10ms arrivals p50 ${even.p50} p99 ${even.p99} max ${even.max}, CV ${even.cv.toFixed(2)}, busiest 100 ms of a second ${(even.busiest100ms * 100).toFixed(0)}%`;
}

function verdict(ok: boolean): string {
  return ok ? 'PASS' : 'MISS';
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

async function autocannonFixedBody(url: string, fixed: LoadRequest, duration: number, overallRate?: number): Promise<number> {
  const result = await autocannon({
    url: `${url}${fixed.path}`,
    connections: overallRate === undefined ? connections : autocannonRateConnections,
    pipelining: 1,
    duration,
    method: fixed.method,
    headers: fixed.headers,
    ...(fixed.body ? { body: fixed.body } : {}),
    ...(overallRate === undefined ? {} : { overallRate }),
  });
  return result.requests.total / (result.duration || duration);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface OpenStep {
  rate: number;
  ratio: number;
  jitterP50: number;
  jitterP99: number;
  lateSends: number;
  held: number;
  pipelined: number;
  latencyP99: number;
  errors: number;
  passed: boolean;
  arrivals: Evenness;
}

async function main(): Promise<void> {
  console.log(`load average at start: ${loadAverage()} (${availableParallelism()} cores); open-model sending threads: ${workers}`);
  const dir = await mkdtemp(join(tmpdir(), 'bench-load-'));
  const base = await loadConfig({ dotenvPath: false, env: {} });
  const reference: ResolvedConfig = { ...base, load: { ...base.load, resultDir: dir } };
  const sink = await startSinkProcess();
  try {
    // The sink stands in for a remote participant; tokens are still minted as for the reference.
    const sinkConfig: ResolvedConfig = {
      ...reference,
      target: {
        kind: 'remote',
        name: 'sink',
        participant: sink.url,
        auth: reference.target.auth,
        features: reference.target.features,
        fixtures: reference.target.fixtures,
      },
    };

    // The fixed body is a real request of the scenario, so both send the same bytes per request.
    const stream = await submitAndWaitScenario.prepare({
      target: sinkConfig.target,
      fixtures: sinkConfig.target.fixtures,
      participantUrl: sink.url,
      tokens: createTokenProvider(sinkConfig.target.auth, sinkConfig.target.fixtures),
      optionsOf: () => ({}),
      commandIdPrefix: 'bench-fixed',
      send: () => Promise.reject(new Error('not used')),
    });
    const fixedRequest = stream.next();

    let closedRate: number | undefined;
    if (parts.has('a') || parts.has('b')) {
      // (a)
      await autocannonFixedBody(sink.url, fixedRequest, warmupSeconds);
      const rounds: { fixed: number; closed: number; ratio: number }[] = [];
      let closed;
      for (let round = 0; round < comparisonRounds; round++) {
        const fixed = await autocannonFixedBody(sink.url, fixedRequest, roundSeconds);
        closed = await runLoad({
          config: sinkConfig,
          scenario: 'submit-and-wait',
          model: 'closed',
          durationSeconds: roundSeconds,
          warmupSeconds: round === 0 ? warmupSeconds : 0,
          connections,
          progress: false,
        });
        rounds.push({ fixed, closed: closed.result.rps.achieved, ratio: closed.result.rps.achieved / fixed });
      }
      const closedRatio = median(rounds.map((entry) => entry.ratio));
      closedRate = median(rounds.map((entry) => entry.closed));
      console.log(
        `(a) submit-and-wait closed model ÷ autocannon with one fixed body, ${comparisonRounds} alternating rounds of ${roundSeconds} s: ` +
          `median ratio ${closedRatio.toFixed(3)} (target ≥ 0.9) ${verdict(closedRatio >= 0.9)}`,
      );
      for (const [index, entry] of rounds.entries()) {
        console.log(`    round ${index + 1}: ${entry.closed.toFixed(0)} ÷ ${entry.fixed.toFixed(0)} req/s = ${entry.ratio.toFixed(3)}`);
      }
      console.log(
        `    closed-model rate (median) ${closedRate.toFixed(0)} req/s; latency (last round) p50 ${closed!.result.latencyUs.p50} µs, p99 ${closed!.result.latencyUs.p99} µs, errors ${closed!.result.requests.errors}`,
      );
    }

    const steps: OpenStep[] = [];
    if (parts.has('b')) {
      // (b) Stepped up until `failuresToStop` steps in a row miss, or past the closed-model rate.
      console.log(`(b) open model stepped by ${rateStep} req/s, ${stepSeconds} s per step after a ${warmupSeconds} s warm-up:`);
      const runStep = async (rate: number): Promise<OpenStep> => {
        const { value: open, bins } = await arrivalsDuring(sink.url, () =>
          runLoad({
            config: sinkConfig,
            scenario: 'submit-and-wait',
            model: 'open',
            rate,
            durationSeconds: stepSeconds,
            warmupSeconds,
            workers,
            // The closed model's connections: beyond them the open model pipelines.
            connections,
            progress: false,
          }),
        );
        const { result } = open;
        const stats = result.openModel!;
        const ratio = result.rps.achieved / (result.rps.planned ?? rate);
        const step: OpenStep = {
          rate,
          ratio,
          jitterP50: stats.sendJitterUs.p50,
          jitterP99: stats.sendJitterUs.p99,
          lateSends: stats.lateSends,
          held: stats.capDelayedSends,
          pipelined: stats.pipelinedSends ?? 0,
          latencyP99: result.latencyUs.p99,
          errors: result.requests.errors,
          passed: ratio >= 0.99 && stats.sendJitterUs.p99 <= 1000,
          arrivals: evenness(bins, stepSeconds),
        };
        console.log(
          `    ${String(rate).padStart(6)} req/s: achieved ÷ planned ${ratio.toFixed(3)}, send jitter p50 ${step.jitterP50} µs p99 ${step.jitterP99} µs, ` +
            `late ${step.lateSends}, held ${step.held}, pipelined ${step.pipelined}, latency p99 ${step.latencyP99} µs, errors ${step.errors} ${verdict(step.passed)}`,
        );
        console.log(`        at the sink: ${formatEvenness(step.arrivals)}`);
        return step;
      };
      // Stepped on while the rate holds, so both figures below are found: the ceiling (rate and jitter)
      // and the highest rate held (whatever the jitter).
      let rateMissesInRow = 0;
      for (let rate = rateStep; rateMissesInRow < failuresToStop && rate <= (closedRate ?? Infinity) * 1.2; rate += rateStep) {
        let step = await runStep(rate);
        if (!step.passed) step = await runStep(rate);
        steps.push(step);
        rateMissesInRow = step.ratio >= 0.99 ? 0 : rateMissesInRow + 1;
      }
      const ceiling = Math.max(0, ...steps.filter((step) => step.passed).map((step) => step.rate));
      // What limits the ceiling: the rate (holding achieved ÷ planned) or the send precision (jitter).
      const holdsRate = Math.max(0, ...steps.filter((step) => step.ratio >= 0.99).map((step) => step.rate));
      if (closedRate !== undefined) {
        const ratio = ceiling / closedRate;
        console.log(
          `(b) open-model ceiling ${ceiling} req/s ÷ closed-model rate ${closedRate.toFixed(0)} req/s = ${ratio.toFixed(3)} (target ≥ 0.7) ${verdict(ratio >= 0.7)}`,
        );
        console.log(
          `    highest planned rate held (achieved ÷ planned ≥ 0.99, any jitter) ${holdsRate} req/s = ${(holdsRate / closedRate).toFixed(3)} of the closed-model rate`,
        );
      }
    }

    if (parts.has('c')) {
      // (c) autocannon's rate mode at the planned rates of (b) (or a default ladder without (b)).
      const rates = steps.length ? steps.map((step) => step.rate) : [5000, 10000, 15000, 20000];
      console.log(`(c) autocannon rate mode (overallRate, ${autocannonRateConnections} connections), ${stepSeconds} s per rate:`);
      for (const rate of rates) {
        const { value: achieved, bins } = await arrivalsDuring(sink.url, () =>
          autocannonFixedBody(sink.url, fixedRequest, stepSeconds, rate),
        );
        console.log(`    ${String(rate).padStart(6)} req/s: achieved ÷ planned ${(achieved / rate).toFixed(3)}`);
        console.log(`        at the sink: ${formatEvenness(evenness(bins, stepSeconds))}`);
      }
    }
  } finally {
    sink.child.kill();
  }

  if (parts.has('d')) {
    // (d) The reference target runs in this process: generator and target share one event loop.
    for (const scenario of ['submit-and-wait', 'update-by-offset']) {
      const outcome = await runLoad({
        config: reference,
        scenario,
        model: 'closed',
        durationSeconds: seconds,
        warmupSeconds,
        connections,
        progress: false,
      });
      const { rps, latencyUs, requests } = outcome.result;
      console.log(
        `(d) reference ${scenario}: ${rps.achieved.toFixed(0)} req/s, p50 ${latencyUs.p50} µs, p99 ${latencyUs.p99} µs, errors ${requests.errors}`,
      );
    }
  }
  await rm(dir, { recursive: true, force: true });
  console.log(`load average at end: ${loadAverage()}`);
}

await main();
