import { fieldClausesOf } from '../../specification/schema-fields.js';
import { answerBody } from '../../checks/schema.js';
import fc from 'fast-check';
import type { ClientResponse } from '../../client/http.js';
import { withBoundaries } from '../../generators/index.js';
import { invalidScanRound } from '../../generators/invalid/parameters.js';
import { notAServerError, statusCodeConformance, expectContentType } from '../../checks/basic.js';
import { scanErrorAnswer, scanErrorMessage, scanRejection } from '../../checks/scan.js';
import { expectText, expectValue } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import { endpointRequirements } from '../../specification/endpoints.js';
import { getScan } from '../support/scan-requests.js';
import {
  acceptedFor,
  assertStillBreaksRule,
  controlAccepted,
  exactInteger,
  skipWithoutAggregatedRound,
} from '../support/scan-responses.js';

const ENDPOINT = 'scan.rewards-collected';
const REQUIRES = endpointRequirements('scan.rewards-collected');
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

function rewardsCollected(context: ConformanceContext, round: string | undefined): Promise<ClientResponse> {
  return getScan(context, 'scan.rewards-collected', {}, round === undefined ? undefined : { round });
}

/** The clauses `amountOf` asserts (the canton one in the canton profile only). */
const AMOUNT_CLAUSES: ClauseId[] = [
  'scan.rewards-collected.exists',
  'scan.rewards-collected.response.shape',
  'scan.responses.json',
  ...fieldClausesOf('GetRewardsCollectedResponse'),
];

/** 200 `{amount}`; in the canton profile the schema requires exactly ten decimals. */
function amountOf(context: ConformanceContext, response: ClientResponse): string {
  notAServerError(response, 'scan.rewards-collected.exists');
  acceptedFor(response, ['scan.rewards-collected.exists']);
  const body = answerBody(response, 'scan.rewards-collected.response.shape') as { amount: string };
  return body.amount;
}

/** The clauses `latestRound` asserts. */
const LATEST_ROUND_CLAUSES: ClauseId[] = ['scan.round-of-latest-data.exists', 'scan.round-of-latest-data.response.shape'];

/** The latest aggregated round, as round-of-latest-data reports it (same round totals). */
async function latestRound(context: ConformanceContext): Promise<bigint> {
  const response = await getScan(context, 'scan.round-of-latest-data');
  skipWithoutAggregatedRound(context, response, 'round-of-latest-data');
  acceptedFor(response, ['scan.round-of-latest-data.exists']);
  const body = answerBody(response, 'scan.round-of-latest-data.response.shape') as { round: unknown };
  return exactInteger(body.round);
}

