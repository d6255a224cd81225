/**
 * The generators of every certified endpoint, in one place: its valid requests (`schema` and `accepted`) and its
 * invalid-request rules, each table keyed by every certified endpoint (`generated: true` in specification/endpoints.ts),
 * so a certified endpoint without generators does not compile.
 */
import fc from 'fast-check';
import type { GeneratorContext } from './context.js';
import { invalidExecuteRules } from './invalid/execute.js';
import {
  invalidDomainIdParameter,
  invalidMemberIdParameter,
  invalidPartyIdParameter,
  invalidScanLimitRules,
  invalidScanRound,
  invalidVetAllPackages,
} from './invalid/parameters.js';
import { darBodies, jsonBodyRequests, withParameter } from './invalid/requests.js';
import { invalidSubmitAndWaitRules } from './invalid/submit-and-wait.js';
import { invalidUpdateByOffsetRules } from './invalid/update-by-offset.js';
import {
  accountIdParameter,
  identityProviderIdParameter,
  memberIdParameter,
  scanLimitParameter,
  scanRoundParameter,
  synchronizerIdParameter,
} from './primitives/parameters.js';
import { partyIdString } from './primitives/strings.js';
import type { Mode } from './primitives/unions.js';
import { darRequest, JSON_CONTENT, optionalQuery, pick, requestOf } from './requests/valid-requests.js';
import { executeCase } from './requests/execute.js';
import { submitAndWaitCase } from './requests/submit-and-wait.js';
import type { EndpointName, GeneratedRequest, InvalidRequest } from './requests/types.js';
import { updateByOffsetCase } from './requests/update-by-offset.js';

/**
 * Valid requests of every endpoint, as `GeneratedRequest`s. `accepted` requests name only what the target
 * knows (fixture users, parties, synchronizer, scan members); `schema` requests anything well-formed.
 */
export function validRequestArbitraries(context: GeneratorContext, mode: Mode): Record<EndpointName, fc.Arbitrary<GeneratedRequest>> {
  const domainId = synchronizerIdParameter(mode === 'accepted' ? context.scan.synchronizerId : undefined);
  const scanParty = pick(context.scan.partyIds, partyIdString(), mode);
  const participantIdPath = (endpoint: 'scan.participant-id-v1' | 'scan.participant-id-v0') =>
    fc.record({ domain_id: domainId, party_id: scanParty }).map((pathParams) => requestOf(endpoint, { pathParams }));
  return {
    execute: executeCase(context, { mode }).map(({ asUser, body }) =>
      requestOf('execute', { headers: { ...JSON_CONTENT }, body, ...(asUser ? { asUser } : {}) }),
    ),
    'update-by-offset': updateByOffsetCase(context, mode).map(({ asUser, body }) =>
      requestOf('update-by-offset', { headers: { ...JSON_CONTENT }, body, ...(asUser ? { asUser } : {}) }),
    ),
    'authenticated-user': fc
      .tuple(
        mode === 'accepted' ? fc.constantFrom(...context.userIds) : fc.constant(undefined),
        optionalQuery({ 'identity-provider-id': mode === 'accepted' ? fc.constant('') : identityProviderIdParameter() }),
      )
      .map(([asUser, query]) => requestOf('authenticated-user', { query, ...(asUser ? { asUser } : {}) })),
    'submit-and-wait': submitAndWaitCase(context, { mode }).map(({ asUser, body }) =>
      requestOf('submit-and-wait', { headers: { ...JSON_CONTENT }, body, ...(asUser ? { asUser } : {}) }),
    ),
    'dars-upload': darRequest('dars-upload', context, mode),
    'packages-upload': darRequest('packages-upload', context, mode),
    'dars-validate': darRequest('dars-validate', context, mode),
    'traffic-account': accountIdParameter(mode === 'accepted' ? context.trafficAccountId : undefined).map((accountId) =>
      requestOf('traffic-account', { pathParams: { 'account-id': accountId } }),
    ),
    readyz: fc.constant(requestOf('readyz', {})),
    'scan.traffic-status': fc
      .record({ domain_id: domainId, member_id: pick(context.scan.memberIds, memberIdParameter(), mode) })
      .map((pathParams) => requestOf('scan.traffic-status', { pathParams })),
    'scan.participant-id-v1': participantIdPath('scan.participant-id-v1'),
    'scan.participant-id-v0': participantIdPath('scan.participant-id-v0'),
    'scan.top-validators': scanLimitParameter().map((limit) => requestOf('scan.top-validators', { query: { limit } })),
    'scan.rewards-collected': optionalQuery({ round: scanRoundParameter() }).map((query) => requestOf('scan.rewards-collected', { query })),
    'scan.round-of-latest-data': fc.constant(requestOf('scan.round-of-latest-data', {})),
  };
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
