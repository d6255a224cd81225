/**
 * Valid requests of every endpoint, as `GeneratedRequest`s. `accepted` requests name only what the target
 * knows (fixture users, parties, synchronizer, scan members); `schema` requests anything well-formed.
 */
import fc from 'fast-check';
import { ENDPOINT_DESCRIPTORS, endpointPath } from '../../specification/endpoints.js';
import type { GeneratorContext } from '../context.js';
import { PLAIN_OBJECTS } from '../primitives/boundaries.js';
import { validDar } from '../primitives/dar.js';
import {
  accountIdParameter,
  identityProviderIdParameter,
  memberIdParameter,
  scanLimitParameter,
  scanRoundParameter,
  synchronizerIdParameter,
  vetAllPackagesParameter,
} from '../primitives/parameters.js';
import { partyIdString } from '../primitives/strings.js';
import type { Mode } from '../primitives/unions.js';
import { executeCase } from './execute.js';
import { submitAndWaitCase } from './submit-and-wait.js';
import type { EndpointName, GeneratedRequest } from './types.js';
import { updateByOffsetCase } from './update-by-offset.js';

/** Where a generated request of `endpoint` goes: its descriptor's API, method and path template (specification/endpoints.ts). */
export function endpointTarget(endpoint: EndpointName): { target: 'participant' | 'scan'; method: 'GET' | 'POST'; path: string } {
  const { api, method, path } = ENDPOINT_DESCRIPTORS[endpoint];
  return { target: api, method, path };
}

export const OCTET_STREAM = { 'content-type': 'application/octet-stream' } as const;
export const JSON_CONTENT = { 'content-type': 'application/json' } as const;

/** A request of `endpoint` with the given parts; path parameters are filled in and encoded. */
export function requestOf(
  endpoint: EndpointName,
  parts: Omit<GeneratedRequest, 'endpoint' | 'target' | 'method' | 'path'>,
): GeneratedRequest {
  const { target, method } = endpointTarget(endpoint);
  return { endpoint, target, method, path: endpointPath(endpoint, parts.pathParams ?? {}), ...parts };
}

function optionalQuery(entries: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Record<string, string>> {
  return fc.record(entries, { requiredKeys: [], ...PLAIN_OBJECTS }) as fc.Arbitrary<Record<string, string>>;
}

/** Whether a DAR request vets its packages: validate always does, an upload unless `vetAllPackages=false` (tapir's Boolean: any case). */
function darRequestVets(endpoint: 'dars-upload' | 'packages-upload' | 'dars-validate', query: Record<string, string>): boolean {
  return endpoint === 'dars-validate' || query['vetAllPackages']?.toLowerCase() !== 'false';
}

function darRequest(endpoint: 'dars-upload' | 'packages-upload' | 'dars-validate', context: GeneratorContext, mode: Mode) {
  const synchronizerId = synchronizerIdParameter(mode === 'accepted' ? context.synchronizerId : undefined);
  const drawn =
    endpoint === 'dars-validate'
      ? optionalQuery({ synchronizerId })
      : optionalQuery({ vetAllPackages: vetAllPackagesParameter(), synchronizerId });
  // A request that vets without naming a synchronizer makes Canton auto-detect one, which fails on a node connected
  // to 0 or 2+ (PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER, CantonSyncService.autoDetectSynchronizer): accepted
  // requests name the target's own whenever they vet. Leaving it out is the business of tests requiring `singleSynchronizer`.
  const query =
    mode === 'accepted'
      ? drawn.map((values) =>
          darRequestVets(endpoint, values) && values['synchronizerId'] === undefined
            ? { ...values, synchronizerId: context.synchronizerId }
            : values,
        )
      : drawn;
  return fc
    .tuple(validDar(), query)
    .map(([dar, queryValues]) => requestOf(endpoint, { query: queryValues, headers: { ...OCTET_STREAM }, body: dar.bytes }));
}

function pick(known: string[], fallback: fc.Arbitrary<string>, mode: Mode): fc.Arbitrary<string> {
  return mode === 'accepted' && known.length > 0 ? fc.constantFrom(...known) : fallback;
}

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
