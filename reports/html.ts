/**
 * report.html: the content of summary.md as one self-contained page (inline style and a few lines of
 * script for filtering and copying; nothing loaded from elsewhere), so it can be attached to a CI job or mailed.
 */
import { transportHtml } from './transport.js';
import { batteryHtmlSection } from './battery.js';
import {
  NO_RESPONSE,
  STATUS_LABEL,
  STATUS_ORDER,
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
import type { ClauseCoverage, ClauseStatus, RunReport } from '../harness/runner/run-report.js';
import {
  anchorOf,
  clauseGroups,
  deviationClauses,
  endpointRows,
  erroredTests,
  failedClauses,
  failureGroups,
  inconclusiveClauses,
  otherFailureGroups,
  notShownClauses,
  statusCounts,
  type StatusCounts,
} from './tables.js';

const TESTS_SHOWN_PER_CLAUSE = 5;

export function writeReportHtml(report: RunReport): string {
  const title = `Conformance report: ${report.target.name} (${verdictHeadline(report)})`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escape(title)}</title>
<style>${STYLE}</style>
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
<script>${SCRIPT}</script>
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

function groupAnchor(clauseId: string | undefined, known: boolean): string {
  return anchorOf(known ? 'known-failures' : 'failures', clauseId ?? '(none)');
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

/** Our own sentence with its `code` spans as <code>. */
function codeMarked(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.length > 1 && part.startsWith('`') && part.endsWith('`') ? `<code>${escape(part.slice(1, -1))}</code>` : escape(part),
    )
    .join('');
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

function copyable(id: string, text: string): string {
  return `<div class="copyable"><button type="button" data-copy="${id}">Copy</button><pre id="${id}">${escape(text)}</pre></div>`;
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

function clausesSection(report: RunReport): string {
  // Groups with failed clauses first, and failed clauses first in their group, each linking to its failures.
  const failuresOf = new Map<string, { count: number; known: boolean }>();
  for (const group of failureGroups(report)) {
    if (group.clauseId !== undefined && !failuresOf.has(group.clauseId))
      failuresOf.set(group.clauseId, { count: group.tests.length, known: group.knownReason !== undefined });
  }
  const failedFirst = (clause: ClauseCoverage) => (clause.status === 'failed' ? 0 : 1);
  const groups = clauseGroups(report.clauses)
    .map((group) => ({ ...group, clauses: [...group.clauses].sort((left, right) => failedFirst(left) - failedFirst(right)) }))
    .sort((left, right) => Number(right.counts.failed > 0) - Number(left.counts.failed > 0));
  const notInProfile = report.clauses.filter((clause) => clause.status === 'not-in-profile').length;
  const present = STATUS_ORDER.filter((status) => groups.some((group) => group.counts[status] > 0));
  const note =
    notInProfile > 0
      ? `<p>${notInProfile} clause(s) of real Canton/Splice behaviour are checked by the <code>canton</code> profile only and are not part of this certification.</p>`
      : '';
  if (groups.length === 0) return `<section id="clauses"><h2>Clauses</h2>${note}<p>No clause is part of this certification.</p></section>`;
  return `<section id="clauses">
<h2>Clauses</h2>
${note}
<div class="filters">
<label>Status <select id="status-filter"><option value="">all</option>${present
    .map((status) => `<option value="${status}">${escape(STATUS_LABEL[status])}</option>`)
    .join('')}</select></label>
<label>Text <input type="search" id="text-filter" placeholder="clause id, sentence, test, reason"></label>
<span id="filter-count"></span>
</div>
<table id="clause-table" class="fixed">
<colgroup><col style="width:30%"><col style="width:7%"><col style="width:10%"><col style="width:10%"><col style="width:19%"><col style="width:24%"></colgroup>
<thead><tr><th>Clause</th><th>Level</th><th>Status</th><th>Assertions passed / failed / inconclusive</th><th>Asserted by</th><th>Reason</th></tr></thead>
${groups
  .map(
    (group) => `<tbody>
<tr class="group"><th colspan="6">${escape(group.title)} <span class="counts">${countBadges(group.counts)}</span></th></tr>
${group.clauses.map((clause) => clauseRow(clause, failuresOf)).join('\n')}
</tbody>`,
  )
  .join('\n')}
</table>
</section>`;
}

function clauseRow(clause: ClauseCoverage, failuresOf: ReadonlyMap<string, { count: number; known: boolean }>): string {
  const { passed, failed, inconclusive, deviation } = clause.assertions;
  const counts = `${passed} / ${failed} / ${inconclusive}${deviation > 0 ? ` (${deviation} deviating)` : ''}`;
  const sentence = clauseSentence(clause.text);
  const text =
    sentence === undefined
      ? `<div class="sentence">${escape(clause.text)}</div>`
      : `<div class="sentence">${codeMarked(sentence)}</div><div class="verbatim">spec table row: <code>${escape(clause.text)}</code></div>`;
  const failures = failuresOf.get(clause.id);
  const link =
    failures === undefined
      ? ''
      : ` <a class="to-failures" href="#${groupAnchor(clause.id, failures.known)}">${failures.count} failure${failures.count === 1 ? '' : 's'} ↓</a>`;
  return `<tr class="clause" id="${anchorOf('clause', clause.id)}" data-status="${escape(clause.status)}"><td><code>${escape(clause.id)}</code>${link}${text}</td><td>${escape(clause.level)}</td><td>${badge(clause.status)}</td><td class="number">${counts}</td><td>${testList(clause.assertedBy)}</td><td>${escape(clause.reason ?? '')}</td></tr>`;
}

/** A clause cited by dozens of property tests shows the first few; the rest fold away. */
function testList(testIds: readonly string[]): string {
  if (testIds.length === 0) return '';
  const item = (id: string) => `<li>${escape(id)}</li>`;
  const shown = testIds.slice(0, TESTS_SHOWN_PER_CLAUSE).map(item).join('');
  const rest = testIds.slice(TESTS_SHOWN_PER_CLAUSE);
  const folded =
    rest.length === 0 ? '' : `<details><summary>+${rest.length} more</summary><ul class="tests">${rest.map(item).join('')}</ul></details>`;
  return `<ul class="tests">${shown}</ul>${folded}`;
}

function notShownSection(report: RunReport): string {
  const notShown = notShownClauses(report);
  if (notShown.length === 0) return '';
  return `<section id="not-shown">
<h2>Not shown by the spec <small>(deliberately not checked)</small></h2>
<ul>${notShown.map((clause) => `<li><code>${escape(clause.id)}</code> <span class="section">${escape(clause.section)}</span><div class="sentence">${escape(clause.text)}</div></li>`).join('\n')}</ul>
</section>`;
}

function countBadges(counts: StatusCounts): string {
  return STATUS_ORDER.filter((status) => counts[status] > 0)
    .map((status) => `<span class="badge status-${status}">${counts[status]} ${escape(STATUS_LABEL[status])}</span>`)
    .join(' ');
}

function badge(status: ClauseStatus): string {
  return `<span class="badge status-${escape(status)}">${escape(STATUS_LABEL[status])}</span>`;
}

function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

const STYLE = `
:root {
  --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0; --stripe: #f6f8fa; --code-bg: #f6f8fa;
  --pass: #1a7f37; --pass-bg: #dafbe1; --fail: #cf222e; --fail-bg: #ffebe9; --skip: #9a6700; --skip-bg: #fff8c5;
  --open: #8250df; --open-bg: #fbefff; --quiet: #59636e; --quiet-bg: #eff2f5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --stripe: #151b23; --code-bg: #161b22;
    --pass: #3fb950; --pass-bg: #12261e; --fail: #f85149; --fail-bg: #2d1214; --skip: #d29922; --skip-bg: #272115;
    --open: #ab7df8; --open-bg: #231a34; --quiet: #9198a1; --quiet-bg: #212830;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
main, footer { max-width: 1200px; margin: 0 auto; padding: 0 1.5rem; }
footer { color: var(--muted); padding-bottom: 2rem; font-size: 0.85rem; }
h2 { border-bottom: 1px solid var(--border); padding-bottom: 0.3rem; margin-top: 2.5rem; }
h4 { margin: 1rem 0 0.3rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.85em; }
code { background: var(--code-bg); padding: 0.1em 0.3em; border-radius: 4px; }
pre { background: var(--code-bg); border: 1px solid var(--border); border-radius: 6px; padding: 0.75rem; overflow: auto; max-height: 28rem; white-space: pre-wrap; word-break: break-all; margin: 0; }
.banner { padding: 1.5rem; text-align: center; border-bottom: 4px solid; }
.banner p { margin: 0.25rem 0; }
.banner .verdict { font-size: 2.5rem; font-weight: 800; letter-spacing: 0.05em; }
.verdict-certified { background: var(--pass-bg); border-color: var(--pass); }
.verdict-certified .verdict { color: var(--pass); }
.verdict-not-certified { background: var(--fail-bg); border-color: var(--fail); }
.verdict-not-certified .verdict { color: var(--fail); }
.verdict-incomplete, .verdict-suite-error, .verdict-known-failures, .verdict-stopped { background: var(--skip-bg); border-color: var(--skip); }
.verdict-incomplete .verdict, .verdict-suite-error .verdict, .verdict-known-failures .verdict, .verdict-stopped .verdict { color: var(--skip); }
.interrupted { font-weight: 700; }
.tiles { display: flex; flex-wrap: wrap; gap: 0.75rem; }
.tile { border: 1px solid var(--border); border-radius: 8px; padding: 0.6rem 1rem; min-width: 7rem; display: flex; flex-direction: column; }
.tile-value { font-size: 1.6rem; font-weight: 700; }
.tile-label { color: var(--muted); font-size: 0.85rem; }
.tone-passed .tile-value { color: var(--pass); }
.tone-failed .tile-value { color: var(--fail); }
.tone-skipped .tile-value { color: var(--skip); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; word-break: break-all; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
th, td { border: 1px solid var(--border); padding: 0.35rem 0.6rem; text-align: left; vertical-align: top; overflow-wrap: break-word; }
table.fixed { table-layout: fixed; }
table.fixed td { overflow-wrap: anywhere; }
table.fixed code { word-break: break-all; }
.verbatim { color: var(--muted); font-size: 0.8rem; margin-top: 0.2rem; }
.failed-clauses { display: inline-block; text-align: left; margin: 0.5rem auto; }
.failure-group { border-left: 4px solid var(--fail); padding-left: 1rem; margin: 1.5rem 0; }
.failure-group h3 { margin: 0.5rem 0; word-break: break-all; }
a.to-failures { color: var(--fail); font-weight: 600; font-size: 0.85rem; white-space: nowrap; }
tr.clause:target td, .failure-group:target { outline: 3px solid var(--open); }
thead th { background: var(--stripe); position: sticky; top: 0; }
tbody tr.clause:nth-child(odd) td { background: var(--stripe); }
tr.group th { background: var(--quiet-bg); font-size: 1rem; }
tr.has-failures td { color: var(--fail); font-weight: 600; }
.number { text-align: right; font-variant-numeric: tabular-nums; }
.sentence { color: var(--muted); font-size: 0.85rem; margin-top: 0.2rem; }
.section { color: var(--muted); font-size: 0.85rem; }
ul.tests { margin: 0; padding-left: 1rem; font-size: 0.85rem; }
.badge { display: inline-block; border-radius: 999px; padding: 0 0.55rem; font-size: 0.8rem; font-weight: 600; white-space: nowrap; }
.status-passed { color: var(--pass); background: var(--pass-bg); }
.status-failed { color: var(--fail); background: var(--fail-bg); }
.status-skipped { color: var(--skip); background: var(--skip-bg); }
.status-not-covered, .status-not-reached, .status-inconclusive { color: var(--open); background: var(--open-bg); }
.status-deviation { color: var(--quiet); background: var(--pass-bg); }
.status-not-testable, .status-not-shown, .status-not-in-profile { color: var(--quiet); background: var(--quiet-bg); }
.filters { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin: 0.5rem 0; }
.filters input, .filters select { font: inherit; padding: 0.2rem 0.4rem; background: var(--bg); color: var(--fg); border: 1px solid var(--border); border-radius: 4px; }
.filters input { width: 22rem; max-width: 100%; }
#filter-count { color: var(--muted); }
details.failure { border: 1px solid var(--fail); border-radius: 8px; padding: 0.5rem 1rem; margin: 0.75rem 0; }
details.failure summary { cursor: pointer; font-weight: 600; word-break: break-all; }
blockquote { margin: 0.75rem 0; padding: 0.25rem 0.75rem; border-left: 4px solid var(--border); }
.copyable { position: relative; }
.copyable button { position: absolute; top: 0.4rem; right: 0.4rem; font: inherit; font-size: 0.8rem; cursor: pointer; background: var(--bg); color: var(--fg); border: 1px solid var(--border); border-radius: 4px; }
`;

/** Filters the clause table by status and text, and copies a command block to the clipboard. */
const SCRIPT = `
(function () {
  var statusFilter = document.getElementById('status-filter');
  var textFilter = document.getElementById('text-filter');
  var count = document.getElementById('filter-count');
  function applyFilter() {
    var status = statusFilter.value;
    var text = textFilter.value.trim().toLowerCase();
    var shown = 0;
    document.querySelectorAll('#clause-table tbody').forEach(function (group) {
      var visible = 0;
      group.querySelectorAll('tr.clause').forEach(function (row) {
        var match = (!status || row.dataset.status === status) && (!text || row.textContent.toLowerCase().indexOf(text) >= 0);
        row.hidden = !match;
        if (match) visible += 1;
      });
      group.hidden = visible === 0;
      shown += visible;
    });
    count.textContent = shown + ' clause(s) shown';
  }
  if (statusFilter && textFilter) {
    statusFilter.addEventListener('change', applyFilter);
    textFilter.addEventListener('input', applyFilter);
    applyFilter();
  }
  document.querySelectorAll('button[data-copy]').forEach(function (button) {
    button.addEventListener('click', function () {
      var block = document.getElementById(button.dataset.copy);
      var done = function () { button.textContent = 'Copied'; setTimeout(function () { button.textContent = 'Copy'; }, 1500); };
      if (navigator.clipboard) {
        navigator.clipboard.writeText(block.textContent).then(done, function () { selectText(block); });
      } else {
        selectText(block);
      }
    });
  });
  function selectText(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
})();
`;
