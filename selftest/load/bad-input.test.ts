/**
 * Bad input found before any load is sent, with its exit code and message: an unwritable result path, a
 * partial result as the baseline, a baseline of another scenario or model; and a result whose final
 * write fails goes to a fallback file that is printed. The CLI's load command runs in this process: each
 * case stops before the target is started.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCommand } from '../../cli/commands/load.js';
import { concludeRun } from '../../load/conclude.js';
import { ResultPathError } from '../../load/preflight.js';
import { runLoad } from '../../load/run.js';
import type { LoadResult } from '../../load/result.js';
import { craftedRun, flat } from './crafted.js';
import { referenceConfig } from './support.js';

let dir: string;
/** A regular file: any path below it cannot be written, even by root. */
let notAFolder: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'load-bad-input-'));
  notAFolder = join(dir, 'a-file');
  await writeFile(notAFolder, 'not a folder');
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `ledger-conformance load <scenario> ...` in this process; returns its exit code and what it wrote. */
async function load(scenario: string, flags: Record<string, unknown>): Promise<{ code: number; stderr: string; stdout: string }> {
  let stderr = '';
  let stdout = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const code = await loadCommand(scenario, { model: 'closed', duration: 1, warmup: 0, ...flags });
  vi.restoreAllMocks();
  return { code, stderr, stdout };
}

async function storedBaseline(name: string, result: LoadResult): Promise<string> {
  const path = join(dir, `${name}.json`);
  await writeFile(path, JSON.stringify(result));
  return path;
}

describe('bad input is refused before any load is sent', () => {
  it('an unwritable --result path: exit 2, naming the path, before the run', async () => {
    const path = join(notAFolder, 'result.json');
    const { code, stderr, stdout } = await load('readyz', { result: path });
    expect(code).toBe(2);
    expect(stderr).toContain(
      `error: cannot write the load result to ${path} (ENOTDIR: a part of its folder path is a file); nothing was sent; choose another --result path`,
    );
    expect(stdout).not.toContain('preparing against');
  });

  it('an unwritable load.resultDir of the config is a configuration error', async () => {
    const config = await referenceConfig(join(notAFolder, 'results'));
    await expect(runLoad({ config, scenario: 'readyz', model: 'closed', durationSeconds: 1, progress: false })).rejects.toThrow(
      ResultPathError,
    );
    await expect(runLoad({ config, scenario: 'readyz', model: 'closed', durationSeconds: 1, progress: false })).rejects.toMatchObject({
      source: 'load.resultDir',
      message: expect.stringMatching(/set load\.resultDir in the config to a writable folder/),
    });
  });

  it('a result stopped with Ctrl-C is refused as a baseline, with the reason: exit 2', async () => {
    const aborted = craftedRun({ secondsUs: flat(4, 1_000) });
    aborted.meta = { ...aborted.meta, aborted: true, abortedDuring: 'measuring' };
    const baseline = await storedBaseline('aborted', aborted);
    const { code, stderr } = await load('readyz', { baseline, result: join(dir, 'r1.json') });
    expect(code).toBe(2);
    expect(stderr).toContain(
      `error: baseline ${baseline} is a partial result: it was stopped (Ctrl-C) during measuring, after 4.0 s measured; a baseline must be a whole run, record it again`,
    );
  });

  it('a result that stopped early is refused as a baseline: exit 2', async () => {
    const early = craftedRun({ secondsUs: flat(2, 1_000) });
    early.meta = { ...early.meta, settings: { ...early.meta.settings, durationSeconds: 10 } };
    const baseline = await storedBaseline('early', early);
    const { code, stderr } = await load('readyz', { baseline, result: join(dir, 'r2.json') });
    expect(code).toBe(2);
    expect(stderr).toContain('is a partial result: it stopped early: 2.0 s measured of the 10 s planned');
  });

  it('a baseline of another scenario or model is a configuration error: exit 3', async () => {
    const other = await storedBaseline('other-scenario', craftedRun({ secondsUs: flat(5, 1_000) }, { scenario: 'submit-and-wait' }));
    const scenario = await load('readyz', { baseline: other, result: join(dir, 'r3.json') });
    expect(scenario.code).toBe(3);
    expect(scenario.stderr).toContain(
      `error: baseline ${other} measured scenario submit-and-wait (this run: readyz): a comparison would say nothing`,
    );
    const open = await storedBaseline('other-model', craftedRun({ secondsUs: flat(5, 1_000) }, { model: 'open', rate: 50 }));
    const model = await load('readyz', { baseline: open, result: join(dir, 'r4.json') });
    expect(model.code).toBe(3);
    expect(model.stderr).toContain('measured the open model (this run: closed)');
  });

  it('a scoped threshold naming a stage the run does not have: exit 2', async () => {
    const { code, stderr } = await load('readyz', { threshold: ['p95{stage:2} < 1s'], result: join(dir, 'r5.json') });
    expect(code).toBe(2);
    expect(stderr).toContain('threshold "p95{stage:2} < 1s" names stage 2, but the run has no stages');
  });
});

describe('no measurement is lost to a write error', () => {
  it('a failing final write goes to a fallback file, which the summary names', async () => {
    const result = craftedRun({ secondsUs: flat(3, 1_000) });
    const requested = join(notAFolder, 'late', 'result.json');
    const outcome = await concludeRun(result, requested, [], undefined);
    expect(outcome.writeFailure).toEqual({ requested, reason: 'ENOTDIR: a part of its folder path is a file' });
    expect(outcome.resultFile).toMatch(new RegExp(`^${tmpdir()}/ledger-conformance-load-\\d+-result\\.json$`));
    expect(outcome.summary).toContain(
      `could not write the result to ${requested} (ENOTDIR: a part of its folder path is a file); it was written to ${outcome.resultFile} instead`,
    );
    expect(JSON.parse(await readFile(outcome.resultFile, 'utf8'))).toMatchObject({ requests: { ok: result.requests.ok } });
    expect(outcome.reportFile).toBe(outcome.resultFile.replace(/\.json$/, '.report.html'));
    expect(outcome.passed).toBe(true);
  });
});
