/**
 * Commands against live contracts and the Daml-LF JSON encoding of values: interface choices, Int64 as
 * strings, trailing `None`s, null choice arguments, interpretation errors, visibility through act-as/read-as
 * parties, local contract ids, any-party filters, labels.
 */
import { evidenceFor } from '../../checks/engine-credits.js';
import { acceptedWith, positiveDataAcceptance, statusCodeConformance, statusInRange, expectContentType } from '../../checks/basic.js';
import { definiteAnswerConformance, expectErrorCode, expectError } from '../../checks/error-body.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectText, expectValue, expectValueMatches } from '../../checks/values.js';
import { statusOfCategory } from '../../checks/http-status.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import {
  assetInterface,
  CREATED_IOU_CLAUSES,
  createdEvents,
  createIouAndFindIt,
  iouCreate,
  type JsonObject,
  partyView,
  submit,
  transactionOf,
  updateByOffset,
  wildcardFilter,
} from '../support/ledger.js';
import { assetQualifiedName, createAssetAndFindIt } from '../support/asset-implementation.js';
import { freshId } from '../../generators/index.js';

/** The TrailingNone fixture (`p: Party, i: Optional Int64`), its signatory and a user acting as it. */
function trailingNone(context: ConformanceContext): { templateId: string; signatory: string; user: string } {
  const template = context.fixtures.templates.trailingNone;
  if (!template) return context.skip('the fixtures name no template with an Optional Int64 field (templates.trailingNone)');
  const signatory = String(template.createArguments.p);
  const alias = context.fixtures.parties.find((party) => party.id === signatory)?.alias ?? '';
  const user = context.userWhere(`can act as ${signatory}`, (candidate) => candidate.rights.actAs.includes(alias)).id;
  return { templateId: template.templateId, signatory, user };
}

function sendSubmission(context: ConformanceContext, user: string, actAs: string[], commands: unknown[], prefix: string) {
  return context.send({
    endpoint: 'submit-and-wait',
    user,
    body: { commands, commandId: freshId(prefix), actAs },
  });
}