conformanceSuite('scan rewards-collected', () => {
  conformanceTest(
    {
      name: 'without round: 200 with the total amount',
      endpoint: ENDPOINT,
      clauses: [
        ...AMOUNT_CLAUSES,
        'scan.rewards-collected.round.optional-int64',
        'canton.scan.rewards-collected.no-round-never-404',
        'scan.auth.no-headers',
      ],
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await rewardsCollected(context, undefined);
      if (context.profile === 'canton') statusCodeConformance(response, [200], 'canton.scan.rewards-collected.no-round-never-404');
      amountOf(context, response);
      acceptedFor(response, ['scan.rewards-collected.round.optional-int64', 'scan.auth.no-headers']);
    },
  );

  conformanceTest(
    {
      name: 'any aggregated round: 200 with its amount',
      endpoint: ENDPOINT,
      clauses: [...AMOUNT_CLAUSES, ...LATEST_ROUND_CLAUSES, 'scan.rewards-collected.round.optional-int64'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const latest = await latestRound(context);
      const rounds = withBoundaries(fc.constantFrom(0n, latest), fc.bigInt({ min: 0n, max: latest }));
      await context.forAll(rounds, async (round) => {
        const response = await rewardsCollected(context, String(round));
        amountOf(context, response);
        acceptedFor(response, ['scan.rewards-collected.round.optional-int64']);
      });
    },
  );

  conformanceTest(
    {
      name: 'a round after the latest aggregated one is 404 with {error}',
      endpoint: ENDPOINT,
      clauses: [
        ...LATEST_ROUND_CLAUSES,
        'scan.rewards-collected.errors.declared-statuses',
        'scan.rewards-collected.errors.error-body',
        'errors.scan.error-body',
        'errors.scan.declared-statuses',
        'canton.scan.rewards-collected.future-round-404',
      ],
      requires: [...REQUIRES],
    },
    async (context) => {
      const future = (await latestRound(context)) + 1_000_000n;
      const response = await rewardsCollected(context, String(future));
      const message = scanErrorAnswer(response, {
        statuses: [404],
        statusClauses: ['scan.rewards-collected.errors.declared-statuses', 'errors.scan.declared-statuses'],
        bodyClauses: ['scan.rewards-collected.errors.error-body', 'errors.scan.error-body'],
      });
      if (context.profile === 'canton') {
        scanErrorMessage(
          response,
          message,
          [{ startsWith: 'No data has been made available yet' }],
          'canton.scan.rewards-collected.future-round-404',
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'a round without a row (negative) is 200 with zero',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.rewards-collected.round-without-row-200'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const clauseId = 'canton.scan.rewards-collected.round-without-row-200';
      // ensureAggregated comes first: before any round is aggregated, every round is 404.
      skipWithoutAggregatedRound(context, await getScan(context, 'scan.round-of-latest-data'), 'round-of-latest-data');
      for (const round of [-1n, INT64_MIN]) {
        const response = await rewardsCollected(context, String(round));
        statusCodeConformance(response, [200], clauseId);
        const { amount } = answerBody(response, clauseId) as {
          amount: string;
        };
        expectValue(clauseId, `amount of round ${round}, which has no aggregated row`, amount, '0.0000000000', response);
      }
    },
  );

  const malformedRoundClauses: ClauseId[] = [
    'scan.rewards-collected.round.optional-int64',
    'canton.scan.rewards-collected.round-malformed-400',
  ];
  conformanceTest(
    {
      name: 'a round that is not an int64 is rejected',
      endpoint: ENDPOINT,
      clauses: malformedRoundClauses,
      requires: [...REQUIRES],
    },
    async (context) => {
      if (!(await controlAccepted(() => rewardsCollected(context, '0'), malformedRoundClauses, 'a round that is not an int64 (round=0)'))) {
        return;
      }
      const notInt64 = fc.oneof(
        invalidScanRound().map((invalid) => invalid.value),
        fc.bigInt({ min: INT64_MAX + 1n, max: 2n ** 80n }).map(String),
        fc.integer({ min: 0, max: 1000 }).map((value) => `${value}.5`),
      );
      await context.forAll(notInt64, async (round) => {
        assertStillBreaksRule(
          !/^[+-]?\d+$/.test(round) || BigInt(round) > INT64_MAX || BigInt(round) < INT64_MIN,
          'scan.rewards-collected.round.optional-int64',
          `round ${JSON.stringify(round)}`,
        );
        const response = await rewardsCollected(context, round);
        // The spec names no status for it: a client error, neither accepted nor a server error.
        scanRejection(response, 'scan.rewards-collected.round.optional-int64', `round=${JSON.stringify(round)}, not an int64,`);
        if (context.profile !== 'canton') return;
        const clauseId = 'canton.scan.rewards-collected.round-malformed-400';
        scanRejection(response, clauseId, `round=${JSON.stringify(round)}`);
        statusCodeConformance(response, [400], clauseId);
        expectContentType(response, 'text', clauseId);
        expectText(
          clauseId,
          "Pekko's malformed-parameter rejection",
          response.text,
          { startsWith: "The query parameter 'round' was malformed:" },
          response,
        );
      });
    },
  );
});
