/**
 * Clauses of the area A endpoints: that each exists, its request fields, its 200 response, its other
 * statuses and its authentication rule.
 */
import { certifiedEndpoints, ENDPOINT_DESCRIPTORS, endpointRequirements, endpointSection, type DescriptorName } from '../endpoints.js';
import { clauseGroup, notShownGroup } from './define.js';

const INTRODUCTION = 'Ledger Participant JSON Interface and Network Scan Interface';
const OVERVIEW = 'What the service does';
const ENDPOINTS = 'Endpoints';

const overview = clauseGroup({ section: OVERVIEW });
const endpoints = clauseGroup({ section: ENDPOINTS });
/** An endpoint's clauses: its section heading and requirements come from its descriptor (specification/endpoints.ts). */
const endpointGroup = (endpoint: DescriptorName) =>
  clauseGroup({ section: endpointSection(endpoint), endpoint, features: endpointRequirements(endpoint) });
const endpointNotShown = (endpoint: DescriptorName) => notShownGroup({ section: endpointSection(endpoint), endpoint });
const execute = endpointGroup('execute');
const executeNotShown = endpointNotShown('execute');
const updateByOffset = endpointGroup('update-by-offset');
const authenticatedUser = endpointGroup('authenticated-user');
const submitAndWait = endpointGroup('submit-and-wait');
const submitAndWaitNotShown = endpointNotShown('submit-and-wait');
const dars = endpointGroup('dars-upload');
const darsNotShown = endpointNotShown('dars-upload');
const packages = endpointGroup('packages-upload');
const darsValidate = endpointGroup('dars-validate');
const trafficAccount = endpointGroup('traffic-account');
const readyz = endpointGroup('readyz');

const AREA_A_AUTH = 'Area A endpoints require the authentication of the next section.';
const AREA_A_ERRORS =
  'Every area A endpoint can return the default error body and, for malformed input, a 400 plain-text body (see Errors).';
const UPLOAD_DAR =
  'Uploads a DAR (a package archive) to the participant (`POST /v2/dars`, and the equivalent `POST /v2/packages`), and validates a DAR without side effects (`POST /v2/dars/validate`).';
const SUBMISSION_ID =
  '| submissionId | string | yes | LedgerString; distinguishes completions for different submissions with the same change id; typically a random UUID; use a different one for each retry of a submission with the same change id |';
const HASHING_SCHEME =
  '| hashingSchemeVersion | string | yes | `HASHING_SCHEME_VERSION_UNSPECIFIED`, `HASHING_SCHEME_VERSION_V2`, `HASHING_SCHEME_VERSION_V3`; scheme used when building the hash |';
const MIN_LEDGER_TIME =
  '| minLedgerTime | MinLedgerTime | no | influences the chosen ledger effective time but does not delay submission; any override must be scheduled within the window allowed by the synchronizer |';
const PREPARED_TRANSACTION =
  '| preparedTransaction | string | yes | typically the `prepared_transaction` value of the response of the prepare-submission operation |';
const EXECUTE_AUTH =
  'Requires an act-as or execute-as scope for the submitting party when user authorization is enabled, and a signature of the transaction from the submitting external party.';
const UPDATE_REQUEST =
  'Request body: `offset` (int64, required; valid absolute offset, positive) and `updateFormat` (UpdateFormat, required).';
const UPDATE_NOT_FOUND = 'When no update exists at the offset, or all its events are filtered out, the error `UPDATE_NOT_FOUND` is raised.';
const AUTHENTICATED_USER_LINE = 'Query: `identity-provider-id` (string, optional). Response 200: `{user: User}` (required).';
const COMMANDS = '| commands | Command[] | yes | non-empty; elements of one atomic command |';
const COMMAND_ID =
  '| commandId | string | yes | LedgerString. The triple (user id, set of act-as parties, command id) is the change id, used to match intended changes with their completions |';
