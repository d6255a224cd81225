/**
 * Invalid requests of every endpoint: a valid request with one part (body, query or path parameter)
 * replaced by an invalid value that carries its tag.
 */
import fc from 'fast-check';
import type { GeneratorContext } from '../context.js';
import { requestOf, validRequestArbitraries, JSON_CONTENT, OCTET_STREAM } from '../requests/valid-requests.js';
import type { EndpointName, GeneratedRequest, InvalidRequest } from '../requests/types.js';
import { invalidDarRules } from './dar.js';
import { invalidExecuteRules } from './execute.js';
import type { InvalidBody, InvalidTag, InvalidValue } from './mutation.js';
import {
  invalidDomainIdParameter,
  invalidMemberIdParameter,
  invalidPartyIdParameter,
  invalidScanLimitRules,
  invalidScanRound,
  invalidVetAllPackages,
} from './parameters.js';
import { invalidSubmitAndWaitRules } from './submit-and-wait.js';
import { invalidUpdateByOffsetRules } from './update-by-offset.js';

function tagOf(invalid: InvalidValue): InvalidTag {
  return {
    clauseId: invalid.clauseId,
    rule: invalid.rule,
    part: invalid.part,
    violation: invalid.violation,
    ...(invalid.alsoBreaks ? { alsoBreaks: invalid.alsoBreaks } : {}),
    ...(invalid.reportedAs ? { reportedAs: invalid.reportedAs } : {}),
  };
}

function jsonBodyRequests(endpoint: EndpointName, rules: fc.Arbitrary<InvalidBody>[]): fc.Arbitrary<InvalidRequest>[] {
  return rules.map((rule) =>
    rule.map((invalid) => {
      const user = invalid.asUser !== undefined ? { asUser: invalid.asUser } : {};
      return {
        ...requestOf(endpoint, { headers: { ...JSON_CONTENT }, body: invalid.value, ...user }),
        invalid: tagOf(invalid),
        base: requestOf(endpoint, { headers: { ...JSON_CONTENT }, body: invalid.base, ...user }),
        mutation: invalid.mutation,
      };
    }),
  );
}

/** Puts an invalid query or path parameter into a valid request of the same endpoint. */
function withParameter(valid: fc.Arbitrary<GeneratedRequest>, rule: fc.Arbitrary<InvalidValue<string>>): fc.Arbitrary<InvalidRequest> {
  return fc.tuple(valid, rule).map(([request, invalid]) => {
    const { name, kind } = invalid.part;
    const parts = {
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      query: kind === 'query' ? { ...request.query, [name]: invalid.value } : { ...request.query },
      pathParams: kind === 'path' ? { ...request.pathParams, [name]: invalid.value } : { ...request.pathParams },
    };
    const user = request.asUser !== undefined ? { asUser: request.asUser } : {};
    return { ...requestOf(request.endpoint, { ...parts, ...user }), invalid: tagOf(invalid), base: request };
  });
}

function darBodies(
  endpoint: 'dars-upload' | 'packages-upload' | 'dars-validate',
  valid: fc.Arbitrary<GeneratedRequest>,
): fc.Arbitrary<InvalidRequest>[] {
  return invalidDarRules().map((rule) =>
    fc.tuple(valid, rule).map(([base, invalid]) => ({
      ...requestOf(endpoint, { ...(base.query ? { query: base.query } : {}), headers: { ...OCTET_STREAM }, body: invalid.value }),
      invalid: tagOf(invalid),
      base,
    })),
  );
}

/** Every invalid-request rule of every endpoint; endpoints without invalid input have none. */
export function invalidRequestRules(context: GeneratorContext): Record<EndpointName, fc.Arbitrary<InvalidRequest>[]> {
  const valid = validRequestArbitraries(context, 'accepted');
  const scanParameters = (endpoint: 'scan.participant-id-v1' | 'scan.participant-id-v0') => [
    withParameter(valid[endpoint], invalidDomainIdParameter(`canton.${endpoint}.domain-malformed-400`)),
    withParameter(valid[endpoint], invalidPartyIdParameter(`canton.${endpoint}.party-malformed-400`)),
  ];
  return {
    execute: jsonBodyRequests('execute', invalidExecuteRules(context)),
    'update-by-offset': jsonBodyRequests('update-by-offset', invalidUpdateByOffsetRules(context)),
    'authenticated-user': [],
    'submit-and-wait': jsonBodyRequests('submit-and-wait', invalidSubmitAndWaitRules(context)),
    'dars-upload': [
      ...darBodies('dars-upload', valid['dars-upload']),
      withParameter(valid['dars-upload'], invalidVetAllPackages('dars-upload.vetAllPackages.optional-boolean')),
    ],
    'packages-upload': [
      ...darBodies('packages-upload', valid['packages-upload']),
      withParameter(valid['packages-upload'], invalidVetAllPackages('packages-upload.query.same-as-dars')),
    ],
    'dars-validate': darBodies('dars-validate', valid['dars-validate']),
    'traffic-account': [],
    readyz: [],
    'scan.traffic-status': [
      withParameter(valid['scan.traffic-status'], invalidMemberIdParameter()),
      withParameter(valid['scan.traffic-status'], invalidDomainIdParameter('canton.scan.traffic-status.domain-malformed-400')),
    ],
    'scan.participant-id-v1': scanParameters('scan.participant-id-v1'),
    'scan.participant-id-v0': scanParameters('scan.participant-id-v0'),
    'scan.top-validators': invalidScanLimitRules().map((rule) => withParameter(valid['scan.top-validators'], rule)),
    'scan.rewards-collected': [withParameter(valid['scan.rewards-collected'], invalidScanRound())],
    'scan.round-of-latest-data': [],
  };
}
