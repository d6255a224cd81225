/** Clauses of the Errors section: the default error body of area A and the numbered rules. */
import { clauseGroup, notShownGroup } from './define.js';

const errors = clauseGroup({ section: 'Errors', resource: 'ErrorBody' });
const rules = clauseGroup({ section: 'Errors' });
const errorsNotShown = notShownGroup({ section: 'Errors' });

const RULE_1 =
  'When a request body or a query parameter is invalid, area A answers 400 with a `text/plain` string naming the invalid part (body, or the query parameter: `identity-provider-id`, `vetAllPackages`, `synchronizerId`).';
const RULE_1_PATH = 'A malformed path parameter of the traffic account and readiness endpoints also yields 400 (`Invalid value`).';
const RULE_2 =
  'When no update exists at the requested offset, or all its events are filtered, the update lookup raises `UPDATE_NOT_FOUND`.';
const RULE_3 = 'When a submission fails, including interpretation failure, submit-and-wait returns the error of the failed submission.';
const RULE_4 = 'Scan endpoints answer errors as `{error: string}` with statuses shown in the endpoint table (400, 404, 500).';

export const errorClauses = [
  errors('errors.body.code.required-string', 'error', '| code | string | yes |'),
  errors('errors.body.cause.required-string', 'error', '| cause | string | yes |'),
  errors('errors.body.correlationId.optional-string', 'error', '| correlationId | string | no |'),
  errors('errors.body.traceId.optional-string', 'error', '| traceId | string | no |'),
  errors('errors.body.context.required-string-map', 'error', '| context | map string to string | yes |'),
  errors('errors.body.resources.optional-string-pairs', 'error', '| resources | array of string pairs | no |'),
  errors('errors.body.errorCategory.required-int32', 'error', '| errorCategory | int32 | yes |'),
  errors('errors.body.grpcCodeValue.optional-int32', 'error', '| grpcCodeValue | int32 | no |'),
  errors('errors.body.retryInfo.optional-string', 'error', '| retryInfo | string | no |'),
  errors('errors.body.definiteAnswer.optional-boolean', 'error', '| definiteAnswer | boolean | no |'),

  rules('errors.400-text-plain', 'error', RULE_1),
  rules('errors.400-text-names-part', 'error', RULE_1),
  rules('errors.400-text-names-body', 'error', RULE_1),
  rules('errors.400-text-names-vetAllPackages', 'error', RULE_1, { endpoint: 'dars-upload', features: ['writes'] }),
  rules('errors.400-text-names-synchronizerId', 'error', RULE_1, { endpoint: 'dars-upload', features: ['writes'] }),
  rules('errors.400-path-parameter.traffic-account', 'error', RULE_1_PATH, {
    endpoint: 'traffic-account',
    features: ['trafficAccounts', 'ledgerApi3.5'],
  }),
  rules('errors.400-path-parameter.readyz', 'error', RULE_1_PATH, {
    endpoint: 'readyz',
    untestable: 'GET /readyz has no path parameter, so there is nothing to malform',
  }),
  rules('errors.update-not-found', 'error', RULE_2, { endpoint: 'update-by-offset' }),
  rules('errors.submission-error-propagated', 'error', RULE_3, { endpoint: 'submit-and-wait', features: ['writes'] }),
  rules('errors.scan.error-body', 'error', RULE_4),
  rules('errors.scan.declared-statuses', 'error', RULE_4),
  errorsNotShown('errors.status-code.not-shown', 'error', 'Status code of the default error response: not shown.'),
  errorsNotShown('errors.code-catalogue.not-shown', 'error', 'Catalogue of `code` values other than `UPDATE_NOT_FOUND`: not shown.'),
];
