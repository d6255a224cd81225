/**
 * POST /v2/commands/submit-and-wait, exercise commands of the wrong shape on a live (or live keyed) contract are
 * refused, each against the same exercise accepted as its control. Part of suite `submit-and-wait` (see submit-and-wait.suite.ts).
 */
import { exerciseMutations, freshId } from '../../generators/index.js';
import { positiveDataAcceptance } from '../../checks/basic.js';
import { negativeDataRejection } from '../../checks/rejection.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { iouSubmission, postJson } from '../support/requests.js';
import {
  SUBMIT_AND_WAIT_ENDPOINT as ENDPOINT,
  SUBMIT_AND_WAIT_ERROR_BODY as ERROR_BODY,
  bankSubmitter,
  createdContractId,
} from '../support/submit-and-wait.js';

type Body = Record<string, unknown>;

conformanceSuite('submit-and-wait', () => {
  conformanceTest(
    {
      name: 'rejects exercise commands of the wrong shape on a live contract (control: the same exercise is accepted)',
      endpoint: ENDPOINT,
      clauses: [
        'command.ExerciseCommand.fields-required',
        'command.ExerciseCommand.contractId.ledger-string',
        'command.ExerciseCommand.choice.name-string',
        'canton.errors.400-text.json-path-detail',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const templateId = context.fixtures.templates.iou.templateId;
      await context.forEachRule(
        exerciseMutations('ExerciseCommand'),
        async (mutation) => {
          // A fresh Iou per case: the control archives it.
          const created = await postJson(context, ENDPOINT, iouSubmission(context.fixtures, { payer: bank, owner: alice }), user);
          positiveDataAcceptance(created, 'submit-and-wait.exists');
          const contractId = await createdContractId(context, user, bank, created);
          const exercise = { templateId, contractId, choice: 'Archive', choiceArgument: {} };
          const mutated = { ...exercise } as Body;
          if (mutation.remove) delete mutated[String(mutation.at[0])];
          else mutated[String(mutation.at[0])] = mutation.set;
          const submission = (command: Body) => ({ commands: [{ ExerciseCommand: command }], commandId: freshId('cmd'), actAs: [bank] });
          const response = await postJson(context, ENDPOINT, submission(mutated), user);
          await negativeDataRejection(context, {
            rule: {
              clauseId: mutation.clauseId,
              rule: mutation.rule,
              violation: mutation.violation,
              part: { kind: 'body', name: `commands[0].ExerciseCommand.${String(mutation.at[0])}` },
            },
            response,
            control: () => postJson(context, ENDPOINT, submission(exercise), user),
            errorBodyClause: ERROR_BODY,
            endpoint: ENDPOINT,
            value: mutated[String(mutation.at[0])],
          });
        },
        { numRuns: Math.min(context.cases, 20) },
      );
    },
  );

  conformanceTest(
    {
      name: 'rejects exercise-by-key commands of the wrong shape on a live keyed contract (control: the same exercise is accepted)',
      endpoint: ENDPOINT,
      clauses: ['command.ExerciseByKeyCommand.fields-required', 'command.ExerciseByKeyCommand.choice.name-string'],
      requires: ['writes'],
    },
    async (context) => {
      const keyed = context.fixtures.templates.keyedAccount;
      if (keyed?.key === undefined)
        context.skip('the fixtures name no keyed template (templates.keyedAccount with a key): exercise-by-key needs one');
      const owner = context.party('alice');
      const user = context.userWhere('can act as alice', (candidate) => candidate.rights.actAs.includes('alice')).id;
      await context.forEachRule(
        exerciseMutations('ExerciseByKeyCommand'),
        async (mutation) => {
          // A fresh keyed contract per case: the control archives it.
          const number = freshId('acc');
          const account = { ...(keyed!.createArguments as Body), owner, number };
          const create = {
            commands: [{ CreateCommand: { templateId: keyed!.templateId, createArguments: account } }],
            commandId: freshId('cmd'),
            actAs: [owner],
          };
          positiveDataAcceptance(await postJson(context, ENDPOINT, create, user), 'submit-and-wait.exists');
          const exercise: Body = { templateId: keyed!.templateId, contractKey: { owner, number }, choice: 'Archive', choiceArgument: {} };
          const mutated = { ...exercise };
          const field = String(mutation.at[0]);
          if (mutation.remove) delete mutated[field];
          else mutated[field] = mutation.set;
          const submission = (command: Body) => ({
            commands: [{ ExerciseByKeyCommand: command }],
            commandId: freshId('cmd'),
            actAs: [owner],
          });
          const response = await postJson(context, ENDPOINT, submission(mutated), user);
          await negativeDataRejection(context, {
            rule: {
              clauseId: mutation.clauseId,
              rule: mutation.rule,
              violation: mutation.violation,
              part: { kind: 'body', name: `commands[0].ExerciseByKeyCommand.${field}` },
            },
            response,
            control: () => postJson(context, ENDPOINT, submission(exercise), user),
            errorBodyClause: ERROR_BODY,
            endpoint: ENDPOINT,
            value: mutated[field],
          });
        },
        { numRuns: Math.min(context.cases, 12) },
      );
    },
  );
});
