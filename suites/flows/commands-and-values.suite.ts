/**
 * Commands against live contracts and the Daml-LF JSON encoding of values: interface choices, Int64 as
 * strings, interpretation errors, visibility through act-as/read-as parties, any-party filters, labels.
 */
import { contentTypeConformance, positiveDataAcceptance } from '../../checks/basic.js';
import { errorBodyConformance } from '../../checks/error-body.js';
import { conformanceSuite, conformanceTest } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import {
  createIouAndFindIt,
  createdEvents,
  iouCreate,
  submit,
  transactionFormat,
  transactionOf,
  updateByOffset,
  wildcardFilter,
  type JsonObject,
} from './support.js';
import { freshId } from '../../generators/index.js';

conformanceSuite('flows / commands and values', () => {
  conformanceTest(
    {
      name: 'an interface choice is exercised through the interface id',
      endpoint: 'submit-and-wait',
      clauses: ['command.ExerciseCommand.interface-choice', 'command.ExerciseCommand.fields-required'],
      checks: ['positive_data_acceptance', 'stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const alice = ctx.party('alice');
      const { contractId } = await createIouAndFindIt(ctx, alice, 'command.ExerciseCommand.interface-choice');
      const aliceUser = ctx.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
      const described = await submit(ctx, {
        user: aliceUser,
        actAs: [alice],
        commands: [
          {
            ExerciseCommand: {
              templateId: ctx.fixtures.templates.assetInterface.interfaceId,
              contractId,
              choice: 'Describe',
              choiceArgument: {},
            },
          },
        ],
        clauseId: 'command.ExerciseCommand.interface-choice',
      });
      const effects = await updateByOffset(
        ctx,
        aliceUser,
        described.completionOffset,
        transactionFormat({ [alice]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
      );
      const exercised = transactionOf(effects, 'command.ExerciseCommand.interface-choice').events.find(
        ([kind]) => kind === 'ExercisedEvent',
      );
      expectThat(
        exercised !== undefined && exercised[1].choice === 'Describe' && exercised[1].contractId === contractId,
        'stateful_consistency',
        'command.ExerciseCommand.interface-choice',
        'the interface choice Describe does not appear as exercised on the contract',
        effects,
      );
    },
  );

  conformanceTest(
    {
      name: 'Int64 values travel as strings and come back as strings',
      endpoint: 'submit-and-wait',
      clauses: ['canton.daml-lf.int64-string', 'canton.daml-lf.optional-null'],
      checks: ['positive_data_acceptance', 'stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const template = ctx.fixtures.templates.trailingNone;
      if (!template) return ctx.skip('the fixtures name no template with an Int64 field (templates.trailingNone)');
      const signatory = String(template.createArguments.p);
      const alias = ctx.fixtures.parties.find((party) => party.id === signatory)?.alias ?? '';
      const user = ctx.userWhere(`can act as ${signatory}`, (candidate) => candidate.rights.actAs.includes(alias)).id;
      const created = await submit(ctx, {
        user,
        actAs: [signatory],
        commands: [{ CreateCommand: { templateId: template.templateId, createArguments: { p: signatory, i: '9007199254740993' } } }],
        clauseId: 'canton.daml-lf.int64-string',
      });
      const read = await updateByOffset(
        ctx,
        user,
        created.completionOffset,
        transactionFormat({ [signatory]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const argument = createdEvents(transactionOf(read, 'canton.daml-lf.int64-string').events)[0]?.createArgument as
        JsonObject | undefined;
      expectThat(
        argument?.i === '9007199254740993',
        'stateful_consistency',
        'canton.daml-lf.int64-string',
        `an Int64 above 2^53 must come back exactly, as the string "9007199254740993"; got ${JSON.stringify(argument?.i)}`,
        read,
      );
      const none = await submit(ctx, {
        user,
        actAs: [signatory],
        commands: [{ CreateCommand: { templateId: template.templateId, createArguments: { p: signatory, i: null } } }],
        clauseId: 'canton.daml-lf.optional-null',
      });
      positiveDataAcceptance(none.response, 'canton.daml-lf.optional-null');
    },
  );

  conformanceTest(
    {
      name: 'an interpretation error is propagated: exercising a contract through the wrong template',
      endpoint: 'submit-and-wait',
      clauses: [
        'submit-and-wait.errors.propagated',
        'errors.submission-error-propagated',
        'canton.submit-and-wait.interpretation-error-400',
        'canton.errors.category-9-400',
      ],
      checks: ['error_body_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const alice = ctx.party('alice');
      const { contractId } = await createIouAndFindIt(ctx, alice, 'submit-and-wait.errors.propagated');
      const aliceUser = ctx.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
      const response = await ctx.send({
        api: 'participant',
        method: 'POST',
        path: '/v2/commands/submit-and-wait',
        user: aliceUser,
        body: {
          commands: [
            {
              ExerciseCommand: { templateId: ctx.fixtures.templates.getCash.templateId, contractId, choice: 'Archive', choiceArgument: {} },
            },
          ],
          commandId: freshId('wrong-template'),
          actAs: [alice],
        },
      });
      const error = errorBodyConformance(ctx, response, 'submit-and-wait.errors.propagated');
      if (ctx.profile === 'canton') {
        expectThat(
          response.status === 400 && error.errorCategory === 9,
          'error_body_conformance',
          'canton.submit-and-wait.interpretation-error-400',
          `an interpretation failure is 400 with category 9, got ${response.status} category ${error.errorCategory} (${error.code})`,
          response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'a command can only use contracts visible to its act-as or read-as parties',
      endpoint: 'submit-and-wait',
      clauses: ['submit-and-wait.readAs.visibility', 'canton.submit-and-wait.contract-not-found-404'],
      checks: ['error_body_conformance', 'stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const { contractId } = await createIouAndFindIt(ctx, ctx.party('alice'), 'submit-and-wait.readAs.visibility');
      const bob = ctx.party('bob');
      const bobUser = ctx.userWhere('can act as bob', (user) => user.rights.actAs.includes('bob') && user.rights.readAs.length === 0).id;
      const response = await ctx.send({
        api: 'participant',
        method: 'POST',
        path: '/v2/commands/submit-and-wait',
        user: bobUser,
        body: {
          commands: [
            {
              ExerciseCommand: {
                templateId: ctx.fixtures.templates.iou.templateId,
                contractId,
                choice: 'Transfer',
                choiceArgument: { newOwner: bob },
              },
            },
          ],
          commandId: freshId('invisible'),
          actAs: [bob],
        },
      });
      expectThat(
        response.status >= 400 && response.status < 500,
        'stateful_consistency',
        'submit-and-wait.readAs.visibility',
        `bob is neither act-as nor read-as party of a stakeholder, yet the contract was used (${response.status})`,
        response,
      );
      const error = errorBodyConformance(ctx, response, 'submit-and-wait.readAs.visibility', {
        code: 'CONTRACT_NOT_FOUND',
        cantonClauseId: 'canton.submit-and-wait.contract-not-found-404',
      });
      if (ctx.profile === 'canton') {
        expectThat(
          response.status === 404 && error.code === 'CONTRACT_NOT_FOUND',
          'error_body_conformance',
          'canton.submit-and-wait.contract-not-found-404',
          `Canton answers 404 CONTRACT_NOT_FOUND for a contract the submitters cannot see, got ${response.status} ${error.code}`,
          response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'filtersForAnyParty matches events of any party; verbose values carry record labels',
      endpoint: 'update-by-offset',
      clauses: ['event-format.filtersForAnyParty.optional', 'event-format.verbose.record-labels', 'event-format.verbose.optional-boolean'],
      checks: ['stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const { submitted } = await createIouAndFindIt(ctx, ctx.party('alice'), 'event-format.filtersForAnyParty.optional');
      const admin = ctx.fixtures.users.find((user) => user.rights.admin && !user.isDeactivated);
      if (!admin) return ctx.skip('the fixtures name no participant_admin user (needed to read for any party)');
      const response = await updateByOffset(ctx, admin.id, submitted.completionOffset, {
        includeTransactions: {
          eventFormat: { filtersForAnyParty: { cumulative: [wildcardFilter()] }, verbose: true },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      });
      positiveDataAcceptance(response, 'event-format.filtersForAnyParty.optional');
      contentTypeConformance(response, 'json', 'event-format.filtersForAnyParty.optional');
      const created = createdEvents(transactionOf(response, 'event-format.filtersForAnyParty.optional').events);
      expectThat(
        created.length === 1,
        'stateful_consistency',
        'event-format.filtersForAnyParty.optional',
        'a filter for any party does not see the create',
        response,
      );
      const argument = created[0]!.createArgument;
      expectThat(
        argument !== null && typeof argument === 'object' && !Array.isArray(argument) && 'payer' in argument && 'amount' in argument,
        'stateful_consistency',
        'event-format.verbose.record-labels',
        `with verbose: true the record must carry its field labels, got ${JSON.stringify(argument)?.slice(0, 200)}`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'a deduplication duration is accepted as {seconds, nanos}, also with unknownFields',
      endpoint: 'submit-and-wait',
      clauses: [
        'canton.json.duration-shape',
        'duration.unknownFields.optional',
        'duration.seconds.required-int64',
        'duration.nanos.required-int32',
        'submit-and-wait.deduplicationPeriod.duration-only',
      ],
      checks: ['positive_data_acceptance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const payer = ctx.party('bank');
      const user = ctx.userWhere('can act as bank', (candidate) => candidate.rights.actAs.includes('bank')).id;
      await submit(ctx, {
        user,
        actAs: [payer],
        commands: [iouCreate(ctx, payer, payer)],
        clauseId: 'canton.json.duration-shape',
        extra: { deduplicationPeriod: { DeduplicationDuration: { value: { seconds: 30, nanos: 0 } } } },
      });
      await submit(ctx, {
        user,
        actAs: [payer],
        commands: [iouCreate(ctx, payer, payer)],
        clauseId: 'duration.unknownFields.optional',
        extra: { deduplicationPeriod: { DeduplicationDuration: { value: { seconds: 60, nanos: 500, unknownFields: { fields: {} } } } } },
      });
    },
  );

  conformanceTest(
    {
      name: 'a consumed contract cannot be exercised again: the interpretation error is propagated',
      endpoint: 'submit-and-wait',
      clauses: ['submit-and-wait.errors.propagated', 'errors.submission-error-propagated', 'canton.submit-and-wait.contract-not-found-404'],
      checks: ['error_body_conformance', 'stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const { contractId, payer, bankUser } = await createIouAndFindIt(ctx, ctx.party('alice'), 'submit-and-wait.errors.propagated');
      const archive = {
        ExerciseCommand: { templateId: ctx.fixtures.templates.iou.templateId, contractId, choice: 'Archive', choiceArgument: {} },
      };
      await submit(ctx, { user: bankUser, actAs: [payer], commands: [archive], clauseId: 'submit-and-wait.errors.propagated' });
      const again = await ctx.send({
        api: 'participant',
        method: 'POST',
        path: '/v2/commands/submit-and-wait',
        user: bankUser,
        body: { commands: [archive], commandId: freshId('archived'), actAs: [payer] },
      });
      expectThat(
        again.status >= 400 && again.status < 500,
        'stateful_consistency',
        'submit-and-wait.errors.propagated',
        `exercising an archived contract must fail with the submission's error, got ${again.status}`,
        again,
      );
      const error = errorBodyConformance(ctx, again, 'submit-and-wait.errors.propagated', {
        code: 'CONTRACT_NOT_FOUND',
        cantonClauseId: 'canton.submit-and-wait.contract-not-found-404',
      });
      if (ctx.profile === 'canton') {
        expectThat(
          again.status === 404,
          'error_body_conformance',
          'canton.submit-and-wait.contract-not-found-404',
          `Canton answers 404 ${error.code}, got ${again.status}`,
          again,
        );
      }
    },
  );
});
