/**
 * Ledger semantics, part 1: filters beyond party and template. Interface filters match only implementing
 * templates and include flags accumulate; a topology format finds the topology transaction only for its parties.
 * Part of suite `flows / visibility and privacy` (see visibility.suite.ts).
 */
import { expectValueMatches } from '../../checks/values.js';
import { writeVisible } from '../../checks/stateful.js';
import type { ClientResponse } from '../../client/http.js';
import { parseJsonLossless } from '../../specification/json.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import {
  assetInterface,
  CREATED_IOU_CLAUSES,
  UPDATE_NOT_FOUND_CANTON_CLAUSES,
  createdEvents,
  expectUpdateNotFound,
  submit,
  transactionOf,
  updateByOffset,
  wildcardFilter,
  type JsonObject,
} from '../support/ledger.js';
import { assetCreate, assetQualifiedName, assetTemplateId, createAssetAndFindIt } from '../support/asset-implementation.js';
import { ACS, EFFECTS, auditor, format, templateFilter, unset, userActingAs } from '../support/visibility.js';

/** The TopologyTransaction of a lookup's answer, if it is one. */
function topologyValue(response: ClientResponse): JsonObject | undefined {
  if (response.status !== 200) return undefined;
  const update = (parseJsonLossless(response.text) as { update?: { TopologyTransaction?: { value?: JsonObject } } } | undefined)?.update;
  return update?.TopologyTransaction?.value;
}

/** The party of a participant-authorization event (`{event: {<Kind>: {value: {partyId}}}}`). */
function partyOf(event: JsonObject): string {
  const [, payload] = Object.entries((event.event as JsonObject | undefined) ?? {})[0] ?? [];
  return String(((payload as JsonObject | undefined)?.value as JsonObject | undefined)?.partyId);
}

