/**
 * A failed check: which check, which clause, what was wrong, and the exchange that shows it.
 * Thrown by the checks; the test wrapper turns it into the report's FailureDetail.
 */
import type { ClientResponse } from '../client/http.js';
import { recordExchange, type RecordedExchange } from '../client/exchange.js';

export class CheckFailure extends Error {
  constructor(
    readonly check: string,
    readonly clauseId: string,
    message: string,
    readonly exchange?: RecordedExchange,
  ) {
    super(`[${check}] ${clauseId}: ${message}`);
    this.name = 'CheckFailure';
  }
}

/** Throws a CheckFailure unless `condition` holds. */
export function expectThat(
  condition: boolean,
  check: string,
  clauseId: string,
  message: string,
  response?: ClientResponse,
): asserts condition {
  if (!condition) throw new CheckFailure(check, clauseId, message, response ? recordExchange(response.request, response) : undefined);
}
