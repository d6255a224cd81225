/**
 * The load report says what it shows: a ramp's first stage starts where the schedule starts it (0 req/s without
 * `rate`), so the planned line shows no shortfall the node did not have; the verdict of the thresholds and the
 * baseline is at the top; a partial second (the phase ended inside it) is not drawn as a cliff or a spike, and no
 * line leaves its frame.
 */
import { describe, expect, it } from 'vitest';
import { compareWithBaseline } from '../../load/baseline.js';
import { evaluateThresholds } from '../../load/gate.js';
import { clipToFrame, loadVerdict, renderLoadReport } from '../../load/report-html.js';
import type { LoadResult } from '../../load/result.js';
import { rampingRate } from '../../load/schedule.js';
import { stageFigures, stageWindows } from '../../load/series.js';
import { craftedRun, flat } from './crafted.js';

/** The chart frame of report-html.ts: x from 70 to 1080, y from 26 (top) to 216 (zero). */
const frame = { left: 70, right: 1080, top: 26, bottom: 216 };

/** The points of the path titled `label` in the chart captioned `caption`. */
function pathPoints(html: string, caption: string, label: string): [number, number][] {
  const figure = html.split('<figure>').find((part) => part.includes(`<figcaption>${caption}</figcaption>`));
  expect(figure, caption).toBeDefined();
  const path = [...figure!.matchAll(/<path d="([^"]+)"[^>]*><title>([^<]+)<\/title>/g)].find((match) => match[2] === label);
  expect(path, `${caption}: ${label}`).toBeDefined();
  return [...path![1]!.matchAll(/[ML]([\d.-]+),([\d.-]+)/g)].map((match) => [Number(match[1]), Number(match[2])]);
}

describe('a ramp from 0 (no --rate)', () => {
  const stages = [
    { durationSeconds: 4, targetRate: 200 },
    { durationSeconds: 2, targetRate: 200 },
  ];
  // The answers follow the plan: 25, 75, 125, 175 in the ramp's seconds, then 200.
  const planned = [25, 75, 125, 175, 200, 200];
  const run = craftedRun({ secondsUs: flat(6, 1_000), perSecond: 1 }, { model: 'open', stages });
  const followed: LoadResult = {
    ...run,
    throughput: run.throughput.map((bucket) => ({ ...bucket, ok: planned[bucket.second]!, completed: planned[bucket.second]! })),
  };

  it('starts stage 1 at 0 req/s, as the schedule does', () => {
    const schedule = rampingRate(0, stages);
    // The schedule sends 400 requests in the ramp (the mean of 0 and 200 over 4 s), not 800.
    expect(schedule.plannedAtMs(399)).toBeLessThan(4_000);
    expect(schedule.plannedAtMs(401)).toBeGreaterThan(4_000);
    expect(stageWindows(run).map((stage) => [stage.fromRate, stage.toRate])).toEqual([
      [0, 200],
      [200, 200],
    ]);
    expect(stageFigures(run)[0]!.plannedRps).toBe(100);
  });

  it('labels it 0 → 200 and draws the planned line from 0: where the node followed the plan, no shortfall shows', () => {
    const html = renderLoadReport(followed);
    expect(html).toContain('<td>1</td><td>0s–4s</td><td>0 → 200</td>');
    expect(html).not.toContain('200 → 200</td><td>100.0');
    const plan = pathPoints(html, 'Throughput per second', 'planned req/s');
    const ok = pathPoints(html, 'Throughput per second', 'ok answers/s');
    expect(plan[0]).toEqual([frame.left, frame.bottom]);
    // At each second's middle, the planned line and the ok line are at the same height (within a pixel).
    const planAt = (x: number): number => {
      const index = plan.findIndex(([px]) => px >= x);
      const [x0, y0] = plan[index - 1]!;
      const [x1, y1] = plan[index]!;
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    };
    for (const [x, y] of ok) expect(Math.abs(planAt(x) - y)).toBeLessThan(1);
  });
});

