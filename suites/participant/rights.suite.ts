/**
 * Rights as Canton 3.5 checks them (Claims.scala, Authorizer.scala; canton profile): a right of one kind never
 * stands in for another (read-as for act-as, execute-as for read-as, participant_admin for act-as), every
 * party of a request is checked, DAR upload and validation are admin-only, and a token whose audience is an
 * array (with extra scopes) is accepted. Each denial is credited only after the same request with rights
 * that suffice (the control) was served.
 */
import { readFileSync } from 'node:fs';
import { authEnforcement } from '../../checks/auth.js';
import { acceptedWith } from '../../checks/basic.js';
import { expectValue } from '../../checks/values.js';
import type { ClientResponse, EndpointRequest } from '../../client/http.js';
import { freshId } from '../../generators/index.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { errorCodeOf } from '../../checks/rejection.js';
import { parseJsonLossless } from '../../specification/json.js';
import type { ClauseId } from '../../specification/clauses.js';
import { iouCreate, transactionFormat, updateByOffset, wildcardFilter } from '../support/ledger.js';

function submitAs(context: ConformanceContext, user: string, actAs: string[], payer: string): Promise<ClientResponse> {
  return context.send({
    endpoint: 'submit-and-wait',
    user,
    body: { commands: [iouCreate(context, payer, context.party('alice'))], commandId: freshId('rights'), actAs },
  });
}

/** A lookup is served when it answers the update or UPDATE_NOT_FOUND (the offset may hold nothing visible). */
const served = (response: ClientResponse): boolean =>
  response.status === 200 || (response.status === 404 && errorCodeOf(response) === 'UPDATE_NOT_FOUND');

/**
 * A lookup that must be denied: an update or UPDATE_NOT_FOUND (a 4xx too) means it was served, which fails the rule. Only
 * that failure is recorded here (a precondition): the denial itself is credited by authEnforcement after its control.
 */
function notServed(response: ClientResponse, clauseId: ClauseId): ClientResponse {
  if (served(response))
    expectValue(clauseId, 'whether the lookup was served (an update or UPDATE_NOT_FOUND) instead of denied', true, false, response);
  return response;
}

/** An offset to look up: the fixtures' seeded transaction, or 1. */
const someOffset = (context: ConformanceContext): number => context.fixtures.seededUpdates.transactionOffset ?? 1;

let darBytes: Buffer | undefined;

