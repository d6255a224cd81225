import { Faults, type FaultName } from '../../reference/faults.js';
import { createScanContext, handleScanRequest, SCAN_BASE_PATH, type ScanContext, type ScanResponse } from '../../reference/scan/index.js';
import { loadReferenceFixtures } from './fixtures.js';

export const fixtures = loadReferenceFixtures();
export const synchronizerId = fixtures.scan.synchronizerId;
export const otherSynchronizerId = 'other-synchronizer::1220aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

export function scanContext(scanVersion = '0.6.5', faults: FaultName[] = []): ScanContext {
  return createScanContext({ fixtures, scanVersion, faults: new Faults(faults) });
}

/** Calls the handler for `path` below the scan base path. */
export function get(context: ScanContext, path: string, method = 'GET'): ScanResponse {
  return handleScanRequest(context, { method, url: `${SCAN_BASE_PATH}${path}` });
}

export function json(response: ScanResponse): any {
  expectJsonContentType(response);
  return JSON.parse(response.body);
}

export function errorMessage(response: ScanResponse): string {
  const body = json(response) as { error?: unknown };
  if (typeof body.error !== 'string') throw new Error(`expected an {error} body, got ${response.body}`);
  return body.error;
}

function expectJsonContentType(response: ScanResponse): void {
  if (response.contentType !== 'application/json') {
    throw new Error(`expected application/json, got ${response.contentType}: ${response.body}`);
  }
}

export const trafficPath = (domain: string, member: string) =>
  `/v0/domains/${encodeURIComponent(domain)}/members/${encodeURIComponent(member)}/traffic-status`;
export const participantPath = (version: 'v0' | 'v1', domain: string, party: string) =>
  `/${version}/domains/${encodeURIComponent(domain)}/parties/${encodeURIComponent(party)}/participant-id`;
