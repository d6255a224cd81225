/**
 * Progress while a run lasts: a live line rewritten every second on a terminal, a plain line every
 * 5 s otherwise (CI logs stay readable).
 */
import { formatMicros } from './result.js';
import type { ProgressFigures } from './recorder.js';

export interface ProgressSink {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressHandle {
  stop(): void;
}

export function startProgress(figures: ProgressFigures, sink: ProgressSink, label: string): ProgressHandle {
  const live = sink.isTTY === true && !process.env.CI;
  const everyMs = live ? 1000 : 5000;
  const timer = setInterval(() => {
    const line = progressLine(figures, label);
    sink.write(live ? `\r\u001b[K${line}` : `${line}\n`);
  }, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (live) sink.write('\r\u001b[K');
    },
  };
}

function progressLine(figures: ProgressFigures, label: string): string {
  const elapsed = (performance.now() - figures.startedAtMs) / 1000;
  const buckets = figures.throughput();
  // The last complete second gives the current rate.
  const recent = buckets.length >= 2 ? buckets[buckets.length - 2]!.ok : (buckets[0]?.ok ?? 0);
  const { sent, ok, errors } = figures.counts;
  const p99Us = figures.p99Us();
  const p99 = p99Us === undefined ? '-' : formatMicros(p99Us);
  return `${label} ${elapsed.toFixed(0).padStart(4)} s  sent ${sent}  ok ${ok}  errors ${errors}  ${recent} ok/s  p99 ${p99}`;
}
