/**
 * Authentication and authorization of area A: bad credentials are denied on every endpoint, valid tokens
 * of unknown or deactivated users too; act-as / read-as / execute-as rights are enforced; the
 * Sec-WebSocket-Protocol alternative works; and (canton) the header and decode-order details of Canton.
 */
import { randomUUID } from 'node:crypto';
import type { ClientResponse } from '../../client/http.js';
import {
  acceptedAsWellFormed,
  contentTypeConformance,
  positiveDataAcceptance,
  statusCodeConformance,
  statusInRange,
} from '../../checks/basic.js';
import { authEnforcement, type Denial } from '../../checks/auth.js';
import { errorBodyConformance, expectErrorCode } from '../../checks/error-body.js';
import { parseBody, responseSchemaConformance } from '../../checks/schema.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { SuiteBug } from '../../checks/assertion.js';
import { expectOneOf, expectText, expectValue, expectValueMatches } from '../../checks/values.js';
import type { ClauseId } from '../../specification/clauses.js';
import type { Requirement } from '../../harness/requirements.js';
import { execute, executeBody, prepareIou } from '../support/prepared-iou.js';
import { iouCreate, partyView, submit, transactionFormat, updateByOffset, wildcardFilter } from '../support/ledger.js';
import { endpointProbes, type ProbeRequest } from '../support/auth-requests.js';
import { freshId } from '../../generators/index.js';

interface BadCredential {
  name: string;
  /** How Canton denies it; several where a real node may legitimately answer either. */
  denial: Denial | readonly Denial[];
  clauses: ClauseId[];
  requires: Requirement[];
  /** The clause a denial failure is reported under; the endpoint's `*.auth.required` by default. */
  denialClause?: ClauseId;
  /** The token to send (undefined: none); skips when the target cannot be given such a token. */
  token(ctx: ConformanceContext, allowedUser: string): Promise<string | undefined>;
  /** The case rests on real-Canton behaviour only (the spec shows no token claims): canton profile only. */
  cantonOnly?: boolean;
  /** The canton-profile clause naming this exact case, checked on the redacted body. */
  cantonCheck?: {
    clauseId: ClauseId;
    holds: (body: { grpcCodeValue?: number | null; context: Record<string, string> }) => boolean;
    expected: string;
  };
}

