/**
 * Where vitest keeps what it derives from the suite files (its transform cache, `experimental.fsModuleCache`, and its
 * results cache): a folder of this process's own, made on first use and removed when the process exits.
 *
 * Not one folder per machine: runs started at the same moment from two clones (or two CI jobs, two profiles side by
 * side) shared `<tmp>/ledger-conformance-vitest-cache`, and vitest empties its whole cache folder when it finds another
 * lockfile there, so one run deleted the files another was loading ("the suite file did not load: ENOENT"); a folder
 * made by one user is not writable by the next. The runs of one process (the self-tests' fault batch) still share it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const moduleCachePrefix = 'ledger-conformance-modules-';

let directory: string | undefined;

/** This process's cache folder, made on first call; removed at exit. */
export function suitesModuleCache(): string {
  if (directory === undefined) {
    const made = mkdtempSync(join(tmpdir(), moduleCachePrefix));
    directory = made;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  return directory;
}
