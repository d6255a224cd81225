/**
 * Loads the configuration: YAML file (committed default or --config FILE) < .env < environment variables
 * < CLI flags; `${env:NAME}` / `${env:NAME:-default}` references resolved; validated against
 * `config/schema.ts`; fixtures loaded and their party placeholders resolved.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import dotenv from 'dotenv';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from './errors.js';
import { cantonKeyFingerprint } from './key-fingerprint.js';
import { configFileSchema, fixturesSchema } from './schema.js';
import type { Fixtures, ProfileName, ResolvedConfig, RunConfig, TargetConfig } from './types.js';

export { ConfigError } from './errors.js';

export const defaultConfigPath = resolve(dirname(fileURLToPath(import.meta.url)), 'default.yaml');

export type Environment = Record<string, string | undefined>;

/** Values given on the command line; they win over everything else. */
export interface ConfigOverrides {
  target?: string;
  profile?: ProfileName;
  participant?: string;
  scan?: string;
  cases?: number;
  seed?: number;
  concurrency?: number;
  timeoutScale?: number;
  requestTimeoutMs?: number;
  inFlight?: number;
  retryTransport?: number;
  deadNodeSeconds?: number;
  reportDir?: string;
  include?: string[];
  exclude?: string[];
  readOnly?: boolean;
  checks?: string[];
  excludeChecks?: string[];
  /** A fixtures file for the selected target (relative to the working directory); wins over the config's. */
  fixtures?: string;
}

export interface LoadConfigOptions {
  /** Config file; the committed default when absent. */
  configPath?: string;
  /** Environment; `process.env` when absent. */
  env?: Environment;
  /** `.env` file to read; `./.env` of the working directory when absent; `false` for none. */
  dotenvPath?: string | false;
  overrides?: ConfigOverrides;
}

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
const validateConfigFile = ajv.compile(configFileSchema);
const validateFixturesFile = ajv.compile(fixturesSchema);

/** The target's settings before its fixtures are read: what `provision` needs (it writes the fixtures). */
export type TargetSettings = DistributiveOmit<TargetConfig, 'fixtures'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface ConfigWithoutFixtures {
  source: string;
  target: TargetSettings;
  run: RunConfig;
  load: ResolvedConfig['load'];
  /** The target's fixtures: inline, or the path of the file (which may not exist yet). */
  fixtures: { inline: Record<string, unknown> } | { path: string };
  /** The merged environment (.env < process environment) the configuration was resolved with. */
  env: Environment;
}

/** The fixtures file of a target that names none: what `ledger-conformance provision --target NAME` writes. */
export function provisionedFixturesPath(targetName: string): string {
  return resolve('out', 'fixtures', `${targetName}.yaml`);
}

export async function loadConfig(options: LoadConfigOptions = {}): Promise<ResolvedConfig> {
  const resolved = await loadConfigWithoutFixtures(options);
  const where = `targets.${resolved.target.name}.fixtures`;
  if ('path' in resolved.fixtures && !existsSync(resolved.fixtures.path)) {
    throw new ConfigError(resolved.fixtures.path, [
      `${where}: the fixtures file does not exist. Write it with \`ledger-conformance provision --target ${resolved.target.name}\` ` +
        '(or point the target at a hand-written one: targets.<name>.fixtures, --fixtures FILE or LEDGER_FIXTURES)',
    ]);
  }
  const fixtures =
    'inline' in resolved.fixtures
      ? loadFixtures(resolved.fixtures.inline, dirname(resolved.source), resolved.env, where)
      : loadFixtures(resolved.fixtures.path, dirname(resolved.source), withDotenvBeside(resolved.fixtures.path, resolved.env), where);
  const { source, run, load } = resolved;
  return { source, target: { ...resolved.target, fixtures } as TargetConfig, run, load };
}

/** The environment with the `.env` beside a fixtures file (provision writes external parties' keys there) below it. */
function withDotenvBeside(fixturesPath: string, env: Environment): Environment {
  const path = join(dirname(fixturesPath), '.env');
  if (!existsSync(path)) return env;
  return { ...dotenv.parse(readFileSync(path)), ...env };
}

