/**
 * Clauses of the resource tables used in requests: Duration, the signature records of execute, the
 * deduplication period and MinLedgerTime unions, and the Command union of submit-and-wait.
 */
import { clauseGroup } from './define.js';

const RESOURCES = 'Resources and their fields';

const duration = clauseGroup({ section: `${RESOURCES} > Duration`, resource: 'Duration' });
const signature = clauseGroup({
  section: `${RESOURCES} > Signature (used by execute)`,
  resource: 'Signature',
  endpoint: 'execute',
  features: ['interactiveSubmission'],
});
const singlePartySignatures = clauseGroup({
  section: `${RESOURCES} > SinglePartySignatures`,
  resource: 'SinglePartySignatures',
  endpoint: 'execute',
  features: ['interactiveSubmission'],
});
const partySignatures = clauseGroup({
  section: `${RESOURCES} > PartySignatures`,
  resource: 'PartySignatures',
  endpoint: 'execute',
  features: ['interactiveSubmission'],
});
const deduplication = clauseGroup({
  section: `${RESOURCES} > Deduplication period (execute form and submit-and-wait form)`,
  resource: 'DeduplicationPeriod',
});
const minLedgerTime = clauseGroup({
  section: `${RESOURCES} > MinLedgerTime (execute)`,
  resource: 'MinLedgerTime',
  endpoint: 'execute',
  features: ['interactiveSubmission'],
});
const command = clauseGroup({
  section: `${RESOURCES} > Command (submit-and-wait); exactly one single-key object`,
  resource: 'Command',
  endpoint: 'submit-and-wait',
  features: ['writes'],
});

const DURATION_SECONDS = '| seconds | int64 | yes | |';
const DURATION_NANOS = '| nanos | int32 | yes | |';
const DURATION_UNKNOWN_FIELDS =
  '| unknownFields | object `{fields: object (map from integer to field), required}` | no | added automatically by the protobuf-to-JSON mapping |';
const SIGNATURE_SIGNATURE = '| signature | string | yes | must be non-empty |';
const SINGLE_PARTY_SIGNATURES = '| signatures | Signature[] | yes | must be non-empty |';
const PARTY_SIGNATURES = '| signatures | SinglePartySignatures[] | yes | must be non-empty |';
const DEDUP_UNION = 'A tagged union: exactly one of these single-key objects.';
const DEDUP_DURATION = '| DeduplicationDuration | `{value: Duration}` |';
const DEDUP_OFFSET = '| DeduplicationOffset | `{value: int64}` (execute form only) |';
const DEDUP_EMPTY = '| Empty | `{}` (execute form only) |';
const TIME_UNION = '`{time: Time}`, where Time is exactly one of:';
const COMMAND_UNION = 'Command (submit-and-wait); exactly one single-key object';
const CREATE_AND_EXERCISE =
  '| CreateAndExerciseCommand | templateId (string), createArguments (object), choice (NameString), choiceArgument (object) |';
const CREATE = '| CreateCommand | templateId (string), createArguments (object) |';
const EXERCISE_BY_KEY =
  '| ExerciseByKeyCommand | templateId (string), contractKey (object), choice (NameString), choiceArgument (object) |';
const EXERCISE =
  '| ExerciseCommand | templateId (string; a template or an interface identifier, interface identifier exercises an interface choice), contractId (LedgerString), choice (NameString), choiceArgument (object) |';

export const submissionResourceClauses = [
  duration('duration.seconds.required-int64', 'resource', DURATION_SECONDS),
  duration('duration.nanos.required-int32', 'resource', DURATION_NANOS),
  duration('duration.unknownFields.optional', 'resource', DURATION_UNKNOWN_FIELDS),

  signature('signature.format.required', 'resource', '| format | string | yes | |'),
  signature('signature.signature.required', 'resource', SIGNATURE_SIGNATURE),
  signature('signature.signature.non-empty', 'resource', SIGNATURE_SIGNATURE),
  signature(
    'signature.signedBy.required',
    'resource',
    '| signedBy | string | yes | fingerprint/id of the key pair used to sign; needed to verify |',
  ),
  signature('signature.signingAlgorithmSpec.required', 'resource', '| signingAlgorithmSpec | string | yes | signing algorithm used |'),

  singlePartySignatures('single-party-signatures.party.required', 'resource', '| party | string | yes | the submitting party |'),
  singlePartySignatures('single-party-signatures.signatures.required', 'resource', SINGLE_PARTY_SIGNATURES),
  singlePartySignatures('single-party-signatures.signatures.non-empty', 'resource', SINGLE_PARTY_SIGNATURES),

  partySignatures('execute.partySignatures.signatures.required', 'resource', PARTY_SIGNATURES),
  partySignatures('execute.partySignatures.signatures.non-empty', 'resource', PARTY_SIGNATURES),

  deduplication('deduplication-period.exactly-one-key', 'union', DEDUP_UNION),
  deduplication('deduplication-period.allowed-keys', 'union', DEDUP_UNION),
  deduplication('deduplication-period.DeduplicationDuration.shape', 'union', DEDUP_DURATION),
  deduplication('deduplication-period.DeduplicationOffset.shape', 'union', DEDUP_OFFSET, {
    endpoint: 'execute',
    features: ['interactiveSubmission'],
  }),
  deduplication('deduplication-period.Empty.shape', 'union', DEDUP_EMPTY, {
    endpoint: 'execute',
    features: ['interactiveSubmission'],
  }),

  minLedgerTime('min-ledger-time.time.shape', 'union', TIME_UNION),
  minLedgerTime('min-ledger-time.time.exactly-one-key', 'union', TIME_UNION),
  minLedgerTime('min-ledger-time.time.allowed-keys', 'union', TIME_UNION),
  minLedgerTime('min-ledger-time.time.Empty.shape', 'union', '| Empty | `{}` |'),
  minLedgerTime('min-ledger-time.time.MinLedgerTimeAbs.shape', 'union', '| MinLedgerTimeAbs | `{value: string}` (timestamp) |'),
  minLedgerTime('min-ledger-time.time.MinLedgerTimeRel.shape', 'union', '| MinLedgerTimeRel | `{value: Duration}` |'),

  command('command.exactly-one-key', 'union', COMMAND_UNION),
  command('command.allowed-keys', 'union', COMMAND_UNION),
  command('command.CreateAndExerciseCommand.fields-required', 'union', CREATE_AND_EXERCISE),
  command('command.CreateAndExerciseCommand.choice.name-string', 'union', CREATE_AND_EXERCISE),
  command('command.CreateCommand.fields-required', 'union', CREATE),
  command('command.ExerciseByKeyCommand.fields-required', 'union', EXERCISE_BY_KEY),
  command('command.ExerciseByKeyCommand.choice.name-string', 'union', EXERCISE_BY_KEY),
  command('command.ExerciseCommand.fields-required', 'union', EXERCISE),
  command('command.ExerciseCommand.contractId.ledger-string', 'union', EXERCISE),
  command('command.ExerciseCommand.choice.name-string', 'union', EXERCISE),
  command('command.ExerciseCommand.interface-choice', 'union', EXERCISE),
  command(
    'command.templateId.reference-formats',
    'format',
    'Template identifiers accept package-name and package-id reference formats (package-id format deprecated).',
  ),
];
