/**
 * The pictures of a load run: a self-contained HTML report (inline SVG, no script, nothing fetched when
 * it is viewed) with its verdict at the top (thresholds and baseline, as the exit code), latency percentiles,
 * throughput and errors per second, the stage boundaries of a ramp, the run boundaries of `--repeat`, and the
 * baseline's series beside the run's; and a CSV of the per-second series. The charts draw whole seconds only
 * (a last second the phase cut short holds a fraction of a second's answers) and nothing past their frame.
 */
import { formatBaselineComparison, type BaselineComparison } from './baseline.js';
import type { GateResult } from './gate.js';
import { formatMicros, formatSummary, wasMeasured, type LoadResult } from './result.js';
import type { ThroughputBucket } from './recorder.js';
import { runCount, runMeasuredSeconds, runSeconds, secondCoverage, stageFigures, stageWindows } from './series.js';

/** The report and CSV paths beside a result file: `x.json` → `x.report.html`, `x.series.csv`. */
export function companionPaths(resultFile: string): { html: string; csv: string } {
  const stem = resultFile.replace(/\.json$/i, '');
  return { html: `${stem}.report.html`, csv: `${stem}.series.csv` };
}

/** One row per second of every run: counts and the second's latency percentiles (µs), and its stage. */
export function seriesCsv(result: LoadResult): string {
  const stages = stageWindows(result);
  const rows = ['run,second,stage,sent,completed,ok,errors,p50_us,p90_us,p95_us,p99_us,max_us'];
  for (const bucket of result.throughput) {
    const stage = stages.find((window) => bucket.second >= window.fromSecond && bucket.second < window.toSecond)?.index ?? '';
    const latency = bucket.latencyUs;
    rows.push(
      [
        (bucket.run ?? 0) + 1,
        bucket.second,
        stage,
        bucket.sent,
        bucket.completed,
        bucket.ok,
        bucket.errors,
        latency?.p50 ?? '',
        latency?.p90 ?? '',
        latency?.p95 ?? '',
        latency?.p99 ?? '',
        latency?.max ?? '',
      ].join(','),
    );
  }
  return `${rows.join('\n')}\n`;
}

interface TimedBucket {
  /** Seconds since the start of the first run, runs laid end to end. */
  x: number;
  bucket: ThroughputBucket;
}

/** A second the charts leave out: the phase covered only part of it (or none). */
interface PartialSecond {
  run: number;
  second: number;
  /** Seconds of it the measured phase covered (0 to 1). */
  covered: number;
}

/**
 * The whole seconds of every run on one time axis, runs one after another; also where each run starts, and the
 * partial seconds left out (drawn, a last second cut to 0.2 s would be a cliff of a fifth of the rate, or a spike
 * of the slowest answers the drain collects, beyond the frame's end).
 */
function timeline(result: LoadResult): { points: TimedBucket[]; runStarts: number[]; length: number; partial: PartialSecond[] } {
  const points: TimedBucket[] = [];
  const runStarts: number[] = [];
  const partial: PartialSecond[] = [];
  let offset = 0;
  for (let run = 0; run < runCount(result); run += 1) {
    runStarts.push(offset);
    for (const bucket of runSeconds(result, run)) {
      const covered = secondCoverage(result, run, bucket.second);
      if (covered === 1) points.push({ x: offset + bucket.second + 0.5, bucket });
      else if (bucket.sent + bucket.completed > 0) partial.push({ run, second: bucket.second, covered });
    }
    offset += Math.max(runMeasuredSeconds(result, run), 1);
  }
  return { points, runStarts, length: offset, partial };
}

/** A polyline cut to x in [0, xMax]: a segment crossing an edge ends on it (interpolated). */
export function clipToFrame(points: readonly [number, number][], xMax: number): [number, number][] {
  const clipped: [number, number][] = [];
  const inside = (x: number) => x >= 0 && x <= xMax;
  const at = (a: [number, number], b: [number, number], x: number): [number, number] => [
    x,
    a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0]),
  ];
  points.forEach((point, index) => {
    const previous = points[index - 1];
    if (previous !== undefined && inside(previous[0]) !== inside(point[0])) {
      const edge = (inside(previous[0]) ? point[0] : previous[0]) < 0 ? 0 : xMax;
      clipped.push(at(previous, point, edge));
    }
    if (inside(point[0])) clipped.push(point);
  });
  return clipped;
}

