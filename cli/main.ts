/**
 * `ledger-conformance`: conformance suites and load harness for Canton JSON Ledger API v2 participants and
 * Splice Scan, with an embedded reference target. Every command has --help; exit codes in exit-codes.ts.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { ConfigOverrides } from '../config/value-sources.js';
import { longFlag, runKeySchema, runOptions } from '../config/options.js';
import { reportError } from './report-error.js';
import { ExitCode } from './exit-codes.js';

import { toolVersion, type LoadFlags, type ProvisionFlags, type RunFlags, type ServeFlags } from './flags.js';

export { toolVersion } from './flags.js';
export type { LoadFlags, ProvisionFlags, RunFlags, ServeFlags } from './flags.js';

function integer(name: string, min: number, max: number) {
  return (value: string): number => {
    if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number, got "${value}"`);
    const parsed = Number(value);
    if (parsed < min || parsed > max) throw new InvalidArgumentError(`${name} must be between ${min} and ${max}, got ${parsed}`);
    return parsed;
  };
}

function positiveNumber(name: string) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError(`${name} must be a positive number, got "${value}"`);
    return parsed;
  };
}

/** Repeatable and comma-separated: `--include a,b --include c`. */
function collectList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  ];
}

const configOption = (): Option => new Option('-c, --config <file>', 'configuration file (default: config/default.yaml of this tool)');
const targetOption = (): Option =>
  new Option('-t, --target <name>', 'entry of `targets` in the config to use (default: `target` of the config, i.e. reference)');

interface CommonOptions {
  config?: string;
  target?: string;
}

