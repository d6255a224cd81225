/**
 * summary.md: what a certification reviewer reads first — the verdict, the totals, the endpoint and clause
 * tables, and every failure with what it takes to reproduce it.
 */
import { batteryMarkdownSection } from './battery.js';
import {
  STATUS_LABEL,
  STATUS_ORDER,
  VERDICT_TITLE,
  NO_RESPONSE,
  curlForDisplay,
  httpMessage,
  humanDuration,
  propertyFacts,
  replayCommand,
  verdictExplanation,
} from './format.js';
import type { ClauseCoverage, RecordedExchange, RunReport, TestResult, Verdict } from '../harness/results.js';
import {
  clauseGroups,
  deviationClauses,
  endpointRows,
  erroredTests,
  failedTests,
  inconclusiveClauses,
  notShownClauses,
  statusCounts,
  type StatusCounts,
} from './tables.js';

const VERDICT_MARK: Record<Verdict, string> = { certified: '✅', 'not-certified': '❌', 'suite-error': '🛠️', incomplete: '⚠️' };
/** A broken target can fail hundreds of tests; past this many, summary.md lists them in a table instead. */
const FAILURES_IN_FULL = 50;
/** Test ids listed per clause before the rest is summed up as "+N more". */
const TESTS_LISTED_PER_CLAUSE = 3;

export function writeSummaryMarkdown(report: RunReport): string {
  const sections = [
    header(report),
    endpointsSection(report),
    failuresSection(report),
    suiteErrorsSection(report),
    deviationsSection(report),
    inconclusiveSection(report),
    skippedSection(report),
    checksSection(report),
    batteryMarkdownSection(report),
    clausesSection(report),
    notShownSection(report),
  ];
  return `${sections.filter((section) => section !== '').join('\n\n')}\n`;
}

function header(report: RunReport): string {
  const { target, totals } = report;
  const scan = target.scan === undefined ? '' : `, scan ${inline(target.scan)}`;
  const rows: [string, string][] = [
    ['Target', `${inline(target.name)} (${target.kind}): participant ${inline(target.participant)}${scan}`],
    ['Profile', `\`${report.profile}\``],
    ['Seed', `${report.seed} (rerun the same cases with \`--seed ${report.seed}\`)`],
    ['Cases per property', String(report.cases)],
    ['Started / finished', `${inline(report.startedAt)} / ${inline(report.finishedAt)}`],
    ['Selection', selection(report)],
  ];
  if (target.faults !== undefined && target.faults.length > 0) rows.push(['Faults injected', target.faults.map(inline).join(', ')]);
  const lines = [
    `# Conformance report: ${inline(target.name)}`,
    '',
    `## ${VERDICT_MARK[report.verdict]} ${VERDICT_TITLE[report.verdict]} for the \`${report.profile}\` profile`,
    '',
    `> ${inline(verdictExplanation(report))}`,
  ];
  if (report.interrupted) lines.push('>', '> **The run was interrupted (Ctrl-C); this report covers only the tests that ran.**');
  lines.push(
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    '',
    `**Tests:** ${totals.passed} passed · ${totals.failed} failed · ${totals.errors} suite errors · ${totals.inconclusive} inconclusive · ${totals.skipped} skipped · ${totals.requests} requests · ${humanDuration(totals.durationMs)}`,
    '',
    `**Clauses:** ${countsLine(statusCounts(report.clauses))}`,
    '',
    `_${inline(report.tool.name)} ${inline(report.tool.version)}_`,
  );
  return lines.join('\n');
}

function selection(report: RunReport): string {
  const { include, exclude, readOnly } = report.selection;
  const parts = [
    include.length > 0 ? `include ${include.map(inline).join(', ')}` : '',
    exclude.length > 0 ? `exclude ${exclude.map(inline).join(', ')}` : '',
    readOnly ? 'read-only (requests without side effects only)' : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join('; ') : 'everything';
}

function countsLine(counts: StatusCounts): string {
  return (
    STATUS_ORDER.filter((status) => counts[status] > 0)
      .map((status) => `${counts[status]} ${STATUS_LABEL[status]}`)
      .join(' · ') || 'none'
  );
}

function endpointsSection(report: RunReport): string {
  const rows = endpointRows(report.tests, report.rejections);
  if (rows.length === 0) return '## Endpoints\n\nNo test ran.';
  return [
    '## Endpoints',
    '',
    'Rejections: negative assertions (invalid input, missing credentials) credited to their rule because the same request without the mutation was accepted (conclusive), or not (inconclusive).',
    '',
    '| Endpoint | Passed | Failed | Suite errors | Inconclusive | Skipped | Rejections conclusive / inconclusive | Clauses declared |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${inline(row.endpoint)} | ${row.passed} | ${row.failed === 0 ? '0' : `**${row.failed}**`} | ${row.error} | ${row.inconclusive} | ${row.skipped} | ${row.conclusiveRejections} / ${row.inconclusiveRejections} | ${row.clausesCited} |`,
    ),
  ].join('\n');
}

