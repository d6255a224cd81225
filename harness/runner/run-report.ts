/**
 * The report of one conformance run: what the runner builds from its tests' results (harness/library/results.ts) and
 * every report writer reads (JUnit XML, report.json, summary.md, clauses.md, report.html): clause coverage, verdict,
 * totals, check tallies, latency, transport faults, the certificate and the expectation summary.
 */
import type { ClauseConflict } from '../../specification/clauses.js';
import type { TestResult, TransportFaultRecord } from '../library/results.js';
import type { Certificate } from './certificate.js';

/**
 * Clause ids, check names and endpoint names as a report holds them: plain strings (a report file may come from
 * another version of the tool).
 */
type ClauseId = string;
type CheckName = string;
type EndpointName = string;

/** On how many tests of a run one check ran (a test's checks are derived from what ran on it). */
export interface CheckTally {
  check: CheckName;
  tests: number;
  byTest: number;
  byEngine: number;
}

/** The node's latency as measured before the tests, and the timing the run derived from it. */
export interface LatencyProfile {
  /** Median and slowest of a few reads (ms). */
  reads: { medianMs: number; maxMs: number; samples: number; failed: number };
  /** One write (submit-and-wait of a fixture contract); absent for a read-only run or a target without writes. */
  write?: { ms: number } | { failed: string };
  scan?: { medianMs: number; maxMs: number; samples: number; failed: number };
  requestTimeoutMs: number;
  idleLimitMs: number;
  /** Requests in flight at most per suite worker, and the suite workers. */
  inFlightPerWorker: number;
  workers: number;
}

/** The transport faults of a run: counts per kind, the first examples, and whether they decided the verdict. */
export interface TransportSummary {
  total: number;
  byKind: Record<string, number>;
  /** Faults after which a read was sent again (`--retry-transport`). */
  retried: number;
  examples: TransportFaultRecord[];
  /** The verdict would have been certified but for them. */
  decidedVerdict: boolean;
  /** Set when the run stopped early because the node stopped answering. */
  nodeGone?: string;
}

export type ClauseStatus =
  | 'passed'
  | 'failed'
  | 'deviation'
  | 'inconclusive'
  | 'not-reached'
  | 'skipped'
  | 'not-covered'
  | 'not-testable'
  | 'not-shown'
  | 'not-in-profile';

export const CLAUSE_STATUSES: readonly ClauseStatus[] = [
  'passed',
  'failed',
  'deviation',
  'inconclusive',
  'not-reached',
  'skipped',
  'not-covered',
  'not-testable',
  'not-shown',
  'not-in-profile',
];

export interface ClauseCoverage {
  id: ClauseId;
  text: string;
  section: string;
  endpoint?: string;
  level: 'spec' | 'canton' | 'not-shown';
  status: ClauseStatus;
  /** Assertions of the clause over the whole run. */
  assertions: { passed: number; failed: number; inconclusive: number; deviation: number };
  /** Ids of the tests that declare it. */
  tests: string[];
  /** Ids of the tests that asserted it. */
  assertedBy: string[];
  /** Why it is skipped, not reached, not covered, inconclusive, a deviation or not testable. */
  reason?: string;
  conflict?: ClauseConflict;
}

/**
 * certified: nothing failed, the suite did not break, and every testable clause of the profile passed (or
 * deviated as Canton 3.5 does, or was skipped for a declared missing feature); not-certified: the target
 * failed an assertion; suite-error: nothing failed but the suite itself broke; incomplete: clauses were not
 * covered, not reached or inconclusive (filters, interruption, evidence that did not bear on a rule).
 */
export type Verdict = 'certified' | 'not-certified' | 'suite-error' | 'incomplete';

/** Negative assertions per endpoint: how many rejections were credited to their rule, how many not. */
export interface RejectionCount {
  endpoint: EndpointName;
  conclusive: number;
  inconclusive: number;
  failed: number;
}

