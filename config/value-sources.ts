/**
 * Where a configuration's values come from, below the YAML file: `${env:NAME}` / `${env:NAME:-default}` references,
 * the `.env` file, the documented environment variables (README "Environment variables") and the command-line flags.
 * Each value that is not the file's own is recorded with its origin (`Origins`), so a bad value is reported with its
 * source, not blamed on the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import dotenv from 'dotenv';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from './tool-errors.js';
import { longFlag, runKeySchema, runOptions, type RunOverrides } from './options.js';

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

/** Key path → where its value came from, for the values that are not the config file's own. */
export type Origins = Map<string, string>;
/** Describes where an environment variable's value came from: the process environment or a .env file. */
export type OriginOf = (variable: string) => string;

/** The process environment (or the given one) over the `.env` file, and where each variable came from. */
export function mergedEnvironment(options: { env?: Environment; dotenvPath?: string | false }): { env: Environment; originOf: OriginOf } {
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

export function readYamlFile(path: string, what: string): unknown {
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
export function interpolateEnv(
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
export function applyEnvironmentOverrides(config: Record<string, unknown>, env: Environment, origins: Origins, originOf: OriginOf): void {
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

/** The command-line flags: they win over everything else. */
export function applyFlagOverrides(config: Record<string, unknown>, overrides: ConfigOverrides, origins: Origins): void {
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
