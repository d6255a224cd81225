/**
 * The one error type of the tool and its one mapping to exit codes.
 *
 * Every error that reaches a user is a `ToolError`: it carries a stable `code` (what scripts and self-tests
 * match on) and says what went wrong, where and how to fix it. Its exit code follows from its code through
 * `exitCodeByErrorCode`, the only place that decides an exit code for an error; the CLI's top-level handler
 * (`cli/report-error.ts` `reportError`) reads it. Lives in config/, the lowest layer, so every layer may import it
 * (the reference target, which imports config types only, has no user-facing errors of its own but two codes
 * that the mapping names: see `foreignErrorCodes`).
 */

/** Exit codes of `ledger-conformance`; documented in README.md "Exit codes" (a self-test holds the two equal). */
export const ExitCode = {
  /** Everything ran and nothing failed. */
  ok: 0,
  /** Conformance checks failed (the target does not conform), or a replayed failure still fails. */
  failures: 1,
  /** The command line is wrong (unknown option, missing argument). */
  usage: 2,
  /** The configuration (file, .env, environment, flags, fixtures) is invalid. */
  config: 3,
  /** Could not run: the target is unreachable or not ready, or the reference could not start. */
  couldNotRun: 4,
  /** A load threshold was broken. */
  thresholdBroken: 5,
  /** A load run regressed against its baseline. */
  regression: 6,
  /** The suite itself broke in some tests (no target failure): the run is neither certified nor failed by the target. */
  suiteError: 7,
  /** `--require certified` (or run.require) and the verdict is not certified (e.g. incomplete, or only known failures). */
  notCertified: 8,
  /** A bug in ledger-conformance itself. */
  internal: 70,
  /** Interrupted (Ctrl-C); partial reports were written. */
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** Every stable code of a `ToolError`, with its exit code: the one mapping. */
export const exitCodeByErrorCode = {
  /** A wrong value on the command line, found after commander parsed it. */
  USAGE: ExitCode.usage,
  /** `replay`: the report named cannot be read. */
  REPORT_UNREADABLE: ExitCode.usage,
  LOAD_OPTION_INVALID: ExitCode.usage,
  LOAD_SHARD_INVALID: ExitCode.usage,
  LOAD_THRESHOLD_INVALID: ExitCode.usage,
  LOAD_STAGES_INVALID: ExitCode.usage,
  LOAD_RESULT_INVALID: ExitCode.usage,
  LOAD_MERGE_INVALID: ExitCode.usage,
  /** `--result FILE` cannot be written. */
  LOAD_RESULT_PATH: ExitCode.usage,
  /** The configuration (file, .env, environment, flags, fixtures), also fixtures the node disagrees with. */
  CONFIG_INVALID: ExitCode.config,
  /** `load.resultDir` of the config cannot be written. */
  LOAD_RESULT_DIR: ExitCode.config,
  /** A baseline of another scenario or model. */
  LOAD_BASELINE_MISMATCH: ExitCode.config,
  /** A failure to run that the user can fix (not a conformance failure and not a bug). */
  COULD_NOT_RUN: ExitCode.couldNotRun,
  /** No connection to the target (refused, reset, no answer to the probe). */
  TARGET_UNREACHABLE: ExitCode.couldNotRun,
  /** The target answered below the API (a body cut short, an HTML error page, no answer in time) outside a test. */
  TRANSPORT_FAULT: ExitCode.couldNotRun,
  AUTH_PROVIDER_FAILED: ExitCode.couldNotRun,
  PREFLIGHT_AUTH_REFUSED: ExitCode.couldNotRun,
  REPORT_DIR_IN_USE: ExitCode.couldNotRun,
  PROVISION_FAILED: ExitCode.couldNotRun,
  LOAD_SCENARIO_SETUP: ExitCode.couldNotRun,
} as const satisfies Record<string, ExitCodeValue>;

export type ToolErrorCode = keyof typeof exitCodeByErrorCode;

/**
 * Codes of errors thrown by code that cannot extend `ToolError`: Node's own (a port in use when the reference
 * starts) and the reference target's (it imports no runtime code of config/). Mapped here all the same.
 */
export const foreignErrorCodes = {
  /** The reference target could not listen on its port: the port a setting chose (`reference serve` names it). */
  EADDRINUSE: ExitCode.config,
  /** The reference target's scan fixtures contradict themselves (reference/scan/data.ts ScanFixtureError). */
  SCAN_FIXTURES_INVALID: ExitCode.config,
} as const satisfies Record<string, ExitCodeValue>;

/** The base of every error that reaches a user: a stable code, and through it an exit code. */
export class ToolError extends Error {
  readonly code: ToolErrorCode;

  constructor(code: ToolErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }

  get exitCode(): ExitCodeValue {
    return exitCodeByErrorCode[this.code];
  }
}

/**
 * The exit code of anything thrown: a `ToolError`'s by its code, a foreign error's by its code, anything else
 * is a bug of the tool (70).
 */
export function exitCodeOfError(error: unknown): ExitCodeValue {
  if (error instanceof ToolError) return error.exitCode;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && Object.hasOwn(foreignErrorCodes, code)) return foreignErrorCodes[code as keyof typeof foreignErrorCodes];
  return ExitCode.internal;
}

/** A mistake in the user's configuration: said plainly, with where it is and what was expected. */
export class ConfigError extends ToolError {
  readonly issues: string[];

  constructor(source: string, issues: string[]) {
    super('CONFIG_INVALID', `Invalid configuration in ${source}:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.issues = issues;
  }
}

/** A wrong value on the command line, found after commander parsed it. */
export class UsageError extends ToolError {
  constructor(message: string) {
    super('USAGE', message);
  }
}

/** A failure to run that the user can fix (not a conformance failure and not a bug). */
export class CouldNotRunError extends ToolError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('COULD_NOT_RUN', message, options);
  }
}