/** The verdict of a load run as its exit code has it: thresholds broken (5) or a regression (6) fail it. */
export function loadVerdict(
  result: LoadResult,
  gate: GateResult | undefined,
  comparison: BaselineComparison | undefined,
): { status: 'pass' | 'fail' | 'unjudged'; headline: string; details: string[] } {
  const details: string[] = [];
  if (result.meta.aborted) details.push(`aborted during ${result.meta.abortedDuring ?? 'measuring'}: the figures cover what ran`);
  if (!wasMeasured(result)) {
    return { status: 'fail', headline: 'FAIL: nothing was measured, so nothing is judged', details };
  }
  const thresholds = gate?.verdicts ?? [];
  const broken = thresholds.filter((verdict) => !verdict.passed);
  const regression = comparison?.verdict === 'regression';
  if (thresholds.length) {
    details.push(
      broken.length
        ? `${broken.length} of ${thresholds.length} thresholds broken: ${broken.map((verdict) => verdict.description).join('; ')}`
        : `all ${thresholds.length} thresholds held`,
    );
  }
  if (comparison) details.push(`baseline: ${comparison.verdict}`);
  if (broken.length || regression) {
    const reasons = [broken.length ? 'thresholds broken' : '', regression ? 'a regression against the baseline' : ''].filter(Boolean);
    return { status: 'fail', headline: `FAIL: ${reasons.join(' and ')}`, details };
  }
  if (!thresholds.length && !comparison) {
    return { status: 'unjudged', headline: 'NOT GATED: no thresholds and no baseline; the figures are not judged', details };
  }
  return { status: 'pass', headline: 'PASS', details };
}

interface Line {
  label: string;
  color: string;
  dashed?: boolean;
  points: [number, number][];
}

interface Marker {
  x: number;
  label: string;
  kind: 'stage' | 'run';
}

const width = 1100;
const height = 250;
const margin = { left: 70, right: 20, top: 26, bottom: 34 };

