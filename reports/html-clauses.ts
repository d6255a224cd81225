/**
 * report.html's clause table (every clause of the registry by group, failed first, filterable by status and text) and
 * the clauses the spec deliberately does not show.
 */
import { STATUS_LABEL, STATUS_ORDER, clauseSentence } from './format.js';
import type { ClauseCoverage, ClauseStatus, RunReport } from '../harness/runner/run-report.js';
import { codeMarked, escape, groupAnchor } from './html-markup.js';
import { anchorOf, clauseGroups, failureGroups, notShownClauses, type StatusCounts } from './tables.js';

const TESTS_SHOWN_PER_CLAUSE = 5;

export function clausesSection(report: RunReport): string {
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

export function notShownSection(report: RunReport): string {
  const notShown = notShownClauses(report);
  if (notShown.length === 0) return '';
  return `<section id="not-shown">
<h2>Not shown by the spec <small>(deliberately not checked)</small></h2>
<ul>${notShown.map((clause) => `<li><code>${escape(clause.id)}</code> <span class="section">${escape(clause.section)}</span><div class="sentence">${escape(clause.text)}</div></li>`).join('\n')}</ul>
</section>`;
}

export function countBadges(counts: StatusCounts): string {
  return STATUS_ORDER.filter((status) => counts[status] > 0)
    .map((status) => `<span class="badge status-${status}">${counts[status]} ${escape(STATUS_LABEL[status])}</span>`)
    .join(' ');
}

function badge(status: ClauseStatus): string {
  return `<span class="badge status-${escape(status)}">${escape(STATUS_LABEL[status])}</span>`;
}
