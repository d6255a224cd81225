/**
 * Clauses that apply across the service: the introduction, the conventions of "Resources and their
 * fields", and the Events section.
 */
import { clauseGroup, notShownGroup } from './define.js';

const INTRODUCTION = 'Ledger Participant JSON Interface and Network Scan Interface';
const OVERVIEW = 'What the service does';
const RESOURCES = 'Resources and their fields';
const EVENTS = 'Events';

const introduction = clauseGroup({ section: INTRODUCTION });
const overview = clauseGroup({ section: OVERVIEW });
const conventions = clauseGroup({ section: RESOURCES });
const events = clauseGroup({ section: EVENTS, endpoint: 'update-by-offset' });
const eventsNotShown = notShownGroup({ section: EVENTS });

const AREA_A_PATHS = 'Area A is the participant JSON interface at `{base_url}` (paths under `/v2`, plus `/readyz`).';
const AREA_B_PATHS =
  'Area B is the read-only network scan interface at `{scan_base_url}` (paths under `/v0` and `/v1`; the base address already contains the scan path prefix).';
const PLAIN_TEXT = 'the readiness response and the 400 responses of area A are plain text.';
const EVENTS_RECORDS =
  'The ledger update records returned by the update lookup are described under Resources: offset checkpoints, transactions, reassignments (unassigned events and created events) and topology transactions carrying participant-authorization events (added, changed, onboarding, revoked).';

export const generalClauses = [
  introduction('format.area-a.base-url', 'format', AREA_A_PATHS),
  introduction('format.area-b.base-url', 'format', AREA_B_PATHS),
  introduction('format.json-bodies', 'format', 'JSON is used for bodies unless stated otherwise.'),
  introduction('format.readiness-plain-text', 'format', PLAIN_TEXT, { endpoint: 'readyz', features: ['ledgerApi3.5'] }),
  introduction('format.area-a-400-plain-text', 'format', PLAIN_TEXT),
  overview(
    'scan.read-only',
    'endpoint',
    "Area B (scan interface): read-only queries about the network: top validators by faucet collection, total rewards collected, latest aggregated round, a member's traffic status as reported by the sequencer, and the participants hosting a party on a synchronizer.",
    { untestable: 'every scan endpoint in scope is a GET; "read-only" adds nothing a client can observe beyond that' },
  ),

  conventions('format.int64-int32', 'format', '`int64` and `int32` are 64-bit and 32-bit integers.'),
  conventions(
    'format.string-formats',
    'format',
    "`LedgerString`, `PartyIdString`, `NameString` and `UserIdString` are string formats defined by the ledger's value definitions; the service requires values of those formats where stated.",
  ),
  conventions('format.timestamps', 'format', 'Timestamps are strings (date-time) unless stated.'),

  events('events.update-records', 'event', EVENTS_RECORDS),
  events('events.lookup-one-by-offset', 'event', 'The lookup returns one update by offset;'),
  events('events.emitting-operations', 'event', 'which other operations emit these records and in what order: see the next sentence.', {
    untestable: 'the sentence it points to only says delivery is not shown; no order or emitter is stated',
  }),
  eventsNotShown('events.delivery.not-shown', 'event', 'Delivery of events by push, stream or callback: not shown.'),
];