conformanceSuite('participant / rights', () => {
  conformanceTest(
    {
      name: 'a read-as right does not let its user act as the party',
      endpoint: 'submit-and-wait',
      clauses: ['canton.rights.read-as-is-not-act-as'],
      requires: ['authorization', 'writes'],
    },
    async (context) => {
      const reader = context.userWhere(
        'reads as bank without acting as it',
        (user) => user.rights.readAs.includes('bank') && !user.rights.actAs.includes('bank'),
      );
      const actor = context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
      const bank = context.party('bank');
      await authEnforcement(context, {
        response: await submitAs(context, reader.id, [bank], bank),
        control: () => submitAs(context, actor, [bank], bank),
        denial: 'permission-denied',
        clauseId: 'canton.rights.read-as-is-not-act-as',
      });
    },
  );

  conformanceTest(
    {
      name: 'participant_admin does not let its user act as a party',
      endpoint: 'submit-and-wait',
      clauses: ['canton.rights.admin-is-not-act-as'],
      requires: ['authorization', 'writes'],
    },
    async (context) => {
      const admin = context.userWhere(
        'is a participant admin without act-as rights for bank',
        (user) => user.rights.admin && !user.rights.actAs.includes('bank'),
      ).id;
      const actor = context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
      const bank = context.party('bank');
      await authEnforcement(context, {
        response: await submitAs(context, admin, [bank], bank),
        control: () => submitAs(context, actor, [bank], bank),
        denial: 'permission-denied',
        clauseId: 'canton.rights.admin-is-not-act-as',
      });
    },
  );

  conformanceTest(
    {
      name: 'every party of a request is checked: one party the user may not use denies it, on submit-and-wait and update-by-offset',
      endpoint: 'submit-and-wait',
      clauses: ['canton.rights.every-party-checked'],
      requires: ['authorization', 'writes'],
    },
    async (context) => {
      const user = context.userWhere(
        'acts as alice, and neither acts nor reads as bob',
        (candidate) =>
          candidate.rights.actAs.includes('alice') &&
          !candidate.rights.actAs.includes('bob') &&
          !candidate.rights.readAs.includes('bob') &&
          !candidate.rights.readAsAnyParty,
      ).id;
      const [alice, bob] = [context.party('alice'), context.party('bob')];
      // The allowed party first, so that a node checking only the first party of the list lets the request through.
      await authEnforcement(context, {
        response: await submitAs(context, user, [alice, bob], alice),
        control: () => submitAs(context, user, [alice], alice),
        denial: 'permission-denied',
        clauseId: 'canton.rights.every-party-checked',
      });
      const both = transactionFormat({ [alice]: [wildcardFilter()], [bob]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA');
      const one = transactionFormat({ [alice]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA');
      await authEnforcement(context, {
        response: notServed(await updateByOffset(context, user, someOffset(context), both), 'canton.rights.every-party-checked'),
        control: () => updateByOffset(context, user, someOffset(context), one),
        controlAccepted: served,
        denial: 'permission-denied',
        clauseId: 'canton.rights.every-party-checked',
      });
    },
  );

  conformanceTest(
    {
      name: 'DAR upload and validation need participant_admin',
      endpoint: 'dars-validate',
      clauses: ['canton.rights.dar-upload-admin-only'],
      requires: ['authorization', 'writes'],
    },
    async (context) => {
      const admin = context.userWhere('is a participant admin', (user) => user.rights.admin).id;
      const other = context.userWhere('is no participant admin', (user) => !user.rights.admin).id;
      darBytes ??= readFileSync(context.fixtures.dar);
      const body = darBytes;
      for (const endpoint of ['dars-validate', 'dars-upload'] as const) {
        const request = (user: string): EndpointRequest => ({
          endpoint,
          user,
          query: { synchronizerId: context.fixtures.synchronizerId },
          body,
          headers: { 'content-type': 'application/octet-stream' },
        });
        await authEnforcement(context, {
          response: await context.send(request(other)),
          control: () => context.send(request(admin)),
          denial: 'permission-denied',
          clauseId: 'canton.rights.dar-upload-admin-only',
        });
      }
    },
  );

  conformanceTest(
    {
      name: 'a token whose aud is an array with the expected audience, and whose scope has extra scopes, is accepted',
      endpoint: 'authenticated-user',
      clauses: ['canton.auth.audience-array-accepted'],
      requires: ['authorization', 'mintTokens'],
    },
    async (context) => {
      const audience = context.tokens.audience;
      if (audience === undefined) {
        return context.skip(
          "the target's auth names no audience (auth.audience): Canton reads an aud array only in the audience format (AuthServiceJWTPayload.scala:216-250)",
        );
      }
      const user = context.userWhere('acts as alice', (candidate) => candidate.rights.actAs.includes('alice')).id;
      const token = await context.tokens.mint({
        userId: user,
        audience: [audience, 'https://conformance.example.com/another-service'],
        scope: `openid ${context.tokens.scope ?? 'daml_ledger_api'} email`,
      });
      const response = await context.send({ endpoint: 'authenticated-user', token });
      acceptedWith(response, 200, 'canton.auth.audience-array-accepted');
      const body = parseJsonLossless(response.text) as { user?: { id?: unknown } } | undefined;
      expectValue('canton.auth.audience-array-accepted', 'the id of the authenticated user', body?.user?.id, user, response);
      const party = context.party('alice');
      const lookup = await context.send({
        endpoint: 'update-by-offset',
        token,
        body: {
          offset: someOffset(context),
          updateFormat: transactionFormat({ [party]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
        },
      });
      expectValue(
        'canton.auth.audience-array-accepted',
        'whether update-by-offset served the request (an update or UPDATE_NOT_FOUND)',
        served(lookup),
        true,
        lookup,
      );
    },
  );

  conformanceTest(
    {
      name: 'a token with neither an audience nor a scope is denied',
      endpoint: 'authenticated-user',
      clauses: ['canton.auth.no-audience-no-scope-denied'],
      requires: ['authorization', 'mintTokens'],
    },
    async (context) => {
      const user = context.userWhere('is any active user', () => true).id;
      const request = (token: string | undefined): Promise<ClientResponse> =>
        context.send({ endpoint: 'authenticated-user', ...(token === undefined ? { user } : { token }) });
      await authEnforcement(context, {
        response: await request(await context.tokens.mint({ userId: user, audience: null, scope: null })),
        control: () => request(undefined),
        denial: ['unauthenticated', 'permission-denied'],
        clauseId: 'canton.auth.no-audience-no-scope-denied',
      });
    },
  );
});
