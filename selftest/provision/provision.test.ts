/**
 * Acceptance of `provision`: against `reference serve --bare` (a participant with nothing but its admin
 * user, in its own process), provision sets everything up and writes the fixtures; a canton-profile run
 * with them is certified, skipping only for features the target declares missing; a second provision
 * changes nothing; no file it wrote holds a secret, except the git-ignored .env it names. The participant
 * counts as connected to two synchronizers, so, as on such a Canton node, a DAR request that vets without naming
 * the synchronizer is refused (PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER), and the certified run shows the
 * suite names it. (Provision does not upload here, the bare reference knowing the stand-in DAR's package;
 * node.test.ts tests its upload.)
 */
import { PROVISIONED_SUITE_DARS, suiteDar } from '../../specification/suite-dars.js';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { promisify } from 'node:util';
import dotenv from 'dotenv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadFixtures } from '../../config/fixtures-loader.js';
import { configWithReferenceFeatures, runConformance } from '../conformance/support.js';

const execute = promisify(execFile);
const root = process.cwd();
const SECRET = 'provision-selftest-secret';
const standInDar = join(root, 'config/fixtures/canton-examples-stand-in.dar');

let server: ChildProcess;
let output = '';
let work: string;
let configPath: string;
let participant: string;

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execute(process.execPath, [join(root, 'bin/ledger-conformance.mjs'), ...args], {
      cwd: work,
      env: { ...process.env, CI: 'true' },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function ledgerEnd(): Promise<number> {
  const token = /participant_admin\s+(\S+)/.exec(output)![1]!;
  const response = await fetch(`${participant}/v2/state/ledger-end`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { offset: number }).offset;
}

/** The model DAR, given as a path relative to the working directory, as a user in a checkout gives it. */
const darArgument = join('dars', 'stand-in.dar');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'provision-'));
  mkdirSync(join(work, 'dars'));
  copyFileSync(standInDar, join(work, darArgument));
  const serveConfig = configWithReferenceFeatures({ connectedSynchronizers: 2 });
  const serveArgs = ['reference', 'serve', '--config', serveConfig, '--bare', '--port', '0', '--scan-port', '0'];
  server = spawn(process.execPath, ['bin/ledger-conformance.mjs', ...serveArgs], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REFERENCE_JWT_SECRET: SECRET },
  });
  server.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const started = Date.now();
  while (!/participant_admin\s+eyJ/.test(output)) {
    if (Date.now() - started > 60_000) throw new Error(`reference serve --bare did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  participant = /participant:\s+(http:\/\/\S+)/.exec(output)![1]!;
  const scan = /scan:\s+(http:\/\/\S+)/.exec(output)![1]!;
  configPath = join(work, 'config.yaml');
  writeFileSync(
    configPath,
    stringify({
      target: 'bare',
      targets: {
        bare: {
          kind: 'remote',
          participant,
          scan,
          auth: { kind: 'hs256', secret: '${env:BARE_JWT_SECRET}', audience: 'https://daml.com/jwt/aud/participant/participant1' },
          // What this target has: no traffic accounts, no reassignment, no party hosted elsewhere.
          features: {
            ledgerApiVersion: '3.5',
            trafficAccounts: false,
            interactiveSubmission: true,
            authorization: true,
            scanVersion: '0.6.5',
            reassignmentFixture: false,
            multiHostedParty: false,
            syntheticDars: true,
            userManagement: true,
            connectedSynchronizers: 2,
          },
        },
      },
    }),
  );
  process.env.BARE_JWT_SECRET = SECRET;
}, 90_000);

afterAll(async () => {
  delete process.env.BARE_JWT_SECRET;
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGINT');
  await exited;
});

describe('provision against a bare participant', () => {
  it('refuses to write to a node that is not on this machine without --yes, and --dry-run changes nothing', async () => {
    const remote = join(work, 'remote.yaml');
    writeFileSync(
      remote,
      stringify({ target: 'far', targets: { far: { kind: 'remote', participant: 'https://participant.staging.example.com' } } }),
    );
    const refused = await cli(['provision', '--config', remote, '--dar', darArgument]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/--yes/);
    const before = await ledgerEnd();
    const dryRun = await cli(['provision', '--config', configPath, '--dar', darArgument, '--dry-run']);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(dryRun.stdout).toMatch(/would allocate party conformance-alice::/);
    // It lists changes: its last line must not say there are none.
    expect(dryRun.stdout).not.toContain('no change on the node');
    expect(dryRun.stdout.trim().split('\n').at(-1)).toMatch(
      /^dry run: \d+ change\(s\) listed above would be made; nothing was changed on the node and no file was written$/,
    );
    expect(await ledgerEnd()).toBe(before);
    expect(existsSync(join(work, 'out/fixtures/bare.yaml'))).toBe(false);
  }, 120_000);

  it('sets the node up and writes fixtures with which a canton-profile run is certified', async () => {
    const first = await cli(['provision', '--config', configPath, '--dar', darArgument]);
    expect(first.code, `${first.stdout}\n${first.stderr}`).toBe(0);
    expect(first.stdout).toMatch(/onboarded external party conformance-dana::1220[0-9a-f]{64}/);
    expect(first.stdout).toMatch(/created user conformance-retired-user/);
    const fixturesPath = join(work, 'out/fixtures/bare.yaml');
    const fixtures = parse(readFileSync(fixturesPath, 'utf8'));
    expect(fixtures.users.find((user: { id: string }) => user.id === 'participant_admin')).toMatchObject({ rights: { admin: true } });
    expect(fixtures.users.filter((user: { isDeactivated?: boolean }) => user.isDeactivated)).toHaveLength(1);
    expect(Object.keys(fixtures.seededUpdates).sort()).toEqual(['checkpointOffset', 'topologyOffset', 'transactionOffset']);
    // The suite's own DARs, uploaded beside the model DAR and recorded with their package ids (a second run, below,
    // uploads none again).
    expect(Object.keys(fixtures.suitePackages)).toEqual([...PROVISIONED_SUITE_DARS]);
    for (const name of PROVISIONED_SUITE_DARS) {
      expect(fixtures.suitePackages[name]).toMatchObject({ id: suiteDar(name).packageId, name: suiteDar(name).packageName });
      expect(first.stdout).toContain(`uploaded the suite's ${name}.dar (package ${suiteDar(name).packageId})`);
    }
    // The DAR's path is relative to the fixtures file: fixtures and DAR moved together (another folder, a CI
    // cache) still find each other.
    expect(fixtures.dar).toBe('../../dars/stand-in.dar');
    const moved = mkdtempSync(join(tmpdir(), 'provision-moved-'));
    cpSync(join(work, 'out'), join(moved, 'out'), { recursive: true });
    cpSync(join(work, 'dars'), join(moved, 'dars'), { recursive: true });
    const env = { ...process.env, ...dotenv.parse(readFileSync(join(moved, 'out/fixtures/.env'))) };
    const movedFixtures = loadFixtures(join(moved, 'out/fixtures/bare.yaml'), moved, env, 'fixtures');
    expect(movedFixtures.dar).toBe(join(moved, 'dars/stand-in.dar'));
    expect(isAbsolute(movedFixtures.dar) && existsSync(movedFixtures.dar)).toBe(true);

    const { code, report, stdout } = await runConformance(['--config', configPath, '--fixtures', fixturesPath, '--profile', 'canton']);
    const failures = report.tests
      .filter((test) => test.outcome === 'failed')
      .map((test) => `${test.id}: ${test.failure?.message.slice(0, 300)}`);
    expect(failures, stdout).toEqual([]);
    expect(code).toBe(0);
    const open = report.clauses
      .filter((entry) => ['not-covered', 'inconclusive', 'not-reached', 'failed'].includes(entry.status))
      .map((entry) => `${entry.id}: ${entry.status}`);
    const broken = report.tests
      .filter((test) => test.outcome === 'error' || test.outcome === 'inconclusive')
      .map((test) => `${test.outcome} ${test.id}`);
    expect({ verdict: report.verdict, open, broken }).toEqual({ verdict: 'certified', open: [], broken: [] });
    const undeclared = report.tests.filter((test) => test.outcome === 'skipped' && !/\(features\.[A-Za-z]+/.test(test.skipReason ?? ''));
    expect(undeclared.map((test) => `${test.id}: ${test.skipReason}`)).toEqual([]);
    expect(report.tests.filter((test) => test.outcome === 'passed').length).toBeGreaterThan(100);
  }, 300_000);

  it('a second run reuses everything and changes nothing', async () => {
    const fixturesPath = join(work, 'out/fixtures/bare.yaml');
    const fixturesBefore = readFileSync(fixturesPath, 'utf8');
    const envBefore = readFileSync(join(work, 'out/fixtures/.env'), 'utf8');
    const endBefore = await ledgerEnd();
    const second = await cli(['provision', '--config', configPath, '--dar', darArgument]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('no change on the node');
    expect(second.stdout).toContain('fixtures unchanged');
    expect(second.stdout).not.toMatch(/allocated|onboarded|created|updated|seeded|uploaded/);
    expect(await ledgerEnd()).toBe(endBefore);
    expect(readFileSync(fixturesPath, 'utf8')).toBe(fixturesBefore);
    expect(readFileSync(join(work, 'out/fixtures/.env'), 'utf8')).toBe(envBefore);
  }, 120_000);

  it('no file it wrote holds a secret, except the git-ignored .env', () => {
    const directory = join(work, 'out/fixtures');
    const secrets = Object.values(dotenv.parse(readFileSync(join(directory, '.env'))));
    expect(secrets).toHaveLength(2);
    const fixtures = parse(readFileSync(join(directory, 'bare.yaml'), 'utf8'));
    for (const party of fixtures.parties.filter((candidate: { external?: unknown }) => candidate.external)) {
      expect(party.external.privateKey).toMatch(/^\$\{env:LEDGER_CONFORMANCE_BARE_[A-Z]+_PRIVATE_KEY\}$/);
    }
    for (const file of readdirSync(directory).filter((name) => name !== '.env')) {
      const text = readFileSync(join(directory, file), 'utf8');
      for (const secret of [...secrets, SECRET]) expect(text, `${file} holds a secret`).not.toContain(secret);
      expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
    }
    expect(readFileSync(join(directory, '.gitignore'), 'utf8')).toMatch(/^\.env$/m);
  });

  it('--cleanup deletes the users it created, keeps the parties, and a new run recreates them', async () => {
    const cleanup = await cli(['provision', '--config', configPath, '--cleanup']);
    expect(cleanup.code, cleanup.stderr).toBe(0);
    expect(cleanup.stdout).toContain('deleted user conformance-alice-user');
    expect(cleanup.stdout).not.toMatch(/deleted party/);
    const again = await cli(['provision', '--config', configPath]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('created user conformance-alice-user');
    expect(again.stdout).not.toMatch(/allocated|onboarded|seeded/);
  }, 120_000);
});