/** Everything but the fixtures: validated, with the fixtures' location (see `provisionedFixturesPath`). */
export async function loadConfigWithoutFixtures(options: LoadConfigOptions = {}): Promise<ConfigWithoutFixtures> {
  const configPath = resolve(options.configPath ?? defaultConfigPath);
  const env = mergedEnvironment(options);
  const raw = readYamlFile(configPath, 'config file');
  const interpolated = interpolateEnv(raw, env, configPath, '') as Record<string, unknown>;
  applyEnvironmentOverrides(interpolated, env);
  applyFlagOverrides(interpolated, options.overrides ?? {});
  if (!validateConfigFile(interpolated)) {
    throw new ConfigError(configPath, describeAjvErrors(validateConfigFile.errors ?? [], interpolated));
  }
  const file = interpolated as unknown as ConfigFile;
  const targetName = file.target;
  const rawTarget = file.targets[targetName];
  if (rawTarget === undefined) {
    throw new ConfigError(configPath, [
      `target: found "${targetName}", expected one of the names under targets: ${Object.keys(file.targets).join(', ')}` +
        ' (set it with --target NAME, LEDGER_TARGET or the `target` key)',
    ]);
  }
  const fixturesOverride = options.overrides?.fixtures ?? (env.LEDGER_FIXTURES || undefined);
  const fixtures: ConfigWithoutFixtures['fixtures'] =
    fixturesOverride !== undefined
      ? { path: resolve(fixturesOverride) }
      : rawTarget.fixtures === undefined
        ? { path: provisionedFixturesPath(targetName) }
        : typeof rawTarget.fixtures === 'string'
          ? { path: isAbsolute(rawTarget.fixtures) ? rawTarget.fixtures : resolve(dirname(configPath), rawTarget.fixtures) }
          : { inline: rawTarget.fixtures };
  const run: RunConfig = { ...file.run, reportDir: resolve(file.run.reportDir) };
  const features = { ...rawTarget.features, writes: !run.readOnly };
  const target: TargetSettings =
    rawTarget.kind === 'reference'
      ? {
          kind: 'reference',
          name: targetName,
          port: rawTarget.port ?? 0,
          scanPort: rawTarget.scanPort ?? 0,
          auth: rawTarget.auth,
          features,
        }
      : {
          kind: 'remote',
          name: targetName,
          participant: stripTrailingSlash(rawTarget.participant!),
          ...(rawTarget.scan ? { scan: stripTrailingSlash(rawTarget.scan) } : {}),
          auth: rawTarget.auth,
          features,
        };
  return { source: configPath, target, run, load: { ...file.load, resultDir: resolve(file.load.resultDir) }, fixtures, env };
}

interface ConfigFile {
  target: string;
  targets: Record<
    string,
    {
      kind: 'reference' | 'remote';
      participant?: string;
      scan?: string;
      port?: number;
      scanPort?: number;
      fixtures?: string | Record<string, unknown>;
      auth: TargetConfig['auth'];
      features: Omit<TargetConfig['features'], 'writes'>;
    }
  >;
  run: RunConfig;
  load: ResolvedConfig['load'];
}

function mergedEnvironment(options: LoadConfigOptions): Environment {
  const base = options.env ?? process.env;
  const dotenvPath = options.dotenvPath === undefined ? resolve('.env') : options.dotenvPath;
  if (dotenvPath === false || !existsSync(dotenvPath)) return base;
  const fromFile = dotenv.parse(readFileSync(dotenvPath));
  // Real environment variables win over .env, as everywhere else.
  return { ...fromFile, ...base };
}

