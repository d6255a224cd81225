/**
 * A map from the cases of Canton's own Ledger API test battery (LAPITT) and the JSON API's tests to the clauses
 * of this suite that check the same behaviour, or to the reason a case is left out. Reports count, per area,
 * how many applicable cases the run covered.
 */
import type { ClauseId } from '../clauses.js';

export type BatteryCoverage =
  /** The mapped clauses assert the behaviour the case asserts (its rule, code or value). */
  | 'covered'
  /** The mapped clauses assert part of it; `reason` says what is not asserted. */
  | 'partly'
  /** Applicable, but not checked by this suite; `reason` says why (e.g. needs a Daml model the fixture DAR lacks). */
  | 'left-out'
  /** Not checkable through the endpoints this tool certifies; `reason` says why. */
  | 'not-applicable';

export interface BatteryCase {
  /** The LAPITT suite (or JSON API test class) the case belongs to, e.g. `TransactionServiceVisibilityIT`. */
  area: string;
  /** The case's name as Canton's source spells it. */
  name: string;
  /** Where Canton defines it: path relative to the Canton repository, branch 3.5-open-source-2026-06-10.13, with line. */
  source: string;
  coverage: BatteryCoverage;
  /** The clauses that check it; non-empty for `covered` and `partly`. */
  clauses: readonly ClauseId[];
  /** Required unless `covered`. */
  reason?: string;
  /**
   * The recount's mark ‡: the test that checks it needs a fixture Canton's CantonExamples.dar lacks (named here), so on a
   * node provisioned with CantonExamples it skips and only the reference (or a node given that fixture) shows it.
   */
  needsFixture?: string;
  /** The recount's mark §: the test needs something only the embedded reference accepts (named here): never on a real node. */
  referenceOnly?: string;
  /**
   * The recount's mark κ where the clauses alone do not show it: the deciding assertion (a code) is a canton-profile
   * check although the mapped clause is a spec clause. A case with a canton-level clause is canton-only anyway.
   */
  cantonProfileOnly?: string;
  /**
   * Where this map judges the case differently from the independent recount (../shared/facts/lapitt-recount.md): the
   * recount's status and why this map differs, with the Canton source line or the project test that decides it.
   */
  recount?: { status: RecountStatus; why: string };
}

/** The recount's statuses: covered, partly, not (this map: left-out), n.a. (this map: not-applicable). */
export type RecountStatus = 'covered' | 'partly' | 'not' | 'n.a.';
