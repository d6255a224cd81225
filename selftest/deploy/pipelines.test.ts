/**
 * The example CI pipelines are valid YAML and do what they promise: provision once, run the canton
 * profile, upload the four reports whatever the outcome, and fail the job on a non-zero exit (no
 * step or job may swallow it). The CLI options they use exist.
 *
 * They are kept in step with the README: its "In CI" section shows the CI job as a shell block (the environment
 * variables it sets, the `provision` and `run` lines), and every template sets each of those variables and passes
 * each of those flags; the images (the Dockerfile, GitLab's image without git) carry the tool's commit.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildProgram } from '../../cli/main.js';
import { toolCommit } from '../../harness/runner/certificate.js';

const program = buildProgram(() => undefined);

/** Every `--option` of a `ledger-conformance <command>` line must be an option of that command. */
function unknownOptions(line: string): string[] {
  const words = line.split(/\s+/);
  const at = words.indexOf('ledger-conformance');
  const command = program.commands.find((candidate) => candidate.name() === words[at + 1]);
  if (command === undefined) return [`unknown command ${words[at + 1]}`];
  const known = new Set(command.options.map((option) => option.long));
  return words.filter((word) => word.startsWith('--') && !known.has(word.split('=')[0]!));
}

function cliLines(commands: string[], subcommand: string): string[] {
  return commands.filter((command) => new RegExp(`ledger-conformance ${subcommand}\\b`).test(command));
}

