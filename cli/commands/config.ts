import { stringify } from 'yaml';
import { loadConfig } from '../../config/load.js';
import { ExitCode } from '../exit-codes.js';
import { reportError } from '../report-error.js';

const secretKeys = new Set(['secret', 'privateKey', 'clientSecret', 'token']);

/** Replaces secret values by `<redacted>` for display. */
function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        secretKeys.has(key) && typeof item === 'string' ? '<redacted>' : redactSecrets(item),
      ]),
    );
  }
  return value;
}

export async function configCheckCommand(options: { config?: string; target?: string }): Promise<number> {
  try {
    const config = await loadConfig({
      ...(options.config ? { configPath: options.config } : {}),
      overrides: options.target ? { target: options.target } : {},
    });
    process.stdout.write(`# configuration is valid (${config.source})\n${stringify(redactSecrets(config))}`);
    return ExitCode.ok;
  } catch (error) {
    return reportError(error);
  }
}
