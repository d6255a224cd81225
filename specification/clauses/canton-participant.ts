/**
 * The `canton` profile for area A: how a real Canton 3.4/3.5 participant behaves where the spec is silent
 * or loose. Each text paraphrases the fact tightly and names its section of the Canton facts document.
 */
import { cantonGroup } from './define.js';

const errors = cantonGroup({ section: 'Errors' });
const endpoints = cantonGroup({ section: 'Endpoints' });
const updateByOffset = cantonGroup({ section: 'Endpoints > POST {base_url}/v2/updates/update-by-offset', endpoint: 'update-by-offset' });
const submitAndWait = cantonGroup({
  section: 'Endpoints > POST {base_url}/v2/commands/submit-and-wait',
  endpoint: 'submit-and-wait',
  features: ['writes'],
});
const execute = cantonGroup({
  section: 'Endpoints > POST {base_url}/v2/interactive-submission/execute',
  endpoint: 'execute',
  features: ['interactiveSubmission'],
});
const dars = cantonGroup({ section: 'Endpoints > POST {base_url}/v2/dars', endpoint: 'dars-upload', features: ['writes'] });
const darsValidate = cantonGroup({ section: 'Endpoints > POST {base_url}/v2/dars/validate', endpoint: 'dars-validate' });
const trafficAccount = cantonGroup({ section: 'Endpoints > GET {base_url}/v2/traffic/accounts/{account-id}', endpoint: 'traffic-account' });
const readyz = cantonGroup({ section: 'Endpoints > GET {base_url}/readyz', endpoint: 'readyz', features: ['ledgerApi3.5'] });
const auth = cantonGroup({ section: 'Authentication', features: ['authorization'] });
const encoding = cantonGroup({ section: 'Resources and their fields' });
const command = cantonGroup({
  section: 'Resources and their fields > Command (submit-and-wait); exactly one single-key object',
  endpoint: 'submit-and-wait',
  resource: 'Command',
  features: ['writes'],
});

/** Error category → HTTP status rows of facts canton §3 that a suite can provoke on a real node. */
const CATEGORY_STATUS = [
  {
    category: 1,
    name: 'TransientServerFailure',
    grpc: 'UNAVAILABLE',
    status: 503,
    untestable: 'a transient server failure cannot be provoked from outside on demand',
  },
  {
    category: 2,
    name: 'ContentionOnSharedResources',
    grpc: 'ABORTED',
    status: 409,
    untestable: 'contention cannot be provoked deterministically from outside',
  },
  {
    category: 4,
    name: 'SystemInternalAssumptionViolated',
    grpc: 'INTERNAL',
    status: 500,
    untestable: 'an internal error cannot be provoked on demand',
  },
  { category: 6, name: 'AuthInterceptorInvalidAuthenticationCredentials', grpc: 'UNAUTHENTICATED', status: 401 },
  { category: 7, name: 'InsufficientPermission', grpc: 'PERMISSION_DENIED', status: 403 },
  { category: 8, name: 'InvalidIndependentOfSystemState', grpc: 'INVALID_ARGUMENT', status: 400 },
  { category: 9, name: 'InvalidGivenCurrentSystemStateOther', grpc: 'FAILED_PRECONDITION', status: 400 },
  { category: 10, name: 'InvalidGivenCurrentSystemStateResourceExists', grpc: 'ALREADY_EXISTS', status: 409 },
  { category: 11, name: 'InvalidGivenCurrentSystemStateResourceMissing', grpc: 'NOT_FOUND', status: 404 },
  {
    category: 12,
    name: 'InvalidGivenCurrentSystemStateSeekAfterEnd',
    grpc: 'OUT_OF_RANGE',
    status: 400,
    untestable:
      'no endpoint in scope is known to raise a category-12 error (the update lookup answers a missing offset with UPDATE_NOT_FOUND)',
  },
] as const satisfies readonly { category: number; name: string; grpc: string; status: number; untestable?: string }[];

function categoryStatusClauses() {
  return CATEGORY_STATUS.map((entry) => {
    const { category, name, grpc, status } = entry;
    return errors(
      `canton.errors.category-${category}-${status}`,
      'error',
      `An error of category ${category} (${name}, gRPC ${grpc}) is answered with HTTP ${status} (facts canton §2 gRPC status → HTTP status, §3 categories table).`,
      'untestable' in entry ? { untestable: entry.untestable } : {},
    );
  });
}

