import { statusCodeConformance, expectContentType } from '../../checks/basic.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import { endpointDescriptor, removalRequirements } from '../../specification/endpoints.js';
import { getScan, getScanRoute, scanPath, type ScanEndpointName } from '../support/scan-requests.js';

/** The scan endpoints a Splice release removed: their descriptors' `removedIn` says which. */
const removals: {
  endpoint: ScanEndpointName;
  query?: Record<string, string>;
  clauseId: ClauseId;
  cantonClauseId: ClauseId;
}[] = [
  {
    endpoint: 'scan.top-validators',
    query: { limit: '10' },
    clauseId: 'versioning.scan.top-validators.removed-0.6.6',
    cantonClauseId: 'canton.scan.removed.top-validators-404',
  },
  {
    endpoint: 'scan.rewards-collected',
    clauseId: 'versioning.scan.rewards-collected.removed-0.6.7',
    cantonClauseId: 'canton.scan.removed.rewards-collected-404',
  },
  {
    endpoint: 'scan.round-of-latest-data',
    clauseId: 'versioning.scan.round-of-latest-data.removed-0.6.7',
    cantonClauseId: 'canton.scan.removed.round-of-latest-data-404',
  },
];

conformanceSuite('scan versions', () => {
  // Only the status: the body of the unknown-route 404 differs by release (text/plain on the newest, FF9).
  for (const removal of removals) {
    const requires = removalRequirements(removal.endpoint);
    conformanceTest(
      {
        name: `${scanPath(removal.endpoint)} is gone from ${endpointDescriptor(removal.endpoint).removedIn}: 404`,
        endpoint: removal.endpoint,
        clauses: [removal.clauseId, removal.cantonClauseId, 'canton.scan.unknown-route-404'],
        requires,
      },
      async (context) => {
        const response = await getScan(context, removal.endpoint, {}, removal.query);
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
      const response = await getScanRoute(context, '/v0/no-such-endpoint', { page: '1' });
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
        scanPath('scan.traffic-status', { domain_id: synchronizerId, member_id: members.unknown }),
        scanPath('scan.participant-id-v0', { domain_id: synchronizerId, party_id: parties.singleHosted }),
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
