import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultConfigPath, loadConfig } from '../../config/load.js';

const fixturesPath = join(process.cwd(), 'config/fixtures/reference.yaml');

function writeConfig(yaml: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'config-test-'));
  const path = join(directory, 'config.yaml');
  writeFileSync(path, yaml);
  return path;
}

const remoteConfig = (extra = ''): string => `
target: staging
targets:
  staging:
    kind: remote
    participant: \${env:LEDGER_BASE_URL:-http://127.0.0.1:7575}
    scan: http://127.0.0.1:5012/api/scan
    fixtures: ${fixturesPath}
    auth: { kind: hs256, secret: "\${env:MY_SECRET}" }
${extra}`;

async function configError(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('loadConfig', () => {
  it('loads the committed default: the reference target with its fixtures resolved', async () => {
    const config = await loadConfig({ env: {}, dotenvPath: false });
    expect(config.source).toBe(defaultConfigPath);
    expect(config.target.kind).toBe('reference');
    expect(config.run.profile).toBe('spec');
    const iou = config.target.fixtures.templates.iou.createArguments;
    expect(iou.payer).toMatch(/^Bank::1220/);
    expect(config.target.fixtures.dar).toMatch(/config\/fixtures\/conformance-test\.dar$/);
    expect(readFileSync(config.target.fixtures.dar).length).toBeGreaterThan(100);
    expect(config.target.features.writes).toBe(true);
  });

  it('applies file < .env < environment < flags', async () => {
    const path = writeConfig(remoteConfig());
    const directory = mkdtempSync(join(tmpdir(), 'dotenv-'));
    const dotenvPath = join(directory, '.env');
    writeFileSync(dotenvPath, 'MY_SECRET=from-dotenv\nLEDGER_BASE_URL=http://dotenv.example:1\nLEDGER_PROFILE=canton\n');
    const fromDotenv = await loadConfig({ configPath: path, env: {}, dotenvPath });
    expect(fromDotenv.target.kind === 'remote' && fromDotenv.target.participant).toBe('http://dotenv.example:1');
    expect(fromDotenv.target.auth).toMatchObject({ kind: 'hs256', secret: 'from-dotenv' });
    expect(fromDotenv.run.profile).toBe('canton');

    const fromEnv = await loadConfig({ configPath: path, env: { LEDGER_BASE_URL: 'http://env.example:2', MY_SECRET: 's' }, dotenvPath });
    expect(fromEnv.target.kind === 'remote' && fromEnv.target.participant).toBe('http://env.example:2');

    const fromFlags = await loadConfig({
      configPath: path,
      env: { MY_SECRET: 's' },
      dotenvPath,
      overrides: { participant: 'http://flag.example:3', profile: 'spec', cases: 7 },
    });
    expect(fromFlags.target.kind === 'remote' && fromFlags.target.participant).toBe('http://flag.example:3');
    expect(fromFlags.run.profile).toBe('spec');
    expect(fromFlags.run.cases).toBe(7);
  });

  it('LEDGER_TOKEN switches the remote target to a static token', async () => {
    const config = await loadConfig({
      configPath: writeConfig(remoteConfig()),
      env: { MY_SECRET: 's', LEDGER_TOKEN: 'tok' },
      dotenvPath: false,
    });
    expect(config.target.auth).toEqual({ kind: 'static', token: 'tok' });
  });

  it("LEDGER_JWT_AUDIENCE sets the staging target's audience, as LEDGER_JWT_SECRET its secret", async () => {
    const env = { LEDGER_TARGET: 'staging', LEDGER_FIXTURES: 'config/fixtures/reference.yaml', LEDGER_JWT_SECRET: 'sec' };
    const byDefault = await loadConfig({ env, dotenvPath: false });
    expect(byDefault.target.auth).toMatchObject({ secret: 'sec', audience: 'https://daml.com/jwt/aud/participant/participant1' });
    const audience = 'https://daml.com/jwt/aud/participant/PAR::p2::1220ab';
    const set = await loadConfig({ env: { ...env, LEDGER_JWT_AUDIENCE: audience }, dotenvPath: false });
    expect(set.target.auth).toMatchObject({ kind: 'hs256', secret: 'sec', audience });
    // Any remote target, not only the default's `staging` that names the variable.
    const other = await loadConfig({
      configPath: writeConfig(remoteConfig()),
      env: { MY_SECRET: 's', LEDGER_JWT_AUDIENCE: audience },
      dotenvPath: false,
    });
    expect(other.target.auth).toMatchObject({ audience });
  });

  it('names an unset environment variable and how to fix it', async () => {
    const error = await configError(loadConfig({ configPath: writeConfig(remoteConfig()), env: {}, dotenvPath: false }));
    expect(error.issues.join('\n')).toMatch(
      /targets\.staging\.auth\.secret: refers to the environment variable MY_SECRET, which is not set/,
    );
  });

  it('names the key, what was found and what was expected', async () => {
    const path = writeConfig(remoteConfig(`run:\n  cases: 0\n  profile: strict\n  colour: blue\n`));
    const error = await configError(loadConfig({ configPath: path, env: { MY_SECRET: 's' }, dotenvPath: false }));
    const text = error.issues.join('\n');
    expect(text).toContain('run.cases: found 0 (number), expected a number >= 1');
    expect(text).toContain('run.profile: found "strict" (string), expected one of "spec", "canton"');
    expect(text).toContain('run.colour: unknown key');
  });

  it('rejects a malformed URL, an unknown target and bad YAML', async () => {
    const badUrl = writeConfig(remoteConfig().replace('http://127.0.0.1:5012/api/scan', 'not a url'));
    expect((await configError(loadConfig({ configPath: badUrl, env: { MY_SECRET: 's' }, dotenvPath: false }))).issues.join()).toContain(
      'targets.staging.scan',
    );
    const unknown = await configError(loadConfig({ env: { LEDGER_TARGET: 'prod' }, dotenvPath: false }));
    expect(unknown.issues[0]).toContain('expected one of the names under targets: reference, staging');
    const yaml = await configError(loadConfig({ configPath: writeConfig('target: [unclosed'), env: {}, dotenvPath: false }));
    expect(yaml.issues[0]).toContain('not valid YAML');
    const missing = await configError(loadConfig({ configPath: '/nonexistent/config.yaml', env: {}, dotenvPath: false }));
    expect(missing.issues[0]).toContain('does not exist');
  });

  it('checks fixture references: unknown party aliases are named', async () => {
    const fixtures = readFileSync(fixturesPath, 'utf8').replace('rights: { actAs: [bob] }', 'rights: { actAs: [robert] }');
    const directory = mkdtempSync(join(tmpdir(), 'fixtures-'));
    const path = join(directory, 'fixtures.yaml');
    writeFileSync(path, fixtures);
    const config = writeConfig(remoteConfig().replace(fixturesPath, path));
    const error = await configError(loadConfig({ configPath: config, env: { MY_SECRET: 's' }, dotenvPath: false }));
    expect(error.issues.join()).toMatch(/users\[1\]\.rights\.actAs\[0\]: found "robert", expected a party alias/);
  });

  it("refuses an external party fingerprint that is not Canton's fingerprint of its key, naming the right one", async () => {
    // The plain SHA-256 of dana's key, the formula the fixtures once taught.
    const plain = readFileSync(fixturesPath, 'utf8').replace(
      'fingerprint: 122062849c32f70eff7615a50326bccd2d15b041f7a1e482e4dea52d60ada302d350',
      'fingerprint: 12200d6de74dfe33714291322e544ff8e9844a25a0c0d86e17de2db84a4239836a59',
    );
    const directory = mkdtempSync(join(tmpdir(), 'fixtures-'));
    const path = join(directory, 'fixtures.yaml');
    writeFileSync(path, plain);
    const config = writeConfig(remoteConfig().replace(fixturesPath, path));
    const error = await configError(loadConfig({ configPath: config, env: { MY_SECRET: 's' }, dotenvPath: false }));
    expect(error.issues.join()).toMatch(
      /parties\[5\]\.external\.fingerprint: found "12200d6d.*Canton's fingerprint of its publicKey is "122062849c32f70eff7615a50326bccd2d15b041f7a1e482e4dea52d60ada302d350"/,
    );
  });

  it('refuses --participant for the embedded reference target', async () => {
    const error = await configError(loadConfig({ env: {}, dotenvPath: false, overrides: { participant: 'http://x.example' } }));
    expect(error.issues[0]).toContain('embedded reference target');
  });

  it('--read-only turns writes off', async () => {
    const config = await loadConfig({ env: {}, dotenvPath: false, overrides: { readOnly: true } });
    expect(config.target.features.writes).toBe(false);
  });
});