const unauthenticated = {
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
    // "Token claims, scopes and issuance: not shown" by the spec. Canton denies a token whose audience names
    // another participant: 403 PERMISSION_DENIED when no target audience is configured (as Canton's shipped
    // unsafe-hmac256 example runs), 401 when one is (FF4). Either is a correct denial.
    name: 'a token for another audience, without the ledger API scope',
    denial: ['permission-denied', 'unauthenticated'],
    cantonOnly: true,
    clauses: ['canton.auth.foreign-audience-denied'],
    denialClause: 'canton.auth.foreign-audience-denied',
    requires: ['authorization', 'mintTokens'],
    token: (ctx, user) =>
      ctx.tokens.mint({ userId: user, audience: 'https://daml.com/jwt/aud/participant/not-this-participant', scope: null }),
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

/** authEnforcement with its control, plus (canton) the detail of the redacted body that tells this case apart. */
async function expectDenied(
  ctx: ConformanceContext,
  response: ClientResponse,
  control: () => Promise<ClientResponse>,
  credential: BadCredential,
  clauseId: ClauseId,
  controlAccepted?: (response: ClientResponse) => boolean,
): Promise<void> {
  const outcome = await authEnforcement(ctx, {
    response,
    control,
    denial: credential.denial,
    clauseId,
    sameRule: credential.clauses.filter((clause) => clause !== clauseId && !clause.startsWith('canton.')),
    ...(controlAccepted ? { controlAccepted } : {}),
  });
  if (outcome !== 'credited' || ctx.profile !== 'canton') return;
  const check = credential.cantonCheck;
  if (check === undefined) return;
  const body = parseBody(response, check.clauseId) as { grpcCodeValue?: number | null; context: Record<string, string> };
  expectValueMatches(check.clauseId, "the redacted body's detail", body, check.holds, check.expected, response);
}

/** A lookup's answer that shows it was served: the update, or UPDATE_NOT_FOUND (nothing visible at the offset). */
const servedOrNotFound = (answer: ClientResponse): boolean =>
  answer.status === 200 || (answer.status === 404 && answer.text.includes('UPDATE_NOT_FOUND'));

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
        concurrent: true,
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
          // A credential with a rule of its own (a deactivated user) proves that rule, not the endpoint's auth clause.
          clauses: credential.cantonOnly || credential.denialClause ? credential.clauses : [probe.authClause, ...credential.clauses],
          checks: ['auth_enforcement', 'error_body_conformance'],
          requires: [...credential.requires, ...probe.requires],
          concurrent: true,
        },
        async (ctx) => {
          const { request, allowedUser, alsoAccepted } = await probe.build(ctx);
          const token = await credential.token(ctx, allowedUser);
          const denied = await send(ctx, request, token);
          // The control: the same request with the allowed user's valid token (the denied one had no effect).
          const control = async () => send(ctx, request, await ctx.tokens.tokenFor(allowedUser));
          const accepted = (response: ClientResponse) =>
            (response.status >= 200 && response.status < 300) || (alsoAccepted?.(response) ?? false);
          await expectDenied(ctx, denied, control, credential, credential.denialClause ?? probe.authClause, accepted);
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
      const withoutToken = () => send(ctx, request, undefined);
      statusCodeConformance(await withoutToken(), [200], 'canton.readyz.no-token-needed');
      const unknown = badCredentials.find((credential) => credential.name.includes('unknown user'))!;
      await expectDenied(
        ctx,
        await send(ctx, request, await unknown.token(ctx, '')),
        withoutToken,
        unknown,
        'canton.auth.unknown-user-403',
      );
      const deactivated = badCredentials.find((credential) => credential.name.includes('deactivated user'))!;
      await expectDenied(
        ctx,
        await send(ctx, request, await deactivated.token(ctx, '')),
        withoutToken,
        deactivated,
        'canton.auth.deactivated-user-403',
      );
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
      expectOneOf(
        'user.isDeactivated.optional-boolean',
        `isDeactivated of the active user ${user.id}`,
        body.user.isDeactivated ?? null,
        [null, false],
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
      const denial = await authEnforcement(ctx, {
        response: denied,
        // The control: the same command from a user who may act as bank.
        control: () =>
          ctx.send({
            api: 'participant',
            method: 'POST',
            path: '/v2/commands/submit-and-wait',
            user: userOf(ctx, 'bank', 'can act as bank', 'actAs'),
            body: { ...body, commandId: freshId('auth-act-as') },
          }),
        denial: 'permission-denied',
        clauseId: 'auth.submit-and-wait.act-as',
        sameRule: ['submit-and-wait.actAs.authorized'],
      });
      if (denial === 'credited' && ctx.profile === 'canton') statusCodeConformance(denied, [403], 'canton.auth.insufficient-rights-403');
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
      const denial = await authEnforcement(ctx, {
        response: denied,
        // The control: reading as a party the user may read as.
        control: () =>
          ctx.send({
            api: 'participant',
            method: 'POST',
            path: '/v2/commands/submit-and-wait',
            user: reader.id,
            body: { commands, commandId: freshId('auth-read-as'), actAs: [alice], readAs: [ctx.party('bank')] },
          }),
        denial: 'permission-denied',
        clauseId: 'auth.submit-and-wait.read-as',
        sameRule: ['submit-and-wait.readAs.authorized'],
      });
      if (denial === 'credited' && ctx.profile === 'canton') statusCodeConformance(denied, [403], 'canton.auth.insufficient-rights-403');
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
      const lookup = (party: string) => partyView(ctx, reader.id, offset, party, 'TRANSACTION_SHAPE_ACS_DELTA');
      const response = await lookup(unreadable.id);
      const denial = await authEnforcement(ctx, {
        response,
        // The control: the same lookup filtering a party the user may read as (served, or UPDATE_NOT_FOUND).
        control: () => lookup(ctx.party('alice')),
        controlAccepted: servedOrNotFound,
        denial: 'permission-denied',
        clauseId: 'canton.auth.update-by-offset.read-as-filter-parties',
      });
      if (denial === 'credited' && ctx.profile === 'canton') statusCodeConformance(response, [403], 'canton.auth.insufficient-rights-403');
    },
  );

  conformanceTest(
    {
      name: 'update-by-offset filtering a party the user can only execute as is denied: execute-as does not read',
      endpoint: 'update-by-offset',
      clauses: ['canton.auth.execute-as-does-not-read', 'canton.auth.insufficient-rights-403', 'canton.auth.permission-denied-403'],
      checks: ['auth_enforcement', 'status_code_conformance'],
      requires: ['authorization'],
    },
    async (ctx) => {
      const executor = ctx.userWhere(
        'can execute as a party it cannot act or read as',
        (user) =>
          !user.rights.admin &&
          !user.rights.readAsAnyParty &&
          user.rights.executeAs.some((alias) => !user.rights.actAs.includes(alias) && !user.rights.readAs.includes(alias)),
      );
      const alias = executor.rights.executeAs.find(
        (candidate) => !executor.rights.actAs.includes(candidate) && !executor.rights.readAs.includes(candidate),
      )!;
      const reader = ctx.userWhere('may read as any party (rights.readAsAnyParty)', (user) => user.rights.readAsAnyParty);
      const offset = ctx.fixtures.seededUpdates.transactionOffset ?? 1;
      const format = transactionFormat({ [ctx.party(alias)]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA');
      const response = await updateByOffset(ctx, executor.id, offset, format);
      const denial = await authEnforcement(ctx, {
        response,
        // The control: the same lookup by a user who may read as any party (served, or UPDATE_NOT_FOUND).
        control: () => updateByOffset(ctx, reader.id, offset, format),
        controlAccepted: servedOrNotFound,
        denial: 'permission-denied',
        clauseId: 'canton.auth.execute-as-does-not-read',
        // UPDATE_NOT_FOUND: the node read as the party (and found nothing there): no denial.
        servedDespite4xx: servedOrNotFound,
      });
      if (denial === 'credited' && ctx.profile === 'canton') statusCodeConformance(response, [403], 'canton.auth.insufficient-rights-403');
    },
  );

  conformanceTest(
    {
      name: 'filtersForAnyParty needs the read-as-any-party right, which participant_admin does not imply',
      endpoint: 'update-by-offset',
      clauses: [
        'canton.auth.update-by-offset.filters-for-any-party-right',
        'canton.auth.insufficient-rights-403',
        'canton.auth.permission-denied-403',
      ],
      checks: ['auth_enforcement', 'status_code_conformance'],
      requires: ['authorization'],
    },
    async (ctx) => {
      const admin = ctx.userWhere(
        'is a participant administrator without the read-as-any-party right',
        (user) => user.rights.admin && !user.rights.readAsAnyParty,
      );
      const reader = ctx.userWhere('may read as any party (rights.readAsAnyParty)', (user) => user.rights.readAsAnyParty);
      const offset = ctx.fixtures.seededUpdates.transactionOffset ?? 1;
      const format = {
        includeTransactions: {
          eventFormat: { filtersForAnyParty: { cumulative: [wildcardFilter()] } },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      };
      const response = await updateByOffset(ctx, admin.id, offset, format);
      const denial = await authEnforcement(ctx, {
        response,
        // The control: the same lookup by a user with the right (served, or UPDATE_NOT_FOUND).
        control: () => updateByOffset(ctx, reader.id, offset, format),
        controlAccepted: servedOrNotFound,
        denial: 'permission-denied',
        clauseId: 'canton.auth.update-by-offset.filters-for-any-party-right',
      });
      if (denial === 'credited' && ctx.profile === 'canton') statusCodeConformance(response, [403], 'canton.auth.insufficient-rights-403');
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
      const denial = await authEnforcement(ctx, {
        response: denied,
        // The control: the executor, who holds execute-as rights, gets the same prepared transaction accepted.
        control: () => execute(ctx, prepared.executor, executeBody(prepared)),
        denial: 'permission-denied',
        clauseId: 'auth.execute.act-as-or-execute-as',
        sameRule: ['execute.auth.act-as-or-execute-as'],
      });
      if (denial === 'credited' && ctx.profile === 'canton') statusCodeConformance(denied, [403], 'canton.auth.insufficient-rights-403');
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
      const read = (user: string) =>
        ctx.send({ api: 'participant', method: 'GET', path: `/v2/traffic/accounts/${encodeURIComponent(account.accountId)}`, user });
      const response = await read(outsider);
      const denial = await authEnforcement(ctx, {
        response,
        // The control: a user who may act as the account's party reads it.
        control: () => read(ctx.userWhere(`can act as ${account.party}`, (user) => user.rights.actAs.includes(account.party)).id),
        denial: 'permission-denied',
        clauseId: 'auth.traffic-account',
        sameRule: ['traffic-account.auth.act-as-or-execute-as'],
      });
      if (denial === 'credited' && ctx.profile === 'canton') statusCodeConformance(response, [403], 'canton.auth.insufficient-rights-403');
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
      // Rejected as a repeat of the same change id: the first submission was recorded under the token's user.
      statusInRange(again, 400, 499, 'auth.submit-and-wait.user-id-from-token');
      const duplicate = errorBodyConformance(ctx, again, 'submit-and-wait.errors.default-body');
      expectErrorCode(duplicate, ['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT'], 'submit-and-wait.userId.from-token', again);
      if (ctx.profile === 'canton') {
        expectErrorCode(
          duplicate,
          ['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT'],
          'canton.submit-and-wait.duplicate-command-409',
          again,
        );
        const other = ctx.fixtures.users.find((user) => user.id !== bankUser)?.id ?? 'another-user';
        const submitAs = (userId: string) =>
          ctx.send({
            api: 'participant',
            method: 'POST',
            path: '/v2/commands/submit-and-wait',
            user: bankUser,
            body: { commands, commandId: freshId('user-from-token'), actAs: [bank], userId },
          });
        const foreign = await submitAs(other);
        await authEnforcement(ctx, {
          response: foreign,
          control: () => submitAs(bankUser),
          denial: 'permission-denied',
          clauseId: 'canton.auth.insufficient-rights-403',
        });
      }
    },
  );

  conformanceTest(
    {
      name: 'the token in Sec-WebSocket-Protocol (jwt.token.<jwt> first, then daml.ws.auth) is accepted',
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
      if (response.request.headers.authorization !== undefined)
        throw new SuiteBug('the websocket-protocol request carried an Authorization header too');
      positiveDataAcceptance(response, 'auth.websocket-protocol');
      if (ctx.profile === 'canton') positiveDataAcceptance(response, 'canton.auth.websocket-protocol-token');
      const body = responseSchemaConformance(ctx.validators, response, 'GetUserResponse', 'auth.websocket-protocol') as {
        user: { id: string };
      };
      expectValue('auth.websocket-protocol', 'the user the target answered for', body.user.id, user, response);
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
      acceptedAsWellFormed(read, read.status === 404 && read.text.includes('UPDATE_NOT_FOUND'), 'auth.websocket-protocol');
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
      expectText(
        'canton.auth.empty-bearer-400',
        'the 400 text',
        response.text,
        { startsWith: 'Invalid value for: header Authorization' },
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
      await authEnforcement(ctx, {
        response,
        control: () =>
          ctx.send({
            api: 'participant',
            method: 'GET',
            path: '/v2/authenticated-user',
            user: null,
            headers: { authorization: `Bearer ${token}` },
          }),
        denial: 'unauthenticated',
        clauseId: 'canton.auth.non-bearer-scheme-401',
      });
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
      expectText(
        'canton.http.body-decoded-before-service-auth',
        'the 400 text',
        response.text,
        { startsWith: 'Invalid value for: body' },
        response,
      );
    },
  );
});
