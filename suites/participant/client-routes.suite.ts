/**
 * The routes the official Canton Network clients call besides the spec's endpoints: the version (read
 * before every GET by LedgerClient) and the node's state (liveness, ledger end, packages, connected
 * synchronizers, the OpenAPI document). Canton profile only: the spec does not name them.
 */
import type { ClientResponse } from '../../client/http.js';
import { expectThat } from '../../checks/assertion.js';
import { notAServerError, statusCodeConformance } from '../../checks/basic.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { parseJsonLossless } from '../../specification/json.js';

const FEATURES = ['experimental', 'userManagement', 'partyManagement', 'offsetCheckpoint', 'packageFeature'];

function anyUser(ctx: ConformanceContext): string {
  return ctx.userWhere('is active', () => true).id;
}

function get(ctx: ConformanceContext, path: string, user: string | null): Promise<ClientResponse> {
  return ctx.send({ api: 'participant', method: 'GET', path, user });
}

function okJson(response: ClientResponse, clauseId: string): Record<string, unknown> {
  notAServerError(response, clauseId);
  statusCodeConformance(response, [200], clauseId);
  const body = parseJsonLossless(response.text);
  expectThat(
    typeof body === 'object' && body !== null && !Array.isArray(body),
    'response_schema_conformance',
    clauseId,
    'not a JSON object',
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
      checks: ['status_code_conformance', 'response_schema_conformance'],
    },
    async (ctx) => {
      const response = await get(ctx, '/v2/version', anyUser(ctx));
      const body = okJson(response, 'canton.client-routes.version');
      const features = body.features as Record<string, unknown> | undefined;
      expectThat(
        typeof body.version === 'string' &&
          body.version !== '' &&
          FEATURES.every((name) => typeof features?.[name] === 'object' && features[name] !== null),
        'response_schema_conformance',
        'canton.client-routes.version',
        `expected a version and the features ${FEATURES.join(', ')}, got ${response.text.slice(0, 300)}`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'liveness, ledger end, packages, connected synchronizers and the OpenAPI document are served',
      endpoint: 'node-state',
      clauses: ['canton.client-routes.node-state'],
      checks: ['status_code_conformance', 'response_schema_conformance'],
    },
    async (ctx) => {
      const clauseId = 'canton.client-routes.node-state';
      const user = anyUser(ctx);
      const livez = await get(ctx, '/livez', null);
      statusCodeConformance(livez, [200], clauseId);
      const end = okJson(await get(ctx, '/v2/state/ledger-end', user), clauseId);
      expectThat(
        end.offset === undefined || Number(end.offset) >= 0,
        'response_schema_conformance',
        clauseId,
        `ledger-end offset ${String(end.offset)} is not a non-negative integer`,
      );
      const packagesResponse = await get(ctx, '/v2/packages', user);
      const packages = okJson(packagesResponse, clauseId);
      expectThat(
        Array.isArray(packages.packageIds) && packages.packageIds.length > 0,
        'response_schema_conformance',
        clauseId,
        `expected a non-empty packageIds list, got ${packagesResponse.text.slice(0, 200)}`,
        packagesResponse,
      );
      const synchronizersResponse = await get(ctx, '/v2/state/connected-synchronizers', user);
      const synchronizers = okJson(synchronizersResponse, clauseId).connectedSynchronizers as Record<string, unknown>[] | undefined;
      expectThat(
        (synchronizers ?? []).every((entry) => typeof entry.synchronizerAlias === 'string' && typeof entry.synchronizerId === 'string') &&
          (synchronizers ?? []).some((entry) => entry.synchronizerId === ctx.fixtures.synchronizerId),
        'response_schema_conformance',
        clauseId,
        `the connected synchronizers (alias and id each) do not include ${ctx.fixtures.synchronizerId}: ${synchronizersResponse.text.slice(0, 300)}`,
        synchronizersResponse,
      );
      const docs = await get(ctx, '/docs/openapi', null);
      statusCodeConformance(docs, [200], clauseId);
      expectThat(
        /^openapi:/m.test(docs.text),
        'response_schema_conformance',
        clauseId,
        'the OpenAPI document names no openapi version',
        docs,
      );
    },
  );
});
