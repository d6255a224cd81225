/**
 * auth_enforcement: a request without valid credentials, or without the rights it needs, is denied.
 * The spec states the denial but not its status; the canton profile requires Canton's 401 (unauthenticated)
 * or 403 (permission denied) with the redacted error body (`code: "NA"`, `errorCategory: -1`).
 */
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import type { ProfileName } from '../config/types.js';
import type { Validators } from '../specification/validate.js';
import { assertClause } from './assertion.js';
import { errorBodyConformance } from './error-body.js';

export type Denial = 'unauthenticated' | 'permission-denied';

export function authEnforcement(
  environment: { validators: Validators; profile: ProfileName },
  response: ClientResponse,
  denial: Denial,
  clauseId: ClauseId,
): void {
  const check = 'auth_enforcement';
  assertClause(
    check,
    clauseId,
    response.status >= 400 && response.status < 500,
    `expected the request to be denied (4xx), got ${response.status}: ${response.text.slice(0, 200)}`,
    response,
  );
  if (environment.profile !== 'canton') return;
  const expectedStatus = denial === 'unauthenticated' ? 401 : 403;
  const cantonClauseId = denial === 'unauthenticated' ? 'canton.auth.unauthenticated-401' : 'canton.auth.permission-denied-403';
  assertClause(
    check,
    cantonClauseId,
    response.status === expectedStatus,
    `Canton answers ${expectedStatus} here, got ${response.status}: ${response.text.slice(0, 200)}`,
    response,
  );
  const body = errorBodyConformance(environment, response, cantonClauseId, { code: 'NA', cantonClauseId: 'canton.errors.redacted-body' });
  assertClause(
    check,
    'canton.errors.redacted-body',
    body.errorCategory === -1,
    `a security-sensitive error must be redacted (errorCategory -1), got ${body.errorCategory}`,
    response,
  );
}
