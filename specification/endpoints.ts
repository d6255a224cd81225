/**
 * One descriptor per endpoint the tool sends to: the only place outside the reference target where an endpoint's
 * method and path are written. The client, generators, load scenarios, provision, the harness (latency, preflight)
 * and the clause registry name an endpoint by its typed `EndpointName` and read the rest here, so a typo does not
 * compile and a path changes in one place. The reference target keeps routes of its own (it is the independent second
 * reading); `selftest/specification/endpoint-descriptors.test.ts` holds the two against each other, both ways, and
 * the descriptors against Canton 3.5's and Splice's published OpenAPI where they describe the endpoint.
 *
 * Everything per endpoint derives from its descriptor: the check engine's schema and error-body checks
 * (checks/response-checks.ts), the auth probes and negative-test options of the suites, the scan suites' paths, version
 * gates (`removedIn` / `introducedIn`, written once here), clause sections (`endpointSection`) and requirements
 * (`endpointRequirements`), and the self-tests' tables. Adding a certified endpoint: README "Layout".
 */
import type { Requirement } from './requirements.js';
import type { SchemaName } from './schemas/names.js';

export type EndpointApi = 'participant' | 'scan';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What the request must carry to be served:
 * - `none`: no token (readiness, the scan, the OpenAPI document);
 * - `any-user`: any valid token (the answer is about the caller or the node);
 * - `party-rights`: a token whose user holds the act-as / read-as / execute-as rights over the parties the body names;
 * - `admin`: a token of a user with the ParticipantAdmin right.
 */
export type EndpointAuth = 'none' | 'any-user' | 'party-rights' | 'admin';

/**
 * How the check engine knows an exchange of an endpoint that is not certified (no `generated`): as itself, or as one of
 * the groups of `ENDPOINT_GROUPS`. Certified endpoints are always checked as themselves; others not at all.
 */
export type CheckedAs = 'itself' | 'users' | 'node-state';

export interface QueryParameter {
  name: string;
  type: 'string' | 'boolean' | 'int32' | 'int64';
  required: boolean;
}

export interface EndpointDescriptor {
  api: EndpointApi;
  method: HttpMethod;
  /** Below the API's base URL, with `{name}` path parameters, as the spec and the OpenAPI write it. */
  path: string;
  /** The query parameters the tool knows (the OpenAPI may list more). */
  query?: readonly QueryParameter[];
  /** The JSON Schema of the request body (specification/schemas), where the body is JSON and the suite has one. */
  request?: SchemaName;
  /** The JSON Schema of the 200 answer, where the suite has one. */
  response?: SchemaName;
  auth: EndpointAuth;
  /** No side effects: safe under `--read-only` and to send again. */
  readOnly: boolean;
  /**
   * What the target must offer for the endpoint to be there or to be used (specification/requirements.ts, the one
   * vocabulary of tests, clauses and descriptors). A scan endpoint also needs `scan`, added by `endpointRequirements`.
   */
  requires?: readonly Requirement[];
  /** The release of its API (Splice for the scan) that removed it: from there on its path answers the unknown-route 404. */
  removedIn?: string;
  /** The release of its API (Splice for the scan) that introduced it. */
  introducedIn?: string;
  /**
   * Certified: request generators exist for it (generators/requests, typed so a missing one does not compile), the check
   * engine checks every answer of it, the auth suite probes it and the clause checklist holds it.
   */
  generated?: true;
  /** A route the engine checks although it is not certified (see `CheckedAs`). */
  checkedAs?: CheckedAs;
  /**
   * The request fields Canton 3.5 decodes with a hand-written codec (`deriveConfiguredCodec`), as paths of the body: a
   * missing one is a decode failure, answered as 400 text (checks/canton-rejections.ts).
   */
  cantonHandWrittenFields?: RegExp;
  summary: string;
}

