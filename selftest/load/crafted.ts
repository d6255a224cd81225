/**
 * Crafted results with a per-second series for the gate, baseline, report and merge self-tests: every
 * second gets `perSecond` answers whose latencies are drawn around that second's level.
 */
import type { LoadModel, LoadResult, RampStage } from '../../load/result.js';
import { buildResult } from '../../load/run.js';
import { combineRuns } from '../../load/runs.js';
import { testRecorder } from './support.js';

export interface CraftedRun {
  /** Latency level (µs) of each second; its answers spread ±10% around it. */
  secondsUs: number[];
  perSecond?: number;
  /** Errors (status 500) per second. */
  errorsPerSecond?: number;
}

export function craftedRun(
  run: CraftedRun,
  options: { scenario?: string; model?: LoadModel; stages?: RampStage[]; rate?: number; startedAt?: number; tagged?: string[] } = {},
): LoadResult {
  const recorder = testRecorder();
  recorder.start(0);
  const perSecond = run.perSecond ?? 50;
  run.secondsUs.forEach((level, second) => {
    for (let index = 0; index < perSecond; index += 1) {
      const spread = 0.9 + (0.2 * ((index * 37) % perSecond)) / perSecond;
      const scenario = options.tagged?.[index % options.tagged.length];
      recorder.recordResponse({ statuses: [200], ...(scenario ? { scenario } : {}) }, 200, '', level * spread, second * 1000 + 1 + index);
    }
    for (let index = 0; index < (run.errorsPerSecond ?? 0); index += 1)
      recorder.recordResponse({ statuses: [200] }, 500, '{"code":"INTERNAL"}', level, second * 1000 + 2 + index);
  });
  const seconds = run.secondsUs.length;
  const startedAt = options.startedAt ?? 1_000_000;
  return buildResult({
    scenario: options.scenario ?? 'readyz',
    model: options.model ?? 'closed',
    targetName: 'crafted',
    targetUrl: 'http://127.0.0.1:1',
    shard: null,
    settings: {
      durationSeconds: seconds,
      maxRequests: 1e6,
      warmupSeconds: 0,
      timeoutSeconds: 10,
      scenarioOptions: {},
      ...(options.stages ? { stages: options.stages } : {}),
      ...(options.rate !== undefined ? { rate: options.rate } : {}),
    },
    recorder,
    times: { startedAt, endedAt: startedAt + seconds * 1000, aborted: false },
  });
}

/** `runs` crafted runs of one setting, combined as `--repeat` combines them. */
export function craftedRepeat(runs: CraftedRun[], options: Parameters<typeof craftedRun>[1] = {}): LoadResult {
  const results = runs.map((run, index) => craftedRun(run, { ...options, startedAt: 1_000_000 + index * 100_000 }));
  const combined = combineRuns(results);
  return runs.length > 1
    ? { ...combined, meta: { ...combined.meta, settings: { ...combined.meta.settings, repeat: runs.length } } }
    : combined;
}

export const flat = (seconds: number, levelUs: number): number[] => Array.from({ length: seconds }, () => levelUs);
/** Levels that wander ±`wobble` (a fraction) from second to second, deterministically. */
export const wobbly = (seconds: number, levelUs: number, wobble: number, phase = 0): number[] =>
  Array.from({ length: seconds }, (_, second) => levelUs * (1 + wobble * Math.sin(second * 1.7 + phase)));
