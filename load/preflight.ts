/**
 * Bad input found before any load is sent: a result path that cannot be written, a baseline that is a
 * partial measurement or one of another scenario or load model.
 */
import { constants } from 'node:fs';
import { access, mkdir, open, stat, unlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { LoadModel, LoadResult } from './result.js';
import { ToolError } from '../config/tool-errors.js';

/** The result file cannot be written: said before the run, so no measurement is lost to it. */
export class ResultPathError extends ToolError {
  /** Where the path came from: a flag (`LOAD_RESULT_PATH`, exit 2) or the config's `load.resultDir` (`LOAD_RESULT_DIR`, exit 3). */
  constructor(
    message: string,
    readonly source: '--result' | 'load.resultDir',
  ) {
    super(source === '--result' ? 'LOAD_RESULT_PATH' : 'LOAD_RESULT_DIR', message);
  }
}

/** A baseline of another scenario or load model: comparing the two would be meaningless (exit 3). */
export class BaselineMismatchError extends ToolError {
  constructor(message: string) {
    super('LOAD_BASELINE_MISMATCH', message);
  }
}

/**
 * Checks that `path` can be written, creating its folder as the final write would, and leaves no file
 * behind that was not there before.
 */
export async function checkResultPathWritable(path: string, source: '--result' | 'load.resultDir'): Promise<void> {
  const fix =
    source === '--result' ? 'choose another --result path' : 'set load.resultDir in the config to a writable folder (or pass --result)';
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory())
    throw new ResultPathError(`cannot write the load result to ${resolve(path)}: it is a directory; ${fix}`, source);
  try {
    await mkdir(dirname(path), { recursive: true });
    if (existing) {
      await access(path, constants.W_OK);
    } else {
      const handle = await open(path, 'wx');
      await handle.close();
      await unlink(path);
    }
  } catch (error) {
    const reason = explainWriteError(error);
    throw new ResultPathError(`cannot write the load result to ${resolve(path)} (${reason}); nothing was sent; ${fix}`, source);
  }
}

/**
 * Why a result is no whole measurement (undefined when it is one): stopped with Ctrl-C, or ended before
 * its planned duration without reaching its request count.
 */
export function partialReason(result: LoadResult): string | undefined {
  const { meta } = result;
  if (meta.aborted) {
    return `it was stopped (Ctrl-C) during ${meta.abortedDuring ?? 'measuring'}, after ${meta.measuredSeconds.toFixed(1)} s measured`;
  }
  const planned = meta.settings.durationSeconds * (meta.settings.repeat ?? 1);
  const stoppedAtCap = result.requests.sent >= meta.settings.maxRequests * (meta.settings.repeat ?? 1);
  if (!stoppedAtCap && meta.measuredSeconds < planned * 0.9 - 0.05) {
    return `it stopped early: ${meta.measuredSeconds.toFixed(1)} s measured of the ${planned} s planned`;
  }
  return undefined;
}

/** The baseline must measure what this run measures: the same scenario and load model. */
export function checkBaselineFits(baseline: LoadResult, path: string, run: { scenario: string; model: LoadModel }): void {
  const differences = [
    baseline.meta.scenario !== run.scenario && `scenario ${baseline.meta.scenario} (this run: ${run.scenario})`,
    baseline.meta.model !== run.model && `the ${baseline.meta.model} model (this run: ${run.model})`,
  ].filter(Boolean);
  if (differences.length) {
    throw new BaselineMismatchError(
      `baseline ${path} measured ${differences.join(' and ')}: a comparison would say nothing; pass a baseline of the same scenario and model`,
    );
  }
}

const writeErrors: Record<string, string> = {
  ENOTDIR: 'a part of its folder path is a file',
  // mkdir -p over a file says EEXIST: the same mistake.
  EEXIST: 'a part of its folder path is a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
};

/** `ENOTDIR: a part of its folder path is a file`, or the error's own message. */
export function explainWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined) return (error as Error).message;
  const normalized = code === 'EEXIST' ? 'ENOTDIR' : code;
  return writeErrors[code] ? `${normalized}: ${writeErrors[code]}` : normalized;
}
