/**
 * Runs started at the same moment from two clones on one machine do not break each other, and leave nothing behind
 * outside their report folders.
 *
 * The two copies of the checkout differ in their install's lockfile (`node_modules/.package-lock.json`), as two clones
 * installed at different times do: vitest empties its whole module cache folder when it finds another lockfile's
 * hash there, so with one cache folder per machine (`<tmp>/ledger-conformance-vitest-cache`, before) one run deleted
 * the transformed suite files the other was loading ("the suite file did not load: ENOENT"). Each run now keeps its
 * caches in a folder of its own process (harness/runner/module-cache.ts), removed when it exits. Both runs load every
 * suite file (the CLI loads them all; `--include` narrows the tests, not the files) in one shared TMPDIR, which must be
 * left without a `ledger-conformance-*` entry.
 */
import { execFile } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../harness/runner/run-report.js';

const execute = promisify(execFile);
const root = process.cwd();

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** A copy of the checkout's tracked files; its node_modules holds links to the install's packages. */
async function copyCheckout(into: string, lockfileNote: string): Promise<void> {
  const { stdout } = await execute('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 1 << 24 });
  for (const file of stdout.split('\n').filter((line) => line !== '' && !line.startsWith('out/'))) {
    mkdirSync(dirname(join(into, file)), { recursive: true });
    try {
      copyFileSync(join(root, file), join(into, file));
    } catch {
      // a file deleted in the work tree but still in the index
    }
  }
  const modules = realpathSync(join(root, 'node_modules'));
  mkdirSync(join(into, 'node_modules'));
  for (const entry of readdirSync(modules)) {
    if (entry === '.package-lock.json' || entry === '.vite' || entry === '.experimental-vitest-cache') continue;
    symlinkSync(join(modules, entry), join(into, 'node_modules', entry));
  }
  // The install's own lockfile, different in each copy: two clones installed apart.
  copyFileSync(join(modules, '.package-lock.json'), join(into, 'node_modules', '.package-lock.json'));
  appendFileSync(join(into, 'node_modules', '.package-lock.json'), `\n${lockfileNote}\n`);
}

async function runIn(copy: string, reportDir: string, temp: string): Promise<Outcome> {
  const args = [join(copy, 'bin/ledger-conformance.mjs'), 'run', '--profile', 'canton', '--include', 'version', '--report-dir', reportDir];
  try {
    const { stdout, stderr } = await execute(process.execPath, args, {
      cwd: copy,
      env: { ...process.env, TMPDIR: temp },
      timeout: 240_000,
      maxBuffer: 1 << 26,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('two runs at once from two clones', () => {
  const work = mkdtempSync(join(tmpdir(), 'concurrent-runs-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('both load every suite file (collecting the test catalog) and pass, with no suite error, and leave no shared state in the temp folder', async () => {
    const copies = [join(work, 'clone-a'), join(work, 'clone-b')];
    await Promise.all(copies.map((copy, index) => copyCheckout(copy, `installed apart ${index}`)));
    // One temp folder for both, as on one machine: what the runs leave in it is seen.
    const temp = join(work, 'tmp');
    mkdirSync(temp);
    const reportDirs = copies.map((copy) => join(copy, 'out', 'conformance'));
    const outcomes = await Promise.all(copies.map((copy, index) => runIn(copy, reportDirs[index]!, temp)));

    for (const [index, outcome] of outcomes.entries()) {
      // --include narrows the run: incomplete, exit 0 (nothing failed, no suite error).
      expect(outcome.code, `clone ${index}: ${outcome.stdout}\n${outcome.stderr}`).toBe(0);
      const report = JSON.parse(readFileSync(join(reportDirs[index]!, 'report.json'), 'utf8')) as RunReport;
      expect(report.totals.errors, outcome.stdout).toBe(0);
      expect(report.totals.passed).toBeGreaterThan(0);
      expect(report.tests.filter((test) => test.outcome === 'error').map((test) => test.failure?.message)).toEqual([]);
      expect(outcome.stdout).not.toContain('did not load');
    }
    // Nothing of the runs is left outside their report folders but content-addressed caches: tsx's transforms, and the
    // catalog of the suite files' tests (harness/runner/test-catalog.ts), which both runs collected on this empty temp
    // folder by loading every suite file, one catalog file per source digest.
    const left = readdirSync(temp).filter((entry) => entry.startsWith('ledger-conformance'));
    expect(left).toEqual([`ledger-conformance-catalog-${process.getuid?.() ?? 'user'}`]);
    const catalogs = readdirSync(join(temp, left[0]!));
    expect(catalogs.length).toBeGreaterThan(0);
    expect(
      catalogs.every((name) => /^[0-9a-f]{32}\.json$/.test(name)),
      catalogs.join(', '),
    ).toBe(true);
  }, 300_000);
});