const IDENTITY_PROVIDER: QueryParameter = { name: 'identity-provider-id', type: 'string', required: false };
const SYNCHRONIZER: QueryParameter = { name: 'synchronizerId', type: 'string', required: false };
const VET_ALL: QueryParameter = { name: 'vetAllPackages', type: 'boolean', required: false };

export const ENDPOINT_DESCRIPTORS = {
  // Area A: the endpoints the spec certifies.
  execute: {
    api: 'participant',
    method: 'POST',
    path: '/v2/interactive-submission/execute',
    request: 'ExecuteSubmissionRequest',
    response: 'ExecuteSubmissionResponse',
    cantonHandWrittenFields: /^(preparedTransaction|partySignatures|submissionId|hashingSchemeVersion|deduplicationPeriod)$/,
    auth: 'party-rights',
    readOnly: false,
    requires: ['interactiveSubmission'],
    generated: true,
    summary: 'executes a prepared, externally signed submission',
  },
  'update-by-offset': {
    api: 'participant',
    method: 'POST',
    path: '/v2/updates/update-by-offset',
    request: 'UpdateByOffsetRequest',
    response: 'GetUpdateResponse',
    auth: 'party-rights',
    readOnly: true,
    generated: true,
    summary: 'looks up one update by its offset',
  },
  'authenticated-user': {
    api: 'participant',
    method: 'GET',
    path: '/v2/authenticated-user',
    query: [IDENTITY_PROVIDER],
    response: 'GetUserResponse',
    auth: 'any-user',
    readOnly: true,
    generated: true,
    summary: "the caller's user record",
  },
  'submit-and-wait': {
    api: 'participant',
    method: 'POST',
    path: '/v2/commands/submit-and-wait',
    request: 'SubmitAndWaitRequest',
    response: 'SubmitAndWaitResponse',
    cantonHandWrittenFields: /^(commands|commandId|actAs|commands\[\d+\]\.\w+Command\.\w+)$/,
    auth: 'party-rights',
    readOnly: false,
    requires: ['writes'],
    generated: true,
    summary: 'submits one composite command and waits for its result',
  },
  'dars-upload': {
    api: 'participant',
    method: 'POST',
    path: '/v2/dars',
    query: [VET_ALL, SYNCHRONIZER],
    response: 'UploadDarFileResponse',
    auth: 'admin',
    readOnly: false,
    requires: ['writes'],
    generated: true,
    summary: 'uploads a DAR',
  },
  'packages-upload': {
    api: 'participant',
    method: 'POST',
    path: '/v2/packages',
    query: [VET_ALL, SYNCHRONIZER],
    response: 'UploadDarFileResponse',
    auth: 'admin',
    readOnly: false,
    requires: ['writes'],
    generated: true,
    summary: 'uploads a DAR (the older route of dars-upload)',
  },
  'dars-validate': {
    api: 'participant',
    method: 'POST',
    path: '/v2/dars/validate',
    query: [SYNCHRONIZER],
    auth: 'admin',
    readOnly: true,
    generated: true,
    summary: 'validates a DAR without uploading it',
  },
  'traffic-account': {
    api: 'participant',
    method: 'GET',
    path: '/v2/traffic/accounts/{account-id}',
    response: 'TrafficAccount',
    auth: 'any-user',
    readOnly: true,
    requires: ['trafficAccounts', 'ledgerApi3.5'],
    generated: true,
    summary: "an account's traffic balance (Canton 3.6)",
  },
  readyz: {
    api: 'participant',
    method: 'GET',
    path: '/readyz',
    auth: 'none',
    readOnly: true,
    requires: ['ledgerApi3.5'],
    generated: true,
    summary: 'readiness, as text',
  },
  // Routes of Canton 3.5 the official clients, provision and the preflight use.
  prepare: {
    api: 'participant',
    method: 'POST',
    path: '/v2/interactive-submission/prepare',
    auth: 'party-rights',
    readOnly: true,
    requires: ['interactiveSubmission'],
    summary: 'prepares a transaction for external signing',
  },
  'execute-and-wait': {
    api: 'participant',
    method: 'POST',
    path: '/v2/interactive-submission/executeAndWait',
    request: 'ExecuteSubmissionRequest',
    auth: 'party-rights',
    readOnly: false,
    requires: ['interactiveSubmission'],
    summary: 'executes a prepared, signed transaction and waits until it is committed',
  },
  version: {
    api: 'participant',
    method: 'GET',
    path: '/v2/version',
    auth: 'none',
    checkedAs: 'itself',
    readOnly: true,
    summary: "the node's version and features",
  },
  livez: { api: 'participant', method: 'GET', path: '/livez', auth: 'none', readOnly: true, checkedAs: 'node-state', summary: 'liveness' },
  'ledger-end': {
    api: 'participant',
    method: 'GET',
    path: '/v2/state/ledger-end',
    checkedAs: 'node-state',
    auth: 'any-user',
    readOnly: true,
    summary: 'the ledger end offset',
  },
  'connected-synchronizers': {
    api: 'participant',
    method: 'GET',
    path: '/v2/state/connected-synchronizers',
    checkedAs: 'node-state',
    auth: 'any-user',
    readOnly: true,
    summary: 'the synchronizers the participant is connected to',
  },
  'packages-list': {
    api: 'participant',
    method: 'GET',
    path: '/v2/packages',
    checkedAs: 'node-state',
    auth: 'any-user',
    readOnly: true,
    summary: 'the package ids the node knows',
  },
  openapi: {
    api: 'participant',
    method: 'GET',
    path: '/docs/openapi',
    checkedAs: 'node-state',
    auth: 'none',
    readOnly: true,
    summary: "the node's OpenAPI document",
  },
  'users.create': {
    api: 'participant',
    method: 'POST',
    path: '/v2/users',
    checkedAs: 'users',
    auth: 'admin',
    readOnly: false,
    requires: ['userManagement'],
    summary: 'creates a user with its rights',
  },
  'users.list': { api: 'participant', method: 'GET', path: '/v2/users', auth: 'admin', readOnly: true, summary: 'lists users' },
  'users.get': {
    api: 'participant',
    method: 'GET',
    path: '/v2/users/{user-id}',
    query: [IDENTITY_PROVIDER],
    response: 'GetUserResponse',
    auth: 'admin',
    readOnly: true,
    summary: 'one user',
  },
  'users.update': {
    api: 'participant',
    method: 'PATCH',
    path: '/v2/users/{user-id}',
    checkedAs: 'users',
    auth: 'admin',
    readOnly: false,
    requires: ['userManagement'],
    summary: 'updates a user through a field mask',
  },
  'users.delete': {
    api: 'participant',
    method: 'DELETE',
    path: '/v2/users/{user-id}',
    auth: 'admin',
    readOnly: false,
    requires: ['userManagement'],
    summary: 'deletes a user',
  },
  'users.rights': {
    api: 'participant',
    method: 'GET',
    path: '/v2/users/{user-id}/rights',
    auth: 'admin',
    readOnly: true,
    summary: "a user's rights",
  },
  'users.grant-rights': {
    api: 'participant',
    method: 'POST',
    path: '/v2/users/{user-id}/rights',
    auth: 'admin',
    readOnly: false,
    requires: ['userManagement'],
    summary: 'grants rights to a user',
  },
  'users.revoke-rights': {
    api: 'participant',
    method: 'PATCH',
    path: '/v2/users/{user-id}/rights',
    auth: 'admin',
    readOnly: false,
    requires: ['userManagement'],
    summary: "revokes a user's rights",
  },
  'parties.allocate': {
    api: 'participant',
    method: 'POST',
    path: '/v2/parties',
    auth: 'admin',
    readOnly: false,
    summary: 'allocates a local party',
  },
  'parties.list': {
    api: 'participant',
    method: 'GET',
    path: '/v2/parties',
    auth: 'admin',
    readOnly: true,
    summary: 'lists the known parties',
  },
  'parties.get': {
    api: 'participant',
    method: 'GET',
    path: '/v2/parties/{party}',
    auth: 'admin',
    readOnly: true,
    summary: "one party's details",
  },
  'parties.participant-id': {
    api: 'participant',
    method: 'GET',
    path: '/v2/parties/participant-id',
    auth: 'any-user',
    readOnly: true,
    summary: "the participant's id",
  },
  'parties.generate-topology': {
    api: 'participant',
    method: 'POST',
    path: '/v2/parties/external/generate-topology',
    auth: 'admin',
    readOnly: true,
    summary: "an external party's onboarding transactions and their multi-hash",
  },
  'parties.allocate-external': {
    api: 'participant',
    method: 'POST',
    path: '/v2/parties/external/allocate',
    auth: 'admin',
    readOnly: false,
    summary: 'allocates an external party with its signed topology',
  },
  // The scan (below its base URL, e.g. `/api/scan`).
  'scan.traffic-status': {
    api: 'scan',
    method: 'GET',
    path: '/v0/domains/{domain_id}/members/{member_id}/traffic-status',
    response: 'GetMemberTrafficStatusResponse',
    auth: 'none',
    readOnly: true,
    generated: true,
    summary: "a member's traffic status",
  },
  'scan.participant-id-v1': {
    api: 'scan',
    method: 'GET',
    path: '/v1/domains/{domain_id}/parties/{party_id}/participant-id',
    response: 'GetPartyToParticipantResponseV1',
    introducedIn: '0.5.17',
    auth: 'none',
    readOnly: true,
    generated: true,
    summary: 'the participants hosting a party',
  },
  'scan.participant-id-v0': {
    api: 'scan',
    method: 'GET',
    path: '/v0/domains/{domain_id}/parties/{party_id}/participant-id',
    response: 'GetPartyToParticipantResponse',
    auth: 'none',
    readOnly: true,
    generated: true,
    summary: 'the participant hosting a party',
  },
  'scan.top-validators': {
    api: 'scan',
    method: 'GET',
    path: '/v0/top-validators-by-validator-faucets',
    query: [{ name: 'limit', type: 'int32', required: true }],
    response: 'GetTopValidatorsByValidatorFaucetsResponse',
    auth: 'none',
    readOnly: true,
    generated: true,
    removedIn: '0.6.6',
    summary: 'validators by received faucets',
  },
  'scan.rewards-collected': {
    api: 'scan',
    method: 'GET',
    path: '/v0/rewards-collected',
    query: [{ name: 'round', type: 'int64', required: false }],
    response: 'GetRewardsCollectedResponse',
    auth: 'none',
    readOnly: true,
    generated: true,
    removedIn: '0.6.7',
    summary: 'rewards collected',
  },
  'scan.round-of-latest-data': {
    api: 'scan',
    method: 'GET',
    path: '/v0/round-of-latest-data',
    response: 'GetRoundOfLatestDataResponse',
    auth: 'none',
    readOnly: true,
    generated: true,
    removedIn: '0.6.7',
    summary: 'the latest round with aggregated data',
  },
  'scan.dso': {
    api: 'scan',
    method: 'GET',
    path: '/v0/dso',
    auth: 'none',
    readOnly: true,
    summary: "the DSO's rules, SVs and synchronizer",
  },
  'scan.version': {
    api: 'scan',
    method: 'GET',
    path: '/version',
    auth: 'none',
    readOnly: true,
    summary: 'the Splice release the scan runs',
  },
} as const satisfies Record<string, EndpointDescriptor>;

