/**
 * The scan's (area B) forms of the checks: a schema check that credits the clause of each field it
 * validated, the `{error}` answer with its declared statuses, the message Canton/Splice words, circe's
 * pretty-printed error body, and the rejection of an invalid input together with its control request.
 */
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import { formatValidationErrors, type SchemaName, type Validators } from '../specification/validate.js';
import { assertClause, recordInconclusive } from './assertion.js';
import { statusCodeConformance } from './basic.js';
import { evidenceFor } from './engine-credits.js';
import { parseBody } from './schema.js';

/**
 * JSON pointer prefixes of a body mapped to the clauses that state those fields, e.g.
 * `/traffic_status/actual/total_limit` → its int64 clause. A pointer ending in `/` stands for the items of
 * the array it names. The first clause of an entry is the one a failure of that field is credited to.
 */
export type FieldClauses = Readonly<Record<string, readonly ClauseId[]>>;

function isPresent(body: unknown, pointer: string): boolean {
  const items = pointer.endsWith('/');
  let value: unknown = body;
  for (const segment of pointer.split('/').filter((part) => part !== '')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return false;
    value = (value as Record<string, unknown>)[segment];
  }
  return items ? Array.isArray(value) && value.length > 0 : value !== undefined;
}

/**
 * response_schema_conformance for a scan body: a valid body credits `clauseId` and the clause of every
 * field in `fieldClauses` the body has (an empty array validates no item); an invalid one fails the clause
 * of the innermost field named in the first error, or `clauseId` when no field clause covers it.
 */
export function scanResponseSchemaConformance(
  validators: Validators,
  response: ClientResponse,
  schema: SchemaName,
  clauseId: ClauseId,
  fieldClauses: FieldClauses = {},
): unknown {
  const body = parseBody(response, clauseId);
  const result = validators.validate(schema, body);
  if (result.valid) {
    assertClause('response_schema_conformance', clauseId, true, '', response);
    for (const [pointer, clauses] of Object.entries(fieldClauses)) {
      if (!isPresent(body, pointer)) continue;
      for (const fieldClause of clauses) assertClause('response_schema_conformance', fieldClause, true, '', response);
    }
    return body;
  }
  const firstPath = result.errors[0]?.path ?? '';
  const covering = Object.keys(fieldClauses)
    .filter((pointer) => firstPath.startsWith(pointer))
    .sort((left, right) => right.length - left.length)[0];
  const blamed = (covering === undefined ? undefined : fieldClauses[covering]?.[0]) ?? clauseId;
  assertClause(
    'response_schema_conformance',
    blamed,
    false,
    `the body does not match ${schema}:\n${formatValidationErrors(result)}`,
    response,
  );
}

export interface ExpectedScanError {
  /** Statuses the clauses allow for this error. */
  statuses: readonly number[];
  /** The clauses that state the status (the endpoint's table row, the general rule, a Canton fact). */
  statusClauses: readonly ClauseId[];
  /** The clauses that state the `{error}` body. */
  bodyClauses: readonly ClauseId[];
}

/**
 * A test's own expectation of a scan error: the request was refused (status 4xx/5xx) with a JSON body, which the check
 * engine (`checks/response-checks.ts`) holds to `{error: string}` and credits `clauseId` for too. Returns the body as
 * parsed, for the test's further assertions (a body that is not JSON fails `clauseId`: a scan error is JSON, Errors rule 4).
 */
export function expectScanError(response: ClientResponse, clauseId: ClauseId): { error: string } {
  assertClause('error_body_conformance', clauseId, response.status >= 400, `expected an error, got status ${response.status}`, response);
  evidenceFor(response, [clauseId]);
  return parseBody(response, clauseId) as { error: string };
}

/**
 * The status is one the clauses declare and the answer is a JSON error (whose `{error: string}` body the check engine
 * holds to its schema, crediting `bodyClauses`); returns the message.
 */
export function scanErrorAnswer(response: ClientResponse, expected: ExpectedScanError): string {
  for (const clauseId of expected.statusClauses) statusCodeConformance(response, expected.statuses, clauseId);
  let message = '';
  for (const clauseId of expected.bodyClauses) message = String(expectScanError(response, clauseId).error);
  return message;
}

/**
 * How a scan message must read. Splice prints ids shortened (fingerprint cut to 12 characters), so most
 * messages are compared by prefix or pattern; fixed messages exactly.
 */
export type ScanMessage = { startsWith: string } | { pattern: RegExp } | { equals: string };

const describeMessage = (expected: ScanMessage): string =>
  'startsWith' in expected
    ? `starting with ${JSON.stringify(expected.startsWith)}`
    : 'pattern' in expected
      ? `matching ${String(expected.pattern)}`
      : JSON.stringify(expected.equals);

const messageMatches = (message: string, expected: ScanMessage): boolean =>
  'startsWith' in expected
    ? message.startsWith(expected.startsWith)
    : 'pattern' in expected
      ? expected.pattern.test(message)
      : message === expected.equals;

/** The `{error}` message reads as one of `accepted` (several where releases of Splice legitimately differ). */
export function scanErrorMessage(response: ClientResponse, message: string, accepted: readonly ScanMessage[], clauseId: ClauseId): void {
  assertClause(
    'error_body_conformance',
    clauseId,
    accepted.some((expected) => messageMatches(message, expected)),
    `expected an error message ${accepted.map(describeMessage).join(' or ')}, got ${JSON.stringify(message)}`,
    response,
  );
}

const CIRCE_PRETTY_ERROR = /^\{\n {2}"error" : "(?:[^"\\]|\\.)*"\n\}$/s;

/** circe's `Json.toString`, which Splice's error handler writes: two-space indent and `" : "` after the key. */
export function circePrettyErrorBody(response: ClientResponse, clauseId: ClauseId): void {
  assertClause(
    'error_body_conformance',
    clauseId,
    CIRCE_PRETTY_ERROR.test(response.text),
    `Splice writes {error} pretty-printed as {\\n  "error" : "..."\\n}, got ${JSON.stringify(response.text.slice(0, 200))}`,
    response,
  );
}

/**
 * negative_data_rejection: a scan request with an invalid input is rejected by the client-error class —
 * never accepted, never a server error. Call it only after `scanControlAccepted` said the same request
 * without the mutation was accepted, so the rejection is evidence for the rule and not for something else.
 */
export function scanRejection(response: ClientResponse, clauseId: ClauseId, input: string): void {
  assertClause(
    'negative_data_rejection',
    clauseId,
    response.status >= 400 && response.status < 500,
    `${input} must be rejected with a 4xx, got ${response.status} ${response.contentType}: ${response.text.slice(0, 200)}`,
    response,
  );
}

/**
 * The control of a negative test: the same request without the mutation (`control`) must be accepted in
 * this run. When it is not, rejections of mutated requests prove nothing about `clauses`: each is recorded
 * inconclusive with the reason, and the caller sends no mutated request. Returns whether the control passed.
 */
export function scanControlAccepted(control: ClientResponse, clauses: readonly ClauseId[], mutation: string): boolean {
  if (control.status >= 200 && control.status < 300) return true;
  const reason =
    `the control request (the same request without ${mutation}) was not accepted: ${control.status} ` +
    `${control.text.slice(0, 160)}; a rejection of the mutated request would not show the rule`;
  for (const clauseId of new Set(clauses)) recordInconclusive('negative_data_rejection', clauseId, reason, control);
  return false;
}
