/**
 * response_schema_conformance: the body parses (losslessly, so int64 stays exact) and matches its schema.
 *
 * Each record inside the body (a created event, a user, an error body; `specification/schema-fields.ts` says
 * where they sit) is validated against its own schema as well: a valid record credits the clause of each of
 * its fields, an invalid one fails the clause of the field that broke. So one wrong field fails one clause, and
 * the response's own clause fails only for what no field clause covers.
 */
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import { parseJsonLossless } from '../specification/json.js';
import { FIELD_CLAUSES, RECORD_LOCATIONS } from '../specification/schema-fields.js';
import { formatValidationErrors, type SchemaName, type Validators } from '../specification/validate.js';
import { assertClause } from './assertion.js';
import { evidenceFor } from './engine-credits.js';

const CHECK = 'response_schema_conformance';

/** Parses the body without losing int64 precision; a body that is not JSON fails the check. */
export function parseBody(response: ClientResponse, clauseId: ClauseId): unknown {
  try {
    return parseJsonLossless(response.text);
  } catch (error) {
    assertClause(CHECK, clauseId, false, `the body is not JSON: ${(error as Error).message}`, response);
  }
}

/**
 * The body of an answer, parsed for the test's own assertions. The check engine validates it against its endpoint's
 * schema (`checks/response-checks.ts`: content type, schema, each record's field clauses) and credits `clauseId` too
 * for this exchange, the clause the test says the answer is evidence for; `schema` names the body's schema where the
 * engine has none for the endpoint (a user record). A body that is not JSON fails `clauseId`.
 */
export function answerBody(response: ClientResponse, clauseId: ClauseId, schema?: SchemaName): unknown {
  evidenceFor(response, [clauseId], schema);
  return parseBody(response, clauseId);
}

/** The values at a pointer pattern (`*` matches every array index or object key), with their concrete pointers. */
export function valuesAt(root: unknown, pattern: string): { pointer: string; value: unknown }[] {
  let found = [{ pointer: '', value: root }];
  for (const segment of pattern.split('/').slice(1)) {
    found = found.flatMap(({ pointer, value }) => {
      if (value === null || typeof value !== 'object') return [];
      const container = value as Record<string, unknown>;
      const keys = segment === '*' ? Object.keys(container) : Object.hasOwn(container, segment) ? [segment] : [];
      return keys
        .filter((key) => container[key] !== undefined && container[key] !== null)
        .map((key) => ({ pointer: `${pointer}/${key}`, value: container[key] }));
    });
  }
  return found;
}

/** The clauses a record's fields state in this profile (canton-profile clauses only in that profile). */
function fieldClauses(validators: Validators, record: SchemaName): [string, ClauseId[]][] {
  return Object.entries(FIELD_CLAUSES[record] ?? {}).map(([field, clauses]) => [
    field,
    clauses.filter((clauseId) => validators.profile === 'canton' || !clauseId.startsWith('canton.')),
  ]);
}

function recordConformance(
  validators: Validators,
  response: ClientResponse,
  record: SchemaName,
  pointer: string,
  value: unknown,
  fallback: ClauseId,
): void {
  const fields = fieldClauses(validators, record);
  const result = validators.validate(record, value);
  if (result.valid) {
    for (const [, clauses] of fields) for (const clauseId of clauses) assertClause(CHECK, clauseId, true, '', response);
    return;
  }
  const broken = result.errors[0]?.path.split('/')[1] ?? '';
  const blamed = fields.find(([field]) => field === broken)?.[1][0] ?? fields.find(([field]) => field === '*')?.[1][0] ?? fallback;
  assertClause(
    CHECK,
    blamed,
    false,
    `the ${record} at ${pointer || '/'} does not match its schema:\n${formatValidationErrors(result)}`,
    response,
  );
}

export function responseSchemaConformance(
  validators: Validators,
  response: ClientResponse,
  schema: SchemaName,
  clauseId: ClauseId,
): unknown {
  const body = parseBody(response, clauseId);
  for (const [pattern, record] of RECORD_LOCATIONS[schema] ?? []) {
    for (const { pointer, value } of valuesAt(body, pattern)) recordConformance(validators, response, record, pointer, value, clauseId);
  }
  const result = validators.validate(schema, body);
  assertClause(
    CHECK,
    clauseId,
    result.valid,
    `the body does not match ${schema}:\n${result.valid ? '' : formatValidationErrors(result)}`,
    response,
  );
  return body;
}