function failuresSection(report: RunReport): string {
  const failures = failedTests(report);
  if (failures.length === 0) return '';
  const detailed = failures.slice(0, FAILURES_IN_FULL).map((test, index) => failure(test, index + 1));
  const rest = failures.slice(FAILURES_IN_FULL);
  if (rest.length === 0) return ['## Failures', ...detailed].join('\n\n');
  const restTable = [
    `### ${rest.length} more failures`,
    '',
    'Their full details (exchange, counterexample, curl) are in report.html and report.json.',
    '',
    '| Test | Clause | Message |',
    '|---|---|---|',
    ...rest.map(
      (test) =>
        `| ${inline(test.id)} | ${codeSpan(test.failure?.clauseId ?? '')} | ${inline(test.failure?.message.split('\n')[0] ?? '')} |`,
    ),
  ].join('\n');
  return ['## Failures', ...detailed, restTable].join('\n\n');
}

function failure(test: TestResult, number: number): string {
  const lines = [`### ${number}. ${inline(test.id)}`, ''];
  const detail = test.failure;
  if (detail === undefined) {
    lines.push('No details were recorded for this failure.');
  } else {
    lines.push(
      detail.clauseId === undefined
        ? '**The suite itself broke** (not a failure of the target); the clauses of this test were not reached.'
        : `**Clause** ${codeSpan(detail.clauseId)}: ${inline(detail.clauseText ?? '')}`,
      '',
      `**Check** ${codeSpan(detail.check)} · **endpoint** ${inline(test.endpoint)}`,
      '',
      fenced(detail.message, 'text'),
    );
    if (detail.exchange !== undefined) lines.push('', ...exchange(detail.exchange));
  }
  const facts = propertyFacts(test);
  const property = [
    facts.seed === undefined ? '' : `seed \`${facts.seed}\``,
    facts.path === undefined ? '' : `path ${codeSpan(facts.path)}`,
    facts.runs === undefined ? '' : `${facts.runs} runs`,
  ].filter((part) => part !== '');
  if (property.length > 0) lines.push('', `**Property:** ${property.join(' · ')}`);
  if (facts.counterexample !== undefined) lines.push('', '**Shrunk counterexample**', '', fenced(facts.counterexample, 'json'));
  if (detail?.exchange !== undefined) {
    lines.push('', '**Reproduce** (set `TOKEN` to a valid token first)', '', fenced(curlForDisplay(detail.exchange.curl), 'sh'));
  }
  lines.push('', '**Replay**', '', fenced(replayCommand(test.id), 'sh'));
  return lines.join('\n');
}

function exchange(recorded: RecordedExchange): string[] {
  const { request, response } = recorded;
  const lines = ['**Request**', '', fenced(httpMessage(`${request.method} ${request.url}`, request.headers, request.body), 'http'), ''];
  if (response === undefined) {
    lines.push(`**Response:** ${NO_RESPONSE}`);
  } else {
    lines.push('**Response**', '', fenced(httpMessage(`HTTP ${response.status}`, response.headers, response.body), 'http'));
  }
  return lines;
}

function suiteErrorsSection(report: RunReport): string {
  const errors = erroredTests(report);
  if (errors.length === 0) return '';
  return [
    '## Suite errors',
    '',
    'The suite itself broke in these tests (an exception that is not a check failing). They are not failures of the target; their clauses are "not reached".',
    '',
    ...errors.map((test, index) => failure(test, index + 1)),
  ].join('\n\n');
}

function deviationsSection(report: RunReport): string {
  const deviations = deviationClauses(report);
  if (deviations.length === 0) return '';
  return [
    '## Deviates from the spec as Canton 3.5 does',
    '',
    'Where the written spec and Canton 3.5 disagree, the target answered as Canton does. These are not failures; the verdict counts them.',
    '',
    '| Clause | The spec | Canton 3.5 | Evidence | What the target did |',
    '|---|---|---|---|---|',
    ...deviations.map(
      (clause) =>
        `| ${codeSpan(clause.id)} | ${inline(clause.conflict?.spec ?? clause.text)} | ${inline(clause.conflict?.canton ?? '')} | ${inline(clause.conflict?.evidence ?? '')} | ${inline(clause.reason ?? '')} |`,
    ),
  ].join('\n');
}

