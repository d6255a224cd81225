/**
 * Clauses of the resource tables of the update lookup: the request formats (EventFormat, Filters,
 * CumulativeFilter, TransactionFormat, UpdateFormat) and the records it returns (Update, Reassignment,
 * JsUnassignedEvent, CreatedEvent, JsTopologyTransaction, TopologyEvent, TraceContext).
 */
import { clauseGroup, notShownGroup } from './define.js';

const RESOURCES = 'Resources and their fields';

const eventFormat = clauseGroup({ section: `${RESOURCES} > EventFormat`, resource: 'EventFormat', endpoint: 'update-by-offset' });
const filters = clauseGroup({ section: `${RESOURCES} > Filters`, resource: 'Filters', endpoint: 'update-by-offset' });
const cumulativeFilter = clauseGroup({
  section: `${RESOURCES} > CumulativeFilter`,
  resource: 'CumulativeFilter',
  endpoint: 'update-by-offset',
});
const identifierFilter = clauseGroup({
  section: `${RESOURCES} > CumulativeFilter`,
  resource: 'IdentifierFilter',
  endpoint: 'update-by-offset',
});
const transactionFormat = clauseGroup({
  section: `${RESOURCES} > TransactionFormat`,
  resource: 'TransactionFormat',
  endpoint: 'update-by-offset',
});
const updateFormat = clauseGroup({ section: `${RESOURCES} > UpdateFormat`, resource: 'UpdateFormat', endpoint: 'update-by-offset' });
const update = clauseGroup({
  section: `${RESOURCES} > Update (response of update lookup)`,
  resource: 'Update',
  endpoint: 'update-by-offset',
});
const updateNotShown = notShownGroup({
  section: `${RESOURCES} > Update (response of update lookup)`,
  resource: 'Update',
  endpoint: 'update-by-offset',
});
const reassignment = clauseGroup({
  section: `${RESOURCES} > Reassignment record`,
  resource: 'Reassignment',
  endpoint: 'update-by-offset',
  features: ['reassignmentFixture'],
});
const reassignmentNotShown = notShownGroup({
  section: `${RESOURCES} > Reassignment record`,
  resource: 'Reassignment',
  endpoint: 'update-by-offset',
});
const unassigned = clauseGroup({
  section: `${RESOURCES} > JsUnassignedEvent (\`{value: UnassignedEvent}\`)`,
  resource: 'JsUnassignedEvent',
  endpoint: 'update-by-offset',
  features: ['reassignmentFixture'],
});
const created = clauseGroup({
  section: `${RESOURCES} > CreatedEvent (fields shown)`,
  resource: 'CreatedEvent',
  endpoint: 'update-by-offset',
  features: ['transactionFixture'],
});
const createdNotShown = notShownGroup({
  section: `${RESOURCES} > CreatedEvent (fields shown)`,
  resource: 'CreatedEvent',
  endpoint: 'update-by-offset',
});
const topology = clauseGroup({
  section: `${RESOURCES} > JsTopologyTransaction`,
  resource: 'JsTopologyTransaction',
  endpoint: 'update-by-offset',
  features: ['topologyFixture'],
});
const topologyEvent = clauseGroup({
  section: `${RESOURCES} > JsTopologyTransaction`,
  resource: 'TopologyEvent',
  endpoint: 'update-by-offset',
  features: ['topologyFixture'],
});
const traceContext = clauseGroup({ section: `${RESOURCES} > TraceContext`, resource: 'TraceContext', endpoint: 'update-by-offset' });

const FILTERS_BY_PARTY =
  "| filtersByParty | map from PartyIdString to Filters | no | may be empty. For ledger-effects shape: create and exercise events whose witnesses include at least one listed party and match that party's filter. For ACS-delta shape (transaction and active-contract-set streams): create and archive events of contracts whose stakeholders include at least one listed party and match its filter |";
const VERBOSE =
  '| verbose | boolean | no | when true, values carry more information than strictly necessary, including labels for record fields |';
const CUMULATIVE =
  '| cumulative | CumulativeFilter[] | no | may be empty. Each entry widens the set of matching events; include flags accumulate. A template or interface SHOULD NOT appear twice; a wildcard filter SHOULD NOT appear more than once. When empty, a single wildcard filter with `includeCreatedEventBlob` unset applies |';
const IDENTIFIER_UNION = '`{identifierFilter: IdentifierFilter}`; IdentifierFilter is exactly one of:';
const INTERFACE_FILTER =
  '| InterfaceFilter | `{value: {interfaceId: string (required), includeInterfaceView: boolean (optional), includeCreatedEventBlob: boolean (optional)}}` | matches contracts implementing the interface. `interfaceId` must refer to an interface defined in an available package at query time; package-name and package-id reference formats are accepted (package-id format deprecated) |';
