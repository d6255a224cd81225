/** `ledger-conformance token --user ID`: a bearer token for the configured auth, so printed curl commands run. */
import { loadConfig } from '../../config/load.js';
import { createTokenProvider } from '../../client/auth.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError, reportError } from '../report-error.js';

export async function tokenCommand(options: {
  config?: string;
  target?: string;
  user: string;
  fixtures?: string;
  allowUnknown?: boolean;
}): Promise<number> {
  try {
    const config = await loadConfig({
      ...(options.config ? { configPath: options.config } : {}),
      overrides: {
        ...(options.target ? { target: options.target } : {}),
        ...(options.fixtures !== undefined ? { fixtures: options.fixtures } : {}),
      },
    });
    if (config.target.auth.kind === 'none') {
      throw new UsageError(
        `the target ${config.target.name} is configured without auth (auth.kind: none): its requests need no token; run the curl command with TOKEN unset`,
      );
    }
    const known = config.target.fixtures.users.some((user) => user.id === options.user);
    const provider = createTokenProvider(config.target.auth, config.target.fixtures);
    if (!known) {
      const where = `the fixtures of ${config.target.name}${config.fixturesFile !== undefined ? ` (${config.fixturesFile})` : ''}`;
      const users = config.target.fixtures.users.map((user) => user.id).join(', ');
      // A typo would otherwise get a token the node refuses, and the curl command a 403 that proves nothing.
      if (!options.allowUnknown || !provider.canMint) {
        throw new UsageError(
          `no user "${options.user}" in ${where}; its users: ${users}. ` +
            (provider.canMint
              ? 'Name one of them, or add --allow-unknown to sign a token for a user the fixtures do not name'
              : `The ${config.target.auth.kind} auth has tokens for these users only`),
        );
      }
      process.stderr.write(`warning: "${options.user}" is not a user of ${where}: signed a token for it (--allow-unknown)\n`);
    }
    const token = await provider.tokenFor(options.user);
    if (token === undefined) throw new UsageError(`the auth of ${config.target.name} gives no token for "${options.user}"`);
    process.stdout.write(`${token}\n`);
    return ExitCode.ok;
  } catch (error) {
    return reportError(error);
  }
}
