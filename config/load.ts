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
import { configFileSchema, fixturesSchema, patternMeanings } from './schema.js';
import { longFlag, runKeySchema, runOptions, type RunOverrides } from './options.js';
import type { Fixtures, ResolvedConfig, RunConfig, TargetConfig } from './types.js';

export { ConfigError } from './errors.js';

export const defaultConfigPath = resolve(dirname(fileURLToPath(import.meta.url)), 'default.yaml');

/**
 * The embedded reference target's own fixtures, shipped with the tool: what a `kind: reference` target without a
 * `fixtures` key uses, wherever its config file is (a copy of default.yaml in another folder runs as it is).
 */
export const referenceFixturesPath = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'reference.yaml');

export type Environment = Record<string, string | undefined>;

/** Values given on the command line; they win over everything else. The `run` keys are config/options.ts's. */
export interface ConfigOverrides extends RunOverrides {
  target?: string;
  participant?: string;
  scan?: string;
  /** A fixtures file for the selected target (relative to the working directory); wins over the config's. */
  fixtures?: string;
  /** Where `fixtures` came from, for messages (default: the command-line flag --fixtures). */
  fixturesOrigin?: string;
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

// verbose: an error carries its schema, whose known keys a misspelt key is compared with.
const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false, verbose: true });
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
  /** Where the fixtures' path came from when not from the config file: `the command-line flag --fixtures`, … */
  fixturesOrigin?: string;
}

/** The fixtures file of a target that names none: what `ledger-conformance provision --target NAME` writes. */
export function provisionedFixturesPath(targetName: string): string {
  return resolve('out', 'fixtures', `${targetName}.yaml`);
}

export async function loadConfig(options: LoadConfigOptions = {}): Promise<ResolvedConfig> {
  const resolved = await loadConfigWithoutFixtures(options);
  const where = `targets.${resolved.target.name}.fixtures`;
  if ('path' in resolved.fixtures && !existsSync(resolved.fixtures.path)) {
    const origin = resolved.fixturesOrigin === undefined ? '' : ` (named by ${resolved.fixturesOrigin})`;
    throw new ConfigError(resolved.fixtures.path, [
      resolved.target.kind === 'reference'
        ? `${where}: the fixtures file does not exist${origin}. The embedded reference target has its own fixtures: ` +
          `remove the \`fixtures\` key of targets.${resolved.target.name} to use them (${referenceFixturesPath}), or copy that ` +
          `file and the conformance-test.dar beside it to ${dirname(resolved.fixtures.path)}`
        : `${where}: the fixtures file does not exist${origin}. Write it with \`ledger-conformance provision --target ${resolved.target.name}\` ` +
          '(or point the target at a hand-written one: targets.<name>.fixtures, --fixtures FILE or LEDGER_FIXTURES)',
    ]);
  }
  const fixtures =
    'inline' in resolved.fixtures
      ? loadFixtures(resolved.fixtures.inline, dirname(resolved.source), resolved.env, where)
      : loadFixtures(resolved.fixtures.path, dirname(resolved.source), withDotenvBeside(resolved.fixtures.path, resolved.env), where);
  const { source, run, load } = resolved;
  return {
    source,
    target: { ...resolved.target, fixtures } as TargetConfig,
    run,
    load,
    ...('path' in resolved.fixtures ? { fixturesFile: resolved.fixtures.path } : {}),
  };
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
  const { env, originOf } = mergedEnvironment(options);
  const raw = readYamlFile(configPath, 'config file');
  // Where each value that is not the file's own came from, by key path (`run.profile` → the environment variable
  // LEDGER_PROFILE): a bad value is reported with its source, not blamed on the file.
  const origins: Origins = new Map();
  const interpolated = interpolateEnv(raw, env, configPath, '', origins, originOf) as Record<string, unknown>;
  applyEnvironmentOverrides(interpolated, env, origins, originOf);
  applyFlagOverrides(interpolated, options.overrides ?? {}, origins);
  if (!validateConfigFile(interpolated)) {
    const issues = describeErrors(validateConfigFile.errors ?? [], interpolated, origins);
    throw new ConfigError(sourceOf(configPath, issues.outside), issues.lines);
  }
  const file = interpolated as unknown as ConfigFile;
  const targetName = file.target;
  const rawTarget = file.targets[targetName];
  if (rawTarget === undefined) {
    const origin = origins.get('target');
    throw new ConfigError(sourceOf(configPath, origin !== undefined), [
      `target: found "${targetName}"${origin === undefined ? '' : ` in ${origin}`}, expected one of the names under targets: ` +
        `${Object.keys(file.targets).join(', ')} (set it with --target NAME, LEDGER_TARGET or the \`target\` key)`,
    ]);
  }
  const fixturesFlag = options.overrides?.fixtures;
  const fixturesOverride = fixturesFlag ?? (env.LEDGER_FIXTURES || undefined);
  const fixturesOrigin =
    fixturesFlag !== undefined
      ? (options.overrides?.fixturesOrigin ?? 'the command-line flag --fixtures')
      : fixturesOverride !== undefined
        ? originOf('LEDGER_FIXTURES')
        : undefined;
  const fixtures: ConfigWithoutFixtures['fixtures'] =
    fixturesOverride !== undefined
      ? { path: resolve(fixturesOverride) }
      : rawTarget.fixtures === undefined
        ? { path: rawTarget.kind === 'reference' ? referenceFixturesPath : provisionedFixturesPath(targetName) }
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
  return {
    source: configPath,
    target,
    run,
    load: { ...file.load, resultDir: resolve(file.load.resultDir) },
    fixtures,
    env,
    ...(fixturesOrigin === undefined ? {} : { fixturesOrigin }),
  };
}

