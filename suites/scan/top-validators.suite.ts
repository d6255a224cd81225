import fc from 'fast-check';
import type { ClientResponse } from '../../client/http.js';
import { withBoundaries, SCAN_LIMIT, scanLimitParameter } from '../../generators/index.js';
import { contentTypeConformance, notAServerError, positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { scanErrorBodyConformance } from '../../checks/error-body.js';
import { assertStillInvalid } from '../../checks/rejection.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import { exactInteger, scanErrorAnswer, scanResponseSchema } from './scan-checks.js';
import { getScan, scanPaths } from './scan-requests.js';

const ENDPOINT = 'scan.top-validators';
const REQUIRES = ['scan', { scanVersionBelow: '0.6.6' }] as const;
const DECLARED_ERROR_STATUSES = [400, 404] as const;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

interface ValidatorReceivedFaucets {
  validator: unknown;
  numRoundsCollected: unknown;
  numRoundsMissed: unknown;
  firstCollectedInRound: unknown;
  lastCollectedInRound: unknown;
}

function topValidators(context: ConformanceContext, limit: string | undefined): Promise<ClientResponse> {
  return getScan(context, scanPaths.topValidators, limit === undefined ? undefined : { limit });
}

/** The counters are int64 in Canton but of unstated type in the spec: compare them as numbers. */
function count(value: unknown): number | bigint {
  return typeof value === 'bigint' ? value : Number(value);
}

/** 200 with a well-formed leaderboard of at most `limit` entries, most rounds collected first. */
function leaderboardOf(context: ConformanceContext, response: ClientResponse, limit: number): ValidatorReceivedFaucets[] {
  notAServerError(response, 'scan.top-validators.exists');
  positiveDataAcceptance(response, 'scan.top-validators.exists');
  contentTypeConformance(response, 'json', 'scan.responses.json');
  const entriesClause = context.profile === 'canton' ? 'canton.scan.top-validators.fields-int64' : 'validator-received-faucets.fields';
  const body = scanResponseSchema(
    context.validators,
    response,
    'GetTopValidatorsByValidatorFaucetsResponse',
    'scan.top-validators.response.shape',
    {
      '/validatorsByReceivedFaucets/': entriesClause,
    },
  ) as { validatorsByReceivedFaucets: ValidatorReceivedFaucets[] };
  const entries = body.validatorsByReceivedFaucets;
  expectThat(
    entries.length <= limit,
    'response_schema_conformance',
    'scan.top-validators.limit.maximum',
    `limit=${limit} allows at most ${limit} records, got ${entries.length}`,
    response,
  );
  for (let index = 1; index < entries.length; index++) {
    const before = count(entries[index - 1]!.numRoundsCollected);
    const after = count(entries[index]!.numRoundsCollected);
    expectThat(
      before >= after,
      'response_schema_conformance',
      'scan.top-validators.ordered',
      `entries must come greatest numRoundsCollected first, but entry ${index - 1} has ${before} and entry ${index} has ${after}`,
      response,
    );
  }
  return entries;
}

conformanceSuite('scan top-validators-by-validator-faucets', () => {
  conformanceTest(
    {
      name: 'any limit in 1..1000 gives at most limit records, most rounds collected first',
      endpoint: ENDPOINT,
      clauses: [
        'scan.top-validators.exists',
        'scan.top-validators.limit.required',
        'scan.top-validators.limit.int32',
        'scan.top-validators.limit.maximum',
        'scan.top-validators.response.shape',
        'scan.top-validators.ordered',
        'validator-received-faucets.fields',
        'limits.scan-limit.maximum-records',
        'canton.scan.top-validators.fields-int64',
        'scan.responses.json',
        'scan.auth.no-headers',
      ],
      checks: ['not_a_server_error', 'positive_data_acceptance', 'content_type_conformance', 'response_schema_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      await context.forAll(scanLimitParameter(), async (limit) => {
        leaderboardOf(context, await topValidators(context, limit), Number(limit));
      });
    },
  );

  conformanceTest(
    {
      name: 'the limit boundaries 1 and 1000 are accepted',
      endpoint: ENDPOINT,
      clauses: ['scan.top-validators.limit.maximum', 'limits.scan-limit.maximum-records', 'canton.scan.limit.max-1000'],
      checks: ['positive_data_acceptance', 'response_schema_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      for (const limit of [SCAN_LIMIT.min, SCAN_LIMIT.max]) {
        leaderboardOf(context, await topValidators(context, String(limit)), limit);
      }
    },
  );

  conformanceTest(
    {
      name: 'every record obeys the rounds arithmetic',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.top-validators.rounds-arithmetic'],
      checks: ['response_schema_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await topValidators(context, String(SCAN_LIMIT.max));
      for (const entry of leaderboardOf(context, response, SCAN_LIMIT.max)) {
        const [collected, missed, first, last] = [
          entry.numRoundsCollected,
          entry.numRoundsMissed,
          entry.firstCollectedInRound,
          entry.lastCollectedInRound,
        ].map(exactInteger) as [bigint, bigint, bigint, bigint];
        const withoutFaucetState = collected === 0n && missed === 0n && first === 0n && last === 0n;
        expectThat(
          withoutFaucetState || collected + missed === last - first + 1n,
          'response_schema_conformance',
          'canton.scan.top-validators.rounds-arithmetic',
          `${String(entry.validator)}: numRoundsCollected ${collected} + numRoundsMissed ${missed} should be lastCollectedInRound ${last} − firstCollectedInRound ${first} + 1`,
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
  ];
  for (const rejection of limitRejections) {
    conformanceTest(
      {
        name: rejection.name,
        endpoint: ENDPOINT,
        clauses: [
          rejection.clauseId,
          'scan.top-validators.errors.declared-statuses',
          'scan.top-validators.errors.error-body',
          'limits.scan-limit.maximum-records',
          'errors.scan.error-body',
        ],
        checks: ['negative_data_rejection', 'status_code_conformance', 'error_body_conformance'],
        requires: [...REQUIRES],
      },
      async (context) => {
        await context.forAll(rejection.limits, async (limit) => {
          assertStillInvalid(limit < SCAN_LIMIT.min || limit > SCAN_LIMIT.max, rejection.clauseId, `limit ${limit}`);
          const response = await topValidators(context, String(limit));
          if (context.profile === 'canton') {
            // Canton's PageLimit check: exactly 400 {"error": "<its message>"}, nothing else.
            statusCodeConformance(response, [400], rejection.clauseId);
            const { error } = scanErrorBodyConformance(context.validators, response, rejection.clauseId);
            expectThat(
              error === rejection.message(limit),
              'error_body_conformance',
              rejection.clauseId,
              `expected ${JSON.stringify(rejection.message(limit))}, got ${JSON.stringify(error)}`,
              response,
            );
            return;
          }
          // The spec states neither a minimum nor a maximum: at most `limit` records or a declared error.
          if (response.status === 200) {
            leaderboardOf(context, response, Math.max(limit, 0));
            return;
          }
          scanErrorAnswer(context, response, {
            statuses: DECLARED_ERROR_STATUSES,
            statusClause: 'scan.top-validators.errors.declared-statuses',
            bodyClause: 'scan.top-validators.errors.error-body',
          });
        });
      },
    );
  }

  conformanceTest(
    {
      name: 'a missing limit is rejected',
      endpoint: ENDPOINT,
      clauses: [
        'scan.top-validators.limit.required',
        'scan.top-validators.errors.declared-statuses',
        'canton.scan.top-validators.limit.missing-404',
      ],
      checks: ['negative_data_rejection', 'status_code_conformance', 'content_type_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await topValidators(context, undefined);
      // Canton rejects it before the handler, in Pekko's text/plain: the spec profile judges only the status.
      statusCodeConformance(response, DECLARED_ERROR_STATUSES, 'scan.top-validators.limit.required');
      if (context.profile !== 'canton') return;
      statusCodeConformance(response, [404], 'canton.scan.top-validators.limit.missing-404');
      contentTypeConformance(response, 'text', 'canton.scan.top-validators.limit.missing-404');
      expectThat(
        response.text.startsWith("Request is missing required query parameter 'limit'"),
        'negative_data_rejection',
        'canton.scan.top-validators.limit.missing-404',
        `expected Pekko's missing-parameter text, got ${JSON.stringify(response.text.slice(0, 200))}`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'a limit that is not an int32 is rejected',
      endpoint: ENDPOINT,
      clauses: [
        'scan.top-validators.limit.int32',
        'scan.top-validators.errors.declared-statuses',
        'canton.scan.top-validators.limit.malformed-400',
      ],
      checks: ['negative_data_rejection', 'status_code_conformance', 'content_type_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const notInt32 = fc.oneof(
        fc.constantFrom('abc', '1.5', '', '10e2', 'ten', '0x10'),
        fc.integer({ min: 1, max: 1000 }).map((value) => `${value}.0`),
        fc.bigInt({ min: BigInt(INT32_MAX) + 1n, max: 2n ** 63n }).map(String),
        fc.bigInt({ min: -(2n ** 63n), max: BigInt(INT32_MIN) - 1n }).map(String),
      );
      await context.forAll(notInt32, async (limit) => {
        assertStillInvalid(
          !/^[+-]?\d+$/.test(limit) || Number(limit) > INT32_MAX || Number(limit) < INT32_MIN,
          'scan.top-validators.limit.int32',
          `limit ${JSON.stringify(limit)}`,
        );
        const response = await topValidators(context, limit);
        // Canton rejects it before the handler, in Pekko's text/plain: the spec profile judges only the status.
        statusCodeConformance(response, DECLARED_ERROR_STATUSES, 'scan.top-validators.limit.int32');
        if (context.profile !== 'canton') return;
        statusCodeConformance(response, [400], 'canton.scan.top-validators.limit.malformed-400');
        contentTypeConformance(response, 'text', 'canton.scan.top-validators.limit.malformed-400');
        expectThat(
          response.text.startsWith("The query parameter 'limit' was malformed:"),
          'negative_data_rejection',
          'canton.scan.top-validators.limit.malformed-400',
          `expected Pekko's malformed-parameter text, got ${JSON.stringify(response.text.slice(0, 200))}`,
          response,
        );
      });
    },
  );
});
