/**
 * `--shard i/n`: one n-th of the load, so n processes (or pods) together produce the whole of it.
 * Shard indexes are 0-based, like a Kubernetes Indexed Job's JOB_COMPLETION_INDEX.
 */
import type { RampStage, ShardSpec } from './result.js';
import { ToolError } from '../config/tool-errors.js';

export class ShardSpecError extends ToolError {
  constructor(message: string) {
    super('LOAD_SHARD_INVALID', message);
  }
}

export function parseShard(text: string): ShardSpec {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = match ? Number(match[1]) : Number.NaN;
  const count = match ? Number(match[2]) : Number.NaN;
  if (!match || count < 1 || index >= count) {
    throw new ShardSpecError(
      `--shard "${text}" is not "i/n" with 0 ≤ i < n (0-based, e.g. --shard 0/4 … 3/4, or --shard $JOB_COMPLETION_INDEX/4)`,
    );
  }
  return { index, count };
}

/** This shard's part of a whole count; the parts of all shards add up to exactly `total`. */
export function shareOf(total: number, shard: ShardSpec | undefined): number {
  if (!shard) return total;
  return Math.floor(total / shard.count) + (shard.index < total % shard.count ? 1 : 0);
}

export function rateShare(rate: number, shard: ShardSpec | undefined): number {
  return shard ? rate / shard.count : rate;
}

export function stagesShare(stages: RampStage[], shard: ShardSpec | undefined): RampStage[] {
  return stages.map((stage) => ({ durationSeconds: stage.durationSeconds, targetRate: rateShare(stage.targetRate, shard) }));
}
