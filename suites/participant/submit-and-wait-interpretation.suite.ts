/**
 * POST /v2/commands/submit-and-wait, refused by interpretation: a failed ensure clause, Canton's interpretation codes,
 * and atomicity (when one command fails, none takes effect). Part of suite `submit-and-wait` (see submit-and-wait.suite.ts).
 */
import { freshId } from '../../generators/index.js';
import { noEffectOfRejectedWrite } from '../../checks/stateful.js';
import { statusCodeConformance } from '../../checks/basic.js';
import { expectErrorCode, expectError } from '../../checks/error-body.js';
import type { ClauseId } from '../../specification/clauses.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { createIouCommand, iouSubmission, postJson } from '../support/requests.js';
import { SUBMIT_AND_WAIT_ENDPOINT as ENDPOINT, archivedIouContractId, bankSubmitter } from '../support/submit-and-wait.js';

type Body = Record<string, unknown>;

/** Sends the body and requires the submission to be rejected with a JSON error (the canton code when given). */
async function rejectsSubmission(
  context: ConformanceContext,
  body: unknown,
  user: string,
  clauseId: ClauseId,
  canton: { code: string; cantonClauseId: ClauseId },
): Promise<void> {
  const response = await postJson(context, ENDPOINT, body, user);
  statusCodeConformance(response, context.profile === 'canton' ? [400, 404, 409] : [400, 401, 403, 404, 409, 422], clauseId);
  const error = expectError(context, response, 'errors.submission-error-propagated');
  if (context.profile === 'canton') expectErrorCode(error, canton.code, canton.cantonClauseId, response);
}

