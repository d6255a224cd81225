/**
 * One minimal valid request per certified area A endpoint that needs a token, and the fixture user allowed to send it:
 * the auth suite sends each with bad credentials (and expects a denial) and once with the allowed user's token (and
 * expects it accepted, which shows the denials are about the credentials, not the request). Which endpoints, their
 * auth clause and their requirements come from the descriptors (specification/endpoints.ts); the request is the
 * generators' accepted request of the endpoint unless `PROBE_REQUESTS` builds one by hand (a body that needs a prepared
 * transaction, a DAR, a fixture the generators do not know).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import type { ClientRequest, ClientResponse, EndpointRequest } from '../../client/http.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import type { Requirement } from '../../harness/library/requirements.js';
import { executeBody, prepareIou } from './prepared-iou.js';
import { iouCreate, transactionFormat, wildcardFilter } from './ledger.js';
import { generatorContext } from './requests.js';
import { freshId, validRequests } from '../../generators/index.js';
import type { ClauseId } from '../../specification/clauses.js';
import {
  certifiedEndpoints,
  ENDPOINT_DESCRIPTORS,
  endpointRequirements,
  type CertifiedEndpointName,
  type EndpointDescriptor,
} from '../../specification/endpoints.js';

type WithoutCredentials<Request> = Omit<Request, 'user' | 'token' | 'tokenIn'>;

/** A request without its credentials (the auth suites add them): named by its endpoint, or spelled out. */
export type ProbeRequest = WithoutCredentials<EndpointRequest> | WithoutCredentials<ClientRequest>;

/** A certified area A endpoint: each is probed unless its descriptor says it needs no token (`auth: 'none'`). */
type ProbedEndpoint = CertifiedEndpointName<'participant'>;

export interface EndpointProbe {
  endpoint: ProbedEndpoint;
  /** The spec clause saying the endpoint requires authentication. */
  authClause: ClauseId;
  requires: Requirement[];
  /** The request, and the fixture user whose valid token gets it accepted. */
  build(context: ConformanceContext): Promise<BuiltProbe>;
}

export interface BuiltProbe {
  request: ProbeRequest;
  allowedUser: string;
  /** An answer other than 2xx that still shows the request was authorized (e.g. UPDATE_NOT_FOUND). */
  alsoAccepted?: (response: ClientResponse) => boolean;
}

let darBytes: Buffer | undefined;
function fixtureDar(context: ConformanceContext): Buffer {
  darBytes ??= readFileSync(context.fixtures.dar);
  return darBytes;
}

const adminUser = (context: ConformanceContext): string => context.userWhere('is a participant admin', (user) => user.rights.admin).id;

/**
 * Uploads (vetting by default) and validation name the fixture synchronizer: without one Canton auto-detects it and
 * refuses on a node connected to 0 or 2+ synchronizers (PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER).
 */
function darRequest(endpoint: 'dars-upload' | 'packages-upload' | 'dars-validate'): (context: ConformanceContext) => Promise<BuiltProbe> {
  return async (context) => ({
    request: {
      endpoint,
      query: { synchronizerId: context.fixtures.synchronizerId },
      body: fixtureDar(context),
      headers: { 'content-type': 'application/octet-stream' },
    },
    allowedUser: adminUser(context),
  });
}

/** The probes built by hand, by endpoint; every other probed endpoint sends its generators' accepted request. */
const PROBE_REQUESTS: Partial<Record<ProbedEndpoint, (context: ConformanceContext) => Promise<BuiltProbe>>> = {
  'submit-and-wait': async (context) => {
    const bank = context.party('bank');
    return {
      request: {
        endpoint: 'submit-and-wait',
        body: { commands: [iouCreate(context, bank, context.party('alice'))], commandId: freshId('auth'), actAs: [bank] },
      },
      allowedUser: context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id,
    };
  },
  'update-by-offset': async (context) => {
    const reader = context.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice'));
    // Any positive offset makes a valid request; the seeded transaction, when named, is one the reader sees.
    const seeded = context.fixtures.seededUpdates.transactionOffset;
    const offset = seeded ?? 1;
    return {
      request: {
        endpoint: 'update-by-offset',
        body: { offset, updateFormat: transactionFormat({ [context.party('alice')]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA') },
      },
      allowedUser: reader.id,
      ...(seeded === undefined
        ? { alsoAccepted: (response: ClientResponse) => response.status === 404 && response.text.includes('UPDATE_NOT_FOUND') }
        : {}),
    };
  },
  'authenticated-user': async (context) => ({
    request: { endpoint: 'authenticated-user' },
    allowedUser: context.userWhere('is any active user', () => true).id,
  }),
  execute: async (context) => {
    const prepared = await prepareIou(context);
    return {
      request: { endpoint: 'execute', body: executeBody(prepared) },
      allowedUser: prepared.executor,
    };
  },
  'dars-upload': darRequest('dars-upload'),
  'packages-upload': darRequest('packages-upload'),
  'dars-validate': darRequest('dars-validate'),
  'traffic-account': async (context) => {
    const account = context.fixtures.trafficAccount;
    if (!account) return context.skip('the fixtures name no traffic account (trafficAccount)');
    const owner = context.userWhere(
      `can act or execute as ${account.party}`,
      (user) => user.rights.actAs.includes(account.party) || user.rights.executeAs.includes(account.party),
    );
    return {
      request: { endpoint: 'traffic-account', params: { 'account-id': account.accountId } },
      allowedUser: owner.id,
    };
  },
};

/** The generators' accepted request of the endpoint, sent by its `asUser`, or by a user its descriptor's auth allows. */
function generatedProbe(endpoint: ProbedEndpoint): (context: ConformanceContext) => Promise<BuiltProbe> {
  return async (context) => {
    const [generated] = fc.sample(validRequests(generatorContext(context.fixtures), 'accepted')[endpoint], { numRuns: 1, seed: 0 });
    if (generated === undefined) throw new Error(`the generators drew no accepted request of ${endpoint}`);
    const { auth } = ENDPOINT_DESCRIPTORS[endpoint] as EndpointDescriptor;
    const allowedUser =
      generated.asUser ??
      (auth === 'admin'
        ? adminUser(context)
        : auth === 'any-user'
          ? context.userWhere('is any active user', () => true).id
          : context.skip(`the accepted request of ${endpoint} names no user, and its descriptor needs party rights (${auth})`));
    return {
      request: {
        api: generated.target,
        method: generated.method,
        path: generated.path,
        ...(generated.query ? { query: generated.query } : {}),
        ...(generated.headers ? { headers: generated.headers } : {}),
        ...(generated.body !== undefined ? { body: generated.body } : {}),
      },
      allowedUser,
    };
  };
}

/** Every certified area A endpoint that needs a token, with its `<endpoint>.auth.required` clause and requirements. */
export const endpointProbes: EndpointProbe[] = certifiedEndpoints('participant')
  .filter((endpoint) => ENDPOINT_DESCRIPTORS[endpoint].auth !== 'none')
  .map((endpoint) => {
    const requires = endpointRequirements(endpoint);
    const writes: Requirement[] = ENDPOINT_DESCRIPTORS[endpoint].readOnly || requires.includes('writes') ? [] : ['writes'];
    const authClause: ClauseId = `${endpoint}.auth.required`;
    return { endpoint, authClause, requires: [...requires, ...writes], build: PROBE_REQUESTS[endpoint] ?? generatedProbe(endpoint) };
  });
