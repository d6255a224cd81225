/**
 * The tables summary.md and report.html both show, computed once so the two reports always agree.
 */
import { type TestResult } from '../harness/library/results.js';
import {
  CLAUSE_STATUSES,
  type ClauseCoverage,
  type ClauseStatus,
  type RejectionCount,
  type RunReport,
} from '../harness/runner/run-report.js';

export interface EndpointRow {
  endpoint: string;
  passed: number;
  failed: number;
  error: number;
  inconclusive: number;
  skipped: number;
  /** Tests a stopped run did not reach. */
  notRun: number;
  /** Negative assertions credited to their rule / inconclusive (see RunReport.rejections). */
  conclusiveRejections: number;
  inconclusiveRejections: number;
  /** Distinct clauses the endpoint's tests cite. */
  clausesCited: number;
}

export function endpointRows(tests: readonly TestResult[], rejections: readonly RejectionCount[] = []): EndpointRow[] {
  const rows = new Map<string, EndpointRow & { clauseIds: Set<string> }>();
  for (const test of tests) {
    const row = rows.get(test.endpoint) ?? {
      endpoint: test.endpoint,
      passed: 0,
      failed: 0,
      error: 0,
      inconclusive: 0,
      skipped: 0,
      notRun: 0,
      conclusiveRejections: 0,
      inconclusiveRejections: 0,
      clausesCited: 0,
      clauseIds: new Set(),
    };
    row[test.outcome === 'not-run' ? 'notRun' : test.outcome] += 1;
    for (const clauseId of test.clauses) row.clauseIds.add(clauseId);
    rows.set(test.endpoint, row);
  }
  for (const count of rejections) {
    const row = rows.get(count.endpoint);
    if (row === undefined) continue;
    row.conclusiveRejections = count.conclusive;
    row.inconclusiveRejections = count.inconclusive;
  }
  return [...rows.values()]
    .sort((left, right) => left.endpoint.localeCompare(right.endpoint))
    .map(({ clauseIds, ...row }) => ({ ...row, clausesCited: clauseIds.size }));
}

export interface ClauseGroup {
  /** The clause's endpoint, or its spec section when it belongs to no single endpoint. */
  title: string;
  clauses: ClauseCoverage[];
  counts: StatusCounts;
}

export type StatusCounts = Record<ClauseStatus, number>;

/** Statuses that are part of the certification; not-shown and not-in-profile clauses are listed apart. */
function isCertificationClause(clause: ClauseCoverage): boolean {
  return clause.status !== 'not-shown' && clause.status !== 'not-in-profile';
}

/** Certification clauses grouped by endpoint (or section), in registry order. */
export function clauseGroups(clauses: readonly ClauseCoverage[]): ClauseGroup[] {
  const groups = new Map<string, ClauseCoverage[]>();
  for (const clause of clauses.filter(isCertificationClause)) {
    const title = clause.endpoint ?? clause.section;
    const members = groups.get(title);
    if (members === undefined) groups.set(title, [clause]);
    else members.push(clause);
  }
  return [...groups].map(([title, members]) => ({ title, clauses: members, counts: statusCounts(members) }));
}

export function statusCounts(clauses: readonly ClauseCoverage[]): StatusCounts {
  const counts = Object.fromEntries(CLAUSE_STATUSES.map((status) => [status, 0])) as StatusCounts;
  for (const clause of clauses) counts[clause.status] += 1;
  return counts;
}

function failedTests(report: RunReport): TestResult[] {
  return report.tests.filter((test) => test.outcome === 'failed');
}

/** Tests in which the suite itself broke. */
export function erroredTests(report: RunReport): TestResult[] {
  return report.tests.filter((test) => test.outcome === 'error');
}

/** Clauses where the target answered as Canton 3.5 does rather than as the spec says. */
export function deviationClauses(report: RunReport): ClauseCoverage[] {
  return report.clauses.filter((clause) => clause.status === 'deviation');
}

export function inconclusiveClauses(report: RunReport): ClauseCoverage[] {
  return report.clauses.filter((clause) => clause.status === 'inconclusive');
}

export function notShownClauses(report: RunReport): ClauseCoverage[] {
  return report.clauses.filter((clause) => clause.status === 'not-shown');
}

/** The failures of one clause (or of no clause: the test failed before any clause was at stake). */
export interface FailureGroup {
  clauseId?: string;
  clauseText?: string;
  tests: TestResult[];
  /** The reason of the expectation file's entry, when these failures are known (run --expectations). */
  knownReason?: string;
}

