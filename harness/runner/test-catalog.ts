/**
 * The catalog of the suite files' tests (id, suite, endpoint, clauses, file), whatever a run selects: a run with
 * `--include`, `--exclude`, `replay` or the spec profile loads only the files that hold a test it registers, and
 * `run --list` reads its list from it, instead of every suite worker loading every suite file to find out.
 *
 * Collecting it means loading every suite file once (a few CPU-seconds), so it is kept on disk, named by a digest
 * of the tool's own files: a catalog is never read for other sources than those it was collected from (an edited
 * suite, another clone, another version each get their own). The folder is the user's own under the OS temp dir,
 * written by rename (two runs collecting at once both write whole files); a folder another user owns is not read,
 * and a catalog that cannot be read or written is collected again, never an error.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { clause, type ClauseId } from '../../specification/clauses.js';
import type { EndpointName } from '../../specification/endpoints.js';
import { registeredBy, type RunSelection } from '../library/selection.js';

export interface CatalogTest {
  id: string;
  name: string;
  suite: string;
  endpoint: EndpointName;
  clauses: ClauseId[];
  /** The suite file that defines it, relative to the repository. */
  file: string;
}

/** Folders whose files cannot change which tests the suite files register. */
const NOT_SOURCES = new Set([
  'node_modules',
  '.git',
  'selftest',
  'out',
  'reports',
  'docs',
  'bench',
  'scripts',
  'deploy',
  'toolchain',
  'build',
]);
const SOURCE_FILE = /\.(ts|mts|js|mjs|json|yaml|yml|dar)$/;

/** A digest of the tool's files that the suite files' tests derive from (code, schemas, config, the suite's DARs). */
export function sourceDigest(root: string): string {
  const hash = createHash('sha256');
  const visit = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_SOURCES.has(entry.name)) visit(path);
      } else if (entry.isFile() && SOURCE_FILE.test(entry.name)) {
        hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
      }
    }
  };
  visit(root);
  return hash.digest('hex').slice(0, 32);
}

function catalogFolder(): string {
  return join(tmpdir(), `ledger-conformance-catalog-${process.getuid?.() ?? 'user'}`);
}

/** The catalog collected from these very sources, or undefined when there is none this user can trust. */
export function readCatalog(digest: string): CatalogTest[] | undefined {
  const folder = catalogFolder();
  try {
    if (process.getuid !== undefined && statSync(folder).uid !== process.getuid()) return undefined;
    return JSON.parse(readFileSync(join(folder, `${digest}.json`), 'utf8')) as CatalogTest[];
  } catch {
    return undefined;
  }
}

/** Keeps the catalog for the next run of the same sources (quietly not, when the folder is not writable). */
export function writeCatalog(digest: string, catalog: readonly CatalogTest[]): void {
  const folder = catalogFolder();
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (process.getuid !== undefined && statSync(folder).uid !== process.getuid()) return;
    const temporary = join(folder, `${digest}.json.${process.pid}`);
    writeFileSync(temporary, JSON.stringify(catalog));
    renameSync(temporary, join(folder, `${digest}.json`));
  } catch {
    // A run without a kept catalog collects it again next time; nothing else depends on it.
  }
}

/** The catalog's tests a run with `selection` registers (the rule `conformanceTest` applies), sorted by id. */
export function testsRegisteredBy(catalog: readonly CatalogTest[], selection: RunSelection): CatalogTest[] {
  return catalog
    .filter((test) => registeredBy(selection, { ...test, cantonOnly: test.clauses.every((id) => clause(id).level === 'canton') }))
    .sort((a, b) => a.id.localeCompare(b.id));
}
