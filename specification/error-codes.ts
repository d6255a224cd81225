/**
 * The error taxonomy of Canton 3.5 as data: every error code this tool meets, with its category, and per
 * category the gRPC code, the HTTP status the JSON API answers with and whether a client may retry.
 *
 * Read from the Canton source, branch 3.5-open-source-2026-06-10.13: the categories from
 * `base/errors/src/main/scala/com/digitalasset/base/error/ErrorCategory.scala` (grpcCode, retryable, redactDetails,
 * asInt), the HTTP status from the JSON API's gRPC→HTTP mapping (GrpcHttpErrorCodes.asPekkoHttp), each code from
 * the `ErrorCode(id = ..., ErrorCategory.X)` that defines it (file and line below; `LE/` stands for
 * `community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/error/`, `CB/` for
 * `community/base/src/main/scala/com/digitalasset/canton/`, `CP/` for
 * `community/participant/src/main/scala/com/digitalasset/canton/participant/`).
 *
 * The JSON body of an error (JsSchema.scala:360 `JsCantonError.fromErrorCode`, :377 `fromDecodedCantonError`)
 * takes errorCategory, grpcCodeValue and retryInfo from the code's category, so all three follow from the code.
 * Left out on purpose: DAML_FAILURE (CommandExecutionErrors.scala:851), whose category the Daml code chooses
 * (`failWithStatus`), and the redacted categories' codes, which a body never names (it reads `NA`, category -1).
 */

export interface CantonErrorCategory {
  /** `asInt`, the body's errorCategory. */
  id: number;
  name: string;
  /** The gRPC status code (the body's grpcCodeValue). */
  grpcCode: number;
  /** The HTTP status the JSON API answers with. */
  httpStatus: number;
  /** `retryable` is set: the body carries a retryInfo. */
  retryable: boolean;
  /** `redactDetails`: the JSON body is the redacted `NA` body. */
  redacted: boolean;
}

const category = (
  id: number,
  name: string,
  grpcCode: number,
  httpStatus: number,
  retryable: boolean,
  redacted: boolean,
): CantonErrorCategory => Object.freeze({ id, name, grpcCode, httpStatus, retryable, redacted });

/** ErrorCategory.scala (3.5): lines 85, 107, 133, 154, 196, 217, 238, 257, 284, 304, 324, 352, 385. */
export const cantonErrorCategories = Object.freeze({
  TransientServerFailure: category(1, 'TransientServerFailure', 14, 503, true, false),
  ContentionOnSharedResources: category(2, 'ContentionOnSharedResources', 10, 409, true, false),
  DeadlineExceededRequestStateUnknown: category(3, 'DeadlineExceededRequestStateUnknown', 4, 504, true, false),
  SystemInternalAssumptionViolated: category(4, 'SystemInternalAssumptionViolated', 13, 500, false, true),
  SecurityAlert: category(5, 'SecurityAlert', 3, 400, false, true),
  AuthInterceptorInvalidAuthenticationCredentials: category(6, 'AuthInterceptorInvalidAuthenticationCredentials', 16, 401, false, true),
  InsufficientPermission: category(7, 'InsufficientPermission', 7, 403, false, true),
  InvalidIndependentOfSystemState: category(8, 'InvalidIndependentOfSystemState', 3, 400, false, false),
  InvalidGivenCurrentSystemStateOther: category(9, 'InvalidGivenCurrentSystemStateOther', 9, 400, false, false),
  InvalidGivenCurrentSystemStateResourceExists: category(10, 'InvalidGivenCurrentSystemStateResourceExists', 6, 409, false, false),
  InvalidGivenCurrentSystemStateResourceMissing: category(11, 'InvalidGivenCurrentSystemStateResourceMissing', 5, 404, false, false),
  InvalidGivenCurrentSystemStateSeekAfterEnd: category(12, 'InvalidGivenCurrentSystemStateSeekAfterEnd', 11, 400, true, false),
  InternalUnsupportedOperation: category(14, 'InternalUnsupportedOperation', 12, 501, false, true),
});

export type CantonErrorCategoryName = keyof typeof cantonErrorCategories;

export interface CantonErrorCode {
  category: CantonErrorCategory;
  /** Where the code is defined in the Canton 3.5 source (abbreviations in the file header). */
  source: string;
}

const entry = (name: CantonErrorCategoryName, source: string): CantonErrorCode =>
  Object.freeze({ category: cantonErrorCategories[name], source });

