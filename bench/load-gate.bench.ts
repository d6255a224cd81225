/**
 * `npm run bench:gate`: how far the baseline gate can be trusted, measured. One scenario runs against
 * the reference target (on loopback, in this process) several times with the settings of a baseline
 * recorded first, and each run is gated against that baseline:
 *   - identical settings, same target: any "regression" is a false regression;
 *   - the same settings through a loopback proxy that holds each answer back by the baseline's own
 *     median latency (so the target is at least 2× slower at the median): anything but "regression" is
 *     a missed detection.
 * The reference (`reference serve`) and the proxy run in processes of their own. The two kinds of trial alternate, so a burst of other work on a shared machine hits both alike. It
 * prints each verdict with its figures, the false-regression rate and the detection rate, and the load
 * average at the start and the end.
 *
 * Options: --trials N (trials of each kind, default 4), --seconds N (measured seconds of each run, 4),
 * --repeat N (runs per gate, 3), --rate N (open-model req/s, 50), --scenario NAME (update-by-offset),
 * --tolerance X (0.1), --keep DIR (keep the result files and reports there).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/types.js';
import { runLoad, type LoadRunOutcome } from '../load/run.js';

const { values: flags } = parseArgs({
  options: {
    trials: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '4' },
    repeat: { type: 'string', default: '3' },
    rate: { type: 'string', default: '50' },
    scenario: { type: 'string', default: 'update-by-offset' },
    tolerance: { type: 'string', default: '0.1' },
    keep: { type: 'string' },
  },
});
const trials = Number(flags.trials);
const seconds = Number(flags.seconds);
const repeat = Number(flags.repeat);
const rate = Number(flags.rate);
const tolerance = Number(flags.tolerance);
const scenario = flags.scenario;

const loadAverage = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * A loopback proxy in front of `upstream`, in its own process, that answers each request `delayMs` after
 * the upstream answered (keep-alive on both sides). Prints its port on stdout.
 */
