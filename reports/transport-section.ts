/**
 * The "transport faults" part of every report (console, summary.md, report.html; report.json carries the same
 * data as `transport`, `latency` and `verdictNote`): the node's measured latency and the run's timing, the
 * faults per kind with the first examples, and whether they decided the verdict. Self-contained, so each
 * writer adds it as one section.
 */
import type { RunReport } from '../harness/runner/run-report.js';

function kindsLine(report: RunReport): string {
  const transport = report.transport!;
  return Object.entries(transport.byKind)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');
}

function latencyLine(report: RunReport): string | undefined {
  const latency = report.latency;
  if (latency === undefined) return undefined;
  const write =
    latency.write === undefined ? 'not measured' : 'ms' in latency.write ? `${latency.write.ms} ms` : `failed (${latency.write.failed})`;
  return (
    `Node latency before the tests: reads ${latency.reads.medianMs} ms median (${latency.reads.maxMs} ms slowest), write ${write}` +
    `${latency.scan ? `, scan ${latency.scan.medianMs} ms median` : ''}; request timeout ${(latency.requestTimeoutMs / 1000).toFixed(1)} s, ` +
    `no whole-test limit, at most ${latency.inFlightPerWorker} requests in flight in each of ${latency.workers} suite workers.`
  );
}

/** The transport-faults headline: verdict note, counts per kind, retries; empty without faults. */
function headline(report: RunReport): string[] {
  const transport = report.transport;
  const lines: string[] = [];
  if (report.verdictNote !== undefined) lines.push(`Verdict: ${report.verdict} (${report.verdictNote}).`);
  if (transport !== undefined && transport.total > 0) {
    lines.push(
      `Transport faults of the node: ${transport.total} (${kindsLine(report)})` +
        `${transport.retried > 0 ? `; after ${transport.retried} of them a read was sent again (--retry-transport, reads only)` : ''}; ` +
        `${transport.decidedVerdict ? 'they decided the verdict' : 'they did not decide the verdict'}. ` +
        "Each is the node's failure (clause format.json-bodies), or, for a request not answered in time, leaves its test inconclusive; none is a suite error.",
    );
  }
  return lines;
}

/** Lines for the console, before the summary line (empty without faults). */
export function transportConsole(report: RunReport): string {
  const transport = report.transport;
  if (transport === undefined || transport.total === 0) return '';
  return (
    `transport faults of the node: ${transport.total} (${kindsLine(report)})` +
    `${transport.retried > 0 ? `; ${transport.retried} reads sent again (--retry-transport)` : ''}; ` +
    `${transport.decidedVerdict ? 'they decided the verdict' : 'they did not decide the verdict'}\n` +
    transport.examples.map((fault) => `  ${fault.kind}: ${fault.message}${fault.testId ? ` [${fault.testId}]` : ''}\n`).join('')
  );
}

/** summary.md section "Transport and timing". */
export function transportMarkdown(report: RunReport, inline: (text: string) => string): string {
  const latency = latencyLine(report);
  const lines = headline(report);
  if (latency === undefined && lines.length === 0) return '';
  const out = ['## Transport and timing', ''];
  if (latency !== undefined) out.push(inline(latency), '');
  for (const line of lines) out.push(`**${inline(line)}**`, '');
  const examples = report.transport?.examples ?? [];
  if (examples.length > 0) {
    out.push('| kind | request | after | test |', '|---|---|---:|---|');
    for (const fault of examples) {
      out.push(
        `| ${inline(fault.kind)} | ${inline(`${fault.method} ${fault.url}`)} | ${(fault.elapsedMs / 1000).toFixed(1)} s | ${inline(fault.testId ?? '')} |`,
      );
    }
  }
  return out.join('\n').trimEnd();
}

/** report.html section "Transport and timing". */
export function transportHtml(report: RunReport, escape: (text: string) => string): string {
  const latency = latencyLine(report);
  const lines = headline(report);
  if (latency === undefined && lines.length === 0) return '';
  const examples = report.transport?.examples ?? [];
  const rows = examples
    .map(
      (fault) =>
        `<tr><td>${escape(fault.kind)}</td><td><code>${escape(`${fault.method} ${fault.url}`)}</code></td>` +
        `<td>${(fault.elapsedMs / 1000).toFixed(1)} s</td><td>${escape(fault.testId ?? '')}</td><td>${escape(fault.message)}</td></tr>`,
    )
    .join('\n');
  return `<section id="transport">
<h2>Transport and timing</h2>
${latency !== undefined ? `<p>${escape(latency)}</p>` : ''}
${lines.map((line) => `<p><strong>${escape(line)}</strong></p>`).join('\n')}
${rows !== '' ? `<table><thead><tr><th>kind</th><th>request</th><th>after</th><th>test</th><th>fault</th></tr></thead><tbody>\n${rows}\n</tbody></table>` : ''}
</section>`;
}
