/**
 * A failed check: which check, which clause, what was wrong, and the exchange that shows it.
 * Thrown by the checks; the test wrapper turns it into the report's FailureDetail.
 */
import type { ClientResponse, RecordedRequest } from '../client/http.js';
import { redactHeaders, toCurl } from '../client/curl.js';
import type { RecordedExchange } from './results.js';

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

const maxBodyInReport = 8_000;

export function recordExchange(request: RecordedRequest, response?: ClientResponse): RecordedExchange {
  const body = response?.text ?? '';
  return {
    request: {
      method: request.method,
      url: request.url,
      headers: redactHeaders(request.headers),
      ...(request.body !== undefined ? { body: request.body.length > maxBodyInReport ? `${request.body.slice(0, maxBodyInReport)}…(${request.body.length} chars)` : request.body } : {}),
      ...(request.bodyBase64 !== undefined && request.bodyBase64.length <= 64_000 ? { bodyBase64: request.bodyBase64 } : {}),
    },
    ...(response ? {
      response: {
        status: response.status,
        headers: response.headers,
        body: body.length > maxBodyInReport ? `${body.slice(0, maxBodyInReport)}…(${body.length} chars)` : body,
      },
    } : {}),
    curl: toCurl(request),
  };
}

/** Throws a CheckFailure unless `condition` holds. */
export function expectThat(condition: boolean, check: string, clauseId: string, message: string, response?: ClientResponse): asserts condition {
  if (!condition) throw new CheckFailure(check, clauseId, message, response ? recordExchange(response.request, response) : undefined);
}
