/**
 * Ledger semantics, part 2 (what a command does): the error taxonomy as data, deduplication, explicit disclosure,
 * external signing under attack, commands and values, as Canton 3.5 behaves (canton profile). Each clause cites
 * the Canton source (branch 3.5-open-source-2026-06-10.13) that decides it.
 */
import { cantonEndpointClauses, cantonGroup, citingFacts } from './define.js';
import { endpointRequirements } from '../endpoints.js';

const errors = citingFacts(cantonGroup({ section: 'Errors', resource: 'JsCantonError' }));
const submitAndWait = cantonEndpointClauses('submit-and-wait', ['writes']);
const lookup = cantonEndpointClauses('update-by-offset', ['writes']);

const interactive = cantonEndpointClauses('execute', ['interactiveSubmission', 'writes']);

const scanSection = 'Endpoints > Scan endpoints (no authentication headers; responses JSON)';
const topValidators = cantonGroup({
  section: scanSection,
  endpoint: 'scan.top-validators',
  features: endpointRequirements('scan.top-validators'),
});
const rewardsCollected = cantonGroup({
  section: scanSection,
  endpoint: 'scan.rewards-collected',
  features: endpointRequirements('scan.rewards-collected'),
});

const LAPITT = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_2';
const VALIDATION = 'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/api/validation';

