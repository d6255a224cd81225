/**
 * The pieces valid requests are built of: where an endpoint's request goes, a request of it from its parts, the DAR
 * requests. The requests of each endpoint are drawn in generators/endpoints.ts.
 */
import fc from 'fast-check';
import { ENDPOINT_DESCRIPTORS, endpointPath } from '../../specification/endpoints.js';
import type { GeneratorContext } from '../context.js';
import { PLAIN_OBJECTS } from '../primitives/boundaries.js';
import { validDar } from '../primitives/dar.js';
import { synchronizerIdParameter, vetAllPackagesParameter } from '../primitives/parameters.js';
import type { Mode } from '../primitives/unions.js';
import type { EndpointName, GeneratedRequest } from './types.js';

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

export function optionalQuery(entries: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Record<string, string>> {
  return fc.record(entries, { requiredKeys: [], ...PLAIN_OBJECTS }) as fc.Arbitrary<Record<string, string>>;
}

/** Whether a DAR request vets its packages: validate always does, an upload unless `vetAllPackages=false` (tapir's Boolean: any case). */
function darRequestVets(endpoint: 'dars-upload' | 'packages-upload' | 'dars-validate', query: Record<string, string>): boolean {
  return endpoint === 'dars-validate' || query['vetAllPackages']?.toLowerCase() !== 'false';
}

export function darRequest(endpoint: 'dars-upload' | 'packages-upload' | 'dars-validate', context: GeneratorContext, mode: Mode) {
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

export function pick(known: string[], fallback: fc.Arbitrary<string>, mode: Mode): fc.Arbitrary<string> {
  return mode === 'accepted' && known.length > 0 ? fc.constantFrom(...known) : fallback;
}
