/**
 * The routes the official Canton Network clients call besides the spec's endpoints: the version (read
 * before every GET by LedgerClient) and the node's state (liveness, ledger end, packages, connected
 * synchronizers, the OpenAPI document). Canton profile only: the spec does not name them.
 */
import type { ClientResponse } from '../../client/http.js';
import { parseBody } from '../../checks/schema.js';
import { expectCount, expectText, expectValueMatches } from '../../checks/values.js';
import type { ClauseId } from '../../specification/clauses.js';
import type { DescriptorName } from '../../specification/endpoints.js';
import { notAServerError, statusCodeConformance } from '../../checks/basic.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';

const FEATURES = ['experimental', 'userManagement', 'partyManagement', 'offsetCheckpoint', 'packageFeature'];

function anyUser(context: ConformanceContext): string {
  return context.userWhere('is active', () => true).id;
}

/** A GET of one endpoint, named by its descriptor (specification/endpoints.ts): the suite spells no path. */
function get(context: ConformanceContext, endpoint: DescriptorName, user: string | null): Promise<ClientResponse> {
  return context.send({ endpoint, user });
}

function okJson(response: ClientResponse, clauseId: ClauseId): Record<string, unknown> {
  notAServerError(response, clauseId);
  statusCodeConformance(response, [200], clauseId);
  const body = parseBody(response, clauseId);
  expectValueMatches(
    clauseId,
    'the body',
    body,
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'a JSON object',
    response,
  );
  return body as Record<string, unknown>;
}

conformanceSuite('client routes', () => {
  conformanceTest(
    {
      name: 'GET /v2/version answers the version and the features descriptor',
      endpoint: 'version',
      clauses: ['canton.client-routes.version'],
    },
    async (context) => {
      const response = await get(context, 'version', anyUser(context));
      const body = okJson(response, 'canton.client-routes.version');
      const features = body.features as Record<string, unknown> | undefined;
      expectValueMatches(
        'canton.client-routes.version',
        'version',
        body.version,
        (version) => typeof version === 'string' && version !== '',
        'a non-empty string',
        response,
      );
      expectValueMatches(
        'canton.client-routes.version',
        'features',
        features,
        (value) => FEATURES.every((name) => typeof value?.[name] === 'object' && value[name] !== null),
        `an object with ${FEATURES.join(', ')}`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'liveness, ledger end, packages, connected synchronizers and the OpenAPI document are served',
      endpoint: 'node-state',
      clauses: ['canton.client-routes.node-state'],
    },
    async (context) => {
      const clauseId = 'canton.client-routes.node-state';
      const user = anyUser(context);
      const livez = await get(context, 'livez', null);
      statusCodeConformance(livez, [200], clauseId);
      const endResponse = await get(context, 'ledger-end', user);
      const end = okJson(endResponse, clauseId);
      expectValueMatches(
        clauseId,
        'the ledger-end offset',
        end.offset,
        (offset) => offset === undefined || Number(offset) >= 0,
        'a non-negative integer',
        endResponse,
      );
      const packagesResponse = await get(context, 'packages-list', user);
      const packages = okJson(packagesResponse, clauseId);
      expectCount(
        clauseId,
        'packageIds',
        Array.isArray(packages.packageIds) ? packages.packageIds : undefined,
        { min: 1 },
        packagesResponse,
      );
      const synchronizersResponse = await get(context, 'connected-synchronizers', user);
      const synchronizers = okJson(synchronizersResponse, clauseId).connectedSynchronizers as Record<string, unknown>[] | undefined;
      expectValueMatches(
        clauseId,
        'the connected synchronizers',
        synchronizers ?? [],
        (entries) =>
          entries.every((entry) => typeof entry.synchronizerAlias === 'string' && typeof entry.synchronizerId === 'string') &&
          entries.some((entry) => entry.synchronizerId === context.fixtures.synchronizerId),
        `entries with an alias and an id, one of them ${context.fixtures.synchronizerId}`,
        synchronizersResponse,
      );
      const docs = await get(context, 'openapi', null);
      statusCodeConformance(docs, [200], clauseId);
      expectText(clauseId, 'the OpenAPI document', docs.text, { pattern: /^openapi:/m }, docs);
    },
  );
});
