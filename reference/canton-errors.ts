/**
 * Canton's error model, as the reference target answers it.
 *
 * An error has a code and a category; the category decides the gRPC code and so the HTTP status
 * (GrpcHttpErrorCodes.asPekkoHttp). Categories 4, 5, 6, 7 and 14 are security-sensitive: Canton redacts
 * them, and the JSON body then reads `code: "NA"`, `errorCategory: -1`.
 */
import { UniqueHexIds } from './unique-ids.js';

export interface ErrorCategory {
  id: number;
  grpcCode: number;
  httpStatus: number;
  redacted: boolean;
  retryable: boolean;
}

const category = (id: number, grpcCode: number, httpStatus: number, redacted = false, retryable = false): ErrorCategory => ({
  id,
  grpcCode,
  httpStatus,
  redacted,
  retryable,
});

export const ErrorCategories = {
  TransientServerFailure: category(1, 14, 503, false, true),
  ContentionOnSharedResources: category(2, 10, 409, false, true),
  DeadlineExceededRequestStateUnknown: category(3, 4, 504, false, true),
  SystemInternalAssumptionViolated: category(4, 13, 500, true),
  SecurityAlert: category(5, 3, 400, true),
  AuthInterceptorInvalidAuthenticationCredentials: category(6, 16, 401, true),
  InsufficientPermission: category(7, 7, 403, true),
  InvalidIndependentOfSystemState: category(8, 3, 400),
  InvalidGivenCurrentSystemStateOther: category(9, 9, 400),
  InvalidGivenCurrentSystemStateResourceExists: category(10, 6, 409),
  InvalidGivenCurrentSystemStateResourceMissing: category(11, 5, 404),
  InvalidGivenCurrentSystemStateSeekAfterEnd: category(12, 11, 400, false, true),
  InternalUnsupportedOperation: category(14, 12, 501, true),
} as const satisfies Record<string, ErrorCategory>;

