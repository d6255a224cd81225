/**
 * The end of a run or a merge: write the result file, judge it against the thresholds and the
 * baseline, and say so in the console summary.
 */
import { compareWithBaseline, formatBaselineComparison, type BaselineComparison } from './baseline.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { evaluateThresholds, type GateResult, type Threshold } from './gate.js';
import { explainWriteError } from './preflight.js';
import { companionPaths, renderLoadReport, seriesCsv } from './report-html.js';
import { formatMicros, formatSummary, wasMeasured, writeLoadResult, type LoadResult } from './result.js';
import { stageFigures } from './series.js';

export interface LoadRunOutcome {
  result: LoadResult;
  /** Where the result was written: the path asked for, or the fallback when that write failed. */
  resultFile: string;
  /** Set when the result could not be written where asked and went to `resultFile` instead. */
  writeFailure?: { requested: string; reason: string };
  /** The HTML report and the CSV of the per-second series beside the result. */
  reportFile?: string;
  seriesFile?: string;
  /**
   * Threshold verdicts; `gate.passed` false → the CLI's "threshold broken" exit code. A run aborted
   * before measuring has no verdicts and does not pass (there is nothing to judge).
   */
  gate: GateResult;
  /** Present with a baseline; verdict "regression" → the CLI's "regression" exit code. */
  baseline?: BaselineComparison;
  /** The console summary: figures, threshold verdicts, baseline comparison, where the file went. */
  summary: string;
  /** False when a threshold failed or the baseline comparison says "regression". */
  passed: boolean;
}

export async function concludeRun(
  result: LoadResult,
  resultFile: string,
  thresholds: readonly Threshold[],
  baseline: { result: LoadResult; tolerance: number } | undefined,
): Promise<LoadRunOutcome> {
  const written = await writeResultSafely(resultFile, result);
  const measured = wasMeasured(result);
  // Zero counts judged as figures would pass "p99 < 250ms" and say "regression" to a baseline: both lies.
  const gate: GateResult = measured ? evaluateThresholds(result, thresholds) : { passed: false, verdicts: [] };
  const comparison = baseline && measured ? compareWithBaseline(result, baseline.result, baseline.tolerance) : undefined;
  const companions = await writeCompanions(
    written.path,
    result,
    gate,
    baseline && { result: baseline.result, ...(comparison ? { comparison } : {}) },
  );
  const summary = [
    formatSummary(result),
    ...stageLines(result),
    ...scenarioLines(result),
    ...(measured ? [] : ['  thresholds and baseline not evaluated: nothing was measured']),
    ...gate.verdicts.map((verdict) => `  threshold ${verdict.description}`),
    ...(comparison ? [formatBaselineComparison(comparison)] : []),
    ...(written.failure
      ? [`  could not write the result to ${resultFile} (${written.failure}); it was written to ${written.path} instead`]
      : [`  result written to ${written.path}`]),
    ...(companions.html ? [`  report ${companions.html}, per-second series ${companions.csv}`] : []),
    ...(companions.failure ? [`  could not write the HTML report or CSV: ${companions.failure}`] : []),
  ].join('\n');
  return {
    result,
    resultFile: written.path,
    ...(written.failure ? { writeFailure: { requested: resultFile, reason: written.failure } } : {}),
    ...(companions.html ? { reportFile: companions.html, seriesFile: companions.csv } : {}),
    gate,
    ...(comparison ? { baseline: comparison } : {}),
    summary,
    passed: gate.passed && comparison?.verdict !== 'regression',
  };
}

/**
 * Writes the result where asked; when that fails (disk full, folder removed during the run), to a
 * fallback file in the system's temporary folder, so a measurement is never lost to a write error.
 */
async function writeResultSafely(path: string, result: LoadResult): Promise<{ path: string; failure?: string }> {
  try {
    await writeLoadResult(path, result);
    return { path };
  } catch (error) {
    const failure = explainWriteError(error);
    const fallback = join(tmpdir(), `ledger-conformance-load-${Date.now()}-${basename(path).replace(/\.json$/i, '')}.json`);
    await writeLoadResult(fallback, result);
    return { path: fallback, failure };
  }
}

async function writeCompanions(
  resultPath: string,
  result: LoadResult,
  gate: GateResult,
  baseline: { result: LoadResult; comparison?: BaselineComparison } | undefined,
): Promise<{ html?: string; csv?: string; failure?: string }> {
  const { html, csv } = companionPaths(resultPath);
  try {
    await mkdir(dirname(html), { recursive: true });
    await writeFile(html, renderLoadReport(result, { gate, ...(baseline ? { baseline } : {}) }));
    await writeFile(csv, seriesCsv(result));
    return { html, csv };
  } catch (error) {
    return { failure: (error as Error).message };
  }
}

/** Per-scenario figures of mixed for the console. */
function scenarioLines(result: LoadResult): string[] {
  const scenarios = Object.entries(result.scenarios ?? {});
  if (scenarios.length === 0) return [];
  return [
    '  per scenario:',
    ...scenarios.map(
      ([name, figures]) =>
        `    ${name.padEnd(18)} ${figures.rps.toFixed(1)} ok/s, ${figures.requests.ok} ok, ${figures.requests.errors} errors, p50 ${formatMicros(figures.latencyUs.p50)} p95 ${formatMicros(figures.latencyUs.p95 ?? 0)} p99 ${formatMicros(figures.latencyUs.p99)}`,
    ),
  ];
}

/** Per-stage figures of a ramp for the console. */
function stageLines(result: LoadResult): string[] {
  const stages = stageFigures(result);
  if (stages.length === 0 || !wasMeasured(result)) return [];
  return [
    '  stages (a second counts in the stage it starts in):',
    ...stages.map((figures) => {
      const latency = figures.histogram;
      const at = (percentile: number) => (latency && latency.totalCount ? formatMicros(latency.getValueAtPercentile(percentile)) : '-');
      return `    stage ${figures.stage.index} ${figures.stage.fromSecond}–${figures.stage.toSecond} s, planned ${figures.stage.fromRate}→${figures.stage.toRate} req/s: ${figures.rps.toFixed(1)} ok/s, ${figures.ok} ok, ${figures.errors} errors, p50 ${at(50)} p95 ${at(95)} p99 ${at(99)}`;
    }),
  ];
}