function chart(options: {
  title: string;
  lines: Line[];
  bars?: { color: string; label: string; points: [number, number][] };
  xMax: number;
  markers: Marker[];
  formatY: (value: number) => string;
}): string {
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const xMax = Math.max(1, options.xMax);
  const values = [
    ...options.lines.flatMap((line) => clipToFrame(line.points, xMax).map(([, y]) => y)),
    ...(options.bars?.points.filter(([x]) => x >= 0 && x <= xMax).map(([, y]) => y) ?? []),
  ];
  const yMax = niceCeiling(Math.max(1, ...values.filter(Number.isFinite)) * 1.08);
  const sx = (x: number) => margin.left + (x / xMax) * plotWidth;
  const sy = (y: number) => margin.top + plotHeight - (y / yMax) * plotHeight;
  const parts: string[] = [];
  parts.push(`<rect x="${margin.left}" y="${margin.top}" width="${plotWidth}" height="${plotHeight}" fill="#fafafa" stroke="#ccc"/>`);
  for (let tick = 0; tick <= 4; tick += 1) {
    const y = (yMax * tick) / 4;
    parts.push(
      `<line x1="${margin.left}" x2="${margin.left + plotWidth}" y1="${sy(y).toFixed(1)}" y2="${sy(y).toFixed(1)}" stroke="#e4e4e4"/>`,
      `<text x="${margin.left - 6}" y="${(sy(y) + 4).toFixed(1)}" text-anchor="end" class="tick">${escape(options.formatY(y))}</text>`,
    );
  }
  const xStep = niceStep(xMax / 10);
  for (let x = 0; x <= xMax + 1e-9; x += xStep) {
    parts.push(
      `<text x="${sx(x).toFixed(1)}" y="${height - margin.bottom + 16}" text-anchor="middle" class="tick">${formatSeconds(x)}</text>`,
    );
  }
  parts.push(
    `<text x="${margin.left + plotWidth / 2}" y="${height - 4}" text-anchor="middle" class="tick">time (s since the start of the measured phase)</text>`,
  );
  if (options.bars) {
    const barWidth = Math.max(1, plotWidth / xMax - 1);
    for (const [x, y] of options.bars.points) {
      if (y <= 0 || x < 0 || x > xMax) continue;
      parts.push(
        `<rect x="${(sx(x) - barWidth / 2).toFixed(1)}" y="${sy(y).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(sy(0) - sy(y)).toFixed(1)}" fill="${options.bars.color}"><title>${formatSeconds(x - 0.5)}: ${y}</title></rect>`,
      );
    }
  }
  for (const marker of options.markers) {
    const x = sx(marker.x).toFixed(1);
    const stroke = marker.kind === 'stage' ? '#7a4fbf' : '#333';
    const dash = marker.kind === 'stage' ? ' stroke-dasharray="5,4"' : '';
    parts.push(
      `<line x1="${x}" x2="${x}" y1="${margin.top}" y2="${margin.top + plotHeight}" stroke="${stroke}"${dash} class="${marker.kind}-boundary"/>`,
      `<text x="${(Number(x) + 3).toFixed(1)}" y="${margin.top + (marker.kind === 'stage' ? 12 : 24)}" class="marker" fill="${stroke}">${escape(marker.label)}</text>`,
    );
  }
  for (const line of options.lines) {
    const points = clipToFrame(line.points, xMax);
    if (points.length === 0) continue;
    const path = points.map(([x, y], index) => `${index ? 'L' : 'M'}${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join('');
    parts.push(
      `<path d="${path}" fill="none" stroke="${line.color}" stroke-width="${line.dashed ? 1.5 : 2}"${line.dashed ? ' stroke-dasharray="6,4" opacity="0.8"' : ''}><title>${escape(line.label)}</title></path>`,
    );
  }
  const legend = [...options.lines, ...(options.bars ? [{ label: options.bars.label, color: options.bars.color, dashed: false }] : [])]
    .map(
      (line, index) =>
        `<g transform="translate(${margin.left + 10 + index * 175},${margin.top - 10})"><line x1="0" x2="22" y1="-4" y2="-4" stroke="${line.color}" stroke-width="3"${line.dashed ? ' stroke-dasharray="6,4"' : ''}/><text x="27" y="0" class="legend">${escape(line.label)}</text></g>`,
    )
    .join('');
  return `<figure><figcaption>${escape(options.title)}</figcaption><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escape(options.title)}">${parts.join('')}${legend}</svg></figure>`;
}

function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function niceStep(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function formatSeconds(seconds: number): string {
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)}s`;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const colors = { p50: '#1f77b4', p95: '#ff7f0e', p99: '#d62728', ok: '#2ca02c', sent: '#9467bd', planned: '#7f7f7f', errors: '#d62728' };

export function renderLoadReport(
  result: LoadResult,
  options: { gate?: GateResult; baseline?: { result: LoadResult; comparison?: BaselineComparison } } = {},
): string {
  const { points, runStarts, length, partial } = timeline(result);
  const baseline = options.baseline ? timeline(options.baseline.result) : undefined;
  const xMax = Math.max(length, baseline?.length ?? 0);
  const markers: Marker[] = [];
  const stages = stageWindows(result);
  runStarts.forEach((start, run) => {
    if (runStarts.length > 1) markers.push({ x: start, label: `run ${run + 1}`, kind: 'run' });
    for (const stage of stages) {
      markers.push({ x: start + stage.fromSecond, label: `stage ${stage.index} → ${stage.toRate} req/s`, kind: 'stage' });
    }
  });
  const withLatency = (list: TimedBucket[]) => list.filter((point) => point.bucket.latencyUs !== undefined);
  const latencyLine = (list: TimedBucket[], key: 'p50' | 'p95' | 'p99'): [number, number][] =>
    withLatency(list).map((point) => [point.x, point.bucket.latencyUs![key] / 1000]);
  const latencyLines: Line[] = [
    { label: 'p50', color: colors.p50, points: latencyLine(points, 'p50') },
    { label: 'p95', color: colors.p95, points: latencyLine(points, 'p95') },
    { label: 'p99', color: colors.p99, points: latencyLine(points, 'p99') },
  ];
  const throughputLines: Line[] = [
    { label: 'ok answers/s', color: colors.ok, points: points.map((point) => [point.x, point.bucket.ok]) },
    { label: 'sent/s', color: colors.sent, points: points.map((point) => [point.x, point.bucket.sent]) },
  ];
  if (stages.length || result.meta.settings.rate !== undefined) {
    const plan: [number, number][] = [];
    for (const start of runStarts) {
      if (stages.length)
        for (const stage of stages) plan.push([start + stage.fromSecond, stage.fromRate], [start + stage.toSecond, stage.toRate]);
      else plan.push([start, result.meta.settings.rate!], [start + result.meta.settings.durationSeconds, result.meta.settings.rate!]);
    }
    throughputLines.push({ label: 'planned req/s', color: colors.planned, dashed: true, points: plan });
  }
  if (baseline) {
    latencyLines.push(
      { label: 'baseline p50', color: colors.p50, dashed: true, points: latencyLine(baseline.points, 'p50') },
      { label: 'baseline p95', color: colors.p95, dashed: true, points: latencyLine(baseline.points, 'p95') },
    );
    throughputLines.push({
      label: 'baseline ok/s',
      color: '#17becf',
      dashed: true,
      points: baseline.points.map((point) => [point.x, point.bucket.ok]),
    });
  }
  const charts = [
    chart({ title: 'Latency per second (ms)', lines: latencyLines, xMax, markers, formatY: (value) => `${trim(value)} ms` }),
    chart({ title: 'Throughput per second', lines: throughputLines, xMax, markers, formatY: (value) => `${trim(value)}/s` }),
    chart({
      title: 'Errors per second',
      lines: baseline
        ? [
            {
              label: 'baseline errors/s',
              color: '#8c564b',
              dashed: true,
              points: baseline.points.map((point) => [point.x, point.bucket.errors]),
            },
          ]
        : [],
      bars: { color: colors.errors, label: 'errors/s', points: points.map((point) => [point.x, point.bucket.errors]) },
      xMax,
      markers,
      formatY: (value) => `${trim(value)}/s`,
    }),
  ];
  const stageRows = stageFigures(result).map((figures) => {
    const latency = figures.histogram;
    const at = (percentile: number) => (latency && latency.totalCount ? formatMicros(latency.getValueAtPercentile(percentile)) : '-');
    return `<tr><td>${figures.stage.index}</td><td>${formatSeconds(figures.stage.fromSecond)}–${formatSeconds(figures.stage.toSecond)}</td><td>${figures.stage.fromRate} → ${figures.stage.toRate}</td><td>${figures.rps.toFixed(1)}</td><td>${figures.sent}</td><td>${figures.ok}</td><td>${figures.errors}</td><td>${at(50)}</td><td>${at(95)}</td><td>${at(99)}</td><td>${latency && latency.totalCount ? formatMicros(latency.maxValue) : '-'}</td></tr>`;
  });
  const stageTable = stageRows.length
    ? `<h2>Stages</h2><table><thead><tr><th>stage</th><th>window</th><th>planned req/s</th><th>ok/s</th><th>sent</th><th>ok</th><th>errors</th><th>p50</th><th>p95</th><th>p99</th><th>max</th></tr></thead><tbody>${stageRows.join('')}</tbody></table><p class="note">A second belongs to the stage it starts in; stage percentiles come from the per-second histograms (2 significant digits).</p>`
    : '';
  const gate = options.gate?.verdicts.length
    ? `<h2>Thresholds</h2><ul>${options.gate.verdicts.map((verdict) => `<li class="${verdict.passed ? 'pass' : 'fail'}">${escape(verdict.description)}</li>`).join('')}</ul>`
    : '';
  const comparison = options.baseline?.comparison
    ? `<h2>Baseline</h2><pre>${escape(formatBaselineComparison(options.baseline.comparison))}</pre>`
    : '';
  const title = `load ${result.meta.scenario} (${result.meta.model} model) against ${result.meta.targetName}`;
  const verdict = loadVerdict(result, options.gate, options.baseline?.comparison);
  const verdictBlock = `<div class="verdict ${verdict.status}" id="verdict"><strong>${escape(verdict.headline)}</strong>${verdict.details.map((detail) => `<br>${escape(detail)}`).join('')}</div>`;
  const partialNote = partial.length
    ? `<p class="note">Not drawn: ${partial
        .map(
          (second) =>
            `${runStarts.length > 1 ? `run ${second.run + 1} ` : ''}second ${second.second} (${Math.round(second.covered * 1000)} ms of it measured)`,
        )
        .join(', ')}: a partial second holds part of a second's answers. The stage table and the CSV count it.</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1160px}
h1{font-size:20px}h2{font-size:16px;margin-top:24px}
figure{margin:12px 0}figcaption{font-weight:600;margin-bottom:4px}
.tick{font-size:11px;fill:#555}.legend{font-size:12px;fill:#222}.marker{font-size:11px}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
pre{background:#f4f4f4;padding:8px;font-size:12px;white-space:pre-wrap}
.pass{color:#1a7f37}.fail{color:#c62828;font-weight:600}.note{font-size:12px;color:#555}
.verdict{padding:10px 14px;border-radius:4px;font-size:14px;margin:8px 0 16px}.verdict strong{font-size:17px}
.verdict.pass{background:#e6f4ea;border:1px solid #1a7f37}.verdict.fail{background:#fdecea;border:1px solid #c62828}
.verdict.unjudged{background:#f4f4f4;border:1px solid #999;color:#333}
</style></head><body>
<h1>${escape(title)}</h1>
${verdictBlock}
<pre>${escape(formatSummary(result))}</pre>
${charts.join('\n')}
${partialNote}
${stageTable}
${gate}
${comparison}
<p class="note">Written by ledger-conformance; self-contained (inline SVG, no script). The per-second series is also in the CSV beside this file.</p>
</body></html>
`;
}

function trim(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
}
