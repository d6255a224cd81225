import { contentTypeConformance, notAServerError, positiveDataAcceptance } from '../../checks/basic.js';
import { conformanceSuite, conformanceTest } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import { scanErrorAnswer, scanResponseSchema } from './scan-checks.js';
import { getScan, scanPaths } from './scan-requests.js';

const ENDPOINT = 'scan.round-of-latest-data';
const REQUIRES = ['scan', { scanVersionBelow: '0.6.7' }] as const;
/** Java's OffsetDateTime in UTC: seconds, then milli- or microseconds when not zero, then `Z`. */
const UTC_MICROSECOND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{3}|\.\d{6})?)?Z$/;

conformanceSuite('scan round-of-latest-data', () => {
  conformanceTest(
    {
      name: 'answers the latest round and when it closed',
      endpoint: ENDPOINT,
      clauses: [
        'scan.round-of-latest-data.exists',
        'scan.round-of-latest-data.no-parameters',
        'scan.round-of-latest-data.response.shape',
        'scan.round-of-latest-data.effectiveAt.date-time',
        'canton.scan.round-of-latest-data.effectiveAt-utc',
        'scan.responses.json',
        'scan.auth.no-headers',
      ],
      checks: ['not_a_server_error', 'positive_data_acceptance', 'content_type_conformance', 'response_schema_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await getScan(context, scanPaths.roundOfLatestData);
      notAServerError(response, 'scan.round-of-latest-data.exists');
      positiveDataAcceptance(response, 'scan.round-of-latest-data.exists');
      contentTypeConformance(response, 'json', 'scan.responses.json');
      const body = scanResponseSchema(
        context.validators,
        response,
        'GetRoundOfLatestDataResponse',
        'scan.round-of-latest-data.response.shape',
        {
          '/effectiveAt': 'scan.round-of-latest-data.effectiveAt.date-time',
        },
      ) as { round: unknown; effectiveAt: string };
      if (context.profile === 'canton') {
        expectThat(
          UTC_MICROSECOND_TIME.test(body.effectiveAt),
          'response_schema_conformance',
          'canton.scan.round-of-latest-data.effectiveAt-utc',
          `effectiveAt must be UTC written like 2024-06-05T12:34:56.123456Z, got ${JSON.stringify(body.effectiveAt)}`,
          response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'answers only its declared statuses',
      endpoint: ENDPOINT,
      clauses: ['scan.round-of-latest-data.errors.declared-statuses', 'scan.round-of-latest-data.errors.error-body'],
      checks: ['status_code_conformance', 'error_body_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await getScan(context, scanPaths.roundOfLatestData);
      // A scan with aggregated data answers 200 (checked above); without, the declared 404 with {error}.
      if (response.status === 200) return;
      scanErrorAnswer(context, response, {
        statuses: [404],
        statusClause: 'scan.round-of-latest-data.errors.declared-statuses',
        bodyClause: 'scan.round-of-latest-data.errors.error-body',
      });
    },
  );
});
