/**
 * The statistics of the baseline gate: the Mann–Whitney U test (two-sided, normal approximation with
 * tie and continuity corrections) and medians. No dependency: forty lines a reader can check.
 */

export interface MannWhitneyResult {
  /** U of the first sample (the number of pairs in which it is the larger, ties counting half). */
  u: number;
  n1: number;
  n2: number;
  /** Standard score of U under "both samples come from one distribution". */
  z: number;
  /** Two-sided p-value. */
  p: number;
}

export function mannWhitneyU(first: readonly number[], second: readonly number[]): MannWhitneyResult {
  const n1 = first.length;
  const n2 = second.length;
  const all = [...first.map((value) => ({ value, group: 0 })), ...second.map((value) => ({ value, group: 1 }))].sort(
    (a, b) => a.value - b.value,
  );
  const ranks = new Array<number>(all.length);
  let tieTerm = 0;
  for (let start = 0; start < all.length;) {
    let end = start;
    while (end + 1 < all.length && all[end + 1]!.value === all[start]!.value) end += 1;
    const rank = (start + end) / 2 + 1;
    for (let index = start; index <= end; index += 1) ranks[index] = rank;
    const tied = end - start + 1;
    tieTerm += tied ** 3 - tied;
    start = end + 1;
  }
  let rankSum = 0;
  all.forEach((entry, index) => {
    if (entry.group === 0) rankSum += ranks[index]!;
  });
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (!(variance > 0)) return { u, n1, n2, z: 0, p: 1 };
  const z = (Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
  const zClamped = Math.max(0, z);
  return { u, n1, n2, z: Math.sign(u - mean) * zClamped, p: Math.min(1, 2 * (1 - normalCdf(zClamped))) };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf; error < 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export interface BootstrapInterval {
  /** Relative change of the median, (current − baseline) / baseline, at the lower and upper bound. */
  low: number;
  high: number;
  confidence: number;
  resamples: number;
}

/**
 * A bootstrap confidence interval of the relative change of the median between two samples made of
 * runs: each resample draws the runs with replacement, then the seconds within each drawn run with
 * replacement (a two-level bootstrap), so the interval widens with the run-to-run variation and not
 * only with the second-to-second one. With one run a side it is the plain bootstrap of the seconds.
 * Seeded: the same figures always give the same interval.
 */
export function bootstrapMedianChange(
  baselineRuns: readonly (readonly number[])[],
  currentRuns: readonly (readonly number[])[],
  options: { confidence?: number; resamples?: number; seed?: number } = {},
): BootstrapInterval {
  const confidence = options.confidence ?? 0.99;
  const resamples = options.resamples ?? 2000;
  const random = mulberry32(options.seed ?? 0x5eed);
  const base = baselineRuns.filter((run) => run.length > 0);
  const current = currentRuns.filter((run) => run.length > 0);
  const changes = new Float64Array(resamples);
  for (let index = 0; index < resamples; index += 1) {
    const b = resampledMedian(base, random);
    const c = resampledMedian(current, random);
    changes[index] = b === 0 ? (c === 0 ? 0 : Number.POSITIVE_INFINITY) : (c - b) / b;
  }
  changes.sort();
  const tail = (1 - confidence) / 2;
  return {
    low: changes[Math.floor(tail * (resamples - 1))]!,
    high: changes[Math.ceil((1 - tail) * (resamples - 1))]!,
    confidence,
    resamples,
  };
}

function resampledMedian(runs: readonly (readonly number[])[], random: () => number): number {
  const pooled: number[] = [];
  for (let draw = 0; draw < runs.length; draw += 1) {
    const run = runs[Math.floor(random() * runs.length)]!;
    for (let second = 0; second < run.length; second += 1) pooled.push(run[Math.floor(random() * run.length)]!);
  }
  const sorted = Float64Array.from(pooled).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A small, seeded PRNG (mulberry32): the bootstrap's draws, reproducible. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
