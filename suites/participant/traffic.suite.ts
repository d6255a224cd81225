import { expectError } from '../../checks/error-body.js';
import { answerBody } from '../../checks/schema.js';
import fc from 'fast-check';
import { authEnforcement } from '../../checks/auth.js';
import { notAServerError, notServed, positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { FixtureGapError } from '../../harness/library/environment.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { ENDPOINT_DESCRIPTORS } from '../../specification/endpoints.js';

const ENDPOINT = 'traffic-account';
/** The account's path with `segment` put in as it is (not encoded): for segments that are malformed on purpose. */
const rawPathOf = (segment: string) => ENDPOINT_DESCRIPTORS[ENDPOINT].path.replace('{account-id}', segment);

function account(context: ConformanceContext) {
  const fixture = context.fixtures.trafficAccount;
  if (fixture === undefined)
    throw new FixtureGapError('the fixtures define no trafficAccount; add one (accountId, party, balance) to test traffic accounts');
  return fixture;
}

/** Users who may and who may not read the account (act-as or execute-as rights for its party). */
function readers(context: ConformanceContext) {
  const { party } = account(context);
  const allowed = context.userWhere(
    `can act or execute as the traffic account's party ${party}`,
    (user) => user.rights.actAs.includes(party) || user.rights.executeAs.includes(party),
  );
  const denied = context.userWhere(
    `has neither act-as nor execute-as rights for ${party}`,
    (user) => !user.rights.actAs.includes(party) && !user.rights.executeAs.includes(party) && !user.rights.admin,
  );
  return { allowed: allowed.id, denied: denied.id };
}

conformanceSuite('traffic-account', () => {
  conformanceTest(
    {
      name: 'returns the account balance to a user acting for its party',
      endpoint: ENDPOINT,
      clauses: [
        'traffic-account.exists',
        'traffic-account.response.shape',
        'traffic-account.accountId.required',
        'traffic-account.balance.required-int64',
        'traffic-account.account-id.required',
        'traffic-account.feature-gated',
        'versioning.ledger-api-3.5.traffic-account-added',
        'canton.traffic-account.balance-number',
      ],
      requires: ['trafficAccounts', 'ledgerApi3.5'],
    },
    async (context) => {
      const fixture = account(context);
      const response = await context.send({
        endpoint: ENDPOINT,
        params: { 'account-id': fixture.accountId },
        user: readers(context).allowed,
      });
      notAServerError(response, 'traffic-account.exists');
      // A 3.5 node with traffic enforcement on serves the account named by the path parameter.
      positiveDataAcceptance(response, 'traffic-account.exists', [
        'traffic-account.account-id.required',
        'traffic-account.feature-gated',
        'versioning.ledger-api-3.5.traffic-account-added',
      ]);
      const body = answerBody(response, 'traffic-account.response.shape') as {
        accountId: string;
        balance: unknown;
      };
      expectValue('traffic-account.accountId.required', 'the accountId of the answer', body.accountId, fixture.accountId, response);
      if (context.profile === 'canton') {
        expectValueMatches(
          'canton.traffic-account.balance-number',
          'balance',
          body.balance,
          (value) => typeof value === 'number' || typeof value === 'bigint',
          'a JSON number',
          response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'denies a user without act-as or execute-as rights for the account party',
      endpoint: ENDPOINT,
      clauses: ['traffic-account.auth.act-as-or-execute-as', 'auth.traffic-account', 'traffic-account.errors.default-body'],
      requires: ['trafficAccounts', 'ledgerApi3.5', 'authorization'],
    },
    async (context) => {
      const read = (user: string) => context.send({ endpoint: ENDPOINT, params: { 'account-id': account(context).accountId }, user });
      const response = await read(readers(context).denied);
      await authEnforcement(context, {
        response,
        control: () => read(readers(context).allowed),
        denial: 'permission-denied',
        clauseId: 'traffic-account.auth.act-as-or-execute-as',
        sameRule: ['auth.traffic-account'],
      });
      expectError(context, response, 'traffic-account.errors.default-body');
    },
  );

  conformanceTest(
    {
      name: 'an unknown account is an error, never a balance',
      endpoint: ENDPOINT,
      clauses: ['traffic-account.errors.default-body'],
      requires: ['trafficAccounts', 'ledgerApi3.5'],
    },
    async (context) => {
      const unknown = fc.stringMatching(/^[a-z][a-z0-9-]{3,20}$/).map((name) => `no-such-account-${name}`);
      const { allowed } = readers(context);
      await context.forAll(
        unknown,
        async (accountId) => {
          const response = await context.send({ endpoint: ENDPOINT, params: { 'account-id': accountId }, user: allowed });
          notAServerError(response, 'traffic-account.errors.default-body');
          expectError(context, response, 'traffic-account.errors.default-body');
        },
        { numRuns: 5 },
      );
    },
  );

  conformanceTest(
    {
      name: 'an account id that is no valid percent-encoding is 400',
      endpoint: ENDPOINT,
      clauses: ['errors.400-path-parameter.traffic-account'],
      requires: ['trafficAccounts', 'ledgerApi3.5'],
    },
    async (context) => {
      // The spec gives `account-id` no format, so only a segment that cannot even be decoded as a URL path
      // is malformed by the spec. Sent raw: the client's URL parser keeps an invalid escape as it is.
      const { allowed } = readers(context);
      for (const rawSegment of ['%ZZ', '%', 'account%2', 'acc%G0unt']) {
        const response = await context.send({ api: 'participant', method: 'GET', path: rawPathOf(rawSegment), user: allowed });
        // 400 as errors rule 1 says. Its text is not judged: a real node's HTTP layer may reject a malformed
        // URI before routing, with its own wording, and failing a correct node on that would be a false alarm.
        statusCodeConformance(response, [400], 'errors.400-path-parameter.traffic-account');
        if (!response.contentType.startsWith('text/plain')) expectError(context, response, 'errors.400-path-parameter.traffic-account');
      }
    },
  );

  conformanceTest(
    {
      name: 'an account id no LedgerString could be is refused: a 4xx error, never a balance or a server error',
      endpoint: ENDPOINT,
      clauses: ['traffic-account.errors.default-body'],
      requires: ['trafficAccounts', 'ledgerApi3.5'],
    },
    async (context) => {
      // No account can carry such an id, but the spec does not call it malformed: a node may answer it as
      // not found, denied or invalid (400 `Invalid value`), in the default error body or the 400 text.
      const { allowed } = readers(context);
      // The control: the same user is served the fixture account.
      const control = () => context.send({ endpoint: ENDPOINT, params: { 'account-id': account(context).accountId }, user: allowed });
      for (const accountId of ['bad!account', 'acc@unt', 'x'.repeat(256), 'ünïcode', 'semi;colon']) {
        const response = await context.send({ endpoint: ENDPOINT, params: { 'account-id': accountId }, user: allowed });
        notAServerError(response, 'traffic-account.errors.default-body');
        // Refused (4xx), never a balance; the spec gives account-id no format, so which refusal is not judged.
        await notServed(response, control, ['traffic-account.errors.default-body']);
        if (!response.contentType.startsWith('text/plain')) expectError(context, response, 'traffic-account.errors.default-body');
      }
    },
  );

  conformanceTest(
    {
      name: 'is not served when traffic enforcement is disabled',
      endpoint: ENDPOINT,
      clauses: ['canton.traffic-account.disabled-404', 'traffic-account.feature-gated'],
      requires: ['trafficAccountsDisabled', 'ledgerApi3.5'],
    },
    async (context) => {
      const accountId = context.fixtures.trafficAccount?.accountId ?? 'any-account';
      const response = await context.send({
        endpoint: ENDPOINT,
        params: { 'account-id': accountId },
        user: context.userWhere('exists', () => true).id,
      });
      statusCodeConformance(response, [404], 'traffic-account.feature-gated');
      if (context.profile === 'canton') {
        const body = response.json() as { status?: unknown; errors?: unknown };
        expectValueMatches(
          'canton.traffic-account.disabled-404',
          'the 404 body',
          body,
          (value) => value.status === 404 && Array.isArray(value.errors),
          'the legacy body {errors, status: 404, ledgerApiError}',
          response,
        );
      }
    },
  );
});
