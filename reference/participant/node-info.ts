/**
 * What a participant says about itself, the routes official clients call before anything else:
 * `GET /v2/version` (LedgerClient reads it before every GET), `GET /livez`, `GET /v2/state/connected-synchronizers`,
 * `GET /v2/packages` and `GET /docs/openapi`.
 *
 * Authorization as in Canton 3.5: the version service has no authorizer and `/livez` and `/docs/openapi`
 * no security logic, so they answer any caller (a token of an unknown user is still refused before, as for
 * every route); listing packages and synchronizers needs a valid token (RequiredClaim.Public), and naming
 * a party in connected-synchronizers needs rights over it (AdminOrIdpAdminOrOperateAsParty).
 */
import type { Fixtures, LedgerApiVersion } from '../../config/types.js';
import { invalidField } from '../canton-errors.js';
import { canReadAs, requireCaller, requirePermission } from '../http/auth-context.js';
import type { RefRequest, RefResponse, Route } from '../http/types.js';
import { isUniqueIdentifier, PARTY } from '../string-formats.js';

export interface NodeInfoOptions {
  fixtures: Fixtures;
  ledgerApiVersion: LedgerApiVersion;
  /** Every package the participant knows: its model package and the uploaded ones. */
  packageIds: () => string[];
  /** The participant's whole route table, described by `/docs/openapi`. */
  routes: () => readonly Route[];
}

/** The build version reported; a pre-release tag, so no client mistakes the reference for a Canton release. */
export function referenceVersion(ledgerApiVersion: LedgerApiVersion): string {
  return `${ledgerApiVersion}.0-reference`;
}

// Canton's defaults: UserManagementServiceConfig, PartyManagementServiceConfig, PackageServiceConfig, and
// the offset checkpoint delay of IndexServiceConfig (15 s cache update + 60 s idle stream timeout).
const FEATURES = {
  experimental: { staticTime: { supported: false }, commandInspectionService: { supported: true } },
  userManagement: { supported: true, maxRightsPerUser: 1000, maxUsersPageSize: 1000 },
  partyManagement: { maxPartiesPageSize: 10000 },
  offsetCheckpoint: { maxOffsetCheckpointEmissionDelay: { seconds: 75, nanos: 0, unknownFields: { fields: {} } } },
  packageFeature: { maxVettedPackagesPageSize: 100 },
} as const;

/** The permission with which this participant hosts `partyId`, or undefined when it does not host it. */
function hostingPermission(fixtures: Fixtures, partyId: string, participantId: string): string | undefined {
  const party = fixtures.parties.find((candidate) => candidate.id === partyId);
  if (party === undefined) return undefined;
  if (party.hostedOn !== undefined) return party.hostedOn.find((hosting) => hosting.participantId === participantId)?.permission;
  if (participantId !== fixtures.participantId) return undefined;
  // An external party signs its own submissions: its hosting participant only confirms.
  return party.external ? 'PARTICIPANT_PERMISSION_CONFIRMATION' : 'PARTICIPANT_PERMISSION_SUBMISSION';
}

/** `global-synchronizer` of `global-synchronizer::1220…`: the alias the reference gives its one synchronizer. */
function synchronizerAlias(synchronizerId: string): string {
  return synchronizerId.slice(0, Math.max(0, synchronizerId.indexOf('::'))) || synchronizerId;
}

function openApiYaml(version: string, routes: readonly Route[]): string {
  const byPath = new Map<string, string[]>();
  for (const route of routes) byPath.set(route.pattern, [...(byPath.get(route.pattern) ?? []), route.method.toLowerCase()]);
  const lines = ['openapi: 3.0.3', 'info:', '  title: JSON Ledger API HTTP endpoints', `  version: ${version}`, 'paths:'];
  for (const [path, methods] of [...byPath].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  ${path}:`);
    for (const method of methods) lines.push(`    ${method}:`, '      responses:', "        '200':", '          description: ok');
  }
  return `${lines.join('\n')}\n`;
}

export function nodeInfoRoutes(options: NodeInfoOptions): Route[] {
  const { fixtures } = options;
  const version = referenceVersion(options.ledgerApiVersion);

  function connectedSynchronizers(request: RefRequest): RefResponse {
    const party = request.query.get('party') ?? '';
    const participantId = request.query.get('participantId') ?? '';
    const caller = requireCaller(request.auth);
    if (party !== '') {
      const mayOperate = caller.rights.admin || canReadAs(caller, party) || caller.rights.executeAs.has(party);
      requirePermission(mayOperate, `cannot act, read or execute as ${party}`);
      if (!PARTY.test(party)) throw invalidField('party', `non expected character in party ${JSON.stringify(party)}`);
    }
    // The parameter is the participant's unique identifier; Canton prefixes it with PAR:: itself.
    if (participantId !== '' && !isUniqueIdentifier(participantId)) {
      throw invalidField('participant_id', `Invalid unique identifier \`${participantId}\``);
    }
    const synchronizerId = fixtures.synchronizerId;
    const alias = synchronizerAlias(synchronizerId);
    if (party === '') {
      return {
        status: 200,
        body: { connectedSynchronizers: [{ synchronizerAlias: alias, synchronizerId, permission: 'PARTICIPANT_PERMISSION_UNSPECIFIED' }] },
      };
    }
    const permission = hostingPermission(fixtures, party, participantId === '' ? fixtures.participantId : `PAR::${participantId}`);
    return {
      status: 200,
      body: { connectedSynchronizers: permission === undefined ? [] : [{ synchronizerAlias: alias, synchronizerId, permission }] },
    };
  }

  return [
    { method: 'GET', pattern: '/v2/version', handler: () => ({ status: 200, body: { version, features: FEATURES } }) },
    { method: 'GET', pattern: '/livez', handler: () => ({ status: 200 }) },
    { method: 'GET', pattern: '/v2/state/connected-synchronizers', handler: connectedSynchronizers },
    {
      method: 'GET',
      pattern: '/v2/packages',
      handler: (request) => {
        requireCaller(request.auth);
        return { status: 200, body: { packageIds: options.packageIds() } };
      },
    },
    {
      method: 'GET',
      pattern: '/docs/openapi',
      handler: () => ({ status: 200, body: openApiYaml(version, options.routes()) }),
    },
  ];
}
