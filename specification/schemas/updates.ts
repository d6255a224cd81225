/**
 * The update lookup's response (`{update: Update}`) and the records inside it: offset checkpoints,
 * transactions, reassignments with their events, created events and topology transactions.
 *
 * Cross-field rules (observers never contain signatories, matching reassignment counters, ...) are not
 * expressible here; the suite's checks own them.
 */
import {
  anyObject,
  arrayOf,
  boolean,
  dateTime,
  emptyObject,
  int64,
  nonEmptyArrayOf,
  nonNegativeInt32,
  nonNegativeInt64,
  offset,
  oneOfStrings,
  record,
  ref,
  string,
  taggedUnion,
  valueOf,
  type Schema,
} from './build.js';
import type { SchemaProfile } from './profile.js';

export const PARTICIPANT_PERMISSIONS = [
  'PARTICIPANT_PERMISSION_UNSPECIFIED',
  'PARTICIPANT_PERMISSION_SUBMISSION',
  'PARTICIPANT_PERMISSION_CONFIRMATION',
  'PARTICIPANT_PERMISSION_OBSERVATION',
] as const;

const stringList = arrayOf(string);

const participantAuthorization = record({
  partyId: string,
  participantId: string,
  participantPermission: oneOfStrings(PARTICIPANT_PERMISSIONS),
});

/**
 * The spec shows no transaction field, so the spec profile accepts any object. Canton's JsTransaction
 * (facts: canton-json-api.md §1) requires these fields, and its events are single-key Event objects.
 */
function transactionSchema(profile: SchemaProfile): Schema {
  if (profile === 'spec') return anyObject;
  return record(
    {
      updateId: string,
      effectiveAt: dateTime,
      offset,
      synchronizerId: string,
      recordTime: dateTime,
      events: arrayOf(taggedUnion({ CreatedEvent: ref('CreatedEvent'), ArchivedEvent: anyObject, ExercisedEvent: anyObject })),
    },
    { commandId: string, workflowId: string, traceContext: ref('TraceContext'), paidTrafficCost: int64 },
  );
}

export function updateSchemas(profile: SchemaProfile) {
  // The spec does not name the field holding a reassignment's events: the spec profile checks `events`
  // only when present; Canton calls it `events` and always writes it.
  const reassignmentEvents = { events: arrayOf(ref('ReassignmentEvent')) };
  return {
    GetUpdateResponse: record({ update: ref('Update') }),
    Update: taggedUnion({
      OffsetCheckpoint: valueOf(ref('OffsetCheckpoint')),
      Transaction: valueOf(transactionSchema(profile)),
      Reassignment: valueOf(ref('Reassignment')),
      TopologyTransaction: valueOf(ref('JsTopologyTransaction')),
    }),
    OffsetCheckpoint: record({
      offset,
      synchronizerTimes: arrayOf(record({ synchronizerId: string, recordTime: dateTime })),
    }),

    Reassignment: record(
      {
        recordTime: dateTime,
        synchronizerId: string,
        // The official 3.5.1 types (JsReassignment) require these; the spec does not show them.
        ...(profile === 'canton' ? { ...reassignmentEvents, updateId: string, offset } : {}),
      },
      { traceContext: ref('TraceContext'), paidTrafficCost: int64, ...(profile === 'spec' ? reassignmentEvents : {}) },
    ),
    // "each one of an assigned event or JsUnassignedEvent"; the assigned event's shape is not shown.
    ReassignmentEvent: {
      type: 'object',
      ...(profile === 'canton' ? { minProperties: 1, maxProperties: 1 } : {}),
      properties: { JsUnassignedEvent: ref('JsUnassignedEvent') },
    },
    JsUnassignedEvent: valueOf(ref('UnassignedEvent')),
    UnassignedEvent: record(
      {
        reassignmentId: string,
        contractId: string,
        templateId: string,
        source: string,
        target: string,
        reassignmentCounter: nonNegativeInt64,
        witnessParties: nonEmptyArrayOf(string),
        packageName: string,
        offset,
        nodeId: nonNegativeInt32,
      },
      { submitter: string, assignmentExclusivity: dateTime },
    ),

    CreatedEvent: record(
      {
        witnessParties: nonEmptyArrayOf(string),
        signatories: nonEmptyArrayOf(string),
        createdAt: dateTime,
        packageName: string,
        representativePackageId: string,
        acsDelta: boolean,
        // The official 3.5.1 types (CreatedEvent) require these; the spec does not show them.
        ...(profile === 'canton'
          ? { offset, nodeId: nonNegativeInt32, contractId: string, templateId: string, createArgument: anyObject }
          : {}),
      },
      // The spec does not name the field holding interface views; Canton calls it `interfaceViews`.
      { observers: stringList, ...(profile === 'canton' ? { interfaceViews: arrayOf(ref('InterfaceView')) } : {}) },
    ),
    // The official 3.5.1 types (JsInterfaceView) require interfaceId and viewStatus; the spec shows neither.
    InterfaceView: record(profile === 'canton' ? { interfaceId: string, viewStatus: anyObject } : {}, {
      viewValue: anyObject,
      implementationPackageId: string,
    }),

    JsTopologyTransaction: record(
      {
        updateId: string,
        offset,
        synchronizerId: string,
        recordTime: dateTime,
        events: nonEmptyArrayOf(ref('TopologyEvent')),
      },
      { traceContext: ref('TraceContext') },
    ),
    TopologyEvent: record({
      event: taggedUnion({
        Empty: emptyObject,
        ParticipantAuthorizationAdded: valueOf(participantAuthorization),
        ParticipantAuthorizationChanged: valueOf(participantAuthorization),
        ParticipantAuthorizationOnboarding: valueOf(participantAuthorization),
        ParticipantAuthorizationRevoked: valueOf(record({ partyId: string, participantId: string })),
      }),
    }),
  } satisfies Record<string, Schema>;
}
