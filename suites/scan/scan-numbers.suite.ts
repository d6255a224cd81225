/**
 * The scan's numbers, held to what the test itself read (canton profile): the top N validators are the first N
 * of the longest leaderboard, the rewards round boundary is the latest aggregated round, and the total without a
 * round is the sum of the rounds. A round aggregated while a test reads is not judged (recorded with the reason).
 */
import { answerBody } from '../../checks/schema.js';
import type { ClientResponse } from '../../client/http.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { statusCodeConformance } from '../../checks/basic.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { endpointRequirements } from '../../specification/endpoints.js';
import { getScan } from '../support/scan-requests.js';
import { exactInteger, skipWithoutAggregatedRound } from '../support/scan-responses.js';

/** Rounds summed one request each; above this, the total is not recomputed (a long-running network). */
const MAX_ROUNDS_SUMMED = 300;

interface Leader {
  validator: string;
  numRoundsCollected: unknown;
}

async function leaderboard(context: ConformanceContext, limit: number): Promise<{ response: ClientResponse; rounds: string[] }> {
  const response = await getScan(context, 'scan.top-validators', {}, { limit: String(limit) });
  statusCodeConformance(response, [200], 'canton.scan.numbers.top-n');
  const body = answerBody(response, 'canton.scan.numbers.top-n') as { validatorsByReceivedFaucets: Leader[] };
  return { response, rounds: body.validatorsByReceivedFaucets.map((entry) => String(exactInteger(entry.numRoundsCollected))) };
}

async function latestRound(context: ConformanceContext): Promise<bigint> {
  const response = await getScan(context, 'scan.round-of-latest-data');
  skipWithoutAggregatedRound(context, response, 'round-of-latest-data');
  statusCodeConformance(response, [200], 'canton.scan.numbers.rewards-round-boundary');
  const body = answerBody(response, 'canton.scan.numbers.rewards-round-boundary') as { round: unknown };
  return exactInteger(body.round);
}

/** A decimal amount as an exact integer of 10^-10 units. */
function units(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{0,10}))?$/.exec(amount);
  if (!match) return BigInt(-1) * 10n ** 40n;
  const value = BigInt(match[2]!) * 10n ** 10n + BigInt((match[3] ?? '').padEnd(10, '0') || '0');
  return match[1] === '-' ? -value : value;
}

async function rewards(context: ConformanceContext, round: bigint | undefined): Promise<ClientResponse> {
  return getScan(context, 'scan.rewards-collected', {}, round === undefined ? undefined : { round: String(round) });
}

function amountOf(context: ConformanceContext, response: ClientResponse, clauseId: 'canton.scan.numbers.total-is-sum-of-rounds'): string {
  statusCodeConformance(response, [200], clauseId);
  return (answerBody(response, clauseId) as { amount: string }).amount;
}

conformanceSuite('scan numbers', () => {
  conformanceTest(
    {
      name: 'top validators: the answer to limit N is the first N of the longest leaderboard',
      endpoint: 'scan.top-validators',
      clauses: ['canton.scan.numbers.top-n'],
      requires: endpointRequirements('scan.top-validators'),
    },
    async (context) => {
      const full = await leaderboard(context, 1000);
      if (full.rounds.length < 2) return context.skip(`the scan lists ${full.rounds.length} validator(s): no top N to tell from any N`);
      for (const limit of [1, Math.ceil(full.rounds.length / 2), full.rounds.length - 1]) {
        const top = await leaderboard(context, limit);
        expectValue(
          'canton.scan.numbers.top-n',
          `numRoundsCollected of the top ${limit} (against the first ${limit} of limit=1000)`,
          top.rounds,
          full.rounds.slice(0, limit),
          top.response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'rewards-collected: the latest aggregated round is answered, latest + 1 is not yet',
      endpoint: 'scan.rewards-collected',
      clauses: ['canton.scan.numbers.rewards-round-boundary'],
      requires: endpointRequirements('scan.rewards-collected'),
    },
    async (context) => {
      const latest = await latestRound(context);
      const atLatest = await rewards(context, latest);
      const next = await rewards(context, latest + 1n);
      if ((await latestRound(context)) !== latest) {
        recordInconclusive(
          'status_code_conformance',
          'canton.scan.numbers.rewards-round-boundary',
          `a round was aggregated while the boundary round ${latest + 1n} was read`,
          next,
        );
        return;
      }
      statusCodeConformance(atLatest, [200], 'canton.scan.numbers.rewards-round-boundary');
      statusCodeConformance(next, [404], 'canton.scan.numbers.rewards-round-boundary');
      expectValueMatches(
        'canton.scan.numbers.rewards-round-boundary',
        `the error for round ${latest + 1n}`,
        next.text,
        (text) => text.includes('No data has been made available yet'),
        '{"error":"No data has been made available yet"}',
        next,
      );
    },
  );

  conformanceTest(
    {
      name: 'rewards-collected: the total without a round is the sum of the rounds',
      endpoint: 'scan.rewards-collected',
      clauses: ['canton.scan.numbers.total-is-sum-of-rounds'],
      requires: endpointRequirements('scan.rewards-collected'),
    },
    async (context) => {
      const latest = await latestRound(context);
      if (latest > BigInt(MAX_ROUNDS_SUMMED)) {
        return context.skip(
          `the scan has aggregated ${latest + 1n} rounds; the sum is recomputed only up to ${MAX_ROUNDS_SUMMED} (one request each)`,
        );
      }
      const totalResponse = await rewards(context, undefined);
      const total = units(amountOf(context, totalResponse, 'canton.scan.numbers.total-is-sum-of-rounds'));
      const rounds = Array.from({ length: Number(latest) + 1 }, (_, index) => BigInt(index));
      // Independent reads: they go out together, within the run's bound on requests in flight.
      const perRound = await Promise.all(rounds.map((round) => rewards(context, round)));
      let sum = 0n;
      for (const response of perRound) sum += units(amountOf(context, response, 'canton.scan.numbers.total-is-sum-of-rounds'));
      if ((await latestRound(context)) !== latest) {
        recordInconclusive(
          'response_value_conformance',
          'canton.scan.numbers.total-is-sum-of-rounds',
          'a round was aggregated while the rounds were summed',
          totalResponse,
        );
        return;
      }
      expectValue(
        'canton.scan.numbers.total-is-sum-of-rounds',
        `the total (in 10^-10 units) against the sum of rounds 0..${latest}`,
        String(total),
        String(sum),
        totalResponse,
      );
    },
  );
});
