/**
 * Shared by the ledger-semantics suites (suites/flows/semantics-*.suite.ts): a submit-and-wait as a user, the
 * refusal credited only after its control was accepted, the fixture users who act as bank or alice, a Transfer.
 */
import type { ClientResponse } from '../../client/http.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import type { JsonObject } from './ledger.js';

export function send(context: ConformanceContext, user: string, body: JsonObject): Promise<ClientResponse> {
  return context.send({ endpoint: 'submit-and-wait', user, body });
}

export { brief } from './refusals.js';

/** A refusal credited only against its control (the same request with the one thing changed back): support/refusals.ts. */
export { refusedAgainstControl as refusedFor } from './refusals.js';

export function bankUser(context: ConformanceContext): string {
  return context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
}

export function aliceUser(context: ConformanceContext): string {
  return context.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
}

export function transfer(context: ConformanceContext, contractId: string, newOwner: string): JsonObject {
  return {
    ExerciseCommand: {
      templateId: context.fixtures.templates.iou.templateId,
      contractId,
      choice: 'Transfer',
      choiceArgument: { newOwner },
    },
  };
}
