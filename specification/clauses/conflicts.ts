/**
 * Conflict clauses: statements of the spec that real Canton 3.5 contradicts (facts: verified-against-real.md §2,
 * and FF1). Each quotes the spec's sentence and carries what the spec expects, what Canton does, and the
 * evidence. The `canton` profile expects Canton's behaviour; the `spec` profile expects the spec's and reports a
 * target that behaves like Canton as deviating ("deviates from the spec as Canton 3.5 does"), apart from failures.
 */
import { clauseGroup } from './define.js';

const RESOURCES = 'Resources and their fields';
const SUBMIT = 'Endpoints > POST {base_url}/v2/commands/submit-and-wait';
const EXECUTE = 'Endpoints > POST {base_url}/v2/interactive-submission/execute';

const deduplication = clauseGroup({
  section: `${RESOURCES} > Deduplication period (execute form and submit-and-wait form)`,
  resource: 'DeduplicationPeriod',
  endpoint: 'submit-and-wait',
  features: ['writes'],
});
const submitAndWait = clauseGroup({ section: SUBMIT, endpoint: 'submit-and-wait', features: ['writes'] });
const execute = clauseGroup({ section: EXECUTE, endpoint: 'execute', features: ['interactiveSubmission'] });
const duration = clauseGroup({ section: `${RESOURCES} > Duration`, resource: 'Duration', features: ['writes'] });
const unions = clauseGroup({
  section: `${RESOURCES} > Deduplication period (execute form and submit-and-wait form)`,
  features: ['writes'],
});
const errors = clauseGroup({ section: 'Errors', endpoint: 'authenticated-user' });
const identifierFilter = clauseGroup({
  section: `${RESOURCES} > CumulativeFilter`,
  resource: 'IdentifierFilter',
  endpoint: 'update-by-offset',
  features: ['writes'],
});

const DEDUP_SUBMIT_EVIDENCE =
  'CommandsValidator.scala:392-423; the official 3.5.1 types (`openapi-3.5.1.d.ts`): JsCommands.deduplicationPeriod is the 3-variant DeduplicationPeriod';

export const conflictClauses = [
  deduplication(
    'deduplication-period.DeduplicationOffset.execute-form-only',
    'union',
    '| DeduplicationOffset | `{value: int64}` (execute form only) |',
    {
      conflict: {
        spec: 'DeduplicationOffset belongs to the execute form only: submit-and-wait rejects it',
        canton: 'submit-and-wait accepts `{"DeduplicationOffset":{"value":n}}`',
        evidence: DEDUP_SUBMIT_EVIDENCE,
      },
    },
  ),
  deduplication('deduplication-period.Empty.execute-form-only', 'union', '| Empty | `{}` (execute form only) |', {
    conflict: {
      spec: 'Empty belongs to the execute form only: submit-and-wait rejects it',
      canton: 'submit-and-wait accepts `{"Empty":{}}`',
      evidence: DEDUP_SUBMIT_EVIDENCE,
    },
  }),
  execute('execute.deduplicationPeriod.optional', 'endpoint', '| deduplicationPeriod | deduplication period (execute form) | no | |', {
    conflict: {
      spec: 'deduplicationPeriod is optional: an execute without it is accepted',
      canton:
        "an execute without it is rejected: 400 text `Invalid value for: body (Missing required field at 'deduplicationPeriod')` (JsExecuteSubmissionRequest has no default)",
      evidence: 'JsInteractiveSubmissionService.scala:209-217',
    },
  }),
  submitAndWait('submit-and-wait.workflowId.non-empty', 'endpoint', '| workflowId | string | no | LedgerString |', {
    conflict: {
      spec: 'workflowId is a LedgerString, which is non-empty: an empty workflowId is rejected',
      canton: 'an empty workflowId is accepted (it means none)',
      evidence: 'FieldValidator.scala:176-180',
    },
  }),
  duration('duration.seconds.required', 'resource', '| seconds | int64 | yes | |', {
    conflict: {
      spec: 'seconds is required: a Duration without it is rejected',
      canton: 'a Duration without seconds is accepted (the ScalaPB default 0)',
      evidence: 'JsSchema.scala:423 (deriveConfiguredCodec)',
    },
  }),
  submitAndWait(
    'submit-and-wait.userId.empty-with-user-token',
    'endpoint',
    "| userId | string | no | UserIdString; required unless a user token is used, in which case the token's user id is used |",
    {
      conflict: {
        spec: 'userId, when given, is a UserIdString, which is non-empty: an empty userId is rejected',
        canton: "an empty userId with a user token is accepted: the token's user is used",
        evidence: 'the Authorizer of the Ledger API (defaultToAuthenticatedUser)',
      },
    },
  ),
  unions('unions.several-keys', 'union', 'A tagged union: exactly one of these single-key objects.', {
    conflict: {
      spec: 'a union object holds exactly one key: one with two keys is rejected',
      canton: 'a union object with two keys is accepted: strictDecoding=false picks the first constructor that matches',
      evidence: 'JsSchema.scala:56-58',
    },
  }),
  identifierFilter(
    'identifier-filter.package-id-format.accepted',
    'union',
    'package-name and package-id reference formats are accepted (package-id format deprecated)',
    {
      conflict: {
        spec: 'a TemplateFilter or InterfaceFilter naming its template or interface in the package-id format is accepted and matches',
        canton:
          'a filter in the package-id format is rejected: 400 application/json INVALID_FIELD, cause `… Invalid field packageId: Received an identifier with package ID <id>, but expected a package name.` (commands still take package ids)',
        evidence:
          'FormatValidator.scala:168-206 (validateTemplateFilter, validateInterfaceFilter → validateNameTypeConRef), tag 3.5-open-source-2026-06-10.13',
      },
    },
  ),
  errors(
    'errors.400-text-names-identity-provider-id',
    'error',
    'When a request body or a query parameter is invalid, area A answers 400 with a `text/plain` string naming the invalid part (body, or the query parameter: `identity-provider-id`, `vetAllPackages`, `synchronizerId`).',
    {
      conflict: {
        spec: 'a malformed identity-provider-id is answered 400 text/plain naming `identity-provider-id`',
        canton:
          'the parameter never fails to decode; the Authorizer rejects the id: 400 application/json INVALID_TOKEN, category 8, cause `The submitted token has a field with invalid value: Invalid field identity_provider_id: …`',
        evidence:
          'JsUserManagementService.scala:135-152, 313-316; Authorizer.scala:57-65, 233-238; AuthorizationChecksErrors.scala:119-131 (FF1)',
      },
    },
  ),
];
