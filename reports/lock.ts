/**
 * One report folder, one run: a run takes `<report-dir>/.ledger-conformance.lock` (its pid, host and start
 * time) before it starts and gives it back when its reports are written. A second run into the same folder is
 * refused with who holds it. A lock whose process is gone (killed, machine rebooted) is stale and taken over,
 * saying so.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { ToolError } from '../config/tool-errors.js';

export const LOCK_FILE = '.ledger-conformance.lock';

export class ReportDirectoryInUseError extends ToolError {
  constructor(message: string) {
    super('REPORT_DIR_IN_USE', message);
  }
}

interface LockContent {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
}

export interface ReportLock {
  path: string;
  /** Set when a stale lock was taken over: what it said. */
  tookOverStale?: string;
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockContent | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return undefined;
    return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? '?'), command: String(parsed.command ?? '?') };
  } catch {
    return undefined;
  }
}

/** Takes the folder's lock or throws ReportDirectoryInUseError; the directory must exist. */
export function lockReportDirectory(directory: string, command = process.argv.slice(2).join(' ')): ReportLock {
  const path = join(resolve(directory), LOCK_FILE);
  const content: LockContent = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), command };
  let tookOverStale: string | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const descriptor = openSync(path, 'wx');
      writeSync(descriptor, `${JSON.stringify(content)}\n`);
      closeSync(descriptor);
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
      };
      // Also when the process ends before the run gives it back (a second Ctrl-C exits at once).
      process.on('exit', release);
      return { path, ...(tookOverStale !== undefined ? { tookOverStale } : {}), release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(path);
    const sameHost = holder?.host === hostname();
    if (holder !== undefined && (!sameHost || alive(holder.pid))) {
      throw new ReportDirectoryInUseError(
        `the report folder ${resolve(directory)} is in use by another run (pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}: ` +
          `${holder.command}). Wait for it to finish, or choose another folder with --report-dir` +
          (sameHost ? '' : `; if that run is gone, delete ${path}`) +
          '.',
      );
    }
    // The holder is gone (or the file is unreadable): a stale lock.
    tookOverStale =
      holder === undefined
        ? 'an unreadable lock file'
        : `a lock of pid ${holder.pid} (started ${holder.startedAt}), which is no longer running`;
    rmSync(path, { force: true });
  }
  throw new ReportDirectoryInUseError(
    `the report folder ${resolve(directory)} is being locked by another run at the same moment; try again`,
  );
}
