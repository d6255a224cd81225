/**
 * How the scan suites address the scan endpoints: by their descriptor's name (specification/endpoints.ts), with the
 * path parameters encoded as `pathSegment` writes them, sent without credentials (the spec shows no authentication for
 * scan). Only a route that is no endpoint (an unknown path) is sent by its raw path, through `getScanRoute`.
 */
import type { ClientRequest, ClientResponse } from '../../client/http.js';
import { endpointPath, type CertifiedEndpointName, type DescriptorName } from '../../specification/endpoints.js';

/** A path segment as sent: percent-encoded, but `:` kept readable (it is legal in a segment). */
export function pathSegment(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
}

/** An endpoint of the scan, by its descriptor's name. */
export type ScanEndpointName = CertifiedEndpointName<'scan'> | Extract<DescriptorName, `scan.${string}`>;

/** The path of a scan endpoint with its parameters filled in as `pathSegment` writes them. */
export function scanPath(endpoint: ScanEndpointName, parameters: Readonly<Record<string, string>> = {}): string {
  // endpointPath percent-encodes every parameter; the descriptors' templates hold no `%3A` of their own.
  return endpointPath(endpoint, parameters).replace(/%3A/gi, ':');
}

type Sender = { send(request: ClientRequest): Promise<ClientResponse> };

/** GET on a scan endpoint without any token. */
export function getScan(
  context: Sender,
  endpoint: ScanEndpointName,
  parameters: Readonly<Record<string, string>> = {},
  query?: ClientRequest['query'],
): Promise<ClientResponse> {
  return getScanRoute(context, scanPath(endpoint, parameters), query);
}

/** GET on a raw scan path (a route that is no endpoint, e.g. an unknown one) without any token. */
export function getScanRoute(context: Sender, path: string, query?: ClientRequest['query']): Promise<ClientResponse> {
  return context.send({ api: 'scan', method: 'GET', path, user: null, ...(query ? { query } : {}) });
}
