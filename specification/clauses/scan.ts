/**
 * Clauses of the area B scan endpoints (the table under "Scan endpoints"), one group per row: the endpoint
 * exists, its parameters, its 200 body and its other statuses.
 */
import { endpointRequirements, type DescriptorName } from '../endpoints.js';
import { clauseGroup, notShownGroup } from './define.js';

const SECTION = 'Endpoints > Scan endpoints (no authentication headers; responses JSON)';
const PARTICIPANT_ID_V1 = 'scan.participant-id-v1';
const PARTICIPANT_ID_V0 = 'scan.participant-id-v0';

const TRAFFIC_STATUS_ROW =
  "| GET {scan_base_url}/v0/domains/{domain_id}/members/{member_id}/traffic-status | path `domain_id` (string, required; synchronizer id), `member_id` (string, required; participant or mediator, format `code::id::fingerprint` with `code` `PAR` or `MED`) | `{traffic_status: MemberTrafficStatus}`; reports the sequencer's view according to ledger state at request time | 400, 404, 500 with `{error: string}` |";
const PARTICIPANT_ID_V1_ROW =
  '| GET {scan_base_url}/v1/domains/{domain_id}/parties/{party_id}/participant-id | path `domain_id` (string, required; synchronizer id), `party_id` (string, required) | `{participant_ids: string[]}` (required), each in form `PAR::id::fingerprint`; supports parties hosted on several participants | 404, 500 with `{error}` |';
const PARTICIPANT_ID_V0_ROW =
  '| GET {scan_base_url}/v0/domains/{domain_id}/parties/{party_id}/participant-id | same path parameters | `{participant_id: string}` (required), form `PAR::id::fingerprint`; fails if several party-to-participant mappings exist for the synchronizer and party | 404, 500 with `{error}` |';
const TOP_VALIDATORS_ROW =
  '| GET {scan_base_url}/v0/top-validators-by-validator-faucets (removed in 0.6.6) | query `limit` (int32, required; maximum number of records) | `{validatorsByReceivedFaucets: ValidatorReceivedFaucets[]}` (required), up to `limit` entries, greatest number of rounds collected first | 400, 404 with `{error}` |';
const REWARDS_COLLECTED_ROW =
  '| GET {scan_base_url}/v0/rewards-collected (deprecated, removed in 0.6.7) | query `round` (int64, optional) | `{amount: string}` (required) | 404 with `{error}` |';
const ROUND_OF_LATEST_DATA_ROW =
  '| GET {scan_base_url}/v0/round-of-latest-data (deprecated, removed in 0.6.7) | none | `{round: int64, effectiveAt: string (date-time)}` both required; latest round with aggregated data and the ledger effective time at which it closed | 404 with `{error}` |';

const scan = (endpoint: DescriptorName) => clauseGroup({ section: SECTION, endpoint, features: endpointRequirements(endpoint) });
const trafficStatus = scan('scan.traffic-status');
const participantIdV1 = scan(PARTICIPANT_ID_V1);
const participantIdV0 = scan(PARTICIPANT_ID_V0);
const topValidators = scan('scan.top-validators');
const rewardsCollected = scan('scan.rewards-collected');
const roundOfLatestData = scan('scan.round-of-latest-data');
const scanWide = clauseGroup({ section: SECTION });
const scanNotShown = notShownGroup({ section: SECTION, endpoint: 'scan.top-validators', resource: 'ValidatorReceivedFaucets' });

const SEQUENCER_VIEW_REASON = "the sequencer's own view is not reachable by a black-box client; only its report through scan is";