/** Key path → where its value came from, for the values that are not the config file's own. */
type Origins = Map<string, string>;
/** Describes where an environment variable's value came from: the process environment or a .env file. */
type OriginOf = (variable: string) => string;

/** The ConfigError source: the file alone, or the file with the values given outside it. */
function sourceOf(configPath: string, outside: boolean): string {
  return outside ? `${configPath} with the values given outside it (.env, environment variables, command-line flags)` : configPath;
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

function mergedEnvironment(options: LoadConfigOptions): { env: Environment; originOf: OriginOf } {
  const base = options.env ?? process.env;
  const fromProcess: OriginOf = (name) => `the environment variable ${name}`;
  const dotenvPath = options.dotenvPath === undefined ? resolve('.env') : options.dotenvPath;
  if (dotenvPath === false || !existsSync(dotenvPath)) return { env: base, originOf: fromProcess };
  const fromFile = dotenv.parse(readFileSync(dotenvPath));
  // Real environment variables win over .env, as everywhere else.
  const env = { ...fromFile, ...base };
  const isSet = (value: string | undefined): boolean => value !== undefined && value !== '';
  return {
    env,
    originOf: (name) => (!isSet(base[name]) && isSet(fromFile[name]) ? `${name} of ${dotenvPath}` : fromProcess(name)),
  };
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

/**
 * Replaces `${env:NAME}` and `${env:NAME:-default}` in every string of a parsed YAML document; records in `origins`
 * (when given) the keys whose value came from a variable.
 */
function interpolateEnv(
  value: unknown,
  env: Environment,
  source: string,
  keyPath: string,
  origins?: Origins,
  originOf?: OriginOf,
): unknown {
  if (typeof value === 'string') {
    const missing: string[] = [];
    const result = value.replace(envReference, (_match, name: string, fallback: string | undefined) => {
      const found = env[name];
      if (found !== undefined && found !== '') {
        origins?.set(
          keyPath,
          `${(originOf ?? ((variable: string) => `the environment variable ${variable}`))(name)} (through \${env:${name}})`,
        );
        return found;
      }
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
  if (Array.isArray(value)) return value.map((item, index) => interpolateEnv(item, env, source, `${keyPath}[${index}]`, origins, originOf));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        interpolateEnv(item, env, source, keyPath ? `${keyPath}.${key}` : key, origins, originOf),
      ]),
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
function applyEnvironmentOverrides(config: Record<string, unknown>, env: Environment, origins: Origins, originOf: OriginOf): void {
  const set = (name: string): string | undefined => (env[name] !== undefined && env[name] !== '' ? env[name] : undefined);
  /** Sets `object[key]` (at `keyPath`) from the variable `name` when it is set, and records where it came from. */
  const from = (name: string, object: Record<string, unknown>, key: string, keyPath: string, value: unknown = set(name)): void => {
    if (set(name) === undefined) return;
    object[key] = value;
    origins.set(keyPath, originOf(name));
  };
  from('LEDGER_TARGET', config, 'target', 'target');
  const run = section(config, 'run');
  for (const option of runOptions) {
    const text = option.env === undefined ? undefined : set(option.env);
    if (text !== undefined) from(option.env!, run, option.key, `run.${option.key}`, fromText(text, runKeySchema(option.key).type));
  }
  const target = selectedTarget(config);
  if (target === undefined || target.kind !== 'remote') return;
  const prefix = `targets.${String(config.target ?? 'reference')}`;
  from('LEDGER_BASE_URL', target, 'participant', `${prefix}.participant`);
  from('SCAN_BASE_URL', target, 'scan', `${prefix}.scan`);
  const auth = (target.auth ?? {}) as Record<string, unknown>;
  if (set('LEDGER_TOKEN')) {
    from('LEDGER_TOKEN', target, 'auth', `${prefix}.auth`, { kind: 'static', token: set('LEDGER_TOKEN') });
    return;
  }
  if (auth.kind === 'hs256') from('LEDGER_JWT_SECRET', auth, 'secret', `${prefix}.auth.secret`);
  if (auth.kind === 'rs256' || auth.kind === 'es256') from('LEDGER_JWT_PRIVATE_KEY', auth, 'privateKey', `${prefix}.auth.privateKey`);
  if (auth.kind !== undefined && auth.kind !== 'none' && auth.kind !== 'static')
    from('LEDGER_JWT_AUDIENCE', auth, 'audience', `${prefix}.auth.audience`);
  if (auth.kind === 'oauth2') {
    from('LEDGER_OAUTH_CLIENT_ID', auth, 'clientId', `${prefix}.auth.clientId`);
    from('LEDGER_OAUTH_CLIENT_SECRET', auth, 'clientSecret', `${prefix}.auth.clientSecret`);
  }
}

/**
 * An environment variable's text as the value of a key of this schema type. Text that is not a value of the type
 * is kept as text, so the configuration error shows what was given.
 */
function fromText(text: string, type: string | undefined): unknown {
  if (type === 'integer') return /^\s*-?\d+\s*$/.test(text) ? Number(text) : text;
  if (type === 'number') return /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (type === 'array')
    return text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  return text;
}

function applyFlagOverrides(config: Record<string, unknown>, overrides: ConfigOverrides, origins: Origins): void {
  if (overrides.target !== undefined) {
    config.target = overrides.target;
    origins.set('target', 'the command-line flag --target');
  }
  const run = section(config, 'run');
  for (const option of runOptions) {
    if (overrides[option.key] === undefined) continue;
    run[option.key] = overrides[option.key];
    origins.set(`run.${option.key}`, `the command-line flag ${longFlag(option)}`);
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
    const prefix = `targets.${String(config.target ?? 'reference')}`;
    if (overrides.participant !== undefined) {
      target.participant = overrides.participant;
      origins.set(`${prefix}.participant`, 'the command-line flag --participant');
    }
    if (overrides.scan !== undefined) {
      target.scan = overrides.scan;
      origins.set(`${prefix}.scan`, 'the command-line flag --scan');
    }
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
  const { iou, getCash, keyedAccount, trailingNone, allTypes, swap, assetInterface } = fixtures.templates;
  const implementation = assetInterface?.implementation;
  for (const template of [iou, getCash, keyedAccount, trailingNone, allTypes, swap, implementation].filter(
    (entry) => entry !== undefined,
  )) {
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

/**
 * One line per mistake: the key, what was found (and where it came from, when not from the file), what is
 * expected; an unknown key with the known key it is closest to.
 */
export function describeAjvErrors(errors: ErrorObject[], data: unknown, origins: Origins = new Map()): string[] {
  return describeErrors(errors, data, origins).lines;
}

/** The lines of `describeAjvErrors`, and whether a value named by one of them came from outside the file. */
function describeErrors(errors: ErrorObject[], data: unknown, origins: Origins): { lines: string[]; outside: boolean } {
  const relevant = errors.filter((error) => error.keyword !== 'if' && !(error.keyword === 'allOf'));
  let outside = false;
  const lines = relevant.map((error) => {
    const key = pointerToKey(error.instancePath);
    if (error.keyword === 'additionalProperties') {
      const extra = String((error.params as { additionalProperty: string }).additionalProperty);
      const known = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
      const suggestion = closestKey(extra, known);
      const advice =
        suggestion !== undefined
          ? `did you mean "${suggestion}"? See README "Configuration"`
          : `remove it or check its spelling${known.length > 0 ? `; known keys here: ${known.join(', ')}` : ''}; see README "Configuration"`;
      return `${key ? `${key}.` : ''}${extra}: unknown key (${advice})`;
    }
    if (error.keyword === 'required') {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      const choices = (error.parentSchema as { properties?: Record<string, { enum?: unknown[] }> } | undefined)?.properties?.[missing]
        ?.enum;
      // A key that picks the kind of its object (targets.<name>.kind, auth.kind): say the choices and where it goes.
      if (choices !== undefined)
        return (
          `${key ? `${key}.` : ''}${missing}: missing; add \`${missing}: <${choices.map(String).join(' | ')}>\`` +
          `${key ? ` under ${key}` : ''} (see README "Configuration")`
        );
      return `${key ? `${key}.` : ''}${missing}: missing, expected a value (required)`;
    }
    const found = describeValue(valueAt(data, error.instancePath));
    const origin = originFor(origins, key);
    if (origin !== undefined) outside = true;
    return `${key || '(root)'}: found ${found}${origin === undefined ? '' : ` in ${origin}`}, expected ${expectation(error)}`;
  });
  return { lines: [...new Set(lines)], outside };
}

/** Where the value at `key` came from, when it (or the object holding it) was given outside the file. */
function originFor(origins: Origins, key: string): string | undefined {
  let best: [string, string] | undefined;
  for (const entry of origins) {
    const [path] = entry;
    const covers = key === path || key.startsWith(`${path}.`) || key.startsWith(`${path}[`);
    if (covers && (best === undefined || path.length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/** The known key closest to an unknown one, as the CLI suggests options: differing by case, or by a few edits. */
function closestKey(unknown: string, known: string[]): string | undefined {
  const lower = unknown.toLowerCase();
  let best: { key: string; distance: number } | undefined;
  for (const key of known) {
    const distance = key.toLowerCase() === lower ? 0 : editDistance(lower, key.toLowerCase());
    if (best === undefined || distance < best.distance) best = { key, distance };
  }
  // Close enough: a few edits, and fewer than half the key (so `colour` does not suggest `cases`).
  return best !== undefined && best.distance <= Math.max(1, Math.floor(unknown.length * 0.4)) ? best.key : undefined;
}

/** Damerau–Levenshtein distance (optimal string alignment): insertions, deletions, substitutions, transpositions. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

function expectation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `a value of type ${String(params.type)}`;
    case 'pattern':
      return patternMeanings[String(params.pattern)] ?? `text matching ${String(params.pattern)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
      return `a number ${String(params.comparison)} ${String(params.limit)}`;
    case 'minLength':
      return Number(params.limit) === 1 ? 'a non-empty text' : `a text of at least ${String(params.limit)} characters`;
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