/** The codes this tool meets on the participant's JSON Ledger API, each with the category Canton 3.5 defines it in. */
export const cantonErrorCodes: Readonly<Record<string, CantonErrorCode>> = Object.freeze({
  UPDATE_NOT_FOUND: entry('InvalidGivenCurrentSystemStateResourceMissing', 'LE/groups/RequestValidationErrors.scala:69'),
  NON_POSITIVE_OFFSET: entry('InvalidIndependentOfSystemState', 'LE/groups/RequestValidationErrors.scala:516'),
  OFFSET_AFTER_LEDGER_END: entry('InvalidGivenCurrentSystemStateSeekAfterEnd', 'LE/groups/RequestValidationErrors.scala:290'),
  INVALID_ARGUMENT: entry('InvalidIndependentOfSystemState', 'LE/groups/RequestValidationErrors.scala:357'),
  INVALID_FIELD: entry('InvalidIndependentOfSystemState', 'LE/groups/RequestValidationErrors.scala:412'),
  MISSING_FIELD: entry('InvalidIndependentOfSystemState', 'LE/groups/RequestValidationErrors.scala:320'),
  TEMPLATES_OR_INTERFACES_NOT_FOUND: entry('InvalidGivenCurrentSystemStateResourceMissing', 'LE/groups/RequestValidationErrors.scala:142'),
  PACKAGE_NAMES_NOT_FOUND: entry('InvalidGivenCurrentSystemStateResourceMissing', 'LE/groups/RequestValidationErrors.scala:185'),
  PACKAGE_NOT_FOUND: entry('InvalidGivenCurrentSystemStateResourceMissing', 'LE/groups/RequestValidationErrors.scala:38'),
  NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME: entry(
    'InvalidGivenCurrentSystemStateResourceMissing',
    'LE/groups/RequestValidationErrors.scala:205',
  ),
  DUPLICATE_COMMAND: entry('InvalidGivenCurrentSystemStateResourceExists', 'LE/groups/ConsistencyErrors.scala:32'),
  SUBMISSION_ALREADY_IN_FLIGHT: entry('ContentionOnSharedResources', 'LE/groups/ConsistencyErrors.scala:184'),
  CONTRACT_NOT_FOUND: entry('InvalidGivenCurrentSystemStateResourceMissing', 'LE/groups/ConsistencyErrors.scala:81'),
  CONTRACT_NOT_ACTIVE: entry('InvalidGivenCurrentSystemStateResourceMissing', 'LE/groups/CommandExecutionErrors.scala:319'),
  DUPLICATE_CONTRACT_KEY: entry('InvalidGivenCurrentSystemStateResourceExists', 'LE/groups/ConsistencyErrors.scala:142'),
  CONTRACT_KEY_NOT_FOUND: entry('InvalidGivenCurrentSystemStateResourceMissing', 'LE/groups/CommandExecutionErrors.scala:360'),
  UNKNOWN_INFORMEES: entry('InvalidGivenCurrentSystemStateResourceMissing', 'CB/error/TransactionRoutingError.scala:247'),
  UNKNOWN_SUBMITTERS: entry('InvalidGivenCurrentSystemStateResourceMissing', 'CB/error/TransactionRoutingError.scala:226'),
  INVALID_DEDUPLICATION_PERIOD: entry('InvalidGivenCurrentSystemStateOther', 'LE/groups/RequestValidationErrors.scala:493'),
  NEGATIVE_OFFSET: entry('InvalidIndependentOfSystemState', 'LE/groups/RequestValidationErrors.scala:534'),
  INVALID_PRESCRIBED_SYNCHRONIZER_ID: entry('InvalidGivenCurrentSystemStateOther', 'CB/error/TransactionRoutingError.scala:64'),
  NO_SYNCHRONIZER_FOR_SUBMISSION: entry('InvalidGivenCurrentSystemStateOther', 'CB/error/TransactionRoutingError.scala:340'),
  NOT_CONNECTED_TO_ANY_SYNCHRONIZER: entry('InvalidGivenCurrentSystemStateOther', 'CP/sync/SyncServiceError.scala:64'),
  DISCLOSED_CONTRACT_AUTHENTICATION_FAILED: entry('InvalidIndependentOfSystemState', 'CB/error/TransactionRoutingError.scala:173'),
  DAML_INTERPRETATION_ERROR: entry('InvalidGivenCurrentSystemStateOther', 'LE/groups/CommandExecutionErrors.scala:284'),
  WRONGLY_TYPED_CONTRACT: entry('InvalidGivenCurrentSystemStateOther', 'LE/groups/CommandExecutionErrors.scala:668'),
  UNHANDLED_EXCEPTION: entry('InvalidGivenCurrentSystemStateOther', 'LE/groups/CommandExecutionErrors.scala:523'),
  TEMPLATE_PRECONDITION_VIOLATED: entry('InvalidIndependentOfSystemState', 'LE/groups/CommandExecutionErrors.scala:584'),
  INTERPRETATION_UPGRADE_ERROR_TRANSLATION_FAILED: entry('InvalidIndependentOfSystemState', 'LE/groups/CommandExecutionErrors.scala:951'),
  CONTRACT_DOES_NOT_IMPLEMENT_INTERFACE: entry('InvalidIndependentOfSystemState', 'LE/groups/CommandExecutionErrors.scala:698'),
  COMMAND_PREPROCESSING_FAILED: entry('InvalidIndependentOfSystemState', 'LE/groups/CommandExecutionErrors.scala:263'),
  DAML_AUTHORIZATION_ERROR: entry('InvalidIndependentOfSystemState', 'LE/groups/CommandExecutionErrors.scala:413'),
  VALUE_NESTING: entry('InvalidIndependentOfSystemState', 'LE/groups/CommandExecutionErrors.scala:825'),
  INTERPRETATION_DEV_ERROR: entry('InvalidGivenCurrentSystemStateOther', 'LE/groups/CommandExecutionErrors.scala:1093'),
  ALLOWED_LANGUAGE_VERSIONS: entry('InvalidIndependentOfSystemState', 'LE/groups/CommandExecutionErrors.scala:214'),
  FAILED_TO_PREPARE_TRANSACTION: entry('InvalidIndependentOfSystemState', 'LE/groups/CommandExecutionErrors.scala:90'),
  FAILED_TO_EXECUTE_TRANSACTION: entry('InvalidIndependentOfSystemState', 'LE/groups/CommandExecutionErrors.scala:71'),
  USER_NOT_FOUND: entry('InvalidGivenCurrentSystemStateResourceMissing', 'LE/groups/UserManagementServiceErrors.scala:95'),
  USER_ALREADY_EXISTS: entry('InvalidGivenCurrentSystemStateResourceExists', 'LE/groups/UserManagementServiceErrors.scala:138'),
  CONCURRENT_USER_UPDATE_DETECTED: entry('ContentionOnSharedResources', 'LE/groups/UserManagementServiceErrors.scala:74'),
  MAX_USER_ANNOTATIONS_SIZE_EXCEEDED: entry('InvalidGivenCurrentSystemStateOther', 'LE/groups/UserManagementServiceErrors.scala:49'),
  INVALID_USER_UPDATE_REQUEST: entry('InvalidIndependentOfSystemState', 'LE/groups/UserManagementServiceErrors.scala:26'),
  TOO_MANY_USER_RIGHTS: entry('InvalidGivenCurrentSystemStateOther', 'LE/groups/UserManagementServiceErrors.scala:162'),
  PARTY_NOT_FOUND: entry('InvalidGivenCurrentSystemStateResourceMissing', 'LE/groups/PartyManagementServiceErrors.scala:95'),
  INVALID_TOKEN: entry('InvalidIndependentOfSystemState', 'CB/auth/AuthorizationChecksErrors.scala:120'),
  INVALID_DAR: entry('InvalidIndependentOfSystemState', 'LE/PackageServiceErrors.scala:50'),
  INVALID_ZIP_ENTRY: entry('InvalidIndependentOfSystemState', 'LE/PackageServiceErrors.scala:85'),
  DAR_PARSE_ERROR: entry('InvalidIndependentOfSystemState', 'LE/PackageServiceErrors.scala:131'),
  DAR_VALIDATION_ERROR: entry('InvalidIndependentOfSystemState', 'LE/PackageServiceErrors.scala:241'),
  ZIP_BOMB: entry('InvalidIndependentOfSystemState', 'LE/PackageServiceErrors.scala:117'),
  KNOWN_PACKAGE_VERSION: entry('InvalidIndependentOfSystemState', 'CB/topology/TopologyManagerError.scala:1276'),
  NOT_VALID_UPGRADE_PACKAGE: entry('InvalidIndependentOfSystemState', 'CB/topology/TopologyManagerError.scala:1235'),
  PACKAGE_SERVICE_NOT_CONNECTED_TO_SYNCHRONIZER: entry(
    'InvalidGivenCurrentSystemStateOther',
    'CP/admin/CantonPackageServiceError.scala:187',
  ),
  PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER: entry(
    'InvalidGivenCurrentSystemStateOther',
    'CP/admin/CantonPackageServiceError.scala:204',
  ),
  PROTO_DESERIALIZATION_FAILURE: entry('InvalidIndependentOfSystemState', 'CB/ProtoDeserializationError.scala:97'),
  SERVICE_NOT_RUNNING: entry('TransientServerFailure', 'LE/CommonErrors.scala:87'),
  PARTICIPANT_BACKPRESSURE: entry('ContentionOnSharedResources', 'LE/LedgerApiErrors.scala:62'),
  SEQUENCER_BACKPRESSURE: entry('ContentionOnSharedResources', 'CP/protocol/TransactionProcessor.scala:348'),
  LOCAL_VERDICT_LOCKED_CONTRACTS: entry('ContentionOnSharedResources', 'CB/protocol/LocalRejectError.scala:91'),
  LOCAL_VERDICT_INACTIVE_CONTRACTS: entry('InvalidGivenCurrentSystemStateResourceMissing', 'CB/protocol/LocalRejectError.scala:108'),
});

/** The taxonomy entry of a code, or undefined for a code this table does not know. */
export function cantonErrorCode(code: string): CantonErrorCode | undefined {
  return Object.hasOwn(cantonErrorCodes, code) ? cantonErrorCodes[code] : undefined;
}