export interface RunReport {
  tool: { name: string; version: string };
  startedAt: string;
  finishedAt: string;
  target: {
    name: string;
    kind: 'reference' | 'remote';
    participant: string;
    scan?: string;
    faults?: string[];
    /** The fixtures file the run read (absent for inline fixtures): `replay` reads it again. */
    fixtures?: string;
  };
  profile: 'spec' | 'canton';
  seed: number;
  cases: number;
  /** True when the run was interrupted (Ctrl-C): the report covers what ran. */
  interrupted: boolean;
  /**
   * Set when the run could not finish (the node stopped answering, Ctrl-C): why, in a few words, and how many of
   * the selected tests ran. Every report leads with it; the tests it did not reach are listed as not run.
   */
  stopped?: StoppedRun;
  /** Filters given with --include / --exclude / --read-only. */
  selection: { include: string[]; exclude: string[]; readOnly: boolean };
  /**
   * The checks switched on (`ran`) and off (--checks / --exclude-checks), and per check on how many tests it ran:
   * called by the test itself (`byTest`), applied by the harness to the test's exchanges (`byEngine`), either (`tests`).
   */
  checks: { ran: CheckName[]; switchedOff: CheckName[]; perCheck?: CheckTally[] };
  totals: {
    passed: number;
    failed: number;
    errors: number;
    inconclusive: number;
    skipped: number;
    /** Tests the run stopped before (the node stopped answering, Ctrl-C): listed, never counted as skipped. */
    notRun: number;
    /** Clauses on which the target deviates from the spec as Canton 3.5 does. */
    deviations: number;
    requests: number;
    durationMs: number;
  };
  tests: TestResult[];
  clauses: ClauseCoverage[];
  rejections: RejectionCount[];
  verdict: Verdict;
  /** What a certifier asks first: node and scan versions, declared features, tool build, registry and config digests. */
  certificate?: Certificate;
  /** The run's failures sorted against an expectation file (`run --expectations FILE`). */
  expectations?: ExpectationSummary;
  /** Where report.json was written (absolute), so printed `replay` hints name it. */
  reportPath?: string;
  /** sha256 of the report's canonical JSON without this field (`ledger-conformance report verify FILE`). */
  digest?: string;
  /** Why the verdict is what it is, when the node's transport decided it (e.g. "the node did not answer in time"). */
  verdictNote?: string;
  /** The node's measured latency and the run's timing. */
  latency?: LatencyProfile;
  /** Transport faults of the node (resets, cut bodies, error pages, timeouts). */
  transport?: TransportSummary;
}

/** Why a run could not finish and what it got through (RunReport.stopped). */
export interface StoppedRun {
  /** A few words: "the node stopped answering", "interrupted (Ctrl-C)". */
  reason: string;
  /** Tests that ran (any outcome but not-run). */
  ran: number;
  /** Tests the run had selected: those that ran and those it did not reach. */
  planned: number;
}

/* What `run --expectations FILE` made of a run (harness/runner/expectations.ts computes it). */

export interface KnownFailure {
  /** The clause failed, or the test (for a test-level entry). */
  kind: 'clause' | 'test';
  id: string;
  reason: string;
  /** The failed tests this entry covers. */
  tests: string[];
}

export interface UnexpectedFailure {
  clause?: string;
  tests: string[];
  message: string;
}

export interface UnexpectedPass {
  kind: 'clause' | 'test';
  id: string;
  reason: string;
}

/** What a run came to against an expectation file (report.json `expectations`). */
export interface ExpectationSummary {
  file: string;
  /** The node version entries were matched against ("unknown" when the node did not say). */
  nodeVersion: string;
  known: KnownFailure[];
  unexpected: UnexpectedFailure[];
  unexpectedlyPassing: UnexpectedPass[];
  /** Entries that did not apply to this node version. */
  notApplicable: string[];
  /** Clauses not reached only because a known failure stopped their test before them. */
  behindKnownFailures: string[];
  /**
   * The run's verdict against the file: never certified while a failure remains, known or not (known failures
   * only: not-certified, though the run passes its gate with exit 0). Without any failure, `withoutKnown`.
   */
  verdict: Verdict;
  /** The verdict with the known failures set aside (certified: nothing but the known failures stands in the way). */
  withoutKnown: Verdict;
}
