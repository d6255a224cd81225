/**
 * The checks (oracles) of the suite by name, each with its one-line description. `CheckName` is derived from
 * this list, so a test that names a check that does not exist is a type error; `checks/registry.ts` maps
 * every name to the functions that implement it (and `tsc` rejects a registry that misses one).
 */
export const CHECK_DESCRIPTIONS = {
  not_a_server_error: 'the target never answers 5xx to a request the spec does not expect to fail on the server',
  status_code_conformance: 'the status code is one the clause (or, in the canton profile, Canton) allows',
  content_type_conformance: 'JSON bodies are application/json; the 400 decode failures and readiness are text/plain',
  response_schema_conformance: 'the response body matches the schema of the endpoint; each field rule is credited to its own clause',
  error_body_conformance:
    'errors carry the default error body (area A) or {error} (scan); canton: status follows errorCategory, codes and details',
  negative_data_rejection:
    'an invalid request is rejected for the rule it breaks: never 2xx, never 5xx, and credited only when the same request without the mutation was accepted',
  positive_data_acceptance: 'every valid request is accepted',
  auth_enforcement: 'a request without valid credentials or rights is denied, while the same request with them is served',
  stateful_consistency:
    'what a write returns is what later reads show: same update at the same offset, increasing offsets, equal event sets',
  response_value_conformance: 'a value in a response is the one its clause states (the caller, a count, an encoding, an order)',
  prepared_transaction_integrity:
    'the hash an external party is asked to sign is the V2 hash of the transaction it is shown, which shows the commands submitted',
  http_transport:
    'the node answers every request with one complete HTTP answer: no reset, no body cut short, no HTML error page or unparseable body where JSON is due',
  spec_conflict: 'where the spec and Canton 3.5 disagree, the target follows one of them; following Canton is reported as a deviation',
} as const;

export type CheckName = keyof typeof CHECK_DESCRIPTIONS;

export const CHECK_NAMES = Object.keys(CHECK_DESCRIPTIONS) as CheckName[];

export function isCheckName(name: string): name is CheckName {
  return Object.hasOwn(CHECK_DESCRIPTIONS, name);
}
