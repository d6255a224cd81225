/**
 * report.html: the content of summary.md as one self-contained page (inline style and a few lines of
 * script for filtering and copying; nothing loaded from elsewhere), so it can be attached to a CI job or mailed.
 */
import { transportHtml } from './transport-section.js';
import { batteryHtmlSection } from './battery.js';
import {
  NO_RESPONSE,
  certificateRows,
  clauseSentence,
  expectationsExplanation,
  httpMessage,
  humanDuration,
  propertyFacts,
  replayCommand,
  reproduceScript,
  verdictExplanation,
  stoppedExplanation,
  verdictHeadline,
  verdictTone,
} from './format.js';
import type { TestResult } from '../harness/library/results.js';
import type { RunReport } from '../harness/runner/run-report.js';
import { REPORT_SCRIPT, REPORT_STYLE } from './html-assets.js';
import { clausesSection, countBadges, notShownSection } from './html-clauses.js';
import { codeMarked, copyable, escape, groupAnchor } from './html-markup.js';
import {
  anchorOf,
  deviationClauses,
  endpointRows,
  erroredTests,
  failedClauses,
  failureGroups,
  inconclusiveClauses,
  otherFailureGroups,
  statusCounts,
} from './tables.js';

export function writeReportHtml(report: RunReport): string {
  const title = `Conformance report: ${report.target.name} (${verdictHeadline(report)})`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escape(title)}</title>
<style>${REPORT_STYLE}</style>
</head>
<body>
${verdictBanner(report)}
<main>
${certificateSection(report)}
${failuresSection(report)}
${suiteErrorsSection(report)}
${transportHtml(report, escape)}
${deviationsSection(report)}
${unexpectedlyPassingSection(report)}
${runSection(report)}
${endpointsSection(report)}
${inconclusiveSection(report)}
${skippedSection(report)}
${checksSection(report)}
${batteryHtmlSection(report)}
${clausesSection(report)}
${notShownSection(report)}
</main>
<footer>${escape(report.tool.name)} ${escape(report.tool.version)}</footer>
<script>${REPORT_SCRIPT}</script>
</body>
</html>
`;
}

function verdictBanner(report: RunReport): string {
  const stopped = stoppedExplanation(report);
  const verdict = verdictTone(report);
  const expectations = expectationsExplanation(report);
  // The same list, and so the same count, as "failing N clauses" (reports/tables.ts failedClauses).
  const failing = failedClauses(report);
  const others = otherFailureGroups(report);
  const count = (tests: number): string => `${tests} failure${tests === 1 ? '' : 's'}`;
  const items = [
    ...failing.map(
      (entry) =>
        `<li><a href="#${entry.underOtherClauses ? anchorOf('clause', entry.clauseId) : groupAnchor(entry.clauseId, entry.knownReason !== undefined)}"><code>${escape(entry.clauseId)}</code></a> ${count(entry.tests.length)}${entry.underOtherClauses ? ', beside another clause' : ''}${entry.knownReason === undefined ? '' : ' <span class="badge status-skipped">known</span>'}</li>`,
    ),
    ...others.map(
      (group) =>
        `<li><a href="#${groupAnchor(group.clauseId, group.knownReason !== undefined)}">${group.clauseId === undefined ? 'no clause' : `also failed on <code>${escape(group.clauseId)}</code>`}</a> ${count(group.tests.length)}</li>`,
    ),
  ];
  const failedList = items.length === 0 ? '' : `<ol class="failed-clauses">${items.join('')}</ol>`;
  return `<header class="banner verdict-${verdict}">
