import { CouldNotRunError, ExitCode, exitCodeOfError, UsageError } from '../config/tool-errors.js';
import { messageOf } from '../harness/library/error-message.js';

export { CouldNotRunError, UsageError };

/**
 * The CLI's one handler of what a command threw: prints it the way a user should see it (no stack trace for their
 * mistakes) and returns its exit code, which `exitCodeOfError` (config/tool-errors.ts) alone decides.
 */
export function reportError(error: unknown): number {
  const code = exitCodeOfError(error);
  const write = (text: string): void => {
    process.stderr.write(`${text}\n`);
  };
  if (code === ExitCode.internal) {
    const detail = error instanceof Error && error.stack ? error.stack : messageOf(error);
    write(`internal error (a bug in ledger-conformance, please report it with this output):\n${detail}`);
  } else if (code === ExitCode.usage) {
    write(`error: ${messageOf(error)}\nRun with --help for the usage.`);
  } else {
    write(`error: ${messageOf(error)}`);
  }
  return code;
}