/** Failed tests grouped under the clause they failed on: unexpected before known, most failures first. */
export function failureGroups(report: RunReport): FailureGroup[] {
  const knownReason = new Map<string, string>();
  for (const entry of report.expectations?.known ?? []) for (const id of entry.tests) knownReason.set(id, entry.reason);
  const groups = new Map<string, FailureGroup>();
  for (const test of failedTests(report)) {
    const clauseId = test.failure?.clauseId;
    const known = knownReason.get(test.id);
    const key = `${known === undefined ? 'u' : 'k'} ${clauseId ?? ''}`;
    const group = groups.get(key) ?? {
      ...(clauseId !== undefined ? { clauseId } : {}),
      ...(test.failure?.clauseText !== undefined ? { clauseText: test.failure.clauseText } : {}),
      tests: [],
      ...(known !== undefined ? { knownReason: known } : {}),
    };
    group.tests.push(test);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (left, right) =>
      Number(left.knownReason !== undefined) - Number(right.knownReason !== undefined) ||
      right.tests.length - left.tests.length ||
      (left.clauseId ?? '').localeCompare(right.clauseId ?? ''),
  );
}

/** An HTML id for a clause (clause ids hold only letters, digits, dots, dashes and underscores, but be safe). */
export function anchorOf(prefix: string, id: string): string {
  return `${prefix}-${id.replace(/[^A-Za-z0-9_.-]/g, (character) => `_${character.charCodeAt(0).toString(16)}`)}`;
}

/** One failed clause of a run, as every headline counts and lists it. */
export interface FailedClause {
  clauseId: string;
  /** The failed tests it is charged to: those that failed on it, else those whose assertions of it failed. */
  tests: TestResult[];
  /** Set when every one of its failures is a known one (run --expectations). */
  knownReason?: string;
  /**
   * True when no test failed on it first: its assertions failed in tests that stopped at another clause, so its
   * failures are shown under that clause.
   */
  underOtherClauses: boolean;
}

/**
 * Every failed clause of the clause table once (status failed, as the clause counts say), in the order the
 * failures are shown (unexpected before known, most failures first), then those that failed only beside another
 * clause. The one list behind "failing N clauses" and the list of failed clauses in every report, so the count
 * and the list are the same figure. (A failure charged to a clause outside the table's failed ones, e.g. one the
 * profile leaves out, is shown by `otherFailureGroups`.)
 */
export function failedClauses(report: RunReport): FailedClause[] {
  const failed = new Set(report.clauses.filter((clause) => clause.status === 'failed').map((clause) => clause.id));
  const entries = new Map<string, FailedClause>();
  for (const group of failureGroups(report)) {
    if (group.clauseId === undefined || !failed.has(group.clauseId)) continue;
    const entry = entries.get(group.clauseId);
    if (entry === undefined) {
      entries.set(group.clauseId, {
        clauseId: group.clauseId,
        tests: [...group.tests],
        ...(group.knownReason !== undefined ? { knownReason: group.knownReason } : {}),
        underOtherClauses: false,
      });
    } else {
      // Failures of one clause, some known and some not: one clause, not known as a whole.
      entry.tests.push(...group.tests);
      delete entry.knownReason;
    }
  }
  const besides: FailedClause[] = [];
  for (const clauseId of failed) {
    if (entries.has(clauseId)) continue;
    const tests = report.tests.filter((test) => test.assertions.some((entry) => entry.clause === clauseId && entry.failed > 0));
    besides.push({ clauseId, tests, underOtherClauses: true });
  }
  besides.sort((left, right) => right.tests.length - left.tests.length || left.clauseId.localeCompare(right.clauseId));
  return [...entries.values(), ...besides];
}

/** Failure groups charged to no failed clause of the table: no clause at all, or a clause outside the profile. */
export function otherFailureGroups(report: RunReport): FailureGroup[] {
  const failed = new Set(report.clauses.filter((clause) => clause.status === 'failed').map((clause) => clause.id));
  return failureGroups(report).filter((group) => group.clauseId === undefined || !failed.has(group.clauseId));
}

/** "a, b, c and 4 more": the failed clauses a headline names, most failures first. */
export function failedClauseNames(report: RunReport, limit = 5): string {
  const names = failedClauses(report).map((entry) => entry.clauseId);
  if (names.length <= limit) return names.join(', ');
  return `${names.slice(0, limit).join(', ')} and ${names.length - limit} more`;
}
