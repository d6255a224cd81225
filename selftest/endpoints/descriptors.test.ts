/**
 * The endpoint descriptors (specification/endpoints.ts) against the three other readings of the same endpoints:
 * - the reference target's own route table, both ways (it keeps its own routes: it is the independent reading);
 * - the official OpenAPI of Canton 3.5.1 (`@canton-network/core-ledger-client-types`) and of Splice's scan
 *   (`@canton-network/core-splice-client`): method, path, path and query parameters;
 * - the product files: no product file outside the descriptors spells a descriptor's path but one other at most.
 * And the descriptors' own helpers: path building with encoding, and `matchEndpoint`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRequest } from '../../client/http.js';
import { loadConfig } from '../../config/load.js';
import { startReference, type ReferenceHandle } from '../../reference/index.js';
import { scanRoutes } from '../../reference/scan/router.js';
import { clauses } from '../../specification/clauses.js';
import {
  DESCRIPTOR_NAMES,
  ENDPOINT_DESCRIPTORS,
  endpointLabel,
  endpointPath,
  fillPathTemplate,
  matchEndpoint,
  pathParameterNames,
  REQUEST_ENDPOINT_NAMES,
  type DescriptorName,
  type EndpointDescriptor,
} from '../../specification/endpoints.js';
import { SCHEMA_NAMES } from '../../specification/schemas/index.js';
import { CANTON_LEDGER_OPENAPI, readOpenApiOperations, SPLICE_SCAN_OPENAPI, type OpenApiOperation } from './openapi.js';
import { productFiles, spellingsOf } from './path-spellings.js';

const ROOT = new URL('../../', import.meta.url).pathname;

function descriptor(name: DescriptorName): EndpointDescriptor {
  return ENDPOINT_DESCRIPTORS[name];
}

/** Reference routes without a descriptor, with the reason. None today: every route the reference serves is described. */
const ROUTES_WITHOUT_DESCRIPTOR: Record<string, string> = {};

/** Descriptors the official OpenAPI does not describe, with the reason. */
const NOT_IN_OPENAPI: Partial<Record<DescriptorName, string>> = {
  'traffic-account': 'a Canton 3.6 route (verified-against-real §7 C3): the 3.5.1 OpenAPI has no /v2/traffic path',
  openapi: 'the document itself: Canton serves /docs/openapi beside the API it describes, not inside it',
};

describe('the reference target serves every descriptor, and describes nothing else', () => {
  let reference: ReferenceHandle;
  const participantRoutes: string[] = [];

  beforeAll(async () => {
    const config = await loadConfig({ env: {}, dotenvPath: false });
    if (config.target.kind !== 'reference') throw new Error('the committed default config must select the reference target');
    // With every optional route on (the traffic route is a Canton 3.6 feature, off by default).
    reference = await startReference({ target: { ...config.target, features: { ...config.target.features, trafficAccounts: true } } });
    // The reference's /docs/openapi lists its own route table (reference/participant/node-info.ts).
    const yaml = await (await fetch(`${reference.participantUrl}/docs/openapi`)).text();
    let path = '';
    for (const line of yaml.split('\n')) {
      const pathLine = /^ {2}(\/\S*):$/.exec(line);
      if (pathLine) path = pathLine[1]!;
      const methodLine = /^ {4}(get|post|put|patch|delete):$/.exec(line);
      if (methodLine && path !== '') participantRoutes.push(`${methodLine[1]!.toUpperCase()} ${path}`);
    }
  });
  afterAll(async () => reference?.close());

  const referenceRoutes = (): string[] => [
    ...participantRoutes.map((route) => `participant ${route}`),
    ...scanRoutes.map((route) => `scan GET ${route.pattern}`),
  ];
  const describedRoutes = (): string[] =>
    DESCRIPTOR_NAMES.map((name) => `${descriptor(name).api} ${descriptor(name).method} ${descriptor(name).path}`);

  it('reads a route table of the reference', () => {
    expect(participantRoutes.length).toBeGreaterThan(20);
    expect(participantRoutes).toContain('POST /v2/commands/submit-and-wait');
  });

  it('every descriptor has a reference route (same API, method and path template)', () => {
    const routes = new Set(referenceRoutes());
    expect(describedRoutes().filter((route) => !routes.has(route))).toEqual([]);
  });

  it('every reference route has a descriptor, but for the listed exceptions', () => {
    const described = new Set(describedRoutes());
    const missing = referenceRoutes().filter((route) => !described.has(route) && ROUTES_WITHOUT_DESCRIPTOR[route] === undefined);
    expect(missing).toEqual([]);
    // An exception that has since got its descriptor (or lost its route) is stale.
    for (const route of Object.keys(ROUTES_WITHOUT_DESCRIPTOR)) expect(referenceRoutes()).toContain(route);
  });

  it("the reference agrees with each descriptor's auth need: served without a token exactly when it needs none", async () => {
    const disagree: string[] = [];
    for (const name of DESCRIPTOR_NAMES) {
      const { api, method, path, auth } = descriptor(name);
      const filled = fillPathTemplate(path, Object.fromEntries(pathParameterNames(path).map((parameter) => [parameter, 'x'])));
      const withBody = method === 'GET' || method === 'DELETE' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } };
      const response = await fetch(`${api === 'scan' ? reference.scanUrl : reference.participantUrl}${filled}`, { method, ...withBody });
      await response.arrayBuffer();
      // Without a token: a route that needs one is refused (401/403; or 400 where, as in Canton, the body is decoded
      // before the token is checked), never served; a route that needs none is never refused for the token.
      const refusedForToken = response.status === 401 || response.status === 403;
      const ok = auth === 'none' ? !refusedForToken : refusedForToken || (response.status === 400 && 'body' in withBody);
      if (!ok) disagree.push(`${name} (auth ${auth}): ${method} ${filled} without a token answered ${response.status}`);
    }
    expect(disagree).toEqual([]);
  });

  it('a request named by its descriptor reaches the reference route', async () => {
    const response = await fetch(`${reference.participantUrl}${endpointPath('readyz')}`);
    expect(response.status).toBe(200);
    const scan = await fetch(`${reference.scanUrl}${endpointPath('scan.version')}`);
    expect(scan.status).toBe(200);
  });
});