function readYamlFile(path: string, what: string): unknown {
  if (!existsSync(path)) {
    throw new ConfigError(path, [`the ${what} does not exist (check the path given with --config)`]);
  }
  try {
    return parseYaml(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(path, [`the ${what} is not valid YAML: ${(error as Error).message}`]);
  }
}

const envReference = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** Replaces `${env:NAME}` and `${env:NAME:-default}` in every string of a parsed YAML document. */
function interpolateEnv(value: unknown, env: Environment, source: string, keyPath: string): unknown {
  if (typeof value === 'string') {
    const missing: string[] = [];
    const result = value.replace(envReference, (_match, name: string, fallback: string | undefined) => {
      const found = env[name];
      if (found !== undefined && found !== '') return found;
      if (fallback !== undefined) return fallback;
      missing.push(name);
      return '';
    });
    if (missing.length > 0) {
      throw new ConfigError(
        source,
        missing.map(
          (name) =>
            `${keyPath || '(root)'}: refers to the environment variable ${name}, which is not set (set it, put it in .env, or write \${env:${name}:-default})`,
        ),
      );
    }
    return result;
  }
  if (Array.isArray(value)) return value.map((item, index) => interpolateEnv(item, env, source, `${keyPath}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateEnv(item, env, source, keyPath ? `${keyPath}.${key}` : key)]),
    );
  }
  return value;
}

function selectedTarget(config: Record<string, unknown>): Record<string, unknown> | undefined {
  const targets = config.targets as Record<string, Record<string, unknown>> | undefined;
  const name = (config.target as string | undefined) ?? 'reference';
  return targets?.[name];
}

function section(config: Record<string, unknown>, name: string): Record<string, unknown> {
  const existing = config[name];
  if (existing !== null && typeof existing === 'object') return existing as Record<string, unknown>;
  const created: Record<string, unknown> = {};
  config[name] = created;
  return created;
}

/** The documented environment variables (README "Environment variables"). */
function applyEnvironmentOverrides(config: Record<string, unknown>, env: Environment): void {
  const set = (name: string): string | undefined => (env[name] !== undefined && env[name] !== '' ? env[name] : undefined);
  if (set('LEDGER_TARGET')) config.target = set('LEDGER_TARGET');
  const run = section(config, 'run');
  if (set('LEDGER_PROFILE')) run.profile = set('LEDGER_PROFILE');
  if (set('LEDGER_REPORT_DIR')) run.reportDir = set('LEDGER_REPORT_DIR');
  if (set('LEDGER_SEED')) run.seed = Number(set('LEDGER_SEED'));
  const target = selectedTarget(config);
  if (target === undefined || target.kind !== 'remote') return;
  if (set('LEDGER_BASE_URL')) target.participant = set('LEDGER_BASE_URL');
  if (set('SCAN_BASE_URL')) target.scan = set('SCAN_BASE_URL');
  const auth = (target.auth ?? {}) as Record<string, unknown>;
  if (set('LEDGER_TOKEN')) {
    target.auth = { kind: 'static', token: set('LEDGER_TOKEN') };
    return;
  }
  if (set('LEDGER_JWT_SECRET') && auth.kind === 'hs256') auth.secret = set('LEDGER_JWT_SECRET');
  if (set('LEDGER_JWT_PRIVATE_KEY') && (auth.kind === 'rs256' || auth.kind === 'es256')) auth.privateKey = set('LEDGER_JWT_PRIVATE_KEY');
  if (auth.kind === 'oauth2') {
    if (set('LEDGER_OAUTH_CLIENT_ID')) auth.clientId = set('LEDGER_OAUTH_CLIENT_ID');
    if (set('LEDGER_OAUTH_CLIENT_SECRET')) auth.clientSecret = set('LEDGER_OAUTH_CLIENT_SECRET');
  }
}

function applyFlagOverrides(config: Record<string, unknown>, overrides: ConfigOverrides): void {
  if (overrides.target !== undefined) config.target = overrides.target;
  const run = section(config, 'run');
  const runKeys = [
    'profile',
    'cases',
    'seed',
    'concurrency',
    'timeoutScale',
    'requestTimeoutMs',
    'inFlight',
    'retryTransport',
    'deadNodeSeconds',
    'reportDir',
    'include',
    'exclude',
    'readOnly',
    'checks',
    'excludeChecks',
  ] as const;
  for (const key of runKeys) {
    if (overrides[key] !== undefined) run[key] = overrides[key];
  }
  const target = selectedTarget(config);
  if (target === undefined) return;
  if (overrides.participant !== undefined || overrides.scan !== undefined) {
    if (target.kind !== 'remote') {
      throw new ConfigError('command line', [
        `--participant/--scan: the selected target "${String(config.target ?? 'reference')}" is the embedded reference target; ` +
          'choose a remote target with --target NAME (e.g. --target staging)',
      ]);
    }
    if (overrides.participant !== undefined) target.participant = overrides.participant;
    if (overrides.scan !== undefined) target.scan = overrides.scan;
  }
}

/** Loads fixtures from a file path (relative to `baseDir`) or an inline object. */
export function loadFixtures(source: string | Record<string, unknown>, baseDir: string, env: Environment, keyPath: string): Fixtures {
  const path = typeof source === 'string' ? (isAbsolute(source) ? source : resolve(baseDir, source)) : undefined;
  const raw = path === undefined ? source : readYamlFile(path, `fixtures file (${keyPath})`);
  const where = path ?? keyPath;
  const data = interpolateEnv(raw, env, where, '') as Record<string, unknown>;
  if (!validateFixturesFile(data)) {
    throw new ConfigError(where, describeAjvErrors(validateFixturesFile.errors ?? [], data));
  }
  const fixtures = data as unknown as Fixtures;
  checkFixtureReferences(fixtures, where);
  fixtures.dar = resolve(path ? dirname(path) : baseDir, fixtures.dar);
  const partyIds = new Map(fixtures.parties.map((party) => [party.alias, party.id]));
  const { iou, getCash, keyedAccount, trailingNone } = fixtures.templates;
  for (const template of [iou, getCash, keyedAccount, trailingNone].filter((entry) => entry !== undefined)) {
    template.createArguments = resolvePartyPlaceholders(template.createArguments, partyIds, where) as Record<string, unknown>;
    if (template.key) template.key = resolvePartyPlaceholders(template.key, partyIds, where) as Record<string, unknown>;
    if (template.choices)
      template.choices = resolvePartyPlaceholders(template.choices, partyIds, where) as Record<string, Record<string, unknown>>;
  }
  return fixtures;
}

function checkFixtureReferences(fixtures: Fixtures, where: string): void {
  const aliases = new Set(fixtures.parties.map((party) => party.alias));
  const issues: string[] = [];
  const seen = new Set<string>();
  fixtures.parties.forEach((party, index) => {
    if (seen.has(party.alias)) issues.push(`parties: the alias "${party.alias}" is used twice (aliases must be unique)`);
    seen.add(party.alias);
    const key = party.external;
    if (key !== undefined && key.fingerprint !== cantonKeyFingerprint(key.publicKey)) {
      issues.push(
        `parties[${index}].external.fingerprint: found "${key.fingerprint}", but Canton's fingerprint of its publicKey is ` +
          `"${cantonKeyFingerprint(key.publicKey)}" ("1220" + hex(SHA-256(int32 big-endian 12 ‖ raw public key)); ` +
          'wallet-sdk keys.fingerprint computes the same)',
      );
    }
  });
  fixtures.users.forEach((user, index) => {
    const check = (alias: string, key: string): void => {
      if (!aliases.has(alias))
        issues.push(`users[${index}].${key}: found "${alias}", expected a party alias of \`parties\` (${[...aliases].join(', ')})`);
    };
    if (user.primaryParty !== undefined) check(user.primaryParty, 'primaryParty');
    for (const kind of ['actAs', 'readAs', 'executeAs'] as const)
      user.rights[kind].forEach((alias, i) => check(alias, `rights.${kind}[${i}]`));
  });
  if (fixtures.trafficAccount && !aliases.has(fixtures.trafficAccount.party)) {
    issues.push(`trafficAccount.party: found "${fixtures.trafficAccount.party}", expected a party alias of \`parties\``);
  }
  if (issues.length > 0) throw new ConfigError(where, issues);
}

