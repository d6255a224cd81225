/** The response-level checks: status, content type, server errors, acceptance, exact bodies. */
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import { assertClause, failUnless, recordInconclusive } from './assertion.js';

const brief = (response: ClientResponse): string =>
  `${response.status} ${response.contentType || '(no content type)'}: ${response.text.slice(0, 300)}`;

/**
 * A server error fails `clauseId`; anything else credits nothing (not being a 5xx is necessary for every
 * clause it guards, evidence for none): the checks that follow decide the clause.
 */
export function notAServerError(response: ClientResponse, clauseId: ClauseId): void {
  failUnless('not_a_server_error', clauseId, response.status < 500, `the target answered a server error: ${brief(response)}`, response);
}

export function statusCodeConformance(response: ClientResponse, allowed: readonly number[], clauseId: ClauseId): void {
  assertClause(
    'status_code_conformance',
    clauseId,
    allowed.includes(response.status),
    `expected status ${allowed.join(' or ')}, got ${brief(response)}`,
    response,
  );
}

/**
 * The answer has one of the allowed statuses, or the target reset the connection where that is one of its
 * legitimate answers (Canton resets an over-size upload instead of answering it, FF5).
 */
export function statusOrConnectionReset(answer: ClientResponse | 'connection-reset', allowed: readonly number[], clauseId: ClauseId): void {
  if (answer === 'connection-reset') {
    assertClause('status_code_conformance', clauseId, true, '');
    return;
  }
  statusCodeConformance(answer, allowed, clauseId);
}

/** The status is in [low, high] (e.g. any 4xx: the spec states a rejection, not its status). */
export function statusInRange(response: ClientResponse, low: number, high: number, clauseId: ClauseId): void {
  assertClause(
    'status_code_conformance',
    clauseId,
    response.status >= low && response.status <= high,
    `expected a status from ${low} to ${high}, got ${brief(response)}`,
    response,
  );
}

export type ExpectedContent = 'json' | 'text';

export function contentTypeConformance(response: ClientResponse, expected: ExpectedContent, clauseId: ClauseId): void {
  // The media type alone, so `application/json-patch+json` is not taken for `application/json`.
  const mediaType = response.contentType.split(';')[0]!.trim().toLowerCase();
  const ok = mediaType === (expected === 'json' ? 'application/json' : 'text/plain');
  assertClause(
    'content_type_conformance',
    clauseId,
    ok,
    `expected ${expected === 'json' ? 'application/json' : 'text/plain'}, got "${response.contentType}" (status ${response.status})`,
    response,
  );
}

/**
 * A test's own expectation of which answer THIS request gets: the plain-text answer of a malformed body or parameter
 * (Errors rule 1), of a 405, of readiness; Canton's legacy JSON 404 of a path no route matches. The check engine
 * (`checks/response-checks.ts`) checks every answer's content type against its body and credits its endpoint's
 * clauses; which answer a request must get is the test's to say.
 */
export function expectContentType(response: ClientResponse, expected: ExpectedContent, clauseId: ClauseId): void {
  const mediaType = response.contentType.split(';')[0]!.trim().toLowerCase();
  const wanted = expected === 'json' ? 'application/json' : 'text/plain';
  assertClause(
    'content_type_conformance',
    clauseId,
    mediaType === wanted,
    `expected the ${expected === 'json' ? 'JSON' : 'plain-text'} answer (${wanted}), got "${response.contentType}" (status ${response.status})`,
    response,
  );
}

/** The exact content type Canton writes, e.g. `text/plain; charset=UTF-8` (parameters and case normalised). */
export function exactContentType(response: ClientResponse, pattern: RegExp, description: string, clauseId: ClauseId): void {
  assertClause(
    'content_type_conformance',
    clauseId,
    pattern.test(response.contentType),
    `expected ${description}, got "${response.contentType}"`,
    response,
  );
}

/**
 * A valid request is accepted. `alsoCredits`: clauses about parts the request uses the way the spec allows
 * (an optional field present, a reference format, an empty list where allowed); its acceptance proves each.
 */
export function positiveDataAcceptance(response: ClientResponse, clauseId: ClauseId, alsoCredits: readonly ClauseId[] = []): void {
  assertClause(
    'positive_data_acceptance',
    clauseId,
    response.status >= 200 && response.status < 300,
    `a valid request was not accepted: ${brief(response)}`,
    response,
  );
  for (const credited of new Set(alsoCredits)) assertClause('positive_data_acceptance', credited, true, '');
}

/**
 * A valid request was taken as well-formed: answered 2xx, or with the semantic error the caller names (e.g.
 * UPDATE_NOT_FOUND for a lookup of an offset with nothing visible). Credits `clauseId` and `alsoCredits`.
 */
export function acceptedAsWellFormed(
  response: ClientResponse,
  semanticAnswer: boolean,
  clauseId: ClauseId,
  alsoCredits: readonly ClauseId[] = [],
): void {
  assertClause(
    'positive_data_acceptance',
    clauseId,
    (response.status >= 200 && response.status < 300) || semanticAnswer,
    `a valid request was rejected: ${brief(response)}`,
    response,
  );
  for (const credited of new Set(alsoCredits)) assertClause('positive_data_acceptance', credited, true, '');
}

/** A valid request is answered exactly `status` (e.g. 200 where the spec names it). */
export function acceptedWith(response: ClientResponse, status: number, clauseId: ClauseId): void {
  assertClause('positive_data_acceptance', clauseId, response.status === status, `expected ${status}, got ${brief(response)}`, response);
}

/**
 * A request the target must not serve (an unknown path) is answered 4xx. A 4xx is evidence only when a known
 * request of the same caller (the control) is served in the same run; on a target that refuses everything the
 * clauses stay inconclusive. A 2xx or 5xx fails them.
 */
export async function notServed(
  response: ClientResponse,
  control: () => Promise<ClientResponse>,
  clauseIds: readonly ClauseId[],
): Promise<'credited' | 'inconclusive'> {
  for (const clauseId of clauseIds) {
    failUnless(
      'status_code_conformance',
      clauseId,
      response.status >= 400 && response.status < 500,
      `expected a 4xx (not served), got ${brief(response)}`,
      response,
    );
  }
  const known = await control();
  if (known.status < 200 || known.status >= 300) {
    const reason = `the control (a known path, same caller) was not served either (${brief(known)}): the refusal proves nothing`;
    for (const clauseId of clauseIds) recordInconclusive('status_code_conformance', clauseId, reason, known);
    return 'inconclusive';
  }
  for (const clauseId of clauseIds) assertClause('status_code_conformance', clauseId, true, '');
  return 'credited';
}
