/**
 * The endpoints the suite knows, by short name. Tests, generators and reports name an endpoint with one of
 * these (`EndpointName`), so a typo is a type error. `participant` and `scan` stand for behaviour shared by
 * every endpoint of one API (routing, unknown paths).
 */
export const ENDPOINTS = {
  execute: 'POST /v2/interactive-submission/execute',
  'update-by-offset': 'POST /v2/updates/update-by-offset',
  'authenticated-user': 'GET /v2/authenticated-user',
  'submit-and-wait': 'POST /v2/commands/submit-and-wait',
  'dars-upload': 'POST /v2/dars',
  'packages-upload': 'POST /v2/packages',
  'dars-validate': 'POST /v2/dars/validate',
  'traffic-account': 'GET /v2/traffic/accounts/{account-id}',
  readyz: 'GET /readyz',
  users: 'POST /v2/users, PATCH /v2/users/{user-id} (canton)',
  'scan.traffic-status': 'GET scan /v0/domains/{domain_id}/members/{member_id}/traffic-status',
  'scan.participant-id-v1': 'GET scan /v1/domains/{domain_id}/parties/{party_id}/participant-id',
  'scan.participant-id-v0': 'GET scan /v0/domains/{domain_id}/parties/{party_id}/participant-id',
  'scan.top-validators': 'GET scan /v0/top-validators-by-validator-faucets',
  'scan.rewards-collected': 'GET scan /v0/rewards-collected',
  'scan.round-of-latest-data': 'GET scan /v0/round-of-latest-data',
  version: 'GET /v2/version',
  'node-state': 'GET /livez, /v2/state/ledger-end, /v2/packages, /v2/state/connected-synchronizers, /docs/openapi',
  participant: 'every participant endpoint',
  scan: 'every scan endpoint',
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

/** The endpoints a request generator can target (the shared `participant` and `scan` are not requests). */
const NOT_GENERATED = ['participant', 'scan', 'version', 'node-state', 'users'] as const;

export type RequestEndpointName = Exclude<EndpointName, (typeof NOT_GENERATED)[number]>;

export const REQUEST_ENDPOINT_NAMES = (Object.keys(ENDPOINTS) as EndpointName[]).filter(
  (name): name is RequestEndpointName => !(NOT_GENERATED as readonly string[]).includes(name),
);