export const cantonParticipantClauses = [
  ...categoryStatusClauses(),
  errors(
    'canton.errors.status-follows-category',
    'error',
    'The HTTP status of a JsCantonError response equals the gRPC→HTTP mapping of its errorCategory (or, when errorCategory is -1, of its grpcCodeValue); the ledger API test tool asserts this invariant (facts canton §2, §6 JSON API conformance).',
  ),
  errors(
    'canton.errors.body.absent-optionals-null',
    'format',
    'JsCantonError is encoded with a plain circe codec: absent optional fields are written as JSON null, not omitted (facts canton §1 JsCantonError).',
  ),
  errors(
    'canton.errors.body.context-category',
    'error',
    'A non-redacted error carries context.category, the errorCategory as a string, e.g. "category":"8" (facts canton §2 how the error body is built).',
  ),
  errors(
    'canton.errors.body.cause-max-512',
    'error',
    'cause is the message after the CODE(cat,corr) prefix, truncated to 512 characters (facts canton §2 how the error body is built).',
  ),
  errors(
    'canton.errors.body.resources-pairs',
    'error',
    'resources is an array of 2-element string arrays such as [["OFFSET","12"]] (facts canton §1 JsCantonError).',
  ),
  errors(
    'canton.errors.redacted-body',
    'error',
    'Security-sensitive errors (categories 4, 5, 6, 7, 14) are redacted: code "NA", cause "A security-sensitive error has been received", errorCategory -1, context {}, resources [], the status following the gRPC code (facts canton §2 redacted errors).',
    { features: ['authorization'] },
  ),
  errors(
    'canton.errors.redacted-body.details',
    'error',
    "A redacted 401/403 body carries `context` `{}` (for token problems only `ledger_api_error`), `resources` `[]`, and `correlationId` and `traceId` each a string or null: an authorization error's correlation id is its trace id, both null when the request carries no trace context and the same string otherwise (facts verified-against-real §4, corrected by §7 C1: DecodedCantonError.scala:65-80, 142-165; BaseError.scala:98-114 RedactedMessage decodes `<no-correlation-id>`/`<no-tid>` to None; ErrorLoggingContext.scala:116).",
    { features: ['authorization'] },
  ),
  errors(
    'canton.errors.definite-answer',
    'error',
    '`definiteAnswer` is `null` on errors of the gRPC path (the flag appears only as `context.definite_answer`) and `false` on errors raised by the JSON layer (facts verified-against-real §4; canton §2 error body).',
  ),
  errors(
    'canton.errors.400-text.content-type',
    'error',
    'Decode failures are answered 400 with Content-Type text/plain; charset=UTF-8 (facts canton §2 Tapir decode failures).',
  ),
  errors(
    'canton.errors.400-text.body-format',
    'error',
    'An invalid body gives the text `Invalid value for: body` optionally followed by ` (<detail>)` (facts canton §2 Tapir decode failures).',
  ),
  errors(
    'canton.errors.400-text.json-path-detail',
    'error',
    "A JSON decode error's detail is `<msg> at '<path>'`, several joined with `, `, paths like `commands[0].CreateCommand.templateId`; circe messages such as `Missing required field` (facts canton §2 Tapir decode failures).",
  ),
  errors(
    'canton.errors.400-text.query-parameter-format',
    'error',
    'An unparsable query value gives exactly `Invalid value for: query parameter <name>` with no detail, e.g. `?vetAllPackages=maybe` (facts canton §2 Tapir decode failures, inferred).',
  ),
  errors(
    'canton.errors.400-text.malformed-json',
    'error',
    'Malformed or empty JSON gives `Invalid value for: body (<parser message>)` with no path, e.g. `(exhausted input)` for an empty body; the parser message is not asserted, only the stable `Invalid value for: body` (facts canton §2 Tapir decode failures, inferred; verified-against-real §7 C2).',
  ),
  errors(
    'canton.errors.internal-500',
    'error',
    'A non-fatal exception inside the JSON layer is answered 500 LEDGER_API_INTERNAL_ERROR, category 4, grpc 13, unredacted with the exception message as cause (facts canton §2 errors raised inside the JSON layer).',
    { untestable: 'needs an input that crashes the JSON layer; none is known to be stable across versions' },
  ),

  endpoints(
    'canton.http.method-not-allowed-405',
    'endpoint',
    'A known path with the wrong method is answered 405 text/plain `Method Not Allowed` (facts canton §2 unknown routes and wrong methods).',
  ),
  endpoints(
    'canton.http.unknown-route-404-legacy-json',
    'endpoint',
    'A path that matches no route is answered 404 application/json in the legacy v1 shape {"errors":["HttpMethod(GET), uri: <uri>"],"status":404,"ledgerApiError":null} (facts canton §2 unknown routes and wrong methods).',
  ),
  endpoints(
    'canton.http.body-over-8mib',
    'limit',
    'A DAR body over 8 MiB is never answered 413: the body is streamed inside the service logic, so the size error surfaces as 500 LEDGER_API_INTERNAL_ERROR, or the connection is reset (facts verified-against-real FF5: JsPackageService.scala:164-165, 228; Endpoints.scala:83-94, 402-410).',
    { endpoint: 'dars-upload', features: ['writes'] },
  ),
  submitAndWait(
    'canton.requests.unknown-fields-ignored',
    'format',
    'A request body with a top-level field its type does not have is accepted and the field ignored: the JSON codecs decode with strictDecoding=false. The spec does not say (facts verified-against-real §2: JsSchema.scala:56-58).',
  ),
  endpoints(
    'canton.http.content-type-not-enforced',
    'format',
    'The request Content-Type is not enforced for single-body endpoints (facts canton §2 which fields are really required).',
  ),
  endpoints(
    'canton.http.body-decoded-before-service-auth',
    'auth',
    "Path, query and headers are decoded, then the token's claims resolved, then the body: a bad body gets 400 text/plain even without a token (facts canton §2 decode order).",
    { features: ['authorization'] },
  ),

  encoding(
    'canton.json.protocol-int64-numbers',
    'format',
    'int64 protocol fields such as offset, completionOffset, nodeId and balance are JSON numbers on output (facts canton §4 protocol fields).',
  ),
  encoding(
    'canton.json.protocol-int64-string-input',
    'format',
    'On input, int64 protocol fields also accept numeric strings such as "offset":"5" (facts canton §4 protocol fields).',
    { endpoint: 'update-by-offset' },
  ),
  encoding(
    'canton.json.absent-optionals-null',
    'format',
    'Optional protocol fields that are absent come back as null; nothing is dropped (facts canton §4 protocol fields).',
  ),
  encoding('canton.json.duration-shape', 'format', 'Duration is written as {"seconds":30,"nanos":0} (facts canton §4 protocol fields).', {
    resource: 'Duration',
  }),

  command(
    'canton.daml-lf.int64-string',
    'format',
    'Daml Int64 values are written as JSON strings, e.g. "42" (facts canton §4 Daml values).',
  ),
  command(
    'canton.daml-lf.numeric-string',
    'format',
    'Daml Numeric/Decimal values are written as strings with the full scale, e.g. "999.9900000000"; input may be a string or a number (facts canton §4 Daml values).',
  ),
  command(
    'canton.daml-lf.variant-tag-value',
    'format',
    'Daml variants are {"tag":<constructor>,"value":<payload>}; a variant without tag/value or with an unknown tag is 400 INVALID_ARGUMENT (facts canton §2 errors raised inside the JSON layer, §4 Daml values).',
    { untestable: 'the CantonExamples model has no variant-typed field or choice argument to send one in' },
  ),
  command(
    'canton.daml-lf.unexpected-fields-400',
    'error',
    'An extra non-null field in a Daml record is 400 INVALID_ARGUMENT (category 8), cause `The submitted request has invalid arguments: Unexpected fields: <names>` (facts canton §2 errors raised inside the JSON layer).',
  ),
  command(
    'canton.daml-lf.missing-fields-400',
    'error',
    'A missing non-optional Daml record field is 400 COMMAND_PREPROCESSING_FAILED (category 8), cause containing `Missing non-optional fields: Set(...)` (3.5) or `Missing non-optional field: <name>` (3.4) (facts canton §2 errors raised inside the JSON layer).',
  ),
  command(
    'canton.daml-lf.optional-null',
    'format',
    'A Daml Optional None is null or absent and Some is the bare value; nested optionals use [] and [x] (facts canton §4 Daml values).',
  ),
  command(
    'canton.daml-lf.template-id-format',
    'format',
    'An identifier that is neither `<pkgId>:<Module>:<Entity>` nor `#<package-name>:<Module>:<Entity>` is a 400 text error `Invalid identifier format (...)` at its JSON path (facts canton §2 JSON decode errors, §4 protocol fields).',
  ),

  updateByOffset(
    'canton.update-by-offset.update-not-found-404',
    'error',
    'UPDATE_NOT_FOUND is category 11, gRPC 5, HTTP 404, cause `Update not found, or not visible.`, resource OFFSET (facts canton §3 codes table).',
  ),
  updateByOffset(
    'canton.update-by-offset.update-not-found-details',
    'error',
    'The UPDATE_NOT_FOUND body has a cause starting `Update not found` (3.5: `Update not found, or not visible.`; only the stable prefix is asserted, verified-against-real §7 C2) and resources `[["OFFSET","<n>"]]` naming the requested offset (facts verified-against-real §4).',
  ),
  updateByOffset(
    'canton.update-by-offset.non-positive-offset-400',
    'error',
    'A non-positive offset is 400 NON_POSITIVE_OFFSET (category 8), e.g. `Offset 0 in offset is not a positive integer: the offset has to be a positive integer (>0)` (facts canton §3 codes table).',
  ),
  updateByOffset(
    'canton.update-by-offset.relaxed-missing-fields',
    'error',
    'The request is protobuf-generated and decoded relaxed: `{}` decodes to offset 0 and gives JSON 400 NON_POSITIVE_OFFSET rather than a text 400 (facts canton §2 which fields are really required).',
  ),

  submitAndWait(
    'canton.submit-and-wait.duplicate-command-409',
    'error',
    'Re-submitting a successfully processed command (same change id) is 409 DUPLICATE_COMMAND, category 10, cause `A command with the given command id has already been successfully processed`; a fast retry may instead meet the first submission in flight and get 409 SUBMISSION_ALREADY_IN_FLIGHT (facts canton §3 codes table; verified-against-real §1 note).',
  ),
  submitAndWait(
    'canton.deduplication.names-earlier-submission',
    'error',
    'The DUPLICATE_COMMAND body names the earlier, accepted submission in its context. Canton 3.5 raises `CommandDeduplicationError.DuplicateCommandReject`, whose context is its fields: `completion_offset` (the offset of the earlier completion) and `existingSubmissionId` (`Some(<id>)`), beside `changeId` and `accepted`; the `existing_submission_id` key of `ConsistencyErrors.DuplicateCommand` is accepted too (facts verified-against-real §4, which names only that key, corrected from the 3.5 source: CommandDeduplicationError.scala:15-27, TransactionProcessingSteps.scala:325-331, BaseError context by reflection).',
  ),
  submitAndWait(
    'canton.submit-and-wait.templates-or-interfaces-not-found-404',
    'error',
    'A command naming an unknown template is 404 TEMPLATES_OR_INTERFACES_NOT_FOUND, category 11 (facts canton §3 codes table).',
  ),
  submitAndWait(
    'canton.submit-and-wait.package-names-not-found-404',
    'error',
    'A `#name:` reference to an unknown package name is 404 PACKAGE_NAMES_NOT_FOUND (or NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME), category 11 (facts canton §3 codes table).',
  ),
  submitAndWait(
    'canton.submit-and-wait.template-precondition-violated-400',
    'error',
    'A create whose `ensure` fails is 400 TEMPLATE_PRECONDITION_VIOLATED, category 8 (facts canton §3 codes table).',
  ),
  submitAndWait(
    'canton.submit-and-wait.contract-not-found-404',
    'error',
    'Exercising an unknown contract id is 404 CONTRACT_NOT_FOUND, category 11 (facts canton §3 codes table).',
  ),
  submitAndWait(
    'canton.submit-and-wait.contract-key-not-found-404',
    'error',
    'An exercise by key of a key no active contract has (before its contract is created, after it is archived) is 404 ' +
      'CONTRACT_KEY_NOT_FOUND, category 11, while the same exercise on the live contract is accepted ' +
      '(community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/error/groups/CommandExecutionErrors.scala:359-363 ' +
      'ContractKeyNotFound; LAPITT community/ledger-test-tool/src/main/scala/com/daml/ledger/api/testtool/suites/v2_3/ContractKeysIT.scala:354). ' +
      'Needs a keyed template (templates.keyedAccount; CantonExamples has none) (facts canton: Canton 3.5 source, at the lines cited).',
  ),
  submitAndWait(
    'canton.submit-and-wait.interpretation-error-400',
    'error',
    'A Daml interpretation failure (e.g. `assert`) is 400 UNHANDLED_EXCEPTION or DAML_INTERPRETATION_ERROR, category 9 (facts canton §3 codes table).',
  ),
  submitAndWait(
    'canton.submit-and-wait.authorization-error-400',
    'error',
    'A command whose actAs parties do not authorize it (e.g. missing signatory) is 400 DAML_AUTHORIZATION_ERROR, category 8 (facts canton §3 codes table).',
  ),
  submitAndWait(
    'canton.submit-and-wait.missing-field-text-400',
    'error',
    "JsCommands is hand-written: a missing commands, commandId or actAs is a 400 text error `Invalid value for: body (...)` naming the field (3.5: `Invalid value for: body (Missing required field at '<path>')`; only the stable prefix and the field are asserted, verified-against-real §7 C2) (facts canton §2 which fields are really required).",
  ),
  submitAndWait(
    'canton.submit-and-wait.unknown-command-key-400',
    'error',
    "An unknown Command key gives a 400 text error `type Command has no class/object/case named '<key>'.` (facts canton §2 JSON decode errors).",
  ),

  execute(
    'canton.execute.response-empty-object',
    'endpoint',
    'ExecuteSubmissionResponse is the empty object {} (facts canton §1 requested operations).',
    { features: ['writes'] },
  ),
  execute(
    'canton.execute.hashing-scheme-v3-3.5-only',
    'versioning',
    'HASHING_SCHEME_VERSION_V3 exists in 3.5 only; 3.4 knows UNSPECIFIED and V2 (facts canton §1 requested operations).',
    { features: ['ledgerApi3.5'] },
  ),

  dars(
    'canton.dars.response-empty-object',
    'endpoint',
    'UploadDarFileResponse is the empty object {} (facts canton §1 requested operations).',
  ),
  dars(
    'canton.dars.invalid-dar-400',
    'error',
    'Garbage bytes, an empty body, or a zip without a valid manifest is 400 INVALID_DAR, category 8, cause `Dar file is corrupt` (facts canton §7 upload path failures).',
  ),
  dars(
    'canton.dars.invalid-zip-entry-400',
    'error',
    'A manifest naming a dalf that is not in the zip is 400 INVALID_ZIP_ENTRY (facts canton §7 upload path failures).',
  ),
  dars(
    'canton.dars.dar-parse-error-400',
    'error',
    "Dalf bytes that are not a valid Archive, or a hash that does not match the payload's SHA-256, is 400 DAR_PARSE_ERROR (facts canton §7 upload path failures).",
  ),
  dars(
    'canton.dars.lf1-rejected-400',
    'error',
    "A DAR whose packages are Daml-LF 1.x is refused with 400 ALLOWED_LANGUAGE_VERSIONS, category 8, once the package decodes, or 400 DAR_PARSE_ERROR when the node's Daml-LF 1 decoder refuses it first (facts canton §7 upload path failures, §3 codes table; DecodeV1).",
  ),
  dars(
    'canton.dars.idempotent-reupload',
    'endpoint',
    'Re-uploading the same DAR is idempotent: 200 {} (facts canton §7 upload path failures).',
  ),
  dars(
    'canton.dars.vetAllPackages-malformed-400-text',
    'error',
    'A vetAllPackages value that is not a boolean is 400 text/plain `Invalid value for: query parameter vetAllPackages` (facts canton §1 requested operations, §2 Tapir decode failures).',
  ),
  dars(
    'canton.dars.synchronizerId-malformed-400',
    'error',
    'A malformed synchronizerId is 400 PROTO_DESERIALIZATION_FAILURE, checked before the DAR is parsed (facts canton §7 upload path failures).',
  ),
  dars(
    'canton.dars.vetting-autodetect-synchronizer',
    'error',
    'With vetting requested and zero or several connected synchronizers and no synchronizerId, the answer is 400 PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER, category 9, before parsing (facts canton §7 upload path failures).',
    { untestable: 'depends on how many synchronizers the target node is connected to, which the suite cannot know' },
  ),
  dars(
    'canton.packages.same-handler',
    'endpoint',
    'POST /v2/packages is served by the same handler as POST /v2/dars and gives the same answers (facts canton §1 requested operations).',
    { endpoint: 'packages-upload' },
  ),
  darsValidate(
    'canton.dars-validate.response-no-content',
    'endpoint',
    'POST /v2/dars/validate answers 200 with no body (no content declared) (facts canton §1 requested operations).',
  ),

  trafficAccount(
    'canton.traffic-account.disabled-404',
    'endpoint',
    'Without the traffic endpoint (a Canton 3.5 node never has it: it is a Canton 3.6 feature, served there only with traffic enforcement on) the route does not exist and falls through to the legacy JSON 404 (facts canton §1 the traffic endpoint, §2 unknown routes; verified-against-real §7 C3: JsTrafficService.scala is absent from the 3.5 branches and the official 3.5.1 OpenAPI has no such path).',
    { features: ['trafficAccountsDisabled', 'ledgerApi3.5'] },
  ),
  trafficAccount(
    'canton.traffic-account.balance-number',
    'format',
    'balance is an int64 written as a JSON number (facts canton §1 the traffic endpoint, §4 protocol fields).',
    { features: ['trafficAccounts', 'ledgerApi3.5'] },
  ),

  readyz(
    'canton.readyz.healthy-text',
    'endpoint',
    'A healthy node answers 200 text/plain with exactly the lines `[+] ledger ok (SERVING)` and `readyz check passed` and a trailing newline (facts canton §2 /livez and /readyz).',
  ),
  readyz(
    'canton.readyz.not-serving-503',
    'endpoint',
    'A node whose ledger is not serving answers 503 with `[-] ledger failed (<status>)` and `readyz check failed` (facts canton §2 /livez and /readyz).',
    { untestable: 'the suite cannot make the target unhealthy' },
  ),
  readyz('canton.readyz.no-token-needed', 'auth', 'Readiness is answered without a token (facts canton §2 /livez and /readyz).'),

  auth(
    'canton.auth.unauthenticated-401',
    'auth',
    'A request without valid credentials (no token, a non-Bearer scheme, a bad signature, a wrong audience or scope, an expired token) is 401 with the redacted body, grpcCodeValue 16 (facts canton §5 behaviour with JWT auth configured).',
  ),
  auth(
    'canton.auth.permission-denied-403',
    'auth',
    'A valid token whose user is unknown or deactivated, or lacks the rights for the operation, is 403 with the redacted body, grpcCodeValue 7 (facts canton §5 behaviour with JWT auth configured).',
  ),
  auth(
    'canton.auth.missing-token-401',
    'auth',
    'No Authorization header means no claims: 401 with the redacted body (code NA, errorCategory -1, grpcCodeValue 16) (facts canton §5 behaviour with JWT auth configured).',
  ),
  auth(
    'canton.auth.invalid-token-401',
    'auth',
    'A token with a bad signature or an expired exp is treated as unauthenticated: 401 redacted (facts canton §5 behaviour with JWT auth configured).',
  ),
  auth(
    'canton.authenticated-user.invalid-identity-provider-id',
    'auth',
    'A malformed identity-provider-id is answered 400 application/json INVALID_TOKEN, category 8, its cause naming identity_provider_id: the query parameter never fails to decode, the Authorizer rejects the id (facts verified-against-real FF1).',
  ),
  auth(
    'canton.auth.foreign-audience-denied',
    'auth',
    "A token whose audience names another participant (`https://daml.com/jwt/aud/participant/<other>`) is denied: 403 PERMISSION_DENIED when no target audience is configured (how Canton's shipped unsafe-hmac256 example runs), 401 when one is; both redacted (facts verified-against-real FF4: AuthServiceJWTPayload.scala:221-233, Authorizer.scala:35-45, 144-147).",
  ),
  auth(
    'canton.auth.non-bearer-scheme-401',
    'auth',
    'An Authorization header with a scheme other than Bearer (e.g. Basic) is ignored and treated as no token: 401 (facts canton §5 behaviour with JWT auth configured).',
  ),
  auth(
    'canton.auth.bearer-case-insensitive',
    'auth',
    'The `Bearer` scheme name is matched ignoring case (facts canton §5 how the token is passed).',
  ),
  auth(
    'canton.auth.empty-bearer-400',
    'auth',
    '`Authorization: Bearer ` with an empty token fails the header decode: 400 text/plain `Invalid value for: header Authorization` (facts canton §5 behaviour with JWT auth configured; body text inferred).',
  ),
  auth(
    'canton.auth.unknown-user-403',
    'auth',
    'A valid token for an unknown user is 403 redacted, with context {"ledger_api_error": "invalid token"} (facts canton §5 behaviour with JWT auth configured).',
  ),
  auth(
    'canton.auth.deactivated-user-403',
    'auth',
    'A valid token for a deactivated user is 403 redacted, with context {"ledger_api_error": "invalid token"} (facts canton §5 behaviour with JWT auth configured).',
  ),
  auth(
    'canton.auth.update-by-offset.read-as-filter-parties',
    'auth',
    'update-by-offset needs read rights (act-as or read-as) for every party of filtersByParty; a filter party the user cannot read as is 403 redacted (facts canton §5: a valid token without rights for the operation is denied by the Authorizer).',
    { endpoint: 'update-by-offset' },
  ),
  auth(
    'canton.auth.execute-as-does-not-read',
    'auth',
    'The execute-as right does not entitle to read: "It does not entitle to read data for any parties". A user with only CanExecuteAs for a party is denied (403 redacted) an update-by-offset filtering that party (facts verified-against-real §7 C4; community/base/.../auth/Claims.scala:55-60, 185-226).',
    { endpoint: 'update-by-offset' },
  ),
  auth(
    'canton.auth.update-by-offset.filters-for-any-party-right',
    'auth',
    'Reading with filtersForAnyParty needs the CanReadAsAnyParty (or CanActAsAnyParty) right; participant_admin does not imply it, so an administrator without it is 403 redacted (facts canton: Canton 3.5 source, Claims.canReadAsAnyParty and UserBasedClaimResolver).',
    { endpoint: 'update-by-offset' },
  ),
  auth(
    'canton.auth.insufficient-rights-403',
    'auth',
    'A valid token without the rights for the operation (e.g. acting for a party the user may not act as) is 403 redacted, grpcCodeValue 7 (facts canton §5 behaviour with JWT auth configured).',
  ),
  auth(
    'canton.auth.websocket-protocol-token',
    'auth',
    'The Sec-WebSocket-Protocol header carries the token as an entry `jwt.token.<jwt>`, usually with `daml.ws.auth` (facts canton §5 how the token is passed).',
  ),
  auth(
    'canton.auth.authenticated-user-without-auth',
    'auth',
    'With no auth configured, GET /v2/authenticated-user has no user to return and answers 400 INVALID_TOKEN `missing a user-id` (facts canton §5 unsafe HMAC256 test auth, inferred).',
    { endpoint: 'authenticated-user', untestable: 'needs a target without authorization; the feature tags only describe targets with it' },
  ),

  // flows (issue 8)
  execute(
    'canton.execute.change-id-deduplicated',
    'error',
    'Execute registers a submission as in flight and only then deduplicates it, reporting every later error on the completion stream: a retry of a change id still in flight is rejected at once with 409 SUBMISSION_ALREADY_IN_FLIGHT (category 2), a retry of a change id already committed is acknowledged 200 {} and rejected asynchronously with DUPLICATE_COMMAND; either way the transaction is not committed a second time (facts canton §3 codes table; verified-against-real §1 note; release-line-3.5 ProtocolProcessor.submitWithTracking, TransactionProcessingSteps.commandDeduplicationFailure, CommandDeduplicationError.DuplicateCommandReject, InteractiveSubmissionServiceImpl.execute).',
    { features: ['writes'] },
  ),
  submitAndWait(
    'canton.submit-and-wait.non-suffixed-contract-id-400',
    'error',
    'An exercise on contract id `00` followed by 64 hex digits and nothing else, a V1 contract id with an empty suffix (a local id), is rejected by command preprocessing before any contract lookup: 400 COMMAND_PREPROCESSING_FAILED, category 8, cause starting `Illegal Contract ID` (3.5.4 writes `Illegal Contract ID "<id>", non-suffixed V1 Contract IDs are forbidden`; engine sentences change between releases, so only the code and that prefix are asserted, as Canton\'s ContractIdIT.scala:89 does); never 404 CONTRACT_NOT_FOUND (facts canton §3 codes table; verified-against-real FF3, corrected by §7 C2: DAMLe.scala:85 forbidLocalContractIds = true, ValueTranslator.scala:47-52, engine Error.scala:136-150 IllegalContractId, RejectionGenerators.scala:77-82).',
  ),
  submitAndWait(
    'canton.trace-context.traceparent-propagated',
    'resource',
    'A W3C `traceparent` header on a submission becomes the trace context of the transaction it commits: the transaction read back (update-by-offset) has a `traceContext` whose `traceparent` carries the submitted trace id (the span id is the node\'s own) (facts verified-against-real §7 C8; JsonV2Tests.scala:643 "create commands and return proper traceContext" submits with `00-<random trace id>-93bb0fa23a8fb53a-01` and asserts the returned transaction\'s traceContext.traceId equals it; JsTransaction.traceContext, canton-json-api facts §JsTransaction).',
    { features: ['writes'] },
  ),
  command(
    'canton.daml-lf.int64-number-rejected',
    'error',
    'An Int64 sent as a JSON number inside a Daml record is rejected, never accepted: a 400 (a release that refuses it as input) or, as 3.5 does, a 500. 3.5 reads Int64 only from a string with `v.str.toLong`; for a number ujson throws `InvalidData`, a plain Exception and no IllegalArgumentException, which `Endpoints.handleError` answers like any other non-fatal exception of the JSON layer: 500 LEDGER_API_INTERNAL_ERROR, category 4, grpc 13, unredacted, cause `Expected ujson.Str (data: 42)`, definiteAnswer false (facts canton §4 Daml values; verified-against-real §3; release-line-3.5 JsonCodec.scala:186-189, ProtocolConverters.Commands.fromJson, Endpoints.scala handleError, ujson 4.0.2 Value.InvalidData).',
  ),
  command(
    'canton.daml-lf.trailing-none-dropped',
    'format',
    'Records are written without their trailing `None` fields: a TrailingNone contract created with `i: null` comes back as `{"p": <party>}`, without `i` (facts canton §4 Daml values; verified-against-real §3: removeTrailingNonesInRecords = true in SchemaProcessorsImpl).',
  ),
  command(
    'canton.daml-lf.choice-argument-null',
    'format',
    '`choiceArgument: null` is read as `{}`, so a choice whose argument record has no fields, such as Archive, is exercised (facts canton §4 Daml values; verified-against-real §3: nullToEmpty in SchemaProcessorsImpl.choiceArgsFromJsonToProto).',
  ),
  // schemas (issue 8): fields the official 3.5.1 types require
  updateByOffset(
    'canton.created-event.official-required-fields',
    'format',
    'A created event carries `offset`, `nodeId`, `contractId`, `templateId` and `createArgument`: the official 3.5.1 types (CreatedEvent in openapi-3.5.1.d.ts of @canton-network/core-ledger-client-types) require them (facts verified-against-real §6).',
  ),
  updateByOffset(
    'canton.reassignment.official-required-fields',
    'format',
    'A reassignment carries `updateId` and `offset`: the official 3.5.1 types (JsReassignment) require them (facts verified-against-real §6).',
  ),
  updateByOffset(
    'canton.interface-view.official-required-fields',
    'format',
    'An interface view carries `interfaceId` and `viewStatus`: the official 3.5.1 types (JsInterfaceView) require them (facts verified-against-real §6).',
  ),
];