const ACT_AS =
  '| actAs | string[] | yes | non-empty; each a PartyIdString; the caller must be authorized to act for each when authorization is enabled |';
const USER_ID = "| userId | string | no | UserIdString; required unless a user token is used, in which case the token's user id is used |";
const READ_AS =
  '| readAs | string[] | no | may be empty; parties, in addition to actAs, on whose behalf contracts can be read (fetch, fetchByKey, lookupByKey, exercise, exerciseByKey); a command can only use contracts visible to at least one actAs or readAs party; caller must be authorized to read for each |';
const DEDUPLICATION =
  '| deduplicationPeriod | deduplication period (submit form: duration variant) | no | when omitted the participant assumes its configured maximum deduplication time |';
const SUBMIT_SUMMARY =
  'Submits a single composite (atomic) command and waits for its result; the error of a failed submission, including interpretation errors, is propagated.';
const DARS_BODY = 'Request `Content-Type: application/octet-stream`, body is the binary DAR (required).';
const DARS_QUERY = 'Query: `vetAllPackages` (boolean, optional), `synchronizerId` (string, optional; target vetting synchronizer).';
const PACKAGES_SAME = 'Behaves the same as `POST /v2/dars` (same query parameters, body and response).';
const VALIDATE_REQUEST = 'Request: `application/octet-stream` binary body (required); query `synchronizerId` (string, optional).';
const VALIDATE_NO_EFFECT = 'No effect on participant or ledger state: the DAR and its packages are neither persisted nor vetted.';
const TRAFFIC_RESPONSE = 'Response 200: `{accountId: string, balance: int64}`.';

const READINESS_WITHOUT_TOKEN =
  'real nodes answer readiness probes without a token (facts canton §2), and the spec does not say what an unauthenticated readiness request gets';

/** The clauses every certified area A endpoint has (specification/endpoints.ts `generated`), in the descriptors' order. */
function sharedAreaAClauses() {
  return certifiedEndpoints('participant').flatMap((endpoint) => [
    endpoints(`${endpoint}.auth.required`, 'auth', AREA_A_AUTH, {
      endpoint,
      section: endpointSection(endpoint),
      features: ['authorization'],
      ...(ENDPOINT_DESCRIPTORS[endpoint].auth === 'none' ? { untestable: READINESS_WITHOUT_TOKEN } : {}),
    }),
    endpoints(`${endpoint}.errors.default-body`, 'error', AREA_A_ERRORS, { endpoint, section: endpointSection(endpoint) }),
  ]);
}

