/**
 * The result of one conformance test: what a test comes to (its outcome, failure, clause assertions, transport faults),
 * as the suites' library records it and the runner's collector turns it into a `TestResult`. The run report that
 * holds them is the runner's (harness/runner/run-report.ts).
 *
 * Clause credit is earned by assertions: each test records, per clause, how many assertions of it passed,
 * failed, were inconclusive (the evidence did not bear on the rule, e.g. the control request was rejected
 * too) or deviated (a conflict clause answered as Canton 3.5 does rather than as the spec says).
 */
import type { RecordedExchange } from '../../client/exchange.js';

/**
 * Clause ids, check names and endpoint names as a report holds them: plain strings (a report file may come from
 * another version of the tool). The suites' own code uses the typed `ClauseId`, `CheckName` and `EndpointName`.
 */
type ClauseId = string;
type CheckName = string;
type EndpointName = string;

export type { RecordedExchange } from '../../client/exchange.js';

/**
 * `error`: the suite itself broke (an exception that is not a check failing), counted apart from failures.
 * `inconclusive`: the test ran, but none of its assertions was conclusive (all its evidence was inconclusive).
 * `skipped`: the test chose not to run (a feature the target lacks, a switched-off check), with its reason.
 * `not-run`: the run stopped before the test ran (the node stopped answering, Ctrl-C); `skipReason` says why.
 */
export type Outcome = 'passed' | 'failed' | 'skipped' | 'error' | 'inconclusive' | 'not-run';

export interface FailureDetail {
  /** The check (oracle) that failed, e.g. `status_code_conformance`; `suite-error` when the suite broke. */
  check: CheckName | 'suite-error';
  /** The clause the failed assertion asserts (absent when the suite broke before any clause was at stake). */
  clauseId?: ClauseId;
  clauseText?: string;
  message: string;
  exchange?: RecordedExchange;
  /** fast-check details when the test is a property. */
  seed?: number;
  path?: string;
  /** The shrunk counterexample (JSON-safe). */
  counterexample?: unknown;
  numRuns?: number;
}

/** What one test's assertions of one clause came to. */
export interface OutcomeCounts {
  passed: number;
  failed: number;
  inconclusive: number;
  deviation: number;
}

export interface ClauseAssertions {
  clause: ClauseId;
  passed: number;
  failed: number;
  inconclusive: number;
  deviation: number;
  /** The checks that asserted it. */
  checks: CheckName[];
  /** The same counts per check (a clause can be asserted by several checks in one test). */
  byCheck?: Partial<Record<CheckName, OutcomeCounts>>;
  /** Why assertions were inconclusive or deviations (the first few distinct reasons). */
  reasons?: string[];
}

/** A transport fault the node caused (harness-side copy of client/undici-transport.ts `TransportFaultKind`, as a report holds it). */
export interface TransportFaultRecord {
  /** refused, reset, truncated, unparseable-body, error-page, timeout. */
  kind: string;
  method: string;
  url: string;
  /** How long the exchange took until the fault (ms). */
  elapsedMs: number;
  message: string;
  /** True when a retry (`--retry-transport`, idempotent reads only) was sent after it. */
  retried?: boolean;
  testId?: string;
}

export interface NotReached {
  clause: ClauseId;
  reason: string;
}

export interface TestResult {
  /** Stable id: `<suite>::<test name>`; `replay <id>` re-runs it. */
  id: string;
  suite: string;
  name: string;
  endpoint: EndpointName;
  /** The clauses the test declares it asserts. */
  clauses: ClauseId[];
  /**
   * The test's checks: derived from what ran on it (every check it called and every response check the harness
   * applied to its exchanges), never declared by hand, so the list is true by construction.
   */
  checks: CheckName[];
  /** Who ran them: the test's own check calls (`byTest`) and the harness's check engine (`byEngine`). */
  checksRan?: { byTest: CheckName[]; byEngine: CheckName[] };
  outcome: Outcome;
  /** Why it was skipped, or not run. */
  skipReason?: string;
  durationMs: number;
  seed?: number;
  failure?: FailureDetail;
  /** Requests sent by the test. */
  requests?: number;
  /** Every clause the test asserted, with the outcomes of its assertions. */
  assertions: ClauseAssertions[];
  /** Declared clauses the test did not get to assert because it stopped (failure, error, switched-off check). */
  notReached?: NotReached[];
  /** Declared clauses the test could not try on this target, with why (e.g. the fixtures name no interface). */
  waived?: NotReached[];
  /** Transport faults of the node met by the test (the one that stopped it, and any a retry survived). */
  transportFaults?: TransportFaultRecord[];
}
