/**
 * What Canton's battery checks with LAPITT's own Daml models and the suite checks with its own (daml/lf/semantics.lf,
 * limits.lf, provisioned as conformance-semantics and conformance-limits): choices of several actors, signatories and
 * observers chosen by a branch, a choice observer, a fetch of a contract created in the same transaction, a failing
 * assert of a model compiled for Daml-LF 2, and the size of a transaction (deep, wide, large). Canton 3.5 behaviour
 * (canton profile), each clause citing the LAPITT case it follows (branch 3.5-open-source-2026-06-10.13).
 */
import { cantonEndpointClauses, cantonGroup, citingFacts } from './define.js';

const LAPITT = 'community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_2';

const submitAndWait = cantonEndpointClauses('submit-and-wait', ['writes']);
const lookup = cantonEndpointClauses('update-by-offset', ['writes']);
// The spec has no section of prepare (a Canton endpoint): its clauses sit under execute's, as canton-interactive.ts does.
const prepare = citingFacts(
  cantonGroup({
    section: 'Endpoints > POST {base_url}/v2/interactive-submission/execute',
    endpoint: 'prepare',
    features: ['interactiveSubmission'],
  }),
);

export const suiteModelClauses = [
  submitAndWait(
    'canton.commands.multi-actor-choice',
    'auth',
    'A choice of several controllers needs the authority of every one of them: exercised in a choice body whose ' +
      'authorizers (its controllers and the signatories of its contract) include them all it is accepted, also when the ' +
      'controllers coincide, and the contract it creates has the arguments the body gave; exercised by one of them alone ' +
      'it is 400 DAML_AUTHORIZATION_ERROR, the cause naming "requires authorizers"; a choice whose controllers are the ' +
      'old and the new signatories of a contract needs all of them in actAs ' +
      `(${LAPITT}/TransactionServiceAuthorizationIT.scala:47, :78, :110; MultiPartySubmissionIT.scala:87, :107).`,
  ),
  submitAndWait(
    'canton.commands.failure-status',
    'error',
    "A failing Daml assert of a model compiled for Daml-LF 2 (the suite's FAIL_WITH_STATUS of AssertionFailed, as Daml's " +
      '`assert`) is 400 DAML_FAILURE, category 9 (INVALID_GIVEN_CURRENT_SYSTEM_STATE_OTHER), its cause containing ' +
      '"Assertion failed": a ledger time outside the bounds a choice asserts, and a multi-actor choice whose assert ' +
      `rejects the proposal it fetched (${LAPITT}/TransactionServiceExerciseIT.scala:132; ` +
      'TransactionServiceAuthorizationIT.scala:140; CommandExecutionErrors.scala:850 FailureStatus).',
  ),
  lookup(
    'canton.semantics.visibility.branching-stakeholders',
    'event',
    'Signatories and observers computed by a branch of the contract argument are those of the chosen branch only: a ' +
      "create whose signatory is chosen by a flag needs only that party's authority, shows the create arguments as " +
      'submitted, and is disclosed to the chosen party and not to the other; a contract whose observer is chosen so is ' +
      'disclosed to the chosen controller and not to the other ' +
      `(${LAPITT}/TransactionServiceAuthorizationIT.scala:28; TransactionServiceVisibilityIT.scala:659, :690, :733).`,
  ),
  lookup(
    'canton.commands.fetch-created-in-transaction',
    'event',
    'A choice may fetch a contract it created earlier in the same transaction: the transaction is accepted, and its ' +
      'ACS delta shows exactly the one create and the archive of the contract exercised ' +
      `(${LAPITT}/TransactionServiceExerciseIT.scala:106).`,
  ),
  lookup(
    'canton.disclosure.witnessed-contract-usable',
    'event',
    "A choice's observer witnesses what the choice creates: its ledger-effects view shows the created contract with a " +
      'createdEventBlob, and, given as a disclosed contract, it lets the witness exercise a choice it controls on that ' +
      `contract although it is no stakeholder (${LAPITT}/ExplicitDisclosureIT.scala:389 EDDiscloseeUsesWitnessedContract).`,
  ),
  submitAndWait(
    'canton.limits.transaction-size',
    'limit',
    'A transaction of a long chain of exercises (depth 100), of many sibling exercises (12 500) or a balanced binary ' +
      'tree of exercises (depth 12: 8 191 exercises) is accepted, each exercise its own node: the ledger-effects view ' +
      'of the deep one shows every exercise nested in the one before, and its root exercise returns the number of ' +
      `exercises (${LAPITT}/LimitsIT.scala:78, :91, :102).`,
  ),
  prepare(
    'canton.limits.prepared-transaction-size',
    'limit',
    'An external party may prepare a transaction of a long chain of exercises (depth 100), of many sibling exercises ' +
      '(12 000) or a balanced binary tree (depth 8): prepare answers 200 with a prepared transaction holding every ' +
      `exercise as its own node (${LAPITT}/LimitsIT.scala:113, :132, :147).`,
  ),
];