const TEMPLATE_FILTER =
  '| TemplateFilter | `{value: {templateId: string (required), includeCreatedEventBlob: boolean (optional)}}` | matches contracts of the template; same identifier rules as above |';
const WILDCARD_FILTER = '| WildcardFilter | `{value: {includeCreatedEventBlob: boolean (optional)}}` | matches all templates |';
const TRANSACTION_SHAPE =
  '| transactionShape | string | yes | `TRANSACTION_SHAPE_UNSPECIFIED`, `TRANSACTION_SHAPE_ACS_DELTA`, `TRANSACTION_SHAPE_LEDGER_EFFECTS` |';
const INCLUDE_TOPOLOGY = '| includeTopologyEvents | `{includeParticipantAuthorizationEvents: {parties: string[]}}` | no | |';
const UPDATE_UNION = 'A tagged union under key `update`; exactly one variant:';
const OFFSET_CHECKPOINT =
  '| OffsetCheckpoint | `{value: {offset: int64, synchronizerTimes: [{synchronizerId: string, recordTime: string}]}}` |';
const TRANSACTION_VARIANT = '| Transaction | a transaction update; fields not shown. |';
const REASSIGNMENT_COUNTER =
  '| reassignmentCounter | int64 | yes | equal on the matching assigned and unassigned events; strictly increases per unassign of the same contract; creation corresponds to zero |';
const UNASSIGNED_OFFSET = '| offset | int64 | yes | valid absolute offset (positive); offsets differ between participant nodes |';
const NODE_ID = '| nodeId | int32 | yes | non-negative; position within the originating reassignment; may differ between participants |';
const WITNESS_PARTIES =
  '| witnessParties | string[] | yes | non-empty. Parties notified of the event. In ledger-effects results: filter parties that are witnesses. In ACS-delta results: filter parties that are stakeholders. Inside assigned, active-contract or incomplete-unassigned records: filter parties that are stakeholders. Reading events of parties not hosted on the serving node is undefined |';
const OBSERVERS = '| observers | string[] | no | may be empty; never contains signatories |';
const SIGNATORIES = '| signatories | string[] | yes | non-empty; per the template |';
const REPRESENTATIVE_PACKAGE_ID = '| representativePackageId | string | yes | server-internal, experimental, not for client consumption |';
const ACS_DELTA =
  '| acsDelta | boolean | yes | whether the event would be part of the ACS-delta shaped stream and counts for tracking contract activeness |';
const TOPOLOGY_OFFSET = '| offset | int64 | yes | absolute offset (positive) |';
const TOPOLOGY_EVENTS = '| events | TopologyEvent[] | yes | non-empty |';
const TOPOLOGY_UNION = 'TopologyEvent is `{event: one of}`:';
const AUTHORIZATION_WITH_PERMISSION = (key: string) => `| ${key} | \`{value: {partyId, participantId, participantPermission}}\` |`;
/** Why a topology event kind other than the seeded hostings cannot be checked on demand. */
const UNARRANGEABLE_TOPOLOGY_CHANGE = (change: string) =>
  `needs ${change} of a party's hosting on the target, which the suite cannot arrange (no endpoint in scope changes the topology) ` +
  'and the fixtures do not locate; the Update schema checks the variant whenever one appears';
const PERMISSION_VALUES =
  '`participantPermission` allowed values: `PARTICIPANT_PERMISSION_UNSPECIFIED`, `PARTICIPANT_PERMISSION_SUBMISSION`, `PARTICIPANT_PERMISSION_CONFIRMATION`, `PARTICIPANT_PERMISSION_OBSERVATION`.';

