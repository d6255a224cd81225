/**
 * "Canton battery: covered N of M applicable cases": how many cases of Canton's own Ledger API test battery (LAPITT) and
 * of the JSON API's tests this run covered, by the map in specification/battery/ (every case of the recount, 480).
 *
 * A case is applicable unless the map marks it not-applicable. It counts as covered in a run when the map says `covered`,
 * every clause it names passed in this run, and the run's profile can check it: a case whose deciding check is
 * canton-profile only (a canton-level clause, or the map's cantonProfileOnly mark) is never covered by a spec-profile
 * run, which reports it as the canton profile's instead. Of the covered cases the line says how many are covered by tests
 * that run on a real node provisioned with the suite's DARs (README "Try it on this machine": `provision` uploads
 * CantonExamples and daml/dars/), that is all but those the map marks needsFixture (a fixture provision cannot supply)
 * or referenceOnly (synthetic DARs a real node refuses); how many only the canton profile checks; and how many only the
 * reference shows (those two marks). The same
 * function computes the console line, summary.md, report.html and report.json's `battery`, so the figure in report.json
 * can be recomputed from the map and the run's clause results. Self-contained: each report writer calls one function.
 */
import { batteryCases, type BatteryCase } from '../specification/battery/index.js';
import { issue18Areas, issue18CoveredBefore, issue18NeedsModel } from '../specification/battery/issue18.js';
import { clause, isClauseId } from '../specification/clauses.js';
import type { ClauseCoverage, RunReport } from '../harness/runner/run-report.js';

export interface BatteryAreaCount {
  area: string;
  /** Applicable cases covered by this run. */
  covered: number;
  /** Of `covered`: cases only the canton profile checks (κ). */
  cantonOnly: number;
  /** Of `covered`: cases only the reference shows (a fixture provision cannot supply, or synthetic DARs). */
  referenceOnly: number;
  /**
   * Of `covered`: cases whose tests run on a real node provisioned with the suite's DARs (`covered - referenceOnly`):
   * issue 29's acceptance figure, out of `applicable`.
   */
  realNode: number;
  /** Cases the map marks covered (the most a run can reach). */
  mappedCovered: number;
  /** Cases mapped covered that only the canton profile checks, in a spec-profile run. */
  otherProfile: number;
  partly: number;
  leftOut: number;
  /** Covered + partly + left-out. */
  applicable: number;
  notApplicable: number;
}

export interface BatteryCoverageSummary {
  profile: 'spec' | 'canton';
  areas: BatteryAreaCount[];
  total: BatteryAreaCount;
}

type StatusOf = ReadonlyMap<string, ClauseCoverage['status']>;

/** Whether only the canton profile checks the case: a canton-level clause, or the map's cantonProfileOnly mark. */
export function cantonProfileOnly(entry: BatteryCase): boolean {
  return entry.cantonProfileOnly !== undefined || entry.clauses.some((id) => isClauseId(id) && clause(id).level === 'canton');
}

/**
 * Whether only the reference shows the case: its test needs a fixture `provision` cannot supply (the map's needsFixture),
 * or synthetic DARs (referenceOnly). Every other covered case runs on a real node provisioned with the suite's DARs.
 */
export function referenceOnly(entry: BatteryCase): boolean {
  return entry.needsFixture !== undefined || entry.referenceOnly !== undefined;
}

function coveredInRun(entry: BatteryCase, statusOf: StatusOf, profile: 'spec' | 'canton'): boolean {
  if (entry.coverage !== 'covered' || entry.clauses.length === 0) return false;
  if (profile !== 'canton' && cantonProfileOnly(entry)) return false;
  return entry.clauses.every((id) => statusOf.get(id) === 'passed');
}

function emptyCount(area: string): BatteryAreaCount {
  return {
    area,
    covered: 0,
    cantonOnly: 0,
    referenceOnly: 0,
    realNode: 0,
    mappedCovered: 0,
    otherProfile: 0,
    partly: 0,
    leftOut: 0,
    applicable: 0,
    notApplicable: 0,
  };
}