<p class="verdict">${escape(verdictHeadline(report))}</p>
<p class="profile">${escape(report.target.name)} · profile <code>${escape(report.profile)}</code></p>
${stopped === '' ? '' : `<p class="interrupted">${escape(stopped)}</p>`}
<p>${escape(verdictExplanation(report))}</p>
${expectations === '' ? '' : `<p>${escape(expectations)}</p>`}
${failedList}
</header>`;
}

function runSection(report: RunReport): string {
  const { target, totals, selection } = report;
  const facts: [string, string][] = [
    ['Target', `${target.name} (${target.kind})`],
    ['Participant', target.participant],
  ];
  if (target.scan !== undefined) facts.push(['Scan', target.scan]);
  if (target.faults !== undefined && target.faults.length > 0) facts.push(['Faults injected', target.faults.join(', ')]);
  facts.push(
    ['Seed', `${report.seed} (rerun the same cases with --seed ${report.seed})`],
    ['Cases per property', String(report.cases)],
    ['Started', report.startedAt],
    ['Finished', report.finishedAt],
    ['Include', selection.include.join(', ') || 'everything'],
    ['Exclude', selection.exclude.join(', ') || 'nothing'],
    ['Read-only', selection.readOnly ? 'yes (requests without side effects only)' : 'no'],
  );
  const tiles: [string, number | string, string][] = [
    ['passed', totals.passed, 'passed'],
    ['failed', totals.failed, 'failed'],
    ['suite errors', totals.errors, totals.errors > 0 ? 'failed' : 'neutral'],
    ['inconclusive', totals.inconclusive, 'skipped'],
    ['deviations', totals.deviations, 'neutral'],
    ['skipped', totals.skipped, 'skipped'],
    ...(totals.notRun > 0 ? ([['not run', totals.notRun, 'skipped']] as [string, number, string][]) : []),
    ['requests', totals.requests, 'neutral'],
    ['duration', humanDuration(totals.durationMs), 'neutral'],
  ];
  return `<section id="run">
<h2>Run</h2>
<div class="tiles">${tiles
    .map(
      ([label, value, tone]) =>
        `<div class="tile tone-${tone}"><span class="tile-value">${escape(String(value))}</span><span class="tile-label">${escape(label)}</span></div>`,
    )
    .join('')}</div>
<p class="counts">Clauses: ${countBadges(statusCounts(report.clauses))}</p>
<dl class="facts">${facts.map(([name, value]) => `<dt>${escape(name)}</dt><dd>${escape(value)}</dd>`).join('')}</dl>
</section>`;
}

function endpointsSection(report: RunReport): string {
  const rows = endpointRows(report.tests, report.rejections);
  if (rows.length === 0) return '<section id="endpoints"><h2>Endpoints</h2><p>No test ran.</p></section>';
  return `<section id="endpoints">
