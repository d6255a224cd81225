/**
 * How the scan suites address the six scan endpoints: paths below the scan base URL with their path
 * parameters encoded, sent without credentials (the spec shows no authentication for scan).
 */
import type { ClientRequest, ClientResponse } from '../../client/http.js';

/** A path segment as sent: percent-encoded, but `:` kept readable (it is legal in a segment). */
export function pathSegment(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
}

export const scanPaths = {
  trafficStatus: (domainId: string, memberId: string) =>
    `/v0/domains/${pathSegment(domainId)}/members/${pathSegment(memberId)}/traffic-status`,
  participantIdV0: (domainId: string, partyId: string) =>
    `/v0/domains/${pathSegment(domainId)}/parties/${pathSegment(partyId)}/participant-id`,
  participantIdV1: (domainId: string, partyId: string) =>
    `/v1/domains/${pathSegment(domainId)}/parties/${pathSegment(partyId)}/participant-id`,
  topValidators: '/v0/top-validators-by-validator-faucets',
  rewardsCollected: '/v0/rewards-collected',
  roundOfLatestData: '/v0/round-of-latest-data',
} as const;

type Sender = { send(request: ClientRequest): Promise<ClientResponse> };

/** GET on scan without any token. */
export function getScan(context: Sender, path: string, query?: ClientRequest['query']): Promise<ClientResponse> {
  return context.send({ api: 'scan', method: 'GET', path, user: null, ...(query ? { query } : {}) });
}
