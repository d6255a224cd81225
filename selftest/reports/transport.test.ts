/** The "Transport and timing" section every report shows: latency, faults per kind, examples, the verdict note. */
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../harness/runner/run-report.js';
import { writeReportHtml } from '../../reports/html.js';
import { writeSummaryMarkdown } from '../../reports/summary-md.js';
import { transportConsole } from '../../reports/transport-section.js';
import { fixtureReport } from './fixture.js';

function withFaults(): RunReport {
  const report = fixtureReport();
  const fault = {
    kind: 'truncated',
    method: 'POST',
    url: 'http://127.0.0.1:7575/v2/commands/submit-and-wait',
    elapsedMs: 1234,
    message: 'the node cut the answer short: POST http://127.0.0.1:7575/v2/commands/submit-and-wait after 1.2 s (other side closed)',
    testId: 'submit-and-wait::<b>x</b>',
  };
  return {
    ...report,
    verdict: 'not-certified',
    verdictNote: "decided by the node's transport faults (3): no test failed but at one",
    latency: {
      reads: { medianMs: 510, maxMs: 530, samples: 3, failed: 0 },
      write: { ms: 640 },
      requestTimeoutMs: 10_000,
      idleLimitMs: 60_000,
      inFlightPerWorker: 16,
      workers: 4,
    },
    transport: { total: 3, byKind: { truncated: 2, reset: 1 }, retried: 0, examples: [fault], decidedVerdict: true },
  };
}

describe('transport and timing in the reports', () => {
  it('summary.md shows the latency, the counts per kind, an example and whether they decided the verdict', () => {
    const markdown = writeSummaryMarkdown(withFaults());
    expect(markdown).toContain('## Transport and timing');
    expect(markdown).toContain('reads 510 ms median');
    expect(markdown).toMatch(/Transport faults of the node: 3 \(2 truncated, 1 reset\).*they decided the verdict/);
    expect(markdown).toContain('| truncated | POST http://127.0.0.1:7575/v2/commands/submit-and-wait | 1.2 s |');
  });

  it('report.html shows the same, escaped', () => {
    const html = writeReportHtml(withFaults());
    expect(html).toContain('<h2>Transport and timing</h2>');
    expect(html).toContain('Transport faults of the node: 3 (2 truncated, 1 reset)');
    expect(html).toContain('submit-and-wait::&lt;b&gt;x&lt;/b&gt;');
    expect(html).not.toContain('<b>x</b>');
  });

  it('the console lists the counts and the first examples; nothing without faults', () => {
    expect(transportConsole(withFaults())).toMatch(
      /^transport faults of the node: 3 \(2 truncated, 1 reset\); they decided the verdict\n {2}truncated: /,
    );
    expect(transportConsole(fixtureReport())).toBe('');
    expect(writeSummaryMarkdown(fixtureReport())).not.toContain('Transport and timing');
  });
});
