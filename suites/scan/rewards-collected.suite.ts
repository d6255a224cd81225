import fc from 'fast-check';
import type { ClientResponse } from '../../client/http.js';
import { withBoundaries } from '../../generators/index.js';
import { invalidScanRound } from '../../generators/invalid/parameters.js';
import { contentTypeConformance, notAServerError, positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { assertStillInvalid } from '../../checks/rejection.js';
import { parseBody } from '../../checks/schema.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import { cantonErrorMessage, exactInteger, scanErrorAnswer, scanResponseSchema } from './scan-checks.js';
import { getScan, scanPaths } from './scan-requests.js';

const ENDPOINT = 'scan.rewards-collected';
const REQUIRES = ['scan', { scanVersionBelow: '0.6.7' }] as const;
const NUMERIC_SCALE_10 = /^-?\d+\.\d{10}$/;
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

function rewardsCollected(context: ConformanceContext, round: string | undefined): Promise<ClientResponse> {
  return getScan(context, scanPaths.rewardsCollected, round === undefined ? undefined : { round });
}

/** 200 `{amount}`; in the canton profile the amount has exactly ten decimals. */
function amountOf(context: ConformanceContext, response: ClientResponse): string {
  notAServerError(response, 'scan.rewards-collected.exists');
  positiveDataAcceptance(response, 'scan.rewards-collected.exists');
  contentTypeConformance(response, 'json', 'scan.responses.json');
  if (context.profile === 'canton') {
    const amount = (parseBody(response, 'scan.rewards-collected.response.shape') as { amount?: unknown } | null)?.amount;
    expectThat(
      typeof amount === 'string' && NUMERIC_SCALE_10.test(amount),
      'response_schema_conformance',
      'canton.scan.rewards-collected.amount-10-decimals',
      `amount must be a decimal string with exactly 10 digits after the point, got ${JSON.stringify(amount)}`,
      response,
    );
  }
  const body = scanResponseSchema(context.validators, response, 'GetRewardsCollectedResponse', 'scan.rewards-collected.response.shape') as {
    amount: string;
  };
  return body.amount;
}

/** The latest aggregated round, as round-of-latest-data reports it (same round totals). */
async function latestRound(context: ConformanceContext): Promise<bigint> {
  const response = await getScan(context, scanPaths.roundOfLatestData);
  positiveDataAcceptance(response, 'scan.round-of-latest-data.exists');
  const body = scanResponseSchema(
    context.validators,
    response,
    'GetRoundOfLatestDataResponse',
    'scan.round-of-latest-data.response.shape',
  ) as { round: unknown };
  return exactInteger(body.round);
}

conformanceSuite('scan rewards-collected', () => {
  conformanceTest(
    {
      name: 'without round: 200 with the total amount',
      endpoint: ENDPOINT,
      clauses: [
        'scan.rewards-collected.exists',
        'scan.rewards-collected.round.optional-int64',
        'scan.rewards-collected.response.shape',
        'canton.scan.rewards-collected.amount-10-decimals',
        'canton.scan.rewards-collected.no-round-never-404',
        'scan.responses.json',
        'scan.auth.no-headers',
      ],
      checks: ['not_a_server_error', 'positive_data_acceptance', 'content_type_conformance', 'response_schema_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await rewardsCollected(context, undefined);
      if (context.profile === 'canton') statusCodeConformance(response, [200], 'canton.scan.rewards-collected.no-round-never-404');
      amountOf(context, response);
    },
  );

  conformanceTest(
    {
      name: 'any aggregated round: 200 with its amount',
      endpoint: ENDPOINT,
      clauses: [
        'scan.rewards-collected.exists',
        'scan.rewards-collected.round.optional-int64',
        'scan.rewards-collected.response.shape',
        'canton.scan.rewards-collected.amount-10-decimals',
      ],
      checks: ['positive_data_acceptance', 'response_schema_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const latest = await latestRound(context);
      const rounds = withBoundaries(fc.constantFrom(0n, latest), fc.bigInt({ min: 0n, max: latest }));
      await context.forAll(rounds, async (round) => {
        amountOf(context, await rewardsCollected(context, String(round)));
      });
    },
  );

  conformanceTest(
    {
      name: 'a round after the latest aggregated one is 404 with {error}',
      endpoint: ENDPOINT,
      clauses: [
        'scan.rewards-collected.errors.declared-statuses',
        'scan.rewards-collected.errors.error-body',
        'errors.scan.error-body',
        'errors.scan.declared-statuses',
        'canton.scan.rewards-collected.future-round-404',
      ],
      checks: ['status_code_conformance', 'error_body_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const future = (await latestRound(context)) + 1_000_000n;
      const response = await rewardsCollected(context, String(future));
      const message = scanErrorAnswer(context, response, {
        statuses: [404],
        statusClause: 'scan.rewards-collected.errors.declared-statuses',
        bodyClause: 'scan.rewards-collected.errors.error-body',
      });
      if (context.profile === 'canton')
        cantonErrorMessage(response, message, 'No data has been made available yet', 'canton.scan.rewards-collected.future-round-404');
    },
  );

  conformanceTest(
    {
      name: 'a round without a row (negative) is 200 with zero',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.rewards-collected.round-without-row-200'],
      checks: ['status_code_conformance', 'response_schema_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      for (const round of [-1n, INT64_MIN]) {
        const response = await rewardsCollected(context, String(round));
        statusCodeConformance(response, [200], 'canton.scan.rewards-collected.round-without-row-200');
        const amount = amountOf(context, response);
        expectThat(
          amount === '0.0000000000',
          'response_schema_conformance',
          'canton.scan.rewards-collected.round-without-row-200',
          `round ${round} has no aggregated row, so its amount is "0.0000000000", got ${JSON.stringify(amount)}`,
          response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'a round that is not an int64 is rejected',
      endpoint: ENDPOINT,
      clauses: ['scan.rewards-collected.round.optional-int64', 'canton.scan.rewards-collected.round-malformed-400'],
      checks: ['negative_data_rejection', 'status_code_conformance', 'content_type_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const notInt64 = fc.oneof(
        invalidScanRound().map((invalid) => invalid.value),
        fc.bigInt({ min: INT64_MAX + 1n, max: 2n ** 80n }).map(String),
        fc.integer({ min: 0, max: 1000 }).map((value) => `${value}.5`),
      );
      await context.forAll(notInt64, async (round) => {
        assertStillInvalid(
          !/^[+-]?\d+$/.test(round) || BigInt(round) > INT64_MAX || BigInt(round) < INT64_MIN,
          'scan.rewards-collected.round.optional-int64',
          `round ${JSON.stringify(round)}`,
        );
        const response = await rewardsCollected(context, round);
        // The spec names no status for it: never accepted, never a server error.
        expectThat(
          response.status >= 400 && response.status < 500,
          'negative_data_rejection',
          'scan.rewards-collected.round.optional-int64',
          `round=${JSON.stringify(round)} is not an int64 and must be rejected (4xx), got ${response.status}: ${response.text.slice(0, 200)}`,
          response,
        );
        if (context.profile !== 'canton') return;
        statusCodeConformance(response, [400], 'canton.scan.rewards-collected.round-malformed-400');
        contentTypeConformance(response, 'text', 'canton.scan.rewards-collected.round-malformed-400');
        expectThat(
          response.text.startsWith("The query parameter 'round' was malformed:"),
          'negative_data_rejection',
          'canton.scan.rewards-collected.round-malformed-400',
          `expected Pekko's malformed-parameter text, got ${JSON.stringify(response.text.slice(0, 200))}`,
          response,
        );
      });
    },
  );
});
