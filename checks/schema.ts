/** response_schema_conformance: the body parses (losslessly, so int64 stays exact) and matches its schema. */
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import { parseJsonLossless } from '../specification/json.js';
import { formatValidationErrors, type SchemaName } from '../specification/validate.js';
import type { Validators } from '../specification/validate.js';
import { assertClause } from './assertion.js';

/** Parses the body without losing int64 precision; a body that is not JSON fails the check. */
export function parseBody(response: ClientResponse, clauseId: ClauseId): unknown {
  try {
    return parseJsonLossless(response.text);
  } catch (error) {
    assertClause('response_schema_conformance', clauseId, false, `the body is not JSON: ${(error as Error).message}`, response);
  }
}

export function responseSchemaConformance(
  validators: Validators,
  response: ClientResponse,
  schema: SchemaName,
  clauseId: ClauseId,
): unknown {
  const body = parseBody(response, clauseId);
  const result = validators.validate(schema, body);
  assertClause(
    'response_schema_conformance',
    clauseId,
    result.valid,
    `the body does not match ${schema}:\n${result.valid ? '' : formatValidationErrors(result)}`,
    response,
  );
  return body;
}
