/**
 * `npm run bench:reference`: the reference ledger's throughput and lookup latency.
 *
 * Servers run in child processes (one core for the server, one for the load generator):
 *   - a bare node:http JSON echo server: the ceiling of any node:http server on this machine;
 *   - the reference target (`startReference`) for submit-and-wait and update-by-offset throughput;
 *   - the reference ledger with 1k and with 1M stored updates, for update-by-offset latency (queried
 *     alternately, so noise from other load on the machine hits both alike).
 *
 * Targets: submit-and-wait req/s ≥ 0.30 × echo req/s; update-by-offset p50 and p99 with 1M stored updates
 * within 1.2 × those with 1k.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import * as hdr from 'hdr-histogram-js';
import { SignJWT } from 'jose';
import { Agent, request } from 'undici';
import { loadConfig } from '../config/load.js';
import type { ReferenceTargetConfig } from '../config/types.js';
import { endpointPath } from '../specification/endpoints.js';

const MEASURE_SECONDS = 5;
const CONNECTIONS = 16;
const thisFile = fileURLToPath(import.meta.url);

async function referenceTarget(): Promise<ReferenceTargetConfig> {
  const config = await loadConfig();
  if (config.target.kind !== 'reference') throw new Error('bench:reference needs the reference target (set target: reference)');
  return config.target;
}

// ---------- child process side ----------

async function serve(kind: string, syntheticUpdates: number): Promise<void> {
  let url: string;
  if (kind === 'echo') {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  } else if (kind === 'reference') {
    const { startReference } = await import('../reference/index.js');
    url = (await startReference({ target: await referenceTarget() })).participantUrl;
  } else {
    // The ledger with a given number of stored updates, served by the reference participant server.
    const { Faults } = await import('../reference/faults.js');
    const { Ledger } = await import('../reference/ledger/index.js');
    const { startParticipant } = await import('../reference/participant/participant.js');
    const target = await referenceTarget();
    const faults = new Faults();
    const ledger = new Ledger({ fixtures: target.fixtures, faults });
    ledger.appendSyntheticUpdates(syntheticUpdates);
    url = (await startParticipant({ target, faults, extraRoutes: ledger.routes(), host: '127.0.0.1', port: 0 })).url;
  }
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}

// ---------- parent side ----------

interface ChildServer {
  url: string;
  stop(): void;
}

function startChild(kind: string, syntheticUpdates = 0): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', thisFile, '--serve', kind, String(syntheticUpdates)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve({ url: (JSON.parse(line) as { url: string }).url, stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`bench server "${kind}" exited early (code ${code})`)));
  });
}

async function tokenFor(target: ReferenceTargetConfig, userId: string): Promise<string> {
  if (target.auth.kind !== 'hs256') throw new Error('bench:reference expects hs256 auth for the reference target');
  const jwt = new SignJWT({ scope: target.auth.scope ?? 'daml_ledger_api' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setExpirationTime('1h');
  return (target.auth.audience ? jwt.setAudience(target.auth.audience) : jwt).sign(new TextEncoder().encode(target.auth.secret));
}

interface CannonRun {
  rps: number;
  non2xx: number;
}

async function cannon(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: () => string,
  fixedBody: boolean,
): Promise<CannonRun> {
  const options: autocannon.Options = {
    url: `${url}${path}`,
    connections: CONNECTIONS,
    duration: MEASURE_SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
  };
  // A rotating body (new command ids) costs the generator a little; the echo run pays the same.
  if (fixedBody) options.body = body();
  else options.requests = [{ method: 'POST', path, setupRequest: (req) => ({ ...req, body: body() }) }];
  const result = await autocannon(options);
  return { rps: result.requests.average, non2xx: result.non2xx + result.errors };
}

interface Latency {
  p50: number;
  p99: number;
  count: number;
}

interface LookupTarget {
  url: string;
  storedUpdates: number;
}

/**
 * Sequential update-by-offset lookups at random offsets of each target's synthetic updates, latency in µs.
 * The targets are queried alternately, so background noise on the machine hits each of them alike.
 */
