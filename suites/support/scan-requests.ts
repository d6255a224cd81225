/**
 * How the scan suites address the six scan endpoints: paths below the scan base URL with their path
 * parameters encoded, sent without credentials (the spec shows no authentication for scan).
 */
import type { ClientRequest, ClientResponse } from '../../client/http.js';
import { endpointPath, type DescriptorName } from '../../specification/endpoints.js';

/** A path segment as sent: percent-encoded, but `:` kept readable (it is legal in a segment). */
export function pathSegment(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
}

/** The path of a scan endpoint (specification/endpoints.ts) with its parameters filled in as `pathSegment` writes them. */
function scanPath(endpoint: DescriptorName, parameters: Readonly<Record<string, string>> = {}): string {
  // endpointPath percent-encodes every parameter; the descriptors' templates hold no `%3A` of their own.
  return endpointPath(endpoint, parameters).replace(/%3A/gi, ':');
}

export const scanPaths = {
  trafficStatus: (domainId: string, memberId: string) => scanPath('scan.traffic-status', { domain_id: domainId, member_id: memberId }),
  participantIdV0: (domainId: string, partyId: string) => scanPath('scan.participant-id-v0', { domain_id: domainId, party_id: partyId }),
  participantIdV1: (domainId: string, partyId: string) => scanPath('scan.participant-id-v1', { domain_id: domainId, party_id: partyId }),
  topValidators: scanPath('scan.top-validators'),
  rewardsCollected: scanPath('scan.rewards-collected'),
  roundOfLatestData: scanPath('scan.round-of-latest-data'),
} as const;

type Sender = { send(request: ClientRequest): Promise<ClientResponse> };

/** GET on scan without any token. */
export function getScan(context: Sender, path: string, query?: ClientRequest['query']): Promise<ClientResponse> {
  return context.send({ api: 'scan', method: 'GET', path, user: null, ...(query ? { query } : {}) });
}
