/**
 * summary.md: what a certification reviewer reads first — the verdict, the totals, the endpoint and clause
 * tables, and every failure with what it takes to reproduce it.
 */
import { transportMarkdown } from './transport-section.js';
import { batteryMarkdownSection } from './battery.js';
import {
  STATUS_LABEL,
  STATUS_ORDER,
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
  type VerdictTone,
} from './format.js';
import type { RecordedExchange, TestResult } from '../harness/library/results.js';
import type { ClauseCoverage, RunReport } from '../harness/runner/run-report.js';
import {
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

const VERDICT_MARK: Record<VerdictTone, string> = {
  certified: '✅',
  'not-certified': '❌',
  'suite-error': '🛠️',
  incomplete: '⚠️',
  'known-failures': '⚠️',
  stopped: '⏹️',
};
/**
 * summary.md must fit a pull-request comment and a CI job summary (65,536 characters) for any run, and be read
 * from its first screen: the verdict first, then the failures grouped by clause, each clause with its first
 * failure in full and a few more on one line ("… and N more, see report.html"), within a budget of characters;
 * report.html and report.json hold every failure, and clauses.md the whole clause table.
 */
export const SUMMARY_LIMIT_CHARS = 65_536;
/** What the sections are fitted to, leaving room below the limit (the limit counts characters; emoji count twice). */
const SUMMARY_TARGET_CHARS = 60_000;
/** The failures get at least this much, however long the other sections are (they give way first). */
const FAILURES_MIN_CHARS = 24_000;
/** One failure shown in full longer than this (a large body, a long curl) is shown without its exchange. */
const DETAIL_MAX_CHARS = 6_000;
/** Room kept at the end of the failures for the line that names the clauses left out. */
const OVERFLOW_RESERVE_CHARS = 2_500;
/** Failed clauses the header lists before "… and N more". */
const HEADER_CLAUSES = 25;
/** Failures listed on one line per clause, after the one shown in full, before "… and N more". */
const ONE_LINE_PER_CLAUSE = 3;
/** Suite errors shown in full, and on one line, before "… and N more". */
const SUITE_ERRORS_DETAILED = 3;
const SUITE_ERRORS_LISTED = 10;
/** Test ids listed per clause before the rest is summed up as "+N more". */
const TESTS_LISTED_PER_CLAUSE = 3;
const SEE_HTML = 'see report.html';

/** summary.md: verdict, failures by clause and deviations first, then the run, the endpoints and what needs attention. */
export function writeSummaryMarkdown(report: RunReport): string {
  const lead = header(report);
  // After the failures, in the order shown; when the summary runs out of room they give way, last first.
  const after = [
    transportMarkdown(report, inline),
    deviationsSection(report),
    unexpectedlyPassingSection(report),
    runSection(report),
    endpointsSection(report),
    inconclusiveSection(report),
    skippedSection(report),
    checksSection(report),
    attentionSection(report),
    batteryMarkdownSection(report),
    notShownSection(report),
  ].filter((section) => section !== '');
  const fixed = [lead, ...after].reduce((sum, section) => sum + section.length + 2, 0);
  const budget = Math.max(FAILURES_MIN_CHARS, SUMMARY_TARGET_CHARS - fixed);
  const failures = failuresSection(report, budget);
  const errors = suiteErrorsSection(report, Math.max(4_000, budget - failures.length));
  const sections = [lead, failures, errors, ...after].filter((section) => section !== '');
  const total = (): number => sections.reduce((sum, section) => sum + section.length + 2, 0);
  const firstAfter = sections.length - after.length;
  for (let index = sections.length - 1; index >= firstAfter && total() > SUMMARY_TARGET_CHARS; index--) {
    const title = sections[index]!.split('\n')[0]!;
    if (title.startsWith('## ')) sections[index] = `${title}\n\n_Left out to keep this summary under 64 KB: ${SEE_HTML}._`;
  }
  const text = `${sections.join('\n\n')}\n`;
  if (text.length <= SUMMARY_LIMIT_CHARS) return text;
  // The last resort: the sections that lead (verdict and failures) are cut at the limit, saying so.
  const note = `\n\n_This summary was cut at ${SUMMARY_LIMIT_CHARS} characters: ${SEE_HTML} for the rest._\n`;
  return `${text.slice(0, SUMMARY_LIMIT_CHARS - note.length)}${note}`;
}

/** clauses.md: every clause of the registry with its status, sentence, verbatim text, counts and tests. */
export function writeClausesMarkdown(report: RunReport): string {
  return `${[`# Clauses: ${inline(report.target.name)}, \`${report.profile}\` profile`, clausesSection(report), notShownSection(report)]
    .filter((section) => section !== '')
    .join('\n\n')}\n`;
}

function header(report: RunReport): string {
  const { target, totals } = report;
  const lines = [
    `# Conformance report: ${inline(target.name)}`,
    '',
    `## ${VERDICT_MARK[verdictTone(report)]} ${inline(verdictHeadline(report))} for the \`${report.profile}\` profile`,
    '',
    `> ${inline(verdictExplanation(report))}`,
  ];
  const stopped = stoppedExplanation(report);
  if (stopped !== '') lines.splice(lines.length - 1, 0, `> **${inline(stopped)}**`, '>');
  const expectations = expectationsExplanation(report);
  if (expectations !== '') lines.push('>', `> ${inline(expectations)}`);
  const notRun = totals.notRun > 0 ? ` · ${totals.notRun} not run` : '';
  lines.push(
    '',
    `**Tests:** ${totals.passed} passed · ${totals.failed} failed · ${totals.errors} suite errors · ${totals.inconclusive} inconclusive · ${totals.skipped} skipped${notRun} · ${totals.requests} requests · ${humanDuration(totals.durationMs)}`,
    '',
    `**Clauses:** ${countsLine(statusCounts(report.clauses))}`,
  );
  const failing = failedClauses(report);
  const others = otherFailureGroups(report);
  if (failing.length > 0 || others.length > 0) {
    const entries = [
      ...failing.map(
        (entry) =>
          `- ${codeSpan(entry.clauseId)}: ${plural(entry.tests.length, 'failure')}` +
          (entry.underOtherClauses ? ', beside another clause (shown under that clause)' : '') +
          (entry.knownReason === undefined ? '' : ` (known: ${inline(cut(entry.knownReason, 200))})`),
      ),
      ...others.map((group) => {
        const status = report.clauses.find((clause) => clause.id === group.clauseId)?.status;
        const where =
          group.clauseId === undefined
            ? 'no clause (the test failed before one was at stake)'
            : `also failed on ${codeSpan(group.clauseId)} (${status === undefined ? 'not in the clause table' : STATUS_LABEL[status]})`;
        return `- ${where}: ${plural(group.tests.length, 'failure')}`;
      }),
    ];
    const listed = entries.slice(0, HEADER_CLAUSES);
    lines.push('', `**Failed clauses** (${failing.length}, most failures first):`, '', ...listed);
    if (entries.length > listed.length) lines.push(`- … and ${entries.length - listed.length} more, ${SEE_HTML}`);
  }
  return lines.join('\n');
}

