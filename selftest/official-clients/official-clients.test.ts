/**
 * The reference target as an integrator meets it, through the official Canton Network npm clients:
 * `LedgerClient` (version, authenticated user, submit-and-wait and the update lookup of its offset,
 * state and packages, a DAR upload, prepare → the official V2 hash → sign → executeAndWait and execute)
 * and `ScanClient` (the six scan endpoints). Every 200 body is captured and type-checked with `tsc`
 * against the official 3.5.1 and scan types (null counts as absent: Canton writes nulls).
 *
 * Quirks of the clients that a real node shares: LedgerClient's POSTs carry no Content-Type, and it
 * takes the empty 200 of `dars/validate` for an error.
 */
import { createPrivateKey, sign } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { LedgerClient } from '@canton-network/core-ledger-client';
import { ScanClient } from '@canton-network/core-splice-client';
import { hashPreparedTransaction } from '@canton-network/core-tx-visualizer';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import type { ReferenceTargetConfig } from '../../config/types.js';
import { startReference, type ReferenceHandle } from '../../reference/index.js';

interface Captured {
  method: string;
  path: string;
  /** The Content-Type the client sent, if any. */
  requestContentType: string | null;
  status: number;
  contentType: string;
  text: string;
}

let target: ReferenceTargetConfig;
let reference: ReferenceHandle;
const captured: Captured[] = [];
const originalFetch = globalThis.fetch;

// The clients log through pino-like loggers; this one says nothing.
const silent: Record<string, unknown> = {};
for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal']) silent[level] = () => undefined;
silent.child = () => silent;

async function tokenFor(userId: string): Promise<string> {
  if (target.auth.kind !== 'hs256') throw new Error('the reference target config must use hs256 auth');
  return new SignJWT({ scope: target.auth.scope ?? 'daml_ledger_api' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(target.auth.audience ?? '')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(target.auth.secret));
}

function tokenProvider(userId: string) {
  return {
    getAccessToken: () => tokenFor(userId),
    getAuthContext: async () => ({ userId, accessToken: await tokenFor(userId) }),
  };
}

function ledgerClient(userId: string): LedgerClient {
  return new LedgerClient({
    baseUrl: new URL(reference.participantUrl),
    logger: silent as never,
    accessTokenProvider: tokenProvider(userId),
  });
}

const party = (alias: string): string => {
  const found = target.fixtures.parties.find((candidate) => candidate.alias === alias);
  if (!found) throw new Error(`no fixture party ${alias}`);
  return found.id;
};

beforeAll(async () => {
  const config = await loadConfig({ env: {}, dotenvPath: false });
  if (config.target.kind !== 'reference') throw new Error('the committed default config must select the reference target');
  target = config.target;
  reference = await startReference({ target });
  // Every exchange the clients make, recorded for the type check below.
  globalThis.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    const request = input instanceof Request ? input : undefined;
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    captured.push({
      method: init?.method ?? request?.method ?? 'GET',
      path: url.pathname,
      requestContentType: new Headers(init?.headers ?? request?.headers).get('content-type'),
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.clone().text(),
    });
    return response;
  };
});

afterAll(async () => {
  globalThis.fetch = originalFetch;
  await reference?.close();
});

const iou = (payer: string, owner: string, value: string) => ({
  CreateCommand: {
    templateId: target.fixtures.templates.iou.templateId,
    createArguments: { payer, owner, amount: { value, currency: 'USD' }, viewers: [] },
  },
});

const aliceUpdates = () => ({
  includeTransactions: {
    eventFormat: { filtersByParty: { [party('alice')]: { cumulative: [] } }, verbose: true },
    transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' as const,
  },
});