const partyPlaceholder = /^\{\{party:([A-Za-z0-9_-]+)\}\}$/;

function resolvePartyPlaceholders(value: unknown, partyIds: Map<string, string>, where: string): unknown {
  if (typeof value === 'string') {
    const match = partyPlaceholder.exec(value);
    if (!match) return value;
    const id = partyIds.get(match[1]!);
    if (id === undefined)
      throw new ConfigError(where, [`templates: "${value}" names an unknown party alias (known: ${[...partyIds.keys()].join(', ')})`]);
    return id;
  }
  if (Array.isArray(value)) return value.map((item) => resolvePartyPlaceholders(item, partyIds, where));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolvePartyPlaceholders(item, partyIds, where)]));
  }
  return value;
}

/** One line per mistake: the key, what was found, what is expected. */
export function describeAjvErrors(errors: ErrorObject[], data: unknown): string[] {
  const relevant = errors.filter((error) => error.keyword !== 'if' && !(error.keyword === 'allOf'));
  const lines = relevant.map((error) => {
    const key = pointerToKey(error.instancePath);
    if (error.keyword === 'additionalProperties') {
      const extra = String((error.params as { additionalProperty: string }).additionalProperty);
      return `${key ? `${key}.` : ''}${extra}: unknown key (remove it or check its spelling; see README "Configuration")`;
    }
    if (error.keyword === 'required') {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      return `${key ? `${key}.` : ''}${missing}: missing, expected a value (required)`;
    }
    const found = describeValue(valueAt(data, error.instancePath));
    return `${key || '(root)'}: found ${found}, expected ${expectation(error)}`;
  });
  return [...new Set(lines)];
}

function expectation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `a value of type ${String(params.type)}`;
    case 'pattern':
      return `text matching ${String(params.pattern)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
      return `a number ${String(params.comparison)} ${String(params.limit)}`;
    default:
      return error.message ?? error.keyword;
  }
}

function pointerToKey(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((key, part) => (/^\d+$/.test(part) ? `${key}[${part}]` : key ? `${key}.${part}` : part), '');
}

function valueAt(data: unknown, pointer: string): unknown {
  let current: unknown = data;
  for (const part of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text;
  return `${shown} (${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value})`;
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
