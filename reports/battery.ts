/**
 * "Canton battery: covered N of M applicable cases", per area: how many cases of Canton's own Ledger API test
 * battery (LAPITT) and of the JSON API's tests this run covered, by the map in specification/battery/.
 *
 * A case is applicable unless the map marks it not-applicable. It counts as covered in a run when the map
 * says `covered` and its clauses passed: every mapped clause of the run's profile passed, and at least one
 * did (a case checked only by canton-profile clauses is not covered by a spec-profile run). Self-contained:
 * each report writer calls one function of this file.
 */
import { batteryCases, type BatteryCase } from '../specification/battery/index.js';
import { issue18Areas, issue18CoveredBefore, issue18NeedsModel } from '../specification/battery/issue18.js';
import type { ClauseCoverage, RunReport } from '../harness/library/results.js';

export interface BatteryAreaCount {
  area: string;
  /** Applicable cases covered by this run. */
  covered: number;
  /** Cases the map marks covered (the most a run can reach). */
  mappedCovered: number;
  /** Cases mapped covered whose clauses are all outside this run's profile (canton-profile clauses in a spec run). */
  otherProfile: number;
  partly: number;
  leftOut: number;
  /** Covered + partly + left-out. */
  applicable: number;
  notApplicable: number;
}

export interface BatteryCoverageSummary {
  areas: BatteryAreaCount[];
  total: BatteryAreaCount;
}

function coveredInRun(entry: BatteryCase, statusOf: ReadonlyMap<string, ClauseCoverage['status']>): boolean {
  if (entry.coverage !== 'covered') return false;
  const inProfile = entry.clauses.map((id) => statusOf.get(id)).filter((status) => status !== undefined && status !== 'not-in-profile');
  return inProfile.length > 0 && inProfile.every((status) => status === 'passed');
}

function emptyCount(area: string): BatteryAreaCount {
  return { area, covered: 0, mappedCovered: 0, otherProfile: 0, partly: 0, leftOut: 0, applicable: 0, notApplicable: 0 };
}

function onlyInOtherProfile(entry: BatteryCase, statusOf: ReadonlyMap<string, ClauseCoverage['status']>): boolean {
  return entry.clauses.length > 0 && entry.clauses.every((id) => [undefined, 'not-in-profile'].includes(statusOf.get(id)));
}

/** The per-area counts of a run (cases from `cases`, the whole map by default). */
export function batteryCoverage(report: Pick<RunReport, 'clauses'>, cases: readonly BatteryCase[] = batteryCases): BatteryCoverageSummary {
  const statusOf = new Map(report.clauses.map((entry) => [entry.id as string, entry.status]));
  const byArea = new Map<string, BatteryAreaCount>();
  const total = emptyCount('all areas');
  for (const entry of cases) {
    let count = byArea.get(entry.area);
    if (count === undefined) byArea.set(entry.area, (count = emptyCount(entry.area)));
    for (const target of [count, total]) {
      if (entry.coverage === 'not-applicable') {
        target.notApplicable += 1;
        continue;
      }
      target.applicable += 1;
      if (entry.coverage === 'covered') target.mappedCovered += 1;
      if (entry.coverage === 'partly') target.partly += 1;
      if (entry.coverage === 'left-out') target.leftOut += 1;
      if (coveredInRun(entry, statusOf)) target.covered += 1;
      else if (entry.coverage === 'covered' && onlyInOtherProfile(entry, statusOf)) target.otherProfile += 1;
    }
  }
  return { areas: [...byArea.values()], total };
}

/** Issue 18's acceptance figure (specification/battery/issue18.ts says which cases count). */
export interface Issue18Acceptance {
  /** Eligible cases the map marks covered. */
  mappedCovered: number;
  /** Eligible cases covered by a run (mapped covered and their clauses of the run's profile passed); only with a report. */
  coveredInRun?: number;
  /** Applicable cases of the issue's suites that the shared table marked not or partly and that need no model beyond the fixture. */
  eligible: number;
  /** The eligible cases not mapped covered, `area name`. */
  open: string[];
}

const caseKey = (entry: BatteryCase): string => `${entry.area} ${entry.name}`;

/** The eligible cases of issue 18 (`cases`: the whole map by default). */
export function issue18EligibleCases(cases: readonly BatteryCase[] = batteryCases): BatteryCase[] {
  return cases.filter(
    (entry) =>
      issue18Areas.includes(entry.area) &&
      entry.coverage !== 'not-applicable' &&
      !issue18CoveredBefore.has(caseKey(entry)) &&
      !issue18NeedsModel.has(caseKey(entry)),
  );
}

