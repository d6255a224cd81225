/**
 * The result of one conformance run: what the runner collects and every report writer reads
 * (JUnit XML, report.json, summary.md, report.html).
 */

import type { RecordedExchange } from '../client/exchange.js';

export type { RecordedExchange } from '../client/exchange.js';

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface FailureDetail {
  /** The check (oracle) that failed, e.g. `status_code_conformance`. */
  check: string;
  /** The clause the check enforces, with its sentence. */
  clauseId: string;
  clauseText: string;
  message: string;
  exchange?: RecordedExchange;
  /** fast-check details when the test is a property. */
  seed?: number;
  path?: string;
  /** The shrunk counterexample (JSON-safe). */
  counterexample?: unknown;
  numRuns?: number;
}

export interface TestResult {
  /** Stable id: `<suite>::<test name>`; `replay <id>` re-runs it. */
  id: string;
  suite: string;
  name: string;
  /** Endpoint short name (`submit-and-wait`, `scan.top-validators`, ...). */
  endpoint: string;
  clauses: string[];
  checks: string[];
  outcome: Outcome;
  skipReason?: string;
  durationMs: number;
  seed?: number;
  failure?: FailureDetail;
  /** Requests sent by the test. */
  requests?: number;
}

export type ClauseStatus = 'passed' | 'failed' | 'skipped' | 'not-covered' | 'not-testable' | 'not-shown' | 'not-in-profile';

export interface ClauseCoverage {
  id: string;
  text: string;
  section: string;
  endpoint?: string;
  level: 'spec' | 'canton' | 'not-shown';
  status: ClauseStatus;
  /** Ids of the tests citing it. */
  tests: string[];
  /** Why it is skipped / not testable. */
  reason?: string;
}

export type Verdict = 'certified' | 'not-certified' | 'incomplete';

export interface RunReport {
  tool: { name: string; version: string };
  startedAt: string;
  finishedAt: string;
  target: { name: string; kind: 'reference' | 'remote'; participant: string; scan?: string; faults?: string[] };
  profile: 'spec' | 'canton';
  seed: number;
  cases: number;
  /** True when the run was interrupted (Ctrl-C): the report covers what ran. */
  interrupted: boolean;
  /** Filters given with --include / --exclude / --read-only. */
  selection: { include: string[]; exclude: string[]; readOnly: boolean };
  totals: { passed: number; failed: number; skipped: number; requests: number; durationMs: number };
  tests: TestResult[];
  clauses: ClauseCoverage[];
  /**
   * certified: nothing failed, and every testable clause of the profile is passed or skipped by a declared
   * missing feature; not-certified: something failed; incomplete: nothing failed but clauses are not covered
   * (filters, interruption).
   */
  verdict: Verdict;
}
