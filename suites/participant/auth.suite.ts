/**
 * Authentication and authorization of area A: bad credentials are denied on every endpoint, valid tokens
 * of unknown or deactivated users too; act-as / read-as / execute-as rights are enforced; the
 * Sec-WebSocket-Protocol alternative works; and (canton) the header and decode-order details of Canton.
 */
import { randomUUID } from 'node:crypto';
import type { ClientResponse } from '../../client/http.js';
import { contentTypeConformance, positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { authEnforcement, type Denial } from '../../checks/auth.js';
import { errorBodyConformance } from '../../checks/error-body.js';
import { parseBody, responseSchemaConformance } from '../../checks/schema.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import type { Requirement } from '../../harness/requirements.js';
import { execute, executeBody, prepareIou } from '../flows/interactive-support.js';
import { iouCreate, submit, transactionFormat, updateByOffset, wildcardFilter } from '../flows/support.js';
import { endpointProbes, type ProbeRequest } from './auth-requests.js';
import { freshId } from '../../generators/index.js';

interface BadCredential {
  name: string;
  denial: Denial;
  clauses: string[];
  requires: Requirement[];
  /** The clause a denial failure is reported under; the endpoint's `*.auth.required` by default. */
  denialClause?: string;
  /** The token to send (undefined: none); skips when the target cannot be given such a token. */
  token(ctx: ConformanceContext, allowedUser: string): Promise<string | undefined>;
  /** The case rests on real-Canton behaviour only (the spec shows no token claims): canton profile only. */
  cantonOnly?: boolean;
  /** The canton-profile clause naming this exact case, checked on the redacted body. */
  cantonCheck?: {
    clauseId: string;
    holds: (body: { grpcCodeValue?: number | null; context: Record<string, string> }) => boolean;
    expected: string;
  };
}

const unauthenticated = {
  clauseId: '',
  holds: (body: { grpcCodeValue?: number | null }) => body.grpcCodeValue === 16,
  expected: 'grpcCodeValue 16 (UNAUTHENTICATED)',
};
const invalidTokenUser = {
  holds: (body: { context: Record<string, string> }) => body.context.ledger_api_error === 'invalid token',
  expected: 'context {"ledger_api_error": "invalid token"}',
};

function deactivatedUser(ctx: ConformanceContext): string {
  const user = ctx.fixtures.users.find((candidate) => candidate.isDeactivated);
  if (!user) ctx.skip('the fixtures name no deactivated user (users[].isDeactivated: true)');
  return user.id;
}

const badCredentials: BadCredential[] = [
  {
    name: 'no token',
    denial: 'unauthenticated',
    clauses: [
      'canton.auth.missing-token-401',
      'canton.auth.unauthenticated-401',
      'canton.errors.redacted-body',
      'canton.errors.category-6-401',
    ],
    requires: ['authorization'],
    token: async () => undefined,
    cantonCheck: { ...unauthenticated, clauseId: 'canton.auth.missing-token-401' },
  },
  {
    name: 'a token that is not a JWT',
    denial: 'unauthenticated',
    clauses: ['canton.auth.invalid-token-401', 'canton.auth.unauthenticated-401'],
    requires: ['authorization'],
    token: async () => 'not-a-jwt',
    cantonCheck: { ...unauthenticated, clauseId: 'canton.auth.invalid-token-401' },
  },
  {
    name: 'an expired token',
    denial: 'unauthenticated',
    clauses: ['canton.auth.invalid-token-401', 'canton.auth.unauthenticated-401'],
    requires: ['authorization', 'mintTokens'],
    token: (ctx, user) => ctx.tokens.mint({ userId: user, expiresInSeconds: -3600 }),
    cantonCheck: { ...unauthenticated, clauseId: 'canton.auth.invalid-token-401' },
  },
  {
    name: 'a token signed with a key the target does not know',
    denial: 'unauthenticated',
    clauses: ['canton.auth.invalid-token-401', 'canton.auth.unauthenticated-401'],
    requires: ['authorization', 'mintTokens'],
    token: (ctx, user) => ctx.tokens.mint({ userId: user, foreignKey: true }),
    cantonCheck: { ...unauthenticated, clauseId: 'canton.auth.invalid-token-401' },
  },
  {
    // "Token claims, scopes and issuance: not shown" by the spec. Canton rejects a token whose audience is
    // not this participant's and whose scope lacks daml_ledger_api, whatever its target-audience/scope.
    name: 'a token for another audience, without the ledger API scope',
    denial: 'unauthenticated',
    cantonOnly: true,
    clauses: ['canton.auth.invalid-token-401', 'canton.auth.unauthenticated-401'],
    denialClause: 'canton.auth.invalid-token-401',
    requires: ['authorization', 'mintTokens'],
    token: (ctx, user) =>
      ctx.tokens.mint({ userId: user, audience: 'https://daml.com/jwt/aud/participant/not-this-participant', scope: null }),
    cantonCheck: { ...unauthenticated, clauseId: 'canton.auth.invalid-token-401' },
  },
  {
    name: 'a valid token of an unknown user',
    denial: 'permission-denied',
    clauses: ['canton.auth.unknown-user-403', 'canton.auth.permission-denied-403', 'canton.errors.category-7-403'],
    requires: ['authorization', 'mintTokens'],
    token: (ctx) => ctx.tokens.mint({ userId: `no-such-user-${randomUUID()}` }),
    cantonCheck: { ...invalidTokenUser, clauseId: 'canton.auth.unknown-user-403' },
  },
  {
    name: 'a valid token of a deactivated user',
    denial: 'permission-denied',
    clauses: [
      'state.user.isDeactivated.denies-access',
      'auth.deactivated-user-denied',
      'canton.auth.deactivated-user-403',
      'canton.auth.permission-denied-403',
    ],
    requires: ['authorization'],
    denialClause: 'auth.deactivated-user-denied',
    token: (ctx) => ctx.tokens.tokenFor(deactivatedUser(ctx)),
    cantonCheck: { ...invalidTokenUser, clauseId: 'canton.auth.deactivated-user-403' },
  },
];

function send(ctx: ConformanceContext, request: ProbeRequest, token: string | undefined): Promise<ClientResponse> {
  return ctx.send({ ...request, user: null, ...(token === undefined ? {} : { token }) });
}

/** authEnforcement, plus (canton) the detail of the redacted body that tells this case apart. */
function expectDenied(ctx: ConformanceContext, response: ClientResponse, credential: BadCredential, clauseId: string): void {
  authEnforcement(ctx, response, credential.denial, clauseId);
  const check = credential.cantonCheck;
  if (ctx.profile !== 'canton' || !check) return;
  const body = parseBody(response, check.clauseId) as { grpcCodeValue?: number | null; context: Record<string, string> };
  expectThat(
    check.holds(body),
    'auth_enforcement',
    check.clauseId,
    `Canton's body here has ${check.expected}: ${response.text.slice(0, 300)}`,
    response,
  );
}

const userOf = (ctx: ConformanceContext, alias: string, description: string, rule: 'actAs' | 'readAs'): string =>
  ctx.userWhere(description, (user) => user.rights[rule].includes(alias)).id;

conformanceSuite('auth', () => {
  for (const probe of endpointProbes) {
    conformanceTest(
      {
        name: `${probe.endpoint}: a valid bearer token of an allowed user is accepted`,
        endpoint: probe.endpoint,
        clauses: ['auth.bearer'],
        checks: ['positive_data_acceptance'],
        requires: ['authorization', ...probe.requires],
      },
      async (ctx) => {
        const { request, allowedUser, alsoAccepted } = await probe.build(ctx);
        const response = await send(ctx, request, await ctx.tokens.tokenFor(allowedUser));
        if (alsoAccepted?.(response)) return;
        positiveDataAcceptance(response, 'auth.bearer');
      },
    );

    for (const credential of badCredentials) {
      conformanceTest(
        {
          name: `${probe.endpoint}: ${credential.name} is denied`,
          endpoint: probe.endpoint,
          clauses: credential.cantonOnly ? credential.clauses : [probe.authClause, ...credential.clauses],
          checks: ['auth_enforcement', 'error_body_conformance'],
          requires: [...credential.requires, ...probe.requires],
        },
        async (ctx) => {
          const { request, allowedUser } = await probe.build(ctx);
          const token = await credential.token(ctx, allowedUser);
          expectDenied(ctx, await send(ctx, request, token), credential, credential.denialClause ?? probe.authClause);
        },
      );
    }
  }

  conformanceTest(
    {
      name: 'readyz: no token is fine, a token of an unknown or deactivated user is 403',
      endpoint: 'readyz',
      clauses: ['canton.readyz.no-token-needed', 'canton.auth.unknown-user-403', 'canton.auth.deactivated-user-403'],
      checks: ['status_code_conformance', 'auth_enforcement'],
      requires: ['authorization', 'mintTokens', 'ledgerApi3.5'],
    },
    async (ctx) => {
      const request: ProbeRequest = { api: 'participant', method: 'GET', path: '/readyz' };
      statusCodeConformance(await send(ctx, request, undefined), [200], 'canton.readyz.no-token-needed');
      const unknown = badCredentials.find((credential) => credential.name.includes('unknown user'))!;
      expectDenied(ctx, await send(ctx, request, await unknown.token(ctx, '')), unknown, 'canton.auth.unknown-user-403');
      const deactivated = badCredentials.find((credential) => credential.name.includes('deactivated user'))!;
      expectDenied(ctx, await send(ctx, request, await deactivated.token(ctx, '')), deactivated, 'canton.auth.deactivated-user-403');
    },
  );

  conformanceTest(
    {
      name: "an active user's record has isDeactivated unset or false, and the user has access",
      endpoint: 'authenticated-user',
      clauses: ['user.isDeactivated.optional-boolean', 'state.user.isDeactivated.denies-access'],
      checks: ['response_schema_conformance', 'positive_data_acceptance'],
      requires: ['authorization'],
    },
    async (ctx) => {
      const user = ctx.userWhere('is any active user', () => true);
      const response = await ctx.send({ api: 'participant', method: 'GET', path: '/v2/authenticated-user', user: user.id });
      positiveDataAcceptance(response, 'state.user.isDeactivated.denies-access');
      const body = responseSchemaConformance(ctx.validators, response, 'GetUserResponse', 'user.isDeactivated.optional-boolean') as {
        user: { isDeactivated?: unknown };
      };
      const flag = body.user.isDeactivated;
      expectThat(
        flag === undefined || flag === null || flag === false,
        'response_schema_conformance',
        'user.isDeactivated.optional-boolean',
        `the active user ${user.id} is served, so isDeactivated must be unset or false, got ${JSON.stringify(flag)}`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'submit-and-wait for a party the user cannot act as is denied',
      endpoint: 'submit-and-wait',
      clauses: [
        'auth.submit-and-wait.act-as',
        'submit-and-wait.actAs.authorized',
        'canton.auth.insufficient-rights-403',
        'canton.auth.permission-denied-403',
      ],
      checks: ['auth_enforcement', 'positive_data_acceptance'],
      requires: ['authorization', 'writes'],
    },
    async (ctx) => {
      const bank = ctx.party('bank');
      const outsider = ctx.userWhere('cannot act as bank', (user) => !user.rights.actAs.includes('bank') && !user.rights.admin).id;
      const body = { commands: [iouCreate(ctx, bank, ctx.party('alice'))], commandId: freshId('auth-act-as'), actAs: [bank] };
      const denied = await ctx.send({ api: 'participant', method: 'POST', path: '/v2/commands/submit-and-wait', user: outsider, body });
      authEnforcement(ctx, denied, 'permission-denied', 'auth.submit-and-wait.act-as');
      // Control: the same command from a user who may act as bank is accepted.
      await submit(ctx, {
        user: userOf(ctx, 'bank', 'can act as bank', 'actAs'),
        actAs: [bank],
        commands: body.commands,
        clauseId: 'submit-and-wait.actAs.authorized',
      });
    },
  );

  conformanceTest(
    {
      name: 'submit-and-wait reading as a party the user cannot read as is denied',
      endpoint: 'submit-and-wait',
      clauses: ['auth.submit-and-wait.read-as', 'submit-and-wait.readAs.authorized', 'canton.auth.insufficient-rights-403'],
      checks: ['auth_enforcement', 'positive_data_acceptance'],
      requires: ['authorization', 'writes'],
    },
    async (ctx) => {
      const reader = ctx.userWhere(
        'acts as alice and reads as bank',
        (user) => user.rights.actAs.includes('alice') && user.rights.readAs.includes('bank'),
      );
      const alice = ctx.party('alice');
      const unreadable = ctx.fixtures.parties.find(
        (party) => !party.external && !reader.rights.actAs.includes(party.alias) && !reader.rights.readAs.includes(party.alias),
      );
      if (!unreadable) return ctx.skip(`every fixture party is readable by ${reader.id}`);
      const commands = [iouCreate(ctx, alice, ctx.party('bob'))];
      const denied = await ctx.send({
        api: 'participant',
        method: 'POST',
        path: '/v2/commands/submit-and-wait',
        user: reader.id,
        body: { commands, commandId: freshId('auth-read-as'), actAs: [alice], readAs: [unreadable.id] },
      });
      authEnforcement(ctx, denied, 'permission-denied', 'auth.submit-and-wait.read-as');
      // Control: reading as a party the user may read as is accepted.
      await submit(ctx, {
        user: reader.id,
        actAs: [alice],
        readAs: [ctx.party('bank')],
        commands,
        clauseId: 'submit-and-wait.readAs.authorized',
      });
    },
  );

  conformanceTest(
    {
      name: 'update-by-offset with a filter party the user cannot read as is denied',
      endpoint: 'update-by-offset',
      clauses: [
        'canton.auth.update-by-offset.read-as-filter-parties',
        'canton.auth.insufficient-rights-403',
        'canton.auth.permission-denied-403',
      ],
      checks: ['auth_enforcement'],
      requires: ['authorization'],
    },
    async (ctx) => {
      const reader = ctx.userWhere('acts as alice', (user) => user.rights.actAs.includes('alice') && !user.rights.admin);
      const unreadable = ctx.fixtures.parties.find(
        (party) => !reader.rights.actAs.includes(party.alias) && !reader.rights.readAs.includes(party.alias),
      );
      if (!unreadable) return ctx.skip(`every fixture party is readable by ${reader.id}`);
      const offset = ctx.fixtures.seededUpdates.transactionOffset ?? 1;
      const response = await updateByOffset(
        ctx,
        reader.id,
        offset,
        transactionFormat({ [unreadable.id]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      authEnforcement(ctx, response, 'permission-denied', 'canton.auth.update-by-offset.read-as-filter-parties');
    },
  );

  conformanceTest(
    {
      name: 'execute by a user without act-as or execute-as for the signing party is denied',
      endpoint: 'execute',
      clauses: ['auth.execute.act-as-or-execute-as', 'execute.auth.act-as-or-execute-as', 'canton.auth.insufficient-rights-403'],
      checks: ['auth_enforcement', 'positive_data_acceptance'],
      requires: ['authorization', 'interactiveSubmission', 'writes'],
    },
    async (ctx) => {
      const prepared = await prepareIou(ctx);
      const outsider = ctx.userWhere(
        `can neither act nor execute as ${prepared.payer.alias}`,
        (user) =>
          !user.rights.actAs.includes(prepared.payer.alias) && !user.rights.executeAs.includes(prepared.payer.alias) && !user.rights.admin,
      ).id;
      const denied = await execute(ctx, outsider, executeBody(prepared, {}, { userId: outsider }));
      authEnforcement(ctx, denied, 'permission-denied', 'auth.execute.act-as-or-execute-as');
      // Control: the executor, who holds execute-as rights, gets the same prepared transaction accepted.
      positiveDataAcceptance(await execute(ctx, prepared.executor, executeBody(prepared)), 'execute.auth.act-as-or-execute-as');
    },
  );

  conformanceTest(
    {
      name: 'the traffic account of a party the user can neither act nor execute as is denied',
      endpoint: 'traffic-account',
      clauses: ['auth.traffic-account', 'traffic-account.auth.act-as-or-execute-as', 'canton.auth.insufficient-rights-403'],
      checks: ['auth_enforcement'],
      requires: ['authorization', 'trafficAccounts', 'ledgerApi3.5'],
    },
    async (ctx) => {
      const account = ctx.fixtures.trafficAccount;
      if (!account) return ctx.skip('the fixtures name no traffic account (trafficAccount)');
      const outsider = ctx.userWhere(
        `can neither act nor execute as ${account.party}`,
        (user) => !user.rights.actAs.includes(account.party) && !user.rights.executeAs.includes(account.party) && !user.rights.admin,
      ).id;
      const response = await ctx.send({
        api: 'participant',
        method: 'GET',
        path: `/v2/traffic/accounts/${encodeURIComponent(account.accountId)}`,
        user: outsider,
      });
      authEnforcement(ctx, response, 'permission-denied', 'auth.traffic-account');
    },
  );

  conformanceTest(
    {
      name: "a user token stands for its user when userId is left out; another user's id is denied",
      endpoint: 'submit-and-wait',
      clauses: [
        'auth.submit-and-wait.user-id-from-token',
        'submit-and-wait.userId.from-token',
        'submit-and-wait.userId.optional',
        'canton.auth.insufficient-rights-403',
      ],
      checks: ['stateful_consistency', 'error_body_conformance', 'auth_enforcement'],
      requires: ['authorization', 'writes'],
    },
    async (ctx) => {
      const bank = ctx.party('bank');
      const bankUser = ctx.userWhere(
        'can act as bank and is no admin',
        (user) => user.rights.actAs.includes('bank') && !user.rights.admin,
      ).id;
      const commandId = freshId('user-from-token');
      const commands = [iouCreate(ctx, bank, ctx.party('alice'))];
      await submit(ctx, { user: bankUser, actAs: [bank], commands, commandId, clauseId: 'submit-and-wait.userId.optional' });
      // The change id is (user id, act-as, command id): naming the token's user explicitly must hit the same one.
      const again = await ctx.send({
        api: 'participant',
        method: 'POST',
        path: '/v2/commands/submit-and-wait',
        user: bankUser,
        body: { commands, commandId, actAs: [bank], userId: bankUser },
      });
      expectThat(
        again.status >= 400 && again.status < 500,
        'stateful_consistency',
        'auth.submit-and-wait.user-id-from-token',
        `the first submission (userId left out) should have been recorded under the token's user ${bankUser}, so repeating it with userId ${bankUser} is a duplicate; got ${again.status}`,
        again,
      );
      errorBodyConformance(ctx, again, 'submit-and-wait.userId.from-token', {
        code: 'DUPLICATE_COMMAND',
        cantonClauseId: 'canton.submit-and-wait.duplicate-command-409',
      });
      if (ctx.profile === 'canton') {
        const other = ctx.fixtures.users.find((user) => user.id !== bankUser)?.id ?? 'another-user';
        const foreign = await ctx.send({
          api: 'participant',
          method: 'POST',
          path: '/v2/commands/submit-and-wait',
          user: bankUser,
          body: { commands, commandId: freshId('user-from-token'), actAs: [bank], userId: other },
        });
        authEnforcement(ctx, foreign, 'permission-denied', 'canton.auth.insufficient-rights-403');
      }
    },
  );

  conformanceTest(
    {
      name: 'the token in Sec-WebSocket-Protocol (daml.ws.auth, jwt.token.<jwt>) is accepted',
      endpoint: 'authenticated-user',
      clauses: ['auth.websocket-protocol', 'canton.auth.websocket-protocol-token'],
      checks: ['positive_data_acceptance', 'response_schema_conformance'],
      requires: ['authorization'],
    },
    async (ctx) => {
      const user = ctx.userWhere('can act as alice', (candidate) => candidate.rights.actAs.includes('alice')).id;
      const response = await ctx.send({
        api: 'participant',
        method: 'GET',
        path: '/v2/authenticated-user',
        user,
        tokenIn: 'websocket-protocol',
      });
      positiveDataAcceptance(response, 'auth.websocket-protocol');
      expectThat(
        response.request.headers.authorization === undefined,
        'positive_data_acceptance',
        'auth.websocket-protocol',
        'internal: the request carried an Authorization header too',
      );
      const body = responseSchemaConformance(ctx.validators, response, 'GetUserResponse', 'auth.websocket-protocol') as {
        user: { id: string };
      };
      expectThat(
        body.user.id === user,
        'positive_data_acceptance',
        'auth.websocket-protocol',
        `the token in Sec-WebSocket-Protocol is ${user}'s, but the target answered for ${body.user.id}`,
        response,
      );
      const offset = ctx.fixtures.seededUpdates.transactionOffset;
      if (offset === undefined) return;
      const read = await ctx.send({
        api: 'participant',
        method: 'POST',
        path: '/v2/updates/update-by-offset',
        user,
        tokenIn: 'websocket-protocol',
        body: { offset, updateFormat: transactionFormat({ [ctx.party('alice')]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA') },
      });
      expectThat(
        read.status !== 401 && read.status !== 403,
        'positive_data_acceptance',
        'auth.websocket-protocol',
        `update-by-offset with the token in Sec-WebSocket-Protocol was denied (${read.status})`,
        read,
      );
    },
  );

  conformanceTest(
    {
      name: 'canton: an empty bearer token fails the header decode (400 text)',
      endpoint: 'authenticated-user',
      clauses: ['canton.auth.empty-bearer-400'],
      checks: ['status_code_conformance', 'content_type_conformance'],
      requires: ['authorization'],
    },
    async (ctx) => {
      const response = await ctx.send({
        api: 'participant',
        method: 'GET',
        path: '/v2/authenticated-user',
        user: null,
        headers: { authorization: 'Bearer ' },
      });
      statusCodeConformance(response, [400], 'canton.auth.empty-bearer-400');
      contentTypeConformance(response, 'text', 'canton.auth.empty-bearer-400');
      expectThat(
        response.text.startsWith('Invalid value for: header Authorization'),
        'content_type_conformance',
        'canton.auth.empty-bearer-400',
        `expected "Invalid value for: header Authorization", got ${JSON.stringify(response.text.slice(0, 200))}`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'canton: a non-Bearer scheme counts as no token (401)',
      endpoint: 'authenticated-user',
      clauses: ['canton.auth.non-bearer-scheme-401', 'canton.auth.unauthenticated-401'],
      checks: ['auth_enforcement'],
      requires: ['authorization'],
    },
    async (ctx) => {
      const user = ctx.userWhere('is any active user', () => true).id;
      const token = await ctx.tokens.tokenFor(user);
      const response = await ctx.send({
        api: 'participant',
        method: 'GET',
        path: '/v2/authenticated-user',
        user: null,
        headers: { authorization: `Basic ${token ?? 'dXNlcjpwYXNz'}` },
      });
      authEnforcement(ctx, response, 'unauthenticated', 'canton.auth.non-bearer-scheme-401');
    },
  );

  conformanceTest(
    {
      name: 'canton: the Bearer scheme name is matched ignoring case',
      endpoint: 'authenticated-user',
      clauses: ['canton.auth.bearer-case-insensitive'],
      checks: ['positive_data_acceptance'],
      requires: ['authorization'],
    },
    async (ctx) => {
      const user = ctx.userWhere('is any active user', () => true).id;
      const token = await ctx.tokens.tokenFor(user);
      const response = await ctx.send({
        api: 'participant',
        method: 'GET',
        path: '/v2/authenticated-user',
        user: null,
        headers: { authorization: `bearer ${token}` },
      });
      positiveDataAcceptance(response, 'canton.auth.bearer-case-insensitive');
    },
  );

  conformanceTest(
    {
      name: 'canton: a bad body is rejected (400 text) before a missing token is noticed',
      endpoint: 'submit-and-wait',
      clauses: ['canton.http.body-decoded-before-service-auth'],
      checks: ['status_code_conformance', 'content_type_conformance'],
      requires: ['authorization'],
    },
    async (ctx) => {
      const response = await ctx.send({
        api: 'participant',
        method: 'POST',
        path: '/v2/commands/submit-and-wait',
        user: null,
        body: '{"commands": ',
      });
      statusCodeConformance(response, [400], 'canton.http.body-decoded-before-service-auth');
      contentTypeConformance(response, 'text', 'canton.http.body-decoded-before-service-auth');
      expectThat(
        response.text.startsWith('Invalid value for: body'),
        'content_type_conformance',
        'canton.http.body-decoded-before-service-auth',
        `expected "Invalid value for: body ...", got ${JSON.stringify(response.text.slice(0, 200))}`,
        response,
      );
    },
  );
});
