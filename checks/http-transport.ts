/**
 * `http_transport`: the node answers every request with one complete HTTP answer. A reset before the answer, a
 * body cut short, a body that does not parse or a proxy's HTML error page in place of the JSON body fails the
 * spec's "JSON is used for bodies unless stated otherwise" (`format.json-bodies`): the node's failure, never a
 * suite error. Only failures are recorded (a complete answer proves nothing about JSON by itself; the checks of
 * each exchange credit the clause). A request the node did not answer in time is not judged here: the node is
 * slow, and the test is left inconclusive.
 */
import type { TransportFault } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import type { AssertionEvent } from './assertion.js';

export const TRANSPORT_CLAUSE: ClauseId = 'format.json-bodies';

/** The failed assertion a transport fault makes; none for a timeout (a slow node is not a failing one). */
export function httpTransportAssertion(fault: TransportFault): AssertionEvent | undefined {
  if (fault.kind === 'timeout') return undefined;
  return { check: 'http_transport', clause: TRANSPORT_CLAUSE, outcome: 'failed', reason: fault.message };
}
