/**
 * Progress while a run lasts: a live line rewritten every second on a terminal, a plain line every
 * 5 s otherwise (CI logs stay readable).
 */
import { formatMicros } from './result.js';
import type { LoadRecorder } from './recorder.js';

export interface ProgressSink {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressHandle {
  stop(): void;
}

export function startProgress(recorder: LoadRecorder, sink: ProgressSink, label: string): ProgressHandle {
  const live = sink.isTTY === true && !process.env.CI;
  const everyMs = live ? 1000 : 5000;
  const timer = setInterval(() => {
    const line = progressLine(recorder, label);
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

function progressLine(recorder: LoadRecorder, label: string): string {
  const elapsed = (performance.now() - recorder.startedAtMs) / 1000;
  const buckets = recorder.throughput();
  // The last complete second gives the current rate.
  const recent = buckets.length >= 2 ? buckets[buckets.length - 2]!.ok : (buckets[0]?.ok ?? 0);
  const { sent, ok, errors } = recorder.counts;
  const p99 = recorder.latencyUs.totalCount ? formatMicros(recorder.latencyUs.getValueAtPercentile(99)) : '-';
  return `${label} ${elapsed.toFixed(0).padStart(4)} s  sent ${sent}  ok ${ok}  errors ${errors}  ${recent} ok/s  p99 ${p99}`;
}
