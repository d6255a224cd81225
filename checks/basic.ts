/** The response-level checks: status, content type, server errors, acceptance. */
import type { ClientResponse } from '../client/http.js';
import { expectThat } from './assertion.js';

const brief = (response: ClientResponse): string =>
  `${response.status} ${response.contentType || '(no content type)'}: ${response.text.slice(0, 300)}`;

export function notAServerError(response: ClientResponse, clauseId: string): void {
  expectThat(response.status < 500, 'not_a_server_error', clauseId, `the target answered a server error: ${brief(response)}`, response);
}

export function statusCodeConformance(response: ClientResponse, allowed: readonly number[], clauseId: string): void {
  expectThat(
    allowed.includes(response.status),
    'status_code_conformance',
    clauseId,
    `expected status ${allowed.join(' or ')}, got ${brief(response)}`,
    response,
  );
}

export type ExpectedContent = 'json' | 'text';

export function contentTypeConformance(response: ClientResponse, expected: ExpectedContent, clauseId: string): void {
  const type = response.contentType.toLowerCase();
  const ok = expected === 'json' ? type.startsWith('application/json') : type.startsWith('text/plain');
  expectThat(
    ok,
    'content_type_conformance',
    clauseId,
    `expected ${expected === 'json' ? 'application/json' : 'text/plain'}, got "${response.contentType}" (status ${response.status})`,
    response,
  );
}

export function positiveDataAcceptance(response: ClientResponse, clauseId: string): void {
  expectThat(
    response.status >= 200 && response.status < 300,
    'positive_data_acceptance',
    clauseId,
    `a valid request was not accepted: ${brief(response)}`,
    response,
  );
}