export const updateResourceClauses = [
  eventFormat('event-format.filtersByParty.optional', 'resource', FILTERS_BY_PARTY),
  eventFormat('event-format.filtersByParty.may-be-empty', 'resource', FILTERS_BY_PARTY),
  eventFormat(
    'event-format.filtersByParty.ledger-effects-witnesses',
    'resource',
    "For ledger-effects shape: create and exercise events whose witnesses include at least one listed party and match that party's filter.",
    { features: ['transactionFixture'] },
  ),
  eventFormat(
    'event-format.filtersByParty.acs-delta-stakeholders',
    'resource',
    'For ACS-delta shape (transaction and active-contract-set streams): create and archive events of contracts whose stakeholders include at least one listed party and match its filter',
    { features: ['transactionFixture'] },
  ),
  eventFormat('event-format.filtersForAnyParty.optional', 'resource', '| filtersForAnyParty | Filters | no | |'),
  eventFormat('event-format.verbose.optional-boolean', 'resource', VERBOSE),
  eventFormat(
    'event-format.verbose.record-labels',
    'resource',
    'when true, values carry more information than strictly necessary, including labels for record fields',
    { features: ['transactionFixture'] },
  ),

  filters('filters.cumulative.optional', 'resource', CUMULATIVE),
  filters('filters.cumulative.may-be-empty', 'resource', CUMULATIVE),
  filters('filters.cumulative.entries-widen', 'resource', 'Each entry widens the set of matching events; include flags accumulate.', {
    features: ['transactionFixture'],
  }),
  filters(
    'filters.cumulative.no-duplicate-identifier',
    'resource',
    'A template or interface SHOULD NOT appear twice; a wildcard filter SHOULD NOT appear more than once.',
    { untestable: 'SHOULD NOT advice to clients; the spec gives no server reaction to check' },
  ),
  filters(
    'filters.cumulative.empty-means-wildcard',
    'resource',
    'When empty, a single wildcard filter with `includeCreatedEventBlob` unset applies',
    { features: ['transactionFixture'] },
  ),

  cumulativeFilter('cumulative-filter.identifierFilter.shape', 'union', IDENTIFIER_UNION),
  identifierFilter('identifier-filter.exactly-one-key', 'union', IDENTIFIER_UNION),
  identifierFilter('identifier-filter.allowed-keys', 'union', IDENTIFIER_UNION),
  identifierFilter('identifier-filter.Empty.shape', 'union', '| Empty | `{}` | |'),
  identifierFilter('identifier-filter.InterfaceFilter.shape', 'union', INTERFACE_FILTER),
  identifierFilter('identifier-filter.InterfaceFilter.interfaceId.required', 'union', INTERFACE_FILTER),
  identifierFilter(
    'identifier-filter.InterfaceFilter.interfaceId.known-interface',
    'union',
    '`interfaceId` must refer to an interface defined in an available package at query time',
  ),
  identifierFilter(
    'identifier-filter.InterfaceFilter.interfaceId.reference-formats',
    'union',
    'package-name and package-id reference formats are accepted (package-id format deprecated)',
  ),
  identifierFilter('identifier-filter.InterfaceFilter.matches-implementations', 'union', 'matches contracts implementing the interface.', {
    features: ['transactionFixture'],
  }),
  identifierFilter('identifier-filter.TemplateFilter.shape', 'union', TEMPLATE_FILTER),
  identifierFilter('identifier-filter.TemplateFilter.templateId.required', 'union', TEMPLATE_FILTER),
  identifierFilter('identifier-filter.TemplateFilter.templateId.known-template', 'union', TEMPLATE_FILTER),
  identifierFilter(
    'identifier-filter.TemplateFilter.matches-template',
    'union',
    'matches contracts of the template; same identifier rules as above',
    {
      features: ['transactionFixture'],
    },
  ),
  identifierFilter('identifier-filter.WildcardFilter.shape', 'union', WILDCARD_FILTER),
  identifierFilter('identifier-filter.WildcardFilter.matches-all', 'union', WILDCARD_FILTER, { features: ['transactionFixture'] }),
  identifierFilter(
    'identifier-filter.includeInterfaceView.adds-view',
    'union',
    '`includeInterfaceView` adds the interface view to the returned created event.',
    { features: ['transactionFixture'] },
  ),
  identifierFilter(
    'identifier-filter.includeCreatedEventBlob.adds-blob',
    'union',
    '`includeCreatedEventBlob` adds a created-event blob, which can be used as a disclosed contract in later commands.',
    { features: ['transactionFixture'] },
  ),

  transactionFormat('transaction-format.eventFormat.required', 'resource', '| eventFormat | EventFormat | yes | |'),
  transactionFormat('transaction-format.transactionShape.required', 'resource', TRANSACTION_SHAPE),
  transactionFormat('transaction-format.transactionShape.allowed-values', 'resource', TRANSACTION_SHAPE),

  updateFormat(
    'update-format.includeTransactions.optional',
    'resource',
    '| includeTransactions | TransactionFormat | no | which events to include in transactions and what data to compute |',
  ),
  updateFormat('update-format.includeReassignments.optional', 'resource', '| includeReassignments | EventFormat | no | |'),
  updateFormat('update-format.includeTopologyEvents.optional', 'resource', INCLUDE_TOPOLOGY),
  updateFormat('update-format.includeTopologyEvents.shape', 'resource', INCLUDE_TOPOLOGY),

  update('update.exactly-one-variant', 'union', UPDATE_UNION),
  update('update.allowed-variants', 'union', UPDATE_UNION),
  update('update.OffsetCheckpoint.shape', 'union', OFFSET_CHECKPOINT, { features: ['checkpointFixture'] }),
  update('update.Transaction.variant', 'union', '| Transaction | a transaction update;', { features: ['transactionFixture'] }),
  updateNotShown('update.Transaction.fields.not-shown', 'union', TRANSACTION_VARIANT),
  update('update.Reassignment.variant', 'union', '| Reassignment | a reassignment record, see below |', {
    features: ['reassignmentFixture'],
  }),
  update('update.TopologyTransaction.shape', 'union', '| TopologyTransaction | `{value: JsTopologyTransaction}`, see below |', {
    features: ['topologyFixture'],
  }),

  reassignment('reassignment.traceContext.optional', 'resource', '`traceContext` (TraceContext, optional)'),
  reassignment(
    'reassignment.recordTime.required',
    'resource',
    '`recordTime` (string, required; time at which the reassignment was recorded, on the source synchronizer for an unassign event and the target synchronizer for an assign event)',
  ),
  reassignment(
    'reassignment.synchronizerId.required',
    'resource',
    '`synchronizerId` (string, required; the synchronizer that synchronized this reassignment)',
  ),
  reassignment(
    'reassignment.paidTrafficCost.optional-int64',
    'resource',
    '`paidTrafficCost` (int64, optional; traffic cost this participant paid for the (un)assignment request; unset for transactions initiated by another participant, initiated offline via the repair service, processed before the participant served traffic cost on the ledger API, or returned for a non-submitting party)',
  ),
  reassignment(
    'reassignment.events.assigned-or-unassigned',
    'resource',
    'Its events are each one of an assigned event or `JsUnassignedEvent`.',
    { untestable: 'the name of the field holding the events is not shown, so a black-box test cannot find them' },
  ),
  reassignmentNotShown(
    'reassignment.further-fields.not-shown',
    'resource',
    'Assigned event and further fields of the reassignment record, including the name of the field holding the events: not shown.',
  ),

  unassigned('unassigned-event.value-wrapper', 'resource', 'JsUnassignedEvent (`{value: UnassignedEvent}`)'),
  unassigned(
    'unassigned-event.reassignmentId.required',
    'resource',
    '| reassignmentId | string | yes | LedgerString; input for an assign reassignment command |',
  ),
  unassigned('unassigned-event.contractId.required', 'resource', '| contractId | string | yes | LedgerString |'),
  unassigned('unassigned-event.templateId.package-id-format', 'resource', '| templateId | string | yes | package-id reference format |'),
  unassigned('unassigned-event.source.required', 'resource', '| source | string | yes | source synchronizer id |'),
  unassigned('unassigned-event.target.required', 'resource', '| target | string | yes | target synchronizer id |'),
  unassigned(
    'unassigned-event.submitter.optional',
    'resource',
    '| submitter | string | no | PartyIdString; empty if unassignment happened offline via the repair service |',
  ),
  unassigned('unassigned-event.reassignmentCounter.required-int64', 'resource', REASSIGNMENT_COUNTER),
  unassigned('unassigned-event.reassignmentCounter.strictly-increases', 'resource', REASSIGNMENT_COUNTER, {
    untestable:
      'needs the matching assigned event and the history of one contract across reassignments, which one lookup by offset does not give',
  }),
  unassigned(
    'unassigned-event.assignmentExclusivity.optional',
    'resource',
    '| assignmentExclusivity | string | no | before this time (on the target synchronizer) only the submitter of the unassignment can initiate the assignment; defined for reassigning participants |',
  ),
  unassigned('unassigned-event.witnessParties.non-empty', 'resource', '| witnessParties | string[] | yes | non-empty |'),
  unassigned('unassigned-event.packageName.required', 'resource', '| packageName | string | yes | |'),
  unassigned('unassigned-event.offset.positive', 'resource', UNASSIGNED_OFFSET),
  unassigned('unassigned-event.nodeId.non-negative', 'resource', NODE_ID),

  created('created-event.witnessParties.non-empty', 'resource', WITNESS_PARTIES),
  created(
    'created-event.witnessParties.filter-parties',
    'resource',
    'In ledger-effects results: filter parties that are witnesses. In ACS-delta results: filter parties that are stakeholders.',
  ),
  createdNotShown(
    'created-event.witnessParties.non-hosted.not-shown',
    'resource',
    'Reading events of parties not hosted on the serving node is undefined',
  ),
  created('created-event.signatories.non-empty', 'resource', SIGNATORIES),
  created('created-event.observers.may-be-empty', 'resource', OBSERVERS),
  created('created-event.observers.no-signatories', 'resource', OBSERVERS),
  created(
    'created-event.createdAt.required',
    'resource',
    '| createdAt | string | yes | ledger effective time of the creating transaction |',
  ),
  created('created-event.packageName.required', 'resource', '| packageName | string | yes | |'),
  created('created-event.representativePackageId.required', 'resource', REPRESENTATIVE_PACKAGE_ID),
  created('created-event.representativePackageId.value', 'resource', REPRESENTATIVE_PACKAGE_ID, {
    untestable: 'server-internal and experimental; the spec gives no rule for its value',
  }),
  created('created-event.acsDelta.required-boolean', 'resource', ACS_DELTA),
  created(
    'created-event.interface-view.viewValue.optional',
    'resource',
    '`viewValue` (object, optional; value of the interface view method, set if requested and computable)',
  ),
  created(
    'created-event.interface-view.implementationPackageId.optional',
    'resource',
    '`implementationPackageId` (string, optional; package defining the implementation used to compute the view, empty when computation failed)',
  ),
  createdNotShown('created-event.other-fields.not-shown', 'resource', 'CreatedEvent fields other than those listed: not shown.'),

  topology('topology-transaction.updateId.required', 'resource', '| updateId | string | yes | LedgerString, server-assigned |'),
  topology('topology-transaction.offset.positive', 'resource', TOPOLOGY_OFFSET),
  topology('topology-transaction.synchronizerId.required', 'resource', '| synchronizerId | string | yes | |'),
  topology(
    'topology-transaction.recordTime.required',
    'resource',
    '| recordTime | string | yes | time at which the changes become effective |',
  ),
  topology('topology-transaction.events.non-empty', 'resource', TOPOLOGY_EVENTS),
  topology('topology-transaction.traceContext.optional', 'resource', '| traceContext | TraceContext | no | |'),
  topologyEvent('topology-event.exactly-one-key', 'union', TOPOLOGY_UNION),
  topologyEvent('topology-event.allowed-keys', 'union', TOPOLOGY_UNION),
  topologyEvent('topology-event.Empty.shape', 'union', '| Empty | `{}` |', {
    untestable: 'the suite cannot make a target emit an empty topology event; the Update schema accepts the variant when one appears',
  }),
  topologyEvent(
    'topology-event.ParticipantAuthorizationAdded.shape',
    'union',
    AUTHORIZATION_WITH_PERMISSION('ParticipantAuthorizationAdded'),
  ),
  topologyEvent(
    'topology-event.ParticipantAuthorizationChanged.shape',
    'union',
    AUTHORIZATION_WITH_PERMISSION('ParticipantAuthorizationChanged'),
    {
      untestable: UNARRANGEABLE_TOPOLOGY_CHANGE('a permission change'),
    },
  ),
  topologyEvent(
    'topology-event.ParticipantAuthorizationOnboarding.shape',
    'union',
    AUTHORIZATION_WITH_PERMISSION('ParticipantAuthorizationOnboarding'),
    { untestable: UNARRANGEABLE_TOPOLOGY_CHANGE('an onboarding') },
  ),
  topologyEvent(
    'topology-event.ParticipantAuthorizationRevoked.shape',
    'union',
    '| ParticipantAuthorizationRevoked | `{value: {partyId, participantId}}` |',
    {
      untestable: UNARRANGEABLE_TOPOLOGY_CHANGE('a revocation'),
    },
  ),
  topologyEvent('topology-event.fields.required-strings', 'union', 'All those fields are required strings.'),
  topologyEvent('topology-event.participantPermission.allowed-values', 'union', PERMISSION_VALUES),

  traceContext('trace-context.traceparent.w3c-format', 'format', '`traceparent` (string, optional, W3C trace-context format)'),
  traceContext('trace-context.tracestate.optional', 'resource', '`tracestate` (string, optional)'),
  traceContext(
    'trace-context.populated-from-submission',
    'resource',
    'Populated from the trace context of the original command submission; when none was given, a server-generated one is used.',
    {
      untestable:
        'the spec names no way for a client to give a submission its trace context (nor to tell a server-generated one); the canton profile tests it through the W3C traceparent header Canton reads (canton.trace-context.traceparent-propagated)',
    },
  ),
];