function inconclusiveSection(report: RunReport): string {
  const clauses = inconclusiveClauses(report);
  if (clauses.length === 0) return '';
  return [
    '## Inconclusive clauses',
    '',
    'Every assertion of these clauses was inconclusive: the evidence did not bear on the rule (e.g. the control request was rejected too, or the rejection was for another reason). They are not credited as passed.',
    '',
    '| Clause | Why |',
    '|---|---|',
    ...clauses.map((clause) => `| ${codeSpan(clause.id)} | ${inline(clause.reason ?? '')} |`),
  ].join('\n');
}

function checksSection(report: RunReport): string {
  const { ran, switchedOff } = report.checks;
  const lines = ['## Checks', '', `Ran: ${ran.map(codeSpan).join(', ') || 'none'}.`];
  if (switchedOff.length > 0) lines.push('', `Switched off (--checks / --exclude-checks): ${switchedOff.map(codeSpan).join(', ')}.`);
  return lines.join('\n');
}

function skippedSection(report: RunReport): string {
  const byReason = new Map<string, number>();
  for (const test of report.tests) {
    if (test.outcome !== 'skipped') continue;
    const reason = test.skipReason ?? 'no reason given';
    byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
  }
  if (byReason.size === 0) return '';
  return [
    '## Skipped tests',
    '',
    '| Reason | Tests |',
    '|---|---:|',
    ...[...byReason].map(([reason, count]) => `| ${inline(reason)} | ${count} |`),
  ].join('\n');
}

function clausesSection(report: RunReport): string {
  const groups = clauseGroups(report.clauses);
  const notInProfile = report.clauses.filter((clause) => clause.status === 'not-in-profile').length;
  const lines = ['## Clauses'];
  if (notInProfile > 0) {
    lines.push(
      '',
      `${notInProfile} clause(s) of real Canton/Splice behaviour are checked by the \`canton\` profile only and are not part of this certification.`,
    );
  }
  for (const group of groups) {
    lines.push(
      '',
      `### ${inline(group.title)}`,
      '',
      countsLine(group.counts),
      '',
      '| Clause | Level | Status | Assertions passed / failed / inconclusive | Asserted by | Reason |',
      '|---|---|---|---|---|---|',
      ...group.clauses.map(clauseRow),
    );
  }
  if (groups.length === 0) lines.push('', 'No clause is part of this certification.');
  return lines.join('\n');
}

function clauseRow(clause: ClauseCoverage): string {
  const emphasised: readonly string[] = ['failed', 'not-covered', 'not-reached', 'inconclusive'];
  const status = emphasised.includes(clause.status) ? `**${STATUS_LABEL[clause.status]}**` : STATUS_LABEL[clause.status];
  const listed = clause.assertedBy.slice(0, TESTS_LISTED_PER_CLAUSE).map(inline);
  const more = clause.assertedBy.length - listed.length;
  const tests = more > 0 ? `${listed.join('<br>')}<br>+${more} more` : listed.join('<br>');
  const { passed, failed, inconclusive, deviation } = clause.assertions;
  const counts = `${passed} / ${failed} / ${inconclusive}${deviation > 0 ? ` (${deviation} deviating)` : ''}`;
  return `| ${codeSpan(clause.id)}<br>${inline(clause.text)} | ${clause.level} | ${status} | ${counts} | ${tests} | ${inline(clause.reason ?? '')} |`;
}

function notShownSection(report: RunReport): string {
  const notShown = notShownClauses(report);
  if (notShown.length === 0) return '';
  return [
    '## Not shown by the spec (deliberately not checked)',
    '',
    ...notShown.map((clause) => `- ${codeSpan(clause.id)} (${inline(clause.section)}): ${inline(clause.text)}`),
  ].join('\n');
}

/** Text shown verbatim in Markdown prose or a table cell: no emphasis, links, code spans, HTML or cell breaks. */
function inline(text: string): string {
  return text
    .replace(/[\\`*_[\]|]/g, (character) => `\\${character}`)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(/\r?\n/g, ' ');
}

/** An identifier as inline code, or as escaped text when it holds characters a code span cannot. */
function codeSpan(text: string): string {
  return /[`|\n]/.test(text) ? inline(text) : `\`${text}\``;
}

/** A fenced code block whose fence is longer than any backtick run in the content. */
function fenced(content: string, language: string): string {
  const longestRun = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${language}\n${content}\n${fence}`;
}
