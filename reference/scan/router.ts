/**
 * Request routing as Scan's guardrail routes do it: path first, then method, then query parameters.
 * A path that no route serves at the configured version is an unknown path (404); a known path with
 * another method is 405.
 */
import {
  type PathParameters,
  type ScanContext,
  memberTrafficStatus,
  participantIdV0,
  participantIdV1,
  rewardsCollected,
  roundOfLatestData,
  topValidatorsByValidatorFaucets,
} from './handlers.js';
import { dsoInfo } from './dso.js';
import { type ScanResponse, jsonOk, textResponse } from './responses.js';
import { ScanReleases, isAtLeast } from './version.js';

export const SCAN_BASE_PATH = '/api/scan';

interface ScanRoute {
  pattern: string;
  addedIn?: string;
  removedIn?: string;
  handle(context: ScanContext, parameters: PathParameters, query: URLSearchParams): ScanResponse;
}

export const scanRoutes: readonly ScanRoute[] = [
  { pattern: '/v0/dso', handle: (context) => dsoInfo(context) },
  // Splice's common admin route (common-external.yaml `getVersion`): the release the scan runs and its commit time.
  { pattern: '/version', handle: (context) => jsonOk({ version: context.version.text, commit_ts: context.data.latestRound.effectiveAt }) },
  {
    pattern: '/v0/domains/{domain_id}/members/{member_id}/traffic-status',
    handle: (context, parameters) => memberTrafficStatus(context, parameters),
  },
  {
    pattern: '/v0/domains/{domain_id}/parties/{party_id}/participant-id',
    handle: (context, parameters) => participantIdV0(context, parameters),
  },
  {
    pattern: '/v1/domains/{domain_id}/parties/{party_id}/participant-id',
    addedIn: ScanReleases.participantIdV1Added,
    handle: (context, parameters) => participantIdV1(context, parameters),
  },
  {
    pattern: '/v0/top-validators-by-validator-faucets',
    removedIn: ScanReleases.leaderboardsRemoved,
    handle: (context, _parameters, query) => topValidatorsByValidatorFaucets(context, query),
  },
  {
    pattern: '/v0/rewards-collected',
    removedIn: ScanReleases.roundAggregatesRemoved,
    handle: (context, _parameters, query) => rewardsCollected(context, query),
  },
  {
    pattern: '/v0/round-of-latest-data',
    removedIn: ScanReleases.roundAggregatesRemoved,
    handle: (context) => roundOfLatestData(context),
  },
];

export interface ScanRequest {
  method: string;
  /** The request target as received, e.g. `/api/scan/v0/rewards-collected?round=3`. */
  url: string;
}

function isServed(route: ScanRoute, context: ScanContext): boolean {
  if (route.addedIn !== undefined && !isAtLeast(context.version, route.addedIn)) return false;
  if (route.removedIn !== undefined && isAtLeast(context.version, route.removedIn)) {
    return context.faults.has('scan-removed-endpoint-served');
  }
  return true;
}

// Pekko's Segment matcher: a non-empty, percent-decoded path segment.
function matchPattern(pattern: string, segments: string[]): PathParameters | undefined {
  const patternSegments = pattern.split('/');
  if (patternSegments.length !== segments.length) return undefined;
  const parameters: PathParameters = {};
  for (const [index, patternSegment] of patternSegments.entries()) {
    const segment = segments[index] ?? '';
    if (patternSegment.startsWith('{') && patternSegment.endsWith('}')) {
      if (segment === '') return undefined;
      parameters[patternSegment.slice(1, -1)] = segment;
    } else if (patternSegment !== segment) {
      return undefined;
    }
  }
  return parameters;
}

function decodeSegments(path: string): string[] | undefined {
  try {
    return path.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

// HttpAdminService seals the routes with Pekko's default rejection handler: an unmatched path is its
// text/plain 404, whatever the release (verified-against-real FF9).
function notFound(): ScanResponse {
  return textResponse(404, 'The requested resource could not be found.');
}

export function handleScanRequest(context: ScanContext, request: ScanRequest): ScanResponse {
  const queryStart = request.url.indexOf('?');
  const rawPath = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  const query = new URLSearchParams(queryStart < 0 ? '' : request.url.slice(queryStart + 1));
  if (!rawPath.startsWith(`${SCAN_BASE_PATH}/`)) return notFound();
  const segments = decodeSegments(rawPath.slice(SCAN_BASE_PATH.length));
  if (!segments) return textResponse(400, `Illegal request-target: invalid percent-encoding in ${rawPath}`);

  for (const route of scanRoutes) {
    if (!isServed(route, context)) continue;
    const parameters = matchPattern(route.pattern, segments);
    if (!parameters) continue;
    // HEAD is answered like GET (Pekko's transparent HEAD); node drops the body.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return textResponse(405, 'HTTP method not allowed, supported methods: GET', { Allow: 'GET' });
    }
    return route.handle(context, parameters, query);
  }
  return notFound();
}
