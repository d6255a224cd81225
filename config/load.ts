/**
 * Loads the configuration: YAML file (committed default or --config FILE) < .env < environment variables
 * < CLI flags (`value-sources.ts`: `${env:NAME}` / `${env:NAME:-default}` references, the documented variables, the
 * flags, and where each value came from); validated against `config/schema.ts` (its mistakes said by
 * `schema-errors.ts`); fixtures loaded and their party placeholders resolved (`fixtures-loader.ts`).
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { ConfigError } from './tool-errors.js';
import { loadFixtures, withDotenvBeside } from './fixtures-loader.js';
import { configFileSchema } from './schema.js';
import { describeErrors } from './schema-errors.js';
import type { ResolvedConfig, RunConfig, TargetConfig } from './types.js';
import {
  applyEnvironmentOverrides,
  applyFlagOverrides,
  interpolateEnv,
  mergedEnvironment,
  readYamlFile,
  type ConfigOverrides,
  type Environment,
  type Origins,
} from './value-sources.js';

export { ConfigError } from './tool-errors.js';

export const defaultConfigPath = resolve(dirname(fileURLToPath(import.meta.url)), 'default.yaml');

/**
 * The embedded reference target's own fixtures, shipped with the tool: what a `kind: reference` target without a
 * `fixtures` key uses, wherever its config file is (a copy of default.yaml in another folder runs as it is).
 */
export const referenceFixturesPath = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'reference.yaml');

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

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
