/**
 * The `canton` profile for the routes the official Canton Network clients call besides the spec's
 * endpoints (verified-against-real §5): `LedgerClient` reads GET /v2/version before every GET, wallet-sdk
 * needs the connected synchronizers and executes through executeAndWait. Only what the facts state.
 */
import { cantonGroup } from './define.js';

const routes = cantonGroup({ section: 'Endpoints' });

export const cantonClientRouteClauses = [
  routes(
    'canton.client-routes.version',
    'endpoint',
    'GET /v2/version answers 200 with a `version` string and the 3.5 `features` descriptor (experimental, userManagement, ' +
      'partyManagement, offsetCheckpoint, packageFeature); LedgerClient reads it before every GET and throws without ' +
      '`version` (facts canton: verified-against-real §5).',
  ),
  routes(
    'canton.client-routes.node-state',
    'endpoint',
    'A participant serves GET /livez (200), GET /v2/state/ledger-end (`offset`), GET /v2/packages (`packageIds`) and ' +
      'GET /v2/state/connected-synchronizers (`connectedSynchronizers` with alias and id) to a valid token, and ' +
      'GET /docs/openapi (facts canton: verified-against-real §5).',
  ),
  routes(
    'canton.client-routes.execute-and-wait',
    'endpoint',
    'POST /v2/interactive-submission/executeAndWait executes a prepared, signed transaction and answers once it is ' +
      'committed with `updateId` and `completionOffset`, the offset at which the transaction is found (facts canton: ' +
      'verified-against-real §5).',
    { features: ['interactiveSubmission', 'writes'] },
  ),
];
