import { notAServerError, positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { authEnforcement } from '../../checks/auth.js';
import { expectError } from '../../checks/error-body.js';
import { expectText, expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';

conformanceSuite('readyz', () => {
  conformanceTest(
    {
      name: 'answers 200 text/plain when ready',
      endpoint: 'readyz',
      clauses: [
        'readyz.exists',
        'readyz.response.text-plain',
        'format.readiness-plain-text',
        'versioning.readyz.unversioned',
        'readyz.summary',
        'versioning.ledger-api-3.5.readyz-added',
      ],
      requires: ['ledgerApi3.5'],
    },
    async ({ send }) => {
      const response = await send({ endpoint: 'readyz', user: null });
      notAServerError(response, 'readyz.exists');
      statusCodeConformance(response, [200], 'readyz.exists');
      // Served at /readyz, outside /v2, on a 3.5 node: the endpoint 3.5 added, unversioned.
      positiveDataAcceptance(response, 'readyz.summary', ['versioning.readyz.unversioned', 'versioning.ledger-api-3.5.readyz-added']);
      expectValueMatches(
        'readyz.response.text-plain',
        'the readiness message',
        response.text,
        (text) => text.length > 0,
        'non-empty',
        response,
      );
    },
  );

  conformanceTest(
    {
      name: "healthy text is Canton's",
      endpoint: 'readyz',
      clauses: ['canton.readyz.healthy-text', 'canton.readyz.no-token-needed'],
      requires: ['ledgerApi3.5'],
    },
    async ({ send }) => {
      const response = await send({ endpoint: 'readyz', user: null });
      statusCodeConformance(response, [200], 'canton.readyz.no-token-needed');
      expectText(
        'canton.readyz.healthy-text',
        'the readiness message',
        response.text,
        { equals: '[+] ledger ok (SERVING)\nreadyz check passed\n' },
        response,
      );
    },
  );

  conformanceTest(
    {
      name: "readyz refuses an unknown user's token, if at all, with the default error body (canton: 403 redacted)",
      endpoint: 'readyz',
      clauses: ['readyz.errors.default-body', 'canton.auth.unknown-user-403'],
      // Without token checks an unknown user's token provokes nothing, so the test would prove nothing.
      requires: ['ledgerApi3.5', 'mintTokens', 'authorization'],
    },
    async (context) => {
      const token = await context.tokens.mint({ userId: `no-such-user-${context.seed}` });
      // With a W3C trace context, so that a node fills the redacted ids (verified-against-real C1: then equal).
      const traceparent = `00-4bf92f3577b34da6a3ce929d${(context.seed >>> 0).toString(16).padStart(8, '0')}-00f067aa0ba902b7-01`;
      const response = await context.send({ endpoint: 'readyz', token, headers: { traceparent } });
      notAServerError(response, 'readyz.errors.default-body');
      if (context.profile === 'canton') {
        // Canton 3.5 resolves a presented token on readyz too, and an unknown user fails that resolution. The
        // control: readyz without a token is served.
        const denial = await authEnforcement(context, {
          response,
          control: () => context.send({ endpoint: 'readyz', user: null }),
          denial: 'permission-denied',
          clauseId: 'canton.auth.unknown-user-403',
        });
        if (denial !== 'credited') return;
        const body = expectError(context, response, 'readyz.errors.default-body', {
          code: 'NA',
          cantonClauseId: 'canton.auth.unknown-user-403',
        });
        expectValue('canton.auth.unknown-user-403', 'context.ledger_api_error', body.context.ledger_api_error, 'invalid token', response);
        return;
      }
      // The spec does not say readyz checks tokens: 200 is fine, but an error must be the default error body.
      if (response.status >= 400) expectError(context, response, 'readyz.errors.default-body');
      else statusCodeConformance(response, [200], 'readyz.errors.default-body');
    },
  );
});
