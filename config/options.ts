/**
 * The `run` command's options that set a key of the configuration's `run` section: one row each, with the flag,
 * its help, the key it sets and the environment variable that sets the same key. The CLI builds its options from
 * this table (cli/main.ts), the config loader applies flags and variables from it (config/load.ts), and the value's
 * type, bounds and default come from the key's JSON Schema (config/schema.ts `runSchema`). A new run flag is a row
 * here and a key there: two files.
 */
import type { RunConfig } from './types.js';
import { runSchema } from './schema.js';

export type RunKey = keyof RunConfig;

export interface RunOption {
  /** The flag as commander spells it: `-n, --cases <n>`, `--read-only`, `--no-preflight`. */
  flag: string;
  /** The `run.<key>` it sets. */
  key: RunKey;
  help: string;
  /** An environment variable that sets the same key (README "Environment variables"). */
  env?: string;
}

export const runOptions: readonly RunOption[] = [
  {
    flag: '-p, --profile <profile>',
    key: 'profile',
    env: 'LEDGER_PROFILE',
    help: 'spec: only what the spec states; canton: plus real Canton/Splice behaviour',
  },
  {
    flag: '-i, --include <prefixes>',
    key: 'include',
    help: 'only tests whose endpoint, suite, test id or clause id starts with one of these (repeatable, comma-separated)',
  },
  {
    flag: '-x, --exclude <prefixes>',
    key: 'exclude',
    help: 'leave out tests whose endpoint, suite, test id or clause id starts with one of these',
  },
  { flag: '-n, --cases <n>', key: 'cases', help: 'generated cases per property' },
  { flag: '-s, --seed <n>', key: 'seed', env: 'LEDGER_SEED', help: 'fast-check seed (default: drawn once per run and printed)' },
  { flag: '--concurrency <n>', key: 'concurrency', help: 'suites run in parallel' },
  { flag: '--timeout-scale <factor>', key: 'timeoutScale', help: 'multiply every timeout by this factor (slow targets)' },
  {
    flag: '--request-timeout <ms>',
    key: 'requestTimeoutMs',
    help: 'per-request timeout in ms (run.requestTimeoutMs; raised when the measured latency needs more)',
  },
  {
    flag: '--in-flight <n>',
    key: 'inFlight',
    help: 'requests in flight at most per suite worker: the cases of a property overlap up to it (run.inFlight; default 16; the run: at most --concurrency × this)',
  },
  {
    flag: '--retry-transport <n>',
    key: 'retryTransport',
    help: 'send an idempotent read (GET) again up to n times after a transport fault, reported as such; never a write (default 0)',
  },
  {
    flag: '--dead-node-seconds <s>',
    key: 'deadNodeSeconds',
    help: 'stop the run (exit 4) once every request to the node has been refused for this long (run.deadNodeSeconds; default 20)',
  },
  {
    flag: '-o, --report-dir <dir>',
    key: 'reportDir',
    env: 'LEDGER_REPORT_DIR',
    help: 'where to write the reports (default: out/conformance)',
  },
  { flag: '--read-only', key: 'readOnly', help: 'send only requests without side effects (for a node you must not write to)' },
  {
    flag: '--no-preflight',
    key: 'preflight',
    help: "skip the check of the tool's own set-up (tokens, fixtures, scan version) before the tests",
  },
  {
    flag: '--checks <names>',
    key: 'checks',
    help: 'apply only these checks (repeatable, comma-separated; --list-checks shows them); a switched-off check asserts nothing; a test left with no assertion is skipped with the reason',
  },
  { flag: '--exclude-checks <names>', key: 'excludeChecks', help: 'switch these checks off (repeatable, comma-separated)' },
  { flag: '--require <verdict>', key: 'require', help: 'exit non-zero (8) unless the verdict is this (config: run.require)' },
];

/** The JSON Schema of a run key: its type, bounds, choices and default. */
export function runKeySchema(key: RunKey): {
  type?: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
} {
  return runSchema.properties[key];
}

/** `--in-flight` of `--in-flight <n>`, `--preflight` of `--no-preflight`'s key is negated: the long flag as written. */
export function longFlag(option: RunOption): string {
  return /--[a-z][a-z-]*/.exec(option.flag)![0];
}

/** Values the command line gives for run keys: what `loadConfig` applies over the file, .env and environment. */
export type RunOverrides = { [K in RunKey]?: RunConfig[K] };
