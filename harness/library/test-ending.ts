/**
 * How a conformance test ended (harness/library/conformance-test.ts), from what its body threw and what its
 * assertions came to:
 * - nothing thrown: `passed` when something conclusive was asserted and no declared clause has only inconclusive
 *   evidence; `skipped` when every assertion's check was switched off; otherwise `inconclusive`;
 * - a skip (`context.skip`, a fixture gap, a switched-off check) → `skipped` with the reason;
 * - a check failed → `failed`, crediting the failure to that check's clause only; the declared clauses no
 *   assertion reached are "not reached";
 * - a transport fault of the node (a reset, a cut body, an HTML error page, an unparseable body) → `failed`, failing
 *   the clause `format.json-bodies` (check `http_transport`); a request the node did not answer in time →
 *   `inconclusive` (the node is slow: never a suite error, never a failed clause), its clauses "not reached";
 * - anything else thrown → `error`: the suite itself broke, which is not the target's failure.
 */
import { CheckFailure, SwitchedOffCheckStop } from '../../checks/assertion.js';
import { TRANSPORT_CLAUSE, httpTransportAssertion } from '../../checks/http-transport.js';
import { recordExchange } from '../../client/exchange.js';
import { TransportFault } from '../../client/http.js';
import { clause, type ClauseId } from '../../specification/clauses.js';
import type { AssertionLedger } from './attribution.js';
import { switchedOffReason } from './check-selection.js';
import { FixtureGapError } from './environment.js';
import { headlineOf } from './error-message.js';
import { PropertyFailure, TestSkip } from './property-runner.js';
import type { FailureDetail, NotReached, Outcome } from './results.js';

export interface Ending {
  outcome: Outcome;
  skipReason?: string;
  failure?: FailureDetail;
  notReached?: NotReached[];
}

/** How a test ended, from what its body threw. */
export function endingOf(thrown: unknown, ledger: AssertionLedger, declared: readonly ClauseId[]): Ending {
  const counts = ledger.counts();
  if (thrown === undefined) {
    // Nothing asserted, or a declared clause with only inconclusive evidence: the test did not prove what it
    // declares (its conclusive assertions still count for their clauses).
    const unproven = ledger.inconclusiveOnly(declared);
    if (counts.passed + counts.failed + counts.deviation > 0 && unproven.length === 0) return { outcome: 'passed' };
    const nothing = counts.passed + counts.failed + counts.deviation + counts.inconclusive === 0;
    const switchedOff = nothing ? switchedOffReason(ledger) : undefined;
    if (switchedOff !== undefined) return { outcome: 'skipped', skipReason: switchedOff };
    const reason = nothing ? 'the test ended without asserting anything' : 'every assertion was inconclusive';
    return { outcome: 'inconclusive', notReached: ledger.notReached(declared, reason) };
  }
  const property = thrown instanceof PropertyFailure ? thrown : undefined;
  const cause = property ? property.failure : thrown;
  // A skip is the target's or the user's choice, not a stop: its unasserted clauses are skipped with the reason
  // (coverage reads them off the skipped test), never "not reached".
  if (cause instanceof TestSkip || cause instanceof FixtureGapError) {
    return { outcome: 'skipped', skipReason: cause instanceof FixtureGapError ? `${cause.message} (fixtures gap)` : cause.reason };
  }
  if (cause instanceof SwitchedOffCheckStop) return { outcome: 'skipped', skipReason: cause.message };
  if (cause instanceof TransportFault) return transportEnding(cause, ledger, declared);
  const failure = toFailureDetail(property, cause);
  if (cause instanceof CheckFailure) {
    ledger.record({ check: cause.check, clause: cause.clauseId, outcome: 'failed' });
    return { outcome: 'failed', failure, notReached: ledger.notReached(declared, `the test stopped at the failure of ${cause.clauseId}`) };
  }
  return { outcome: 'error', failure, notReached: ledger.notReached(declared, `the suite broke: ${failure.message.split('\n')[0]}`) };
}

/**
 * A transport fault is the node's: a request it did not answer in time leaves the test inconclusive (the node
 * is slow, its clauses not reached); any other fault fails `format.json-bodies` (the node must answer HTTP
 * correctly), naming the fault, the request and the time.
 */
function transportEnding(fault: TransportFault, ledger: AssertionLedger, declared: readonly ClauseId[]): Ending {
  const exchange = recordExchange(fault.request);
  if (fault.kind === 'timeout') {
    return { outcome: 'inconclusive', notReached: ledger.notReached(declared, fault.message) };
  }
  const assertion = httpTransportAssertion(fault);
  if (assertion !== undefined && ledger.enabled('http_transport')) ledger.record(assertion);
  return {
    outcome: 'failed',
    failure: {
      check: 'http_transport',
      clauseId: TRANSPORT_CLAUSE,
      clauseText: clause(TRANSPORT_CLAUSE).text,
      message: `transport fault (${fault.kind}): ${fault.message}`,
      exchange: fault.received
        ? {
            ...exchange,
            response: { status: fault.received.status, headers: { 'content-type': fault.received.contentType }, body: fault.received.text },
          }
        : exchange,
    },
    notReached: ledger.notReached(declared, `the test stopped at a transport fault of the node (${fault.kind})`),
  };
}

function jsonSafe(value: unknown): unknown {
  try {
    return JSON.parse(
      JSON.stringify(value, (_key, item: unknown) =>
        typeof item === 'bigint' ? `${item}n` : item instanceof Uint8Array ? `<${item.length} bytes>` : item,
      ),
    );
  } catch {
    return String(value);
  }
}

function toFailureDetail(property: PropertyFailure | undefined, cause: unknown): FailureDetail {
  const check = cause instanceof CheckFailure ? cause : undefined;
  // Every failure says something: a check without detail names its clause, a thrown non-Error is described.
  const message = check
    ? check.detail.trim() !== ''
      ? check.detail
      : `the check ${check.check} failed on ${check.clauseId} without giving a detail`
    : headlineOf(cause);
  const stack = check === undefined && cause instanceof Error && cause.stack ? `\n${cause.stack.split('\n').slice(1, 6).join('\n')}` : '';
  return {
    check: check?.check ?? 'suite-error',
    ...(check ? { clauseId: check.clauseId, clauseText: clause(check.clauseId).text } : {}),
    message: `${message}${stack}`,
    ...(check?.exchange ? { exchange: check.exchange } : {}),
    ...(property
      ? {
          seed: property.seed,
          ...(property.path ? { path: property.path } : {}),
          counterexample: jsonSafe(property.counterexample),
          numRuns: property.numRuns,
        }
      : {}),
  };
}
