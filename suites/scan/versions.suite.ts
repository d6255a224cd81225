import { statusCodeConformance, expectContentType } from '../../checks/basic.js';
import type { Requirement } from '../../harness/library/requirements.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import type { EndpointName } from '../../specification/endpoints.js';
import { getScan, scanPaths } from '../support/scan-requests.js';

const removals: {
  endpoint: EndpointName;
  path: string;
  query?: Record<string, string>;
  removedIn: string;
  clauseId: ClauseId;
  cantonClauseId: ClauseId;
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
  // Only the status: the body of the unknown-route 404 differs by release (text/plain on the newest, FF9).
  for (const removal of removals) {
    const requires: Requirement[] = ['scan', { scanVersionAtLeast: removal.removedIn }];
    conformanceTest(
      {
        name: `${removal.path} is gone from ${removal.removedIn}: 404`,
        endpoint: removal.endpoint,
        clauses: [removal.clauseId, removal.cantonClauseId, 'canton.scan.unknown-route-404'],
        requires,
      },
      async (context) => {
        const response = await getScan(context, removal.path, removal.query);
        statusCodeConformance(response, [404], removal.clauseId);
        if (context.profile !== 'canton') return;
        statusCodeConformance(response, [404], removal.cantonClauseId);
        statusCodeConformance(response, [404], 'canton.scan.unknown-route-404');
      },
    );
  }

  conformanceTest(
    {
      name: 'an unknown path is 404',
      endpoint: 'scan',
      clauses: ['canton.scan.unknown-route-404'],
      requires: ['scan'],
    },
    async (context) => {
      const response = await getScan(context, '/v0/no-such-endpoint', { page: '1' });
      statusCodeConformance(response, [404], 'canton.scan.unknown-route-404');
    },
  );

  conformanceTest(
    {
      name: 'a wrong method on an existing path is 405',
      endpoint: 'scan',
      clauses: ['canton.scan.method-not-allowed-405'],
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
          expectContentType(response, 'text', 'canton.scan.method-not-allowed-405');
        }
      }
    },
  );
});
