/**
 * The example CI pipelines are valid YAML and do what they promise: provision once, run the canton
 * profile, upload junit.xml and report.html whatever the outcome, and fail the job on a non-zero exit (no
 * step or job may swallow it). The CLI options they use exist.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildProgram } from '../../cli/main.js';

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

  it('fails the job on a non-zero exit', () => {
    expect(job.allow_failure).not.toBe(true);
    expect(job.script.filter((line) => /\|\|\s*true|;\s*exit 0|set \+e/.test(line))).toEqual([]);
  });
});
