/**
 * submit-and-wait → update-by-offset: what a submission returns is what the ledger shows: the transaction at
 * completionOffset with the same updateId and the submitted create, both transaction shapes, the trace context.
 * Suite `flows / submit then read`, with submit-and-read-filters and submit-and-read-on-request.
 */
import { answerBody } from '../../checks/schema.js';
import { randomBytes } from 'node:crypto';
import { positiveDataAcceptance } from '../../checks/basic.js';
import { eventSetsEqual, readMatchesWrite, sameUpdateAtOffset, subsetOf, writeVisible } from '../../checks/stateful.js';
import { expectText, expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import {
  CREATED_IOU_CLAUSES,
  createdEvents,
  createIouAndFindIt,
  eventKinds,
  iouCreate,
  type JsonObject,
  partyView,
  submit,
  transactionOf,
} from '../support/ledger.js';

conformanceSuite('flows / submit then read', () => {
  conformanceTest(
    {
      name: 'the transaction is at completionOffset with the same updateId and the submitted create',
      endpoint: 'submit-and-wait',
      clauses: [
        'command.CreateCommand.fields-required',
        'submit-and-wait.response.shape',
        'submit-and-wait.summary.waits-for-result',
        'limits.offsets.positive',
        'update-by-offset.response.shape',
        'update.Transaction.variant',
        'events.lookup-one-by-offset',
        'created-event.signatories.non-empty',
        'created-event.observers.no-signatories',
        'created-event.acsDelta.required-boolean',
        // Fields of CreatedEvent the GetUpdateResponse schema checks (credited through its clause annotations).
        'created-event.observers.may-be-empty',
        'created-event.createdAt.required',
        'created-event.packageName.required',
        'created-event.representativePackageId.required',
        'canton.json.protocol-int64-numbers',
        'canton.daml-lf.numeric-string',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const payer = context.party('bank');
      const owner = context.party('alice');
      const bankUser = context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
      const submitted = await submit(context, {
        user: bankUser,
        actAs: [payer],
        commands: [iouCreate(context, payer, owner, '42.5')],
        clauseId: 'command.CreateCommand.fields-required',
      });
      answerBody(submitted.response, 'submit-and-wait.response.shape');
      expectValueMatches(
        'limits.offsets.positive',
        'completionOffset',
        submitted.completionOffset,
        (offset) => Number.isInteger(offset) && offset > 0,
        'a positive integer',
        submitted.response,
      );
      if (context.profile === 'canton') {
        expectText(
          'canton.json.protocol-int64-numbers',
          'the submit-and-wait response',
          submitted.response.text,
          { pattern: /"completionOffset"\s*:\s*\d/ },
          submitted.response,
        );
      }
      const response = await partyView(context, bankUser, submitted.completionOffset, payer, 'TRANSACTION_SHAPE_ACS_DELTA');
      const { value, events } = transactionOf(response, 'submit-and-wait.summary.waits-for-result');
      answerBody(response, 'update-by-offset.response.shape');
      sameUpdateAtOffset(
        'submit-and-wait.summary.waits-for-result',
        { updateId: submitted.updateId, offset: submitted.completionOffset },
        { updateId: value.updateId },
        response,
      );
      readMatchesWrite(
        'events.lookup-one-by-offset',
        `the offset of the transaction looked up at ${submitted.completionOffset}`,
        submitted.completionOffset,
        value.offset,
        response,
      );
      const created = createdEvents(events);
      writeVisible('submit-and-wait.summary.waits-for-result', 'created events of the submitted create', created, 1, response);
      const event = created[0]!;
      eventSetsEqual(
        'created-event.signatories.non-empty',
        "signatories (the Iou template's signatory is its payer)",
        [payer],
        (event.signatories as unknown[] | undefined) ?? [],
        response,
      );
      expectValueMatches(
        'created-event.observers.no-signatories',
        'observers',
        (event.observers as unknown[] | undefined) ?? [],
        (observers) => !observers.includes(payer),
        `a list without the signatory ${payer}`,
        response,
      );
      expectValue('created-event.acsDelta.required-boolean', 'acsDelta of a create in an ACS-delta result', event.acsDelta, true, response);
      if (context.profile === 'canton') {
        const amount = ((event.createArgument as JsonObject | undefined)?.amount as JsonObject | undefined)?.value;
        expectValueMatches(
          'canton.daml-lf.numeric-string',
          'the Numeric amount.value',
          amount,
          (written) => typeof written === 'string' && Number(written) === 42.5,
          'a string equal to 42.5',
          response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'ACS-delta shows creates and archives of stakeholders; ledger-effects shows exercises to witnesses',
      endpoint: 'update-by-offset',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'command.ExerciseCommand.fields-required',
        'transaction-format.transactionShape.allowed-values',
        'event-format.filtersByParty.acs-delta-stakeholders',
        'event-format.filtersByParty.ledger-effects-witnesses',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const alice = context.party('alice');
      const bob = context.party('bob');
      const { contractId } = await createIouAndFindIt(context, alice);
      const aliceUser = context.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
      const transfer = await submit(context, {
        user: aliceUser,
        actAs: [alice],
        commands: [
          {
            ExerciseCommand: {
              templateId: context.fixtures.templates.iou.templateId,
              contractId,
              choice: 'Transfer',
              choiceArgument: { newOwner: bob },
            },
          },
        ],
        clauseId: 'command.ExerciseCommand.fields-required',
      });
      const acs = await partyView(context, aliceUser, transfer.completionOffset, alice, 'TRANSACTION_SHAPE_ACS_DELTA');
      positiveDataAcceptance(acs, 'transaction-format.transactionShape.allowed-values');
      const acsEvents = transactionOf(acs, 'event-format.filtersByParty.acs-delta-stakeholders').events;
      subsetOf(
        'event-format.filtersByParty.acs-delta-stakeholders',
        'the event kinds of an ACS-delta transaction',
        eventKinds(acsEvents),
        ['CreatedEvent', 'ArchivedEvent'],
        acs,
      );
      writeVisible(
        'event-format.filtersByParty.acs-delta-stakeholders',
        'archives of the consumed Iou, of which alice is a stakeholder',
        acsEvents.filter(([kind, event]) => kind === 'ArchivedEvent' && event.contractId === contractId),
        1,
        acs,
      );
      for (const event of createdEvents(acsEvents)) {
        const stakeholders = [...((event.signatories as string[] | undefined) ?? []), ...((event.observers as string[] | undefined) ?? [])];
        subsetOf(
          'event-format.filtersByParty.acs-delta-stakeholders',
          'witnesses of an ACS-delta create (filter parties among its stakeholders)',
          (event.witnessParties as unknown[] | undefined) ?? [],
          stakeholders.filter((party) => party === alice),
          acs,
        );
      }

      const effects = await partyView(context, aliceUser, transfer.completionOffset, alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
      positiveDataAcceptance(effects, 'transaction-format.transactionShape.allowed-values');
      const effectEvents = transactionOf(effects, 'event-format.filtersByParty.ledger-effects-witnesses').events;
      subsetOf(
        'event-format.filtersByParty.ledger-effects-witnesses',
        'the event kinds of a ledger-effects transaction',
        eventKinds(effectEvents),
        ['CreatedEvent', 'ExercisedEvent'],
        effects,
      );
      writeVisible(
        'event-format.filtersByParty.ledger-effects-witnesses',
        'Transfer exercises witnessed by their actor alice',
        effectEvents.filter(([kind, event]) => kind === 'ExercisedEvent' && event.choice === 'Transfer'),
        1,
        effects,
      );
      for (const [kind, event] of effectEvents) {
        subsetOf(
          'event-format.filtersByParty.ledger-effects-witnesses',
          `witnessParties of a ${kind} (filter parties only)`,
          (event.witnessParties as unknown[] | undefined) ?? [],
          [alice],
          effects,
        );
      }

      const bobUser = context.userWhere('can act as bob', (user) => user.rights.actAs.includes('bob')).id;
      const bobView = await partyView(context, bobUser, transfer.completionOffset, bob, 'TRANSACTION_SHAPE_ACS_DELTA');
      const bobEvents = transactionOf(bobView, 'event-format.filtersByParty.acs-delta-stakeholders').events;
      writeVisible(
        'event-format.filtersByParty.acs-delta-stakeholders',
        'events of the transfer the new owner bob sees',
        bobEvents,
        1,
        bobView,
      );
      eventSetsEqual(
        'event-format.filtersByParty.acs-delta-stakeholders',
        'the event kinds bob sees (only the create of his Iou)',
        ['CreatedEvent'],
        eventKinds(bobEvents),
        bobView,
      );
    },
  );

  conformanceTest(
    {
      name: "a submission's W3C traceparent becomes the trace context of its transaction",
      endpoint: 'submit-and-wait',
      clauses: ['canton.trace-context.traceparent-propagated'],
      requires: ['writes'],
    },
    async (context) => {
      const payer = context.party('bank');
      const bankUser = context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
      // As Canton's JsonV2Tests.scala:643: a random trace id, a fixed span id, sampled.
      const traceId = randomBytes(16).toString('hex');
      const submitted = await submit(context, {
        user: bankUser,
        actAs: [payer],
        commands: [iouCreate(context, payer, context.party('alice'), '3.0')],
        clauseId: 'canton.trace-context.traceparent-propagated',
        headers: { traceparent: `00-${traceId}-93bb0fa23a8fb53a-01` },
      });
      const response = await partyView(context, bankUser, submitted.completionOffset, payer, 'TRANSACTION_SHAPE_ACS_DELTA');
      const { value } = transactionOf(response, 'canton.trace-context.traceparent-propagated');
      const traceContext = value.traceContext as { traceparent?: unknown } | null | undefined;
      expectValueMatches(
        'canton.trace-context.traceparent-propagated',
        'traceContext.traceparent of the transaction',
        traceContext?.traceparent,
        (traceparent) =>
          typeof traceparent === 'string' && new RegExp(`^[0-9a-f]{2}-${traceId}-[0-9a-f]{16}-[0-9a-f]{2}$`).test(traceparent),
        `a W3C traceparent with the submitted trace id ${traceId}`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: "a create's signatories and observers are exactly its declared roles: a signatory the template also names as observer is not among the observers",
      endpoint: 'update-by-offset',
      clauses: ['created-event.signatories.non-empty', 'created-event.observers.no-signatories'],
      requires: ['writes'],
    },
    async (context) => {
      // TransactionServiceStakeholdersIT.scala:20 (signatories == [giver], observers == [receiver]) and :34 (the
      // signatory is also a declared observer: observers == [bob] only). Iou: signatory payer, observer owner and viewers.
      const payer = context.party('bank');
      const owner = context.party('alice');
      const bankUser = context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
      const submitted = await submit(context, {
        user: bankUser,
        actAs: [payer],
        commands: [iouCreate(context, payer, owner, '7.0', [payer])],
        clauseId: 'created-event.observers.no-signatories',
      });
      for (const shape of ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const) {
        const response = await partyView(context, bankUser, submitted.completionOffset, payer, shape);
        const created = createdEvents(transactionOf(response, 'created-event.observers.no-signatories').events);
        writeVisible('created-event.observers.no-signatories', `the created Iou (${shape})`, created, 1, response);
        const event = created[0]!;
        eventSetsEqual(
          'created-event.signatories.non-empty',
          `signatories (${shape}): the Iou's payer`,
          [payer],
          (event.signatories as unknown[] | undefined) ?? [],
          response,
        );
        eventSetsEqual(
          'created-event.observers.no-signatories',
          `observers (${shape}) of an Iou whose viewers name its payer: the owner only`,
          [owner],
          (event.observers as unknown[] | undefined) ?? [],
          response,
        );
      }
    },
  );
});
