import { fieldClausesOf } from '../../specification/schema-fields.js';
import { answerBody } from '../../checks/schema.js';
import { notAServerError, statusCodeConformance } from '../../checks/basic.js';
import { scanErrorAnswer } from '../../checks/scan.js';
import { expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { endpointRequirements } from '../../specification/endpoints.js';
import { getScan } from '../support/scan-requests.js';
import { acceptedFor, skipWithoutAggregatedRound } from '../support/scan-responses.js';

const ENDPOINT = 'scan.round-of-latest-data';
const REQUIRES = endpointRequirements('scan.round-of-latest-data');
/**
 * circe's OffsetDateTime encoder (ISO_OFFSET_DATE_TIME): seconds always, then a fraction whose trailing
 * zeros are dropped — 0 to 9 digits, not only the 3 or 6 of a fixed-width writer.
 */
const ISO_OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2}(:\d{2})?)$/;

conformanceSuite('scan round-of-latest-data', () => {
  conformanceTest(
    {
      name: 'answers the latest round and when it closed',
      endpoint: ENDPOINT,
      clauses: [
        'scan.round-of-latest-data.exists',
        'scan.round-of-latest-data.no-parameters',
        'scan.round-of-latest-data.response.shape',
        ...fieldClausesOf('GetRoundOfLatestDataResponse'),
        'canton.scan.round-of-latest-data.effectiveAt-utc',
        'canton.scan.round-of-latest-data.effectiveAt-fraction',
        'scan.responses.json',
        'scan.auth.no-headers',
      ],
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await getScan(context, 'scan.round-of-latest-data');
      notAServerError(response, 'scan.round-of-latest-data.exists');
      skipWithoutAggregatedRound(context, response, 'round-of-latest-data');
      acceptedFor(response, ['scan.round-of-latest-data.exists', 'scan.round-of-latest-data.no-parameters', 'scan.auth.no-headers']);
      const body = answerBody(response, 'scan.round-of-latest-data.response.shape') as { round: unknown; effectiveAt: string };
      if (context.profile !== 'canton') return;
      expectValueMatches(
        'canton.scan.round-of-latest-data.effectiveAt-fraction',
        'effectiveAt',
        body.effectiveAt,
        (text) => ISO_OFFSET_DATE_TIME.test(text),
        'written as ISO_OFFSET_DATE_TIME does: seconds, then 0 to 9 fraction digits (e.g. 2024-06-05T12:34:56.12345Z)',
        response,
      );
      expectValueMatches(
        'canton.scan.round-of-latest-data.effectiveAt-utc',
        'effectiveAt',
        body.effectiveAt,
        (text) => text.endsWith('Z'),
        'in UTC, with the offset written Z',
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'answers only its declared statuses',
      endpoint: ENDPOINT,
      clauses: ['scan.round-of-latest-data.errors.declared-statuses'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await getScan(context, 'scan.round-of-latest-data');
      // 200 while a round has been aggregated; before any, the declared 404 with {error}.
      statusCodeConformance(response, [200, 404], 'scan.round-of-latest-data.errors.declared-statuses');
      if (response.status === 404) {
        scanErrorAnswer(response, {
          statuses: [404],
          statusClauses: ['scan.round-of-latest-data.errors.declared-statuses'],
          bodyClauses: ['scan.round-of-latest-data.errors.error-body'],
        });
      }
    },
  );
});
