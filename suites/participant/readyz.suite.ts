import { contentTypeConformance, notAServerError, statusCodeConformance } from '../checks/basic.js';
import { errorBodyConformance } from '../checks/error-body.js';
import { expectThat } from '../framework/failure.js';
import { conformanceSuite, conformanceTest } from '../framework/conformance-test.js';

conformanceSuite('readyz', () => {
  conformanceTest({
    name: 'answers 200 text/plain when ready',
    endpoint: 'readyz',
    clauses: ['readyz.exists', 'readyz.response.text-plain', 'format.readiness-plain-text', 'versioning.readyz.unversioned', 'readyz.summary', 'versioning.ledger-api-3.5.readyz-added'],
    checks: ['status_code_conformance', 'content_type_conformance', 'not_a_server_error'],
    requires: ['ledgerApi3.5'],
  }, async ({ send }) => {
    const response = await send({ api: 'participant', method: 'GET', path: '/readyz', user: null });
    notAServerError(response, 'readyz.exists');
    statusCodeConformance(response, [200], 'readyz.exists');
    contentTypeConformance(response, 'text', 'readyz.response.text-plain');
    expectThat(response.text.length > 0, 'content_type_conformance', 'readyz.response.text-plain', 'the readiness message is empty', response);
  });

  conformanceTest({
    name: 'healthy text is Canton\'s',
    endpoint: 'readyz',
    clauses: ['canton.readyz.healthy-text', 'canton.readyz.no-token-needed'],
    checks: ['content_type_conformance'],
    requires: ['ledgerApi3.5'],
  }, async ({ send }) => {
    const response = await send({ api: 'participant', method: 'GET', path: '/readyz', user: null });
    statusCodeConformance(response, [200], 'canton.readyz.no-token-needed');
    expectThat(response.text === '[+] ledger ok (SERVING)\nreadyz check passed\n', 'content_type_conformance', 'canton.readyz.healthy-text',
      `expected the lines "[+] ledger ok (SERVING)" and "readyz check passed", got ${JSON.stringify(response.text)}`, response);
  });

  conformanceTest({
    name: 'an error from readyz is the default error body',
    endpoint: 'readyz',
    clauses: ['readyz.errors.default-body'],
    checks: ['error_body_conformance', 'not_a_server_error'],
    requires: ['ledgerApi3.5', 'mintTokens'],
  }, async (ctx) => {
    // Canton 3.5 resolves a presented token on readyz too: a token of an unknown user is refused.
    const token = await ctx.tokens.mint({ userId: `no-such-user-${ctx.seed}` });
    const response = await ctx.send({ api: 'participant', method: 'GET', path: '/readyz', token });
    notAServerError(response, 'readyz.errors.default-body');
    if (response.status >= 400) errorBodyConformance(ctx, response, 'readyz.errors.default-body');
    else statusCodeConformance(response, [200], 'readyz.errors.default-body');
  });
});
