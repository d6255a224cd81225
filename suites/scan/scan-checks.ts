/**
 * The scan-specific forms of the named checks: a schema check that names the clause of the offending
 * field, the `{error}` answer with its declared statuses, and Canton's error message and body layout.
 */
import type { ClientResponse } from '../../client/http.js';
import type { ProfileName } from '../../config/types.js';
import type { SchemaName } from '../../specification/validate.js';
import { formatValidationErrors } from '../../specification/validate.js';
import { statusCodeConformance } from '../../checks/basic.js';
import { scanErrorBodyConformance } from '../../checks/error-body.js';
import { parseBody } from '../../checks/schema.js';
import type { Validators } from '../../specification/validate.js';
import { expectThat } from '../../checks/assertion.js';

interface ScanCheckEnvironment {
  validators: Validators;
  profile: ProfileName;
}

/**
 * response_schema_conformance, naming the clause of the first offending field: `fieldClauses` maps a JSON
 * pointer prefix (e.g. `/traffic_status/actual/total_limit`) to the clause that states that field.
 */
export function scanResponseSchema(
  validators: Validators,
  response: ClientResponse,
  schema: SchemaName,
  clauseId: string,
  fieldClauses: Record<string, string> = {},
): unknown {
  const body = parseBody(response, clauseId);
  const result = validators.validate(schema, body);
  if (result.valid) return body;
  const firstPath = result.errors[0]?.path ?? '';
  const fieldClause = Object.entries(fieldClauses).find(([pointer]) => firstPath.startsWith(pointer))?.[1];
  expectThat(
    false,
    'response_schema_conformance',
    fieldClause ?? clauseId,
    `the body does not match ${schema}:\n${formatValidationErrors(result)}`,
    response,
  );
}

export interface ExpectedScanError {
  /** Statuses the clause allows for this error. */
  statuses: readonly number[];
  statusClause: string;
  bodyClause: string;
}

/** The status is one the clause declares and the body is `{error: string}`; returns the message. */
export function scanErrorAnswer(environment: ScanCheckEnvironment, response: ClientResponse, expected: ExpectedScanError): string {
  statusCodeConformance(response, expected.statuses, expected.statusClause);
  return scanErrorBodyConformance(environment.validators, response, expected.bodyClause).error;
}

/** Canton's message for this error starts with `prefix` (ids inside are shortened, so only prefixes are compared). */
export function cantonErrorMessage(response: ClientResponse, message: string, prefix: string, clauseId: string): void {
  expectThat(
    message.startsWith(prefix),
    'error_body_conformance',
    clauseId,
    `expected an error message starting with ${JSON.stringify(prefix)}, got ${JSON.stringify(message)}`,
    response,
  );
}

/**
 * Canton's 400 for an id that does not decode: every one of `ids`, sent through `send`, is answered 400
 * `{error}` whose message starts with `prefix`; failures name `clauseId`.
 */
export async function expectUndecodableIdsRejected(
  environment: ScanCheckEnvironment,
  ids: readonly string[],
  send: (id: string) => Promise<ClientResponse>,
  expected: { prefix: string; clauseId: string },
): Promise<void> {
  for (const id of ids) {
    const response = await send(id);
    const message = scanErrorAnswer(environment, response, {
      statuses: [400],
      statusClause: expected.clauseId,
      bodyClause: 'errors.scan.error-body',
    });
    cantonErrorMessage(response, message, expected.prefix, expected.clauseId);
  }
}

const CIRCE_PRETTY_ERROR = /^\{\n {2}"error" : "(?:[^"\\]|\\.)*"\n\}$/s;

/** circe's `Json.toString`: two-space indent and `" : "` between key and value. */
export function cantonPrettyErrorBody(response: ClientResponse, clauseId: string): void {
  expectThat(
    CIRCE_PRETTY_ERROR.test(response.text),
    'error_body_conformance',
    clauseId,
    `Canton writes {error} pretty-printed as {\\n  "error" : "..."\\n}, got ${JSON.stringify(response.text.slice(0, 200))}`,
    response,
  );
}

/** A JSON integer as parsed losslessly (number or bigint); anything else is not an integer on the wire. */
export function isJsonInteger(value: unknown): boolean {
  return typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value));
}

/** The exact value of an int64 that has passed the schema (number, bigint or numeric string). */
export function exactInteger(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' || typeof value === 'string') return BigInt(value);
  throw new TypeError(`not an integer: ${String(value)}`);
}