export function buildProgram(setExitCode: (code: number) => void): Command {
  const program = new Command('ledger-conformance')
    .description(
      'Conformance suites and load harness for Canton JSON Ledger API v2 participants and Splice Scan.\n' +
        'With no configuration it tests the embedded reference target.',
    )
    .version(toolVersion)
    .showHelpAfterError('(run with --help for the usage)')
    // `load` and `load merge` share option names (--result, --threshold): each command reads its own.
    .enablePositionalOptions()
    .exitOverride();

  const run = program
    .command('run')
    .description('run the conformance suites against the target and write JUnit XML, report.json, summary.md and report.html')
    .addOption(configOption())
    .addOption(targetOption());
  for (const option of runCommandOptions()) run.addOption(option);
  run
    .option('--participant <url>', 'participant JSON API base URL (remote targets; overrides LEDGER_BASE_URL)')
    .option('--scan <url>', 'scan base URL including its path prefix (remote targets; overrides SCAN_BASE_URL)')
    .option('--fixtures <file>', "fixtures file of the target (default: the target's `fixtures`, else out/fixtures/<target>.yaml)")
    .option('--list-checks', 'list the checks with their descriptions, and exit')
    .option('--list', 'list the tests that would run, with their clauses, and exit')
    .option(
      '--inject-fault <names>',
      'reference target only: switch on named faults, to see the suite catch them (repeatable, comma-separated)',
      collectList,
    )
    .option(
      '--expectations <file>',
      'YAML file of known failures (per clause or test, with reasons and node versions): only unexpected failures fail the run',
    )
    .option('--update-expectations <file>', "write the expectation file from this run's failures, keeping the reasons already in it")
    .action(async (options: CommonOptions & RunFlags) => {
      const { runCommand } = await import('./commands/run.js');
      setExitCode(await runCommand(options, overridesFrom(options)));
    });

  program
    .command('replay')
    .description('re-run one test of a report, with the same seed and counterexample path')
    .argument('<test-id>', 'test id as shown in the report (e.g. "submit-and-wait::rejects invalid bodies")')
    .option('-r, --report <file>', 'report.json to read (default: out/conformance/report.json)')
    .addOption(configOption())
    .addOption(targetOption())
    .option('--fixtures <file>', 'fixtures file of the target (default: the one the run read, as report.json names it)')
    .action(async (testId: string, options: CommonOptions & { report?: string; fixtures?: string }) => {
      const { replayCommand } = await import('./commands/run.js');
      setExitCode(await replayCommand(testId, options));
    });

  program
    .command('provision')
    .description(
      'create on the target (through its admin routes) the parties, users, DAR and seeded updates the suites need, and write its fixtures\n' +
        "(out/fixtures/<target>.yaml; the external parties' keys go to the .env beside it). Reuses what exists; never deletes parties.",
    )
    .addOption(configOption())
    .addOption(targetOption())
    .option('--admin-user <id>', 'user whose token has participant_admin rights', 'participant_admin')
    .option('--dar <file>', 'model DAR to upload (CantonExamples.dar); needed on the first run')
    .option('--prefix <text>', 'run-stable prefix of the party hints and user ids it creates', 'conformance')
    .option('--synchronizer <id>', 'synchronizer to allocate on (default: the one the node is connected to)')
    .option('--fixtures <file>', 'fixtures file to write (default: out/fixtures/<target>.yaml)')
    .option('--scan-synchronizer <id>', "scan: the DSO's synchronizer, when the scan cannot tell (GET /v0/dso)")
    .option('--scan-top-up-in-progress <member>', 'scan: a member (PAR::… or MED::…) whose traffic top-up is in progress')
    .option('--scan-top-up-complete <member>', 'scan: a member whose traffic top-up is complete')
    .option('--scan-single-hosted-party <party>', 'scan: a party hosted on one participant')
    .option('--scan-multi-hosted-party <party>', 'scan: a party hosted on several participants')
    .option('--dry-run', 'print the plan: read the node, change nothing, write no file')
    .option('--cleanup', 'delete the users an earlier provision created (parties cannot be deleted)')
    .option('-y, --yes', 'allow writing to a node that is not on this machine (a staging node)')
    .action(async (options: CommonOptions & ProvisionFlags) => {
      const { provisionCommand } = await import('./commands/provision.js');
      setExitCode(await provisionCommand(options));
    });

  const load = program
    .command('load')
    .enablePositionalOptions()
    .description('load-test the target with a scenario (submit-and-wait, update-by-offset, readyz, mixed), or merge shard results')
    .argument('[scenario]', 'scenario name; `ledger-conformance load --list` shows them')
    .addOption(configOption())
    .addOption(targetOption())
    .addOption(
      new Option('-m, --model <model>', 'closed: max throughput (autocannon); open: constant arrival rate (coordinated-omission correct)')
        .choices(['closed', 'open'])
        .default('closed'),
    )
    .option('-d, --duration <seconds>', 'measured duration (bounded)', integer('--duration', 1, 3600))
    .option('-r, --requests <n>', 'stop after this many requests (bounded)', integer('--requests', 1, 100_000_000))
    .option(
      '--connections <n>',
      'closed model: concurrent connections (16); open model: connection cap, beyond which requests are pipelined (default: one per outstanding request)',
      integer('--connections', 1, 1024),
    )
    .option('--pipelining <n>', 'closed model: requests in flight per connection', integer('--pipelining', 1, 64))
    .option('--rate <rps>', 'open model: planned requests per second', positiveNumber('--rate'))
    .option('--stages <stages>', 'open model: ramping stages "DURATION:RATE,..." e.g. "10s:100,30s:500"')
    .option(
      '--workers <n>',
      'open model: sending threads, each owning every n-th planned request (default: load.workers of the config, else one per core)',
      integer('--workers', 1, 256),
    )
    .option('--warmup <seconds>', 'warm-up excluded from the figures', integer('--warmup', 0, 600))
    .option('--shard <i/n>', 'run shard i of n (0-based, as a Kubernetes JOB_COMPLETION_INDEX), one n-th of the load')
    .option('--result <file>', 'result file (default: out/load/<scenario>-<model>-<time>.json)')
    .option(
      '--baseline <file>',
      'compare with a stored result of the same scenario and model: regression / no change / improvement / inconclusive (too noisy to tell)',
    )
    .option(
      '--repeat <n>',
      'measure n runs one after another; the result keeps each, and the baseline gate uses their spread',
      integer('--repeat', 1, 20),
    )
    .option(
      '--threshold <sentence>',
      'gate, e.g. "p99 < 250ms", "p95 < 2ms", "errors < 1%", "rps > 500", scoped "p95{stage:2} < 200ms", "errors{scenario:readyz} < 1%" (repeatable)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--list', 'list the scenarios and exit')
    .action(async (scenario: string | undefined, options: CommonOptions & LoadFlags) => {
      const { loadCommand } = await import('./commands/load.js');
      setExitCode(await loadCommand(scenario, options));
    });

  load
    .command('merge')
    .description('merge shard result files into one result (exact HDR merge, summed counts)')
    .argument('<files...>', 'result files written by `load --shard i/n`')
    .requiredOption('--result <file>', 'merged result file')
    .option(
      '--threshold <sentence>',
      'gate the merged result (repeatable; default: load.thresholds of the config)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--baseline <file>', 'compare the merged result with a stored result')
    .addOption(configOption())
    .action(async (files: string[], options: { result: string; threshold?: string[]; baseline?: string; config?: string }) => {
      const { mergeCommand } = await import('./commands/load.js');
      setExitCode(await mergeCommand(files, options));
    });

  const reference = program.command('reference').description('the embedded reference target');
  reference
    .command('serve')
    .description('serve the reference participant and scan on loopback until Ctrl-C, and print their URLs and user tokens')
    .addOption(configOption())
    .option('--port <port>', 'participant port (default: from config, 0 = any free port)', integer('--port', 0, 65535))
    .option('--scan-port <port>', 'scan port (default: from config, 0 = any free port)', integer('--scan-port', 0, 65535))
    .option('--scan-version <version>', 'Splice version the scan imitates (decides removed endpoints), e.g. 0.7.5')
    .option('--inject-fault <names>', 'switch on named faults (repeatable, comma-separated); --list-faults shows them', collectList)
    .option('--list-faults', 'list the faults that can be injected and exit')
    .option(
      '--bare',
      'start as a freshly installed participant: only the participant_admin user, no parties, an empty ledger (to try `provision`)',
    )
    .action(async (options: ServeFlags & CommonOptions) => {
      const { serveCommand } = await import('./commands/reference.js');
      setExitCode(await serveCommand(options));
    });

  program
    .command('token')
    .description("print a bearer token of a fixture user for the target's configured auth (for the curl commands the reports print)")
    .addOption(configOption())
    .addOption(targetOption())
    .requiredOption('-u, --user <id>', 'user id (a user of the fixtures, e.g. the one a printed curl command names)')
    .option('--fixtures <file>', "fixtures file of the target (default: the target's `fixtures`, else out/fixtures/<target>.yaml)")
    .option('--allow-unknown', 'mint a token for a user the fixtures do not name (self-signed auth only; default: refuse)')
    .action(async (options: CommonOptions & { user: string; fixtures?: string; allowUnknown?: boolean }) => {
      const { tokenCommand } = await import('./commands/token.js');
      setExitCode(await tokenCommand(options));
    });

  program
    .command('report')
    .description('conformance report helpers')
    .command('verify')
    .description('check that a report.json was not edited after its run (recomputes the digest it carries)')
    .argument('<file>', 'report.json to check')
    .action(async (file: string) => {
      const { reportVerifyCommand } = await import('./commands/report.js');
      setExitCode(reportVerifyCommand(file));
    });

  program
    .command('config')
    .description('configuration helpers')
    .command('check')
    .description('validate the configuration (file, .env, environment, flags, fixtures) and print it resolved, secrets redacted')
    .addOption(configOption())
    .addOption(targetOption())
    .action(async (options: CommonOptions) => {
      const { configCheckCommand } = await import('./commands/config.js');
      setExitCode(await configCheckCommand(options));
    });

  return program;
}

