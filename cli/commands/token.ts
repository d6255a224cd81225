/** `ledger-conformance token --user ID`: a bearer token for the configured auth, so printed curl commands run. */
import { loadConfig } from '../../config/load.js';
import { createTokenProvider } from '../../client/auth.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError, reportError } from '../errors.js';

export async function tokenCommand(options: { config?: string; target?: string; user: string }): Promise<number> {
  try {
    const config = await loadConfig({
      ...(options.config ? { configPath: options.config } : {}),
      overrides: options.target ? { target: options.target } : {},
    });
    if (config.target.auth.kind === 'none') {
      throw new UsageError(
        `the target ${config.target.name} is configured without auth (auth.kind: none): its requests need no token; run the curl command with TOKEN unset`,
      );
    }
    const known = config.target.fixtures.users.some((user) => user.id === options.user);
    const provider = createTokenProvider(config.target.auth, config.target.fixtures);
    if (!known && !provider.canMint) {
      throw new UsageError(
        `no user "${options.user}" in the fixtures of ${config.target.name}; users: ${config.target.fixtures.users.map((user) => user.id).join(', ')}`,
      );
    }
    const token = await provider.tokenFor(options.user);
    if (token === undefined) throw new UsageError(`the auth of ${config.target.name} gives no token for "${options.user}"`);
    process.stdout.write(`${token}\n`);
    return ExitCode.ok;
  } catch (error) {
    return reportError(error);
  }
}
