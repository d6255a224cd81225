/**
 * The tables summary.md and report.html both show, computed once so the two reports always agree.
 */
import type { ClauseCoverage, ClauseStatus, RunReport, TestResult } from '../harness/results.js';

export interface EndpointRow {
  endpoint: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Distinct clauses the endpoint's tests cite. */
  clausesCited: number;
}

export function endpointRows(tests: readonly TestResult[]): EndpointRow[] {
  const rows = new Map<string, EndpointRow & { clauseIds: Set<string> }>();
  for (const test of tests) {
    const row = rows.get(test.endpoint) ?? {
      endpoint: test.endpoint,
      passed: 0,
      failed: 0,
      skipped: 0,
      clausesCited: 0,
      clauseIds: new Set(),
    };
    row[test.outcome] += 1;
    for (const clauseId of test.clauses) row.clauseIds.add(clauseId);
    rows.set(test.endpoint, row);
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
export function isCertificationClause(clause: ClauseCoverage): boolean {
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
  const counts: StatusCounts = {
    passed: 0,
    failed: 0,
    skipped: 0,
    'not-covered': 0,
    'not-testable': 0,
    'not-shown': 0,
    'not-in-profile': 0,
  };
  for (const clause of clauses) counts[clause.status] += 1;
  return counts;
}

export function failedTests(report: RunReport): TestResult[] {
  return report.tests.filter((test) => test.outcome === 'failed');
}

export function notShownClauses(report: RunReport): ClauseCoverage[] {
  return report.clauses.filter((clause) => clause.status === 'not-shown');
}
