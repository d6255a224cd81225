/**
 * `npm run bench:load`: the load harness measured against a trivial node:http sink running in a child
 * process (so generator and server each get a core), then against the embedded reference target.
 *
 *   (a) submit-and-wait closed-model rate ÷ autocannon with one fixed body   target ≥ 0.9
 *   (b) open model achieved ÷ planned rate at a rate the sink can serve       target ≥ 0.99
 *       open model send-time jitter p99                                       target ≤ 1 ms
 *   (c) reference target: submit-and-wait and update-by-offset closed-model rates (figures only)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/types.js';
import { runLoad } from '../load/run.js';
import { submitAndWaitScenario } from '../load/scenarios/submit-and-wait.js';
import { createTokenProvider } from '../client/auth.js';

const seconds = 5;
const warmupSeconds = 1;
/** (a) alternates the two sides in short rounds and judges the median ratio: a burst of noise on a shared
 * 2-core machine then spoils one round, not the figure. */
const comparisonRounds = 5;
const roundSeconds = 2;
const connections = 16;
const openRate = 2_000;

/** A participant-shaped JSON sink; prints its port on stdout. */
const sinkSource = `
const http = require('node:http');
const answer = JSON.stringify({ updateId: 'bench', completionOffset: 1 });
const server = http.createServer((request, response) => {
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

function verdict(ok: boolean): string {
  return ok ? 'PASS' : 'MISS';
}

async function autocannonFixedBody(
  url: string,
  request: { method: 'POST' | 'GET'; path: string; headers: Record<string, string>; body?: string },
  duration: number,
): Promise<number> {
  const result = await autocannon({
    url: `${url}${request.path}`,
    connections,
    pipelining: 1,
    duration,
    method: request.method,
    headers: request.headers,
    ...(request.body ? { body: request.body } : {}),
  });
  return result.requests.total / (result.duration || duration);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
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

    // (a) The fixed body is a real request of the scenario, so both send the same bytes per request.
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
    console.log(
      `(a) submit-and-wait closed model ÷ autocannon with one fixed body, ${comparisonRounds} alternating rounds of ${roundSeconds} s: ` +
        `median ratio ${closedRatio.toFixed(3)} (target ≥ 0.9) ${verdict(closedRatio >= 0.9)}`,
    );
    for (const [index, entry] of rounds.entries()) {
      console.log(`    round ${index + 1}: ${entry.closed.toFixed(0)} ÷ ${entry.fixed.toFixed(0)} req/s = ${entry.ratio.toFixed(3)}`);
    }
    console.log(
      `    closed-model latency (last round) p50 ${closed!.result.latencyUs.p50} µs, p99 ${closed!.result.latencyUs.p99} µs, errors ${closed!.result.requests.errors}`,
    );

    // (b)
    const open = await runLoad({
      config: sinkConfig,
      scenario: 'submit-and-wait',
      model: 'open',
      rate: openRate,
      durationSeconds: seconds,
      warmupSeconds,
      progress: false,
    });
    const planned = open.result.rps.planned ?? openRate;
    const openRatio = open.result.rps.achieved / planned;
    const jitterP99 = open.result.openModel?.sendJitterUs.p99 ?? Number.POSITIVE_INFINITY;
    console.log(
      `(b) open model achieved ${open.result.rps.achieved.toFixed(1)} ÷ planned ${planned.toFixed(1)} req/s = ${openRatio.toFixed(4)} (target ≥ 0.99) ${verdict(openRatio >= 0.99)}`,
    );
    console.log(
      `    send-time jitter p99 ${jitterP99} µs (target ≤ 1000 µs) ${verdict(jitterP99 <= 1000)}; p50 ${open.result.openModel?.sendJitterUs.p50} µs, late sends ${open.result.openModel?.lateSends}`,
    );
  } finally {
    sink.child.kill();
  }

  // (c) The reference target runs in this process: generator and target share one event loop.
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
      `(c) reference ${scenario}: ${rps.achieved.toFixed(0)} req/s, p50 ${latencyUs.p50} µs, p99 ${latencyUs.p99} µs, errors ${requests.errors}`,
    );
  }
  await rm(dir, { recursive: true, force: true });
}

await main();
