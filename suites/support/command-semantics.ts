/**
 * Shared by the ledger-semantics suites (suites/flows/semantics-*.suite.ts): a submit-and-wait as a user, the
 * refusal credited only after its control was accepted, the fixture users who act as bank or alice, a Transfer.
 */
import type { ClientResponse } from '../../client/http.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { statusCodeConformance, statusInRange } from '../../checks/basic.js';
import { errorBodyConformance, expectErrorCode, type JsCantonErrorBody } from '../../checks/error-body.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import type { JsonObject } from './ledger.js';

export function send(ctx: ConformanceContext, user: string, body: JsonObject): Promise<ClientResponse> {
  return ctx.send({ endpoint: 'submit-and-wait', user, body });
}

export const brief = (response: ClientResponse): string => `${response.status}: ${response.text.slice(0, 200)}`;

/**
 * A refusal credited to `clauseId` only when its control (the same request with the one thing changed back) was
 * accepted: 4xx, the default error body, one of `codes`, and `status`.
 */
export function refusedFor(
  ctx: ConformanceContext,
  clauseId: ClauseId,
  refused: ClientResponse,
  control: ClientResponse,
  codes: string | readonly string[],
  status: number,
): JsCantonErrorBody | undefined {
  // Accepted is wrong whatever the control says (it may have failed only because this request took effect).
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

export function bankUser(ctx: ConformanceContext): string {
  return ctx.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
}

export function aliceUser(ctx: ConformanceContext): string {
  return ctx.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
}

export function transfer(ctx: ConformanceContext, contractId: string, newOwner: string): JsonObject {
  return {
    ExerciseCommand: { templateId: ctx.fixtures.templates.iou.templateId, contractId, choice: 'Transfer', choiceArgument: { newOwner } },
  };
}
