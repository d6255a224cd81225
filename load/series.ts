/**
 * The per-second series of a result, read back: the seconds of each repeated run, the ramp's stages
 * and their figures, and the figures of any window of seconds (histograms of its seconds added exactly).
 */
import type { Histogram } from 'hdr-histogram-js';
import { decodeHistogram, newSecondHistogram } from './histogram.js';
import type { ThroughputBucket } from './recorder.js';
import type { LoadResult } from './result.js';

/** One stage of a ramp, in seconds since the start of the measured phase. */
export interface StageWindow {
  /** 1-based, as thresholds name it (`p95{stage:2} < 200ms`). */
  index: number;
  fromSecond: number;
  toSecond: number;
  fromRate: number;
  toRate: number;
}

/** The figures of a window of seconds (a stage, a whole run). */
export interface WindowFigures {
  seconds: number;
  sent: number;
  completed: number;
  ok: number;
  errors: number;
  /** Checked answers per second of the window. */
  rps: number;
  /** The latencies of the window's seconds (2 significant digits), or undefined when the series has none. */
  histogram: Histogram | undefined;
}

export interface StageFigures extends WindowFigures {
  stage: StageWindow;
  /** Planned arrival rate, average over the stage (whole run). */
  plannedRps: number;
}

/** The stages of an open-model ramp (none for a constant rate or the closed model). */
export function stageWindows(result: Pick<LoadResult, 'meta'>): StageWindow[] {
  const stages = result.meta.settings.stages;
  if (!stages?.length) return [];
  let from = 0;
  // The schedule's first stage ramps from `rate` (0 without one), as `rampingRate` plans it: not from its own target.
  let fromRate = result.meta.settings.rate ?? 0;
  // A shard's settings hold the whole run's stages; rates are whole-run rates as the user wrote them.
  return stages.map((stage, position) => {
    const window = { index: position + 1, fromSecond: from, toSecond: from + stage.durationSeconds, fromRate, toRate: stage.targetRate };
    from = window.toSecond;
    fromRate = stage.targetRate;
    return window;
  });
}

/** A second cut short by less than this (clock granularity, the end of the schedule) counts as whole. */
const wholeSecondSlack = 0.05;

/**
 * How much of second `second` of run `index` the measured phase covers: 1 for a whole second, less for the last one
 * when the phase ended inside it, 0 past the end. Counts of a partial second are not a rate per second.
 */
export function secondCoverage(result: LoadResult, index: number, second: number): number {
  const covered = Math.min(1, runMeasuredSeconds(result, index) - second);
  if (covered <= 0) return 0;
  return covered >= 1 - wholeSecondSlack ? 1 : covered;
}

/** The number of runs a result holds (`--repeat N`). */
export function runCount(result: Pick<LoadResult, 'runs'>): number {
  return result.runs?.length ?? 1;
}

/** The seconds of run `index` of a result. */
export function runSeconds(result: Pick<LoadResult, 'throughput'>, index: number): ThroughputBucket[] {
  return result.throughput.filter((bucket) => (bucket.run ?? 0) === index);
}

/** Measured seconds of run `index`. */
export function runMeasuredSeconds(result: LoadResult, index: number): number {
  return result.runs?.[index]?.measuredSeconds ?? result.meta.measuredSeconds;
}

/** True when the result keeps each second's latencies (results of this version). */
export function hasLatencySeries(result: Pick<LoadResult, 'throughput'>): boolean {
  return result.throughput.some((bucket) => bucket.latency !== undefined);
}

/**
 * The figures of the seconds in [fromSecond, toSecond) of every run (a second belongs to the window it
 * starts in). The rate is per second of the window, over every run.
 */
function windowFigures(result: LoadResult, fromSecond: number, toSecond: number): WindowFigures {
  const histogram = hasLatencySeries(result) ? newSecondHistogram() : undefined;
  const figures = { seconds: 0, sent: 0, completed: 0, ok: 0, errors: 0 };
  for (let run = 0; run < runCount(result); run += 1) {
    const end = Math.min(toSecond, runMeasuredSeconds(result, run));
    figures.seconds += Math.max(0, end - fromSecond);
    for (const bucket of runSeconds(result, run)) {
      if (bucket.second < fromSecond || bucket.second >= toSecond) continue;
      figures.sent += bucket.sent;
      figures.completed += bucket.completed;
      figures.ok += bucket.ok;
      figures.errors += bucket.errors;
      if (histogram && bucket.latency !== undefined) histogram.add(decodeHistogram(bucket.latency));
    }
  }
  return { ...figures, rps: figures.seconds > 0 ? figures.ok / figures.seconds : 0, histogram };
}

/** Per-stage figures of a ramp (empty without stages). */
export function stageFigures(result: LoadResult): StageFigures[] {
  return stageWindows(result).map((stage) => ({
    ...windowFigures(result, stage.fromSecond, stage.toSecond),
    stage,
    plannedRps: (stage.fromRate + stage.toRate) / 2,
  }));
}

/** The per-second values a baseline comparison tests: seconds wholly measured, with enough answers for a percentile. */
export interface SecondSample {
  run: number;
  second: number;
  ok: number;
  p50?: number;
  p95?: number;
}

/** Fewer answers than this in a second give no latency percentile for it (a p95 of 3 values is noise). */
const minAnswersPerSecond = 10;

export function secondSamples(result: LoadResult): SecondSample[] {
  const samples: SecondSample[] = [];
  for (let run = 0; run < runCount(result); run += 1) {
    // A second cut short by less than 50 ms (clock granularity, the end of the schedule) counts as whole.
    const whole = Math.floor(runMeasuredSeconds(result, run) + wholeSecondSlack);
    for (const bucket of runSeconds(result, run)) {
      if (bucket.second >= whole) continue;
      const sample: SecondSample = { run, second: bucket.second, ok: bucket.ok };
      if (bucket.latency !== undefined && bucket.completed >= minAnswersPerSecond) {
        const latency = bucket.latencyUs;
        if (latency) {
          sample.p50 = latency.p50;
          sample.p95 = latency.p95;
        } else {
          const histogram = decodeHistogram(bucket.latency);
          sample.p50 = histogram.getValueAtPercentile(50);
          sample.p95 = histogram.getValueAtPercentile(95);
        }
      }
      samples.push(sample);
    }
  }
  return samples;
}