describe('partial seconds and the frame', () => {
  // Five seconds recorded, the phase ended 0.3 s into the fifth: a few slow answers drained into it.
  const run = craftedRun({ secondsUs: [1_000, 1_000, 1_000, 1_000, 90_000] }, { model: 'open', rate: 50 });
  const cut: LoadResult = {
    ...run,
    meta: { ...run.meta, measuredSeconds: 4.3, settings: { ...run.meta.settings, durationSeconds: 5 } },
    throughput: run.throughput.map((bucket) => (bucket.second === 4 ? { ...bucket, ok: 7, completed: 7, sent: 3 } : bucket)),
  };
  const html = renderLoadReport(cut);

  it('does not draw the partial last second (no cliff, no spike), and says so', () => {
    const ok = pathPoints(html, 'Throughput per second', 'ok answers/s');
    expect(ok).toHaveLength(4);
    expect(new Set(ok.map(([, y]) => y)).size).toBe(1); // 50 ok/s throughout: no cliff to 7
    const p99 = pathPoints(html, 'Latency per second (ms)', 'p99');
    expect(p99).toHaveLength(4);
    expect(html).toContain('Not drawn: second 4 (300 ms of it measured)');
    // The latency axis is not stretched to the 90 ms spike of the drain: its top tick stays near 1 ms.
    const latency = html.split('<figure>').find((part) => part.includes('Latency per second (ms)'))!;
    const ticks = [...latency.matchAll(/class="tick">([\d.]+) ms</g)].map((match) => Number(match[1]));
    expect(Math.max(...ticks)).toBeLessThan(5);
  });

  it('keeps every line and bar inside its frame (the planned line is cut at the frame’s end)', () => {
    for (const figure of html.split('<figure>').slice(1)) {
      for (const path of figure.matchAll(/<path d="([^"]+)"/g)) {
        for (const [, x, y] of path[1]!.matchAll(/[ML]([\d.-]+),([\d.-]+)/g)) {
          expect(Number(x)).toBeGreaterThanOrEqual(frame.left - 0.05);
          expect(Number(x)).toBeLessThanOrEqual(frame.right + 0.05);
          expect(Number(y)).toBeGreaterThanOrEqual(frame.top - 0.05);
          expect(Number(y)).toBeLessThanOrEqual(frame.bottom + 0.05);
        }
      }
    }
    const plan = pathPoints(html, 'Throughput per second', 'planned req/s');
    expect(plan.at(-1)![0]).toBeCloseTo(frame.right, 1);
  });

  it('clips a polyline at the frame, interpolating where it crosses', () => {
    expect(
      clipToFrame(
        [
          [-1, 0],
          [1, 2],
          [3, 4],
          [5, 6],
        ],
        4,
      ),
    ).toEqual([
      [0, 1],
      [1, 2],
      [3, 4],
      [4, 5],
    ]);
    expect(clipToFrame([[5, 1]], 4)).toEqual([]);
  });
});

describe('the verdict at the top', () => {
  const run = craftedRun({ secondsUs: flat(5, 2_000) });
  const slower = craftedRun({ secondsUs: flat(5, 20_000) });
  const verdictOf = (html: string): string =>
    /<div class="verdict (\w+)" id="verdict"><strong>([^<]+)<\/strong>/.exec(html)!.slice(1).join(' ');

  it('comes before the figures and the charts', () => {
    const html = renderLoadReport(run, { gate: evaluateThresholds(run, ['p99 < 250ms']) });
    expect(html.indexOf('id="verdict"')).toBeGreaterThan(html.indexOf('<h1>'));
    expect(html.indexOf('id="verdict"')).toBeLessThan(html.indexOf('<pre>'));
    expect(html.indexOf('id="verdict"')).toBeLessThan(html.indexOf('<svg'));
  });

  it('passes when every threshold held, fails naming the broken ones, and fails a regression', () => {
    expect(verdictOf(renderLoadReport(run, { gate: evaluateThresholds(run, ['p99 < 250ms']) }))).toBe('pass PASS');
    const broken = renderLoadReport(run, { gate: evaluateThresholds(run, ['p99 < 250ms', 'p50 < 1ms']) });
    expect(verdictOf(broken)).toBe('fail FAIL: thresholds broken');
    expect(broken).toContain('1 of 2 thresholds broken: p50');
    const regression = renderLoadReport(slower, { baseline: { result: run, comparison: compareWithBaseline(slower, run, 0.1) } });
    expect(verdictOf(regression)).toBe('fail FAIL: a regression against the baseline');
    expect(verdictOf(renderLoadReport(run))).toBe('unjudged NOT GATED: no thresholds and no baseline; the figures are not judged');
  });

  it('agrees with the exit code’s rule (concludeRun: passed = thresholds held and no regression)', () => {
    for (const thresholds of [['p99 < 250ms'], ['p50 < 1ms'], []]) {
      const gate = evaluateThresholds(run, thresholds);
      expect(loadVerdict(run, gate, undefined).status === 'fail').toBe(!gate.passed);
    }
  });
});
