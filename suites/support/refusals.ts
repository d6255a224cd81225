/**
 * A refusal credited only against its control: the same request with the one thing changed back was accepted,
 * so the change is what the node refused (the rule a negative test credits).
 */
import type { ClientResponse } from '../../client/http.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { statusCodeConformance, statusInRange } from '../../checks/basic.js';
import { errorBodyConformance, expectErrorCode, type JsCantonErrorBody } from '../../checks/error-body.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';

const brief = (response: ClientResponse): string => `${response.status}: ${response.text.slice(0, 200)}`;

/**
 * `refused` is credited to `clauseId` only when `control` was accepted: then it must be 4xx with the default error
 * body, one of `codes` and `status`. An accepted `refused` fails whatever the control says.
 */
export function refusedAgainstControl(
  ctx: ConformanceContext,
  clauseId: ClauseId,
  refused: ClientResponse,
  control: ClientResponse,
  codes: string | readonly string[],
  status: number,
): JsCantonErrorBody | undefined {
  if (refused.status >= 200 && refused.status < 300) statusInRange(refused, 400, 499, clauseId);
  if (control.status < 200 || control.status >= 300) {
    recordInconclusive(
      'status_code_conformance',
      clauseId,
      `the control request (the same request without the change) was refused too (${brief(control)}), so the refusal proves nothing`,
      control,
    );
    return undefined;
  }
  statusInRange(refused, 400, 499, clauseId);
  const body = errorBodyConformance(ctx, refused, clauseId);
  expectErrorCode(body, codes, clauseId, refused);
  statusCodeConformance(refused, [status], clauseId);
  return body;
}