/** The per-area counts of a run (cases from `cases`, the whole map by default). */
export function batteryCoverage(
  report: Pick<RunReport, 'clauses'> & { profile?: 'spec' | 'canton' },
  cases: readonly BatteryCase[] = batteryCases,
): BatteryCoverageSummary {
  const profile = report.profile ?? 'canton';
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
      if (coveredInRun(entry, statusOf, profile)) {
        target.covered += 1;
        if (cantonProfileOnly(entry)) target.cantonOnly += 1;
        if (referenceOnly(entry)) target.referenceOnly += 1;
        else target.realNode += 1;
      } else if (entry.coverage === 'covered' && profile !== 'canton' && cantonProfileOnly(entry)) target.otherProfile += 1;
    }
  }
  return { profile, areas: [...byArea.values()], total };
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
export function issue18Acceptance(
  report?: Pick<RunReport, 'clauses'> & { profile?: 'spec' | 'canton' },
  cases: readonly BatteryCase[] = batteryCases,
): Issue18Acceptance {
  const eligible = issue18EligibleCases(cases);
  const statusOf = report === undefined ? undefined : new Map(report.clauses.map((entry) => [entry.id as string, entry.status]));
  return {
    mappedCovered: eligible.filter((entry) => entry.coverage === 'covered').length,
    ...(statusOf === undefined
      ? {}
      : { coveredInRun: eligible.filter((entry) => coveredInRun(entry, statusOf, report?.profile ?? 'canton')).length }),
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

/**
 * The one battery line: covered of applicable, how many of those are covered by tests that run on a real node
 * provisioned with the suite's DARs (of applicable), and how many only the canton profile or only the reference shows.
 */
function line(count: BatteryAreaCount): string {
  const only = [
    count.cantonOnly > 0 ? `${count.cantonOnly} only in the canton profile` : '',
    count.referenceOnly > 0 ? `${count.referenceOnly} only on the reference` : '',
  ].filter((part) => part !== '');
  const unpassed = count.mappedCovered - count.covered - count.otherProfile;
  return (
    `Canton battery: covered ${count.covered} of ${count.applicable} applicable cases (${percent(count.covered, count.applicable)}), ` +
    `${count.realNode} (${percent(count.realNode, count.applicable)}) by tests that run on a real node provisioned with the suite's DARs` +
    (only.length > 0 ? `; of the covered, ${only.join(' and ')}` : '') +
    (count.otherProfile > 0 ? `; ${count.otherProfile} more checked only by the canton profile` : '') +
    (unpassed > 0 ? `; ${unpassed} mapped as covered did not pass or did not run` : '') +
    `; ${count.partly} partly, ${count.leftOut} left out`
  );
}

/** The console's one battery line (the per-suite table is in summary.md and report.html). */
export function batteryConsoleLines(report: Pick<RunReport, 'clauses'> & { profile?: 'spec' | 'canton' }): string {
  const { total } = batteryCoverage(report);
  if (total.applicable === 0 && total.notApplicable === 0) return '';
  return `${line(total)} (per suite: summary.md)`;
}

/** The summary.md section. */
export function batteryMarkdownSection(report: Pick<RunReport, 'clauses'> & { profile?: 'spec' | 'canton' }): string {
  const { areas, total } = batteryCoverage(report);
  if (total.applicable === 0 && total.notApplicable === 0) return '';
  return [
    '## Canton battery',
    '',
    `**${line(total)}.** Per area of Canton's own Ledger API test battery (LAPITT) and the JSON API's tests, by the map in ` +
      '`specification/battery/`: a case counts when the map says covered, every clause it names passed, and this profile checks it. ' +
      '"real node": covered cases whose tests run on a real node provisioned with CantonExamples and the suite\'s DARs (`provision`); ' +
      '"canton only": covered cases only the canton profile checks; "reference only": covered cases whose test needs a fixture ' +
      'provision cannot supply, or synthetic DARs.',
    '',
    '| area | covered by this run | real node | applicable | canton only | reference only | mapped covered | partly | left out | not applicable |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...[...areas, total].map(
      (area) =>
        `| ${area.area} | ${area.covered} | ${area.realNode} | ${area.applicable} | ${area.cantonOnly} | ${area.referenceOnly} | ${area.mappedCovered} | ${area.partly} | ${area.leftOut} | ${area.notApplicable} |`,
    ),
  ].join('\n');
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The report.html section. */
export function batteryHtmlSection(report: Pick<RunReport, 'clauses'> & { profile?: 'spec' | 'canton' }): string {
  const { areas, total } = batteryCoverage(report);
  if (total.applicable === 0 && total.notApplicable === 0) return '';
  const rows = [...areas, total]
    .map(
      (area) =>
        `<tr><td>${escapeHtml(area.area)}</td><td>${area.covered}</td><td>${area.realNode}</td><td>${area.applicable}</td><td>${area.cantonOnly}</td><td>${area.referenceOnly}</td><td>${area.mappedCovered}</td>` +
        `<td>${area.partly}</td><td>${area.leftOut}</td><td>${area.notApplicable}</td></tr>`,
    )
    .join('\n');
  return `<section id="battery">
<h2>Canton battery</h2>
<p><strong>${escapeHtml(line(total))}.</strong> Per area of Canton's own Ledger API test battery (LAPITT) and the JSON API's tests, by the map in <code>specification/battery/</code>: a case counts when the map says covered, every clause it names passed, and this profile checks it. "real node": covered cases whose tests run on a real node provisioned with CantonExamples and the suite's DARs (<code>provision</code>); "canton only": covered cases only the canton profile checks; "reference only": covered cases whose test needs a fixture provision cannot supply, or synthetic DARs.</p>
<table>
<thead><tr><th>area</th><th>covered by this run</th><th>real node</th><th>applicable</th><th>canton only</th><th>reference only</th><th>mapped covered</th><th>partly</th><th>left out</th><th>not applicable</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

/** The report.json field: the run's report with `battery` added. */
export function withBattery<T extends Pick<RunReport, 'clauses'> & { profile?: 'spec' | 'canton' }>(
  report: T,
): T & { battery: BatteryCoverageSummary } {
  return { ...report, battery: batteryCoverage(report) };
}
