/**
 * The HDR histograms of the load harness (latency, send jitter), in µs, and their exact, mergeable
 * encoding (HdrHistogram compressed base64) used by result files, shards and worker threads alike.
 */
import * as hdr from 'hdr-histogram-js';
import type { Histogram } from 'hdr-histogram-js';

/** Microsecond histograms: 1 µs to (auto-resized) hours, 3 significant digits. */
export function newLatencyHistogram(): Histogram {
  return hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3, autoResize: true });
}

/**
 * One second's latencies (the per-second series): 2 significant digits (1% resolution), a tenth of the
 * memory of the run's own histogram, so an hour of seconds stays small.
 */
export function newSecondHistogram(): Histogram {
  return hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 2, autoResize: true });
}

export function encodeHistogram(histogram: Histogram): string {
  return hdr.encodeIntoCompressedBase64(histogram);
}

export function decodeHistogram(base64: string): Histogram {
  return hdr.decodeFromCompressedBase64(base64, 32, false);
}
