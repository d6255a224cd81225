import { loadConfig } from '../../config/load.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError, reportError } from '../report-error.js';
import type { LoadFlags } from '../flags.js';
import type { LoadRunOutcome } from '../../load/run.js';

/** A result that went to the fallback path is said on stderr too, where CI logs look for errors. */
function reportWriteFailure(outcome: LoadRunOutcome): void {
  if (outcome.writeFailure) {
    process.stderr.write(
      `warning: could not write the load result to ${outcome.writeFailure.requested} (${outcome.writeFailure.reason}); it was saved to ${outcome.resultFile}\n`,
    );
  }
}

function exitCodeOf(outcome: LoadRunOutcome, interrupted: boolean): number {
  if (interrupted) return ExitCode.interrupted;
  if (!outcome.gate.passed) return ExitCode.thresholdBroken;
  if (outcome.baseline?.verdict === 'regression') return ExitCode.regression;
  return ExitCode.ok;
}

export async function loadCommand(
  scenarioName: string | undefined,
  options: LoadFlags & { config?: string; target?: string },
): Promise<number> {
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (): void => {
    interrupts++;
    if (interrupts > 1) process.exit(ExitCode.interrupted);
    process.stderr.write('\ninterrupted: stopping the load and writing the partial result (Ctrl-C again to quit at once)\n');
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
    const config = await loadConfig({
      ...(options.config ? { configPath: options.config } : {}),
      overrides: options.target ? { target: options.target } : {},
    });
    const { parseShard } = await import('../../load/shard.js');
    const { parseStages } = await import('../../load/schedule.js');
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
      ...(options.workers !== undefined ? { workers: options.workers } : {}),
      ...(options.warmup !== undefined ? { warmupSeconds: options.warmup } : {}),
      ...(options.shard !== undefined ? { shard: parseShard(options.shard) } : {}),
      ...(options.result !== undefined ? { resultFile: options.result } : {}),
      ...(options.baseline !== undefined ? { baseline: options.baseline } : {}),
      ...(options.threshold !== undefined ? { thresholds: options.threshold } : {}),
      ...(options.repeat !== undefined ? { repeat: options.repeat } : {}),
      signal: controller.signal,
    });
    process.stdout.write(`${outcome.summary}\nresult: ${outcome.resultFile}\n`);
    reportWriteFailure(outcome);
    return exitCodeOf(outcome, controller.signal.aborted);
  } catch (error) {
    return reportError(error);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export async function mergeCommand(
  files: string[],
  options: { result: string; threshold?: string[]; baseline?: string; config?: string },
): Promise<number> {
  try {
    const config = await loadConfig(options.config ? { configPath: options.config } : {});
    const { mergeResultFiles } = await import('../../load/merge.js');
    const outcome = await mergeResultFiles({
      files,
      resultFile: options.result,
      thresholds: options.threshold ?? config.load.thresholds,
      ...(options.baseline !== undefined ? { baseline: options.baseline } : {}),
      baselineTolerance: config.load.baselineTolerance,
    });
    process.stdout.write(`${outcome.summary}\nmerged ${files.length} result files into ${outcome.resultFile}\n`);
    reportWriteFailure(outcome);
    return exitCodeOf(outcome, false);
  } catch (error) {
    return reportError(error);
  }
}
