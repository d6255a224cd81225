/** response_schema_conformance: the body parses (losslessly, so int64 stays exact) and matches its schema. */
import type { ClientResponse } from '../client/http.js';
import { parseJsonLossless } from '../specification/json.js';
import { formatValidationErrors, type SchemaName } from '../specification/validate.js';
import type { Validators } from '../specification/validate.js';
import { expectThat } from './assertion.js';

/** Parses the body without losing int64 precision; a body that is not JSON fails the check. */
export function parseBody(response: ClientResponse, clauseId: string): unknown {
  try {
    return parseJsonLossless(response.text);
  } catch (error) {
    expectThat(false, 'response_schema_conformance', clauseId, `the body is not JSON: ${(error as Error).message}`, response);
  }
}

export function responseSchemaConformance(validators: Validators, response: ClientResponse, schema: SchemaName, clauseId: string): unknown {
  const body = parseBody(response, clauseId);
  const result = validators.validate(schema, body);
  expectThat(
    result.valid,
    'response_schema_conformance',
    clauseId,
    `the body does not match ${schema}:\n${result.valid ? '' : formatValidationErrors(result)}`,
    response,
  );
  return body;
}