conformanceSuite('flows / visibility and privacy', () => {
  conformanceTest(
    {
      name: "each filter kind's flags apply to its own matches: an Iou matched by the interface filter only, a GetCash by its template filter only",
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.filters.flags-own-matches'],
      requires: ['writes'],
    },
    async (context) => {
      // TransactionServiceFiltersIT.scala:32, :69, :106, :143: the interface filter (view, blob or not) beside a template
      // filter (blob or not) of another template; each contract takes the flags of the filter that matches it only.
      const clauseId = 'canton.semantics.filters.flags-own-matches';
      const { interfaceId } = assetInterface(context);
      const bank = context.party('bank');
      const bankUser = userActingAs(context, 'bank');
      const reader = auditor(context);
      const getCashId = context.fixtures.templates.getCash.templateId;
      const both = await submit(context, {
        user: bankUser,
        actAs: [bank],
        commands: [
          assetCreate(context, bank, bank),
          {
            CreateCommand: {
              templateId: getCashId,
              createArguments: { payer: bank, owner: bank, amount: { value: '5.0', currency: 'USD' } },
            },
          },
        ],
        clauseId,
      });
      const implementation = assetQualifiedName(context);
      const isIou = (event: JsonObject) => String(event.templateId).endsWith(`:${implementation}`);
      for (const templateBlob of [false, true]) {
        for (const interfaceBlob of [false, true]) {
          const filters = [
            {
              identifierFilter: {
                InterfaceFilter: { value: { interfaceId, includeInterfaceView: true, includeCreatedEventBlob: interfaceBlob } },
              },
            },
            templateFilter(getCashId, templateBlob),
          ];
          const what = `interface filter (view${interfaceBlob ? ', blob' : ''}) + GetCash template filter${templateBlob ? ' (blob)' : ''}`;
          for (const shape of [ACS, EFFECTS]) {
            for (const [who, user, asked] of [
              ['by party', bankUser, format(shape, { [bank]: filters })],
              ['for any party', reader, format(shape, {}, filters)],
            ] as const) {
              const response = await updateByOffset(context, user, both.completionOffset, asked);
              const creates = createdEvents(transactionOf(response, clauseId).events);
              writeVisible(clauseId, `creates matched by ${what}, ${who}, ${shape}`, creates, 2, response);
              for (const event of creates) {
                const [kind, blob, view] = isIou(event)
                  ? [`the ${implementation} (interface only)`, interfaceBlob, true]
                  : ['the GetCash (template only)', templateBlob, false];
                expectValueMatches(
                  clauseId,
                  `createdEventBlob of ${kind} with ${what}, ${who}, ${shape}`,
                  event.createdEventBlob,
                  (found) => (blob ? typeof found === 'string' && found.length > 0 : unset(found) || found === ''),
                  blob ? 'a non-empty blob' : 'absent or empty',
                  response,
                );
                expectValueMatches(
                  clauseId,
                  `interfaceViews of ${kind} with ${what}, ${who}, ${shape}`,
                  event.interfaceViews,
                  (views) =>
                    view ? Array.isArray(views) && views.length === 1 : unset(views) || (Array.isArray(views) && views.length === 0),
                  view ? 'one view' : 'absent or empty',
                  response,
                );
              }
            }
          }
        }
      }
    },
  );

  conformanceTest(
    {
      name: 'interface filters match only implementing templates; include flags accumulate over interface, template and wildcard filters',
      endpoint: 'update-by-offset',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'command.CreateCommand.fields-required',
        'semantics.filters.interface-only-implementations',
        'identifier-filter.InterfaceFilter.matches-implementations',
        'filters.cumulative.entries-widen',
        ...UPDATE_NOT_FOUND_CANTON_CLAUSES,
      ],
      requires: ['writes'],
    },
    async (context) => {
      const { interfaceId } = assetInterface(context);
      const bank = context.party('bank');
      const bankUser = userActingAs(context, 'bank');
      // The implementation the interface filter matches: the model's Iou, or the suite's conformance-interfaces Token.
      const iouId = assetTemplateId(context);
      const interfaceFilter = (includeInterfaceView: boolean, includeCreatedEventBlob: boolean): JsonObject => ({
        identifierFilter: { InterfaceFilter: { value: { interfaceId, includeInterfaceView, includeCreatedEventBlob } } },
      });
      // GetCash does not implement the interface: its create is not matched by the interface filter.
      const getCash = context.fixtures.templates.getCash;
      const cash = await submit(context, {
        user: bankUser,
        actAs: [bank],
        commands: [
          {
            CreateCommand: {
              templateId: getCash.templateId,
              createArguments: { payer: bank, owner: bank, amount: { value: '5.0', currency: 'USD' } },
            },
          },
        ],
        clauseId: 'command.CreateCommand.fields-required',
      });
      const cashLookup = (filters: JsonObject[]) =>
        updateByOffset(context, bankUser, cash.completionOffset, format(ACS, { [bank]: filters }));
      writeVisible(
        'semantics.filters.interface-only-implementations',
        'GetCash creates matched by a TemplateFilter on GetCash (the control)',
        createdEvents(
          transactionOf(await cashLookup([templateFilter(getCash.templateId)]), 'semantics.filters.interface-only-implementations').events,
        ),
        1,
      );
      expectUpdateNotFound(
        context,
        await cashLookup([interfaceFilter(true, false)]),
        cash.completionOffset,
        'semantics.filters.interface-only-implementations',
      );

      // An Iou (which implements it), matched once by combined filters whose flags accumulate.
      const { submitted } = await createAssetAndFindIt(context, context.party('alice'));
      const combos: { filters: JsonObject[]; blob: boolean; view: boolean; what: string }[] = [
        {
          filters: [interfaceFilter(true, false), templateFilter(iouId, true)],
          blob: true,
          view: true,
          what: 'interface (view) + template (blob)',
        },
        {
          filters: [interfaceFilter(false, true), templateFilter(iouId, false)],
          blob: true,
          view: false,
          what: 'interface (blob) + template',
        },
        {
          filters: [interfaceFilter(true, true), templateFilter(iouId, true)],
          blob: true,
          view: true,
          what: 'interface (view, blob) + template (blob)',
        },
        {
          filters: [interfaceFilter(false, false), templateFilter(iouId, false)],
          blob: false,
          view: false,
          what: 'interface + template, no flags',
        },
        { filters: [templateFilter(iouId, false), wildcardFilter(true)], blob: true, view: false, what: 'template + wildcard (blob)' },
      ];
      for (const combo of combos) {
        const response = await updateByOffset(context, bankUser, submitted.completionOffset, format(ACS, { [bank]: combo.filters }));
        const creates = createdEvents(transactionOf(response, 'filters.cumulative.entries-widen').events);
        writeVisible('filters.cumulative.entries-widen', `Iou creates matched once by ${combo.what}`, creates, 1, response);
        expectValueMatches(
          'filters.cumulative.entries-widen',
          `createdEventBlob with ${combo.what}`,
          creates[0]?.createdEventBlob,
          (blob) => (combo.blob ? typeof blob === 'string' && blob.length > 0 : unset(blob) || blob === ''),
          combo.blob ? 'a non-empty blob' : 'absent or empty',
          response,
        );
        expectValueMatches(
          'identifier-filter.InterfaceFilter.matches-implementations',
          `interfaceViews with ${combo.what}`,
          creates[0]?.interfaceViews,
          (views) =>
            combo.view ? Array.isArray(views) && views.length === 1 : unset(views) || (Array.isArray(views) && views.length === 0),
          combo.view ? 'one view' : 'absent or empty',
          response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'a topology format with no parties returns the topology transaction; one naming another party finds nothing',
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.topology.parties-filter', ...UPDATE_NOT_FOUND_CANTON_CLAUSES],
    },
    async (context) => {
      const offset = context.fixtures.seededUpdates.topologyOffset;
      if (offset === undefined) return context.skip('the fixtures name no seeded topology transaction (seededUpdates.topologyOffset)');
      const reader = auditor(context);
      const topology = (parties: string[]): JsonObject => ({
        includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties } },
      });
      const all = await updateByOffset(context, reader, offset, topology([]));
      const value = topologyValue(all);
      expectValueMatches(
        'canton.semantics.topology.parties-filter',
        `the update at the topology offset ${offset} asked for with parties []`,
        value,
        (found) => found !== undefined,
        'a TopologyTransaction',
        all,
      );
      // A fixture party the transaction does not concern (the node's wildcard answer names the ones it does).
      const concerned = new Set(((value?.events as JsonObject[] | undefined) ?? []).map((event) => partyOf(event)));
      const other = context.fixtures.parties.find((party) => !concerned.has(party.id));
      if (other === undefined) return context.skip('every fixture party is concerned by the seeded topology transaction');
      expectUpdateNotFound(
        context,
        await updateByOffset(context, reader, offset, topology([other.id])),
        offset,
        'canton.semantics.topology.parties-filter',
      );
    },
  );
});