/** The options of config/options.ts's table, each parsed and bounded as the JSON Schema of the key it sets says. */
function runCommandOptions(): Option[] {
  return runOptions.map((entry) => {
    const option = new Option(entry.flag, entry.help);
    const schema = runKeySchema(entry.key);
    const name = longFlag(entry);
    if (schema.enum !== undefined) option.choices(schema.enum);
    else if (schema.type === 'integer') option.argParser(integer(name, schema.minimum!, schema.maximum!));
    else if (schema.type === 'number') option.argParser(positiveNumber(name));
    else if (schema.type === 'array') option.argParser(collectList);
    return option;
  });
}

/** The `run` keys the command line set (a negated flag such as `--no-preflight` only when given), by config key. */
export function overridesFrom(options: CommonOptions & RunFlags): ConfigOverrides {
  const overrides: ConfigOverrides = {};
  if (options.target !== undefined) overrides.target = options.target;
  if (options.participant !== undefined) overrides.participant = options.participant;
  if (options.scan !== undefined) overrides.scan = options.scan;
  if (options.fixtures !== undefined) overrides.fixtures = options.fixtures;
  const values = options as Record<string, unknown>;
  for (const entry of runOptions) {
    const option = new Option(entry.flag);
    const value = values[option.attributeName()];
    if (value === undefined || (option.negate && value !== false)) continue;
    (overrides as Record<string, unknown>)[entry.key] = value;
  }
  return overrides;
}

/** Runs the CLI and returns the exit code (never calls process.exit itself). */
export async function main(argv: string[]): Promise<number> {
  let exitCode: number = ExitCode.ok;
  const program = buildProgram((code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync(argv);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with exit code 0; usage mistakes were already printed by commander.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    return reportError(error);
  }
}
