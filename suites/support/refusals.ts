/**
 * A refusal credited only against its control: the same request with the one thing changed back was accepted,
 * so the change is what the node refused (the rule a negative test credits).
 */
import type { ClientResponse } from '../../client/http.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { statusCodeConformance, statusInRange } from '../../checks/basic.js';
import { expectErrorCode, type JsCantonErrorBody, expectError } from '../../checks/error-body.js';
import { expectText } from '../../checks/values.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';

export const brief = (response: ClientResponse): string => `${response.status}: ${response.text.slice(0, 200)}`;

export interface RefusalOptions {
  /** The refusal's cause must contain this (a name, never a whole engine sentence). */
  causeIncludes?: string;
  /** The refusal's cause must start with this (a stable prefix). */
  causePrefix?: string;
  /** What the control request is, for the message when it was refused too; "the same request without the change". */
  control?: string;
}

/**
 * `refused` is credited to `clauseId` only when `control` was accepted: then it must be 4xx with the default error
 * body, one of `codes`, `status`, and (when given) a cause containing `causeIncludes`. An accepted `refused` fails
 * whatever the control says (the control may have failed only because this request took effect).
 */
export function refusedAgainstControl(
  context: ConformanceContext,
  clauseId: ClauseId,
  refused: ClientResponse,
  control: ClientResponse,
  codes: string | readonly string[],
  status: number,
  options: RefusalOptions = {},
): JsCantonErrorBody | undefined {
  if (refused.status >= 200 && refused.status < 300) statusInRange(refused, 400, 499, clauseId);
  if (control.status < 200 || control.status >= 300) {
    recordInconclusive(
      'status_code_conformance',
      clauseId,
      `the control request (${options.control ?? 'the same request without the change'}) was refused too (${brief(control)}), so the refusal proves nothing`,
      control,
    );
    return undefined;
  }
  return refusedWith(context, clauseId, refused, codes, status, options);
}

/**
 * `refused` is a refusal of `clauseId` with no control to weigh (the rule is the only reason it could fail): 4xx, the
 * default error body, one of `codes`, `status`, and (when given) a cause containing `causeIncludes`.
 */
export function refusedWith(
  context: ConformanceContext,
  clauseId: ClauseId,
  refused: ClientResponse,
  codes: string | readonly string[],
  status: number,
  options: Pick<RefusalOptions, 'causeIncludes' | 'causePrefix'> = {},
): JsCantonErrorBody {
  statusInRange(refused, 400, 499, clauseId);
  const body = expectError(context, refused, clauseId);
  expectErrorCode(body, codes, clauseId, refused);
  statusCodeConformance(refused, [status], clauseId);
  const { causeIncludes, causePrefix } = options;
  if (causeIncludes !== undefined || causePrefix !== undefined)
    expectText(
      clauseId,
      `the cause of ${typeof codes === 'string' ? codes : codes.join(' / ')}`,
      body.cause,
      {
        ...(causeIncludes !== undefined ? { includes: causeIncludes } : {}),
        ...(causePrefix !== undefined ? { startsWith: causePrefix } : {}),
      },
      refused,
    );
  return body;
}
