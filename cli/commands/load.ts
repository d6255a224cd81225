import { loadConfig } from '../../config/load.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError, reportError } from '../errors.js';
import type { LoadFlags } from '../main.js';

/** Load-harness errors are mistakes in the user's options: say them plainly, as usage errors. */
const loadUsageErrors = new Set(['LOAD_OPTION_INVALID', 'LOAD_SHARD_INVALID', 'LOAD_THRESHOLD_INVALID', 'LOAD_RESULT_INVALID', 'LOAD_MERGE_INVALID']);

function handle(error: unknown): number {
  const code = (error as { code?: string } | null)?.code;
  if (code !== undefined && (loadUsageErrors.has(code) || (error as Error).name.endsWith('ParseError') || (error as Error).name === 'MergeError')) {
    return reportError(new UsageError((error as Error).message));
  }
  if ((error as Error | null)?.name === 'ScenarioSetupError') {
    process.stderr.write(`error: ${(error as Error).message}\n`);
    return ExitCode.couldNotRun;
  }
  return reportError(error);
}

/** "10s:100,30s:500" (or "1m:50") → ramping stages. */
export function parseStages(text: string): { durationSeconds: number; targetRate: number }[] {
  return text.split(',').map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)(ms|s|m)?\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!match) throw new UsageError(`--stages: "${part}" is not DURATION:RATE (e.g. "10s:100,30s:500")`);
    const amount = Number(match[1]);
    const seconds = match[2] === 'm' ? amount * 60 : match[2] === 'ms' ? amount / 1000 : amount;
    return { durationSeconds: seconds, targetRate: Number(match[3]) };
  });
}

export async function loadCommand(scenarioName: string | undefined, options: LoadFlags & { config?: string; target?: string }): Promise<number> {
  const controller = new AbortController();
  const onSignal = (): void => {
    process.stderr.write('\ninterrupted: stopping the load and writing the partial result\n');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const { scenarios } = await import('../../load/scenarios/index.js');
    if (options.list || scenarioName === undefined) {
      for (const scenario of scenarios) process.stdout.write(`${scenario.name.padEnd(18)} ${scenario.description}\n`);
      if (scenarioName === undefined && !options.list) throw new UsageError('name a scenario: ledger-conformance load <scenario>');
      return ExitCode.ok;
    }
    const config = await loadConfig({ ...(options.config ? { configPath: options.config } : {}), overrides: options.target ? { target: options.target } : {} });
    const { parseShard } = await import('../../load/shard.js');
    const { runLoad } = await import('../../load/run.js');
    const outcome = await runLoad({
      config,
      scenario: scenarioName,
      model: options.model,
      ...(options.duration !== undefined ? { durationSeconds: options.duration } : {}),
      ...(options.requests !== undefined ? { requests: options.requests } : {}),
      ...(options.connections !== undefined ? { connections: options.connections } : {}),
      ...(options.pipelining !== undefined ? { pipelining: options.pipelining } : {}),
      ...(options.rate !== undefined ? { rate: options.rate } : {}),
      ...(options.stages !== undefined ? { stages: parseStages(options.stages) } : {}),
      ...(options.warmup !== undefined ? { warmupSeconds: options.warmup } : {}),
      ...(options.shard !== undefined ? { shard: parseShard(options.shard) } : {}),
      ...(options.out !== undefined ? { resultFile: options.out } : {}),
      ...(options.baseline !== undefined ? { baseline: options.baseline } : {}),
      ...(options.threshold !== undefined ? { thresholds: options.threshold } : {}),
      signal: controller.signal,
    });
    process.stdout.write(`${outcome.summary}\nresult: ${outcome.resultFile}\n`);
    if (controller.signal.aborted) return ExitCode.interrupted;
    if (!outcome.gate.passed) return ExitCode.thresholdBroken;
    if (outcome.baseline?.verdict === 'regression') return ExitCode.regression;
    return ExitCode.ok;
  } catch (error) {
    return handle(error);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export async function mergeCommand(files: string[], options: { out: string; threshold?: string[] }): Promise<number> {
  try {
    const { readLoadResult, writeLoadResult, formatSummary } = await import('../../load/result.js');
    const { mergeResults } = await import('../../load/merge.js');
    const { evaluateThresholds } = await import('../../load/gate.js');
    const results = await Promise.all(files.map((file) => readLoadResult(file)));
    const merged = mergeResults(results);
    await writeLoadResult(options.out, merged);
    process.stdout.write(`${formatSummary(merged)}\nmerged ${files.length} results into ${options.out}\n`);
    if (options.threshold && options.threshold.length > 0) {
      const gate = evaluateThresholds(merged, options.threshold);
      for (const verdict of gate.verdicts) process.stdout.write(`${verdict.passed ? 'PASS' : 'FAIL'} ${verdict.threshold.source}\n`);
      if (!gate.passed) return ExitCode.thresholdBroken;
    }
    return ExitCode.ok;
  } catch (error) {
    return handle(error);
  }
}