describe('the official LedgerClient against the reference target', () => {
  it('reads the version before its first GET, then the authenticated user, state and packages', async () => {
    const client = ledgerClient('alice-user');
    await client.init();
    expect(client.getCurrentClientVersion()).toBe('3.5');
    expect((await client.get('/v2/authenticated-user')).user?.id).toBe('alice-user');
    expect(await client.getSynchronizerId()).toBe(target.fixtures.synchronizerId);
    expect((await client.get('/v2/state/ledger-end')).offset).toBeGreaterThanOrEqual(6);
    expect((await client.get('/v2/packages')).packageIds).toContain(target.fixtures.package.id);
    expect(captured.find((exchange) => exchange.path === '/v2/version')?.status).toBe(200);
  });

  it('submits and waits, then looks the update up by its offset', async () => {
    const client = ledgerClient('alice-user');
    const submitted = await client.post('/v2/commands/submit-and-wait', {
      commands: [iou(party('alice'), party('alice'), '12.5')],
      commandId: `official-${Date.now()}`,
      actAs: [party('alice')],
    });
    const update = await client.post('/v2/updates/update-by-offset', { offset: submitted.completionOffset, updateFormat: aliceUpdates() });
    const transaction = update.update && 'Transaction' in update.update ? update.update.Transaction.value : undefined;
    expect(transaction?.updateId).toBe(submitted.updateId);
    // The client sent its POST without a Content-Type header, and the node still read the JSON body.
    expect(captured.find((exchange) => exchange.path === '/v2/commands/submit-and-wait')).toMatchObject({
      status: 200,
      requestContentType: null,
    });
  });

  it('uploads a DAR; takes the empty 200 of dars/validate for an error, as it does with a real node', async () => {
    const client = ledgerClient('participant_admin');
    const dar = new Uint8Array(readFileSync(target.fixtures.dar));
    const binary = { bodySerializer: (body: unknown) => body, headers: { 'Content-Type': 'application/octet-stream' } };
    expect(await client.post('/v2/dars', dar as never, {}, binary as never)).toEqual({});
    await expect(client.post('/v2/dars/validate', dar as never, {}, binary as never)).rejects.toBeUndefined();
    const validate = captured.filter((exchange) => exchange.path === '/v2/dars/validate').at(-1);
    expect(validate).toMatchObject({ status: 200, text: '' });
  });

  it('prepares, checks the hash with the official hasher, signs, executes and waits, then executes', async () => {
    const client = ledgerClient('dana-executor');
    const dana = party('dana');
    const external = target.fixtures.parties.find((candidate) => candidate.id === dana)!.external!;
    const key = createPrivateKey({ key: Buffer.from(external.privateKey!, 'base64'), format: 'der', type: 'pkcs8' });
    const prepareAndSign = async (value: string) => {
      const prepared = await client.post('/v2/interactive-submission/prepare', {
        commands: [iou(dana, party('alice'), value)],
        commandId: `official-prepared-${value}-${Date.now()}`,
        actAs: [dana],
        userId: 'dana-executor',
        synchronizerId: target.fixtures.synchronizerId,
        packageIdSelectionPreference: [],
      });
      // An integrator recomputes the hash before signing: the participant must not be trusted.
      expect(await hashPreparedTransaction(prepared.preparedTransaction, 'base64')).toBe(prepared.preparedTransactionHash);
      const signature = sign(null, Buffer.from(prepared.preparedTransactionHash, 'base64'), key).toString('base64');
      return {
        preparedTransaction: prepared.preparedTransaction,
        hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2' as const,
        submissionId: `official-sub-${value}-${Date.now()}`,
        userId: 'dana-executor',
        deduplicationPeriod: { Empty: {} },
        partySignatures: {
          signatures: [
            {
              party: dana,
              // As wallet-sdk does: the party's namespace is its key's fingerprint.
              signatures: [
                {
                  signature,
                  signedBy: dana.split('::')[1]!,
                  format: 'SIGNATURE_FORMAT_CONCAT' as const,
                  signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519' as const,
                },
              ],
            },
          ],
        },
      };
    };
    const executed = await client.post('/v2/interactive-submission/executeAndWait', await prepareAndSign('3.5'));
    const reader = ledgerClient('alice-user');
    const update = await reader.post('/v2/updates/update-by-offset', { offset: executed.completionOffset, updateFormat: aliceUpdates() });
    expect(update.update && 'Transaction' in update.update ? update.update.Transaction.value.updateId : undefined).toBe(executed.updateId);
    expect(await client.post('/v2/interactive-submission/execute', await prepareAndSign('4.5'))).toEqual({});
  });
});

describe('the official ScanClient against the reference scan', () => {
  it('reads the six scan endpoints', async () => {
    const scan = new ScanClient(new URL(`${reference.scanUrl}/`), silent as never, tokenProvider('alice-user'));
    const ids = target.fixtures.scan!;
    const domain = ids.synchronizerId;
    // The client's own response types do not resolve under NodeNext (an import without extension in its
    // .d.ts); the answers are type-checked against the scan schemas below instead.
    type Answer = Record<string, unknown>;
    const get = async (path: Parameters<ScanClient['get']>[0], params: Parameters<ScanClient['get']>[1] = {}) =>
      (await scan.get(path, params)) as Answer;
    const traffic = await get('/v0/domains/{domain_id}/members/{member_id}/traffic-status', {
      path: { domain_id: domain, member_id: ids.members.topUpInProgress! },
    });
    expect(traffic.traffic_status).toBeDefined();
    const v0 = await get('/v0/domains/{domain_id}/parties/{party_id}/participant-id', {
      path: { domain_id: domain, party_id: ids.parties.singleHosted! },
    });
    expect(v0.participant_id).toBe(target.fixtures.participantId);
    const v1 = await get('/v1/domains/{domain_id}/parties/{party_id}/participant-id', {
      path: { domain_id: domain, party_id: ids.parties.multiHosted! },
    });
    expect((v1.participant_ids as unknown[]).length).toBeGreaterThan(1);
    const top = await get('/v0/top-validators-by-validator-faucets', { query: { limit: '3' } });
    expect((top.validatorsByReceivedFaucets as unknown[]).length).toBeLessThanOrEqual(3);
    expect(await get('/v0/rewards-collected')).toBeDefined();
    expect(Number((await get('/v0/round-of-latest-data')).round)).toBeGreaterThanOrEqual(0);
  });
});

