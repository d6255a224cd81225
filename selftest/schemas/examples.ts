/**
 * Realistic bodies for every schema, written as wire JSON text (parsed losslessly by the tests) and valid
 * under both profiles. Canton-shaped where the facts docs give a real example (JsCantonError, traffic
 * status, event filters, Canton ids).
 */
import type { SchemaName } from '../../specification/validate.js';

export const FINGERPRINT = '1220e92bbc9d4bb8e0a5c7f2d6a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c42f28';
export const ALICE = `Alice::${FINGERPRINT}`;
export const SYNCHRONIZER = 'global-domain::122084177677350389dd0710d6516f700a33fe348c5f2702dffef6d36e1dedcbfc17';
export const PARTICIPANT = `PAR::validator-runbook::${FINGERPRINT}`;
const TEMPLATE = '#CantonExamples:Iou:Iou';
const PACKAGE_ID = 'de2cc2f90eb523414ff54e899951dadd8789a4c07e0f71f6d6c9eaf57d412a54';

const duration = `{"seconds":30,"nanos":0}`;
const signature = `{"format":"SIGNATURE_FORMAT_CONCAT","signature":"c2lnbmF0dXJl","signedBy":"${FINGERPRINT}","signingAlgorithmSpec":"SIGNING_ALGORITHM_SPEC_ED25519"}`;
const singlePartySignatures = `{"party":"${ALICE}","signatures":[${signature}]}`;
const partySignatures = `{"signatures":[${singlePartySignatures}]}`;
const wildcardFilter = `{"identifierFilter":{"WildcardFilter":{"value":{"includeCreatedEventBlob":false}}}}`;
const filters = `{"cumulative":[${wildcardFilter}]}`;
// facts: canton-json-api.md §4, "Example filter".
const eventFormat = `{"filtersByParty":{"${ALICE}":${filters}},"verbose":true}`;
const transactionFormat = `{"eventFormat":${eventFormat},"transactionShape":"TRANSACTION_SHAPE_ACS_DELTA"}`;
const updateFormat = `{"includeTransactions":${transactionFormat},"includeReassignments":${eventFormat},"includeTopologyEvents":{"includeParticipantAuthorizationEvents":{"parties":["${ALICE}"]}}}`;
const createArguments = `{"payer":"${ALICE}","owner":"${ALICE}","amount":{"value":"100.0","currency":"USD"},"viewers":[]}`;
const createCommand = `{"CreateCommand":{"templateId":"${TEMPLATE}","createArguments":${createArguments}}}`;
const exerciseCommand = `{"ExerciseCommand":{"templateId":"${TEMPLATE}","contractId":"00abc","choice":"Call","choiceArgument":{}}}`;
const traceContext = `{"traceparent":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01","tracestate":null}`;
const createdEvent = `{"offset":12,"nodeId":0,"contractId":"00abc","templateId":"${PACKAGE_ID}:Iou:Iou","createArgument":${createArguments},"witnessParties":["${ALICE}"],"signatories":["${ALICE}"],"observers":[],"createdAt":"2024-06-05T12:34:56.123456Z","packageName":"CantonExamples","representativePackageId":"${PACKAGE_ID}","acsDelta":true,"interfaceViews":[{"interfaceId":"${PACKAGE_ID}:Iface:I","viewStatus":{"code":0,"message":"","details":[]},"viewValue":{"owner":"${ALICE}"},"implementationPackageId":"${PACKAGE_ID}"}]}`;
const unassignedEvent = `{"reassignmentId":"0012ab","contractId":"00abc","templateId":"${PACKAGE_ID}:Iou:Iou","source":"${SYNCHRONIZER}","target":"other::1220ff","submitter":"${ALICE}","reassignmentCounter":1,"assignmentExclusivity":null,"witnessParties":["${ALICE}"],"packageName":"CantonExamples","offset":14,"nodeId":0}`;
const reassignment = `{"updateId":"1220aa","commandId":"c1","workflowId":"","offset":14,"events":[{"JsUnassignedEvent":{"value":${unassignedEvent}}}],"traceContext":${traceContext},"recordTime":"2024-06-05T12:34:57Z","synchronizerId":"${SYNCHRONIZER}","paidTrafficCost":null}`;
const topologyTransaction = `{"updateId":"1220bb","offset":15,"synchronizerId":"${SYNCHRONIZER}","recordTime":"2024-06-05T12:35:00Z","events":[{"event":{"ParticipantAuthorizationAdded":{"value":{"partyId":"${ALICE}","participantId":"${PARTICIPANT}","participantPermission":"PARTICIPANT_PERMISSION_SUBMISSION"}}}},{"event":{"ParticipantAuthorizationRevoked":{"value":{"partyId":"${ALICE}","participantId":"${PARTICIPANT}"}}}}],"traceContext":${traceContext}}`;
const transaction = `{"updateId":"1220cc","commandId":"c2","workflowId":"","effectiveAt":"2024-06-05T12:34:56.123456Z","events":[{"CreatedEvent":${createdEvent}}],"offset":12,"synchronizerId":"${SYNCHRONIZER}","traceContext":${traceContext},"recordTime":"2024-06-05T12:34:56.2Z","externalTransactionHash":null,"paidTrafficCost":null}`;
const offsetCheckpoint = `{"offset":16,"synchronizerTimes":[{"synchronizerId":"${SYNCHRONIZER}","recordTime":"2024-06-05T12:36:00Z"}]}`;
const user = `{"id":"alice@example.com","primaryParty":"${ALICE}","isDeactivated":false,"metadata":{"resourceVersion":"3","annotations":{"team":"payments","example.com/owner":"ops_team-1"}},"identityProviderId":"","primaryPartyAuthentication":false}`;
const faucets = `{"validator":"${ALICE}","numRoundsCollected":10,"numRoundsMissed":2,"firstCollectedInRound":3,"lastCollectedInRound":14}`;

