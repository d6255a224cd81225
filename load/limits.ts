/**
 * Safety bounds of a load run. Every run stops by itself: it is bounded by a duration and a request
 * count, whatever was asked; values beyond these caps are refused rather than silently clipped.
 */
import { ToolError } from '../config/tool-errors.js';

export const loadLimits = {
  maxDurationSeconds: 3_600,
  maxWarmupSeconds: 300,
  maxRequests: 10_000_000,
  maxConnections: 1_024,
  maxPipelining: 64,
  maxRate: 100_000,
  maxInFlight: 10_000,
  /** Open-model sending threads per process. */
  maxWorkers: 256,
  maxTimeoutSeconds: 300,
  /** Measured runs of one `--repeat`. */
  maxRepeat: 20,
  /** Requests a scenario's setup (seeding, not measured) keeps in flight at once. */
  maxSetupConcurrency: 16,
} as const;

export const loadDefaults = {
  durationSeconds: 10,
  warmupSeconds: 1,
  connections: 16,
  pipelining: 1,
  timeoutSeconds: 10,
  maxInFlight: 1_000,
  lateThresholdMs: 10,
} as const;

export class LoadOptionError extends ToolError {
  constructor(message: string) {
    super('LOAD_OPTION_INVALID', message);
  }
}

/** `value` if it is a number in [min, max]; otherwise a LoadOptionError naming the option and the range. */
export function bounded(option: string, value: number, min: number, max: number): number {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new LoadOptionError(`${option} = ${value} is out of range: use a value from ${min} to ${max} (a safety cap of the load harness)`);
  }
  return value;
}
