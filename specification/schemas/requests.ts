/**
 * Request resources and bodies of area A: execute, submit-and-wait, update-by-offset, and the formats and
 * filters they carry (spec sections "Resources and their fields" and "Endpoints").
 */
import {
  anyObject,
  arrayOf,
  boolean,
  dateTime,
  emptyObject,
  int32,
  int64,
  mapOf,
  nonEmptyArrayOf,
  nonEmptyString,
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

export const TRANSACTION_SHAPES = [
  'TRANSACTION_SHAPE_UNSPECIFIED',
  'TRANSACTION_SHAPE_ACS_DELTA',
  'TRANSACTION_SHAPE_LEDGER_EFFECTS',
] as const;

export const HASHING_SCHEME_VERSIONS = [
  'HASHING_SCHEME_VERSION_UNSPECIFIED',
  'HASHING_SCHEME_VERSION_V2',
  'HASHING_SCHEME_VERSION_V3',
] as const;

const userId: Schema = { type: 'string', format: 'user-id' };
const stringList = arrayOf(string);

export function requestSchemas(profile: SchemaProfile) {
  return {
    // "unknownFields: {fields: object (map from integer to field), required}": `fields` is the required key.
    Duration: record(
      { seconds: int64, nanos: int32 },
      { unknownFields: record({ fields: { type: 'object', propertyNames: { pattern: '^-?\\d+$' } } }) },
    ),

    Signature: record({ format: string, signature: nonEmptyString, signedBy: string, signingAlgorithmSpec: string }),
    SinglePartySignatures: record({ party: string, signatures: nonEmptyArrayOf(ref('Signature')) }),
    PartySignatures: record({ signatures: nonEmptyArrayOf(ref('SinglePartySignatures')) }),

    DeduplicationPeriodExecute: taggedUnion({
      DeduplicationDuration: valueOf(ref('Duration')),
      DeduplicationOffset: valueOf(int64),
      Empty: emptyObject,
    }),
    DeduplicationPeriodSubmit: taggedUnion({ DeduplicationDuration: valueOf(ref('Duration')) }),

    MinLedgerTime: record({
      time: taggedUnion({
        Empty: emptyObject,
        MinLedgerTimeAbs: valueOf(dateTime),
        MinLedgerTimeRel: valueOf(ref('Duration')),
      }),
    }),

    Filters: record({}, { cumulative: arrayOf(ref('CumulativeFilter')) }),
    CumulativeFilter: record({
      identifierFilter: taggedUnion({
        Empty: emptyObject,
        InterfaceFilter: valueOf(record({ interfaceId: string }, { includeInterfaceView: boolean, includeCreatedEventBlob: boolean })),
        TemplateFilter: valueOf(record({ templateId: string }, { includeCreatedEventBlob: boolean })),
        WildcardFilter: valueOf(record({}, { includeCreatedEventBlob: boolean })),
      }),
    }),
    EventFormat: record({}, { filtersByParty: mapOf(ref('Filters')), filtersForAnyParty: ref('Filters'), verbose: boolean }),
    TransactionFormat: record({ eventFormat: ref('EventFormat'), transactionShape: oneOfStrings(TRANSACTION_SHAPES) }),
    UpdateFormat: record(
      {},
      {
        includeTransactions: ref('TransactionFormat'),
        includeReassignments: ref('EventFormat'),
        includeTopologyEvents: record({}, { includeParticipantAuthorizationEvents: record({}, { parties: stringList }) }),
      },
    ),

    Command: taggedUnion({
      CreateAndExerciseCommand: record({
        templateId: string,
        createArguments: anyObject,
        choice: string,
        choiceArgument: anyObject,
      }),
      CreateCommand: record({ templateId: string, createArguments: anyObject }),
      ExerciseByKeyCommand: record({ templateId: string, contractKey: anyObject, choice: string, choiceArgument: anyObject }),
      ExerciseCommand: record({ templateId: string, contractId: string, choice: string, choiceArgument: anyObject }),
    }),

    SubmitAndWaitRequest: record(
      { commands: nonEmptyArrayOf(ref('Command')), commandId: string, actAs: nonEmptyArrayOf(string) },
      {
        userId,
        readAs: stringList,
        workflowId: string,
        deduplicationPeriod: ref('DeduplicationPeriodSubmit'),
        minLedgerTimeAbs: dateTime,
        minLedgerTimeRel: ref('Duration'),
        submissionId: string,
        disclosedContracts: arrayOf(
          record({}, { templateId: string, contractId: string, createdEventBlob: string, synchronizerId: string }),
        ),
        synchronizerId: string,
        packageIdSelectionPreference: stringList,
        // The spec types the key as a string; Canton takes a Daml value there, which may be any JSON.
        prefetchContractKeys: arrayOf(record({}, { templateId: string, contractKey: profile === 'canton' ? {} : string, limit: int32 })),
        // "integer" without a width in the spec; Canton's field is an Int (int32).
        tapsMaxPasses: profile === 'canton' ? int32 : int64,
      },
    ),

    ExecuteSubmissionRequest: record(
      {
        preparedTransaction: string,
        partySignatures: ref('PartySignatures'),
        submissionId: string,
        hashingSchemeVersion: oneOfStrings(HASHING_SCHEME_VERSIONS),
      },
      { deduplicationPeriod: ref('DeduplicationPeriodExecute'), userId: string, minLedgerTime: ref('MinLedgerTime') },
    ),

    UpdateByOffsetRequest: record({ offset, updateFormat: ref('UpdateFormat') }),
  } satisfies Record<string, Schema>;
}
