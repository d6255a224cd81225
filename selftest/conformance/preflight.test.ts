/**
 * Preflight (harness/runner/preflight.ts) against the embedded reference, in-process: the committed set-up passes; each
 * way the tool's own set-up can be wrong stops before any test with one error that names it. Tokens the node
 * refuses (wrong secret, wrong audience) are a PreflightAuthError (exit 4); fixtures that disagree with the node
 * (a missing template, a revoked right, a missing DAR file, a scan of another version) one ConfigError (exit 3)
 * naming the fixture and `provision --dry-run`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createTokenProvider } from '../../client/auth.js';
import { ConfigError } from '../../config/tool-errors.js';
import { loadConfig } from '../../config/load.js';
import type { Fixtures, ReferenceTargetConfig, ResolvedConfig } from '../../config/types.js';
import type { TargetClient, TargetEndpoints } from '../../client/http.js';
import { PreflightAuthError, preflight as preflightWith, type PreflightResult } from '../../harness/runner/preflight.js';
import { openRunClient } from '../../harness/runner/runner.js';
import { startReference, type ReferenceHandle } from '../../reference/index.js';

const execute = promisify(execFile);
const root = process.cwd();
let handle: ReferenceHandle | undefined;
const clients: TargetClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  await handle?.close();
  handle = undefined;
});

/** Preflight through the client a run opens for this configuration (its tokens are the configuration's). */
function preflight(config: ResolvedConfig, endpoints: TargetEndpoints): Promise<PreflightResult> {
  const client = openRunClient(config, endpoints);
  clients.push(client);
  return preflightWith(config, client);
}

async function referenceConfig(): Promise<ResolvedConfig> {
  return loadConfig({ configPath: join(root, 'config/default.yaml'), overrides: { target: 'reference' }, dotenvPath: false });
}

async function started(config: ResolvedConfig): Promise<{ participant: string; scan: string }> {
  handle = await startReference({ target: config.target as ReferenceTargetConfig });
  return { participant: handle.participantUrl, scan: handle.scanUrl };
}

/** The same config with other fixtures or features (what the tool believes; the node keeps the committed ones). */
function believing(config: ResolvedConfig, change: { fixtures?: Partial<Fixtures>; features?: Record<string, unknown> }): ResolvedConfig {
  return {
    ...config,
    target: {
      ...config.target,
      fixtures: { ...config.target.fixtures, ...change.fixtures },
      features: { ...config.target.features, ...change.features },
    },
  } as ResolvedConfig;
}

function runClientWith(auth: ResolvedConfig['target']['auth'], config: ResolvedConfig, endpoints: TargetEndpoints): TargetClient {
  const client = openRunClient({ ...config, target: { ...config.target, auth } } as ResolvedConfig, endpoints);
  clients.push(client);
  return client;
}