/** One endpoint, by its descriptor's name: what clauses, the client, generators, load and provision name. */
export type DescriptorName = keyof typeof ENDPOINT_DESCRIPTORS;

export const DESCRIPTOR_NAMES = Object.keys(ENDPOINT_DESCRIPTORS) as DescriptorName[];

/**
 * What a test may name as its endpoint besides one descriptor: behaviour shared by a family of endpoints
 * (`participant`, `scan`: routing, unknown paths; `node-state`: the routes official clients read first; `users`:
 * user management as a whole).
 */
export const ENDPOINT_GROUPS = {
  participant: 'every participant endpoint',
  scan: 'every scan endpoint',
  'node-state': 'GET /livez, /v2/state/ledger-end, /v2/packages, /v2/state/connected-synchronizers, /docs/openapi',
  users: 'the user-management routes (canton)',
} as const;

export type EndpointGroupName = keyof typeof ENDPOINT_GROUPS;

/** What a test names as its endpoint (and reports group tests by): one descriptor or a group. */
export type EndpointName = DescriptorName | EndpointGroupName;

/** The endpoints request generators exist for (`generated: true`). */
export type RequestEndpointName = {
  [Name in DescriptorName]: (typeof ENDPOINT_DESCRIPTORS)[Name] extends { generated: true } ? Name : never;
}[DescriptorName];