describe('provision that cannot finish', () => {
  /** The bare target of `configPath` under another name, with `change` applied to it. */
  function variant(name: string, change: (target: Record<string, unknown>) => void): string {
    const config = parse(readFileSync(configPath, 'utf8')) as { target: string; targets: Record<string, Record<string, unknown>> };
    const target = { ...config.targets['bare']! };
    change(target);
    const path = join(work, `${name}.yaml`);
    writeFileSync(path, stringify({ target: name, targets: { [name]: target } }));
    return path;
  }

  it('without a scan URL it stops before writing anything', async () => {
    const before = await ledgerEnd();
    const noScan = await cli([
      'provision',
      '--config',
      variant('noscan', (target) => delete target['scan']),
      '--prefix',
      'noscan',
      '--dar',
      standInDar,
    ]);
    expect(noScan.code).not.toBe(0);
    expect(noScan.stderr).toMatch(/no scan URL/);
    expect(noScan.stdout).not.toMatch(/allocated|onboarded|created/);
    expect(await ledgerEnd()).toBe(before);
  }, 120_000);

  it('keeps the key of each external party it created, so a run after a failure reuses the party', async () => {
    // The scan cannot be reached: provision fails after the parties exist, before it writes the fixtures.
    const unreachable = variant('halfway', (target) => (target['scan'] = 'http://127.0.0.1:1/api/scan'));
    const failed = await cli(['provision', '--config', unreachable, '--prefix', 'halfway', '--dar', standInDar]);
    expect(failed.code, failed.stdout).not.toBe(0);
    expect(failed.stdout).toMatch(/onboarded external party halfway-dana::1220/);
    expect(existsSync(join(work, 'out/fixtures/halfway.yaml'))).toBe(false);
    const keys = Object.keys(dotenv.parse(readFileSync(join(work, 'out/fixtures/.env'))));
    expect(keys.filter((name) => name.startsWith('LEDGER_CONFORMANCE_HALFWAY_'))).toHaveLength(2);

    const working = variant('halfway', () => undefined);
    const again = await cli(['provision', '--config', working, '--prefix', 'halfway', '--dar', standInDar]);
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
    expect(again.stdout).not.toMatch(/onboarded/);
    const fixtures = parse(readFileSync(join(work, 'out/fixtures/halfway.yaml'), 'utf8'));
    const dana = fixtures.parties.find((party: { alias: string }) => party.alias === 'dana');
    expect(failed.stdout).toContain(`onboarded external party ${dana.id}`);
  }, 240_000);
});
