/**
 * Clauses of the records returned outside the update lookup (User, ObjectMeta, the "Other records") and of
 * the States table.
 */
import { clauseGroup, notShownGroup } from './define.js';
import { endpointRequirements } from '../endpoints.js';

const RESOURCES = 'Resources and their fields';
const OTHER_RECORDS = `${RESOURCES} > Other records`;
const STATES = 'States and transitions';

const user = clauseGroup({ section: `${RESOURCES} > User`, resource: 'User', endpoint: 'authenticated-user' });
const objectMeta = clauseGroup({ section: `${RESOURCES} > User`, resource: 'ObjectMeta', endpoint: 'authenticated-user' });
const otherRecords = clauseGroup({ section: OTHER_RECORDS });
const otherRecordsNotShown = notShownGroup({ section: OTHER_RECORDS });
const states = clauseGroup({ section: STATES });
const statesNotShown = notShownGroup({ section: STATES });

const PRIMARY_PARTY =
  '| primaryParty | string | no | party as which the user reads and acts by default, given matching read-as/act-as rights; clients SHOULD set it; participant-administrator users MAY have one; modifiable |';
const IS_DEACTIVATED = '| isDeactivated | boolean | no | when set, the user is denied all access to the ledger API; modifiable |';
const IDENTITY_PROVIDER_ID = '| identityProviderId | string | no | when unset, the user is managed by the default identity provider |';
const PRIMARY_PARTY_AUTHENTICATION =
  "| primaryPartyAuthentication | boolean | no | when true the user may authenticate by signing a party JWT with the primary party's signing key; modifiable |";
const RESOURCE_VERSION =
  '`resourceVersion` (string, optional; opaque, non-empty, changes on every update; used for optional concurrent change detection by passing it back unmodified in an update request, and the update fails if another update happened; must be left empty when creating a resource)';
const ANNOTATIONS = '`annotations` (map string to string, optional, may be empty, modifiable; constraints in Limits)';
const NO_USER_UPDATE = 'no endpoint in scope creates or updates users';
const TRAFFIC_ACCOUNT_STATE = 'Traffic account state: `accountId` (string, required), `balance` (int64, required).';
const TOTAL_CONSUMED = '`total_consumed` int64 required: extra traffic consumed;';
const TOTAL_LIMIT = '`total_limit` int64 required: current extra traffic limit, a top-up is complete once it equals `total_purchased`';
const TOTAL_PURCHASED =
  '`total_purchased` int64 required: bytes of extra traffic purchased; may exceed `actual` limit since purchases take time to be incorporated';
const FAUCETS =
  'ValidatorReceivedFaucets (scan, historical): `validator`, `numRoundsCollected`, `numRoundsMissed`, `firstCollectedInRound`, `lastCollectedInRound`.';

export const recordResourceClauses = [
  user('user.id.required', 'resource', '| id | string | yes | see Limits |'),
  user('user.primaryParty.optional', 'resource', PRIMARY_PARTY),
  user('user.primaryParty.clients-should-set', 'resource', PRIMARY_PARTY, {
    untestable: 'SHOULD advice to clients and MAY for administrators; nothing a server must do',
  }),
  user('user.isDeactivated.optional-boolean', 'resource', IS_DEACTIVATED),
  user('user.metadata.optional', 'resource', '| metadata | ObjectMeta | no | |'),
  user('user.identityProviderId.optional', 'resource', IDENTITY_PROVIDER_ID),
  user('user.primaryPartyAuthentication.optional-boolean', 'resource', PRIMARY_PARTY_AUTHENTICATION, {
    features: ['ledgerApi3.5'],
  }),
  objectMeta('object-meta.resourceVersion.optional', 'resource', RESOURCE_VERSION),
  objectMeta('object-meta.resourceVersion.non-empty', 'resource', RESOURCE_VERSION),
  objectMeta('object-meta.resourceVersion.concurrent-change-detection', 'resource', RESOURCE_VERSION, { untestable: NO_USER_UPDATE }),
  objectMeta('object-meta.annotations.optional', 'resource', ANNOTATIONS),
  objectMeta('object-meta.annotations.string-map', 'resource', ANNOTATIONS),

  otherRecords('upload-dar-file-response.sent-on-success', 'resource', 'UploadDarFileResponse: sent when an upload succeeded;', {
    resource: 'UploadDarFileResponse',
    endpoint: 'dars-upload',
    features: ['writes'],
  }),
  otherRecordsNotShown(
    'upload-dar-file-response.fields.not-shown',
    'resource',
    'UploadDarFileResponse: sent when an upload succeeded; fields not shown.',
    {
      resource: 'UploadDarFileResponse',
      endpoint: 'dars-upload',
    },
  ),
  otherRecords('traffic-account.accountId.required', 'resource', TRAFFIC_ACCOUNT_STATE, {
    resource: 'TrafficAccount',
    endpoint: 'traffic-account',
    features: ['trafficAccounts'],
  }),
  otherRecords('traffic-account.balance.required-int64', 'resource', TRAFFIC_ACCOUNT_STATE, {
    resource: 'TrafficAccount',
    endpoint: 'traffic-account',
    features: ['trafficAccounts'],
  }),
  otherRecords('member-traffic-status.actual.total_consumed.required-int64', 'resource', TOTAL_CONSUMED, {
    resource: 'MemberTrafficStatus',
    endpoint: 'scan.traffic-status',
  }),
  otherRecords('member-traffic-status.actual.total_limit.required-int64', 'resource', TOTAL_LIMIT, {
    resource: 'MemberTrafficStatus',
    endpoint: 'scan.traffic-status',
  }),
  otherRecords('member-traffic-status.target.total_purchased.required-int64', 'resource', TOTAL_PURCHASED, {
    resource: 'MemberTrafficStatus',
    endpoint: 'scan.traffic-status',
  }),
  otherRecords(
    'member-traffic-status.shape',
    'resource',
    'MemberTrafficStatus (scan): `traffic_status` with `actual` (`total_consumed` int64 required: extra traffic consumed; `total_limit` int64 required: current extra traffic limit, a top-up is complete once it equals `total_purchased`) and `target` (`total_purchased` int64 required: bytes of extra traffic purchased; may exceed `actual` limit since purchases take time to be incorporated).',
    { resource: 'MemberTrafficStatus', endpoint: 'scan.traffic-status' },
  ),
  otherRecords('validator-received-faucets.fields', 'resource', FAUCETS, {
    resource: 'ValidatorReceivedFaucets',
    endpoint: 'scan.top-validators',
    features: endpointRequirements('scan.top-validators'),
  }),

  states(
    'state.user.isDeactivated.denies-access',
    'state',
    '| User.isDeactivated | true / false (unset behaves as not deactivated) | true denies all ledger API access |',
    { resource: 'User', features: ['authorization'] },
  ),
  states(
    'state.traffic-top-up',
    'state',
    '| Traffic top-up | in progress while `total_limit` differs from `total_purchased`; complete when they match | |',
    { resource: 'MemberTrafficStatus', endpoint: 'scan.traffic-status' },
  ),
  states(
    'state.participant-permission.values',
    'state',
    '| Participant permission of a party on a participant | SUBMISSION, CONFIRMATION, OBSERVATION (plus UNSPECIFIED) | carried by topology events |',
    { resource: 'TopologyEvent', endpoint: 'update-by-offset', features: ['topologyFixture'] },
  ),
  statesNotShown('state.transitions.not-shown', 'state', 'Transitions: not shown.'),
];
