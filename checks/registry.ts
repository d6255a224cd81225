/** The checks (oracles) of the suite, in one registry; tests list the ones they apply. */
export const checkRegistry = {
  not_a_server_error: 'the target never answers 5xx to a request the spec does not expect to fail on the server',
  status_code_conformance: 'the status code is one the clause (or, in the canton profile, Canton) allows',
  content_type_conformance: 'JSON bodies are application/json; the 400 decode failures and readiness are text/plain',
  response_schema_conformance: 'the response body matches the schema of the endpoint (exact int64, closed unions)',
  error_body_conformance: 'errors carry the default error body (area A) or {error} (scan); canton: status follows errorCategory',
  negative_data_rejection: 'every invalid request is rejected the way its clause says: never 2xx, never 5xx',
  positive_data_acceptance: 'every valid request is accepted',
  auth_enforcement: 'requests without valid credentials or rights are denied',
  stateful_consistency: 'what a write returns is what later reads show (offsets, update ids, events, deduplication)',
  prepared_transaction_integrity:
    'the hash an external party is asked to sign is the V2 hash of the transaction it is shown, which shows the commands submitted',
} as const;

export type CheckName = keyof typeof checkRegistry;
export const checkNames = Object.keys(checkRegistry) as CheckName[];
