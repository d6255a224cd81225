/**
 * The digest of a whole report: sha256 of report.json's canonical JSON (object keys sorted) without the
 * `digest` field itself. `ledger-conformance report verify FILE` recomputes it, so anyone holding a report can
 * tell it was not edited after the run (it proves integrity, not authorship: it is not a signature).
 */
import { readFileSync } from 'node:fs';
import { digestOf } from '../harness/runner/certificate.js';
import type { RunReport } from '../harness/runner/run-report.js';
import { jsonText } from './format.js';

/** The digest a report should carry: computed over the JSON as written (bigints as strings, undefined dropped). */
export function reportDigest(report: RunReport): string {
  const { digest: _digest, ...rest } = JSON.parse(jsonText(report)) as RunReport;
  return digestOf(rest);
}

/** The report with its digest set (the caller writes it). */
export function sealReport(report: RunReport): RunReport {
  const { digest: _old, ...rest } = report;
  return { ...rest, digest: reportDigest(rest as RunReport) };
}

/**
 * `unreadable`: no report could be read to check (missing, not a file, not JSON, no digest): `report verify` exits 2,
 * as for any unreadable report; `edited`: its content does not match its digest (exit 1).
 */
export type Verification = { ok: true; digest: string } | { ok: false; kind: 'unreadable' | 'edited'; problem: string };

export function verifyReportText(text: string): Verification {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, kind: 'unreadable', problem: `it is not valid JSON (${(error as Error).message})` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, kind: 'unreadable', problem: 'it is not a report object' };
  const recorded = (parsed as { digest?: unknown }).digest;
  if (typeof recorded !== 'string')
    return { ok: false, kind: 'unreadable', problem: 'it carries no digest (written by an older ledger-conformance?)' };
  const { digest: _digest, ...rest } = parsed as Record<string, unknown>;
  const actual = digestOf(rest);
  if (actual !== recorded) {
    return {
      ok: false,
      kind: 'edited',
      problem: `its content does not match its digest (recorded ${recorded}, content ${actual}): it was edited after the run`,
    };
  }
  return { ok: true, digest: actual };
}

export function verifyReportFile(path: string): Verification {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      ok: false,
      kind: 'unreadable',
      problem: missing
        ? 'the file does not exist (name the report.json a run wrote, e.g. out/conformance/report.json)'
        : `cannot read it (${(error as Error).message})`,
    };
  }
  return verifyReportText(text);
}
