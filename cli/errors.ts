import { ConfigError } from '../config/errors.js';
import { messageOf } from '../harness/library/error-message.js';
import { ExitCode } from './exit-codes.js';

/** A failure to run that the user can fix (not a conformance failure and not a bug). */
export class CouldNotRunError extends Error {
  readonly code = 'COULD_NOT_RUN';
  constructor(message: string) {
    super(message);
    this.name = 'CouldNotRunError';
  }
}

/** A wrong value on the command line, found after commander parsed it. */
export class UsageError extends Error {
  readonly code = 'USAGE';
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Prints an error the way a user should see it (no stack trace for their mistakes) and picks the exit code. */
export function reportError(error: unknown): number {
  const write = (text: string): void => {
    process.stderr.write(`${text}\n`);
  };
  if (error instanceof ConfigError) {
    write(`error: ${error.message}`);
    return ExitCode.config;
  }
  if (error instanceof UsageError || (error as { code?: unknown } | null)?.code === 'REPORT_UNREADABLE') {
    write(`error: ${(error as Error).message}\nRun with --help for the usage.`);
    return ExitCode.usage;
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (
    error instanceof CouldNotRunError ||
    code === 'TARGET_UNREACHABLE' ||
    code === 'AUTH_PROVIDER_FAILED' ||
    code === 'PREFLIGHT_AUTH_REFUSED' ||
    code === 'EADDRINUSE'
  ) {
    write(`error: ${messageOf(error)}`);
    return ExitCode.couldNotRun;
  }
  const detail = error instanceof Error && error.stack ? error.stack : messageOf(error);
  write(`internal error (a bug in ledger-conformance, please report it with this output):\n${detail}`);
  return ExitCode.internal;
}
