/**
 * The Dockerfile cannot be built here (no container engine): it is linted with dockerfile-utils (the linter
 * of the Docker language service) with every rule an error, and checked for what the image must be: Node 20
 * slim, production dependencies only, a non-root user, the CLI as entrypoint. The example Kubernetes job
 * runs that image.
 */
import { readFileSync } from 'node:fs';
import { validate, ValidationSeverity, type ValidatorSettings } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const dockerfile = readFileSync('Dockerfile', 'utf8');
const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const STRICT: ValidatorSettings = {
  deprecatedMaintainer: ValidationSeverity.ERROR,
  directiveCasing: ValidationSeverity.ERROR,
  emptyContinuationLine: ValidationSeverity.ERROR,
  instructionCasing: ValidationSeverity.ERROR,
  instructionCmdMultiple: ValidationSeverity.ERROR,
  instructionEntrypointMultiple: ValidationSeverity.ERROR,
  instructionHealthcheckMultiple: ValidationSeverity.ERROR,
  instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
  instructionWorkdirRelative: ValidationSeverity.ERROR,
};

/** The instructions of the Dockerfile, continuation lines joined, comments dropped. */
function instructions(text: string): { keyword: string; argument: string }[] {
  return text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), argument: rest.join(' ') };
    });
}

describe('Dockerfile', () => {
  const steps = instructions(dockerfile);
  const all = (keyword: string) => steps.filter((step) => step.keyword === keyword).map((step) => step.argument);

  it('passes the linter with every rule an error', () => {
    expect(validate(dockerfile, STRICT).map((problem) => `line ${problem.range.start.line + 1}: ${problem.message}`)).toEqual([]);
  });

  it('the linter would catch a mistake (it is not vacuous)', () => {
    expect(validate(`${dockerfile}\nworkdir relative/dir\nENTRYPOINT ["node"]\n`, STRICT).length).toBeGreaterThanOrEqual(2);
  });

  it('builds on Node 20 slim and installs production dependencies only, from the lock file', () => {
    expect(all('FROM')).toHaveLength(1);
    expect(all('FROM')[0]).toMatch(/^node:20(\.\d+)*-([a-z]+-)?slim$/);
    expect(all('RUN').some((command) => /\bnpm ci\b[^&]*--omit=dev/.test(command))).toBe(true);
    expect(all('COPY')[0]).toMatch(/package\.json package-lock\.json/);
  });

  it('runs as a non-root user, with the CLI as entrypoint', () => {
    const users = all('USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const entrypoints = all('ENTRYPOINT');
    expect(entrypoints).toHaveLength(1);
    expect(JSON.parse(entrypoints[0]!)).toEqual(['node', '/app/bin/ledger-conformance.mjs']);
  });

  it('keeps secrets, installed modules and run output out of the build context', () => {
    const ignored = readFileSync('.dockerignore', 'utf8').split(/\r?\n/);
    for (const entry of ['node_modules', 'out', '.env', '.git']) expect(ignored).toContain(entry);
  });

  it('is the image of the example Kubernetes job, tagged with the tool version as the Dockerfile says to build it', () => {
    expect(dockerfile).toMatch(new RegExp(`docker build (--build-arg .+ )?-t ledger-conformance:${version.replaceAll('.', '\\.')} \\.`));
    const documents = parseAllDocuments(readFileSync('deploy/k8s/load-indexed-job.yaml', 'utf8')).map((document) => document.toJS());
    const images = documents
      .filter((document) => document?.kind === 'Job')
      .flatMap((job) => job.spec.template.spec.containers.map((container: { image: string }) => container.image));
    expect(images.length).toBe(2);
    expect(new Set(images)).toEqual(new Set([`ledger-conformance:${version}`]));
  });
});