describe('the descriptors agree with the official OpenAPI where it describes the endpoint', () => {
  const ledger = readOpenApiOperations(CANTON_LEDGER_OPENAPI());
  const scan = readOpenApiOperations(SPLICE_SCAN_OPENAPI());

  it('reads both documents', () => {
    expect(ledger.length).toBeGreaterThan(40);
    expect(scan.length).toBeGreaterThan(40);
  });

  for (const name of DESCRIPTOR_NAMES) {
    const described = descriptor(name);
    it(`${name}: ${endpointLabel(name)}`, () => {
      const operations = described.api === 'scan' ? scan : ledger;
      const samePath = operations.filter((operation) => operation.path === described.path);
      const reason = NOT_IN_OPENAPI[name];
      if (reason !== undefined) {
        expect(samePath, `listed as not in the OpenAPI (${reason}), but it is there now`).toEqual([]);
        return;
      }
      const operation: OpenApiOperation | undefined = samePath.find((candidate) => candidate.method === described.method);
      expect(operation, `the OpenAPI has ${described.path} with ${samePath.map((o) => o.method).join(', ') || 'no method'}`).toBeDefined();
      expect(operation!.pathParameters.map((parameter) => parameter.name).sort()).toEqual(pathParameterNames(described.path).sort());
      for (const query of described.query ?? []) {
        const official = operation!.queryParameters.find((parameter) => parameter.name === query.name);
        expect(official, `query parameter ${query.name} of ${name}`).toBeDefined();
        expect(official!.required, `query parameter ${query.name} of ${name}: required`).toBe(query.required);
      }
    });
  }
});

describe('descriptors are complete and consistent', () => {
  it('name existing schemas, and give the request generators exactly the generated endpoints', () => {
    for (const name of DESCRIPTOR_NAMES) {
      const { request, response } = descriptor(name);
      for (const schema of [request, response]) if (schema !== undefined) expect(SCHEMA_NAMES).toContain(schema);
    }
    expect(REQUEST_ENDPOINT_NAMES).toEqual(DESCRIPTOR_NAMES.filter((name) => descriptor(name).generated === true));
  });

  it('a GET is read-only, and a read-only endpoint needs no write feature', () => {
    for (const name of DESCRIPTOR_NAMES) {
      const { method, readOnly, requires = [] } = descriptor(name);
      if (method === 'GET') expect(readOnly, name).toBe(true);
      if (readOnly) expect(requires, name).not.toContain('writes');
    }
  });

  it('every clause naming an endpoint names a descriptor; reports show its method and path', () => {
    const named = clauses.filter((clause) => clause.endpoint !== undefined);
    expect(named.length).toBeGreaterThan(100);
    for (const clause of named) expect(DESCRIPTOR_NAMES).toContain(clause.endpoint);
    expect(endpointLabel('submit-and-wait')).toBe('POST /v2/commands/submit-and-wait');
    expect(endpointLabel('scan.round-of-latest-data')).toBe('GET scan /v0/round-of-latest-data');
  });
});

