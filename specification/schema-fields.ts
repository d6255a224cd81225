/**
 * Which clause states each field of a record schema, and where records of those schemas sit in a response.
 * `response_schema_conformance` validates every record it finds against its own schema: a valid record
 * credits the clauses of its fields; an invalid one fails the clause of the field that broke (a missing
 * required field, a wrong type), so one wrong field fails one clause, not the whole response.
 *
 * Canton-profile clauses listed here are credited only in that profile (the records' schemas differ per
 * profile: `specification/schemas/`).
 */
import type { ClauseId } from './clauses.js';
import type { SchemaName } from './schemas/names.js';

export type FieldClauses = Readonly<Record<string, readonly ClauseId[]>>;

/** The clauses of each field, per record schema; `*` stands for the record as a whole (its shape). */
export const FIELD_CLAUSES: Partial<Record<SchemaName, FieldClauses>> = {
  CreatedEvent: {
    witnessParties: ['created-event.witnessParties.non-empty'],
    signatories: ['created-event.signatories.non-empty'],
    observers: ['created-event.observers.may-be-empty'],
    createdAt: ['created-event.createdAt.required'],
    packageName: ['created-event.packageName.required'],
    representativePackageId: ['created-event.representativePackageId.required'],
    acsDelta: ['created-event.acsDelta.required-boolean'],
    offset: ['canton.created-event.official-required-fields'],
    nodeId: ['canton.created-event.official-required-fields'],
    contractId: ['canton.created-event.official-required-fields'],
    templateId: ['canton.created-event.official-required-fields'],
    createArgument: ['canton.created-event.official-required-fields'],
  },
  InterfaceView: {
    viewValue: ['created-event.interface-view.viewValue.optional'],
    implementationPackageId: ['created-event.interface-view.implementationPackageId.optional'],
    interfaceId: ['canton.interface-view.official-required-fields'],
    viewStatus: ['canton.interface-view.official-required-fields'],
  },
  Reassignment: {
    traceContext: ['reassignment.traceContext.optional'],
    recordTime: ['reassignment.recordTime.required'],
    synchronizerId: ['reassignment.synchronizerId.required'],
    paidTrafficCost: ['reassignment.paidTrafficCost.optional-int64'],
    updateId: ['canton.reassignment.official-required-fields'],
    offset: ['canton.reassignment.official-required-fields'],
  },
  UnassignedEvent: {
    reassignmentId: ['unassigned-event.reassignmentId.required'],
    contractId: ['unassigned-event.contractId.required'],
    templateId: ['unassigned-event.templateId.package-id-format'],
    source: ['unassigned-event.source.required'],
    target: ['unassigned-event.target.required'],
    submitter: ['unassigned-event.submitter.optional'],
    reassignmentCounter: ['unassigned-event.reassignmentCounter.required-int64'],
    assignmentExclusivity: ['unassigned-event.assignmentExclusivity.optional'],
    witnessParties: ['unassigned-event.witnessParties.non-empty'],
    packageName: ['unassigned-event.packageName.required'],
    offset: ['unassigned-event.offset.positive'],
    nodeId: ['unassigned-event.nodeId.non-negative'],
  },
  JsUnassignedEvent: { value: ['unassigned-event.value-wrapper'] },
  JsTopologyTransaction: {
    updateId: ['topology-transaction.updateId.required'],
    offset: ['topology-transaction.offset.positive'],
    synchronizerId: ['topology-transaction.synchronizerId.required'],
    recordTime: ['topology-transaction.recordTime.required'],
    events: ['topology-transaction.events.non-empty'],
    traceContext: ['topology-transaction.traceContext.optional'],
  },
  TraceContext: {
    traceparent: ['trace-context.traceparent.w3c-format'],
    tracestate: ['trace-context.tracestate.optional'],
  },
  OffsetCheckpoint: { '*': ['update.OffsetCheckpoint.shape'] },
  User: {
    // The record's id keeps the Limits of user ids; its annotations the Limits of annotations.
    id: ['user.id.required', 'user-id.limit.non-empty', 'user-id.limit.max-128', 'user-id.limit.charset'],
    primaryParty: ['user.primaryParty.optional'],
    isDeactivated: ['user.isDeactivated.optional-boolean'],
    metadata: ['user.metadata.optional'],
    identityProviderId: ['user.identityProviderId.optional'],
    primaryPartyAuthentication: ['user.primaryPartyAuthentication.optional-boolean'],
  },
  ObjectMeta: {
    resourceVersion: ['object-meta.resourceVersion.optional'],
    annotations: [
      'object-meta.annotations.optional',
      'object-meta.annotations.string-map',
      'annotations.total-size.max-256kb',
      'annotations.key.prefix-dns-subdomain-max-253',
      'annotations.key.name-max-63',
      'annotations.key.name-charset',
      'annotations.key.name-starts-ends-alphanumeric',
      'annotations.value.non-empty',
    ],
  },
  TrafficAccount: {
    accountId: ['traffic-account.accountId.required'],
    balance: ['traffic-account.balance.required-int64'],
  },
  JsCantonError: {
    code: ['errors.body.code.required-string'],
    cause: ['errors.body.cause.required-string'],
    correlationId: ['errors.body.correlationId.optional-string'],
    traceId: ['errors.body.traceId.optional-string'],
    context: ['errors.body.context.required-string-map'],
    resources: ['errors.body.resources.optional-string-pairs'],
    errorCategory: ['errors.body.errorCategory.required-int32'],
    grpcCodeValue: ['errors.body.grpcCodeValue.optional-int32'],
    retryInfo: ['errors.body.retryInfo.optional-string'],
    definiteAnswer: ['errors.body.definiteAnswer.optional-boolean'],
  },
};