/** At least one valid body for every schema; `selftest/schemas/examples.test.ts` asserts full coverage. */
export const VALID_EXAMPLES: Record<SchemaName, string[]> = {
  Duration: [duration, `{"seconds":-5,"nanos":999999999,"unknownFields":{"fields":{}}}`],
  Signature: [signature],
  SinglePartySignatures: [singlePartySignatures],
  PartySignatures: [partySignatures],
  DeduplicationPeriodExecute: [`{"DeduplicationDuration":{"value":${duration}}}`, `{"DeduplicationOffset":{"value":12}}`, `{"Empty":{}}`],
  DeduplicationPeriodSubmit: [`{"DeduplicationDuration":{"value":${duration}}}`],
  MinLedgerTime: [
    `{"time":{"Empty":{}}}`,
    `{"time":{"MinLedgerTimeAbs":{"value":"2024-06-05T12:34:56Z"}}}`,
    `{"time":{"MinLedgerTimeRel":{"value":${duration}}}}`,
  ],
  Filters: [filters, `{"cumulative":[]}`, `{}`],
  CumulativeFilter: [
    wildcardFilter,
    `{"identifierFilter":{"TemplateFilter":{"value":{"templateId":"${TEMPLATE}","includeCreatedEventBlob":true}}}}`,
    `{"identifierFilter":{"InterfaceFilter":{"value":{"interfaceId":"#CantonExamples:Iface:I","includeInterfaceView":true}}}}`,
    `{"identifierFilter":{"Empty":{}}}`,
  ],
  EventFormat: [eventFormat, `{"filtersForAnyParty":${filters}}`, `{}`],
  TransactionFormat: [transactionFormat],
  UpdateFormat: [updateFormat, `{}`],
  Command: [
    createCommand,
    exerciseCommand,
    `{"CreateAndExerciseCommand":{"templateId":"${TEMPLATE}","createArguments":${createArguments},"choice":"Call","choiceArgument":{}}}`,
    `{"ExerciseByKeyCommand":{"templateId":"${TEMPLATE}","contractKey":{"owner":"${ALICE}"},"choice":"Call","choiceArgument":{}}}`,
  ],
  SubmitAndWaitRequest: [
    `{"commands":[${createCommand}],"commandId":"cmd-1","actAs":["${ALICE}"]}`,
    `{"commands":[${createCommand},${exerciseCommand}],"commandId":"cmd-2","actAs":["${ALICE}"],"userId":"alice@example.com","readAs":[],"workflowId":"wf","deduplicationPeriod":{"DeduplicationDuration":{"value":${duration}}},"minLedgerTimeAbs":"2024-06-05T12:34:56Z","minLedgerTimeRel":${duration},"submissionId":"sub-1","disclosedContracts":[{"templateId":"${TEMPLATE}","contractId":"00abc","createdEventBlob":"CgMxLjE=","synchronizerId":"${SYNCHRONIZER}"}],"synchronizerId":"${SYNCHRONIZER}","packageIdSelectionPreference":["${PACKAGE_ID}"],"prefetchContractKeys":[],"tapsMaxPasses":5}`,
  ],
  ExecuteSubmissionRequest: [
    `{"preparedTransaction":"CgMxLjE=","partySignatures":${partySignatures},"deduplicationPeriod":{"Empty":{}},"submissionId":"6f3c1f5e-1d0a-4c3b-9a53-5b1e2d6f7a80","userId":"alice@example.com","hashingSchemeVersion":"HASHING_SCHEME_VERSION_V2","minLedgerTime":{"time":{"Empty":{}}}}`,
    `{"preparedTransaction":"CgMxLjE=","partySignatures":${partySignatures},"submissionId":"s","hashingSchemeVersion":"HASHING_SCHEME_VERSION_V3"}`,
  ],
  UpdateByOffsetRequest: [`{"offset":12,"updateFormat":${updateFormat}}`, `{"offset":9223372036854775807,"updateFormat":{}}`],
  TraceContext: [traceContext, `{}`],
  ObjectMeta: [`{"resourceVersion":"","annotations":{}}`, `{}`],
  User: [user, `{"id":"participant_admin"}`, `{"id":"a@^$.!\`-#+'~_:()|Z9"}`],
  GetUserResponse: [`{"user":${user}}`],
  SubmitAndWaitResponse: [`{"updateId":"1220cc","completionOffset":11}`, `{"updateId":"u","completionOffset":9007199254740993}`],
  ExecuteSubmissionResponse: [`{}`],
  UploadDarFileResponse: [`{}`],
  TrafficAccount: [`{"accountId":"${ALICE}","balance":6000000}`],
  JsCantonError: [
    // facts: canton-json-api.md §3, the docs example.
    `{"cause":"The submitted request has invalid arguments: missing commands","code":"INVALID_ARGUMENT","context":{"category":"8","definite_answer":"false","participant":"participant1","tid":"99e6ab23"},"correlationId":null,"definiteAnswer":null,"errorCategory":8,"grpcCodeValue":3,"resources":[],"retryInfo":null,"traceId":"99e6ab23"}`,
    // facts: canton-json-api.md §2, a redacted error.
    `{"code":"NA","cause":"A security-sensitive error has been received","correlationId":"c0ffee","traceId":"99e6ab23","context":{},"resources":[],"errorCategory":-1,"grpcCodeValue":16,"retryInfo":null,"definiteAnswer":null}`,
    `{"code":"UPDATE_NOT_FOUND","cause":"Update not found, or not visible.","correlationId":null,"traceId":"99e6ab23","context":{"category":"11","offset":"12"},"resources":[["OFFSET","12"]],"errorCategory":11,"grpcCodeValue":5,"retryInfo":null,"definiteAnswer":false}`,
  ],
  Update: [
    `{"OffsetCheckpoint":{"value":${offsetCheckpoint}}}`,
    `{"Transaction":{"value":${transaction}}}`,
    `{"Reassignment":{"value":${reassignment}}}`,
    `{"TopologyTransaction":{"value":${topologyTransaction}}}`,
  ],
  GetUpdateResponse: [`{"update":{"Transaction":{"value":${transaction}}}}`],
  OffsetCheckpoint: [offsetCheckpoint],
  Reassignment: [reassignment],
  ReassignmentEvent: [`{"JsUnassignedEvent":{"value":${unassignedEvent}}}`],
  JsUnassignedEvent: [`{"value":${unassignedEvent}}`],
  UnassignedEvent: [unassignedEvent],
  CreatedEvent: [createdEvent],
  // interfaceId and viewStatus: the official 3.5.1 types require them (canton profile); the spec lists them too.
  InterfaceView: [
    `{"interfaceId":"${PACKAGE_ID}:Iface:I","viewStatus":{"code":0,"message":"","details":[]},"viewValue":{"owner":"${ALICE}"},"implementationPackageId":"${PACKAGE_ID}"}`,
    `{"interfaceId":"${PACKAGE_ID}:Iface:I","viewStatus":{"code":9,"message":"view failed"}}`,
  ],
  JsTopologyTransaction: [topologyTransaction],
  TopologyEvent: [
    `{"event":{"Empty":{}}}`,
    `{"event":{"ParticipantAuthorizationOnboarding":{"value":{"partyId":"${ALICE}","participantId":"${PARTICIPANT}","participantPermission":"PARTICIPANT_PERMISSION_OBSERVATION"}}}}`,
  ],
  MemberTrafficStatus: [`{"actual":{"total_consumed":0,"total_limit":6000000},"target":{"total_purchased":6000000}}`],
  // facts: splice-scan-api.md §1, the docs example.
  GetMemberTrafficStatusResponse: [
    `{"traffic_status":{"actual":{"total_consumed":0,"total_limit":6000000},"target":{"total_purchased":6000000}}}`,
  ],
  GetPartyToParticipantResponseV1: [`{"participant_ids":["${PARTICIPANT}","PAR::sv-2::12345678"]}`, `{"participant_ids":[]}`],
  GetPartyToParticipantResponse: [`{"participant_id":"${PARTICIPANT}"}`],
  ValidatorReceivedFaucets: [faucets],
  GetTopValidatorsByValidatorFaucetsResponse: [`{"validatorsByReceivedFaucets":[${faucets}]}`, `{"validatorsByReceivedFaucets":[]}`],
  GetRewardsCollectedResponse: [`{"amount":"0.0000000000"}`, `{"amount":"1234.5000000000"}`],
  GetRoundOfLatestDataResponse: [`{"round":1,"effectiveAt":"2024-06-05T12:34:56.123456Z"}`],
  ScanErrorResponse: [`{\n  "error" : "No data has been made available yet"\n}`],
};
