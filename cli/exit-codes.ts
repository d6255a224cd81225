/** Exit codes of `ledger-conformance`; documented in README.md "Exit codes". */
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
  /** `--require certified` (or run.require) and the verdict is not certified (e.g. incomplete). */
  notCertified: 8,
  /** A bug in ledger-conformance itself. */
  internal: 70,
  /** Interrupted (Ctrl-C); partial reports were written. */
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
