/**
 * submit-and-wait → update-by-offset: what a read shows only when asked: the created-event blob, and the interface
 * view through an interface filter. Part of suite `flows / submit then read` (see submit-and-read.suite.ts).
 */
import { fieldClausesOf } from '../../specification/schema-fields.js';
import { answerBody } from '../../checks/schema.js';
import { positiveDataAcceptance } from '../../checks/basic.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectCount, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import {
  assetInterface,
  CREATED_IOU_CLAUSES,
  createdEvents,
  createIouAndFindIt,
  type JsonObject,
  judgePackageIdFilter,
  packageIdFormat,
  transactionFormat,
  transactionOf,
  updateByOffset,
  wildcardFilter,
} from '../support/ledger.js';
import { assetQualifiedName, createAssetAndFindIt, interfacePackageId } from '../support/asset-implementation.js';

const nonEmptyString = (value: unknown): boolean => typeof value === 'string' && value.length > 0;

conformanceSuite('flows / submit then read', () => {
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
      requires: ['writes'],
    },
    async (context) => {
      const { submitted, payer, bankUser } = await createIouAndFindIt(context, context.party('alice'));
      const withBlob = await updateByOffset(
        context,
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
        context,
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
        ...fieldClausesOf('InterfaceView'),
        // Judged by the engine's ledger model on this test's reads (checks/ledger-model.ts); declared here so a node whose
        // fixtures name no interface has it skipped with this test's reason, not left uncovered.
        'canton.model.interface-views',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const { submitted, payer, bankUser } = await createAssetAndFindIt(context, context.party('alice'));
      const { interfaceId, view: interfaceView } = assetInterface(context);
      const filter = (id: string, includeInterfaceView: boolean): JsonObject => ({
        identifierFilter: { InterfaceFilter: { value: { interfaceId: id, includeInterfaceView, includeCreatedEventBlob: false } } },
      });
      const withView = await updateByOffset(
        context,
        bankUser,
        submitted.completionOffset,
        transactionFormat({ [payer]: [filter(interfaceId, true)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      positiveDataAcceptance(withView, 'identifier-filter.InterfaceFilter.shape');
      // The view's record is held to the schema (in the canton profile, to the fields the official types require).
      answerBody(withView, 'identifier-filter.InterfaceFilter.shape');
      const created = createdEvents(transactionOf(withView, 'identifier-filter.InterfaceFilter.matches-implementations').events);
      writeVisible(
        'identifier-filter.InterfaceFilter.matches-implementations',
        `${assetQualifiedName(context)} contracts (which implement the interface) matched`,
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
        context,
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
        context,
        bankUser,
        submitted.completionOffset,
        transactionFormat(
          { [payer]: [filter(packageIdFormat(interfaceId, interfacePackageId(context)), false)] },
          'TRANSACTION_SHAPE_ACS_DELTA',
        ),
      );
      judgePackageIdFilter(context, byPackageId, 1, 'InterfaceFilter');
    },
  );
});
