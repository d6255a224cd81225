/**
 * The `canton` profile for area B: how a real Splice scan answers, beyond what the spec states. Each text
 * paraphrases the fact tightly and names its section of the Splice scan facts document.
 */
import { endpointRequirements, removalRequirements, type DescriptorName } from '../endpoints.js';
import { cantonGroup } from './define.js';

const SECTION = 'Endpoints > Scan endpoints (no authentication headers; responses JSON)';
const PARTICIPANT_ID_V1 = 'scan.participant-id-v1';
const PARTICIPANT_ID_V0 = 'scan.participant-id-v0';

const scan = (endpoint?: DescriptorName) =>
  cantonGroup({ section: SECTION, ...(endpoint === undefined ? {} : { endpoint, features: endpointRequirements(endpoint) }) });
const scanWide = scan();
const trafficStatus = scan('scan.traffic-status');
const participantIdV1 = scan(PARTICIPANT_ID_V1);
const participantIdV0 = scan(PARTICIPANT_ID_V0);
const topValidators = scan('scan.top-validators');
const rewardsCollected = scan('scan.rewards-collected');
const roundOfLatestData = scan('scan.round-of-latest-data');
const removed = cantonGroup({ section: 'Versioning' });

export const cantonScanClauses = [
  scanWide(
    'canton.scan.error-body-pretty-json',
    'error',
    'Handler errors are application/json {"error": "..."} pretty-printed by circe as `{\\n  "error" : "..."\\n}` (facts scan: error handling shared by all endpoints).',
  ),
  scanWide(
    'canton.scan.unknown-route-404',
    'endpoint',
    "A path that matches no route is 404. Only the status is fixed: the newest HttpAdminService seals its routes with Pekko's default rejection handler (text/plain `The requested resource could not be found.`), and the JSON body naming the URI was not found for 0.6.x (facts scan: unknown path; verified-against-real FF9).",
  ),
  scanWide(
    'canton.scan.method-not-allowed-405',
    'endpoint',
    'A wrong HTTP method on an existing path is 405 (Pekko rejection, text/plain) (facts scan: rejections before the handler runs).',
  ),

  trafficStatus(
    'canton.scan.traffic-status.member-malformed-400',
    'error',
    'A member_id that does not parse is 400 `Could not decode member ID: <msg>` (facts scan §1 how the handler works).',
  ),
  trafficStatus(
    'canton.scan.traffic-status.member-too-short',
    'error',
    'A member_id of 7 characters or fewer gives the message ``Invalid member `X`, expecting <three-letter-code>::id::fingerprint.`` (facts scan §1 messages for a malformed member).',
  ),
  trafficStatus(
    'canton.scan.traffic-status.member-missing-delimiter',
    'error',
    'A member_id whose characters 4–5 are not `::` gives ``Expected delimiter :: after three letter code of `X` `` (facts scan §1 messages for a malformed member).',
  ),
  trafficStatus(
    'canton.scan.traffic-status.member-unknown-code',
    'error',
    'A member code other than PAR, MED or SEQ (case-sensitive) gives `Unknown three letter type xyz` (facts scan §1 messages for a malformed member).',
  ),
  trafficStatus(
    'canton.scan.traffic-status.member-bad-uid',
    'error',
    'A bad `id::fingerprint` part gives the unique-identifier error, e.g. ``Invalid unique identifier `alice` with missing namespace.`` (facts scan §1 messages for a malformed member, ID formats).',
  ),
  trafficStatus(
    'canton.scan.traffic-status.seq-accepted',
    'format',
    '`SEQ::...` member ids pass the parser although the description names only PAR and MED (facts scan §1 messages for a malformed member).',
  ),
  trafficStatus(
    'canton.scan.traffic-status.domain-malformed-400',
    'error',
    'A domain_id that does not parse is 400 `Could not decode domain ID: <msg>` (facts scan §1 how the handler works).',
  ),
  trafficStatus(
    'canton.scan.traffic-status.member-checked-first',
    'error',
    'member_id is parsed before domain_id: when both are bad only the member error is reported (facts scan §1 how the handler works).',
  ),
  trafficStatus(
    'canton.scan.traffic-status.unknown-member-404',
    'error',
    'A well-formed member unknown to the sequencer is 404 `No traffic state found for member <member>` (facts scan §1 unknown or unregistered member).',
  ),
  trafficStatus(
    'canton.scan.traffic-status.unknown-domain-200',
    'endpoint',
    "A well-formed but unknown domain_id is not checked: 200 with the sequencer's actual values and target.total_purchased 0 (facts scan §1 unknown domain, inferred).",
  ),
  trafficStatus(
    'canton.scan.traffic-status.physical-synchronizer-id-400',
    'error',
    'A physical synchronizer id such as `global-domain::1220…::35-0` fails to parse: 400 (facts scan §1 physical synchronizer IDs).',
  ),
  trafficStatus(
    'canton.scan.traffic-status.int64-numbers',
    'format',
    'total_consumed, total_limit and total_purchased are JSON integers (int64) (facts scan §1 200 response).',
  ),

  participantIdV0(
    'canton.scan.participant-id-v0.party-malformed-400',
    'error',
    'A party_id that does not parse is 400 `Could not decode party ID: ValueConversionError(partyId,<msg>)`, though only 404 and 500 are declared (facts scan §2 how the handler works, gaps).',
  ),
  participantIdV1(
    'canton.scan.participant-id-v1.party-malformed-400',
    'error',
    'A party_id that does not parse is 400 `Could not decode party ID: ValueConversionError(partyId,<msg>)`, though only 404 and 500 are declared (facts scan §3 same as v0, gaps).',
  ),
  participantIdV0(
    'canton.scan.participant-id-v0.domain-malformed-400',
    'error',
    'A domain_id that does not parse is 400 `Could not decode domain ID: <msg>` (facts scan §2 how the handler works).',
  ),
  participantIdV1(
    'canton.scan.participant-id-v1.domain-malformed-400',
    'error',
    'A domain_id that does not parse is 400 `Could not decode synchronizer ID: <msg>` (the word is synchronizer, not domain) (facts scan §3 how the handler works).',
  ),
  participantIdV0(
    'canton.scan.participant-id-v0.unknown-party-404',
    'error',
    'A well-formed party with no PartyToParticipant mapping is 404 `No PartyToParticipant state for <party> on domain <sync>` (facts scan §2 outcomes).',
  ),
  participantIdV1(
    'canton.scan.participant-id-v1.unknown-party-404',
    'error',
    'A well-formed party with no PartyToParticipant mapping is 404 `No PartyToParticipant state for ...` (facts scan §3 how the handler works).',
  ),
  participantIdV0(
    'canton.scan.participant-id-v0.unknown-domain-404',
    'error',
    'A well-formed but unknown synchronizer id finds no topology store and is 404, like an unknown party (facts scan §2 outcomes, inferred).',
  ),
  participantIdV0(
    'canton.scan.participant-id-v0.multi-hosted-500',
    'error',
    'A party hosted on more than one participant is 500 `Party <p> is hosted on multiple participants, ...` (facts scan §2 outcomes).',
    { features: ['multiHostedParty'] },
  ),
  participantIdV1(
    'canton.scan.participant-id-v1.all-participants',
    'endpoint',
    'v1 returns one entry per hosting participant and has no 500 for multiple participants (facts scan §3 how the handler works).',
    { features: ['multiHostedParty'] },
  ),
  participantIdV1(
    'canton.scan.participant-id-v1.prefix-party-404',
    'error',
    "v1 checks the mapping's party equals the requested one: a fingerprint prefix of a known party is 404 `Party not found: <party>` (facts scan §3 how the handler works).",
  ),

  topValidators(
    'canton.scan.top-validators.limit.min-1',
    'limit',
    'limit < 1 is 400 {"error":"Limit must be at least 1."} (facts scan §4 how the handler works).',
  ),
  topValidators(
    'canton.scan.limit.max-1000',
    'limit',
    'limit > 1000 is 400 {"error":"Exceeded limit maximum (<limit> > 1000)."} (facts scan §4 how the handler works).',
  ),
  topValidators(
    'canton.scan.top-validators.limit.missing-404',
    'error',
    "A missing limit is a Pekko rejection: 404 text/plain `Request is missing required query parameter 'limit'` (facts scan: rejections before the handler runs, §4, inferred).",
  ),
  topValidators(
    'canton.scan.top-validators.limit.malformed-400',
    'error',
    "A limit that does not parse as int32 (e.g. `abc` or out of range) is 400 text/plain `The query parameter 'limit' was malformed:` ... (facts scan: rejections before the handler runs, inferred).",
  ),
  topValidators(
    'canton.scan.top-validators.empty-200',
    'endpoint',
    'An empty result is 200 {"validatorsByReceivedFaucets":[]}, not 404 (facts scan §4 how the handler works).',
    { untestable: 'needs a scan with no validator licenses, which the suite cannot arrange' },
  ),
  topValidators(
    'canton.scan.top-validators.fields-int64',
    'format',
    'ValidatorReceivedFaucets requires all five fields; validator is a party id string and the four counts are int64 integers (facts scan §4 spec).',
    { resource: 'ValidatorReceivedFaucets' },
  ),
  topValidators(
    'canton.scan.top-validators.rounds-arithmetic',
    'resource',
    'numRoundsCollected + numRoundsMissed = lastCollectedInRound − firstCollectedInRound + 1, except for a license without faucet state, reported with all four numbers 0 (facts scan §4).',
    { resource: 'ValidatorReceivedFaucets' },
  ),

  rewardsCollected(
    'canton.scan.rewards-collected.amount-10-decimals',
    'format',
    'amount is a Daml Numeric with scale 10: always exactly 10 digits after the point, e.g. "0.0000000000" (facts scan §5 spec).',
  ),
  rewardsCollected(
    'canton.scan.rewards-collected.no-round-never-404',
    'endpoint',
    'Without round the answer is never 404: with nothing aggregated it is 200 "0.0000000000" (facts scan §5 how the handler works).',
  ),
  rewardsCollected(
    'canton.scan.rewards-collected.future-round-404',
    'error',
    'A round above the latest aggregated round is 404 {"error":"No data has been made available yet"} (facts scan §5 how the handler works).',
  ),
  rewardsCollected(
    'canton.scan.rewards-collected.round-without-row-200',
    'endpoint',
    'A round at or below the latest aggregated one but without a row (e.g. negative) is 200 "0.0000000000" (facts scan §5 how the handler works).',
  ),
  rewardsCollected(
    'canton.scan.rewards-collected.round-malformed-400',
    'error',
    'A round that is not an int64 is a Pekko rejection: 400 text/plain (facts scan §5 how the handler works, inferred).',
  ),

  roundOfLatestData(
    'canton.scan.round-of-latest-data.effectiveAt-utc',
    'format',
    'effectiveAt is a UTC date-time: an OffsetDateTime in UTC, written with the offset `Z` (facts scan §6 spec).',
  ),
  roundOfLatestData(
    'canton.scan.round-of-latest-data.no-data-404',
    'error',
    'With no aggregated round the answer is 404 {"error":"No data has been made available yet"} (facts scan §6 how the handler works).',
    { untestable: 'needs a scan with no aggregated round, which the suite cannot arrange' },
  ),

  removed(
    'canton.scan.removed.top-validators-404',
    'versioning',
    'From 0.6.6 the top-validators path is gone and answers the unknown-route 404 (facts scan §4 removal, version numbers).',
    { endpoint: 'scan.top-validators', features: removalRequirements('scan.top-validators') },
  ),
  removed(
    'canton.scan.removed.rewards-collected-404',
    'versioning',
    'From 0.6.7 the rewards-collected path is gone and answers the unknown-route 404 (facts scan §5 removal, version numbers).',
    { endpoint: 'scan.rewards-collected', features: removalRequirements('scan.rewards-collected') },
  ),
  removed(
    'canton.scan.removed.round-of-latest-data-404',
    'versioning',
    'From 0.6.7 the round-of-latest-data path is gone and answers the unknown-route 404 (facts scan §6 removal, version numbers).',
    { endpoint: 'scan.round-of-latest-data', features: removalRequirements('scan.round-of-latest-data') },
  ),

  participantIdV0(
    'canton.scan.participant-id-v0.unknown-domain-message',
    'error',
    'The 404 for a well-formed synchronizer id that has no topology store: Splice built on Canton 3.5 (0.6.0 and later) relays `TOPOLOGY_STORE_NOT_FOUND(11,<correlation id>): No active synchronizer found for <synchronizer>`; Splice built on Canton 3.3/3.4 says `No PartyToParticipant state for <party> on domain <synchronizer>` (facts scan §2 outcomes; verified-against-real FF6: GrpcTopologyServiceUtil.scala, TopologyManagerError.scala).',
  ),
  roundOfLatestData(
    'canton.scan.round-of-latest-data.effectiveAt-fraction',
    'format',
    "effectiveAt is written by circe's OffsetDateTime encoder (ISO_OFFSET_DATE_TIME): seconds always, then a fraction with its trailing zeros dropped, so 0 to 9 fraction digits (none when it is zero), e.g. `2024-06-05T12:34:56.12345Z` (facts scan §6; verified-against-real FF7).",
  ),
];
