/**
 * How area A reads the credential: the token in Sec-WebSocket-Protocol, and (canton) the Authorization
 * header's details (empty bearer, non-Bearer scheme, scheme case) and the body decoded before auth.
 * (Suite `auth`, with auth-tokens.suite.ts and auth-rights.suite.ts.)
 */
import { answerBody } from '../../checks/schema.js';
import { acceptedAsWellFormed, positiveDataAcceptance, statusCodeConformance, expectContentType } from '../../checks/basic.js';
import { authEnforcement } from '../../checks/auth.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { SuiteBug } from '../../checks/assertion.js';
import { expectText, expectValue } from '../../checks/values.js';
import { transactionFormat, wildcardFilter } from '../support/ledger.js';

conformanceSuite('auth', () => {
  conformanceTest(
    {
      name: 'the token in Sec-WebSocket-Protocol (jwt.token.<jwt> first, then daml.ws.auth) is accepted',
      endpoint: 'authenticated-user',
      clauses: ['auth.websocket-protocol', 'canton.auth.websocket-protocol-token'],
      requires: ['authorization'],
    },
    async (context) => {
      const user = context.userWhere('can act as alice', (candidate) => candidate.rights.actAs.includes('alice')).id;
      const response = await context.send({
        endpoint: 'authenticated-user',
        user,
        tokenIn: 'websocket-protocol',
      });
      if (response.request.headers.authorization !== undefined)
        throw new SuiteBug('the websocket-protocol request carried an Authorization header too');
      positiveDataAcceptance(response, 'auth.websocket-protocol');
      if (context.profile === 'canton') positiveDataAcceptance(response, 'canton.auth.websocket-protocol-token');
      const body = answerBody(response, 'auth.websocket-protocol') as {
        user: { id: string };
      };
      expectValue('auth.websocket-protocol', 'the user the target answered for', body.user.id, user, response);
      const offset = context.fixtures.seededUpdates.transactionOffset;
      if (offset === undefined) return;
      const read = await context.send({
        endpoint: 'update-by-offset',
        user,
        tokenIn: 'websocket-protocol',
        body: { offset, updateFormat: transactionFormat({ [context.party('alice')]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA') },
      });
      acceptedAsWellFormed(read, read.status === 404 && read.text.includes('UPDATE_NOT_FOUND'), 'auth.websocket-protocol');
    },
  );

  conformanceTest(
    {
      name: 'canton: an empty bearer token fails the header decode (400 text)',
      endpoint: 'authenticated-user',
      clauses: ['canton.auth.empty-bearer-400'],
      requires: ['authorization'],
    },
    async (context) => {
      const response = await context.send({
        endpoint: 'authenticated-user',
        user: null,
        headers: { authorization: 'Bearer ' },
      });
      statusCodeConformance(response, [400], 'canton.auth.empty-bearer-400');
      expectContentType(response, 'text', 'canton.auth.empty-bearer-400');
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
      requires: ['authorization'],
    },
    async (context) => {
      const user = context.userWhere('is any active user', () => true).id;
      const token = await context.tokens.tokenFor(user);
      const response = await context.send({
        endpoint: 'authenticated-user',
        user: null,
        headers: { authorization: `Basic ${token ?? 'dXNlcjpwYXNz'}` },
      });
      await authEnforcement(context, {
        response,
        control: () =>
          context.send({
            endpoint: 'authenticated-user',
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
      requires: ['authorization'],
    },
    async (context) => {
      const user = context.userWhere('is any active user', () => true).id;
      const token = await context.tokens.tokenFor(user);
      const response = await context.send({
        endpoint: 'authenticated-user',
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
      requires: ['authorization'],
    },
    async (context) => {
      const response = await context.send({
        endpoint: 'submit-and-wait',
        user: null,
        body: '{"commands": ',
      });
      statusCodeConformance(response, [400], 'canton.http.body-decoded-before-service-auth');
      expectContentType(response, 'text', 'canton.http.body-decoded-before-service-auth');
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