function runSection(report: RunReport): string {
  const { target } = report;
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
  for (const [name, value] of certificateRows(report)) rows.push([inline(name), inline(value)]);
  if (report.reportPath !== undefined) rows.push(['Report', inline(report.reportPath)]);
  return ['## Run and certificate', '', '| | |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`)].join('\n');
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

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A failure on one line: its test, the first line of its message, its replay command. */
function failureLine(test: TestResult, report: RunReport): string {
  return `- ${inline(test.id)}: ${inline(cut(test.failure?.message.split('\n')[0] ?? '', 240))} (replay: ${codeSpan(replayCommand(test.id, report))})`;
}

/** A failure in full, or without its exchange and curl when that is too long for the summary. */
function fittedFailure(test: TestResult, number: number, report: RunReport, withClause: boolean): string {
  const full = failure(test, number, report, withClause);
  if (full.length <= DETAIL_MAX_CHARS) return full;
  const detail = test.failure;
  return [
    `#### ${number}. ${inline(test.id)}`,
    '',
    ...(detail === undefined ? [] : [`**Check** ${codeSpan(detail.check)} · **endpoint** ${inline(test.endpoint)}`, '']),
    fenced(cut(detail?.message ?? 'No details were recorded for this failure.', 1_500), 'text'),
    '',
    `_The request, the response and the curl command are too long for this summary: ${SEE_HTML} (or report.json)._`,
    '',
    '**Replay**',
    '',
    fenced(replayCommand(test.id, report), 'sh'),
  ].join('\n');
}

/**
 * The failures grouped by clause within `budget` characters: per clause its first failure in full, the next few
 * on one line, then "… and N more"; clauses past the budget are named in one closing line.
 */
function failuresSection(report: RunReport, budget: number): string {
  const groups = failureGroups(report);
  if (groups.length === 0) return '';
  const parts: string[] = [];
  let used = 0;
  const add = (text: string): void => {
    parts.push(text);
    used += text.length + 2;
  };
  add('## Failures by clause');
  add(
    `Each clause with its first failure in full and a few more on one line; ${SEE_HTML} (or report.json) for every failure with its exchange, counterexample and curl command.`,
  );
  let number = 0;
  let shown = 0;
  for (const group of groups) {
    const title = group.clauseId === undefined ? 'No clause' : codeSpan(group.clauseId);
    const known = group.knownReason === undefined ? '' : ` — known failure: ${inline(cut(group.knownReason, 300))}`;
    const text = group.clauseText ?? '';
    const heading = [
      `### ${title}: ${plural(group.tests.length, 'failure')}${known}`,
      ...(text === '' ? [] : ['', clauseTextMarkdown(cut(text, 600))]),
    ].join('\n');
    const [first, ...others] = group.tests;
    if (first === undefined) continue;
    const detail = fittedFailure(first, number + 1, report, false);
    const listed = others.slice(0, ONE_LINE_PER_CLAUSE);
    const lines = [
      ...listed.map((test) => failureLine(test, report)),
      ...(others.length > listed.length ? [`- … and ${others.length - listed.length} more, ${SEE_HTML}`] : []),
    ].join('\n');
    const room = budget - used - OVERFLOW_RESERVE_CHARS;
    if (heading.length + lines.length + 4 > room) break;
    add(heading);
    if (heading.length + detail.length + lines.length + 6 <= room) add(detail);
    else add(failureLine(first, report));
    if (lines !== '') add(lines);
    number += group.tests.length;
    shown += 1;
  }
  const rest = groups.slice(shown);
  if (rest.length > 0) {
    const failures = rest.reduce((sum, group) => sum + group.tests.length, 0);
    const names = rest.map((group) => `${group.clauseId === undefined ? 'no clause' : codeSpan(group.clauseId)} (${group.tests.length})`);
    let line = `… and ${plural(rest.length, 'more failed clause')} with ${plural(failures, 'failure')}, ${SEE_HTML}: `;
    const limit = Math.max(300, budget - used - 50);
    let named = 0;
    for (const name of names) {
      if (line.length + name.length + 30 > limit) break;
      line += `${named === 0 ? '' : ', '}${name}`;
      named += 1;
    }
    if (named < names.length) line += `${named === 0 ? '' : ' '}and ${names.length - named} more`;
    add(`_${line}._`);
  }
  return parts.join('\n\n');
}

/** A clause's text: a spec table row as a sentence with the verbatim row quoted beside it, else the text. */
function clauseTextMarkdown(text: string): string {
  const sentence = clauseSentence(text);
  return sentence === undefined ? `> ${inline(text)}` : `${inlineKeepingCode(sentence)} (spec table row: ${codeSpan(text)})`;
}

function failure(test: TestResult, number: number, report: RunReport, withClause = true): string {
  const lines = [`#### ${number}. ${inline(test.id)}`, ''];
  const detail = test.failure;
  if (detail === undefined) {
    lines.push('No details were recorded for this failure.');
  } else {
    if (detail.clauseId === undefined) {
      lines.push('**The suite itself broke** (not a failure of the target); the clauses of this test were not reached.', '');
    } else if (withClause) {
      lines.push(`**Clause** ${codeSpan(detail.clauseId)}: ${inline(detail.clauseText ?? '')}`, '');
    }
    lines.push(`**Check** ${codeSpan(detail.check)} · **endpoint** ${inline(test.endpoint)}`, '', fenced(detail.message, 'text'));
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
    lines.push('', '**Reproduce**', '', fenced(reproduceScript(detail.exchange, report), 'sh'));
  }
  lines.push('', '**Replay**', '', fenced(replayCommand(test.id, report), 'sh'));
  return lines.join('\n');
}

function unexpectedlyPassingSection(report: RunReport): string {
  const passing = report.expectations?.unexpectedlyPassing ?? [];
  if (passing.length === 0) return '';
  return [
    '## Unexpectedly passing',
    '',
    `Listed as known failures in ${inline(report.expectations!.file)}, but they passed: remove them (\`run --update-expectations\` does).`,
    '',
    ...passing.map((entry) => `- ${entry.kind} ${codeSpan(entry.id)} (listed because: ${inline(entry.reason)})`),
  ].join('\n');
}

/** Clauses that need attention (not passed), with the full table in clauses.md. */
function attentionSection(report: RunReport): string {
  const quiet: readonly string[] = ['passed', 'deviation', 'not-testable', 'not-shown', 'not-in-profile', 'failed'];
  const open = report.clauses.filter((clause) => !quiet.includes(clause.status));
  const lines = [
    '## Clauses',
    '',
    `Every clause with its status, sentence, assertion counts and tests is in clauses.md (and report.html). ${countsLine(statusCounts(report.clauses))}.`,
  ];
  if (open.length > 0) {
    lines.push(
      '',
      `${open.length} clause(s) need attention (not covered, not reached, inconclusive or skipped):`,
      '',
      '| Clause | Status | Reason |',
      '|---|---|---|',
      ...open
        .slice(0, 100)
        .map((clause) => `| ${codeSpan(clause.id)} | ${STATUS_LABEL[clause.status]} | ${inline(cut(clause.reason ?? '', 300))} |`),
    );
    if (open.length > 100) lines.push('', `… and ${open.length - 100} more in clauses.md.`);
  }
  return lines.join('\n');
}

function cut(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}…`;
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

function suiteErrorsSection(report: RunReport, budget: number): string {
  const errors = erroredTests(report);
  if (errors.length === 0) return '';
  const parts = [
    '## Suite errors',
    'The suite itself broke in these tests (an exception that is not a check failing). They are not failures of the target; their clauses are "not reached".',
  ];
  let used = parts.join('\n\n').length;
  let detailed = 0;
  for (const test of errors.slice(0, SUITE_ERRORS_DETAILED)) {
    const detail = fittedFailure(test, detailed + 1, report, true);
    if (used + detail.length > budget) break;
    parts.push(detail);
    used += detail.length + 2;
    detailed += 1;
  }
  const listed = errors.slice(detailed, detailed + SUITE_ERRORS_LISTED);
  if (listed.length > 0) parts.push(listed.map((test) => failureLine(test, report)).join('\n'));
  const more = errors.length - detailed - listed.length;
  if (more > 0) parts.push(`_… and ${more} more, ${SEE_HTML}._`);
  return parts.join('\n\n');
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
  const lines = ['## Checks', '', `Switched on: ${ran.map(codeSpan).join(', ') || 'none'}.`];
  if (switchedOff.length > 0) lines.push('', `Switched off (--checks / --exclude-checks): ${switchedOff.map(codeSpan).join(', ')}.`);
  const tallies = report.checks.perCheck ?? [];
  if (tallies.length > 0) {
    lines.push(
      '',
      "A test's checks are what ran on it: its own check calls, and the response checks the harness applies to every exchange it records.",
      '',
      '| check | tests | by the test | by the harness |',
      '|---|---:|---:|---:|',
      ...tallies.map((tally) => `| ${codeSpan(tally.check)} | ${tally.tests} | ${tally.byTest} | ${tally.byEngine} |`),
    );
  }
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
  const sentence = clauseSentence(clause.text);
  const text = sentence === undefined ? inline(clause.text) : `${inlineKeepingCode(sentence)}<br>spec table row: ${codeSpan(clause.text)}`;
  return `| ${codeSpan(clause.id)}<br>${text} | ${clause.level} | ${status} | ${counts} | ${tests} | ${inline(clause.reason ?? '')} |`;
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

/** Text of our own making whose `code spans` are kept (everything else escaped as by `inline`). */
function inlineKeepingCode(text: string): string {
  return text
    .split(/(`[^`|\n]*`)/)
    .map((part) => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? part : inline(part)))
    .join('');
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