export const REQUEST_ENDPOINT_NAMES = DESCRIPTOR_NAMES.filter(
  (name): name is RequestEndpointName => (ENDPOINT_DESCRIPTORS[name] as EndpointDescriptor).generated === true,
);

/** The certified endpoints (`generated: true`) of one API. */
export type CertifiedEndpointName<Api extends EndpointApi = EndpointApi> = {
  [Name in RequestEndpointName]: (typeof ENDPOINT_DESCRIPTORS)[Name] extends { api: Api } ? Name : never;
}[RequestEndpointName];

/** The certified endpoints of one API (`generated: true`), in the descriptors' order. */
export function certifiedEndpoints<Api extends EndpointApi>(api: Api): CertifiedEndpointName<Api>[] {
  return REQUEST_ENDPOINT_NAMES.filter((name): name is CertifiedEndpointName<Api> => ENDPOINT_DESCRIPTORS[name].api === api);
}

/**
 * What a target must offer for the endpoint (specification/requirements.ts): its descriptor's `requires`, `scan` for a
 * scan endpoint, and its version window (`introducedIn`, `removedIn`), for a test's `requires` and a clause's `features`.
 */
export function endpointRequirements(name: DescriptorName): Requirement[] {
  const { api, requires = [], introducedIn, removedIn } = ENDPOINT_DESCRIPTORS[name] as EndpointDescriptor;
  const version: Requirement[] =
    api === 'scan'
      ? [
          ...(introducedIn === undefined ? [] : [{ scanVersionAtLeast: introducedIn }]),
          ...(removedIn === undefined ? [] : [{ scanVersionBelow: removedIn }]),
        ]
      : [];
  return [...(api === 'scan' ? ['scan' as const] : []), ...requires, ...version];
}

