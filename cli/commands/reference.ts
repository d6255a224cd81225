import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFixtures } from '../../config/fixtures-loader.js';
import { loadConfig } from '../../config/load.js';
import type { Features, Fixtures } from '../../config/types.js';
import { createTokenProvider } from '../../client/auth.js';
import { FaultCatalogue } from '../../reference/faults.js';
import { parseFaults } from '../fault-names.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError, reportError } from '../report-error.js';
import { ConfigError } from '../../config/tool-errors.js';
import type { ServeFlags } from '../flags.js';

const BARE_FIXTURES_PATH = fileURLToPath(new URL('../../config/fixtures/reference-bare.yaml', import.meta.url));

/** A participant as freshly installed (config/fixtures/reference-bare.yaml): nothing set up but its admin user. */
function bareState(features: Features): { fixtures: Fixtures; features: Features } {
  // `features` already carries the flags (--scan-version): a bare target honours them.
  const fixtures = loadFixtures(BARE_FIXTURES_PATH, dirname(BARE_FIXTURES_PATH), process.env, 'reference serve --bare');
  // Nothing seeded: no traffic account, no reassignment, no party hosted elsewhere.
  return { fixtures, features: { ...features, trafficAccounts: false, reassignmentFixture: false, multiHostedParty: false } };
}

/** The flags of `reference serve` that `--list-faults` would ignore. */
function ignoredByListFaults(options: ServeFlags & { config?: string }): string[] {
  const flags: [string, unknown][] = [
    ['--port', options.port],
    ['--scan-port', options.scanPort],
    ['--scan-version', options.scanVersion],
    ['--inject-fault', options.injectFault],
    ['--bare', options.bare],
    ['--config', options.config],
  ];
  return flags.filter(([, value]) => value !== undefined && value !== false).map(([flag]) => flag);
}

/**
 * A port the reference cannot listen on (in use, or not allowed), said as the setting that chose it: the flag
 * (`--port`, `--scan-port`) or the config key, with what to do. A configuration mistake (exit 3), not Node's raw
 * `listen EADDRINUSE`.
 */
function portProblem(
  error: unknown,
  target: { port: number; scanPort: number },
  options: ServeFlags,
  configSource: string,
): ConfigError | undefined {
  const { code, port } = error as { code?: unknown; port?: unknown };
  if ((code !== 'EADDRINUSE' && code !== 'EACCES') || typeof port !== 'number') return undefined;
  const settings = [
    {
      applies: port === target.port,
      flag: '--port',
      key: 'targets.reference.port',
      given: options.port !== undefined,
      what: 'participant',
    },
    {
      applies: port === target.scanPort,
      flag: '--scan-port',
      key: 'targets.reference.scanPort',
      given: options.scanPort !== undefined,
      what: 'scan',
    },
  ].filter((setting) => setting.applies);
  if (settings.length === 0) return undefined;
  const named = settings.map((setting) => (setting.given ? setting.flag : setting.key)).join(' and ');
  const problem =
    code === 'EADDRINUSE'
      ? `port ${port} is in use by another process`
      : `port ${port} may not be opened by this user (a port below 1024 needs privileges)`;
  const same = settings.length > 1 ? '; the participant and the scan need a port each' : '';
  return new ConfigError(settings.every((setting) => setting.given) ? 'the command line' : configSource, [
    `${named}: the reference ${settings.map((setting) => setting.what).join(' and ')} cannot listen on 127.0.0.1:${port}: ${problem}${same}. ` +
      `Choose another port, or 0 for any free one (${settings.map((setting) => `${setting.flag} 0`).join(', ')})`,
  ]);
}

export async function serveCommand(options: ServeFlags & { config?: string }): Promise<number> {
  try {
    const faults = parseFaults(options.injectFault);
    // --list-faults only lists: any other flag would be ignored, and a flag that is ignored must not look honoured.
    if (options.listFaults) {
      const ignored = ignoredByListFaults(options);
      if (ignored.length > 0)
        throw new UsageError(`--list-faults lists the faults and serves nothing: ${ignored.join(', ')} would be ignored; leave it out`);
      for (const [name, description] of Object.entries(FaultCatalogue)) process.stdout.write(`${name.padEnd(36)} ${description}\n`);
      return ExitCode.ok;
    }
    if (options.scanVersion !== undefined && !/^\d+\.\d+\.\d+(?:[-+].*)?$/.test(options.scanVersion))
      throw new UsageError(`--scan-version: "${options.scanVersion}" is not a Splice release number like 0.7.5`);
    const config = await loadConfig({ ...(options.config ? { configPath: options.config } : {}), overrides: { target: 'reference' } });
    if (config.target.kind !== 'reference') throw new UsageError('the config has no `reference` target of kind reference');
    const features = { ...config.target.features, ...(options.scanVersion ? { scanVersion: options.scanVersion } : {}) };
    const target = {
      ...config.target,
      port: options.port ?? config.target.port,
      scanPort: options.scanPort ?? config.target.scanPort,
      features,
      ...(options.bare ? bareState(features) : {}),
    };
    const { startReference } = await import('../../reference/index.js');
    const handle = await startReference({
      target,
      faults,
      participantPort: target.port,
      scanPort: target.scanPort,
      // A bare target is a real node's rehearsal: CantonExamples as Canton ships it, the rest from the suite's DARs.
      cantonExamplesOnly: options.bare === true,
    }).catch((error: unknown) => {
      throw portProblem(error, target, options, config.source) ?? error;
    });
    const tokens = createTokenProvider(target.auth, target.fixtures);
    const lines = [
      'reference target serving (Ctrl-C to stop)',
      `  participant: ${handle.participantUrl}      (export LEDGER_BASE_URL=${handle.participantUrl})`,
      `  scan:        ${handle.scanUrl}      (export SCAN_BASE_URL=${handle.scanUrl})`,
      `  scan version: ${target.features.scanVersion}${faults.length ? `; injected faults: ${faults.join(', ')}` : ''}`,
      `  user tokens${'tokenLifetimeSeconds' in target.auth ? ` (valid for ${target.auth.tokenLifetimeSeconds} s)` : ''}:`,
    ];
    for (const user of target.fixtures.users) {
      const token = await tokens.tokenFor(user.id);
      lines.push(`    ${user.id.padEnd(18)} ${token ?? '(no auth)'}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    await new Promise<void>((resolve) => {
      const stop = (): void => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await handle.close();
    process.stdout.write('reference target stopped\n');
    return ExitCode.ok;
  } catch (error) {
    return reportError(error);
  }
}