/**
 * The clauses of the fields of the scan's (area B) answers, by JSON pointer into the body: a valid body credits the
 * clause of every field it has (a pointer ending in `/` stands for the items of the array it names, so an empty array
 * credits nothing); an invalid one fails the first clause of the innermost pointer its first error names
 * (`scanResponseSchemaConformance`, checks/scan.ts). Canton-profile clauses only in that profile.
 */
export const SCAN_FIELD_CLAUSES: Partial<Record<SchemaName, FieldClauses>> = {
  GetMemberTrafficStatusResponse: {
    '/traffic_status': ['member-traffic-status.shape'],
    '/traffic_status/actual/total_consumed': ['member-traffic-status.actual.total_consumed.required-int64'],
    '/traffic_status/actual/total_limit': ['member-traffic-status.actual.total_limit.required-int64'],
    '/traffic_status/target/total_purchased': ['member-traffic-status.target.total_purchased.required-int64'],
  },
  GetPartyToParticipantResponse: { '/participant_id': ['scan.participant-id-v0.response.participant-id-format'] },
  GetPartyToParticipantResponseV1: { '/participant_ids/': ['scan.participant-id-v1.response.participant-id-format'] },
  GetTopValidatorsByValidatorFaucetsResponse: {
    '/validatorsByReceivedFaucets/': ['canton.scan.top-validators.fields-int64', 'validator-received-faucets.fields'],
  },
  GetRewardsCollectedResponse: { '/amount': ['canton.scan.rewards-collected.amount-10-decimals'] },
  GetRoundOfLatestDataResponse: { '/effectiveAt': ['scan.round-of-latest-data.effectiveAt.date-time'] },
};

/** Whether a field clause is stated in the profile: canton-profile clauses only in that profile. */
export const inProfile = (clauseId: ClauseId, profile: 'spec' | 'canton'): boolean =>
  profile === 'canton' || !clauseId.startsWith('canton.');

/**
 * Every clause the fields of `schema` state (FIELD_CLAUSES for a record, SCAN_FIELD_CLAUSES for a scan answer), once
 * each and in table order, in `profile` when given: what a test whose answers the engine validates declares.
 */
export function fieldClausesOf(schema: SchemaName, profile?: 'spec' | 'canton'): ClauseId[] {
  const table = FIELD_CLAUSES[schema] ?? SCAN_FIELD_CLAUSES[schema] ?? {};
  const clauses = [...new Set(Object.values(table).flat())];
  return profile === undefined ? clauses : clauses.filter((clauseId) => inProfile(clauseId, profile));
}

/**
 * Where records sit in a response: JSON pointer patterns (`*` matches any array index or object key) and the
 * record schema each matching value is validated against. The response's own schema is validated as well.
 */
export const RECORD_LOCATIONS: Partial<Record<SchemaName, readonly (readonly [pattern: string, record: SchemaName])[]>> = {
  GetUpdateResponse: [
    ['/update/OffsetCheckpoint/value', 'OffsetCheckpoint'],
    ['/update/Transaction/value/events/*/CreatedEvent', 'CreatedEvent'],
    ['/update/Transaction/value/events/*/CreatedEvent/interfaceViews/*', 'InterfaceView'],
    ['/update/Transaction/value/traceContext', 'TraceContext'],
    ['/update/Reassignment/value', 'Reassignment'],
    ['/update/Reassignment/value/traceContext', 'TraceContext'],
    ['/update/Reassignment/value/events/*/JsUnassignedEvent', 'JsUnassignedEvent'],
    ['/update/Reassignment/value/events/*/JsUnassignedEvent/value', 'UnassignedEvent'],
    ['/update/TopologyTransaction/value', 'JsTopologyTransaction'],
    ['/update/TopologyTransaction/value/traceContext', 'TraceContext'],
  ],
  GetUserResponse: [
    ['/user', 'User'],
    ['/user/metadata', 'ObjectMeta'],
  ],
  TrafficAccount: [['', 'TrafficAccount']],
  JsCantonError: [['', 'JsCantonError']],
};