const proxySource = `
const http = require('node:http');
const [upstream, delayMs] = [new URL(process.argv[1]), Number(process.argv[2])];
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const headers = { ...request.headers, host: upstream.host };
    delete headers.connection;
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers, agent }, (answer) => {
      const body = [];
      answer.on('data', (chunk) => body.push(chunk));
      answer.on('end', () => setTimeout(() => {
        response.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] || 'application/json' });
        response.end(Buffer.concat(body));
      }, delayMs));
    });
    forward.on('error', (error) => { response.writeHead(502); response.end(error.message); });
    forward.end(Buffer.concat(chunks));
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

interface Child {
  url: string;
  close(): Promise<void>;
}

/** Starts a child process and waits for the first stdout line matching `pattern` (its URL or port). */
async function startChild(args: string[], pattern: RegExp, toUrl: (match: RegExpExecArray) => string): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`child ${args.join(' ')} exited with ${code}: ${output}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(toUrl(match));
    });
  });
  child.stdout!.resume();
  return {
    url,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function remoteConfig(base: ResolvedConfig, name: string, url: string, resultDir: string): ResolvedConfig {
  return {
    ...base,
    load: {
      ...base.load,
      resultDir,
      baselineTolerance: tolerance,
      scenarios: { ...base.load.scenarios, 'update-by-offset': { seedCommands: 50 } },
    },
    target: {
      kind: 'remote',
      name,
      participant: url,
      auth: base.target.auth,
      features: base.target.features,
      fixtures: base.target.fixtures,
    },
  };
}

function describe(outcome: LoadRunOutcome): string {
  const comparison = outcome.baseline!;
  const metrics = comparison.metrics
    .map((metric) => {
      const change = Number.isFinite(metric.relativeChange)
        ? `${metric.relativeChange >= 0 ? '+' : ''}${(metric.relativeChange * 100).toFixed(0)}%`
        : 'n/a';
      const ci = metric.interval ? ` CI ${(metric.interval.low * 100).toFixed(0)}…${(metric.interval.high * 100).toFixed(0)}%` : '';
      return `${metric.metric} ${change} p=${metric.test ? metric.test.p.toPrecision(2) : '-'}${ci} ${metric.verdict}`;
    })
    .join('; ');
  return `${comparison.verdict.toUpperCase().padEnd(12)} ${metrics}`;
}

async function main(): Promise<void> {
  console.log(`load average at start: ${loadAverage()} (${availableParallelism()} cores)`);
  console.log(
    `gate bench: ${scenario}, open model ${rate} req/s, ${repeat} × ${seconds} s per gate (1 s warm-up each), tolerance ${tolerance * 100}%, ${trials} trials of each kind`,
  );
  const dir = flags.keep ?? (await mkdtemp(join(tmpdir(), 'bench-gate-')));
  const base = await loadConfig({ dotenvPath: false, env: {} });
  // The reference and the proxy each run in their own process, as a real target would: the load
  // generator's main thread (which prepares the requests) shares its event loop with neither.
  const reference = await startChild(
    [join(process.cwd(), 'bin/ledger-conformance.mjs'), 'reference', 'serve'],
    /participant: (http:\/\/127\.0\.0\.1:\d+)/,
    (match) => match[1]!,
  );
  const direct = remoteConfig(base, 'reference', reference.url, dir);
  const settings = {
    scenario,
    model: 'open' as const,
    rate,
    durationSeconds: seconds,
    repeat,
    warmupSeconds: 1,
    workers: 1,
    thresholds: [],
    progress: false as const,
  };
  try {
    const baselineFile = join(dir, 'baseline.json');
    const baseline = await runLoad({ ...settings, config: direct, resultFile: baselineFile });
    const medianUs = baseline.result.latencyUs.p50;
    console.log(
      `baseline: p50 ${medianUs} µs, p95 ${baseline.result.latencyUs.p95} µs, ${baseline.result.rps.achieved.toFixed(0)} ok/s, ${baseline.result.requests.errors} errors`,
    );
    const proxy = await startChild(
      ['-e', proxySource, reference.url, String(medianUs / 1000)],
      /^(\d+)$/m,
      (match) => `http://127.0.0.1:${match[1]}`,
    );
    const slowConfig = remoteConfig(base, 'reference-behind-delay-proxy', proxy.url, dir);
    console.log(`delay proxy: each answer held ${(medianUs / 1000).toFixed(2)} ms (the baseline's median; timers round up to ≥ 1 ms)`);
    const verdicts = { same: [] as string[], slow: [] as string[] };
    try {
      for (let trial = 1; trial <= trials; trial += 1) {
        const same = await runLoad({ ...settings, config: direct, baseline: baselineFile, resultFile: join(dir, `same-${trial}.json`) });
        verdicts.same.push(same.baseline!.verdict);
        console.log(`  trial ${trial} identical  → ${describe(same)}  (load ${loadAverage()})`);
        const slow = await runLoad({
          ...settings,
          config: slowConfig,
          baseline: baselineFile,
          resultFile: join(dir, `slow-${trial}.json`),
        });
        verdicts.slow.push(slow.baseline!.verdict);
        console.log(`  trial ${trial} 2× slower  → ${describe(slow)}  (p50 ${slow.result.latencyUs.p50} µs)`);
      }
    } finally {
      await proxy.close();
    }
    const count = (list: string[], verdict: string) => list.filter((entry) => entry === verdict).length;
    const tally = (list: string[]) =>
      ['regression', 'no change', 'improvement', 'inconclusive'].map((verdict) => `${verdict} ${count(list, verdict)}`).join(', ');
    console.log(`identical settings: ${tally(verdicts.same)}`);
    console.log(`2× slower target:   ${tally(verdicts.slow)}`);
    console.log(
      `false-regression rate ${count(verdicts.same, 'regression')}/${trials} = ${((100 * count(verdicts.same, 'regression')) / trials).toFixed(0)}% (target 0%); detection rate ${count(verdicts.slow, 'regression')}/${trials} = ${((100 * count(verdicts.slow, 'regression')) / trials).toFixed(0)}% (target 100%)`,
    );
  } finally {
    await reference.close();
    if (flags.keep === undefined) await rm(dir, { recursive: true, force: true });
    console.log(`load average at end: ${loadAverage()}`);
  }
}

await main();
