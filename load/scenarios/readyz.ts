/**
 * `readyz`: the readiness endpoint, a baseline for the HTTP stack itself (no auth, no ledger work).
 */
import type { LoadRequest, Scenario } from '../types.js';
import { endpointPath } from '../../specification/endpoints.js';

export const readyzScenario: Scenario = {
  name: 'readyz',
  description: 'GET /readyz — the cost of the HTTP stack alone',
  async prepare() {
    const request: LoadRequest = {
      method: 'GET',
      path: endpointPath('readyz'),
      headers: {},
      expect: { statuses: [200], schema: 'ReadyzText' },
    };
    return { next: () => request };
  },
};