export const participantEndpointClauses = [
  overview(
    'execute.exists',
    'endpoint',
    'Executes a previously prepared, externally signed submission asynchronously on the ledger (`POST /v2/interactive-submission/execute`).',
    { endpoint: 'execute', features: ['interactiveSubmission'] },
  ),
  overview(
    'update-by-offset.exists',
    'endpoint',
    'Looks up one ledger update by its offset, rendered according to a caller-supplied format (`POST /v2/updates/update-by-offset`).',
    { endpoint: 'update-by-offset' },
  ),
  overview('authenticated-user.exists', 'endpoint', 'Returns the user record of the authenticated caller (`GET /v2/authenticated-user`).', {
    endpoint: 'authenticated-user',
  }),
  overview(
    'submit-and-wait.exists',
    'endpoint',
    'Submits one composite command and waits for its result (`POST /v2/commands/submit-and-wait`).',
    { endpoint: 'submit-and-wait', features: ['writes'] },
  ),
  overview('dars-upload.exists', 'endpoint', UPLOAD_DAR, { endpoint: 'dars-upload', features: ['writes'] }),
  overview('packages-upload.exists', 'endpoint', UPLOAD_DAR, { endpoint: 'packages-upload', features: ['writes'] }),
  overview('dars-validate.exists', 'endpoint', UPLOAD_DAR, { endpoint: 'dars-validate' }),
  overview('traffic-account.exists', 'endpoint', 'Returns the traffic balance of an account (`GET /v2/traffic/accounts/{account-id}`).', {
    endpoint: 'traffic-account',
    features: ['trafficAccounts', 'ledgerApi3.5'],
  }),
  overview('readyz.exists', 'endpoint', 'Reports readiness (`GET /readyz`).', { endpoint: 'readyz', features: ['ledgerApi3.5'] }),
  ...sharedAreaAClauses(),

  execute('execute.summary.asynchronous', 'endpoint', 'Executes a prepared submission asynchronously.', { features: ['writes'] }),
  execute('execute.auth.act-as-or-execute-as', 'auth', EXECUTE_AUTH, { features: ['authorization'] }),
  execute('execute.auth.external-party-signature', 'auth', EXECUTE_AUTH),
  execute('execute.preparedTransaction.required', 'endpoint', PREPARED_TRANSACTION),
  execute('execute.preparedTransaction.from-prepare', 'endpoint', PREPARED_TRANSACTION, {
    untestable: 'says where clients typically get the value; nothing a server must do',
  }),
  execute('execute.partySignatures.required', 'endpoint', '| partySignatures | PartySignatures | yes | |'),
  execute('execute.submissionId.required', 'endpoint', SUBMISSION_ID),
  execute('execute.submissionId.ledger-string', 'endpoint', SUBMISSION_ID),
  execute('execute.submissionId.client-advice', 'endpoint', SUBMISSION_ID, {
    untestable:
      '"typically a random UUID" and "use a different one for each retry" advise clients; completions are not exposed by the endpoints in scope',
  }),
  execute('execute.userId.optional', 'endpoint', '| userId | string | no | same meaning as the user id of the prepare step |'),
  execute('execute.hashingSchemeVersion.required', 'endpoint', HASHING_SCHEME),
  execute('execute.hashingSchemeVersion.allowed-values', 'endpoint', HASHING_SCHEME),
  execute('execute.minLedgerTime.optional', 'endpoint', MIN_LEDGER_TIME),
  execute('execute.minLedgerTime.no-delay', 'endpoint', MIN_LEDGER_TIME, {
    untestable: 'the chosen ledger effective time and the synchronizer window are not observable through the endpoints in scope',
  }),
  execute('execute.response.200', 'endpoint', 'Response 200: ExecuteSubmissionResponse;', { features: ['writes'] }),
  executeNotShown('execute.response.fields.not-shown', 'endpoint', 'fields of ExecuteSubmissionResponse: not shown.'),

  updateByOffset('update-by-offset.offset.required', 'endpoint', UPDATE_REQUEST),
  updateByOffset('update-by-offset.offset.int64', 'endpoint', UPDATE_REQUEST),
  updateByOffset('update-by-offset.offset.positive', 'endpoint', UPDATE_REQUEST),
  updateByOffset('update-by-offset.updateFormat.required', 'endpoint', UPDATE_REQUEST),
  updateByOffset('update-by-offset.response.shape', 'endpoint', 'Response 200: `{update: Update}`.', {
    features: ['topologyFixture'],
  }),
  updateByOffset('update-by-offset.update-not-found', 'error', UPDATE_NOT_FOUND),
  updateByOffset('update-by-offset.update-not-found.all-filtered', 'error', UPDATE_NOT_FOUND, { features: ['topologyFixture'] }),

  authenticatedUser('authenticated-user.identity-provider-id.optional', 'endpoint', AUTHENTICATED_USER_LINE),
  authenticatedUser('authenticated-user.response.shape', 'endpoint', AUTHENTICATED_USER_LINE),
  authenticatedUser(
    'authenticated-user.response.caller',
    'endpoint',
    'Returns the user record of the authenticated caller (`GET /v2/authenticated-user`).',
    {
      section: OVERVIEW,
      features: ['authorization'],
    },
  ),

  submitAndWait('submit-and-wait.summary.waits-for-result', 'endpoint', SUBMIT_SUMMARY),
  submitAndWait('submit-and-wait.errors.propagated', 'error', SUBMIT_SUMMARY),
  submitAndWait('submit-and-wait.commands.required', 'endpoint', COMMANDS),
  submitAndWait('submit-and-wait.commands.non-empty', 'endpoint', COMMANDS),
  submitAndWait('submit-and-wait.commands.atomic', 'endpoint', COMMANDS),
  submitAndWait('submit-and-wait.commandId.required', 'endpoint', COMMAND_ID),
  submitAndWait('submit-and-wait.commandId.ledger-string', 'endpoint', COMMAND_ID),
  // Completions are not in scope, but deduplication is keyed by the change id: the same command id with another
  // act-as set is another change, committed and not deduplicated.
  submitAndWait('submit-and-wait.commandId.change-id', 'endpoint', COMMAND_ID),
  submitAndWait('submit-and-wait.actAs.required', 'endpoint', ACT_AS),
  submitAndWait('submit-and-wait.actAs.non-empty', 'endpoint', ACT_AS),
  submitAndWait('submit-and-wait.actAs.party-id-string', 'endpoint', ACT_AS),
  submitAndWait('submit-and-wait.actAs.authorized', 'auth', ACT_AS, { features: ['authorization'] }),
  submitAndWait('submit-and-wait.userId.optional', 'endpoint', USER_ID),
  submitAndWait('submit-and-wait.userId.user-id-string', 'endpoint', USER_ID),
  submitAndWait('submit-and-wait.userId.from-token', 'auth', USER_ID, { features: ['authorization'] }),
  submitAndWait('submit-and-wait.readAs.optional', 'endpoint', READ_AS),
  submitAndWait('submit-and-wait.readAs.may-be-empty', 'endpoint', READ_AS),
  submitAndWait('submit-and-wait.readAs.visibility', 'endpoint', READ_AS),
  submitAndWait('submit-and-wait.readAs.authorized', 'auth', READ_AS, { features: ['authorization'] }),
  submitAndWait('submit-and-wait.workflowId.ledger-string', 'endpoint', '| workflowId | string | no | LedgerString |'),
  submitAndWait('submit-and-wait.deduplicationPeriod.optional', 'endpoint', DEDUPLICATION),
  submitAndWait('submit-and-wait.deduplicationPeriod.duration-only', 'endpoint', DEDUPLICATION),
  // Its length is not observable, but its consequence is: without a period, an immediate resubmission of the same
  // change id is deduplicated (a configured maximum of zero would deduplicate nothing).
  submitAndWait('submit-and-wait.deduplicationPeriod.default-maximum', 'endpoint', DEDUPLICATION),
  submitAndWait('submit-and-wait.minLedgerTimeAbs.timestamp', 'endpoint', '| minLedgerTimeAbs | string | | timestamp |'),
  submitAndWait('submit-and-wait.minLedgerTimeRel.duration', 'endpoint', '| minLedgerTimeRel | Duration | | |'),
  submitAndWait('submit-and-wait.submissionId.string', 'endpoint', '| submissionId | string | | |'),
  submitAndWait(
    'submit-and-wait.disclosedContracts.shape',
    'endpoint',
    '| disclosedContracts | array of `{templateId, contractId, createdEventBlob, synchronizerId}` (strings) | | |',
  ),
  submitAndWait('submit-and-wait.synchronizerId.string', 'endpoint', '| synchronizerId | string | | |'),
  submitAndWait('submit-and-wait.packageIdSelectionPreference.strings', 'endpoint', '| packageIdSelectionPreference | string[] | | |'),
  submitAndWait(
    'submit-and-wait.prefetchContractKeys.shape',
    'endpoint',
    '| prefetchContractKeys | array of `{templateId: string, contractKey: string, limit: int32}` | | |',
  ),
  submitAndWait('submit-and-wait.tapsMaxPasses.integer', 'endpoint', '| tapsMaxPasses | integer | | |'),
  submitAndWaitNotShown(
    'submit-and-wait.unmarked-fields.not-shown',
    'endpoint',
    'Whether the fields listed without a Required value are required, and their semantics: not shown.',
  ),
  submitAndWait('submit-and-wait.response.shape', 'endpoint', 'Response 200: `{updateId: string, completionOffset: int64}`.'),

  dars('dars-upload.summary', 'endpoint', 'Uploads a DAR to the participant node.'),
  dars('dars-upload.body.octet-stream', 'endpoint', DARS_BODY),
  dars('dars-upload.body.required', 'endpoint', DARS_BODY),
  dars('dars-upload.body.binary', 'format', 'DAR uploads send binary bodies;', { section: INTRODUCTION }),
  dars('dars-upload.vetAllPackages.optional-boolean', 'endpoint', DARS_QUERY),
  dars('dars-upload.synchronizerId.optional', 'endpoint', DARS_QUERY),
  dars(
    'dars-upload.vetting.upgrade-compatibility',
    'endpoint',
    'When vetting is enabled in the request, the DAR is checked for upgrade compatibility with the packages already vetted on the target vetting synchronizer.',
    {
      untestable: 'needs a connected vetting synchronizer and an upgrade-incompatible package pair; the spec does not define compatibility',
    },
  ),
  darsNotShown(
    'dars-upload.vetAllPackages.effect.not-shown',
    'endpoint',
    'Effect of `vetAllPackages`: not shown beyond its name and type.',
  ),
  dars('dars-upload.response.200', 'endpoint', 'Response 200: UploadDarFileResponse (JSON).'),

  packages('packages-upload.query.same-as-dars', 'endpoint', PACKAGES_SAME),
  packages('packages-upload.body.same-as-dars', 'endpoint', PACKAGES_SAME),
  packages('packages-upload.response.same-as-dars', 'endpoint', PACKAGES_SAME),
  packages('packages-upload.deprecated', 'versioning', 'It will be deprecated and removed in a future release.', {
    untestable: 'announces a future change; nothing observable now',
  }),

  darsValidate(
    'dars-validate.validates',
    'endpoint',
    'Validates the DAR and checks upgrade compatibility of its packages against the already vetted packages on the target vetting synchronizer.',
  ),
  // Observable through the upgrade check: after validating DAR A, uploading a DAR B of the same name and
  // version with another package id must still succeed, which it would not if A had been vetted.
  darsValidate('dars-validate.no-effect', 'endpoint', VALIDATE_NO_EFFECT),
  darsValidate('dars-validate.body.octet-stream', 'endpoint', VALIDATE_REQUEST),
  darsValidate('dars-validate.body.required', 'endpoint', VALIDATE_REQUEST),
  darsValidate('dars-validate.synchronizerId.optional', 'endpoint', VALIDATE_REQUEST),
  darsValidate('dars-validate.response.no-body', 'endpoint', 'Response 200: no body.'),

  trafficAccount('traffic-account.account-id.required', 'endpoint', 'Path parameter `account-id` (string, required).'),
  trafficAccount('traffic-account.response.shape', 'endpoint', TRAFFIC_RESPONSE),
  trafficAccount(
    'traffic-account.feature-gated',
    'endpoint',
    'Exposed only when the traffic-enforcement feature is enabled in the node configuration.',
  ),
  trafficAccount(
    'traffic-account.auth.act-as-or-execute-as',
    'auth',
    'Permitted only to users with act-as or execute-as rights for the party associated with the account id.',
    { features: ['authorization'] },
  ),

  readyz('readyz.summary', 'endpoint', 'Checks that the service is ready to serve requests.'),
  readyz('readyz.response.text-plain', 'endpoint', 'Response 200: `text/plain` readiness message.'),
];
