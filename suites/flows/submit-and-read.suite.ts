/**
 * submit-and-wait → update-by-offset: what a submission returns is what the ledger shows, through each
 * kind of filter and both transaction shapes.
 */
import { randomBytes } from 'node:crypto';
import { positiveDataAcceptance } from '../../checks/basic.js';
import { expectErrorCode } from '../../checks/error-body.js';
import { responseSchemaConformance } from '../../checks/schema.js';
import { eventSetsEqual, readMatchesWrite, sameUpdateAtOffset, subsetOf, writeVisible } from '../../checks/stateful.js';
import { expectCount, expectText, expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/conformance-test.js';
import {
  assetInterface,
  CREATED_IOU_CLAUSES,
  createdEvents,
  createIouAndFindIt,
  eventKinds,
  expectUpdateNotFound,
  iouCreate,
  type JsonObject,
  judgePackageIdFilter,
  partyView,
  submit,
  transactionFormat,
  transactionOf,
  UPDATE_NOT_FOUND_CANTON_CLAUSES,
  updateByOffset,
  wildcardFilter,
} from '../support/ledger.js';

const packageIdFormat = (templateId: string, packageId: string): string => templateId.replace(/^#[^:]+/, packageId);

const nonEmptyString = (value: unknown): boolean => typeof value === 'string' && value.length > 0;

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
      checks: ['positive_data_acceptance', 'response_schema_conformance', 'stateful_consistency', 'response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const payer = ctx.party('bank');
      const owner = ctx.party('alice');
      const bankUser = ctx.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
      const submitted = await submit(ctx, {
        user: bankUser,
        actAs: [payer],
        commands: [iouCreate(ctx, payer, owner, '42.5')],
        clauseId: 'command.CreateCommand.fields-required',
      });
      responseSchemaConformance(ctx.validators, submitted.response, 'SubmitAndWaitResponse', 'submit-and-wait.response.shape');
      expectValueMatches(
        'limits.offsets.positive',
        'completionOffset',
        submitted.completionOffset,
        (offset) => Number.isInteger(offset) && offset > 0,
        'a positive integer',
        submitted.response,
      );
      if (ctx.profile === 'canton') {
        expectText(
          'canton.json.protocol-int64-numbers',
          'the submit-and-wait response',
          submitted.response.text,
          { pattern: /"completionOffset"\s*:\s*\d/ },
          submitted.response,
        );
      }
      const response = await partyView(ctx, bankUser, submitted.completionOffset, payer, 'TRANSACTION_SHAPE_ACS_DELTA');
      const { value, events } = transactionOf(response, 'submit-and-wait.summary.waits-for-result');
      responseSchemaConformance(ctx.validators, response, 'GetUpdateResponse', 'update-by-offset.response.shape');
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
      if (ctx.profile === 'canton') {
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
      name: "a stakeholder's filter sees the create; a non-stakeholder's filter gets UPDATE_NOT_FOUND",
      endpoint: 'update-by-offset',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'event-format.filtersByParty.acs-delta-stakeholders',
        'created-event.witnessParties.filter-parties',
        'created-event.witnessParties.non-empty',
        'update-by-offset.update-not-found.all-filtered',
        'errors.update-not-found',
        ...UPDATE_NOT_FOUND_CANTON_CLAUSES,
      ],
      checks: [
        'positive_data_acceptance',
        'stateful_consistency',
        'response_value_conformance',
        'error_body_conformance',
        'content_type_conformance',
        'response_schema_conformance',
        'status_code_conformance',
      ],
      requires: ['writes'],
    },
    async (ctx) => {
      const owner = ctx.party('alice');
      const { submitted } = await createIouAndFindIt(ctx, owner);
      const aliceUser = ctx.userWhere(
        'can read as alice',
        (user) => user.rights.actAs.includes('alice') || user.rights.readAs.includes('alice'),
      ).id;
      const seen = await partyView(ctx, aliceUser, submitted.completionOffset, owner, 'TRANSACTION_SHAPE_ACS_DELTA');
      const created = createdEvents(transactionOf(seen, 'event-format.filtersByParty.acs-delta-stakeholders').events);
      writeVisible('event-format.filtersByParty.acs-delta-stakeholders', 'creates seen by the owner (an observer)', created, 1, seen);
      const witnesses = (created[0]!.witnessParties as unknown[] | undefined) ?? [];
      expectCount('created-event.witnessParties.non-empty', 'witnessParties', witnesses, { min: 1 }, seen);
      eventSetsEqual(
        'created-event.witnessParties.filter-parties',
        'witnessParties (the filter parties that are stakeholders)',
        [owner],
        witnesses,
        seen,
      );

      const outsider = ctx.party('bob');
      const bobUser = ctx.userWhere('can act as bob', (user) => user.rights.actAs.includes('bob')).id;
      const hidden = await partyView(ctx, bobUser, submitted.completionOffset, outsider, 'TRANSACTION_SHAPE_ACS_DELTA');
      const error = expectUpdateNotFound(ctx, hidden, submitted.completionOffset, 'update-by-offset.update-not-found.all-filtered');
      expectErrorCode(error, 'UPDATE_NOT_FOUND', 'errors.update-not-found', hidden);
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
      checks: ['positive_data_acceptance', 'stateful_consistency', 'response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const alice = ctx.party('alice');
      const bob = ctx.party('bob');
      const { contractId } = await createIouAndFindIt(ctx, alice);
      const aliceUser = ctx.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
      const transfer = await submit(ctx, {
        user: aliceUser,
        actAs: [alice],
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
        clauseId: 'command.ExerciseCommand.fields-required',
      });
      const acs = await partyView(ctx, aliceUser, transfer.completionOffset, alice, 'TRANSACTION_SHAPE_ACS_DELTA');
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

      const effects = await partyView(ctx, aliceUser, transfer.completionOffset, alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
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

      const bobUser = ctx.userWhere('can act as bob', (user) => user.rights.actAs.includes('bob')).id;
      const bobView = await partyView(ctx, bobUser, transfer.completionOffset, bob, 'TRANSACTION_SHAPE_ACS_DELTA');
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
      name: 'created-event blob only when asked',
      endpoint: 'update-by-offset',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'identifier-filter.includeCreatedEventBlob.adds-blob',
        'identifier-filter.WildcardFilter.shape',
        'identifier-filter.WildcardFilter.matches-all',
      ],
      checks: ['positive_data_acceptance', 'stateful_consistency', 'response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const { submitted, payer, bankUser } = await createIouAndFindIt(ctx, ctx.party('alice'));
      const withBlob = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [wildcardFilter(true)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      positiveDataAcceptance(withBlob, 'identifier-filter.WildcardFilter.shape');
      const created = createdEvents(transactionOf(withBlob, 'identifier-filter.WildcardFilter.matches-all').events);
      writeVisible('identifier-filter.WildcardFilter.matches-all', 'creates a wildcard filter matches', created, 1, withBlob);
      expectValueMatches(
        'identifier-filter.includeCreatedEventBlob.adds-blob',
        'createdEventBlob with includeCreatedEventBlob: true',
        created[0]!.createdEventBlob,
        nonEmptyString,
        'a non-empty string',
        withBlob,
      );
      const without = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [wildcardFilter(false)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const plain = createdEvents(transactionOf(without, 'identifier-filter.includeCreatedEventBlob.adds-blob').events);
      expectValueMatches(
        'identifier-filter.includeCreatedEventBlob.adds-blob',
        'createdEventBlob with includeCreatedEventBlob: false',
        plain[0]?.createdEventBlob,
        (blob) => blob === undefined || blob === null || blob === '',
        'absent, null or empty',
        without,
      );
    },
  );

  conformanceTest(
    {
      name: 'interface view only when asked, through an interface filter (the package-id format: spec and Canton differ)',
      endpoint: 'update-by-offset',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'identifier-filter.InterfaceFilter.shape',
        'identifier-filter.InterfaceFilter.matches-implementations',
        'identifier-filter.package-id-format.accepted',
        'identifier-filter.includeInterfaceView.adds-view',
        'created-event.interface-view.viewValue.optional',
        'created-event.interface-view.implementationPackageId.optional',
        'canton.interface-view.official-required-fields',
      ],
      checks: [
        'positive_data_acceptance',
        'response_schema_conformance',
        'stateful_consistency',
        'response_value_conformance',
        'spec_conflict',
      ],
      requires: ['writes'],
    },
    async (ctx) => {
      const { submitted, payer, bankUser } = await createIouAndFindIt(ctx, ctx.party('alice'));
      const { interfaceId, view: interfaceView } = assetInterface(ctx);
      const filter = (id: string, includeInterfaceView: boolean): JsonObject => ({
        identifierFilter: { InterfaceFilter: { value: { interfaceId: id, includeInterfaceView, includeCreatedEventBlob: false } } },
      });
      const withView = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [filter(interfaceId, true)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      positiveDataAcceptance(withView, 'identifier-filter.InterfaceFilter.shape');
      // The view's record is held to the schema (in the canton profile, to the fields the official types require).
      responseSchemaConformance(ctx.validators, withView, 'GetUpdateResponse', 'identifier-filter.InterfaceFilter.shape');
      const created = createdEvents(transactionOf(withView, 'identifier-filter.InterfaceFilter.matches-implementations').events);
      writeVisible(
        'identifier-filter.InterfaceFilter.matches-implementations',
        'Ious (which implement the interface) matched',
        created,
        1,
        withView,
      );
      const views = (created[0]!.interfaceViews as JsonObject[] | undefined | null) ?? [];
      expectCount(
        'identifier-filter.includeInterfaceView.adds-view',
        'interfaceViews with includeInterfaceView: true',
        views,
        { exactly: 1 },
        withView,
      );
      const view = views[0]!;
      expectValueMatches(
        'created-event.interface-view.viewValue.optional',
        'viewValue of a requested, computable view',
        view.viewValue,
        (viewValue) => typeof viewValue === 'object' && viewValue !== null && !Array.isArray(viewValue),
        'a record',
        withView,
      );
      const viewFields = Object.keys(interfaceView);
      expectValueMatches(
        'identifier-filter.includeInterfaceView.adds-view',
        'the fields of the view value',
        Object.keys((view.viewValue as JsonObject | null) ?? {}),
        (fields) => viewFields.every((field) => fields.includes(field)),
        `a record with the view fields ${viewFields.join(', ')}`,
        withView,
      );
      expectValueMatches(
        'created-event.interface-view.implementationPackageId.optional',
        'implementationPackageId of a computed view',
        view.implementationPackageId,
        nonEmptyString,
        'a non-empty package id (it is empty only when the computation failed)',
        withView,
      );

      const withoutView = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [filter(interfaceId, false)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const plain = createdEvents(transactionOf(withoutView, 'identifier-filter.InterfaceFilter.matches-implementations').events);
      writeVisible('identifier-filter.InterfaceFilter.matches-implementations', 'Ious matched without a view', plain, 1, withoutView);
      expectValueMatches(
        'identifier-filter.includeInterfaceView.adds-view',
        'interfaceViews with includeInterfaceView: false',
        plain[0]!.interfaceViews,
        (plainViews) => plainViews === undefined || plainViews === null || (Array.isArray(plainViews) && plainViews.length === 0),
        'absent or empty',
        withoutView,
      );

      const byPackageId = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat(
          { [payer]: [filter(packageIdFormat(interfaceId, ctx.fixtures.package.id), false)] },
          'TRANSACTION_SHAPE_ACS_DELTA',
        ),
      );
      judgePackageIdFilter(ctx, byPackageId, 1, 'InterfaceFilter');
    },
  );

  conformanceTest(
    {
      name: 'template filters select by template (the package-id format: spec and Canton differ); an empty cumulative list is a wildcard',
      endpoint: 'update-by-offset',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'identifier-filter.TemplateFilter.shape',
        'identifier-filter.TemplateFilter.matches-template',
        'identifier-filter.package-id-format.accepted',
        'versioning.package-name-format.accepted',
        'filters.cumulative.entries-widen',
        'filters.cumulative.may-be-empty',
        'filters.cumulative.empty-means-wildcard',
        ...UPDATE_NOT_FOUND_CANTON_CLAUSES,
      ],
      checks: [
        'positive_data_acceptance',
        'stateful_consistency',
        'response_value_conformance',
        'error_body_conformance',
        'content_type_conformance',
        'response_schema_conformance',
        'status_code_conformance',
        'spec_conflict',
      ],
      requires: ['writes'],
    },
    async (ctx) => {
      const { submitted, payer, bankUser } = await createIouAndFindIt(ctx, ctx.party('alice'));
      const templateFilter = (templateId: string): JsonObject => ({
        identifierFilter: { TemplateFilter: { value: { templateId, includeCreatedEventBlob: false } } },
      });
      const lookUp = (filters: JsonObject[]) =>
        updateByOffset(ctx, bankUser, submitted.completionOffset, transactionFormat({ [payer]: filters }, 'TRANSACTION_SHAPE_ACS_DELTA'));
      const iouByName = ctx.fixtures.templates.iou.templateId;
      const iouById = packageIdFormat(iouByName, ctx.fixtures.package.id);

      const byName = await lookUp([templateFilter(iouByName)]);
      positiveDataAcceptance(byName, 'identifier-filter.TemplateFilter.shape');
      const namedCreates = createdEvents(transactionOf(byName, 'versioning.package-name-format.accepted').events);
      writeVisible('versioning.package-name-format.accepted', `creates a TemplateFilter on ${iouByName} matches`, namedCreates, 1, byName);
      writeVisible(
        'identifier-filter.TemplateFilter.matches-template',
        `creates a TemplateFilter on ${iouByName} matches`,
        namedCreates,
        1,
        byName,
      );
      judgePackageIdFilter(ctx, await lookUp([templateFilter(iouById)]), 1, 'TemplateFilter');

      const other = await lookUp([templateFilter(ctx.fixtures.templates.getCash.templateId)]);
      expectUpdateNotFound(ctx, other, submitted.completionOffset, 'identifier-filter.TemplateFilter.matches-template');

      const widened = await lookUp([templateFilter(ctx.fixtures.templates.getCash.templateId), templateFilter(iouByName)]);
      const widenedCreates = createdEvents(transactionOf(widened, 'filters.cumulative.entries-widen').events);
      writeVisible(
        'filters.cumulative.entries-widen',
        'creates matched once a matching TemplateFilter is added',
        widenedCreates,
        1,
        widened,
      );

      const wildcard = await lookUp([]);
      positiveDataAcceptance(wildcard, 'filters.cumulative.may-be-empty');
      const wildcardCreates = createdEvents(transactionOf(wildcard, 'filters.cumulative.empty-means-wildcard').events);
      writeVisible('filters.cumulative.empty-means-wildcard', 'creates an empty cumulative list matches', wildcardCreates, 1, wildcard);
    },
  );

  conformanceTest(
    {
      name: "a submission's W3C traceparent becomes the trace context of its transaction",
      endpoint: 'submit-and-wait',
      clauses: ['canton.trace-context.traceparent-propagated'],
      checks: ['positive_data_acceptance', 'response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const payer = ctx.party('bank');
      const bankUser = ctx.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
      // As Canton's JsonV2Tests.scala:643: a random trace id, a fixed span id, sampled.
      const traceId = randomBytes(16).toString('hex');
      const submitted = await submit(ctx, {
        user: bankUser,
        actAs: [payer],
        commands: [iouCreate(ctx, payer, ctx.party('alice'), '3.0')],
        clauseId: 'canton.trace-context.traceparent-propagated',
        headers: { traceparent: `00-${traceId}-93bb0fa23a8fb53a-01` },
      });
      const response = await partyView(ctx, bankUser, submitted.completionOffset, payer, 'TRANSACTION_SHAPE_ACS_DELTA');
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
});