describe('paths from descriptors', () => {
  it('fills and encodes path parameters', () => {
    expect(endpointPath('users.get', { 'user-id': 'alice' })).toBe('/v2/users/alice');
    expect(endpointPath('scan.traffic-status', { domain_id: 'global-domain::1220ab', member_id: 'PAR::p/1' })).toBe(
      '/v0/domains/global-domain%3A%3A1220ab/members/PAR%3A%3Ap%2F1/traffic-status',
    );
    expect(endpointPath('readyz')).toBe('/readyz');
  });

  it('refuses a missing or an unknown parameter, naming it', () => {
    expect(() => endpointPath('users.get')).toThrow(/needs the parameter user-id/);
    expect(() => fillPathTemplate('/v2/users/{user-id}', { 'user-id': 'a', userId: 'b' })).toThrow(/has no parameter userId/);
  });

  it('the client resolves an endpoint request to its API, method and path', () => {
    expect(resolveRequest({ endpoint: 'users.revoke-rights', params: { 'user-id': 'bob' }, body: {}, user: 'admin' })).toEqual({
      api: 'participant',
      method: 'PATCH',
      path: '/v2/users/bob/rights',
      body: {},
      user: 'admin',
    });
    const plain = { api: 'scan', method: 'GET', path: '/v0/nowhere' } as const;
    expect(resolveRequest(plain)).toBe(plain);
  });
});

describe('matchEndpoint', () => {
  const sample = (template: string) =>
    fillPathTemplate(template, Object.fromEntries(pathParameterNames(template).map((name) => [name, `x:${name}`])));

  it('finds every descriptor from a path it built', () => {
    for (const name of DESCRIPTOR_NAMES) {
      const { api, method, path } = descriptor(name);
      expect(matchEndpoint(api, method, sample(path)), name).toBe(name);
      expect(matchEndpoint(api, method.toLowerCase(), `${sample(path)}?a=1`), `${name} with a query`).toBe(name);
    }
  });

  it('prefers literal segments, and tells the APIs and methods apart', () => {
    expect(matchEndpoint('participant', 'GET', '/v2/parties/participant-id')).toBe('parties.participant-id');
    expect(matchEndpoint('participant', 'GET', '/v2/parties/alice%3A%3A1220')).toBe('parties.get');
    expect(matchEndpoint('participant', 'GET', '/v2/packages')).toBe('packages-list');
    expect(matchEndpoint('participant', 'POST', '/v2/packages')).toBe('packages-upload');
    expect(matchEndpoint('participant', 'PATCH', '/v2/users/u/rights')).toBe('users.revoke-rights');
    expect(matchEndpoint('scan', 'GET', '/version')).toBe('scan.version');
    expect(matchEndpoint('participant', 'GET', '/version')).toBeUndefined();
    expect(matchEndpoint('participant', 'PUT', '/v2/users')).toBeUndefined();
    expect(matchEndpoint('participant', 'GET', '/v2/users/')).toBeUndefined();
    expect(matchEndpoint('participant', 'GET', '/v2/nothing-here')).toBeUndefined();
  });

  it('matches a recorded URL or a path under the scan base path by its tail', () => {
    expect(matchEndpoint('scan', 'GET', '/api/scan/v0/round-of-latest-data')).toBe('scan.round-of-latest-data');
    expect(matchEndpoint('participant', 'POST', 'http://127.0.0.1:7575/v2/commands/submit-and-wait')).toBe('submit-and-wait');
    expect(matchEndpoint('scan', 'GET', '/api/scan/v0/dso')).toBe('scan.dso');
  });
});

describe('no product file but the descriptors spells an endpoint path', () => {
  // The suites and their support are product files too: a suite names its endpoint, it does not spell its path.
  const spellings = spellingsOf(ROOT, [...new Set(DESCRIPTOR_NAMES.map((name) => descriptor(name).path))]);

  it('each descriptor path is spelled in at most 2 product files, one of them specification/endpoints.ts', () => {
    const over = [...spellings].filter(([, files]) => files.length > 2);
    expect(over).toEqual([]);
    for (const [path, files] of spellings) expect(files, path).toContain('specification/endpoints.ts');
  });

  it('counts the suites and their support', () => {
    const files = productFiles(ROOT);
    expect(files.filter((file) => file.startsWith('suites/support/')).length).toBeGreaterThan(0);
    expect(files.filter((file) => file.endsWith('.suite.ts')).length).toBeGreaterThan(40);
  });
});