conformanceSuite('submit-and-wait', () => {
  conformanceTest(
    {
      name: 'a failed ensure clause is propagated as the submission error',
      endpoint: ENDPOINT,
      clauses: [
        'submit-and-wait.errors.propagated',
        'errors.submission-error-propagated',
        'canton.submit-and-wait.template-precondition-violated-400',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const response = await postJson(
        context,
        ENDPOINT,
        iouSubmission(context.fixtures, { payer: bank, owner: alice, amount: '-1.0' }),
        user,
      );
      statusCodeConformance(response, context.profile === 'canton' ? [400] : [400, 409, 422], 'submit-and-wait.errors.propagated');
      const error = expectError(context, response, 'errors.submission-error-propagated');
      if (context.profile === 'canton') {
        expectErrorCode(error, 'TEMPLATE_PRECONDITION_VIOLATED', 'canton.submit-and-wait.template-precondition-violated-400', response);
      }
    },
  );

  conformanceTest(
    {
      name: "interpretation failures carry Canton's codes",
      endpoint: ENDPOINT,
      clauses: [
        'errors.submission-error-propagated',
        'canton.submit-and-wait.templates-or-interfaces-not-found-404',
        'canton.submit-and-wait.package-names-not-found-404',
        'canton.submit-and-wait.contract-not-found-404',
        'canton.submit-and-wait.authorization-error-400',
        'canton.daml-lf.unexpected-fields-400',
        'canton.daml-lf.missing-fields-400',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const { user, bank, alice } = bankSubmitter(context);
      const valid = iouSubmission(context.fixtures, { payer: bank, owner: alice });
      const create = (createCommand: Body) => ({ ...valid, commandId: freshId('cmd'), commands: [{ CreateCommand: createCommand }] });
      const iou = (
        createIouCommand(context.fixtures, { payer: bank, owner: alice }) as {
          CreateCommand: { templateId: string; createArguments: Body };
        }
      ).CreateCommand;
      const { viewers: _viewers, ...withoutViewers } = iou.createArguments;
      // "Contract not found" needs a real, suffixed id of a contract that is no longer active: archive one first.
      const archived = await archivedIouContractId(context, user, bank, alice);
      const cases: [Body, string, ClauseId][] = [
        [
          create({ ...iou, templateId: `${context.fixtures.package.id}:Iou:NoSuchTemplate` }),
          'TEMPLATES_OR_INTERFACES_NOT_FOUND',
          'canton.submit-and-wait.templates-or-interfaces-not-found-404',
        ],
        [
          create({ ...iou, templateId: '#NoSuchPackageName:Iou:Iou' }),
          'PACKAGE_NAMES_NOT_FOUND',
          'canton.submit-and-wait.package-names-not-found-404',
        ],
        [
          {
            ...valid,
            commandId: freshId('cmd'),
            commands: [{ ExerciseCommand: { templateId: iou.templateId, contractId: archived, choice: 'Call', choiceArgument: {} } }],
          },
          'CONTRACT_NOT_FOUND',
          'canton.submit-and-wait.contract-not-found-404',
        ],
        // bank acts for an Iou whose signatory is alice: the rights are fine, the Daml authorization is not.
        [
          { ...iouSubmission(context.fixtures, { payer: alice, owner: bank }), actAs: [bank] },
          'DAML_AUTHORIZATION_ERROR',
          'canton.submit-and-wait.authorization-error-400',
        ],
        [
          create({ ...iou, createArguments: { ...iou.createArguments, unexpectedField: 'x' } }),
          'INVALID_ARGUMENT',
          'canton.daml-lf.unexpected-fields-400',
        ],
        [create({ ...iou, createArguments: withoutViewers }), 'COMMAND_PREPROCESSING_FAILED', 'canton.daml-lf.missing-fields-400'],
      ];
      for (const [body, code, cantonClauseId] of cases) {
        await rejectsSubmission(context, body, user, 'errors.submission-error-propagated', { code, cantonClauseId });
      }
    },
  );

  conformanceTest(
    {
      name: 'the commands of one submission are atomic: when one fails, none takes effect',
      endpoint: ENDPOINT,
      clauses: ['submit-and-wait.commands.atomic'],
      requires: ['writes'],
    },
    async (context) => {
      const keyed = context.fixtures.templates.keyedAccount;
      if (keyed?.key === undefined)
        context.skip(
          'the fixtures name no keyed template (templates.keyedAccount with a key): atomicity is observed through a contract key',
        );
      const owner = context.party('alice');
      const user = context.userWhere('can act as alice', (candidate) => candidate.rights.actAs.includes('alice')).id;
      const number = freshId('acc');
      const account = { ...(keyed!.createArguments as Body), owner, number };
      const failing = iouSubmission(context.fixtures, { payer: owner, owner, amount: '-1.0' }).commands as unknown[];
      const response = await postJson(
        context,
        ENDPOINT,
        {
          commands: [{ CreateCommand: { templateId: keyed!.templateId, createArguments: account } }, ...failing],
          commandId: freshId('cmd'),
          actAs: [owner],
        },
        user,
      );
      expectError(context, response, 'submit-and-wait.commands.atomic');
      // Had the first command taken effect, its contract would now be found by its key (and archived).
      const archiveByKey = () =>
        postJson(
          context,
          ENDPOINT,
          {
            commands: [
              {
                ExerciseByKeyCommand: {
                  templateId: keyed!.templateId,
                  contractKey: { owner, number },
                  choice: 'Archive',
                  choiceArgument: {},
                },
              },
            ],
            commandId: freshId('cmd'),
            actAs: [owner],
          },
          user,
        );
      const lookup = await archiveByKey();
      // The control: the first command alone is accepted, and then the same lookup finds its contract.
      const alone = await postJson(
        context,
        ENDPOINT,
        {
          commands: [{ CreateCommand: { templateId: keyed!.templateId, createArguments: account } }],
          commandId: freshId('cmd'),
          actAs: [owner],
        },
        user,
      );
      const controlLookup = alone.status === 200 ? await archiveByKey() : undefined;
      noEffectOfRejectedWrite(
        'submit-and-wait.commands.atomic',
        'the contract of the first command of the failed atomic submission',
        lookup.status === 200,
        {
          found: controlLookup?.status === 200,
          detail: controlLookup === undefined ? `the create alone answered ${alone.status}` : `the lookup answered ${controlLookup.status}`,
        },
        lookup,
      );
    },
  );

  conformanceTest(
    {
      name: 'an exercise by key finds only a live contract: CONTRACT_KEY_NOT_FOUND before the create and after the archive',
      endpoint: ENDPOINT,
      clauses: ['canton.submit-and-wait.contract-key-not-found-404'],
      requires: ['writes'],
    },
    async (context) => {
      // ContractKeysIT.scala:354 CKExerciseByKey.
      const clauseId = 'canton.submit-and-wait.contract-key-not-found-404';
      const keyed = context.fixtures.templates.keyedAccount;
      if (keyed?.key === undefined) return context.skip('the fixtures name no keyed template (templates.keyedAccount with a key)');
      const owner = context.party('alice');
      const user = context.userWhere('can act as alice', (candidate) => candidate.rights.actAs.includes('alice')).id;
      const number = freshId('acc');
      const submit = (command: Body) =>
        postJson(context, ENDPOINT, { commands: [command], commandId: freshId('cmd'), actAs: [owner] }, user);
      const archiveByKey = () =>
        submit({
          ExerciseByKeyCommand: { templateId: keyed.templateId, contractKey: { owner, number }, choice: 'Archive', choiceArgument: {} },
        });
      const before = await archiveByKey();
      const created = await submit({
        CreateCommand: { templateId: keyed.templateId, createArguments: { ...(keyed.createArguments as Body), owner, number } },
      });
      const live = await archiveByKey();
      const after = await archiveByKey();
      // The controls: the create and the exercise by key of the live contract are accepted.
      statusCodeConformance(created, [200], clauseId);
      statusCodeConformance(live, [200], clauseId);
      for (const refused of [before, after]) {
        statusCodeConformance(refused, [404], clauseId);
        const error = expectError(context, refused, clauseId, { code: 'CONTRACT_KEY_NOT_FOUND', cantonClauseId: clauseId });
        expectErrorCode(error, 'CONTRACT_KEY_NOT_FOUND', clauseId, refused);
      }
    },
  );
});
