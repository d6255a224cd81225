/**
 * The check registry: every check name with its one-line description and the functions that implement it.
 * A test calls the functions of a check itself; the response-level checks (`response-checks.ts`) are applied by
 * the harness to every exchange a test records. A test's checks are what ran on it (hand-called and applied);
 * `run --checks/--exclude-checks` switch them (`harness/library/check-selection.ts`).
 * `satisfies Record<CheckName, ...>` makes `tsc` reject a registry that misses a check or names one that
 * does not exist.
 */
import { authEnforcement } from './auth.js';
import {
  acceptedAsWellFormed,
  acceptedWith,
  contentTypeConformance,
  exactContentType,
  expectContentType,
  notAServerError,
  positiveDataAcceptance,
  statusCodeConformance,
  statusInRange,
  statusOrConnectionReset,
} from './basic.js';
import { specConflict } from './conflict.js';
import {
  definiteAnswerConformance,
  duplicateCommandDetails,
  errorBodyConformance,
  expectError,
  expectErrorCode,
  redactedErrorDetails,
  scanErrorBodyConformance,
  updateNotFoundDetails,
} from './error-body.js';
import { CHECK_DESCRIPTIONS, CHECK_NAMES, type CheckName } from './names.js';
import { preparedTransactionIntegrity } from './prepared-transaction.js';
import { httpTransportAssertion } from './http-transport.js';
import { negativeDataRejection } from './rejection.js';
import {
  circePrettyErrorBody,
  expectScanError,
  scanControlAccepted,
  scanErrorAnswer,
  scanErrorMessage,
  scanRejection,
  scanResponseSchemaConformance,
} from './scan.js';
import { RESPONSE_CHECKS, type ResponseCheck } from './response-checks.js';
import { MODEL_CHECKS, type ModelCheck } from './ledger-model.js';
import { answerBody, responseSchemaConformance } from './schema.js';
import {
  agreesWithModel,
  allDistinct,
  eventSetsEqual,
  offsetAfter,
  offsetsStrictlyIncreasing,
  readMatchesWrite,
  sameUpdateAtOffset,
  subsetOf,
  writeVisible,
} from './stateful.js';
import { expectCount, expectOneOf, expectOrdered, expectText, expectValue, expectValueMatches } from './values.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type CheckFunctions = Record<string, Function>;

const implementations = {
  not_a_server_error: { notAServerError },
  status_code_conformance: { statusCodeConformance, statusInRange, statusOrConnectionReset },
  content_type_conformance: { contentTypeConformance, exactContentType, expectContentType },
  response_schema_conformance: { responseSchemaConformance, scanResponseSchemaConformance, answerBody },
  error_body_conformance: {
    errorBodyConformance,
    expectError,
    expectErrorCode,
    redactedErrorDetails,
    updateNotFoundDetails,
    duplicateCommandDetails,
    definiteAnswerConformance,
    scanErrorBodyConformance,
    scanErrorAnswer,
    expectScanError,
    scanErrorMessage,
    circePrettyErrorBody,
  },
  negative_data_rejection: { negativeDataRejection, scanRejection, scanControlAccepted },
  positive_data_acceptance: { positiveDataAcceptance, acceptedWith, acceptedAsWellFormed },
  auth_enforcement: { authEnforcement },
  stateful_consistency: {
    sameUpdateAtOffset,
    offsetsStrictlyIncreasing,
    offsetAfter,
    allDistinct,
    eventSetsEqual,
    subsetOf,
    readMatchesWrite,
    writeVisible,
    agreesWithModel,
  },
  response_value_conformance: { expectValue, expectValueMatches, expectOneOf, expectCount, expectOrdered, expectText },
  prepared_transaction_integrity: { preparedTransactionIntegrity },
  http_transport: { httpTransportAssertion },
  spec_conflict: { specConflict },
} satisfies Record<CheckName, CheckFunctions>;

export interface RegisteredCheck {
  name: CheckName;
  description: string;
  /** The functions a test calls itself (its own semantic assertions). */
  functions: CheckFunctions;
  /** The response-level checks the harness applies under this name to every exchange a test records. */
  responseChecks: readonly ResponseCheck[];
  /** The model checks the harness applies under this name to every exchange (checks/ledger-model.ts). */
  modelChecks: readonly ModelCheck[];
}

export const checkRegistry: Readonly<Record<CheckName, RegisteredCheck>> = Object.fromEntries(
  CHECK_NAMES.map((name): [CheckName, RegisteredCheck] => [
    name,
    {
      name,
      description: CHECK_DESCRIPTIONS[name],
      functions: implementations[name] as CheckFunctions,
      responseChecks: RESPONSE_CHECKS.filter((entry) => entry.check === name),
      modelChecks: MODEL_CHECKS.filter((entry) => entry.check === name),
    },
  ]),
) as Record<CheckName, RegisteredCheck>;

export { CHECK_NAMES, type CheckName } from './names.js';
