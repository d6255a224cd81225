/**
 * Authentication of area A, by credential: a valid bearer token of an allowed user is accepted and every
 * bad credential (none, not a JWT, expired, foreign key, other audience, unknown or deactivated user) is denied
 * on every endpoint; readyz needs no token; an active user has access.
 * (Suite `auth`, with auth-rights.suite.ts and auth-headers.suite.ts.)
 */
import { randomUUID } from 'node:crypto';
import type { ClientResponse } from '../../client/http.js';
import { positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { authEnforcement, type Denial } from '../../checks/auth.js';
import { parseBody, answerBody } from '../../checks/schema.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { expectOneOf, expectValueMatches } from '../../checks/values.js';
import type { ClauseId } from '../../specification/clauses.js';
import type { Requirement } from '../../harness/library/requirements.js';
import { endpointProbes, type ProbeRequest } from '../support/auth-requests.js';

interface BadCredential {
  name: string;
  /** How Canton denies it; several where a real node may legitimately answer either. */
  denial: Denial | readonly Denial[];
  clauses: ClauseId[];
  requires: Requirement[];
  /** The clause a denial failure is reported under; the endpoint's `*.auth.required` by default. */
  denialClause?: ClauseId;
  /** The token to send (undefined: none); skips when the target cannot be given such a token. */
  token(context: ConformanceContext, allowedUser: string): Promise<string | undefined>;
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

function deactivatedUser(context: ConformanceContext): string {
  const user = context.fixtures.users.find((candidate) => candidate.isDeactivated);
  if (!user) context.skip('the fixtures name no deactivated user (users[].isDeactivated: true)');
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
    token: (context, user) => context.tokens.mint({ userId: user, expiresInSeconds: -3600 }),
    cantonCheck: { ...unauthenticated, clauseId: 'canton.auth.invalid-token-401' },
  },
  {
    name: 'a token signed with a key the target does not know',
    denial: 'unauthenticated',
    clauses: ['canton.auth.invalid-token-401', 'canton.auth.unauthenticated-401'],
    requires: ['authorization', 'mintTokens'],
    token: (context, user) => context.tokens.mint({ userId: user, foreignKey: true }),
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
    token: (context, user) =>
      context.tokens.mint({ userId: user, audience: 'https://daml.com/jwt/aud/participant/not-this-participant', scope: null }),
  },
  {
    name: 'a valid token of an unknown user',
    denial: 'permission-denied',
    clauses: ['canton.auth.unknown-user-403', 'canton.auth.permission-denied-403', 'canton.errors.category-7-403'],
    requires: ['authorization', 'mintTokens'],
    token: (context) => context.tokens.mint({ userId: `no-such-user-${randomUUID()}` }),
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
    token: (context) => context.tokens.tokenFor(deactivatedUser(context)),
    cantonCheck: { ...invalidTokenUser, clauseId: 'canton.auth.deactivated-user-403' },
  },
];

function send(context: ConformanceContext, request: ProbeRequest, token: string | undefined): Promise<ClientResponse> {
  return context.send({ ...request, user: null, ...(token === undefined ? {} : { token }) });
}

/** authEnforcement with its control, plus (canton) the detail of the redacted body that tells this case apart. */
async function expectDenied(
  context: ConformanceContext,
  response: ClientResponse,
  control: () => Promise<ClientResponse>,
  credential: BadCredential,
  clauseId: ClauseId,
  controlAccepted?: (response: ClientResponse) => boolean,
): Promise<void> {
  const outcome = await authEnforcement(context, {
    response,
    control,
    denial: credential.denial,
    clauseId,
    sameRule: credential.clauses.filter((clause) => clause !== clauseId && !clause.startsWith('canton.')),
    ...(controlAccepted ? { controlAccepted } : {}),
  });
  if (outcome !== 'credited' || context.profile !== 'canton') return;
  const check = credential.cantonCheck;
  if (check === undefined) return;
  const body = parseBody(response, check.clauseId) as { grpcCodeValue?: number | null; context: Record<string, string> };
  expectValueMatches(check.clauseId, "the redacted body's detail", body, check.holds, check.expected, response);
}

conformanceSuite('auth', () => {
  for (const probe of endpointProbes) {
    conformanceTest(
      {
        name: `${probe.endpoint}: a valid bearer token of an allowed user is accepted`,
        endpoint: probe.endpoint,
        clauses: ['auth.bearer'],
        requires: ['authorization', ...probe.requires],
        concurrent: true,
      },
      async (context) => {
        const { request, allowedUser, alsoAccepted } = await probe.build(context);
        const response = await send(context, request, await context.tokens.tokenFor(allowedUser));
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
          requires: [...credential.requires, ...probe.requires],
          concurrent: true,
        },
        async (context) => {
          const { request, allowedUser, alsoAccepted } = await probe.build(context);
          const token = await credential.token(context, allowedUser);
          const denied = await send(context, request, token);
          // The control: the same request with the allowed user's valid token (the denied one had no effect).
          const control = async () => send(context, request, await context.tokens.tokenFor(allowedUser));
          const accepted = (response: ClientResponse) =>
            (response.status >= 200 && response.status < 300) || (alsoAccepted?.(response) ?? false);
          await expectDenied(context, denied, control, credential, credential.denialClause ?? probe.authClause, accepted);
        },
      );
    }
  }

  conformanceTest(
    {
      name: 'readyz: no token is fine, a token of an unknown or deactivated user is 403',
      endpoint: 'readyz',
      clauses: ['canton.readyz.no-token-needed', 'canton.auth.unknown-user-403', 'canton.auth.deactivated-user-403'],
      requires: ['authorization', 'mintTokens', 'ledgerApi3.5'],
    },
    async (context) => {
      const request: ProbeRequest = { endpoint: 'readyz' };
      const withoutToken = () => send(context, request, undefined);
      statusCodeConformance(await withoutToken(), [200], 'canton.readyz.no-token-needed');
      const unknown = badCredentials.find((credential) => credential.name.includes('unknown user'))!;
      await expectDenied(
        context,
        await send(context, request, await unknown.token(context, '')),
        withoutToken,
        unknown,
        'canton.auth.unknown-user-403',
      );
      const deactivated = badCredentials.find((credential) => credential.name.includes('deactivated user'))!;
      await expectDenied(
        context,
        await send(context, request, await deactivated.token(context, '')),
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
      requires: ['authorization'],
    },
    async (context) => {
      const user = context.userWhere('is any active user', () => true);
      const response = await context.send({ endpoint: 'authenticated-user', user: user.id });
      positiveDataAcceptance(response, 'state.user.isDeactivated.denies-access');
      const body = answerBody(response, 'user.isDeactivated.optional-boolean') as {
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
});
