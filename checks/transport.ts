/**
 * `http_transport`: the node answers every request with one complete HTTP answer (clause `format.http-answers`).
 * The harness applies it to every exchange of a test: a reset, a body cut short, an unparseable body or an HTML
 * error page where JSON is due fails it (the node's failure, never a suite error); a test whose requests were all
 * answered credits it once. A request the node did not answer in time is not judged here: the node is slow, and
 * the test is left inconclusive.
 */
import type { TransportFault } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import type { AssertionEvent } from './assertion.js';

export const HTTP_ANSWERS_CLAUSE: ClauseId = 'format.http-answers';

/** The assertion a test's exchanges earn: passed when none faulted, failed at a fault, none for a timeout. */
export function httpTransportAssertion(fault: TransportFault | undefined): AssertionEvent | undefined {
  if (fault === undefined) return { check: 'http_transport', clause: HTTP_ANSWERS_CLAUSE, outcome: 'passed' };
  if (fault.kind === 'timeout') return undefined;
  return { check: 'http_transport', clause: HTTP_ANSWERS_CLAUSE, outcome: 'failed', reason: fault.message };
}