/** What a test of an endpoint's removal needs: a scan at or past the release that removed it. */
export function removalRequirements(name: DescriptorName): Requirement[] {
  const { removedIn } = ENDPOINT_DESCRIPTORS[name] as EndpointDescriptor;
  if (removedIn === undefined) throw new Error(`the endpoint ${name} has no removedIn in its descriptor (specification/endpoints.ts)`);
  return ['scan', { scanVersionAtLeast: removedIn }];
}

/** The spec's heading of an area A endpoint's section, from its method and path: `Endpoints > GET {base_url}/readyz`. */
export function endpointSection(name: DescriptorName): string {
  const { api, method, path } = ENDPOINT_DESCRIPTORS[name] as EndpointDescriptor;
  return `Endpoints > ${method} {${api === 'scan' ? 'scan_base_url' : 'base_url'}}${path}`;
}

export function endpointDescriptor(name: DescriptorName): EndpointDescriptor & { name: DescriptorName } {
  return { name, ...(ENDPOINT_DESCRIPTORS[name] as EndpointDescriptor) };
}

/** `POST /v2/commands/submit-and-wait`, `GET scan /v0/round-of-latest-data`: how reports show an endpoint. */
export function endpointLabel(name: EndpointName): string {
  if (name in ENDPOINT_GROUPS) return ENDPOINT_GROUPS[name as EndpointGroupName];
  const { api, method, path } = ENDPOINT_DESCRIPTORS[name as DescriptorName] as EndpointDescriptor;
  return `${method} ${api === 'scan' ? 'scan ' : ''}${path}`;
}

