import type { ClientResponse } from '../../client/http.js';
import { contentTypeConformance, statusCodeConformance } from '../../checks/basic.js';
import type { Requirement } from '../../harness/requirements.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import { cantonErrorMessage, cantonPrettyErrorBody, scanErrorAnswer } from './scan-checks.js';
import { getScan, scanPaths } from './scan-requests.js';

const UNKNOWN_ROUTE_PREFIX = 'The requested resource could not be found: ';

/** Canton's unknown-route answer (0.6.0 and later): 404 `{error}` naming the full request URI. */
function cantonUnknownRoute(context: ConformanceContext, response: ClientResponse, clauseId: string): void {
  const message = scanErrorAnswer(context, response, {
    statuses: [404],
    statusClause: clauseId,
    bodyClause: 'canton.scan.unknown-route-404',
  });
  cantonErrorMessage(response, message, UNKNOWN_ROUTE_PREFIX, 'canton.scan.unknown-route-404');
  const sent = new URL(response.request.url);
  const requested = `${sent.pathname}${sent.search}`;
  expectThat(
    message.endsWith(requested),
    'error_body_conformance',
    'canton.scan.unknown-route-404',
    `the message should name the full request URI (ending ${JSON.stringify(requested)}), got ${JSON.stringify(message)}`,
    response,
  );
  cantonPrettyErrorBody(response, 'canton.scan.error-body-pretty-json');
}

const removals: {
  endpoint: string;
  path: string;
  query?: Record<string, string>;
  removedIn: string;
  clauseId: string;
  cantonClauseId: string;
}[] = [
  {
    endpoint: 'scan.top-validators',
    path: scanPaths.topValidators,
    query: { limit: '10' },
    removedIn: '0.6.6',
    clauseId: 'versioning.scan.top-validators.removed-0.6.6',
    cantonClauseId: 'canton.scan.removed.top-validators-404',
  },
  {
    endpoint: 'scan.rewards-collected',
    path: scanPaths.rewardsCollected,
    removedIn: '0.6.7',
    clauseId: 'versioning.scan.rewards-collected.removed-0.6.7',
    cantonClauseId: 'canton.scan.removed.rewards-collected-404',
  },
  {
    endpoint: 'scan.round-of-latest-data',
    path: scanPaths.roundOfLatestData,
    removedIn: '0.6.7',
    clauseId: 'versioning.scan.round-of-latest-data.removed-0.6.7',
    cantonClauseId: 'canton.scan.removed.round-of-latest-data-404',
  },
];

conformanceSuite('scan versions', () => {
  for (const removal of removals) {
    const requires: Requirement[] = ['scan', { scanVersionAtLeast: removal.removedIn }];
    conformanceTest(
      {
        name: `${removal.path} is gone from ${removal.removedIn}: 404`,
        endpoint: removal.endpoint,
        clauses: [removal.clauseId, removal.cantonClauseId, 'canton.scan.unknown-route-404'],
        checks: ['status_code_conformance', 'error_body_conformance'],
        requires,
      },
      async (context) => {
        const response = await getScan(context, removal.path, removal.query);
        statusCodeConformance(response, [404], removal.clauseId);
        if (context.profile === 'canton') cantonUnknownRoute(context, response, removal.cantonClauseId);
      },
    );
  }

  conformanceTest(
    {
      name: 'an unknown path is 404 with {error} naming the URI',
      endpoint: 'scan',
      clauses: ['canton.scan.unknown-route-404', 'canton.scan.error-body-pretty-json'],
      checks: ['status_code_conformance', 'error_body_conformance'],
      requires: ['scan', { scanVersionAtLeast: '0.6.0' }],
    },
    async (context) => {
      cantonUnknownRoute(context, await getScan(context, '/v0/no-such-endpoint', { page: '1' }), 'canton.scan.unknown-route-404');
    },
  );

  conformanceTest(
    {
      name: 'a wrong method on an existing path is 405',
      endpoint: 'scan',
      clauses: ['canton.scan.method-not-allowed-405'],
      checks: ['status_code_conformance', 'content_type_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      const { synchronizerId, members, parties } = context.fixtures.scan;
      const paths = [
        scanPaths.trafficStatus(synchronizerId, members.unknown),
        scanPaths.participantIdV0(synchronizerId, parties.singleHosted),
      ];
      for (const path of paths) {
        for (const method of ['POST', 'DELETE'] as const) {
          const response = await context.send({ api: 'scan', method, path, user: null, ...(method === 'POST' ? { body: {} } : {}) });
          statusCodeConformance(response, [405], 'canton.scan.method-not-allowed-405');
          contentTypeConformance(response, 'text', 'canton.scan.method-not-allowed-405');
        }
      }
    },
  );
});
