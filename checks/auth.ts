/**
 * auth_enforcement: a request without valid credentials, or without the rights it needs, is denied — while the
 * same request with them (the control) is served. A denial is credited to the auth rule only when the control
 * was accepted in the same run; on a target that denies everything it is inconclusive, never passed.
 *
 * The spec states the denial but not its status; the canton profile requires Canton's 401 (unauthenticated) or
 * 403 (permission denied) — both where a real node legitimately answers either (a foreign audience: 403 without
 * a configured target audience, 401 with one) — with the redacted error body.
 */
import type { ClientResponse } from '../client/http.js';
import type { ProfileName } from '../config/types.js';
import type { ClauseId } from '../specification/clauses.js';
import type { Validators } from '../specification/validate.js';
import { assertClause, failUnlessAll, recordInconclusive } from './assertion.js';
import { errorBodyConformance, redactedErrorDetails } from './error-body.js';
import { statusOfCategory, type ErrorCategory } from './http-status.js';

export type Denial = 'unauthenticated' | 'permission-denied';

/** Each denial's error category, whose status (checks/http-status.ts) Canton answers with. */
const DENIALS: Record<Denial, { category: ErrorCategory; clause: ClauseId; categoryClause: ClauseId }> = {
  unauthenticated: { category: 6, clause: 'canton.auth.unauthenticated-401', categoryClause: 'canton.errors.category-6-401' },
  'permission-denied': { category: 7, clause: 'canton.auth.permission-denied-403', categoryClause: 'canton.errors.category-7-403' },
};

export interface AuthCase {
  /** The answer to the request without valid credentials or rights. */
  response: ClientResponse;
  /** Sends the same request with credentials and rights that suffice (called when the first was denied). */
  control: () => Promise<ClientResponse>;
  /** How Canton denies it; several where a real node may answer either. */
  denial: Denial | readonly Denial[];
  /** The auth rule the denial proves. */
  clauseId: ClauseId;
  /** Other clauses stating the same rule, judged by the same evidence. */
  sameRule?: readonly ClauseId[];
  /** Whether the control's answer shows the request was served (default: a 2xx). */
  controlAccepted?: (response: ClientResponse) => boolean;
  /**
   * Whether a 4xx of the denied request still shows it was served (e.g. a lookup's 404 UPDATE_NOT_FOUND: the
   * node read as the party and found nothing). Such an answer is no denial. Default: none.
   */
  servedDespite4xx?: (response: ClientResponse) => boolean;
}

const brief = (response: ClientResponse): string => `${response.status}: ${response.text.slice(0, 200).replace(/\s+/g, ' ')}`;

export async function authEnforcement(
  environment: { validators: Validators; profile: ProfileName },
  auth: AuthCase,
): Promise<'credited' | 'inconclusive'> {
  const check = 'auth_enforcement';
  const { response } = auth;
  const clauses = [auth.clauseId, ...(auth.sameRule ?? [])];
  failUnlessAll(
    check,
    clauses,
    response.status >= 400 && response.status < 500 && !(auth.servedDespite4xx?.(response) ?? false),
    `expected the request to be denied (4xx), got ${brief(response)}`,
    response,
  );
  const control = await auth.control();
  const accepted = auth.controlAccepted ?? ((answer: ClientResponse) => answer.status >= 200 && answer.status < 300);
  if (!accepted(control)) {
    const reason = `the same request with valid credentials and rights (the control) was not served either (${brief(control)}): the denial proves nothing`;
    for (const clauseId of clauses) recordInconclusive(check, clauseId, reason, control);
    return 'inconclusive';
  }
  for (const clauseId of clauses) assertClause(check, clauseId, true, '');
  if (environment.profile === 'canton') cantonDenial(environment, response, [auth.denial].flat());
  return 'credited';
}

/** Canton's status for the denial (either of several where a real node may answer either) and its redacted body. */
function cantonDenial(
  environment: { validators: Validators; profile: ProfileName },
  response: ClientResponse,
  denials: readonly Denial[],
): void {
  const expected = denials.map((denial) => ({ ...DENIALS[denial], status: statusOfCategory(DENIALS[denial].category) }));
  const matching = expected.find((entry) => entry.status === response.status);
  for (const { clause } of matching ? [matching] : expected) {
    assertClause(
      'auth_enforcement',
      clause,
      matching !== undefined,
      `Canton answers ${expected.map((entry) => entry.status).join(' or ')} here, got ${brief(response)}`,
      response,
    );
  }
  // The redacted body hides the category; the status tells it (6: unauthenticated, 7: permission denied).
  assertClause('auth_enforcement', matching!.categoryClause, true, '');
  const body = errorBodyConformance(environment, response, matching!.clause, { code: 'NA', cantonClauseId: 'canton.errors.redacted-body' });
  redactedErrorDetails(body, response);
}