/** The `{name}` path parameters of a template, in order. */
export function pathParameterNames(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

/**
 * Fills the `{name}` placeholders of a path template with URL-encoded values (a value may hold `:` or `/`, as party
 * and synchronizer ids do). A missing parameter throws, naming it; an extra one too, as it is surely a typo.
 */
export function fillPathTemplate(template: string, parameters: Readonly<Record<string, string>> = {}): string {
  const names = pathParameterNames(template);
  const extra = Object.keys(parameters).filter((name) => !names.includes(name));
  if (extra.length > 0) throw new Error(`path ${template} has no parameter ${extra.join(', ')} (it has: ${names.join(', ') || 'none'})`);
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new Error(`path ${template} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The path of an endpoint with its parameters filled in and encoded, e.g. `endpointPath('users.get', { 'user-id': 'alice' })`. */
export function endpointPath(name: DescriptorName, parameters: Readonly<Record<string, string>> = {}): string {
  return fillPathTemplate(ENDPOINT_DESCRIPTORS[name].path, parameters);
}

interface CompiledPath {
  name: DescriptorName;
  api: EndpointApi;
  method: HttpMethod;
  /** A string is a literal segment, `null` a parameter. */
  segments: (string | null)[];
}

const COMPILED: readonly CompiledPath[] = DESCRIPTOR_NAMES.map((name) => {
  const { api, method, path } = ENDPOINT_DESCRIPTORS[name] as EndpointDescriptor;
  return {
    name,
    api,
    method,
    segments: path
      .split('/')
      .slice(1)
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment)),
  };
});

function pathSegments(path: string): string[] {
  let pathname = path;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathname)) pathname = new URL(pathname).pathname;
  pathname = pathname.replace(/[?#].*$/s, '');
  return pathname.split('/').slice(1);
}

function matchesAt(compiled: CompiledPath, segments: string[], start: number): boolean {
  return compiled.segments.every((expected, index) => {
    const actual = segments[start + index];
    return actual !== undefined && actual !== '' && (expected === null || expected === actual);
  });
}

function staticCount(compiled: CompiledPath): number {
  return compiled.segments.filter((segment) => segment !== null).length;
}

/**
 * The endpoint a recorded exchange went to: `path` is the request path below the API's base URL (a query string is
 * ignored; a full URL or a path under a base path such as `/api/scan` is matched by its tail). Literal segments win over
 * parameters (`/v2/parties/participant-id` is not `/v2/parties/{party}`); undefined when no descriptor matches.
 */
export function matchEndpoint(api: 'participant' | 'scan', method: string, path: string): DescriptorName | undefined {
  const segments = pathSegments(path);
  const upper = method.toUpperCase();
  const candidates = COMPILED.filter((compiled) => compiled.api === api && compiled.method === upper);
  const best = (found: CompiledPath[]) => found.sort((left, right) => staticCount(right) - staticCount(left))[0]?.name;
  const exact = candidates.filter((compiled) => compiled.segments.length === segments.length && matchesAt(compiled, segments, 0));
  if (exact.length > 0) return best(exact);
  const tail = candidates.filter(
    (compiled) => segments.length > compiled.segments.length && matchesAt(compiled, segments, segments.length - compiled.segments.length),
  );
  return best(tail);
}
