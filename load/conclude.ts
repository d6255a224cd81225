/**
 * The end of a run or a merge: write the result file, judge it against the thresholds and the
 * baseline, and say so in the console summary.
 */
import { compareWithBaseline, formatBaselineComparison, type BaselineComparison } from './baseline.js';
import { evaluateThresholds, type GateResult, type Threshold } from './gate.js';
import { formatSummary, wasMeasured, writeLoadResult, type LoadResult } from './result.js';

export interface LoadRunOutcome {
  result: LoadResult;
  resultFile: string;
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
  await writeLoadResult(resultFile, result);
  const measured = wasMeasured(result);
  // Zero counts judged as figures would pass "p99 < 250ms" and say "regression" to a baseline: both lies.
  const gate: GateResult = measured ? evaluateThresholds(result, thresholds) : { passed: false, verdicts: [] };
  const comparison = baseline && measured ? compareWithBaseline(result, baseline.result, baseline.tolerance) : undefined;
  const summary = [
    formatSummary(result),
    ...(measured ? [] : ['  thresholds and baseline not evaluated: nothing was measured']),
    ...gate.verdicts.map((verdict) => `  threshold ${verdict.description}`),
    ...(comparison ? [formatBaselineComparison(comparison)] : []),
    `  result written to ${resultFile}`,
  ].join('\n');
  return {
    result,
    resultFile,
    gate,
    ...(comparison ? { baseline: comparison } : {}),
    summary,
    passed: gate.passed && comparison?.verdict !== 'regression',
  };
}