/** The README's CI job: the shell block of its "In CI" section that exports variables and runs the tool. */
function readmeCiJob(): { variables: string[]; runFlags: string[]; provisionFlags: string[]; artifacts: string[]; section: string } {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('\n### In CI\n');
  expect(start, 'README has an "In CI" section').toBeGreaterThan(0);
  const end = readme.slice(start + 1).search(/\n##+ /);
  const section = readme.slice(start, end < 0 ? undefined : start + 1 + end);
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
  const job = blocks.find((block) => /^export /m.test(block) && /ledger-conformance run /.test(block));
  expect(job, 'the "In CI" section shows the CI job as a shell block with export lines and a run line').toBeDefined();
  const lines = job!.split('\n');
  const flags = (command: string): string[] =>
    (lines.find((line) => line.includes(`ledger-conformance ${command} `)) ?? '').split(/\s+/).filter((word) => word.startsWith('--'));
  const artifacts = [...section.matchAll(/Keep ((?:`[\w.]+`[\s,]*(?:and\s+)?)+)as artifacts/g)].flatMap((match) =>
    [...match[1]!.matchAll(/`([\w.]+)`/g)].map((file) => file[1]!),
  );
  return {
    variables: lines.flatMap((line) => [...line.matchAll(/^export ([A-Z_][A-Z0-9_]*)=/g)].map((match) => match[1]!)),
    runFlags: flags('run'),
    provisionFlags: flags('provision'),
    artifacts,
    section,
  };
}

const ciJob = readmeCiJob();

describe("the README's CI job (In CI)", () => {
  it('names the variables, flags and artifacts every template must have', () => {
    expect(ciJob.variables).toEqual(
      expect.arrayContaining(['LEDGER_BASE_URL', 'SCAN_BASE_URL', 'LEDGER_JWT_SECRET', 'LEDGER_JWT_AUDIENCE', 'LEDGER_CONFORMANCE_COMMIT']),
    );
    expect(ciJob.runFlags).toEqual(expect.arrayContaining(['--profile', '--require', '--expectations', '--report-dir']));
    expect(ciJob.artifacts).toEqual(['report.json', 'summary.md', 'junit.xml', 'report.html']);
  });

  it('uses only flags the CLI accepts, and variables the tool reads or the templates document', () => {
    for (const command of ['run', 'provision']) {
      const line = ciJob.section.split('\n').find((candidate) => candidate.includes(`ledger-conformance ${command} `))!;
      expect(unknownOptions(line)).toEqual([]);
    }
  });
});

/** A template's `run` line passes every flag of the README's (`--expectations` may be conditional). */
function missingRunFlags(line: string): string[] {
  return ciJob.runFlags.filter((flag) => !line.includes(flag));
}

/** The `provision` line passes every flag of the README's. */
function missingProvisionFlags(line: string): string[] {
  return ciJob.provisionFlags.filter((flag) => !line.split(/\s+/).includes(flag));
}

describe('GitHub Actions example (deploy/ci/github-actions.yml)', () => {
  const workflow = parse(readFileSync('deploy/ci/github-actions.yml', 'utf8'));
  const jobs = Object.values(workflow.jobs) as { steps: Record<string, unknown>[]; 'continue-on-error'?: boolean }[];

  it('is a workflow with one job of steps', () => {
    expect(workflow.on).toBeDefined();
    expect(jobs).toHaveLength(1);
  });

  const steps = jobs[0]!.steps;
  const runs = steps.map((step) => String(step.run ?? ''));

  it('provisions once, then runs the canton profile', () => {
    const provision = cliLines(runs, 'provision');
    const run = cliLines(runs, 'run');
    expect(provision).toHaveLength(1);
    expect(run).toHaveLength(1);
    expect(runs.indexOf(provision[0]!)).toBeLessThan(runs.indexOf(run[0]!));
    expect(run[0]).toMatch(/--profile canton/);
    for (const line of [...provision, ...run]) expect(unknownOptions(line)).toEqual([]);
  });

  it('uploads junit.xml and report.html even when the run failed', () => {
    const upload = steps.find((step) => String(step.uses ?? '').startsWith('actions/upload-artifact@'));
    expect(upload).toBeDefined();
    expect(upload!.if).toBe('always()');
    const paths = String((upload!.with as { path: string }).path);
    expect(paths).toContain('junit.xml');
    expect(paths).toContain('report.html');
  });

  it("sets every variable of the README's CI job, and passes every flag of its provision and run lines", () => {
    const env = (jobs[0] as { env?: Record<string, string> }).env ?? {};
    expect(ciJob.variables.filter((variable) => !(variable in env))).toEqual([]);
    expect(missingRunFlags(cliLines(runs, 'run')[0]!)).toEqual([]);
    expect(missingProvisionFlags(cliLines(runs, 'provision')[0]!)).toEqual([]);
    expect(cliLines(runs, 'run')[0]).toMatch(/--require certified/);
  });

  it('uploads the four reports of the README', () => {
    const upload = steps.find((step) => String(step.uses ?? '').startsWith('actions/upload-artifact@'))!;
    const paths = String((upload.with as { path: string }).path).split('\n');
    expect(ciJob.artifacts.filter((file) => !paths.some((path) => path.endsWith(`/${file}`)))).toEqual([]);
  });

  it('fails the job on a non-zero exit: no step or job continues on error', () => {
    expect(jobs[0]!['continue-on-error']).not.toBe(true);
    expect(steps.filter((step) => step['continue-on-error'] === true)).toEqual([]);
    expect(runs.filter((run) => /\|\|\s*true|;\s*exit 0|set \+e/.test(run))).toEqual([]);
  });
});

describe('GitLab CI example (deploy/ci/gitlab-ci.yml)', () => {
  const pipeline = parse(readFileSync('deploy/ci/gitlab-ci.yml', 'utf8'));
  const jobs = Object.entries(pipeline).filter(([, value]) => typeof value === 'object' && value !== null && 'script' in value) as [
    string,
    { script: string[]; artifacts: { when: string; paths: string[]; reports: { junit: string } }; allow_failure?: boolean },
  ][];

  it('is a pipeline with one job', () => {
    expect(jobs).toHaveLength(1);
  });

  const [, job] = jobs[0]!;

  it('provisions once, then runs the canton profile', () => {
    const provision = cliLines(job.script, 'provision');
    const run = cliLines(job.script, 'run');
    expect(provision).toHaveLength(1);
    expect(run).toHaveLength(1);
    expect(job.script.indexOf(provision[0]!)).toBeLessThan(job.script.indexOf(run[0]!));
    expect(run[0]).toMatch(/--profile canton/);
    for (const line of [...provision, ...run]) expect(unknownOptions(line)).toEqual([]);
  });

  it('keeps junit.xml and report.html whatever the outcome, and reports the JUnit results', () => {
    expect(job.artifacts.when).toBe('always');
    expect(job.artifacts.paths.some((path) => path.endsWith('junit.xml'))).toBe(true);
    expect(job.artifacts.paths.some((path) => path.endsWith('report.html'))).toBe(true);
    expect(job.artifacts.reports.junit).toMatch(/junit\.xml$/);
  });

  it("sets or documents every variable of the README's CI job, and passes every flag of its provision and run lines", () => {
    const text = readFileSync('deploy/ci/gitlab-ci.yml', 'utf8');
    // Secrets are CI/CD settings, named in the header; the others are the job's variables.
    const variables = (job as { variables?: Record<string, string> }).variables ?? {};
    const header = text
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .join(' ');
    expect(ciJob.variables.filter((variable) => !(variable in variables) && !new RegExp(`\\b${variable}\\b`).test(header))).toEqual([]);
    // The image has no git: the commit the certificate names comes from the pipeline.
    expect(variables.LEDGER_CONFORMANCE_COMMIT).toBe('$CI_COMMIT_SHA');
    expect(missingRunFlags(cliLines(job.script, 'run')[0]!)).toEqual([]);
    expect(missingProvisionFlags(cliLines(job.script, 'provision')[0]!)).toEqual([]);
    expect(cliLines(job.script, 'run')[0]).toMatch(/--require certified/);
  });

  it('keeps the four reports of the README', () => {
    expect(ciJob.artifacts.filter((file) => !job.artifacts.paths.some((path) => path.endsWith(`/${file}`)))).toEqual([]);
  });

  it('fails the job on a non-zero exit', () => {
    expect(job.allow_failure).not.toBe(true);
    expect(job.script.filter((line) => /\|\|\s*true|;\s*exit 0|set \+e/.test(line))).toEqual([]);
  });
});

describe('the image (Dockerfile) carries the tool commit', () => {
  const dockerfile = readFileSync('Dockerfile', 'utf8');

  it('takes the commit as a build argument into LEDGER_CONFORMANCE_COMMIT, and its build line passes it', () => {
    expect(dockerfile).toMatch(/^ARG LEDGER_CONFORMANCE_COMMIT(=\S*)?$/m);
    expect(dockerfile.replace(/\\\n/g, ' ')).toMatch(/^ENV .*\bLEDGER_CONFORMANCE_COMMIT=\$\{?LEDGER_CONFORMANCE_COMMIT\}?/m);
    expect(dockerfile).toMatch(/docker build --build-arg LEDGER_CONFORMANCE_COMMIT=\$\(git rev-parse HEAD\)/);
  });

  it('a build without git (the image) names the commit of LEDGER_CONFORMANCE_COMMIT, and "unknown" without it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'no-git-'));
    const saved = process.env.LEDGER_CONFORMANCE_COMMIT;
    try {
      process.env.LEDGER_CONFORMANCE_COMMIT = 'unknown'; // the build argument's default
      expect(toolCommit(join(folder, 'a'))).toBe('unknown');
      process.env.LEDGER_CONFORMANCE_COMMIT = '0123456789abcdef0123456789abcdef01234567';
      expect(toolCommit(join(folder, 'b'))).toBe('0123456789abcdef0123456789abcdef01234567');
    } finally {
      if (saved === undefined) delete process.env.LEDGER_CONFORMANCE_COMMIT;
      else process.env.LEDGER_CONFORMANCE_COMMIT = saved;
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("passes the README's target variables to docker run", () => {
    const run = dockerfile
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .join(' ');
    const passed = [...run.matchAll(/-e ([A-Z_]+)/g)].map((match) => match[1]!);
    expect(passed).toEqual(expect.arrayContaining(['LEDGER_BASE_URL', 'SCAN_BASE_URL', 'LEDGER_JWT_SECRET', 'LEDGER_JWT_AUDIENCE']));
  });
});
