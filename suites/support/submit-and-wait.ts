/**
 * Shared by the submit-and-wait suites (suites/participant/submit-and-wait*.suite.ts): the endpoint, its error-body
 * clause, the user who submits the Iou, and contract ids of an Iou read back from the ledger (live or archived).
 */
import { freshId } from '../../generators/index.js';
import { writeVisible } from '../../checks/stateful.js';
import { positiveDataAcceptance } from '../../checks/basic.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import { iouSubmission, postJson } from './requests.js';

export const SUBMIT_AND_WAIT_ENDPOINT = 'submit-and-wait';
export const SUBMIT_AND_WAIT_ERROR_BODY = 'submit-and-wait.errors.default-body';

/** A user who acts as the Iou payer `bank`, and the parties of the Iou it submits. */
export function bankSubmitter(context: ConformanceContext) {
  const bank = context.party('bank');
  const user = context.userWhere('can act as the Iou payer bank', (candidate) => candidate.rights.actAs.includes('bank'));
  return { user: user.id, bank, alice: context.party('alice') };
}

/** Creates an Iou as `bank` and returns its contract id, read back from the ledger. */
export async function createdContractId(
  context: ConformanceContext,
  user: string,
  bank: string,
  created: { json(): unknown },
): Promise<string> {
  const { completionOffset } = created.json() as { completionOffset: number };
  const read = await postJson(
    context,
    'update-by-offset',
    {
      offset: completionOffset,
      updateFormat: {
        includeTransactions: {
          eventFormat: {
            filtersByParty: {
              [bank]: { cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } }] },
            },
            verbose: false,
          },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      },
    },
    user,
  );
  positiveDataAcceptance(read, 'update-by-offset.exists');
  const body = read.json() as { update?: { Transaction?: { value?: { events?: Record<string, { contractId: string }>[] } } } };
  const createdEvents = (body.update?.Transaction?.value?.events ?? []).flatMap((event) =>
    event['CreatedEvent'] ? [event['CreatedEvent']] : [],
  );
  writeVisible(
    'submit-and-wait.summary.waits-for-result',
    `created events at completionOffset ${completionOffset}`,
    createdEvents,
    1,
    read,
  );
  return createdEvents[0]!.contractId;
}

/** A real, suffixed contract id of an Iou that was created and then archived. */
export async function archivedIouContractId(context: ConformanceContext, user: string, bank: string, alice: string): Promise<string> {
  const created = await postJson(context, SUBMIT_AND_WAIT_ENDPOINT, iouSubmission(context.fixtures, { payer: bank, owner: alice }), user);
  positiveDataAcceptance(created, 'submit-and-wait.exists');
  const contractId = await createdContractId(context, user, bank, created);
  const archive = await postJson(
    context,
    SUBMIT_AND_WAIT_ENDPOINT,
    {
      commands: [
        { ExerciseCommand: { templateId: context.fixtures.templates.iou.templateId, contractId, choice: 'Archive', choiceArgument: {} } },
      ],
      commandId: freshId('cmd'),
      actAs: [bank],
    },
    user,
  );
  positiveDataAcceptance(archive, 'submit-and-wait.exists');
  return contractId;
}