export const semanticsCommandsClauses = [
  errors(
    'canton.errors.code-taxonomy',
    'error',
    "An error body naming a code Canton 3.5 defines carries that code's category as errorCategory, the category's " +
      'gRPC code as grpcCodeValue and a retryInfo exactly when the category is retryable (JsSchema.scala:360 ' +
      'JsCantonError.fromErrorCode takes all three from damlError.code.category; categories in ' +
      'base/errors/src/main/scala/com/digitalasset/base/error/ErrorCategory.scala; the codes and their definitions ' +
      'in specification/error-codes.ts).',
  ),
  lookup(
    'canton.semantics.created-at-is-effective-time',
    'resource',
    "A created event's createdAt is the ledger effective time of the transaction that created it (effectiveAt of that " +
      "transaction), in every shape (the FatContractInstance's createdAt is the transaction's ledger time: " +
      'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/store/dao/events/ ' +
      'LfValueTranslation; the JSON API renders CreatedEvent.created_at).',
  ),
  lookup(
    'canton.semantics.one-update-id-per-transaction',
    'resource',
    'One transaction has one updateId and one offset: submit-and-wait, the ACS-delta and the ledger-effects lookups of ' +
      `its offset name the same updateId, and each event's offset is the transaction's (${LAPITT}/TransactionServiceCorrectnessIT.scala:274, :320; ` +
      `${LAPITT}/UpdateServiceQueryIT.scala:210, :289).`,
  ),
  submitAndWait(
    'canton.values.numeric-exact',
    'format',
    'A Numeric 10 written at its precision bounds (28 integer digits, 10 decimals) is read back exactly, with no ' +
      `rounding (Daml-LF Numeric is exact; ${LAPITT}/TransactionServiceArgumentsIT.scala:32).`,
  ),
  submitAndWait(
    'canton.values.numeric-unrepresentable-refused',
    'error',
    'A Numeric 10 with more than 10 decimals, or 29 integer digits, is refused with COMMAND_PREPROCESSING_FAILED (400) ' +
      `(${LAPITT}/CommandServiceIT.scala:630 CSBadNumericValues: "Cannot represent", "Out-of-bounds (Numeric 10)").`,
  ),
  submitAndWait(
    'canton.deduplication.act-as-set',
    'state',
    'The change id holds the set of act-as parties: the same user and command id with the same parties in another ' +
      `order is the same change, answered DUPLICATE_COMMAND (or SUBMISSION_ALREADY_IN_FLIGHT) (${LAPITT}/CommandDeduplicationIT.scala:337; ` +
      'ChangeId in community/ledger/ledger-common/src/main/scala/com/digitalasset/canton/ledger/participant/state/ChangeId.scala: actAs is a Set).',
  ),
  submitAndWait(
    'canton.deduplication.failed-submission-not-deduplicated',
    'state',
    'A rejected submission does not take its change id: its retry is rejected for the same reason again, never ' +
      'DUPLICATE_COMMAND, and once the reason is gone (the key it exercised now has a contract) its retry is accepted ' +
      `(${LAPITT}/CommandDeduplicationIT.scala:84 StopOnSubmissionFailure; ` +
      'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_3/ContractKeysCommandDeduplicationIT.scala:23 StopOnCompletionFailure).',
  ),
  submitAndWait(
    'canton.deduplication.concurrent-one-success',
    'state',
    'Concurrent submissions of one change id: exactly one succeeds, the others are DUPLICATE_COMMAND or ' +
      `SUBMISSION_ALREADY_IN_FLIGHT, and exactly one contract is created (${LAPITT}/CommandDeduplicationParallelIT.scala:47).`,
  ),
  submitAndWait(
    'canton.deduplication.negative-period-refused',
    'error',
    'A negative deduplication duration is INVALID_FIELD "Invalid field deduplication_period: Duration must be positive"; a ' +
      `negative deduplication offset is NEGATIVE_OFFSET (both 400) (${LAPITT}/CommandDeduplicationPeriodValidationIT.scala:46, :65; ` +
      `${VALIDATION}/DeduplicationPeriodValidator.scala:21).`,
  ),
  submitAndWait(
    'canton.commands.controller-authorizes',
    'auth',
    'A choice exercised by act-as parties that do not include its controller is DAML_AUTHORIZATION_ERROR (400), even for a ' +
      `signatory of the contract (${LAPITT}/SemanticTests.scala:333 SemanticAcceptOnBehalf; code in ` +
      'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/error/groups/CommandExecutionErrors.scala:413).',
  ),
  submitAndWait(
    'canton.commands.all-signatories-authorize',
    'auth',
    "A create needs the authority of every signatory: a template with two signatories (CantonExamples' GetCash: signatory " +
      'payer, owner) is created when both are in actAs, and its created event lists both; with one of them alone it is ' +
      `DAML_AUTHORIZATION_ERROR (400) (${LAPITT}/MultiPartySubmissionIT.scala:47 MPSCreateSuccess, :62).`,
  ),
  submitAndWait(
    'canton.commands.read-as-no-authority',
    'auth',
    'A party in readAs lends visibility, not authority: the controller in readAs only is still DAML_AUTHORIZATION_ERROR ' +
      `(${LAPITT}/MultiPartySubmissionIT.scala:159).`,
  ),
  submitAndWait(
    'canton.commands.double-spend-same-transaction',
    'state',
    'Two consuming exercises of one contract in one submission are refused with CONTRACT_NOT_ACTIVE (404) "Update failed due ' +
      `to fetch of an inactive contract" and nothing is committed (${LAPITT}/SemanticTests.scala:134; code ` +
      'CommandExecutionErrors.scala:319).',
  ),
  submitAndWait(
    'canton.commands.concurrent-consume-one-wins',
    'state',
    `Concurrent consuming exercises of one contract: exactly one succeeds, the others are refused (4xx) (${LAPITT}/SemanticTests.scala:89; ` +
      'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_3/RaceConditionIT.scala:57).',
  ),
  submitAndWait(
    'canton.commands.synchronizer-id-malformed',
    'error',
    'A synchronizerId that is no unique identifier (no "::" namespace) is INVALID_FIELD (400) naming synchronizer_id ' +
      `(${LAPITT}/CommandServiceIT.scala:370; FieldValidator.requireSynchronizerId).`,
  ),
  submitAndWait(
    'canton.commands.synchronizer-id-unknown',
    'error',
    'A well-formed synchronizerId the participant is not connected to is INVALID_PRESCRIBED_SYNCHRONIZER_ID (category 9, 400) ' +
      `(${LAPITT}/CommandSubmissionCompletionIT.scala:260; community/base/src/main/scala/com/digitalasset/canton/error/TransactionRoutingError.scala:64).`,
  ),
  submitAndWait(
    'canton.disclosure.blob-validated',
    'error',
    'A disclosed contract with an empty createdEventBlob is MISSING_FIELD (DisclosedContract.createdEventBlob); a blob that is ' +
      'no FatContractInstance is INVALID_ARGUMENT "Unable to decode disclosed contract event payload"; a blob of another ' +
      'contract than its contractId is INVALID_ARGUMENT "Mismatch between DisclosedContract.contract_id"; a superfluous ' +
      `valid disclosure, also twice, is accepted (${VALIDATION}/ValidateDisclosedContracts.scala:109; ${LAPITT}/ExplicitDisclosureIT.scala:87, :220, :319, :349).`,
  ),
  submitAndWait(
    'canton.disclosure.disclosed-contract-usable',
    'state',
    'A contract the submitting parties cannot see is CONTRACT_NOT_FOUND (404); the same submission with the contract as a ' +
      'disclosed contract (the createdEventBlob a stakeholder read) is accepted and commits the exercise, by a non-stakeholder ' +
      `controller (${LAPITT}/ExplicitDisclosureIT.scala:46 EDCorrectCreatedEventBlobDisclosure; disclosed contracts are looked up before ` +
      'the store: community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/apiserver/execution/' +
      'StoreBackedCommandInterpreter.scala:262-268; CantonExamples TrailingNone.ArchiveMe is controlled by its argument `anyone`).',
  ),
  submitAndWait(
    'canton.disclosure.archived-disclosed-refused',
    'state',
    'A disclosed contract that was archived cannot be used: the submission is refused 404 (LOCAL_VERDICT_INACTIVE_CONTRACTS, ' +
      'CONTRACT_NOT_FOUND or CONTRACT_NOT_ACTIVE; LAPITT asserts no code); of a consuming exercise by a stakeholder and one through disclosure racing for one contract, ' +
      'exactly one succeeds; an archived disclosed contract the submission does not use is accepted ' +
      `(${LAPITT}/ExplicitDisclosureIT.scala:87, :140, :173; routing skips disclosed contracts in ` +
      'community/participant/src/main/scala/com/digitalasset/canton/participant/protocol/submission/routing/ContractsSynchronizerData.scala:54, ' +
      'so the confirming participant rejects the inactive input: community/base/src/main/scala/com/digitalasset/canton/protocol/LocalRejectError.scala:108).',
  ),
  submitAndWait(
    'canton.disclosure.authentication-checked',
    'error',
    "A disclosed contract whose createdEventBlob carries another contract's authentication data (FatContractInstance field 8, " +
      "Canton's salt) is refused with a 4xx error body, though the genuine blob is accepted " +
      `(${LAPITT}/ExplicitDisclosureIT.scala:261 EDInconsistentDisclosedContract; the code is not asserted: LAPITT asserts none, ` +
      'and 3.5 defines DISCLOSED_CONTRACT_AUTHENTICATION_FAILED in community/base/src/main/scala/com/digitalasset/canton/error/' +
      'TransactionRoutingError.scala:172 without a caller, so the refusal may come from the confirmation protocol).',
  ),
  submitAndWait(
    'canton.deduplication.offset-period',
    'state',
    'A deduplication period given as an offset deduplicates against acceptances after that offset only: a retry with an offset ' +
      'before the first acceptance is DUPLICATE_COMMAND, a retry with the offset of that acceptance is accepted ' +
      `(${LAPITT}/CommandDeduplicationIT.scala:463 DeduplicateUsingOffsets; ` +
      'community/participant/src/main/scala/com/digitalasset/canton/participant/protocol/submission/CommandDeduplicator.scala:219: ' +
      'an acceptance at or before the offset is no duplicate).',
  ),
  lookup(
    'canton.commands.consuming-exercise-to-observers',
    'event',
    'A consuming exercise is shown in the ledger-effects shape to every observer of the contract, also one that is neither ' +
      `actor nor signatory, with the exercised contract's id (${LAPITT}/CommandServiceIT.scala:530 CSDiscloseExerciseToObservers; ` +
      'informees of a consuming exercise are the stakeholders and actors, Daml ledger model).',
  ),
  submitAndWait(
    'canton.commands.every-command-applied',
    'state',
    'A submission of 15 create commands is one transaction with the 15 creates, in command order ' +
      `(${LAPITT}/CommandServiceIT.scala:566 CSHugeCommandSubmission).`,
  ),
  submitAndWait(
    'canton.commands.assertion-failure',
    'error',
    'A choice whose Daml assert fails (CantonExamples Swap.Accept with another currency than desired) is refused 400 with ' +
      'DAML_FAILURE (its FailureStatus, category 9) or, for a model whose assert throws, UNHANDLED_EXCEPTION, the cause ' +
      'containing "Assertion failed"; DAML_FAILURE carries the exercise trace in its context (exercise_trace) ' +
      `(${LAPITT}/CommandServiceIT.scala:458 CSReturnStackTrace; code in community/ledger/ledger-api-core/src/main/scala/com/` +
      'digitalasset/canton/ledger/error/groups/CommandExecutionErrors.scala:851, :523).',
  ),
  submitAndWait(
    'canton.values.large-collections',
    'format',
    'A TextMap of 10 000 entries and a List of 10 000 items are accepted in a create argument and in a choice argument, and ' +
      'read back whole: the created contract, the choice argument of the exercise and the contract it creates carry every entry ' +
      `(${LAPITT}/LimitsIT.scala:14, :30, :47, :63). Needs the fixtures' optional templates.allTypes.`,
  ),
  submitAndWait(
    'canton.values.all-types-round-trip',
    'format',
    'Every Daml value type in a create argument and in a choice argument is read back as written: Int64 at its extremes and ' +
      'Numeric 10 as exact strings, Text, Bool, Date as YYYY-MM-DD, Timestamp to the microsecond, TextMap as an object, a ' +
      'variant as {tag, value}, List (also of 10 000 items), Optional and nested records; the choice argument of the exercise and the contract it ' +
      `creates carry the same values (${LAPITT}/TransactionServiceArgumentsIT.scala:32, :62, :105; community/app/src/test/scala/com/` +
      'digitalasset/canton/integration/tests/jsonapi/JsonV2Tests.scala:1710, :1747, :1784; encodings in ' +
      'community/transcode/codec-json/src/main/scala/com/digitalasset/transcode/codec/json/JsonCodec.scala). Needs the ' +
      "fixtures' optional templates.allTypes.",
  ),
  submitAndWait(
    'canton.values.variant-tag-refused',
    'error',
    'A variant value without a `tag` field, or with a tag its type does not declare, is 400 INVALID_ARGUMENT whose cause names ' +
      'the tag ("Variant type json must have \'tag\' and \'value\' fields.", "Unexpected variant tag: <tag>") ' +
      '(community/app/src/test/scala/com/digitalasset/canton/integration/tests/jsonapi/JsonErrorHandlingOfDamlVariantTest.scala:49, :64; ' +
      'JsonCodec.scala:79-93; community/ledger/ledger-json-api/src/main/scala/com/digitalasset/canton/http/json/v2/Endpoints.scala:386). ' +
      "Needs the fixtures' optional templates.allTypes.",
  ),
  lookup(
    'canton.values.record-field-order',
    'format',
    'A record is read back with its fields in declaration order, whatever order the request wrote them in, also in the ' +
      `contract a choice creates from it (${LAPITT}/TransactionServiceArgumentsIT.scala:136 TXNoReorder; JsonCodec.scala ` +
      'record encodes the fields of the type in their order).',
  ),
  interactive(
    'canton.interactive.external-transaction-hash',
    'resource',
    'An externally signed transaction, once committed, carries as externalTransactionHash the preparedTransactionHash its ' +
      'party signed (the same bytes, base64), for every reader; a locally submitted transaction carries none ' +
      `(${LAPITT}/InteractiveSubmissionServiceIT.scala:226, :249; ${LAPITT}/CommandServiceIT.scala:60; rendered unfiltered in ` +
      'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/store/dao/events/UpdateReader.scala:415).',
  ),
  interactive(
    'canton.interactive.execute-refusal-codes',
    'error',
    'execute refuses a signature over other bytes with FAILED_TO_EXECUTE_TRANSACTION (400) "Received 0 valid signatures from ' +
      'distinct keys", and signatures only by a party outside the prepared act-as with FAILED_TO_EXECUTE_TRANSACTION "The following ' +
      `actAs parties did not provide an external signature" (${LAPITT}/InteractiveSubmissionServiceIT.scala:283, :344; messages in ` +
      'community/base/src/main/scala/com/digitalasset/canton/crypto/InteractiveSubmission.scala:170, :262; code ' +
      'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/error/groups/CommandExecutionErrors.scala:70).',
  ),
  interactive(
    'canton.interactive.prepare-invisible-contract',
    'error',
    'prepare of an exercise on a contract the act-as and read-as parties cannot see is CONTRACT_NOT_FOUND (404) ' +
      `(${LAPITT}/InteractiveSubmissionServiceIT.scala:126).`,
  ),
  topValidators(
    'canton.scan.numbers.top-n',
    'resource',
    'top-validators-by-validator-faucets with limit N answers the top N by numRoundsCollected: its numRoundsCollected ' +
      'sequence is the first N of the answer to the largest limit (not any N validators, and ordered) (Splice ' +
      'getTopValidatorsByValidatorFaucets orders by rounds collected and takes the limit) (facts scan: splice-scan-api.md).',
  ),
  rewardsCollected(
    'canton.scan.numbers.rewards-round-boundary',
    'resource',
    'rewards-collected answers the latest aggregated round (round-of-latest-data) with 200 and the next round, latest + 1, ' +
      'with 404 "No data has been made available yet": ensureAggregated(round) fails exactly above the latest aggregated ' +
      'round (facts scan: splice-scan-api.md §5).',
  ),
  rewardsCollected(
    'canton.scan.numbers.total-is-sum-of-rounds',
    'resource',
    "rewards-collected without a round (the latest aggregated round's cumulative app + validator rewards) equals the sum " +
      "of the per-round amounts of every round up to the latest (each round's app + validator rewards) (facts scan: splice-scan-api.md §5).",
  ),
];
