/**
 * Every schema the suite can validate against, and which side of the wire it describes. The direction
 * matters for the integer spelling under the canton profile (see `integerPolicyFor` in specification/validate.ts).
 */
export const SCHEMA_DIRECTIONS = {
  // Request resources and bodies.
  Duration: 'request',
  Signature: 'request',
  SinglePartySignatures: 'request',
  PartySignatures: 'request',
  DeduplicationPeriodExecute: 'request',
  DeduplicationPeriodSubmit: 'request',
  MinLedgerTime: 'request',
  Filters: 'request',
  CumulativeFilter: 'request',
  EventFormat: 'request',
  TransactionFormat: 'request',
  UpdateFormat: 'request',
  Command: 'request',
  SubmitAndWaitRequest: 'request',
  ExecuteSubmissionRequest: 'request',
  UpdateByOffsetRequest: 'request',
  // Participant responses and the records inside them.
  TraceContext: 'response',
  ObjectMeta: 'response',
  User: 'response',
  GetUserResponse: 'response',
  SubmitAndWaitResponse: 'response',
  ExecuteSubmissionResponse: 'response',
  UploadDarFileResponse: 'response',
  TrafficAccount: 'response',
  JsCantonError: 'response',
  Update: 'response',
  GetUpdateResponse: 'response',
  OffsetCheckpoint: 'response',
  Reassignment: 'response',
  ReassignmentEvent: 'response',
  JsUnassignedEvent: 'response',
  UnassignedEvent: 'response',
  CreatedEvent: 'response',
  InterfaceView: 'response',
  JsTopologyTransaction: 'response',
  TopologyEvent: 'response',
  // Scan responses.
  MemberTrafficStatus: 'response',
  GetMemberTrafficStatusResponse: 'response',
  GetPartyToParticipantResponseV1: 'response',
  GetPartyToParticipantResponse: 'response',
  ValidatorReceivedFaucets: 'response',
  GetTopValidatorsByValidatorFaucetsResponse: 'response',
  GetRewardsCollectedResponse: 'response',
  GetRoundOfLatestDataResponse: 'response',
  ScanErrorResponse: 'response',
} as const satisfies Record<string, SchemaDirection>;

export type SchemaDirection = 'request' | 'response';
export type SchemaName = keyof typeof SCHEMA_DIRECTIONS;
export const SCHEMA_NAMES = Object.keys(SCHEMA_DIRECTIONS) as SchemaName[];

export const SCHEMA_ID_BASE = 'https://ledger-conformance/schemas/';

export function schemaId(name: SchemaName): string {
  return SCHEMA_ID_BASE + name;
}
