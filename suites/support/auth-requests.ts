/**
 * One minimal valid request per area A endpoint, and the fixture user allowed to send it: the auth suite
 * sends each with bad credentials (and expects a denial) and once with the allowed user's token (and
 * expects it accepted, which shows the denials are about the credentials, not the request).
 */
import { readFileSync } from 'node:fs';
import type { ClientRequest, ClientResponse, EndpointRequest } from '../../client/http.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import type { Requirement } from '../../harness/library/requirements.js';
import { executeBody, prepareIou } from './prepared-iou.js';
import { iouCreate, transactionFormat, wildcardFilter } from './ledger.js';
import { freshId } from '../../generators/index.js';
import type { ClauseId } from '../../specification/clauses.js';
import type { RequestEndpointName } from '../../specification/endpoints.js';

type WithoutCredentials<Request> = Omit<Request, 'user' | 'token' | 'tokenIn'>;

/** A request without its credentials (the auth suites add them): named by its endpoint, or spelled out. */
export type ProbeRequest = WithoutCredentials<EndpointRequest> | WithoutCredentials<ClientRequest>;

export interface EndpointProbe {
  endpoint: RequestEndpointName;
  /** The spec clause saying the endpoint requires authentication. */
  authClause: ClauseId;
  requires: Requirement[];
  /** The request, and the fixture user whose valid token gets it accepted. */
  build(ctx: ConformanceContext): Promise<BuiltProbe>;
}

export interface BuiltProbe {
  request: ProbeRequest;
  allowedUser: string;
  /** An answer other than 2xx that still shows the request was authorized (e.g. UPDATE_NOT_FOUND). */
  alsoAccepted?: (response: ClientResponse) => boolean;
}

let darBytes: Buffer | undefined;
function fixtureDar(ctx: ConformanceContext): Buffer {
  darBytes ??= readFileSync(ctx.fixtures.dar);
  return darBytes;
}

const adminUser = (ctx: ConformanceContext): string => ctx.userWhere('is a participant admin', (user) => user.rights.admin).id;

/**
 * Uploads (vetting by default) and validation name the fixture synchronizer: without one Canton auto-detects it and
 * refuses on a node connected to 0 or 2+ synchronizers (PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER).
 */
function darRequest(endpoint: 'dars-upload' | 'packages-upload' | 'dars-validate'): (ctx: ConformanceContext) => Promise<BuiltProbe> {
  return async (ctx) => ({
    request: {
      endpoint,
      query: { synchronizerId: ctx.fixtures.synchronizerId },
      body: fixtureDar(ctx),
      headers: { 'content-type': 'application/octet-stream' },
    },
    allowedUser: adminUser(ctx),
  });
}

export const endpointProbes: EndpointProbe[] = [
  {
    endpoint: 'submit-and-wait',
    authClause: 'submit-and-wait.auth.required',
    requires: ['writes'],
    build: async (ctx) => {
      const bank = ctx.party('bank');
      return {
        request: {
          endpoint: 'submit-and-wait',
          body: { commands: [iouCreate(ctx, bank, ctx.party('alice'))], commandId: freshId('auth'), actAs: [bank] },
        },
        allowedUser: ctx.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id,
      };
    },
  },
  {
    endpoint: 'update-by-offset',
    authClause: 'update-by-offset.auth.required',
    requires: [],
    build: async (ctx) => {
      const reader = ctx.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice'));
      // Any positive offset makes a valid request; the seeded transaction, when named, is one the reader sees.
      const seeded = ctx.fixtures.seededUpdates.transactionOffset;
      const offset = seeded ?? 1;
      return {
        request: {
          endpoint: 'update-by-offset',
          body: { offset, updateFormat: transactionFormat({ [ctx.party('alice')]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA') },
        },
        allowedUser: reader.id,
        ...(seeded === undefined
          ? { alsoAccepted: (response: ClientResponse) => response.status === 404 && response.text.includes('UPDATE_NOT_FOUND') }
          : {}),
      };
    },
  },
  {
    endpoint: 'authenticated-user',
    authClause: 'authenticated-user.auth.required',
    requires: [],
    build: async (ctx) => ({
      request: { endpoint: 'authenticated-user' },
      allowedUser: ctx.userWhere('is any active user', () => true).id,
    }),
  },
  {
    endpoint: 'execute',
    authClause: 'execute.auth.required',
    requires: ['interactiveSubmission', 'writes'],
    build: async (ctx) => {
      const prepared = await prepareIou(ctx);
      return {
        request: { endpoint: 'execute', body: executeBody(prepared) },
        allowedUser: prepared.executor,
      };
    },
  },
  { endpoint: 'dars-upload', authClause: 'dars-upload.auth.required', requires: ['writes'], build: darRequest('dars-upload') },
  { endpoint: 'packages-upload', authClause: 'packages-upload.auth.required', requires: ['writes'], build: darRequest('packages-upload') },
  { endpoint: 'dars-validate', authClause: 'dars-validate.auth.required', requires: [], build: darRequest('dars-validate') },
  {
    endpoint: 'traffic-account',
    authClause: 'traffic-account.auth.required',
    requires: ['trafficAccounts', 'ledgerApi3.5'],
    build: async (ctx) => {
      const account = ctx.fixtures.trafficAccount;
      if (!account) return ctx.skip('the fixtures name no traffic account (trafficAccount)');
      const owner = ctx.userWhere(
        `can act or execute as ${account.party}`,
        (user) => user.rights.actAs.includes(account.party) || user.rights.executeAs.includes(account.party),
      );
      return {
        request: { endpoint: 'traffic-account', params: { 'account-id': account.accountId } },
        allowedUser: owner.id,
      };
    },
  },
];
