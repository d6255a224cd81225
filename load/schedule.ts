/**
 * The arrival schedule of the open model: when request i is planned, measured from the start of the
 * run. Times are absolute (derived from i alone), so a late send never shifts the ones after it.
 */
import type { RampStage } from './result.js';
import { ToolError } from '../config/tool-errors.js';

export interface ArrivalSchedule {
  /** What the schedule was built from: `rampingRate(plan.startRate, plan.stages)` builds it again (in a worker thread). */
  readonly plan: SchedulePlan;
  /** Number of requests the schedule plans in total. */
  readonly total: number;
  readonly durationSeconds: number;
  /** Planned send time of request i, ms since the start of the run. */
  plannedAtMs(i: number): number;
}

export interface SchedulePlan {
  startRate: number;
  stages: RampStage[];
}

/** `rate` req/s for `durationSeconds`. */
export function constantRate(rate: number, durationSeconds: number): ArrivalSchedule {
  return rampingRate(rate, [{ durationSeconds, targetRate: rate }]);
}

/**
 * Piecewise-linear arrival rate: each stage ramps from the previous rate (the first from `startRate`)
 * to its `targetRate`. Request n of a stage is planned where the integral of the rate reaches n.
 */
export function rampingRate(startRate: number, stages: RampStage[]): ArrivalSchedule {
  const segments: { startMs: number; startCount: number; fromRate: number; toRate: number; seconds: number }[] = [];
  let startMs = 0;
  let startCount = 0;
  let fromRate = startRate;
  for (const stage of stages) {
    segments.push({ startMs, startCount, fromRate, toRate: stage.targetRate, seconds: stage.durationSeconds });
    startCount += ((fromRate + stage.targetRate) / 2) * stage.durationSeconds;
    startMs += stage.durationSeconds * 1000;
    fromRate = stage.targetRate;
  }
  const total = Math.floor(startCount + 1e-9);
  return {
    plan: { startRate, stages: stages.map((stage) => ({ ...stage })) },
    total,
    durationSeconds: startMs / 1000,
    plannedAtMs(i) {
      let segment = segments[0]!;
      for (const candidate of segments) {
        if (candidate.startCount <= i) segment = candidate;
        else break;
      }
      const n = i - segment.startCount;
      if (n <= 0) return segment.startMs;
      // Solves fromRate·t + (toRate − fromRate)·t²/(2·seconds) = n in the stable form (no division by
      // a zero slope).
      const slope = (segment.toRate - segment.fromRate) / segment.seconds;
      const seconds = (2 * n) / (segment.fromRate + Math.sqrt(Math.max(0, segment.fromRate ** 2 + 2 * slope * n)));
      return segment.startMs + seconds * 1000;
    },
  };
}

export class StagesParseError extends ToolError {
  constructor(message: string) {
    super('LOAD_STAGES_INVALID', message);
  }
}

/** `--stages "10s:100,30s:500,10s:0"`: ramp to 100 req/s over 10 s, to 500 over 30 s, down to 0 over 10 s. */
export function parseStages(text: string): RampStage[] {
  return text.split(',').map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)(s|m)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!match) {
      throw new StagesParseError(
        `stage "${part.trim()}" in --stages "${text}" is not DURATION:RATE; write e.g. "10s:100,30s:500" (durations in s or m, rates in req/s)`,
      );
    }
    return { durationSeconds: Number(match[1]) * (match[2] === 'm' ? 60 : 1), targetRate: Number(match[3]) };
  });
}
