/**
 * `ledger-conformance provision`: creates on the target what the suites need (parties, users, the model
 * DAR, seeded updates) through its admin routes, and writes the fixtures (out/fixtures/<target>.yaml)
 * with the external parties' keys in the .env beside them. See provision/index.ts.
 */
import { relative, resolve } from 'node:path';
import { loadConfigWithoutFixtures, provisionedFixturesPath } from '../../config/load.js';
import { provision, type ScanFlags } from '../../provision/index.js';
import { ExitCode } from '../exit-codes.js';
import { reportError } from '../report-error.js';
import type { ProvisionFlags } from '../flags.js';
import { shellWord } from '../../client/curl.js';

export async function provisionCommand(options: ProvisionFlags & { config?: string; target?: string }): Promise<number> {
  try {
    const config = await loadConfigWithoutFixtures({
      ...(options.config ? { configPath: options.config } : {}),
      overrides: options.target === undefined ? {} : { target: options.target },
    });
    const fixturesPath = options.fixtures === undefined ? provisionedFixturesPath(config.target.name) : resolve(options.fixtures);
    const scan: ScanFlags = {
      ...(options.scanSynchronizer ? { synchronizerId: options.scanSynchronizer } : {}),
      ...(options.scanTopUpInProgress ? { topUpInProgress: options.scanTopUpInProgress } : {}),
      ...(options.scanTopUpComplete ? { topUpComplete: options.scanTopUpComplete } : {}),
      ...(options.scanSingleHostedParty ? { singleHostedParty: options.scanSingleHostedParty } : {}),
      ...(options.scanMultiHostedParty ? { multiHostedParty: options.scanMultiHostedParty } : {}),
    };
    const mode = options.cleanup ? 'cleanup' : options.dryRun ? 'dry run' : 'provisioning';
    const where = config.target.kind === 'remote' ? config.target.participant : 'the embedded reference target';
    process.stdout.write(`${mode} of target "${config.target.name}" (${where}) as ${options.adminUser}, prefix "${options.prefix}"\n`);
    const result = await provision({
      config,
      fixturesPath,
      adminUser: options.adminUser,
      ...(options.dar === undefined ? {} : { darPath: options.dar }),
      prefix: options.prefix,
      ...(options.synchronizer === undefined ? {} : { synchronizerId: options.synchronizer }),
      scan,
      dryRun: options.dryRun ?? false,
      cleanup: options.cleanup ?? false,
      yes: options.yes ?? false,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const shown = (path: string): string => relative(process.cwd(), path) || path;
    const lines = [
      options.dryRun
        ? result.planned === 0
          ? 'dry run: the parties, users and DAR exist already; nothing was changed on the node and no file was written'
          : `dry run: ${result.planned} change(s) listed above would be made; nothing was changed on the node and no file was written`
        : result.writes === 0
          ? 'no change on the node'
          : `${result.writes} change(s) on the node`,
    ];
    if (!options.dryRun && !options.cleanup) {
      lines.push(
        result.files.length === 0 ? `fixtures unchanged: ${shown(result.fixturesPath)}` : `wrote ${result.files.map(shown).join(', ')}`,
        'the private keys of the external parties are in the .env beside the fixtures (git-ignored); no other file holds a secret',
      );
      const configured = 'path' in config.fixtures ? config.fixtures.path : undefined;
      // Runs as printed: the same config file, target and fixtures as this provision.
      const configFlag = options.config === undefined ? '' : ` --config ${shellWord(options.config)}`;
      const fixturesFlag = configured === fixturesPath ? '' : ` --fixtures ${shellWord(shown(fixturesPath))}`;
      lines.push(`next: npx ledger-conformance run${configFlag} --target ${shellWord(config.target.name)}${fixturesFlag} --profile canton`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return ExitCode.ok;
  } catch (error) {
    return reportError(error);
  }
}