/** The error codes the reference raises, each with its category. */
export const ErrorCodes = {
  UPDATE_NOT_FOUND: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  NON_POSITIVE_OFFSET: ErrorCategories.InvalidIndependentOfSystemState,
  OFFSET_AFTER_LEDGER_END: ErrorCategories.InvalidGivenCurrentSystemStateSeekAfterEnd,
  INVALID_ARGUMENT: ErrorCategories.InvalidIndependentOfSystemState,
  INVALID_FIELD: ErrorCategories.InvalidIndependentOfSystemState,
  MISSING_FIELD: ErrorCategories.InvalidIndependentOfSystemState,
  TEMPLATES_OR_INTERFACES_NOT_FOUND: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  PACKAGE_NAMES_NOT_FOUND: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  NO_INTERFACE_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  PACKAGE_NOT_FOUND: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  DUPLICATE_COMMAND: ErrorCategories.InvalidGivenCurrentSystemStateResourceExists,
  SUBMISSION_ALREADY_IN_FLIGHT: ErrorCategories.ContentionOnSharedResources,
  CONTRACT_NOT_FOUND: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  CONTRACT_NOT_ACTIVE: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  LOCAL_VERDICT_INACTIVE_CONTRACTS: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  DISCLOSED_CONTRACT_AUTHENTICATION_FAILED: ErrorCategories.InvalidIndependentOfSystemState,
  DUPLICATE_CONTRACT_KEY: ErrorCategories.InvalidGivenCurrentSystemStateResourceExists,
  CONTRACT_KEY_NOT_FOUND: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  UNKNOWN_INFORMEES: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  INVALID_DEDUPLICATION_PERIOD: ErrorCategories.InvalidGivenCurrentSystemStateOther,
  DAML_INTERPRETATION_ERROR: ErrorCategories.InvalidGivenCurrentSystemStateOther,
  WRONGLY_TYPED_CONTRACT: ErrorCategories.InvalidGivenCurrentSystemStateOther,
  UNHANDLED_EXCEPTION: ErrorCategories.InvalidGivenCurrentSystemStateOther,
  // Its category is the one the Daml code's FailureStatus names; Daml's assert names InvalidGivenCurrentSystemStateOther.
  DAML_FAILURE: ErrorCategories.InvalidGivenCurrentSystemStateOther,
  TEMPLATE_PRECONDITION_VIOLATED: ErrorCategories.InvalidIndependentOfSystemState,
  // A contract that cannot be read as the template version the command names (Canton's Upgrade.TranslationFailed).
  INTERPRETATION_UPGRADE_ERROR_TRANSLATION_FAILED: ErrorCategories.InvalidIndependentOfSystemState,
  CONTRACT_DOES_NOT_IMPLEMENT_INTERFACE: ErrorCategories.InvalidIndependentOfSystemState,
  COMMAND_PREPROCESSING_FAILED: ErrorCategories.InvalidIndependentOfSystemState,
  VALUE_NESTING: ErrorCategories.InvalidIndependentOfSystemState,
  DAML_AUTHORIZATION_ERROR: ErrorCategories.InvalidIndependentOfSystemState,
  USER_NOT_FOUND: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  USER_ALREADY_EXISTS: ErrorCategories.InvalidGivenCurrentSystemStateResourceExists,
  CONCURRENT_USER_UPDATE_DETECTED: ErrorCategories.ContentionOnSharedResources,
  MAX_USER_ANNOTATIONS_SIZE_EXCEEDED: ErrorCategories.InvalidGivenCurrentSystemStateOther,
  INVALID_USER_UPDATE_REQUEST: ErrorCategories.InvalidIndependentOfSystemState,
  TOO_MANY_USER_RIGHTS: ErrorCategories.InvalidGivenCurrentSystemStateOther,
  INVALID_PARTY_UPDATE_REQUEST: ErrorCategories.InvalidIndependentOfSystemState,
  PARTY_NOT_FOUND: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  PERMISSION_DENIED: ErrorCategories.InsufficientPermission,
  UNAUTHENTICATED: ErrorCategories.AuthInterceptorInvalidAuthenticationCredentials,
  INVALID_TOKEN: ErrorCategories.InvalidIndependentOfSystemState,
  INVALID_DAR: ErrorCategories.InvalidIndependentOfSystemState,
  INVALID_ZIP_ENTRY: ErrorCategories.InvalidIndependentOfSystemState,
  DAR_PARSE_ERROR: ErrorCategories.InvalidIndependentOfSystemState,
  DAR_VALIDATION_ERROR: ErrorCategories.InvalidIndependentOfSystemState,
  KNOWN_PACKAGE_VERSION: ErrorCategories.InvalidIndependentOfSystemState,
  NOT_VALID_UPGRADE_PACKAGE: ErrorCategories.InvalidIndependentOfSystemState,
  PACKAGE_SERVICE_NOT_CONNECTED_TO_SYNCHRONIZER: ErrorCategories.InvalidGivenCurrentSystemStateOther,
  PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER: ErrorCategories.InvalidGivenCurrentSystemStateOther,
  PROTO_DESERIALIZATION_FAILURE: ErrorCategories.InvalidIndependentOfSystemState,
  LEDGER_API_INTERNAL_ERROR: ErrorCategories.SystemInternalAssumptionViolated,
  SERVICE_NOT_RUNNING: ErrorCategories.TransientServerFailure,
  ALLOWED_LANGUAGE_VERSIONS: ErrorCategories.InvalidIndependentOfSystemState,
  ZIP_BOMB: ErrorCategories.InvalidIndependentOfSystemState,
  FAILED_TO_PREPARE_TRANSACTION: ErrorCategories.InvalidIndependentOfSystemState,
  FAILED_TO_EXECUTE_TRANSACTION: ErrorCategories.InvalidIndependentOfSystemState,
  TRAFFIC_ACCOUNT_NOT_FOUND: ErrorCategories.InvalidGivenCurrentSystemStateResourceMissing,
  NEGATIVE_OFFSET: ErrorCategories.InvalidIndependentOfSystemState,
  INVALID_PRESCRIBED_SYNCHRONIZER_ID: ErrorCategories.InvalidGivenCurrentSystemStateOther,
} as const satisfies Record<string, ErrorCategory>;

export type ErrorCode = keyof typeof ErrorCodes;

export interface LedgerErrorDetails {
  context?: Record<string, string>;
  resources?: [string, string][];
  /** Extra JSON-body context for redacted errors (e.g. `{ledger_api_error: "invalid token"}`). */
  redactedContext?: Record<string, string>;
  /** JSON-layer errors carry `definiteAnswer: false`; gRPC-path errors carry null. */
  fromJsonLayer?: boolean;
  /**
   * The error's correlation id: a submission's errors carry its submission id (Canton 3.5
   * CommandSubmissionServiceImpl.scala:112-117, ErrorLoggingContext.fromOption; facts verified-against-real §8 R1).
   */
  correlationId?: string;
  /** The error is a definite answer (`context.definite_answer: "true"`), e.g. DuplicateCommandReject (facts §8 R2). */
  definiteAnswer?: boolean;
}

/** A Canton error raised by a handler; the server renders it as a JsCantonError body. */
export class LedgerApiError extends Error {
  readonly code: ErrorCode;
  readonly errorCause: string;
  readonly details: LedgerErrorDetails;

  constructor(code: ErrorCode, cause: string, details: LedgerErrorDetails = {}) {
    super(`${code}: ${cause}`);
    this.name = 'LedgerApiError';
    this.code = code;
    this.errorCause = cause.length > 512 ? cause.slice(0, 512) : cause;
    this.details = details;
  }

