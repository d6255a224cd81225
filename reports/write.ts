/**
 * Writes the five reports of a run (junit.xml, report.json, summary.md, report.html, clauses.md) into one directory, and reads report.json back (for `replay`).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeReportHtml } from './html.js';
import { writeReportJson } from './json.js';
import { writeJUnit } from './junit.js';
import type { RunReport } from '../harness/runner/run-report.js';
import { writeClausesMarkdown, writeSummaryMarkdown } from './summary-md.js';
import { sealReport } from './digest.js';
import { withBattery } from './battery.js';
import { ToolError } from '../config/tool-errors.js';

const REPORT_FILES = {
  junit: 'junit.xml',
  json: 'report.json',
  summary: 'summary.md',
  html: 'report.html',
  clauses: 'clauses.md',
} as const;

/** Returns the absolute paths written, in the order junit.xml, report.json, summary.md, report.html, clauses.md. */
export async function writeReports(unsealed: RunReport, dir: string): Promise<{ files: string[]; report: RunReport }> {
  const directory = resolve(dir);
  await mkdir(directory, { recursive: true });
  // The report names where it is (printed `replay` hints read it) and carries the digest of its own content.
  const report = sealReport(withBattery({ ...unsealed, reportPath: join(directory, REPORT_FILES.json) }));
  const contents: [string, string][] = [
    [REPORT_FILES.junit, writeJUnit(report)],
    [REPORT_FILES.json, writeReportJson(report)],
    [REPORT_FILES.summary, writeSummaryMarkdown(report)],
    [REPORT_FILES.html, writeReportHtml(report)],
    [REPORT_FILES.clauses, writeClausesMarkdown(report)],
  ];
  const files = await Promise.all(contents.map(([name, text]) => writeAtomically(join(directory, name), text)));
  return { files, report };
}

/** A reader never sees half a file: the text goes to a temporary name in the same directory, then is renamed. */
async function writeAtomically(path: string, text: string): Promise<string> {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return path;
}

export class ReportReadError extends ToolError {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super('REPORT_UNREADABLE', `cannot read the conformance report ${path}: ${problem}`);
  }
}

export function readReport(path: string): RunReport {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ReportReadError(
      path,
      missing
        ? 'the file does not exist (run `ledger-conformance run` first, or point --report at the report.json of an earlier run)'
        : (error as Error).message,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ReportReadError(
      path,
      `it is not valid JSON (${(error as Error).message}); rerun \`ledger-conformance run\` to write it again`,
    );
  }
  const problem = shapeProblem(parsed);
  if (problem !== undefined) {
    throw new ReportReadError(
      path,
      `it is not a ledger-conformance report.json (${problem}); rerun \`ledger-conformance run\` to write it again`,
    );
  }
  return parsed as RunReport;
}

/** Checks the fields `replay` relies on; the rest is trusted as written by `writeReports`. */
function shapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the top level is not an object';
  const report = value as Record<string, unknown>;
  if (!Array.isArray(report.tests)) return '`tests` is not an array';
  if (!Array.isArray(report.clauses)) return '`clauses` is not an array';
  if (report.profile !== 'spec' && report.profile !== 'canton') return '`profile` is neither "spec" nor "canton"';
  if (typeof report.seed !== 'number') return '`seed` is not a number';
  if (typeof report.target !== 'object' || report.target === null) return '`target` is missing';
  const badTest = report.tests.findIndex(
    (test: unknown) => typeof test !== 'object' || test === null || typeof (test as { id?: unknown }).id !== 'string',
  );
  if (badTest >= 0) return `tests[${badTest}] has no string \`id\``;
  return undefined;
}