/** Drops keys whose value is null, everywhere: the official types write optional fields as absent. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, withoutNulls(field)]),
  );
}

/** The official type of each 200 body: participant paths by path and method, scan ones by schema name. */
const LEDGER_ROUTES = new Set([
  'GET /v2/version',
  'GET /v2/authenticated-user',
  'GET /v2/state/connected-synchronizers',
  'GET /v2/state/ledger-end',
  'GET /v2/packages',
  'POST /v2/commands/submit-and-wait',
  'POST /v2/updates/update-by-offset',
  'POST /v2/dars',
  'POST /v2/interactive-submission/prepare',
  'POST /v2/interactive-submission/execute',
  'POST /v2/interactive-submission/executeAndWait',
]);
const SCAN_SCHEMAS: [RegExp, string][] = [
  [/\/v0\/domains\/[^/]+\/members\/[^/]+\/traffic-status$/, 'GetMemberTrafficStatusResponse'],
  [/\/v0\/domains\/[^/]+\/parties\/[^/]+\/participant-id$/, 'GetPartyToParticipantResponse'],
  [/\/v1\/domains\/[^/]+\/parties\/[^/]+\/participant-id$/, 'GetPartyToParticipantResponseV1'],
  [/\/v0\/top-validators-by-validator-faucets$/, 'GetTopValidatorsByValidatorFaucetsResponse'],
  [/\/v0\/rewards-collected$/, 'GetRewardsCollectedResponse'],
  [/\/v0\/round-of-latest-data$/, 'GetRoundOfLatestDataResponse'],
];

function officialType(exchange: Captured): string | undefined {
  const route = `${exchange.method} ${exchange.path}`;
  if (LEDGER_ROUTES.has(route)) return `Ok<'${exchange.path}', '${exchange.method.toLowerCase()}'>`;
  const scan = SCAN_SCHEMAS.find(([pattern]) => pattern.test(exchange.path));
  return scan === undefined ? undefined : `ScanTypes['${scan[1]}']`;
}

interface TypedAnswer {
  /** What the answer was to, for tsc's messages. */
  label: string;
  type: string;
  body: unknown;
}

/** Compiles each body as a value of its official type (null as absent); tsc's output, empty when all fit. */
async function typeCheck(answers: TypedAnswer[]): Promise<{ ok: boolean; output: string }> {
  const directory = join(
    process.cwd(),
    'node_modules',
    '.cache',
    'ledger-conformance-selftest',
    `official-clients-${process.pid}-${Date.now()}`,
  );
  // By file: the splice client's entry point imports its scan types without an extension, which NodeNext cannot resolve.
  const scanTypes = relative(directory, createRequire(import.meta.url).resolve('@canton-network/core-splice-client')).replace(
    /index\.c?js$/,
    'generated-clients/scan.js',
  );
  const source = [
    "import type { v3_5 } from '@canton-network/core-ledger-client-types';",
    `import type { components as ScanComponents } from '${scanTypes}';`,
    "type ScanTypes = ScanComponents['schemas'];",
    'type Paths = v3_5.paths;',
    "type Ok<P extends keyof Paths, M extends 'get' | 'post'> = Paths[P][M] extends { responses: { 200: { content: { 'application/json': infer T } } } } ? T : never;",
    ...answers.map(
      ({ label, type, body }, index) => `// ${label}\nexport const answer${index}: ${type} = ${JSON.stringify(withoutNulls(body))};`,
    ),
  ].join('\n');
  mkdirSync(directory, { recursive: true });
  try {
    writeFileSync(join(directory, 'captured.ts'), source);
    writeFileSync(
      join(directory, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          skipLibCheck: true,
          types: [],
        },
        files: ['captured.ts'],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    return await promisify(execFile)(process.execPath, [tsc, '-p', directory]).then(
      () => ({ ok: true, output: '' }),
      (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe('every captured answer', () => {
  it('type-checks against the official types (tsc)', async () => {
    const answers = captured
      .filter((exchange) => exchange.status === 200 && exchange.contentType.startsWith('application/json'))
      .map((exchange) => ({
        label: `${exchange.method} ${exchange.path}`,
        type: officialType(exchange),
        body: JSON.parse(exchange.text) as unknown,
      }));
    expect(answers.filter((answer) => answer.type === undefined).map((answer) => answer.label)).toEqual([]);
    // Each route the clients were driven through answered at least once.
    const routes = new Set(answers.map((answer) => answer.type));
    expect(routes.size).toBe(LEDGER_ROUTES.size + SCAN_SCHEMAS.length);
    const result = await typeCheck(answers as TypedAnswer[]);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 120_000);

  it('would fail an answer that does not fit (the check can fail)', async () => {
    const result = await typeCheck([
      { label: 'a version without features', type: "Ok<'/v2/version', 'get'>", body: { version: '3.5.0' } },
      {
        label: 'a round as text',
        type: "ScanTypes['GetRoundOfLatestDataResponse']",
        body: { round: 'one', effectiveAt: '2024-01-01T00:00:00Z' },
      },
    ]);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("Property 'features' is missing");
    expect(result.output).toContain("Type 'string' is not assignable to type 'number'");
  }, 120_000);
});