  get category(): ErrorCategory {
    return ErrorCodes[this.code];
  }

  /** The same error carrying a correlation id (a submission's errors carry its submission id). */
  correlatedWith(correlationId: string): LedgerApiError {
    return new LedgerApiError(this.code, this.errorCause, { ...this.details, correlationId });
  }

  get httpStatus(): number {
    return this.category.httpStatus;
  }
}

/**
 * A decode failure (tapir's DefaultDecodeFailureHandler): 400 `text/plain` reading
 * `Invalid value for: body (<detail>)`, `Invalid value for: query parameter <name>`, ... .
 */
export class DecodeFailure extends Error {
  readonly text: string;

  constructor(source: string, detail?: string) {
    const text = detail === undefined ? source : `${source} (${detail})`;
    super(text);
    this.name = 'DecodeFailure';
    this.text = text;
  }

  static body(detail: string): DecodeFailure {
    return new DecodeFailure('Invalid value for: body', detail);
  }

  static queryParameter(name: string): DecodeFailure {
    return new DecodeFailure(`Invalid value for: query parameter ${name}`);
  }

  static pathParameter(name?: string): DecodeFailure {
    return new DecodeFailure(name === undefined ? 'Invalid value' : `Invalid value for: path parameter ${name}`);
  }

  static header(name: string): DecodeFailure {
    return new DecodeFailure(`Invalid value for: header ${name}`);
  }
}

export interface JsCantonError {
  code: string;
  cause: string;
  correlationId: string | null;
  traceId: string | null;
  context: Record<string, string>;
  resources: [string, string][];
  errorCategory: number;
  grpcCodeValue: number | null;
  retryInfo: string | null;
  definiteAnswer: boolean | null;
}

// Trace and correlation ids only need to be unique (a client quotes them to find a failure in the logs).
const traceIds = new UniqueHexIds();
const correlationIds = new UniqueHexIds();

/** The JSON body Canton's JSON API writes for an error (optional fields present as null). */
/** FieldValidator's errors (gRPC validation, 400): a missing field, a field with an invalid value, an invalid argument. */
export function missingField(name: string): LedgerApiError {
  return new LedgerApiError('MISSING_FIELD', `The submitted command is missing a mandatory field: ${name}`);
}

export function invalidField(name: string, message: string): LedgerApiError {
  return new LedgerApiError('INVALID_FIELD', `The submitted command has a field with invalid value: Invalid field ${name}: ${message}`);
}

export function invalidArgument(reason: string): LedgerApiError {
  return new LedgerApiError('INVALID_ARGUMENT', `The submitted request has invalid arguments: ${reason}`);
}

/**
 * `requestTraceId`: the trace id of the request's `traceparent` header, when it carried one. `idsDiffer` (fault
 * `redacted-ids-differ`): a redacted error gets a correlation id of its own.
 */
export function renderError(error: LedgerApiError, participantName: string, requestTraceId?: string, idsDiffer = false): JsCantonError {
  const traceId = requestTraceId ?? traceIds.next(32);
  const cat = error.category;
  // Errors the JSON layer raises itself are built with JsCantonError.fromErrorCode and never redacted, even
  // an internal error (category 4): only errors that travelled through gRPC are.
  if (cat.redacted && !error.details.fromJsonLayer) {
    // As Canton 3.5 (verified-against-real C1): the redacted message's correlation id is the trace id of the
    // request (ErrorLoggingContext.correlationId = traceContext.traceId); both are null (`<no-correlation-id>`,
    // `<no-tid>` decoded to None) when the request carried no trace context.
    const redactedId = requestTraceId ?? null;
    return {
      code: 'NA',
      cause: 'A security-sensitive error has been received',
      correlationId: idsDiffer ? correlationIds.next(16) : redactedId,
      traceId: idsDiffer ? traceIds.next(32) : redactedId,
      context: { ...(error.details.redactedContext ?? {}) },
      resources: [],
      errorCategory: -1,
      grpcCodeValue: cat.grpcCode,
      retryInfo: null,
      definiteAnswer: null,
    };
  }
  return {
    code: error.code,
    cause: error.errorCause,
    correlationId: error.details.correlationId ?? null,
    traceId,
    context: {
      category: String(cat.id),
      definite_answer: error.details.definiteAnswer ? 'true' : 'false',
      participant: participantName,
      tid: traceId,
      ...(error.details.context ?? {}),
    },
    resources: error.details.resources ?? [],
    errorCategory: cat.id,
    grpcCodeValue: cat.grpcCode,
    retryInfo: cat.retryable ? '1 second' : null,
    definiteAnswer: error.details.fromJsonLayer ? false : null,
  };
}
