/**
 * submit-and-wait → update-by-offset: what a submission returns is what the ledger shows, through each
 * kind of filter and both transaction shapes.
 */
import { positiveDataAcceptance } from '../../checks/basic.js';
import { errorBodyConformance } from '../../checks/error-body.js';
import { responseSchemaConformance } from '../../checks/schema.js';
import { conformanceSuite, conformanceTest } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import {
  createIouAndFindIt,
  createdEvents,
  expectSameParties,
  iouCreate,
  submit,
  transactionFormat,
  transactionOf,
  updateByOffset,
  wildcardFilter,
  type JsonObject,
} from './support.js';

const packageIdFormat = (templateId: string, packageId: string): string => templateId.replace(/^#[^:]+/, packageId);

conformanceSuite('flows / submit then read', () => {
  conformanceTest(
    {
      name: 'the transaction is at completionOffset with the same updateId and the submitted create',
      endpoint: 'submit-and-wait',
      clauses: [
        'submit-and-wait.response.shape',
        'submit-and-wait.summary.waits-for-result',
        'update-by-offset.response.shape',
        'update.Transaction.variant',
        'created-event.signatories.non-empty',
        'created-event.observers.no-signatories',
        'created-event.observers.may-be-empty',
        'created-event.createdAt.required',
        'created-event.packageName.required',
        'created-event.representativePackageId.required',
        'created-event.acsDelta.required-boolean',
        'limits.offsets.positive',
        'command.CreateCommand.fields-required',
        'canton.json.protocol-int64-numbers',
        'canton.daml-lf.numeric-string',
      ],
      checks: ['positive_data_acceptance', 'response_schema_conformance', 'stateful_consistency'],
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
        clauseId: 'submit-and-wait.response.shape',
      });
      responseSchemaConformance(ctx.validators, submitted.response, 'SubmitAndWaitResponse', 'submit-and-wait.response.shape');
      expectThat(
        submitted.completionOffset > 0,
        'stateful_consistency',
        'limits.offsets.positive',
        `completionOffset ${submitted.completionOffset} is not positive`,
        submitted.response,
      );
      if (ctx.profile === 'canton') {
        expectThat(
          /"completionOffset"\s*:\s*\d/.test(submitted.response.text),
          'response_schema_conformance',
          'canton.json.protocol-int64-numbers',
          'completionOffset is not written as a JSON number',
          submitted.response,
        );
      }
      const response = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      positiveDataAcceptance(response, 'update-by-offset.response.shape');
      responseSchemaConformance(ctx.validators, response, 'GetUpdateResponse', 'update-by-offset.response.shape');
      const { value, events } = transactionOf(response, 'update.Transaction.variant');
      expectThat(
        value.updateId === submitted.updateId,
        'stateful_consistency',
        'submit-and-wait.summary.waits-for-result',
        `the transaction at offset ${submitted.completionOffset} has updateId ${String(value.updateId)}, the submission returned ${submitted.updateId}`,
        response,
      );
      const created = createdEvents(events);
      expectThat(
        created.length === 1,
        'stateful_consistency',
        'submit-and-wait.summary.waits-for-result',
        `expected 1 created event, got ${created.length}`,
        response,
      );
      const event = created[0]!;
      expectThat(
        expectSameParties(event.signatories, [payer]),
        'stateful_consistency',
        'created-event.signatories.non-empty',
        `signatories are ${JSON.stringify(event.signatories)}, the template's signatory is the payer ${payer}`,
        response,
      );
      const observers = (event.observers as string[] | undefined) ?? [];
      expectThat(
        !observers.includes(payer),
        'stateful_consistency',
        'created-event.observers.no-signatories',
        `observers ${JSON.stringify(observers)} contain the signatory`,
        response,
      );
      expectThat(
        event.acsDelta === true,
        'stateful_consistency',
        'created-event.acsDelta.required-boolean',
        `acsDelta is ${String(event.acsDelta)} for a create in an ACS-delta result`,
        response,
      );
      if (ctx.profile === 'canton') {
        const argument = event.createArgument as JsonObject | undefined;
        const amount = (argument?.amount as JsonObject | undefined)?.value;
        expectThat(
          typeof amount === 'string' && Number(amount) === 42.5,
          'response_schema_conformance',
          'canton.daml-lf.numeric-string',
          `the Numeric amount should come back as a string equal to 42.5, got ${JSON.stringify(amount)}`,
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
        'event-format.filtersByParty.acs-delta-stakeholders',
        'created-event.witnessParties.filter-parties',
        'created-event.witnessParties.non-empty',
        'update-by-offset.update-not-found.all-filtered',
        'errors.update-not-found',
        'update-by-offset.update-not-found',
        'canton.update-by-offset.update-not-found-404',
        'update-by-offset.errors.default-body',
      ],
      checks: ['stateful_consistency', 'error_body_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const owner = ctx.party('alice');
      const { submitted } = await createIouAndFindIt(ctx, owner, 'event-format.filtersByParty.acs-delta-stakeholders');
      const aliceUser = ctx.userWhere(
        'can read as alice',
        (user) => user.rights.actAs.includes('alice') || user.rights.readAs.includes('alice'),
      ).id;
      const seen = await updateByOffset(
        ctx,
        aliceUser,
        submitted.completionOffset,
        transactionFormat({ [owner]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const created = createdEvents(transactionOf(seen, 'event-format.filtersByParty.acs-delta-stakeholders').events);
      expectThat(
        created.length === 1,
        'stateful_consistency',
        'event-format.filtersByParty.acs-delta-stakeholders',
        'the owner (an observer) does not see the create',
        seen,
      );
      expectThat(
        expectSameParties(created[0]!.witnessParties, [owner]),
        'stateful_consistency',
        'created-event.witnessParties.filter-parties',
        `witnessParties should be the filter parties that are stakeholders ([${owner}]), got ${JSON.stringify(created[0]!.witnessParties)}`,
        seen,
      );

      const outsider = ctx.party('bob');
      const bobUser = ctx.userWhere('can act as bob', (user) => user.rights.actAs.includes('bob')).id;
      const hidden = await updateByOffset(
        ctx,
        bobUser,
        submitted.completionOffset,
        transactionFormat({ [outsider]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const error = errorBodyConformance(ctx, hidden, 'update-by-offset.update-not-found.all-filtered', {
        code: 'UPDATE_NOT_FOUND',
        cantonClauseId: 'canton.update-by-offset.update-not-found-404',
      });
      expectThat(
        error.code === 'UPDATE_NOT_FOUND',
        'stateful_consistency',
        'update-by-offset.update-not-found.all-filtered',
        `a non-stakeholder's filter must get UPDATE_NOT_FOUND, got ${error.code}`,
        hidden,
      );
      if (ctx.profile === 'canton') {
        expectThat(
          hidden.status === 404,
          'status_code_conformance',
          'canton.update-by-offset.update-not-found-404',
          `expected 404, got ${hidden.status}`,
          hidden,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'ACS-delta shows creates and archives of stakeholders; ledger-effects shows exercises to witnesses',
      endpoint: 'update-by-offset',
      clauses: [
        'event-format.filtersByParty.ledger-effects-witnesses',
        'event-format.filtersByParty.acs-delta-stakeholders',
        'transaction-format.transactionShape.allowed-values',
        'command.ExerciseCommand.fields-required',
        'created-event.acsDelta.required-boolean',
      ],
      checks: ['stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const alice = ctx.party('alice');
      const bob = ctx.party('bob');
      const { contractId } = await createIouAndFindIt(ctx, alice, 'event-format.filtersByParty.ledger-effects-witnesses');
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
      const acs = await updateByOffset(
        ctx,
        aliceUser,
        transfer.completionOffset,
        transactionFormat({ [alice]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const acsEvents = transactionOf(acs, 'event-format.filtersByParty.acs-delta-stakeholders').events;
      expectThat(
        acsEvents.every(([kind]) => kind === 'CreatedEvent' || kind === 'ArchivedEvent'),
        'stateful_consistency',
        'event-format.filtersByParty.acs-delta-stakeholders',
        `an ACS-delta transaction holds only create and archive events, got ${acsEvents.map(([kind]) => kind).join(', ')}`,
        acs,
      );
      expectThat(
        acsEvents.some(([kind, event]) => kind === 'ArchivedEvent' && event.contractId === contractId),
        'stateful_consistency',
        'event-format.filtersByParty.acs-delta-stakeholders',
        'the consumed Iou, of which alice is a stakeholder, is not shown archived',
        acs,
      );
      for (const [kind, event] of acsEvents) {
        if (kind !== 'CreatedEvent') continue;
        const stakeholders = [...(event.signatories as string[]), ...((event.observers as string[] | undefined) ?? [])];
        expectThat(
          (event.witnessParties as string[]).every((party) => party === alice && stakeholders.includes(party)),
          'stateful_consistency',
          'event-format.filtersByParty.acs-delta-stakeholders',
          `an ACS-delta create is shown to ${JSON.stringify(event.witnessParties)}, who are not filter parties among its stakeholders`,
          acs,
        );
      }

      const effects = await updateByOffset(
        ctx,
        aliceUser,
        transfer.completionOffset,
        transactionFormat({ [alice]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
      );
      const effectEvents = transactionOf(effects, 'event-format.filtersByParty.ledger-effects-witnesses').events;
      expectThat(
        effectEvents.every(([kind]) => kind === 'CreatedEvent' || kind === 'ExercisedEvent'),
        'stateful_consistency',
        'event-format.filtersByParty.ledger-effects-witnesses',
        `a ledger-effects transaction holds create and exercise events, got ${effectEvents.map(([kind]) => kind).join(', ')}`,
        effects,
      );
      const exercised = effectEvents.find(([kind]) => kind === 'ExercisedEvent');
      expectThat(
        exercised !== undefined && exercised[1].choice === 'Transfer',
        'stateful_consistency',
        'event-format.filtersByParty.ledger-effects-witnesses',
        'the Transfer exercise, witnessed by its actor alice, is missing from the ledger-effects transaction',
        effects,
      );
      for (const [, event] of effectEvents) {
        expectThat(
          Array.isArray(event.witnessParties) && (event.witnessParties as string[]).every((party) => party === alice),
          'stateful_consistency',
          'event-format.filtersByParty.ledger-effects-witnesses',
          `witnessParties ${JSON.stringify(event.witnessParties)} are not filter parties`,
          effects,
        );
      }

      const bobUser = ctx.userWhere('can act as bob', (user) => user.rights.actAs.includes('bob')).id;
      const bobView = await updateByOffset(
        ctx,
        bobUser,
        transfer.completionOffset,
        transactionFormat({ [bob]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const bobEvents = transactionOf(bobView, 'event-format.filtersByParty.acs-delta-stakeholders').events;
      expectThat(
        bobEvents.length === 1 && bobEvents[0]![0] === 'CreatedEvent',
        'stateful_consistency',
        'event-format.filtersByParty.acs-delta-stakeholders',
        `the new owner bob should see exactly the create of his Iou, got ${bobEvents.map(([kind]) => kind).join(', ')}`,
        bobView,
      );
    },
  );

  conformanceTest(
    {
      name: 'created-event blob only when asked',
      endpoint: 'update-by-offset',
      clauses: [
        'identifier-filter.includeCreatedEventBlob.adds-blob',
        'identifier-filter.WildcardFilter.shape',
        'identifier-filter.WildcardFilter.matches-all',
      ],
      checks: ['stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const { submitted, payer, bankUser } = await createIouAndFindIt(
        ctx,
        ctx.party('alice'),
        'identifier-filter.includeCreatedEventBlob.adds-blob',
      );
      const withBlob = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [wildcardFilter(true)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const blob = createdEvents(transactionOf(withBlob, 'identifier-filter.includeCreatedEventBlob.adds-blob').events)[0]
        ?.createdEventBlob;
      expectThat(
        typeof blob === 'string' && blob.length > 0,
        'stateful_consistency',
        'identifier-filter.includeCreatedEventBlob.adds-blob',
        `includeCreatedEventBlob: true should add a blob, got ${JSON.stringify(blob)}`,
        withBlob,
      );
      const without = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [wildcardFilter(false)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const none = createdEvents(transactionOf(without, 'identifier-filter.includeCreatedEventBlob.adds-blob').events)[0]?.createdEventBlob;
      expectThat(
        none === undefined || none === null || none === '',
        'stateful_consistency',
        'identifier-filter.includeCreatedEventBlob.adds-blob',
        `no blob was asked for, but one was added (${String(none).slice(0, 40)}...)`,
        without,
      );
    },
  );

  conformanceTest(
    {
      name: 'interface view only when asked, through an interface filter',
      endpoint: 'update-by-offset',
      clauses: [
        'identifier-filter.includeInterfaceView.adds-view',
        'identifier-filter.InterfaceFilter.matches-implementations',
        'identifier-filter.InterfaceFilter.shape',
        'created-event.interface-view.viewValue.optional',
        'created-event.interface-view.implementationPackageId.optional',
      ],
      checks: ['stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const { submitted, payer, bankUser } = await createIouAndFindIt(
        ctx,
        ctx.party('alice'),
        'identifier-filter.InterfaceFilter.matches-implementations',
      );
      const interfaceId = ctx.fixtures.templates.assetInterface.interfaceId;
      const filter = (includeInterfaceView: boolean): JsonObject => ({
        identifierFilter: { InterfaceFilter: { value: { interfaceId, includeInterfaceView, includeCreatedEventBlob: false } } },
      });
      const withView = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [filter(true)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const created = createdEvents(transactionOf(withView, 'identifier-filter.InterfaceFilter.matches-implementations').events);
      expectThat(
        created.length === 1,
        'stateful_consistency',
        'identifier-filter.InterfaceFilter.matches-implementations',
        'an Iou implements the interface but was not matched',
        withView,
      );
      const views = created[0]!.interfaceViews as JsonObject[] | undefined;
      const view = views?.[0];
      expectThat(
        view !== undefined && typeof view.viewValue === 'object' && view.viewValue !== null,
        'stateful_consistency',
        'identifier-filter.includeInterfaceView.adds-view',
        `includeInterfaceView: true should add the interface view, got ${JSON.stringify(views)}`,
        withView,
      );
      for (const field of Object.keys(ctx.fixtures.templates.assetInterface.view)) {
        expectThat(
          field in (view!.viewValue as JsonObject),
          'stateful_consistency',
          'identifier-filter.includeInterfaceView.adds-view',
          `the view value lacks the view field "${field}"`,
          withView,
        );
      }
      const withoutView = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [filter(false)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const plain = createdEvents(transactionOf(withoutView, 'identifier-filter.includeInterfaceView.adds-view').events)[0]!;
      const plainViews = plain.interfaceViews as unknown[] | undefined | null;
      expectThat(
        plainViews === undefined || plainViews === null || plainViews.length === 0,
        'stateful_consistency',
        'identifier-filter.includeInterfaceView.adds-view',
        `no view was asked for, but ${JSON.stringify(plainViews)} was added`,
        withoutView,
      );
    },
  );

  conformanceTest(
    {
      name: 'template filters select by template, in both identifier formats; an empty cumulative list is a wildcard',
      endpoint: 'update-by-offset',
      clauses: [
        'identifier-filter.TemplateFilter.matches-template',
        'identifier-filter.TemplateFilter.shape',
        'identifier-filter.InterfaceFilter.interfaceId.reference-formats',
        'versioning.package-id-format.deprecated',
        'versioning.package-name-format.accepted',
        'filters.cumulative.empty-means-wildcard',
        'filters.cumulative.may-be-empty',
        'filters.cumulative.entries-widen',
      ],
      checks: ['stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const { submitted, payer, bankUser } = await createIouAndFindIt(
        ctx,
        ctx.party('alice'),
        'identifier-filter.TemplateFilter.matches-template',
      );
      const templateFilter = (templateId: string): JsonObject => ({
        identifierFilter: { TemplateFilter: { value: { templateId, includeCreatedEventBlob: false } } },
      });
      const iouByName = ctx.fixtures.templates.iou.templateId;
      const iouById = packageIdFormat(iouByName, ctx.fixtures.package.id);
      for (const [templateId, clauseId] of [
        [iouByName, 'versioning.package-name-format.accepted'],
        [iouById, 'versioning.package-id-format.deprecated'],
      ] as const) {
        const response = await updateByOffset(
          ctx,
          bankUser,
          submitted.completionOffset,
          transactionFormat({ [payer]: [templateFilter(templateId)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
        );
        expectThat(
          response.status === 200 && createdEvents(transactionOf(response, clauseId).events).length === 1,
          'stateful_consistency',
          clauseId,
          `a TemplateFilter on ${templateId} does not match the Iou`,
          response,
        );
      }
      const other = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [templateFilter(ctx.fixtures.templates.getCash.templateId)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const error = errorBodyConformance(ctx, other, 'identifier-filter.TemplateFilter.matches-template', { code: 'UPDATE_NOT_FOUND' });
      expectThat(
        error.code === 'UPDATE_NOT_FOUND',
        'stateful_consistency',
        'identifier-filter.TemplateFilter.matches-template',
        `a filter on another template must filter the Iou out (UPDATE_NOT_FOUND), got ${error.code}`,
        other,
      );
      const widened = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat(
          { [payer]: [templateFilter(ctx.fixtures.templates.getCash.templateId), templateFilter(iouByName)] },
          'TRANSACTION_SHAPE_ACS_DELTA',
        ),
      );
      expectThat(
        widened.status === 200 && createdEvents(transactionOf(widened, 'filters.cumulative.entries-widen').events).length === 1,
        'stateful_consistency',
        'filters.cumulative.entries-widen',
        'adding a matching TemplateFilter to the cumulative list did not widen the match',
        widened,
      );
      const wildcard = await updateByOffset(
        ctx,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      expectThat(
        wildcard.status === 200 && createdEvents(transactionOf(wildcard, 'filters.cumulative.empty-means-wildcard').events).length === 1,
        'stateful_consistency',
        'filters.cumulative.empty-means-wildcard',
        'an empty cumulative list should act as a wildcard',
        wildcard,
      );
    },
  );
});
