/**
 * What a test says one of its answers is evidence for, besides its endpoint's own clauses (e.g. "a failed submission
 * returns its error" for the error body of a refused submit-and-wait), and, for an endpoint whose answers the engine
 * has no schema of, the schema the answer has (e.g. a user record read back). The check engine's body checks (content
 * type, response schema, error body; `checks/response-checks.ts`) then check that exchange too and credit those clauses
 * as well. The test asserts what is particular to its request (that it was refused, with which code); the engine
 * checks the answer itself.
 */
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import type { SchemaName } from '../specification/validate.js';

export interface Evidence {
  clauses: readonly ClauseId[];
  /** The schema of a 2xx body, where the engine's own table has none for the endpoint. */
  schema?: SchemaName;
}

const evidence = new WeakMap<ClientResponse, Evidence>();

/** The engine's body checks of `response` credit `clauses` as well (and hold a 2xx body to `schema`, when given). */
export function evidenceFor(response: ClientResponse, clauses: readonly ClauseId[], schema?: SchemaName): void {
  const known = evidence.get(response);
  const merged = [...new Set([...(known?.clauses ?? []), ...clauses])];
  const named = schema ?? known?.schema;
  evidence.set(response, named === undefined ? { clauses: merged } : { clauses: merged, schema: named });
}

/** What a test named for `response`, or undefined. */
export function evidenceOf(response: ClientResponse): Evidence | undefined {
  return evidence.get(response);
}

/** The clauses a test named for `response` (none by default). */
export function evidencedBy(response: ClientResponse): readonly ClauseId[] {
  return evidence.get(response)?.clauses ?? [];
}
