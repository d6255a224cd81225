import { fieldClausesOf } from '../../specification/schema-fields.js';
import { answerBody } from '../../checks/schema.js';
import fc from 'fast-check';
import type { ClientResponse } from '../../client/http.js';
import { withBoundaries, SCAN_LIMIT, scanLimitParameter } from '../../generators/index.js';
import { acceptedWith, notAServerError, statusCodeConformance, expectContentType } from '../../checks/basic.js';
import { expectScanError, scanErrorAnswer, scanErrorMessage, scanRejection } from '../../checks/scan.js';
import { expectCount, expectOrdered, expectText, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import { endpointRequirements } from '../../specification/endpoints.js';
import { getScan } from '../support/scan-requests.js';
import { acceptedFor, assertStillBreaksRule, controlAccepted, exactInteger } from '../support/scan-responses.js';

const ENDPOINT = 'scan.top-validators';
const REQUIRES = endpointRequirements('scan.top-validators');
const DECLARED_ERROR_STATUSES = [400, 404] as const;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
/** A limit every scan of these releases accepts: the control of the negative tests. */
const CONTROL_LIMIT = '10';

interface ValidatorReceivedFaucets {
  validator: unknown;
  numRoundsCollected: unknown;
  numRoundsMissed: unknown;
  firstCollectedInRound: unknown;
  lastCollectedInRound: unknown;
}

function topValidators(context: ConformanceContext, limit: string | undefined): Promise<ClientResponse> {
  return getScan(context, 'scan.top-validators', {}, limit === undefined ? undefined : { limit });
}

/** The counters are int64 in Canton but of unstated type in the spec: compare them as numbers. */
function count(value: unknown): number | bigint {
  return typeof value === 'bigint' ? value : Number(value);
}

/** The clauses `leaderboardOf` asserts (the canton one in the canton profile only). */
const LEADERBOARD_CLAUSES: ClauseId[] = [
  'scan.top-validators.exists',
  'scan.responses.json',
  'scan.top-validators.response.shape',
  ...fieldClausesOf('GetTopValidatorsByValidatorFaucetsResponse'),
  'scan.top-validators.limit.maximum',
  'limits.scan-limit.maximum-records',
  'scan.top-validators.ordered',
];

/** 200 with a well-formed leaderboard of at most `limit` entries, most rounds collected first. */
function leaderboardOf(context: ConformanceContext, response: ClientResponse, limit: number): ValidatorReceivedFaucets[] {
  notAServerError(response, 'scan.top-validators.exists');
  acceptedFor(response, ['scan.top-validators.exists']);
  const body = answerBody(response, 'scan.top-validators.response.shape') as { validatorsByReceivedFaucets: ValidatorReceivedFaucets[] };
  const entries = body.validatorsByReceivedFaucets;
  for (const clauseId of ['scan.top-validators.limit.maximum', 'limits.scan-limit.maximum-records'] as const) {
    expectCount(clauseId, `validatorsByReceivedFaucets for limit=${limit}`, entries, { max: limit }, response);
  }
  expectOrdered(
    'scan.top-validators.ordered',
    'validatorsByReceivedFaucets',
    entries,
    (earlier, later) => count(earlier.numRoundsCollected) >= count(later.numRoundsCollected),
    'greatest numRoundsCollected first',
    response,
  );
  return entries;
}

conformanceSuite('scan top-validators-by-validator-faucets', () => {
  conformanceTest(
    {
      name: 'any limit in 1..1000 gives at most limit records, most rounds collected first',
      endpoint: ENDPOINT,
      clauses: [...LEADERBOARD_CLAUSES, 'scan.top-validators.limit.int32', 'scan.auth.no-headers'],
      requires: [...REQUIRES],
    },
    async (context) => {
      await context.forAll(scanLimitParameter(), async (limit) => {
        const response = await topValidators(context, limit);
        leaderboardOf(context, response, Number(limit));
        acceptedFor(response, ['scan.top-validators.limit.int32', 'scan.auth.no-headers']);
      });
    },
  );

  conformanceTest(
    {
      name: 'the limit boundaries 1 and 1000 are accepted',
      endpoint: ENDPOINT,
      clauses: [...LEADERBOARD_CLAUSES, 'canton.scan.top-validators.limit.min-1', 'canton.scan.limit.max-1000'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const boundaries = [
        { limit: SCAN_LIMIT.min, clauseId: 'canton.scan.top-validators.limit.min-1' },
        { limit: SCAN_LIMIT.max, clauseId: 'canton.scan.limit.max-1000' },
      ] as const;
      for (const { limit, clauseId } of boundaries) {
        const response = await topValidators(context, String(limit));
        if (context.profile === 'canton') acceptedWith(response, 200, clauseId);
        leaderboardOf(context, response, limit);
      }
    },
  );

  conformanceTest(
    {
      name: 'every record obeys the rounds arithmetic',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.top-validators.rounds-arithmetic'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const clauseId = 'canton.scan.top-validators.rounds-arithmetic';
      const response = await topValidators(context, String(SCAN_LIMIT.max));
      acceptedWith(response, 200, clauseId);
      const { validatorsByReceivedFaucets } = answerBody(response, clauseId) as { validatorsByReceivedFaucets: ValidatorReceivedFaucets[] };
      for (const entry of validatorsByReceivedFaucets) {
        const [collected, missed, first, last] = [
          entry.numRoundsCollected,
          entry.numRoundsMissed,
          entry.firstCollectedInRound,
          entry.lastCollectedInRound,
        ].map(exactInteger) as [bigint, bigint, bigint, bigint];
        expectValueMatches(
          clauseId,
          `the rounds of ${String(entry.validator)}`,
          { collected, missed, first, last },
          (rounds) =>
            (rounds.collected === 0n && rounds.missed === 0n && rounds.first === 0n && rounds.last === 0n) ||
            rounds.collected + rounds.missed === rounds.last - rounds.first + 1n,
          'numRoundsCollected + numRoundsMissed = lastCollectedInRound − firstCollectedInRound + 1 (or all four 0)',
          response,
        );
      }
    },
  );

  const limitRejections = [
    {
      name: 'a limit below 1 gives at most limit records or a declared {error} (canton: 400 "Limit must be at least 1.")',
      clauseId: 'canton.scan.top-validators.limit.min-1',
      limits: withBoundaries(fc.constantFrom(0, -1, INT32_MIN), fc.integer({ min: INT32_MIN, max: 0 })),
      message: () => 'Limit must be at least 1.',
    },
    {
      name: 'a limit above 1000 gives at most limit records or a declared {error} (canton: 400 "Exceeded limit maximum")',
      clauseId: 'canton.scan.limit.max-1000',
      limits: withBoundaries(fc.constantFrom(SCAN_LIMIT.max + 1, INT32_MAX), fc.integer({ min: SCAN_LIMIT.max + 1, max: INT32_MAX })),
      message: (limit: number) => `Exceeded limit maximum (${limit} > ${SCAN_LIMIT.max}).`,
    },
  ] as const;
  for (const rejection of limitRejections) {
    // What the spec states of any answer: a declared status with {error} (it states neither minimum nor maximum).
    const clauses: ClauseId[] = [
      rejection.clauseId,
      'scan.top-validators.errors.declared-statuses',
      'scan.top-validators.errors.error-body',
      'errors.scan.declared-statuses',
      'errors.scan.error-body',
    ];
    conformanceTest(
      {
        name: rejection.name,
        endpoint: ENDPOINT,
        clauses,
        requires: [...REQUIRES],
      },
      async (context) => {
        if (!(await controlAccepted(() => topValidators(context, CONTROL_LIMIT), clauses, `a limit out of range (limit=${CONTROL_LIMIT})`)))
          return;
        await context.forAll(rejection.limits, async (limit) => {
          assertStillBreaksRule(limit < SCAN_LIMIT.min || limit > SCAN_LIMIT.max, rejection.clauseId, `limit ${limit}`);
          const response = await topValidators(context, String(limit));
          if (context.profile === 'canton') {
            // Canton's PageLimit check: exactly 400 {"error": "<its message>"}.
            scanRejection(response, rejection.clauseId, `limit=${limit}`);
            statusCodeConformance(response, [400], rejection.clauseId);
            const { error } = expectScanError(response, rejection.clauseId);
            scanErrorMessage(response, error, [{ equals: rejection.message(limit) }], rejection.clauseId);
          }
          if (response.status === 200) {
            leaderboardOf(context, response, Math.max(limit, 0));
            return;
          }
          scanErrorAnswer(response, {
            statuses: DECLARED_ERROR_STATUSES,
            statusClauses: ['scan.top-validators.errors.declared-statuses', 'errors.scan.declared-statuses'],
            bodyClauses: ['scan.top-validators.errors.error-body', 'errors.scan.error-body'],
          });
        });
      },
    );
  }

  const missingLimitClauses: ClauseId[] = [
    'scan.top-validators.limit.required',
    'scan.top-validators.errors.declared-statuses',
    'canton.scan.top-validators.limit.missing-404',
  ];
  conformanceTest(
    {
      name: 'a missing limit is rejected',
      endpoint: ENDPOINT,
      clauses: missingLimitClauses,
      requires: [...REQUIRES],
    },
    async (context) => {
      if (!(await controlAccepted(() => topValidators(context, CONTROL_LIMIT), missingLimitClauses, `the limit (limit=${CONTROL_LIMIT})`)))
        return;
      // Without the parameter, and with an empty one, which Pekko's number unmarshallers read as no value.
      for (const [limit, what] of [
        [undefined, 'a request without limit'],
        ['', 'a request with an empty limit'],
      ] as const) {
        const response = await topValidators(context, limit);
        scanRejection(response, 'scan.top-validators.limit.required', what);
        // Canton rejects it before the handler, in Pekko's text/plain: the spec profile judges only the status.
        statusCodeConformance(response, DECLARED_ERROR_STATUSES, 'scan.top-validators.errors.declared-statuses');
        if (context.profile !== 'canton') continue;
        const clauseId = 'canton.scan.top-validators.limit.missing-404';
        scanRejection(response, clauseId, what);
        statusCodeConformance(response, [404], clauseId);
        expectContentType(response, 'text', clauseId);
        expectText(
          clauseId,
          "Pekko's missing-parameter rejection",
          response.text,
          { startsWith: "Request is missing required query parameter 'limit'" },
          response,
        );
      }
    },
  );

  const malformedLimitClauses: ClauseId[] = [
    'scan.top-validators.limit.int32',
    'scan.top-validators.errors.declared-statuses',
    'canton.scan.top-validators.limit.malformed-400',
  ];
  conformanceTest(
    {
      name: 'a limit that is not an int32 is rejected',
      endpoint: ENDPOINT,
      clauses: malformedLimitClauses,
      requires: [...REQUIRES],
    },
    async (context) => {
      if (
        !(await controlAccepted(
          () => topValidators(context, CONTROL_LIMIT),
          malformedLimitClauses,
          `a limit that is not an int32 (limit=${CONTROL_LIMIT})`,
        ))
      )
        return;
      const notInt32 = fc.oneof(
        // Not '': Pekko reads an empty number as a missing parameter (the missing-limit test sends it).
        fc.constantFrom('abc', '1.5', '10e2', 'ten', '0x10'),
        fc.integer({ min: 1, max: 1000 }).map((value) => `${value}.0`),
        fc.bigInt({ min: BigInt(INT32_MAX) + 1n, max: 2n ** 63n }).map(String),
        fc.bigInt({ min: -(2n ** 63n), max: BigInt(INT32_MIN) - 1n }).map(String),
      );
      await context.forAll(notInt32, async (limit) => {
        assertStillBreaksRule(
          !/^[+-]?\d+$/.test(limit) || Number(limit) > INT32_MAX || Number(limit) < INT32_MIN,
          'scan.top-validators.limit.int32',
          `limit ${JSON.stringify(limit)}`,
        );
        const response = await topValidators(context, limit);
        scanRejection(response, 'scan.top-validators.limit.int32', `limit=${JSON.stringify(limit)}, not an int32,`);
        // Canton rejects it before the handler, in Pekko's text/plain: the spec profile judges only the status.
        statusCodeConformance(response, DECLARED_ERROR_STATUSES, 'scan.top-validators.errors.declared-statuses');
        if (context.profile !== 'canton') return;
        const clauseId = 'canton.scan.top-validators.limit.malformed-400';
        scanRejection(response, clauseId, `limit=${JSON.stringify(limit)}`);
        statusCodeConformance(response, [400], clauseId);
        expectContentType(response, 'text', clauseId);
        expectText(
          clauseId,
          "Pekko's malformed-parameter rejection",
          response.text,
          { startsWith: "The query parameter 'limit' was malformed:" },
          response,
        );
      });
    },
  );
});