async function lookupLatencies(targets: LookupTarget[], token: string, party: string): Promise<Latency[]> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const format = {
    includeTransactions: {
      eventFormat: { filtersByParty: { [party]: { cumulative: [] } }, verbose: true },
      transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
    },
  };
  const probes = targets.map((target) => ({
    target,
    dispatcher: new Agent({ connections: 1 }),
    histogram: hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 10_000_000, numberOfSignificantValueDigits: 3 }),
  }));
  const lookup = async (probe: (typeof probes)[number]): Promise<number> => {
    // Synthetic updates start after the 6 seeded ones.
    const offset = 7 + Math.floor(Math.random() * probe.target.storedUpdates);
    const started = process.hrtime.bigint();
    const response = await request(`${probe.target.url}${endpointPath('update-by-offset')}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ offset, updateFormat: format }),
      dispatcher: probe.dispatcher,
    });
    await response.body.text();
    if (response.statusCode !== 200) throw new Error(`update-by-offset ${offset} answered ${response.statusCode}`);
    return Number(process.hrtime.bigint() - started) / 1000;
  };
  const warmUpUntil = Date.now() + 1000;
  while (Date.now() < warmUpUntil) for (const probe of probes) await lookup(probe);
  const until = Date.now() + 2 * MEASURE_SECONDS * 1000;
  while (Date.now() < until) {
    for (const probe of probes) probe.histogram.recordValue(Math.max(1, Math.round(await lookup(probe))));
  }
  await Promise.all(probes.map((probe) => probe.dispatcher.close()));
  return probes.map(({ histogram }) => ({
    p50: histogram.getValueAtPercentile(50),
    p99: histogram.getValueAtPercentile(99),
    count: histogram.totalCount,
  }));
}

const verdict = (pass: boolean): string => (pass ? 'PASS' : 'MISS');

async function main(): Promise<void> {
  const target = await referenceTarget();
  const bank = target.fixtures.parties.find((party) => party.alias === 'bank')?.id;
  const alice = target.fixtures.parties.find((party) => party.alias === 'alice')?.id;
  if (!bank || !alice) throw new Error('the fixtures need parties with aliases bank and alice');
  const bankUser = target.fixtures.users.find((user) => user.rights.actAs.includes('bank'))?.id;
  if (!bankUser) throw new Error('the fixtures need a user acting as bank');
  const token = await tokenFor(target, bankUser);
  const auth = { authorization: `Bearer ${token}` };
  let commandNumber = 0;
  const submitBody = (): string =>
    JSON.stringify({
      commands: [
        {
          CreateCommand: {
            templateId: '#CantonExamples:Iou:Iou',
            createArguments: { payer: bank, owner: alice, amount: { value: '100.0', currency: 'USD' }, viewers: [] },
          },
        },
      ],
      commandId: `bench-${process.pid}-${(commandNumber += 1)}`,
      actAs: [bank],
    });

  const echo = await startChild('echo');
  const echoRun = await cannon(echo.url, endpointPath('submit-and-wait'), auth, submitBody, false).finally(() => echo.stop());

  const reference = await startChild('reference');
  let submitRun: CannonRun;
  let updateRun: CannonRun;
  try {
    submitRun = await cannon(reference.url, endpointPath('submit-and-wait'), auth, submitBody, false);
    const updateBody = JSON.stringify({
      offset: 4,
      updateFormat: {
        includeTransactions: {
          eventFormat: { filtersByParty: { [bank]: { cumulative: [] } } },
          transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
        },
      },
    });
    updateRun = await cannon(reference.url, endpointPath('update-by-offset'), auth, () => updateBody, true);
  } finally {
    reference.stop();
  }

  const sizes = [1_000, 1_000_000];
  const servers = await Promise.all(sizes.map((stored) => startChild('ledger', stored)));
  let small: Latency;
  let large: Latency;
  try {
    [small, large] = (await lookupLatencies(
      servers.map((server, index) => ({ url: server.url, storedUpdates: sizes[index]! })),
      token,
      bank,
    )) as [Latency, Latency];
  } finally {
    for (const server of servers) server.stop();
  }

  const submitRatio = submitRun.rps / echoRun.rps;
  const p50Ratio = large.p50 / small.p50;
  const p99Ratio = large.p99 / small.p99;
  const rows: string[][] = [
    ['measure', 'figure', 'target', 'result'],
    ['echo server (node:http, same body)', `${echoRun.rps.toFixed(0)} req/s`, '', ''],
    ['submit-and-wait', `${submitRun.rps.toFixed(0)} req/s (non-2xx ${submitRun.non2xx})`, '', ''],
    ['submit-and-wait ÷ echo', submitRatio.toFixed(3), '≥ 0.30', verdict(submitRatio >= 0.3 && submitRun.non2xx === 0)],
    ['update-by-offset', `${updateRun.rps.toFixed(0)} req/s (non-2xx ${updateRun.non2xx})`, '', verdict(updateRun.non2xx === 0)],
    ['lookup latency, 1k updates', `p50 ${small.p50} µs, p99 ${small.p99} µs (${small.count} lookups)`, '', ''],
    ['lookup latency, 1M updates', `p50 ${large.p50} µs, p99 ${large.p99} µs (${large.count} lookups)`, '', ''],
    ['p50 1M ÷ 1k', p50Ratio.toFixed(3), '≤ 1.20', verdict(p50Ratio <= 1.2)],
    ['p99 1M ÷ 1k', p99Ratio.toFixed(3), '≤ 1.20', verdict(p99Ratio <= 1.2)],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex >= 0) {
  await serve(process.argv[serveIndex + 1] ?? 'echo', Number(process.argv[serveIndex + 2] ?? '0'));
} else {
  await main();
  process.exit(0);
}
