/**
 * External signing under attack, and what prepare and executeAndWait promise (issue 18, point 3), as Canton 3.5
 * does it (canton profile). Each clause cites the Canton source (branch 3.5-open-source-2026-06-10.13) that decides
 * it and the InteractiveSubmissionServiceIT case it follows (facts canton: lapitt-coverage.md).
 */
import { cantonGroup } from './define.js';

const LAPITT = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_2/InteractiveSubmissionServiceIT.scala';
const INTERACTIVE =
  'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/apiserver/services/command/interactive';
const VALIDATION = 'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/api/validation';
const CODE = 'community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/error/groups/CommandExecutionErrors.scala:70';

const prepare = cantonGroup({
  section: 'Endpoints > POST {base_url}/v2/interactive-submission/execute',
  endpoint: 'execute',
  features: ['interactiveSubmission', 'writes'],
});
const execute = prepare;

export const cantonExternalSigningClauses = [
  prepare(
    'canton.interactive.prepare-cost-estimation',
    'resource',
    'A prepare answer carries a costEstimation (estimationTimestamp and the confirmation request, response and total ' +
      'traffic cost estimations) by default, and none (null or absent) when the request sets estimateTrafficCost.disabled ' +
      `(${LAPITT}:58, :78; ${INTERACTIVE}/InteractiveSubmissionServiceImpl.scala:253 estimates only when hints are given; ` +
      `${INTERACTIVE}/CostEstimationHints.scala:22 gives none when disabled; ${VALIDATION}/SubmitRequestValidator.scala:71 defaults ` +
      'to estimating) (facts canton: lapitt-coverage.md).',
  ),
  prepare(
    'canton.interactive.prepare-reflects-synchronizer',
    'resource',
    'The metadata of the prepared transaction names the synchronizer the prepare requested: its synchronizerId, read as a ' +
      'logical or physical synchronizer id, has the requested logical id ' +
      `(${LAPITT}:151; ${INTERACTIVE}/codec/PreparedTransactionEncoder.scala:364) (facts canton: lapitt-coverage.md).`,
  ),
  prepare(
    'canton.interactive.prepare-lists-input-contracts',
    'resource',
    'A prepared exercise of a ledger contract lists that contract in metadata.inputContracts (by its contract id), and ' +
      'the prepared transaction, signed and executed, commits the exercise with the signed hash as externalTransactionHash ' +
      `(${LAPITT}:99, :368; ${INTERACTIVE}/codec/PreparedTransactionEncoder.scala:348 writes the input contracts; ` +
      `${INTERACTIVE}/codec/ExternalTransactionProcessor.scala:321 executes them as disclosed contracts) (facts canton: lapitt-coverage.md).`,
  ),
  execute(
    'canton.interactive.execute-missing-input-contracts',
    'error',
    'A prepared transaction whose metadata.inputContracts lost a contract its transaction uses is refused by execute, ' +
      'before any signature is checked, with FAILED_TO_EXECUTE_TRANSACTION (400), its cause naming "Missing input contracts"; ' +
      `it is never committed (${LAPITT}:399; ${INTERACTIVE}/codec/PreparedTransactionDecoder.scala:560-568 in decode, which ` +
      `${INTERACTIVE}/codec/ExternalTransactionProcessor.scala:280-308 runs before verifySignature; code ${CODE}) (facts canton: lapitt-coverage.md).`,
  ),
  execute(
    'canton.interactive.execute-tampered-metadata-refused',
    'error',
    "A prepared transaction whose metadata was edited after signing (its submitter info's command id, its preparation " +
      'time, a minimum ledger effective time) hashes differently from what the party signed: execute refuses it with FAILED_TO_EXECUTE_TRANSACTION (400), ' +
      'its cause "Received 0 valid signatures from distinct keys"; it is never committed, while the untouched twin is ' +
      `(community/base/src/main/scala/com/digitalasset/canton/crypto/InteractiveSubmission.scala:60-85 hashes these fields, :259-264; ` +
      `${INTERACTIVE}/codec/EnrichedTransactionData.scala:160-218 recomputes the hash of what it receives; code ${CODE}) ` +
      '(facts canton: lapitt-coverage.md).',
  ),
  execute(
    'canton.interactive.execute-synchronizer-validated',
    'error',
    'A prepared transaction whose metadata.synchronizerId is no synchronizer id is refused by execute and executeAndWait ' +
      'with INVALID_FIELD (400) naming synchronizer_id; one changed to a well-formed synchronizer the participant is not ' +
      'connected to is refused with FAILED_TO_EXECUTE_TRANSACTION (400) (its cause "Cannot find a physical synchronizer", ' +
      `or, were it connected, the signatures over the original hash not verifying) (${LAPITT}:632; ` +
      `${VALIDATION}/SubmitRequestValidator.scala:148-152, :171-179; ${INTERACTIVE}/codec/EnrichedTransactionData.scala:171-180) ` +
      '(facts canton: lapitt-coverage.md).',
  ),
  execute(
    'canton.interactive.execute-and-wait-refusals',
    'error',
    'executeAndWait refuses a corrupted signature with FAILED_TO_EXECUTE_TRANSACTION (400) "Received 0 valid signatures from ' +
      'distinct keys", and a second executeAndWait of a change id already committed with DUPLICATE_COMMAND (409; ' +
      'SUBMISSION_ALREADY_IN_FLIGHT, 409, while the first is still in flight); neither commits anything ' +
      `(${LAPITT}:314, :461; ${INTERACTIVE}/InteractiveSubmissionServiceImpl.scala:394-440 tracks the completion) (facts canton: lapitt-coverage.md).`,
  ),
];