conformanceSuite('flows / commands and values', () => {
  conformanceTest(
    {
      name: 'an interface choice is exercised through the interface id',
      endpoint: 'submit-and-wait',
      clauses: [...CREATED_IOU_CLAUSES, 'command.ExerciseCommand.interface-choice', 'canton.semantics.exercised-interface-id'],
      requires: ['writes'],
    },
    async (context) => {
      const alice = context.party('alice');
      // A contract implementing the interface: the model's Iou, or the suite's conformance-interfaces Token.
      const { contractId } = await createAssetAndFindIt(context, alice);
      const aliceUser = context.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
      const described = await submit(context, {
        user: aliceUser,
        actAs: [alice],
        commands: [
          {
            ExerciseCommand: {
              templateId: assetInterface(context).interfaceId,
              contractId,
              choice: 'Describe',
              choiceArgument: {},
            },
          },
        ],
        clauseId: 'command.ExerciseCommand.interface-choice',
      });
      const effects = await partyView(context, aliceUser, described.completionOffset, alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
      const { events } = transactionOf(effects, 'command.ExerciseCommand.interface-choice');
      writeVisible(
        'command.ExerciseCommand.interface-choice',
        `exercises of the interface choice Describe on the ${assetQualifiedName(context)}`,
        events.filter(([kind, event]) => kind === 'ExercisedEvent' && event.choice === 'Describe' && event.contractId === contractId),
        1,
        effects,
      );
      // InterfaceIT.scala:66: the exercised event names the interface it was exercised through (any reference format).
      const exercised = events.find(([kind, event]) => kind === 'ExercisedEvent' && event.choice === 'Describe')?.[1];
      const qualified = assetInterface(context).interfaceId.replace(/^[^:]*:/, '');
      expectValueMatches(
        'canton.semantics.exercised-interface-id',
        'interfaceId of the Describe exercise made through the interface',
        exercised?.interfaceId,
        (id) => typeof id === 'string' && id.endsWith(`:${qualified}`),
        `an interface id ending in :${qualified}`,
        effects,
      );
    },
  );

  conformanceTest(
    {
      name: 'a choice exercised through its template carries no interfaceId',
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.exercised-interface-id'],
      requires: ['writes'],
    },
    async (context) => {
      // InterfaceIT.scala:50: exercised through the template, the event has no interfaceId.
      const alice = context.party('alice');
      const { contractId } = await createIouAndFindIt(context, alice);
      const aliceUser = context.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
      const transferred = await submit(context, {
        user: aliceUser,
        actAs: [alice],
        commands: [
          {
            ExerciseCommand: {
              templateId: context.fixtures.templates.iou.templateId,
              contractId,
              choice: 'Transfer',
              choiceArgument: { newOwner: context.party('bob') },
            },
          },
        ],
        clauseId: 'canton.semantics.exercised-interface-id',
      });
      const effects = await partyView(context, aliceUser, transferred.completionOffset, alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
      const { events } = transactionOf(effects, 'canton.semantics.exercised-interface-id');
      const exercised = events.filter(([kind, event]) => kind === 'ExercisedEvent' && event.contractId === contractId);
      writeVisible('canton.semantics.exercised-interface-id', 'the Transfer exercise of the Iou', exercised, 1, effects);
      expectValueMatches(
        'canton.semantics.exercised-interface-id',
        'interfaceId of the Transfer exercised through the Iou template',
        exercised[0]![1].interfaceId,
        (id) => id === undefined || id === null || id === '',
        'unset (absent, null or empty)',
        effects,
      );
    },
  );

  conformanceTest(
    {
      name: 'Int64 values travel as strings and come back as strings; trailing None fields are dropped',
      endpoint: 'submit-and-wait',
      clauses: ['canton.daml-lf.int64-string', 'canton.daml-lf.optional-null', 'canton.daml-lf.trailing-none-dropped'],
      requires: ['writes'],
    },
    async (context) => {
      const { templateId, signatory, user } = trailingNone(context);
      const createAndRead = async (
        createArguments: JsonObject,
        clauseId: 'canton.daml-lf.int64-string' | 'canton.daml-lf.trailing-none-dropped',
      ) => {
        const created = await submit(context, {
          user,
          actAs: [signatory],
          commands: [{ CreateCommand: { templateId, createArguments } }],
          clauseId,
        });
        const read = await partyView(context, user, created.completionOffset, signatory, 'TRANSACTION_SHAPE_ACS_DELTA');
        const argument = createdEvents(transactionOf(read, clauseId, clauseId).events)[0]?.createArgument;
        return { created, argument, read };
      };

      // 2^53 + 1: a JSON number would lose it.
      const some = await createAndRead({ p: signatory, i: '9007199254740993' }, 'canton.daml-lf.int64-string');
      expectValue('canton.daml-lf.int64-string', 'createArgument', some.argument, { p: signatory, i: '9007199254740993' }, some.read);

      const absent = await submit(context, {
        user,
        actAs: [signatory],
        commands: [{ CreateCommand: { templateId, createArguments: { p: signatory } } }],
        clauseId: 'canton.daml-lf.optional-null',
      });
      acceptedWith(absent.response, 200, 'canton.daml-lf.optional-null');
      // JsonCodecTest.scala:60: a trailing optional left out is not written back either.
      const absentRead = await partyView(context, user, absent.completionOffset, signatory, 'TRANSACTION_SHAPE_ACS_DELTA');
      expectValue(
        'canton.daml-lf.trailing-none-dropped',
        'createArgument of a create that left its trailing optional out',
        createdEvents(transactionOf(absentRead, 'canton.daml-lf.trailing-none-dropped', 'canton.daml-lf.trailing-none-dropped').events)[0]
          ?.createArgument,
        { p: signatory },
        absentRead,
      );
      const none = await createAndRead({ p: signatory, i: null }, 'canton.daml-lf.trailing-none-dropped');
      expectValue(
        'canton.daml-lf.trailing-none-dropped',
        'createArgument (its trailing None dropped)',
        none.argument,
        { p: signatory },
        none.read,
      );

      acceptedWith(none.created.response, 200, 'canton.daml-lf.optional-null');
    },
  );

  conformanceTest(
    {
      name: 'an Int64 sent as a JSON number is rejected',
      endpoint: 'submit-and-wait',
      clauses: ['canton.daml-lf.int64-number-rejected', 'canton.errors.definite-answer'],
      requires: ['writes'],
    },
    async (context) => {
      const { templateId, signatory, user } = trailingNone(context);
      const response = await sendSubmission(
        context,
        user,
        [signatory],
        [{ CreateCommand: { templateId, createArguments: { p: signatory, i: 42 } } }],
        'int64-number',
      );
      // 3.5 rejects it through an exception of the JSON layer (500); a later release that refuses it as input
      // (400) rejects it too, which is what the clause holds a node to. Anything accepted, or another status, fails.
      statusCodeConformance(response, [500, 400], 'canton.daml-lf.int64-number-rejected');
      if (response.status === 500) {
        const error = expectError(context, response, 'canton.daml-lf.int64-number-rejected', {
          code: 'LEDGER_API_INTERNAL_ERROR',
          cantonClauseId: 'canton.daml-lf.int64-number-rejected',
        });
        expectText('canton.daml-lf.int64-number-rejected', 'the cause', error.cause, { startsWith: 'Expected ujson.Str' }, response);
        definiteAnswerConformance(error, 'json-layer', response);
      } else if (response.contentType.startsWith('application/json')) {
        const error = expectError(context, response, 'canton.daml-lf.int64-number-rejected', {
          cantonClauseId: 'canton.daml-lf.int64-number-rejected',
        });
        definiteAnswerConformance(error, error.code === 'INVALID_ARGUMENT' ? 'json-layer' : 'grpc', response);
      } else {
        expectContentType(response, 'text', 'canton.daml-lf.int64-number-rejected');
        context.waive(['canton.errors.definite-answer'], 'a 400 text/plain decode failure has no definiteAnswer');
      }
    },
  );

  conformanceTest(
    {
      name: 'a null choiceArgument is read as {}',
      endpoint: 'submit-and-wait',
      clauses: ['canton.daml-lf.choice-argument-null'],
      requires: ['writes'],
    },
    async (context) => {
      const bank = context.party('bank');
      const bankUser = context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
      const createArguments = (iouCreate(context, bank, context.party('alice')) as { CreateCommand: { createArguments: JsonObject } })
        .CreateCommand.createArguments;
      const archived = await submit(context, {
        user: bankUser,
        actAs: [bank],
        commands: [
          {
            CreateAndExerciseCommand: {
              templateId: context.fixtures.templates.iou.templateId,
              createArguments,
              choice: 'Archive',
              choiceArgument: null,
            },
          },
        ],
        clauseId: 'canton.daml-lf.choice-argument-null',
      });
      const effects = await partyView(context, bankUser, archived.completionOffset, bank, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
      const { events } = transactionOf(effects, 'canton.daml-lf.choice-argument-null', 'canton.daml-lf.choice-argument-null');
      writeVisible(
        'canton.daml-lf.choice-argument-null',
        'Archive exercises made with a null choice argument',
        events.filter(([kind, event]) => kind === 'ExercisedEvent' && event.choice === 'Archive'),
        1,
        effects,
      );
    },
  );

  conformanceTest(
    {
      name: 'an interpretation error is propagated: exercising a contract through the wrong template',
      endpoint: 'submit-and-wait',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'submit-and-wait.errors.propagated',
        'errors.submission-error-propagated',
        'canton.errors.status-follows-category',
        'canton.submit-and-wait.interpretation-error-400',
        'canton.errors.category-9-400',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const alice = context.party('alice');
      const { contractId } = await createIouAndFindIt(context, alice);
      const aliceUser = context.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
      const response = await sendSubmission(
        context,
        aliceUser,
        [alice],
        [
          {
            ExerciseCommand: {
              templateId: context.fixtures.templates.getCash.templateId,
              contractId,
              choice: 'Archive',
              choiceArgument: {},
            },
          },
        ],
        'wrong-template',
      );
      const error = expectError(context, response, 'submit-and-wait.errors.propagated');
      statusInRange(response, 400, 499, 'errors.submission-error-propagated');
      if (context.profile !== 'canton') return;
      expectValue('canton.submit-and-wait.interpretation-error-400', 'errorCategory', error.errorCategory, 9, response);
      statusCodeConformance(response, [400], 'canton.submit-and-wait.interpretation-error-400');
      statusCodeConformance(response, [statusOfCategory(9)], 'canton.errors.category-9-400');
    },
  );

  conformanceTest(
    {
      name: 'a command can only use contracts visible to its act-as or read-as parties',
      endpoint: 'submit-and-wait',
      clauses: [...CREATED_IOU_CLAUSES, 'submit-and-wait.readAs.visibility', 'canton.submit-and-wait.contract-not-found-404'],
      requires: ['writes'],
    },
    async (context) => {
      const { contractId } = await createIouAndFindIt(context, context.party('alice'));
      const bob = context.party('bob');
      const bobUser = context.userWhere(
        'can act as bob',
        (user) => user.rights.actAs.includes('bob') && user.rights.readAs.length === 0,
      ).id;
      const response = await sendSubmission(
        context,
        bobUser,
        [bob],
        [
          {
            ExerciseCommand: {
              templateId: context.fixtures.templates.iou.templateId,
              contractId,
              choice: 'Transfer',
              choiceArgument: { newOwner: bob },
            },
          },
        ],
        'invisible',
      );
      statusInRange(response, 400, 499, 'submit-and-wait.readAs.visibility');
      const error = expectError(context, response, 'submit-and-wait.readAs.visibility', {
        code: 'CONTRACT_NOT_FOUND',
        cantonClauseId: 'canton.submit-and-wait.contract-not-found-404',
      });
      if (context.profile !== 'canton') return;
      expectErrorCode(error, 'CONTRACT_NOT_FOUND', 'canton.submit-and-wait.contract-not-found-404', response);
      statusCodeConformance(response, [404], 'canton.submit-and-wait.contract-not-found-404');
    },
  );

  conformanceTest(
    {
      name: 'a consumed contract cannot be exercised again: the error is propagated',
      endpoint: 'submit-and-wait',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'command.ExerciseCommand.fields-required',
        'submit-and-wait.errors.propagated',
        'errors.submission-error-propagated',
        'canton.submit-and-wait.contract-not-found-404',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const { contractId, payer, bankUser } = await createIouAndFindIt(context, context.party('alice'));
      const archive = {
        ExerciseCommand: { templateId: context.fixtures.templates.iou.templateId, contractId, choice: 'Archive', choiceArgument: {} },
      };
      await submit(context, { user: bankUser, actAs: [payer], commands: [archive], clauseId: 'command.ExerciseCommand.fields-required' });
      const again = await sendSubmission(context, bankUser, [payer], [archive], 'archived');
      const error = expectError(context, again, 'submit-and-wait.errors.propagated', {
        code: 'CONTRACT_NOT_FOUND',
        cantonClauseId: 'canton.submit-and-wait.contract-not-found-404',
      });
      statusInRange(again, 400, 499, 'errors.submission-error-propagated');
      if (context.profile !== 'canton') return;
      expectErrorCode(error, 'CONTRACT_NOT_FOUND', 'canton.submit-and-wait.contract-not-found-404', again);
      statusCodeConformance(again, [404], 'canton.submit-and-wait.contract-not-found-404');
    },
  );

  conformanceTest(
    {
      name: 'a contract id without a suffix (a local id) is rejected before any lookup',
      endpoint: 'submit-and-wait',
      clauses: ['canton.submit-and-wait.non-suffixed-contract-id-400'],
      requires: ['writes'],
    },
    async (context) => {
      const bank = context.party('bank');
      const bankUser = context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
      const localId = `00${'ab'.repeat(32)}`;
      const response = await sendSubmission(
        context,
        bankUser,
        [bank],
        [
          {
            ExerciseCommand: {
              templateId: context.fixtures.templates.iou.templateId,
              contractId: localId,
              choice: 'Archive',
              choiceArgument: {},
            },
          },
        ],
        'local-contract-id',
      );
      statusCodeConformance(response, [400], 'canton.submit-and-wait.non-suffixed-contract-id-400');
      const error = expectError(context, response, 'canton.submit-and-wait.non-suffixed-contract-id-400', {
        code: 'COMMAND_PREPROCESSING_FAILED',
        cantonClauseId: 'canton.submit-and-wait.non-suffixed-contract-id-400',
      });
      expectText(
        'canton.submit-and-wait.non-suffixed-contract-id-400',
        'the cause',
        error.cause,
        // Only the stable prefix (verified-against-real C2): 3.5.4 goes on `"<cid>", non-suffixed V1 Contract IDs are forbidden`.
        { includes: 'Illegal Contract ID' },
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'filtersForAnyParty matches events of any party; verbose values carry record labels',
      endpoint: 'update-by-offset',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'event-format.filtersForAnyParty.optional',
        'event-format.verbose.optional-boolean',
        'event-format.verbose.record-labels',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const { submitted } = await createIouAndFindIt(context, context.party('alice'));
      const reader = context.fixtures.users.find((user) => user.rights.readAsAnyParty && !user.isDeactivated);
      if (!reader)
        return context.skip(
          'the fixtures name no active user with rights.readAsAnyParty (CanReadAsAnyParty), needed to read for any party',
        );
      const response = await updateByOffset(context, reader.id, submitted.completionOffset, {
        includeTransactions: {
          eventFormat: { filtersForAnyParty: { cumulative: [wildcardFilter()] }, verbose: true },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      });
      positiveDataAcceptance(response, 'event-format.verbose.optional-boolean');
      evidenceFor(response, ['event-format.filtersForAnyParty.optional']);
      const created = createdEvents(transactionOf(response, 'event-format.filtersForAnyParty.optional').events);
      writeVisible('event-format.filtersForAnyParty.optional', 'creates a filter for any party sees', created, 1, response);
      expectValueMatches(
        'event-format.verbose.record-labels',
        'createArgument with verbose: true',
        created[0]!.createArgument,
        (argument) =>
          typeof argument === 'object' && argument !== null && !Array.isArray(argument) && 'payer' in argument && 'amount' in argument,
        'a record keyed by its field labels (payer, amount, ...)',
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'a deduplication duration is accepted as {seconds, nanos}, also with unknownFields',
      endpoint: 'submit-and-wait',
      clauses: [
        'submit-and-wait.deduplicationPeriod.duration-only',
        'duration.seconds.required-int64',
        'duration.nanos.required-int32',
        'duration.unknownFields.optional',
        'canton.json.duration-shape',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const payer = context.party('bank');
      const user = context.userWhere('can act as bank', (candidate) => candidate.rights.actAs.includes('bank')).id;
      const plain = await submit(context, {
        user,
        actAs: [payer],
        commands: [iouCreate(context, payer, payer)],
        clauseId: 'submit-and-wait.deduplicationPeriod.duration-only',
        extra: { deduplicationPeriod: { DeduplicationDuration: { value: { seconds: 30, nanos: 0 } } } },
      });
      acceptedWith(plain.response, 200, 'duration.seconds.required-int64');
      acceptedWith(plain.response, 200, 'duration.nanos.required-int32');
      if (context.profile === 'canton') acceptedWith(plain.response, 200, 'canton.json.duration-shape');
      await submit(context, {
        user,
        actAs: [payer],
        commands: [iouCreate(context, payer, payer)],
        clauseId: 'duration.unknownFields.optional',
        extra: { deduplicationPeriod: { DeduplicationDuration: { value: { seconds: 60, nanos: 500, unknownFields: { fields: {} } } } } },
      });
    },
  );
});
