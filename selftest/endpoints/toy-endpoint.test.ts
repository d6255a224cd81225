/**
 * Adding a certified endpoint touches `TOY_STEPS.length` files (at most 10; README "Layout"). In a copy of this checkout
 * the toy endpoint `GET /v2/idps/{idp-id}` (an endpoint of Canton 3.5's OpenAPI that the tool does not know) is added
 * as the spec would add it: a GET with a path parameter, a 200 record and one parameter rule. One edit per file:
 * - with every step, tsc and the self-tests that hold endpoints pass, and a run of each profile is certified with the
 *   toy's clauses passed (its auth probe, response schema and default error body come from its descriptor);
 * - without any one step, tsc or a named self-test fails, or the run is not certified: no step can be forgotten
 *   silently, none narrows a run.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

import { TOY_CLAUSES, TOY_STEPS, type Guard } from './toy-steps.js';

interface Outcome {
  ok: boolean;
  output: string;
}

async function attempt(command: string, args: string[], cwd: string): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, maxBuffer: 1 << 26, env: { ...process.env, NO_COLOR: '1' } });
    return { ok: true, output: `${stdout}\n${stderr}` };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}\n${failed.stderr ?? ''}` };
  }
}

const selftest = (copy: string, file: string, filter?: string) =>
  attempt('npx', ['vitest', 'run', '--config', 'vitest.config.ts', '--reporter', 'verbose', file, ...(filter ? ['-t', filter] : [])], copy);

interface RunReport {
  verdict: string;
  clauses: { id: string; status: string }[];
}

async function certify(copy: string, profile: 'spec' | 'canton'): Promise<RunReport> {
  const reportDir = join(copy, 'out', `toy-${profile}`);
  rmSync(reportDir, { recursive: true, force: true });
  await attempt('node', [join(copy, 'bin', 'ledger-conformance.mjs'), 'run', '--profile', profile, '--report-dir', reportDir], copy);
  return JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as RunReport;
}

/**
 * The copy type-checked in this process, the files the toy's steps edit first, stopping at the first file with an error:
 * a left-out step breaks one of those files (a table keyed by every endpoint, a name the next step uses), so a guard
 * costs seconds instead of a whole `tsc` (16 CPU-s); without an error there, every other file is checked as tsc would.
 */
let lastProgram: ts.Program | undefined;

function typeCheck(copy: string): Outcome {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(copy, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (parsed === undefined) return { ok: false, output: 'tsconfig.json of the copy could not be read' };
  // The last program's unchanged files are reused (parsed and bound once): only the edited step's file is new.
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    ...(lastProgram ? { oldProgram: lastProgram } : {}),
  });
  lastProgram = program;
  const stepFiles = TOY_STEPS.map((step) => join(copy, step.file));
  const ordered = [
    ...stepFiles.flatMap((file) => program.getSourceFile(file) ?? []),
    ...program.getSourceFiles().filter((file) => !stepFiles.includes(file.fileName)),
  ];
  for (const file of ordered) {
    if (file.isDeclarationFile) continue;
    const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    if (diagnostics.length > 0)
      return {
        ok: false,
        output: ts.formatDiagnostics(diagnostics, {
          getCanonicalFileName: (name) => name,
          getCurrentDirectory: () => copy,
          getNewLine: () => '\n',
        }),
      };
  }
  const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  return {
    ok: global.length === 0,
    output: global.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')).join('\n'),
  };
}

async function guardFails(copy: string, guard: Guard): Promise<Outcome> {
  if ('tsc' in guard) return typeCheck(copy);
  if ('selftest' in guard) return selftest(copy, guard.selftest, guard.filter);
  const report = await certify(copy, guard.run);
  const toy = report.clauses.filter((entry) => TOY_CLAUSES.includes(entry.id));
  return {
    ok: report.verdict === 'certified',
    output: `verdict ${report.verdict}; ${toy.map((entry) => `${entry.id} ${entry.status}`).join(', ')}`,
  };
}

describe('adding a certified endpoint', () => {
  const copy = mkdtempSync(join(tmpdir(), 'ledger-conformance-toy-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  const original = new Map<string, string | undefined>();
  let certified = false;
  const done = new Map<string, string>();
  const write = (file: string, text: string | undefined) => {
    const path = join(copy, file);
    if (text === undefined) rmSync(path, { force: true });
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  };

  it(`touches ${TOY_STEPS.length} files (at most 10): the toy endpoint compiles, passes the self-tests and is certified in both profiles`, async () => {
    expect(TOY_STEPS.length).toBeLessThanOrEqual(10);
    expect(new Set(TOY_STEPS.map((step) => step.file)).size).toBe(TOY_STEPS.length);
    const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, maxBuffer: 1 << 24 });
    for (const file of stdout.split('\n').filter((line) => line !== '' && !line.startsWith('out/'))) {
      if (existsSync(join(ROOT, file))) cpSync(join(ROOT, file), join(copy, file), { recursive: false });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    for (const step of TOY_STEPS) {
      const path = join(copy, step.file);
      const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      original.set(step.file, before);
      done.set(step.file, step.edit(before));
      write(step.file, done.get(step.file));
    }

    // Every file of the copy, as `tsc --noEmit` checks it (in this process: the guards below reuse its parsed files).
    const compiled = typeCheck(copy);
    expect(compiled.ok, compiled.output).toBe(true);
    const selftests = [
      'selftest/endpoints/descriptors.test.ts',
      'selftest/clauses',
      'selftest/schemas/examples.test.ts',
      'selftest/schemas/compile.test.ts',
      'selftest/checks/response-checks.test.ts',
    ];
    // One vitest process for the five (each process costs its start-up and transform again).
    const outcome = await attempt('npx', ['vitest', 'run', '--config', 'vitest.config.ts', '--reporter', 'verbose', ...selftests], copy);
    expect(outcome.ok, `${selftests.join(', ')} in the copy with the toy endpoint:\n${outcome.output}`).toBe(true);
    const generated = await selftest(copy, 'selftest/generators/requests.test.ts', 'toy.idp');
    expect(generated.ok, generated.output).toBe(true);
    expect(generated.output).toMatch(/toy\.idp/);

    for (const profile of ['spec', 'canton'] as const) {
      const report = await certify(copy, profile);
      expect(report.verdict, `${profile} run in the copy`).toBe('certified');
      const toy = report.clauses.filter((entry) => TOY_CLAUSES.includes(entry.id));
      expect(toy.map((entry) => [entry.id, entry.status]).sort()).toEqual(TOY_CLAUSES.map((id) => [id, 'passed']).sort());
    }
    certified = true;
  }, 900_000);

  it('fails tsc, a self-test or the certification when any one step is left out', async () => {
    expect(certified, 'the first test made the copy and proved it complete').toBe(true);
    const silent: string[] = [];
    for (const step of TOY_STEPS) {
      write(step.file, original.get(step.file));
      const outcome = await guardFails(copy, step.guard);
      if (outcome.ok)
        silent.push(`${step.file} (${step.what}): ${JSON.stringify(step.guard)} still passed\n${outcome.output.slice(-2000)}`);
      write(step.file, done.get(step.file));
    }
    expect(silent).toEqual([]);
  }, 1_200_000);
});
