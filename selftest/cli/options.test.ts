/**
 * One source for configuration and flags: every row of config/options.ts is a `run` option shown by `run --help`,
 * and given on the command line (and through its environment variable, where it has one) it sets its config key,
 * with the value type and bounds of the key's JSON Schema. In-process: commander parses, loadConfig resolves.
 */
import { describe, expect, it } from 'vitest';
import { Option, type Command } from 'commander';
import { buildProgram, overridesFrom } from '../../cli/main.js';
import { loadConfig } from '../../config/load.js';
import { longFlag, runKeySchema, runOptions, type RunOption } from '../../config/options.js';
import type { RunConfig } from '../../config/types.js';

/** A value of the key other than its default, as given on the command line and as the config holds it. */
function sample(entry: RunOption): { argv: string[]; expected: unknown; text?: string } {
  const schema = runKeySchema(entry.key) as ReturnType<typeof runKeySchema> & { default?: unknown };
  const flag = longFlag(entry);
  if (schema.enum !== undefined) {
    const value = schema.enum.find((choice) => choice !== schema.default)!;
    return { argv: [flag, value], expected: value, text: value };
  }
  if (schema.type === 'integer') {
    const value = schema.minimum! + 1 === schema.default ? schema.minimum! : schema.minimum! + 1;
    return { argv: [flag, String(value)], expected: value, text: String(value) };
  }
  if (schema.type === 'number') return { argv: [flag, '2.5'], expected: 2.5, text: '2.5' };
  if (schema.type === 'array') return { argv: [flag, 'a,b', flag, 'c'], expected: ['a', 'b', 'c'], text: 'a,b,c' };
  if (schema.type === 'boolean') return { argv: [flag], expected: !new Option(entry.flag).negate };
  return { argv: [flag, '/tmp/options-test-dir'], expected: '/tmp/options-test-dir', text: '/tmp/options-test-dir' };
}

/** The options commander hands to `run`'s action for these arguments (the action itself does not run). */
async function parsedRun(argv: string[]): Promise<Record<string, unknown>> {
  const program = buildProgram(() => undefined);
  const run = program.commands.find((command) => command.name() === 'run') as Command;
  let captured: Record<string, unknown> = {};
  run.action((options: Record<string, unknown>) => {
    captured = options;
  });
  await program.parseAsync(['node', 'ledger-conformance', 'run', ...argv]);
  return captured;
}

const valueOf = (run: RunConfig, key: keyof RunConfig): unknown =>
  key === 'reportDir' ? run.reportDir.replace(/^.*(\/tmp\/)/, '$1') : run[key];

describe('run options: one table (config/options.ts), types from the config schema', () => {
  it('every option of the table is in `run --help`, with its help', () => {
    const program = buildProgram(() => undefined);
    const help = (program.commands.find((command) => command.name() === 'run') as Command).helpInformation();
    for (const entry of runOptions) {
      expect(help, entry.flag).toContain(entry.flag);
      expect(help.replace(/\s+/g, ' '), entry.flag).toContain(entry.help.split(' ').slice(0, 4).join(' '));
    }
  });

  it.each(runOptions.map((entry) => [entry.flag, entry.key, entry] as const))('%s sets run.%s', async (_flag, _key, entry) => {
    const { argv, expected } = sample(entry);
    const overrides = overridesFrom(await parsedRun(argv));
    expect(Object.keys(overrides)).toEqual([entry.key]);
    const config = await loadConfig({ env: {}, dotenvPath: false, overrides });
    expect(valueOf(config.run, entry.key)).toEqual(expected);
  });

  it('an option left out sets nothing (the file, .env and environment decide)', async () => {
    expect(overridesFrom(await parsedRun([]))).toEqual({});
  });

  it.each(runOptions.filter((entry) => entry.env !== undefined).map((entry) => [entry.env!, entry.key, entry] as const))(
    'the environment variable %s sets run.%s',
    async (variable, _key, entry) => {
      const { expected, text } = sample(entry);
      const config = await loadConfig({ env: { [variable]: text! }, dotenvPath: false });
      expect(valueOf(config.run, entry.key)).toEqual(expected);
    },
  );

  it('a value out of the schema bounds is refused by the parser (exit 2), naming the flag', async () => {
    const entry = runOptions.find((option) => option.key === 'inFlight')!;
    await expect(parsedRun(['--in-flight', String(runKeySchema(entry.key).maximum! + 1)])).rejects.toThrow(
      /--in-flight must be between 1 and 256/,
    );
  });
});

describe('run options in the README', () => {
  it('every run key of the schema is in the Configuration table, every flag of the table in "Options of run"', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const options = readme.split('Options of `run`:')[1]!.split('\n\n')[0]!;
    for (const entry of runOptions) {
      expect(readme, `run.${entry.key}`).toMatch(new RegExp(`\\| [^|\\n]*\`run\\.${entry.key}\``));
      expect(options, longFlag(entry)).toContain(longFlag(entry));
    }
  });
});
