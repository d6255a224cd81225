import { copyFileSync, mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultConfigPath, loadConfig, referenceFixturesPath } from '../../config/load.js';
import { editDistance } from '../../config/schema-errors.js';

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

  it("a copy of the default config in another folder uses the tool's own fixtures for the embedded target", async () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'copied-config-')), 'my-config.yaml');
    copyFileSync(defaultConfigPath, copy);
    const config = await loadConfig({ configPath: copy, env: {}, dotenvPath: false });
    expect(config.source).toBe(copy);
    expect(config.target.kind).toBe('reference');
    expect(config.target.fixtures.dar).toBe(join(process.cwd(), 'config/fixtures/conformance-test.dar'));
    expect(referenceFixturesPath).toBe(fixturesPath);
  });

  it('a reference target pointing at a missing fixtures file says what to copy, not to provision it', async () => {
    const path = writeConfig('targets:\n  reference:\n    kind: reference\n    fixtures: fixtures/reference.yaml\n');
    const error = await configError(loadConfig({ configPath: path, env: {}, dotenvPath: false }));
    const text = error.issues.join('\n');
    expect(text).not.toContain('provision');
    expect(text).toContain('remove the `fixtures` key of targets.reference');
    expect(text).toContain(`copy that file and the conformance-test.dar beside it`);
    expect(text).toContain(fixturesPath);
    // A remote target's missing fixtures are still provision's to write.
    const remote = await configError(
      loadConfig({
        configPath: writeConfig(remoteConfig().replace(fixturesPath, '/nonexistent/f.yaml')),
        env: { MY_SECRET: 's' },
        dotenvPath: false,
      }),
    );
    expect(remote.issues.join()).toContain('ledger-conformance provision --target staging');
  });

  it('names where a bad value came from: environment, .env or flag, not the file', async () => {
    const fromEnv = await configError(loadConfig({ env: { LEDGER_PROFILE: 'Canton' }, dotenvPath: false }));
    expect(fromEnv.issues).toEqual([
      'run.profile: found "Canton" (string) in the environment variable LEDGER_PROFILE, expected one of "spec", "canton"',
    ]);
    expect(fromEnv.message).toContain('with the values given outside it');

    const directory = mkdtempSync(join(tmpdir(), 'dotenv-'));
    const dotenvPath = join(directory, '.env');
    writeFileSync(dotenvPath, 'LEDGER_SEED=soon\nMY_SECRET=s\nLEDGER_BASE_URL=htp://typo.example\n');
    const fromDotenv = await configError(loadConfig({ configPath: writeConfig(remoteConfig()), env: {}, dotenvPath }));
    expect(fromDotenv.issues).toContain(
      `run.seed: found "soon" (string) in LEDGER_SEED of ${dotenvPath}, expected a value of type integer`,
    );
    // The participant comes from ${env:LEDGER_BASE_URL} in the file, resolved from .env, and from the override.
    expect(fromDotenv.issues.join('\n')).toContain(
      `targets.staging.participant: found "htp://typo.example" (string) in LEDGER_BASE_URL of ${dotenvPath}`,
    );

    const fromFlag = await configError(loadConfig({ env: {}, dotenvPath: false, overrides: { cases: 0 } }));
    expect(fromFlag.issues).toEqual(['run.cases: found 0 (number) in the command-line flag --cases, expected a number >= 1']);
    const unknownTarget = await configError(loadConfig({ env: {}, dotenvPath: false, overrides: { target: 'prod' } }));
    expect(unknownTarget.issues[0]).toMatch(/^target: found "prod" in the command-line flag --target, expected one of/);

    // A value of the file itself is the file's: no source named, the file is the header.
    const fromFile = await configError(
      loadConfig({ configPath: writeConfig(remoteConfig('run:\n  profile: Canton\n')), env: { MY_SECRET: 's' }, dotenvPath: false }),
    );
    expect(fromFile.issues).toEqual(['run.profile: found "Canton" (string), expected one of "spec", "canton"']);
    expect(fromFile.message).not.toContain('outside');
  });

  it('a URL typo is explained in words, not by a regular expression', async () => {
    const path = writeConfig(remoteConfig().replace('http://127.0.0.1:5012/api/scan', 'htp://127.0.0.1:5012/api/scan'));
    const error = await configError(loadConfig({ configPath: path, env: { MY_SECRET: 's' }, dotenvPath: false }));
    expect(error.issues).toEqual([
      'targets.staging.scan: found "htp://127.0.0.1:5012/api/scan" (string), expected an http:// or https:// URL (e.g. http://127.0.0.1:7575)',
    ]);
    const version = writeConfig(remoteConfig('    features: { scanVersion: "0.7" }\n').replace('\n\n', '\n'));
    const versionError = await configError(loadConfig({ configPath: version, env: { MY_SECRET: 's' }, dotenvPath: false }));
    expect(versionError.issues.join()).toContain('expected a version MAJOR.MINOR.PATCH');
    expect(versionError.issues.join()).not.toContain('\\d');
  });

  it('an unknown key gets the known key it is closest to, as the CLI options do', async () => {
    const path = writeConfig(remoteConfig('run:\n  profil: spec\n  concurency: 2\n  Cases: 3\n  colour: blue\n'));
    const error = await configError(loadConfig({ configPath: path, env: { MY_SECRET: 's' }, dotenvPath: false }));
    expect(error.issues).toContain('run.profil: unknown key (did you mean "profile"? See README "Configuration")');
    expect(error.issues).toContain('run.concurency: unknown key (did you mean "concurrency"? See README "Configuration")');
    expect(error.issues).toContain('run.Cases: unknown key (did you mean "cases"? See README "Configuration")');
    const colour = error.issues.find((issue) => issue.startsWith('run.colour'));
    expect(colour).toMatch(/^run\.colour: unknown key \(remove it or check its spelling; known keys here: profile, cases, /);
    const target = await configError(
      loadConfig({ configPath: writeConfig(remoteConfig().replace('    scan:', '    scna:')), env: { MY_SECRET: 's' }, dotenvPath: false }),
    );
    expect(target.issues).toContain('targets.staging.scna: unknown key (did you mean "scan"? See README "Configuration")');
    expect([editDistance('scna', 'scan'), editDistance('kitten', 'sitting'), editDistance('', 'abc')]).toEqual([1, 3, 3]);
  });
});