/** Issue 18's acceptance figure from the map, and from a run when `report` is given. */
export function issue18Acceptance(report?: Pick<RunReport, 'clauses'>, cases: readonly BatteryCase[] = batteryCases): Issue18Acceptance {
  const eligible = issue18EligibleCases(cases);
  const statusOf = report === undefined ? undefined : new Map(report.clauses.map((entry) => [entry.id as string, entry.status]));
  return {
    mappedCovered: eligible.filter((entry) => entry.coverage === 'covered').length,
    ...(statusOf === undefined ? {} : { coveredInRun: eligible.filter((entry) => coveredInRun(entry, statusOf)).length }),
    eligible: eligible.length,
    open: eligible.filter((entry) => entry.coverage !== 'covered').map(caseKey),
  };
}

const percent = (part: number, whole: number): string => (whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`);

/** "Issue 18 acceptance: ..." for the self-test that measures it (selftest/battery/issue18-acceptance.test.ts); not a user-facing line. */
export function issue18AcceptanceLine(acceptance: Issue18Acceptance): string {
  const run =
    acceptance.coveredInRun === undefined
      ? ''
      : `; this run covered ${acceptance.coveredInRun} (${percent(acceptance.coveredInRun, acceptance.eligible)})`;
  return (
    `Issue 18 acceptance: ${acceptance.mappedCovered} of ${acceptance.eligible} cases (${percent(acceptance.mappedCovered, acceptance.eligible)}) ` +
    `mapped covered of those the shared table marked not or partly that need no model beyond the fixture DAR${run}`
  );
}

const line = (count: BatteryAreaCount): string =>
  `Canton battery: covered ${count.covered} of ${count.applicable} applicable cases` +
  (count.partly > 0 ? ` (${count.partly} partly)` : '') +
  (count.otherProfile > 0 ? ` (${count.otherProfile} more checked by the canton profile)` : '') +
  (count.mappedCovered > count.covered + count.otherProfile
    ? ` (${count.mappedCovered - count.covered - count.otherProfile} mapped as covered did not pass or did not run)`
    : '');

/** One line per area, then the total: for the console. */
export function batteryConsoleLines(report: Pick<RunReport, 'clauses'>): string {
  const { areas, total } = batteryCoverage(report);
  if (total.applicable === 0 && total.notApplicable === 0) return '';
  const width = Math.max(...areas.map((area) => area.area.length));
  return [...areas.map((area) => `  ${area.area.padEnd(width)}  ${line(area)}`), `${line(total)} (${areas.length} areas)`].join('\n');
}

/** The summary.md section. */
export function batteryMarkdownSection(report: Pick<RunReport, 'clauses'>): string {
  const { areas, total } = batteryCoverage(report);
  if (total.applicable === 0 && total.notApplicable === 0) return '';
  return [
    '## Canton battery',
    '',
    `**${line(total)}.** Per area of Canton's own Ledger API test battery (LAPITT) and the JSON API's tests, by the map in ` +
      '`specification/battery/`: a case counts when the map says covered and its clauses of this profile passed.',
    '',
    '| area | covered by this run | applicable | mapped covered | partly | left out | not applicable |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...[...areas, total].map(
      (area) =>
        `| ${area.area} | ${area.covered} | ${area.applicable} | ${area.mappedCovered} | ${area.partly} | ${area.leftOut} | ${area.notApplicable} |`,
    ),
  ].join('\n');
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The report.html section. */
export function batteryHtmlSection(report: Pick<RunReport, 'clauses'>): string {
  const { areas, total } = batteryCoverage(report);
  if (total.applicable === 0 && total.notApplicable === 0) return '';
  const rows = [...areas, total]
    .map(
      (area) =>
        `<tr><td>${escapeHtml(area.area)}</td><td>${area.covered}</td><td>${area.applicable}</td><td>${area.mappedCovered}</td>` +
        `<td>${area.partly}</td><td>${area.leftOut}</td><td>${area.notApplicable}</td></tr>`,
    )
    .join('\n');
  return `<section id="battery">
<h2>Canton battery</h2>
<p><strong>${escapeHtml(line(total))}.</strong> Per area of Canton's own Ledger API test battery (LAPITT) and the JSON API's tests, by the map in <code>specification/battery/</code>: a case counts when the map says covered and its clauses of this profile passed.</p>
<table>
<thead><tr><th>area</th><th>covered by this run</th><th>applicable</th><th>mapped covered</th><th>partly</th><th>left out</th><th>not applicable</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

/** The report.json field: the run's report with `battery` added. */
export function withBattery<T extends Pick<RunReport, 'clauses'>>(report: T): T & { battery: BatteryCoverageSummary } {
  return { ...report, battery: batteryCoverage(report) };
}