export const scanClauses = [
  scanWide('scan.auth.no-headers', 'auth', 'Scan endpoints (no authentication headers; responses JSON)'),
  scanWide('scan.responses.json', 'format', 'Scan endpoints (no authentication headers; responses JSON)'),

  trafficStatus('scan.traffic-status.exists', 'endpoint', TRAFFIC_STATUS_ROW),
  trafficStatus('scan.traffic-status.domain_id.required', 'endpoint', TRAFFIC_STATUS_ROW),
  trafficStatus('scan.traffic-status.member_id.required', 'endpoint', TRAFFIC_STATUS_ROW),
  trafficStatus('scan.traffic-status.member_id.format', 'format', TRAFFIC_STATUS_ROW),
  trafficStatus('scan.traffic-status.response.shape', 'endpoint', TRAFFIC_STATUS_ROW, { resource: 'MemberTrafficStatus' }),
  trafficStatus('scan.traffic-status.response.sequencer-view', 'endpoint', TRAFFIC_STATUS_ROW, { untestable: SEQUENCER_VIEW_REASON }),
  trafficStatus('scan.traffic-status.errors.declared-statuses', 'error', TRAFFIC_STATUS_ROW),
  trafficStatus('scan.traffic-status.errors.error-body', 'error', TRAFFIC_STATUS_ROW),

  participantIdV1('scan.participant-id-v1.exists', 'endpoint', PARTICIPANT_ID_V1_ROW),
  participantIdV1('scan.participant-id-v1.domain_id.required', 'endpoint', PARTICIPANT_ID_V1_ROW),
  participantIdV1('scan.participant-id-v1.party_id.required', 'endpoint', PARTICIPANT_ID_V1_ROW),
  participantIdV1('scan.participant-id-v1.response.shape', 'endpoint', PARTICIPANT_ID_V1_ROW),
  participantIdV1('scan.participant-id-v1.response.participant-id-format', 'format', PARTICIPANT_ID_V1_ROW),
  participantIdV1('scan.participant-id-v1.multi-hosted', 'endpoint', PARTICIPANT_ID_V1_ROW, { features: ['multiHostedParty'] }),
  participantIdV1('scan.participant-id-v1.errors.declared-statuses', 'error', PARTICIPANT_ID_V1_ROW),
  participantIdV1('scan.participant-id-v1.errors.error-body', 'error', PARTICIPANT_ID_V1_ROW),

  participantIdV0('scan.participant-id-v0.exists', 'endpoint', PARTICIPANT_ID_V0_ROW),
  participantIdV0('scan.participant-id-v0.path-parameters', 'endpoint', PARTICIPANT_ID_V0_ROW),
  participantIdV0('scan.participant-id-v0.response.shape', 'endpoint', PARTICIPANT_ID_V0_ROW),
  participantIdV0('scan.participant-id-v0.response.participant-id-format', 'format', PARTICIPANT_ID_V0_ROW),
  participantIdV0('scan.participant-id-v0.multi-hosted-fails', 'endpoint', PARTICIPANT_ID_V0_ROW, { features: ['multiHostedParty'] }),
  participantIdV0('scan.participant-id-v0.errors.declared-statuses', 'error', PARTICIPANT_ID_V0_ROW),
  participantIdV0('scan.participant-id-v0.errors.error-body', 'error', PARTICIPANT_ID_V0_ROW),

  topValidators('scan.top-validators.exists', 'endpoint', TOP_VALIDATORS_ROW),
  topValidators('scan.top-validators.limit.required', 'endpoint', TOP_VALIDATORS_ROW),
  topValidators('scan.top-validators.limit.int32', 'endpoint', TOP_VALIDATORS_ROW),
  topValidators('scan.top-validators.limit.maximum', 'endpoint', TOP_VALIDATORS_ROW),
  topValidators('scan.top-validators.response.shape', 'endpoint', TOP_VALIDATORS_ROW, { resource: 'ValidatorReceivedFaucets' }),
  topValidators('scan.top-validators.ordered', 'endpoint', TOP_VALIDATORS_ROW),
  topValidators('scan.top-validators.errors.declared-statuses', 'error', TOP_VALIDATORS_ROW),
  topValidators('scan.top-validators.errors.error-body', 'error', TOP_VALIDATORS_ROW),
  scanNotShown(
    'scan.top-validators.numeric-types.not-shown',
    'resource',
    'Numeric types of the ValidatorReceivedFaucets fields: not shown.',
  ),

  rewardsCollected('scan.rewards-collected.exists', 'endpoint', REWARDS_COLLECTED_ROW),
  rewardsCollected('scan.rewards-collected.round.optional-int64', 'endpoint', REWARDS_COLLECTED_ROW),
  rewardsCollected('scan.rewards-collected.response.shape', 'endpoint', REWARDS_COLLECTED_ROW),
  rewardsCollected('scan.rewards-collected.errors.declared-statuses', 'error', REWARDS_COLLECTED_ROW),
  rewardsCollected('scan.rewards-collected.errors.error-body', 'error', REWARDS_COLLECTED_ROW),

  roundOfLatestData('scan.round-of-latest-data.exists', 'endpoint', ROUND_OF_LATEST_DATA_ROW),
  roundOfLatestData('scan.round-of-latest-data.no-parameters', 'endpoint', ROUND_OF_LATEST_DATA_ROW),
  roundOfLatestData('scan.round-of-latest-data.response.shape', 'endpoint', ROUND_OF_LATEST_DATA_ROW),
  roundOfLatestData('scan.round-of-latest-data.effectiveAt.date-time', 'format', ROUND_OF_LATEST_DATA_ROW),
  roundOfLatestData('scan.round-of-latest-data.errors.declared-statuses', 'error', ROUND_OF_LATEST_DATA_ROW),
  roundOfLatestData('scan.round-of-latest-data.errors.error-body', 'error', ROUND_OF_LATEST_DATA_ROW, {
    untestable: 'its only error (404) needs a scan with no aggregated round, which the suite cannot arrange',
  }),
];
