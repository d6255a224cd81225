/**
 * The end of a run or a merge: write the result file, judge it against the thresholds and the
 * baseline, and say so in the console summary.
 */
import { compareWithBaseline, formatBaselineComparison, type BaselineComparison } from './baseline.js';
import { evaluateThresholds, type GateResult, type Threshold } from './gate.js';
import { formatSummary, writeLoadResult, type LoadResult } from './result.js';

export interface LoadRunOutcome {
  result: LoadResult;
  resultFile: string;
  /** Threshold verdicts; `gate.passed` false → the CLI's "threshold broken" exit code. */
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
  const gate = evaluateThresholds(result, thresholds);
  const comparison = baseline ? compareWithBaseline(result, baseline.result, baseline.tolerance) : undefined;
  const summary = [
    formatSummary(result),
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