async function configErrorOf(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('preflight', () => {
  it('passes the committed reference set-up and says nothing is left unchecked', async () => {
    const config = await referenceConfig();
    const result = await preflight(config, await started(config));
    expect(result.notes).toEqual([]);
    expect(result.requests).toBeGreaterThan(10);
  });

  it('a wrong secret: the first user whose token is refused, what the node answered and the key to check', async () => {
    const config = await referenceConfig();
    const endpoints = await started(config);
    const auth = { ...config.target.auth, secret: 'a-wrong-secret' } as typeof config.target.auth;
    // The run's client holds the configuration's tokens: signed here with what the node does not accept.
    const error = await preflightWith(config, runClientWith(auth, config, endpoints)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PreflightAuthError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toMatch(
      /fixture user "participant_admin".*GET \/v2\/authenticated-user answered 401 .*targets\.reference\.auth\.secret/,
    );
  });

  it('a wrong audience is refused the same way', async () => {
    const config = await referenceConfig();
    const endpoints = await started(config);
    const auth = { ...config.target.auth, audience: 'https://daml.com/jwt/aud/participant/another' } as typeof config.target.auth;
    // The run's client holds the configuration's tokens: signed here with what the node does not accept.
    const error = await preflightWith(config, runClientWith(auth, config, endpoints)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PreflightAuthError);
    expect((error as Error).message).toMatch(/answered 401 .*auth\.audience \(LEDGER_JWT_AUDIENCE\)/);
  });

  it('a template the node lacks: one configuration error naming the fixture and provision --dry-run', async () => {
    const config = await referenceConfig();
    const endpoints = await started(config);
    const { templates } = config.target.fixtures;
    const drifted = believing(config, {
      fixtures: { templates: { ...templates, getCash: { ...templates.getCash, templateId: '#CantonExamples:Iou:NoSuchTemplate' } } },
    });
    const error = await configErrorOf(preflight(drifted, endpoints));
    expect(error.issues).toHaveLength(2);
    expect(error.issues[0]).toMatch(
      /templates\.getCash\.templateId #CantonExamples:Iou:NoSuchTemplate: the node does not have it \(404 NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME/,
    );
    expect(error.issues[1]).toMatch(/ledger-conformance provision --target reference --dry-run/);
  });

  it('a right revoked on the node: one configuration error naming the user and the right', async () => {
    const config = await referenceConfig();
    const endpoints = await started(config);
    const fixtures = config.target.fixtures;
    const alice = fixtures.parties.find((party) => party.alias === 'alice')!.id;
    const token = await createTokenProvider(config.target.auth, fixtures).tokenFor('participant_admin');
    const revoked = await fetch(`${endpoints.participant}/v2/users/alice-user/rights`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'alice-user', rights: [{ kind: { CanActAs: { value: { party: alice } } } }], identityProviderId: '' }),
    });
    expect(revoked.status).toBe(200);
    const error = await configErrorOf(preflight(config, endpoints));
    expect(error.issues).toHaveLength(2);
    expect(error.issues[0]).toBe(`targets.reference.fixtures users[alice-user].rights: the node does not grant CanActAs:${alice}`);
  });

  it('a fixture user the node does not have: a configuration error naming it, not a refused token', async () => {
    const config = await referenceConfig();
    const endpoints = await started(config);
    const fixtures = config.target.fixtures;
    const ghost = { ...fixtures.users.find((user) => user.id === 'bob-user')!, id: 'ghost-user' };
    const error = await configErrorOf(preflight(believing(config, { fixtures: { users: [...fixtures.users, ghost] } }), endpoints));
    expect(error.issues).toHaveLength(2);
    expect(error.issues[0]).toMatch(
      /^targets\.reference\.fixtures users\[ghost-user\]: the node has no such user \(GET \/v2\/users\/ghost-user answered 404 USER_NOT_FOUND/,
    );
  });

  it('a DAR file that is not there: one configuration error naming the fixture, before any request to the node', async () => {
    const config = await referenceConfig();
    const endpoints = await started(config);
    const error = await configErrorOf(preflight(believing(config, { fixtures: { dar: '/nonexistent/CantonExamples.dar' } }), endpoints));
    expect(error.issues).toHaveLength(2);
    expect(error.issues[0]).toMatch(/fixtures dar: the DAR file \/nonexistent\/CantonExamples\.dar cannot be read/);
  });

  it('a scan of another version than features.scanVersion declares', async () => {
    const config = await referenceConfig();
    const endpoints = await started(config);
    const error = await configErrorOf(preflight(believing(config, { features: { scanVersion: '0.7.5' } }), endpoints));
    expect(error.issues[0]).toMatch(/features\.scanVersion: it says 0\.7\.5, the scan reports 0\.6\.5 .*set it to 0\.6\.5/);
  });

  it('traffic accounts declared against a node without the traffic endpoint (a Canton 3.5 node, C3)', async () => {
    const config = await referenceConfig();
    const endpoints = await started(believing(config, { features: { trafficAccounts: false } }));
    const error = await configErrorOf(preflight(config, endpoints));
    expect(error.issues).toHaveLength(2);
    expect(error.issues[0]).toMatch(/features\.trafficAccounts: it is true, but the node has no traffic endpoint .*Canton 3\.6 feature/);
  });

  it('without an admin user, users, rights and parties are skipped with the reason', async () => {
    const config = await referenceConfig();
    const endpoints = await started(config);
    const users = config.target.fixtures.users.filter((user) => !user.rights.admin);
    const result = await preflight(believing(config, { fixtures: { users } }), endpoints);
    expect(result.notes).toEqual([
      expect.stringMatching(/users, rights and parties were not checked: no active fixture user has admin rights/),
    ]);
  });

  it('run: a token the node refuses exits 4 with one line, before any test and without a report', async () => {
    const config = await referenceConfig();
    const endpoints = await started(config);
    const work = mkdtempSync(join(tmpdir(), 'preflight-'));
    const configPath = join(work, 'config.yaml');
    writeFileSync(
      configPath,
      stringify({
        target: 'node',
        targets: {
          node: {
            kind: 'remote',
            participant: endpoints.participant,
            scan: endpoints.scan,
            fixtures: join(root, 'config/fixtures/reference.yaml'),
            auth: { kind: 'hs256', secret: '${env:LEDGER_JWT_SECRET}', audience: 'https://daml.com/jwt/aud/participant/participant1' },
            features: { scanVersion: '0.6.5' },
          },
        },
      }),
    );
    const reportDir = join(work, 'reports');
    const result = await execute(
      process.execPath,
      [join(root, 'bin/ledger-conformance.mjs'), 'run', '--config', configPath, '--report-dir', reportDir],
      {
        cwd: work,
        env: { ...process.env, CI: 'true', LEDGER_JWT_SECRET: 'not-the-node-secret' },
        timeout: 60_000,
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(4);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^error: preflight: the node refused the token of fixture user "participant_admin": .* answered 401 .*LEDGER_JWT_SECRET/,
      ),
    ]);
    expect(existsSync(join(reportDir, 'report.json'))).toBe(false);
  }, 90_000);
});