<h2>Endpoints</h2>
<p>Rejections: negative assertions credited to their rule because the same request without the mutation was accepted (conclusive), or not (inconclusive).</p>
<table>
<thead><tr><th>Endpoint</th><th class="number">Passed</th><th class="number">Failed</th><th class="number">Suite errors</th><th class="number">Inconclusive</th><th class="number">Skipped</th><th class="number">Rejections conclusive / inconclusive</th><th class="number">Clauses declared</th></tr></thead>
<tbody>
${rows
  .map(
    (row) =>
      `<tr${row.failed > 0 ? ' class="has-failures"' : ''}><td>${escape(row.endpoint)}</td><td class="number">${row.passed}</td><td class="number">${row.failed}</td><td class="number">${row.error}</td><td class="number">${row.inconclusive}</td><td class="number">${row.skipped}</td><td class="number">${row.conclusiveRejections} / ${row.inconclusiveRejections}</td><td class="number">${row.clausesCited}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
</section>`;
}

function failuresSection(report: RunReport): string {
  const groups = failureGroups(report);
  if (groups.length === 0) return '';
  let index = 0;
  const total = groups.reduce((sum, group) => sum + group.tests.length, 0);
  return `<section id="failures">
<h2>Failures by clause (${total} in ${groups.length} clause${groups.length === 1 ? '' : 's'})</h2>
${groups
  .map((group) => {
    const heading =
      group.clauseId === undefined
        ? 'No clause'
        : `<a href="#${anchorOf('clause', group.clauseId)}" title="the clause in the clause table"><code>${escape(group.clauseId)}</code></a>`;
    const known =
      group.knownReason === undefined ? '' : ` <span class="badge status-skipped">known failure</span> ${escape(group.knownReason)}`;
    const cards = group.tests.map((test) => failure(test, index++, report, group.tests.length > 3 && index > 3)).join('\n');
    return `<div class="failure-group" id="${groupAnchor(group.clauseId, group.knownReason !== undefined)}">
<h3>${heading}: ${group.tests.length} failure${group.tests.length === 1 ? '' : 's'}${known}</h3>
${group.clauseText === undefined ? '' : clauseText(group.clauseText)}
${cards}
</div>`;
  })
  .join('\n')}
</section>`;
}

/** A clause's text; a spec table row as a sentence with the verbatim row beside it. */
function clauseText(text: string): string {
  const sentence = clauseSentence(text);
  if (sentence === undefined) return `<blockquote>${escape(text)}</blockquote>`;
  return `<blockquote>${codeMarked(sentence)}<div class="verbatim">spec table row: <code>${escape(text)}</code></div></blockquote>`;
}

function unexpectedlyPassingSection(report: RunReport): string {
  const passing = report.expectations?.unexpectedlyPassing ?? [];
  if (passing.length === 0) return '';
  return `<section id="unexpectedly-passing">
<h2>Unexpectedly passing (${passing.length})</h2>
<p>Listed as known failures in <code>${escape(report.expectations!.file)}</code>, but they passed: remove them (<code>run --update-expectations</code> does).</p>
<ul>${passing.map((entry) => `<li>${entry.kind} <code>${escape(entry.id)}</code> (listed because: ${escape(entry.reason)})</li>`).join('')}</ul>
</section>`;
}

function certificateSection(report: RunReport): string {
  const rows = certificateRows(report);
  if (rows.length === 0) return '';
  return `<section id="certificate">
<h2>Certificate</h2>
<dl class="facts">${rows.map(([name, value]) => `<dt>${escape(name)}</dt><dd>${escape(value)}</dd>`).join('')}<dt>Seed</dt><dd>${escape(String(report.seed))}</dd><dt>Started / finished</dt><dd>${escape(report.startedAt)} / ${escape(report.finishedAt)}</dd></dl>
</section>`;
}

function failure(test: TestResult, index: number, report: RunReport, folded = index >= 10): string {
  const detail = test.failure;
  const parts: string[] = [];
  if (detail === undefined) {
    parts.push('<p>No details were recorded for this failure.</p>');
  } else {
    parts.push(
      detail.clauseId === undefined
        ? '<blockquote>The suite itself broke (not a failure of the target); the clauses of this test were not reached.</blockquote>'
        : '',
      `<p>Check <code>${escape(detail.check)}</code> · endpoint ${escape(test.endpoint)}</p>`,
      `<pre class="message">${escape(detail.message)}</pre>`,
    );
    const exchange = detail.exchange;
    if (exchange !== undefined) {
      const { request, response } = exchange;
      parts.push(
        '<h4>Request</h4>',
        `<pre>${escape(httpMessage(`${request.method} ${request.url}`, request.headers, request.body))}</pre>`,
        '<h4>Response</h4>',
        response === undefined
          ? `<p>${escape(NO_RESPONSE)}</p>`
          : `<pre>${escape(httpMessage(`HTTP ${response.status}`, response.headers, response.body))}</pre>`,
      );
    }
  }
  const facts = propertyFacts(test);
  const property = [
    facts.seed === undefined ? '' : `seed <code>${escape(String(facts.seed))}</code>`,
    facts.path === undefined ? '' : `path <code>${escape(facts.path)}</code>`,
    facts.runs === undefined ? '' : `${escape(String(facts.runs))} runs`,
  ].filter((part) => part !== '');
  if (property.length > 0) parts.push(`<p>Property: ${property.join(' · ')}</p>`);
  if (facts.counterexample !== undefined) parts.push('<h4>Shrunk counterexample</h4>', `<pre>${escape(facts.counterexample)}</pre>`);
  if (detail?.exchange !== undefined) {
    parts.push('<h4>Reproduce</h4>', copyable(`curl-${index}`, reproduceScript(detail.exchange, report)));
  }
  parts.push('<h4>Replay</h4>', copyable(`replay-${index}`, replayCommand(test.id, report)));
  // Under its clause's heading the clause is not repeated; a suite error says it is one.
  const summary = detail === undefined || detail.clauseId !== undefined ? test.id : `${test.id}: suite error`;
  const label = test.outcome === 'error' ? 'suite error' : 'failed';
  return `<details class="failure"${folded ? '' : ' open'}>
<summary><span class="badge status-failed">${label}</span> ${escape(summary)}</summary>
${parts.join('\n')}
</details>`;
}

function suiteErrorsSection(report: RunReport): string {
  const errors = erroredTests(report);
  if (errors.length === 0) return '';
  return `<section id="suite-errors">
<h2>Suite errors (${errors.length})</h2>
<p>The suite itself broke in these tests (an exception that is not a check failing). They are not failures of the target; their clauses are "not reached".</p>
${errors.map((test, index) => failure(test, 10_000 + index, report, index >= 10)).join('\n')}
</section>`;
}

function deviationsSection(report: RunReport): string {
  const deviations = deviationClauses(report);
  if (deviations.length === 0) return '';
  return `<section id="deviations">
<h2>Deviates from the spec as Canton 3.5 does (${deviations.length})</h2>
<p>Where the written spec and Canton 3.5 disagree, the target answered as Canton does. These are not failures; the verdict counts them.</p>
<table class="fixed deviations">
<colgroup><col style="width:18%"><col style="width:20%"><col style="width:20%"><col style="width:20%"><col style="width:22%"></colgroup>
<thead><tr><th>Clause</th><th>The spec</th><th>Canton 3.5</th><th>Evidence</th><th>What the target did</th></tr></thead>
<tbody>${deviations
    .map(
      (clause) =>
        `<tr><td><code>${escape(clause.id)}</code></td><td>${escape(clause.conflict?.spec ?? clause.text)}</td><td>${escape(clause.conflict?.canton ?? '')}</td><td>${escape(clause.conflict?.evidence ?? '')}</td><td>${escape(clause.reason ?? '')}</td></tr>`,
    )
    .join('\n')}</tbody>
</table>
</section>`;
}

function inconclusiveSection(report: RunReport): string {
  const clauses = inconclusiveClauses(report);
  if (clauses.length === 0) return '';
  return `<section id="inconclusive">
<h2>Inconclusive clauses (${clauses.length})</h2>
<p>Every assertion of these clauses was inconclusive: the evidence did not bear on the rule. They are not credited as passed.</p>
<table>
<thead><tr><th>Clause</th><th>Why</th></tr></thead>
<tbody>${clauses.map((clause) => `<tr><td><code>${escape(clause.id)}</code></td><td>${escape(clause.reason ?? '')}</td></tr>`).join('\n')}</tbody>
</table>
</section>`;
}

function checksSection(report: RunReport): string {
  const { ran, switchedOff } = report.checks;
  const off =
    switchedOff.length > 0
      ? `<p>Switched off (--checks / --exclude-checks): ${switchedOff.map((name) => `<code>${escape(name)}</code>`).join(', ')}.</p>`
      : '';
  const tallies = report.checks.perCheck ?? [];
  const table =
    tallies.length > 0
      ? `<p>A test's checks are what ran on it: its own check calls, and the response checks the harness applies to every exchange it records.</p>
<table>
<thead><tr><th>Check</th><th>Tests</th><th>By the test</th><th>By the harness</th></tr></thead>
<tbody>${tallies
          .map(
            (tally) =>
              `<tr><td><code>${escape(tally.check)}</code></td><td>${tally.tests}</td><td>${tally.byTest}</td><td>${tally.byEngine}</td></tr>`,
          )
          .join('\n')}</tbody>
</table>
`
      : '';
  return `<section id="checks">
<h2>Checks</h2>
<p>Switched on: ${ran.map((name) => `<code>${escape(name)}</code>`).join(', ') || 'none'}.</p>
${off}${table}</section>`;
}

function skippedSection(report: RunReport): string {
  const byReason = new Map<string, number>();
  for (const test of report.tests) {
    if (test.outcome === 'skipped')
      byReason.set(test.skipReason ?? 'no reason given', (byReason.get(test.skipReason ?? 'no reason given') ?? 0) + 1);
  }
  if (byReason.size === 0) return '';
  return `<section id="skipped">
<h2>Skipped tests</h2>
<table>
<thead><tr><th>Reason</th><th class="number">Tests</th></tr></thead>
<tbody>${[...byReason].map(([reason, count]) => `<tr><td>${escape(reason)}</td><td class="number">${count}</td></tr>`).join('\n')}</tbody>
</table>
</section>`;
}
