/**
 * The state a Scan would read from its database and its SV sequencer, seeded deterministically from the
 * fixtures: validator licenses with faucet statistics, aggregated reward rounds, members' traffic, and
 * party-to-participant mappings on the fixture synchronizer.
 */
import type { Fixtures } from '../../config/types.js';
import { numericUnits } from './numeric.js';
import { SeededRandom, fingerprintOf } from './seeded-random.js';

export interface ValidatorFaucets {
  validator: string;
  numRoundsCollected: number;
  numRoundsMissed: number;
  firstCollectedInRound: number;
  lastCollectedInRound: number;
}

export interface RoundRewards {
  round: number;
  /** Numeric 10 values in units of 10^-10. */
  appRewards: bigint;
  validatorRewards: bigint;
}

export interface LatestRound {
  round: number;
  /** UTC timestamp as Splice writes it (ISO_OFFSET_DATE_TIME), e.g. `2024-06-05T12:34:56.12345Z`. */
  effectiveAt: string;
  /** When the round before it became effective (one round duration earlier). */
  previousEffectiveAt: string;
  /** Cumulative app + validator rewards up to and including this round. */
  cumulativeRewards: bigint;
}

export interface MemberTraffic {
  totalConsumed: number;
  totalLimit: number;
  /** Sum of the member's MemberTraffic contracts on the fixture synchronizer. */
  totalPurchased: number;
}

export interface PartyHosting {
  party: string;
  participants: string[];
}

export interface ScanData {
  synchronizerId: string;
  /** Greatest numRoundsCollected first; equal counts in validator order. */
  validators: ValidatorFaucets[];
  rounds: ReadonlyMap<number, RoundRewards>;
  latestRound: LatestRound;
  /** Traffic by member id as the sequencer knows it; a member not here has no traffic state. */
  members: ReadonlyMap<string, MemberTraffic>;
  partyHosting: PartyHosting[];
  /** Who the DSO is on this network (`GET /v0/dso`): the one SV, its mediator, the DSO's party. */
  dso: { svName: string; svPartyId: string; dsoPartyId: string; mediatorId: string };
}

const VALIDATOR_COUNT = 25;
/** The validator whose license has no faucet state (all four numbers 0). */
const VALIDATOR_WITHOUT_FAUCET_STATE = 13;
const LATEST_AGGREGATED_ROUND = 120;
const ROUND_DURATION_MICROS = 600_000_000n;
const FIRST_ROUND_EFFECTIVE_AT_MICROS = BigInt(Date.UTC(2024, 5, 5, 0, 0, 0)) * 1000n;

/** Exit 3 through its code (config/tool-errors.ts `foreignErrorCodes`: the reference imports no runtime code of config/). */
export class ScanFixtureError extends Error {
  readonly code = 'SCAN_FIXTURES_INVALID';
  constructor(key: string, problem: string) {
    super(`Scan fixtures: ${key} ${problem}. Fix it in the fixtures file (scan section) of the target config.`);
    this.name = 'ScanFixtureError';
  }
}

export function validatorName(index: number): string {
  return `validator-${String(index).padStart(2, '0')}`;
}

function seedValidators(random: SeededRandom, synchronizerId: string): ValidatorFaucets[] {
  const validators: ValidatorFaucets[] = [];
  for (let index = 1; index <= VALIDATOR_COUNT; index += 1) {
    const validator = `${validatorName(index)}::${fingerprintOf(`validator-${index}@${synchronizerId}`)}`;
    if (index === VALIDATOR_WITHOUT_FAUCET_STATE) {
      validators.push({ validator, numRoundsCollected: 0, numRoundsMissed: 0, firstCollectedInRound: 0, lastCollectedInRound: 0 });
      continue;
    }
    // Counts come in steps of 5 from 14 values, so 24 validators are bound to share some (ties).
    const numRoundsCollected = 20 + 5 * random.integer(0, 13);
    const numRoundsMissed = random.integer(0, 9);
    const firstCollectedInRound = random.integer(0, 20);
    const lastCollectedInRound = firstCollectedInRound + numRoundsCollected + numRoundsMissed - 1;
    validators.push({ validator, numRoundsCollected, numRoundsMissed, firstCollectedInRound, lastCollectedInRound });
  }
  return validators.sort((a, b) => b.numRoundsCollected - a.numRoundsCollected || a.validator.localeCompare(b.validator));
}

function seedRounds(random: SeededRandom): Map<number, RoundRewards> {
  const rounds = new Map<number, RoundRewards>();
  for (let round = 0; round <= LATEST_AGGREGATED_ROUND; round += 1) {
    rounds.set(round, {
      round,
      appRewards: numericUnits(random.integer(0, 4999), random.integer(0, 9999) * 1_000_000),
      validatorRewards: numericUnits(random.integer(0, 999), random.integer(0, 999_999) * 10_000),
    });
  }
  return rounds;
}

const MICROS_PER_SECOND = 1_000_000n;

/**
 * A UTC timestamp in microseconds as circe's OffsetDateTime encoder writes it (ISO_OFFSET_DATE_TIME):
 * seconds always, the fraction without its trailing zeros (none at all when it is zero), then `Z`.
 */
export function formatIsoOffsetDateTime(micros: bigint): string {
  const seconds = micros / MICROS_PER_SECOND;
  const fraction = micros % MICROS_PER_SECOND;
  const wholeSeconds = new Date(Number(seconds) * 1000).toISOString().slice(0, 'YYYY-MM-DDTHH:mm:ss'.length);
  const digits = String(fraction).padStart(6, '0').replace(/0+$/, '');
  return `${wholeSeconds}${digits === '' ? '' : `.${digits}`}Z`;
}

function latestRoundOf(rounds: ReadonlyMap<number, RoundRewards>, random: SeededRandom): LatestRound {
  let cumulativeRewards = 0n;
  for (const rewards of rounds.values()) cumulativeRewards += rewards.appRewards + rewards.validatorRewards;
  // Microseconds ending in 20 make the encoder drop a trailing zero: five fraction digits, as about a tenth
  // of real timestamps have (neither the 3 nor the 6 of a fixed-width writer).
  const jitterMicros = BigInt(random.integer(1, 599_999)) * 100n + 20n;
  const effectiveAtMicros = FIRST_ROUND_EFFECTIVE_AT_MICROS + BigInt(LATEST_AGGREGATED_ROUND) * ROUND_DURATION_MICROS + jitterMicros;
  return {
    round: LATEST_AGGREGATED_ROUND,
    effectiveAt: formatIsoOffsetDateTime(effectiveAtMicros),
    previousEffectiveAt: formatIsoOffsetDateTime(effectiveAtMicros - ROUND_DURATION_MICROS),
    cumulativeRewards,
  };
}

function partyHostingOf(fixtures: Fixtures, validators: ValidatorFaucets[]): PartyHosting[] {
  const hosting: PartyHosting[] = fixtures.parties.map((party) => ({
    party: party.id,
    participants: party.hostedOn?.map((host) => host.participantId) ?? [fixtures.participantId],
  }));
  const { singleHosted, multiHosted } = fixtures.scan.parties;
  const single = hosting.find((entry) => entry.party === singleHosted);
  if (!single) hosting.push({ party: singleHosted, participants: [fixtures.participantId] });
  else if (single.participants.length !== 1) {
    throw new ScanFixtureError('parties.singleHosted', `(${singleHosted}) is hosted on several participants`);
  }
  if (multiHosted !== undefined) {
    const multi = hosting.find((entry) => entry.party === multiHosted);
    if (!multi || multi.participants.length < 2) {
      throw new ScanFixtureError('parties.multiHosted', `(${multiHosted}) must be a fixture party with two or more hostedOn participants`);
    }
  }
  for (const { validator } of validators) {
    const [name, fingerprint] = validator.split('::');
    hosting.push({ party: validator, participants: [`PAR::${name}::${fingerprint}`] });
  }
  return hosting;
}

function memberTrafficOf(fixtures: Fixtures, hosting: PartyHosting[], random: SeededRandom): Map<string, MemberTraffic> {
  const members = new Map<string, MemberTraffic>();
  // Every hosting participant is a sequencer member; some have a top-up in flight, some none purchased.
  for (const participant of new Set(hosting.flatMap((entry) => entry.participants))) {
    const totalPurchased = random.integer(0, 12) * 1_000_000;
    const totalLimit = random.integer(0, 2) === 0 ? Math.max(0, totalPurchased - 1_000_000) : totalPurchased;
    members.set(participant, { totalConsumed: random.integer(0, totalLimit), totalLimit, totalPurchased });
  }
  const [, synchronizerFingerprint] = fixtures.scan.synchronizerId.split('::');
  members.set(`SEQ::sequencer1::${synchronizerFingerprint}`, { totalConsumed: 0, totalLimit: 0, totalPurchased: 0 });
  members.set(`MED::mediator1::${synchronizerFingerprint}`, { totalConsumed: 0, totalLimit: 0, totalPurchased: 0 });

  const { topUpInProgress, topUpComplete, unknown } = fixtures.scan.members;
  if (topUpInProgress !== undefined) {
    members.set(topUpInProgress, { totalConsumed: 1_234_567, totalLimit: 6_000_000, totalPurchased: 8_000_000 });
  }
  if (topUpComplete !== undefined) {
    members.set(topUpComplete, { totalConsumed: 250_000, totalLimit: 6_000_000, totalPurchased: 6_000_000 });
  }
  if (unknown === topUpInProgress || unknown === topUpComplete) {
    throw new ScanFixtureError('members.unknown', `(${unknown}) is also named as a known member`);
  }
  members.delete(unknown);
  return members;
}

/**
 * The single SV is the party fixtures name as single-hosted; its mediator is the member with a completed
 * top-up when that is a mediator; the DSO's party is the multi-hosted party, or one hosted on this
 * participant alone (added to the hosting table).
 */
function dsoOf(fixtures: Fixtures, hosting: PartyHosting[]): ScanData['dso'] {
  const [, synchronizerFingerprint] = fixtures.scan.synchronizerId.split('::');
  const complete = fixtures.scan.members.topUpComplete;
  const mediatorId = complete?.startsWith('MED::') ? complete : `MED::mediator1::${synchronizerFingerprint}`;
  let dsoPartyId = fixtures.scan.parties.multiHosted;
  if (dsoPartyId === undefined) {
    dsoPartyId = `DSO::${synchronizerFingerprint}`;
    hosting.push({ party: dsoPartyId, participants: [fixtures.participantId] });
  }
  return { svName: 'sv1', svPartyId: fixtures.scan.parties.singleHosted, dsoPartyId, mediatorId };
}

/**
 * Candidates of Canton's topology filter for a party: same identifier, a fingerprint that starts with the
 * requested one. The exact party comes first when it is known.
 */
export function findPartyHosting(data: ScanData, identifier: string, fingerprintPrefix: string): PartyHosting | undefined {
  const requested = `${identifier}::${fingerprintPrefix}`;
  return (
    data.partyHosting.find((entry) => entry.party === requested) ??
    data.partyHosting.find((entry) => entry.party.startsWith(requested) && entry.party.split('::')[0] === identifier)
  );
}

export function buildScanData(fixtures: Fixtures): ScanData {
  const synchronizerId = fixtures.scan.synchronizerId;
  const random = new SeededRandom(`scan:${synchronizerId}`);
  const validators = seedValidators(random, synchronizerId);
  const rounds = seedRounds(random);
  const latestRound = latestRoundOf(rounds, random);
  const partyHosting = partyHostingOf(fixtures, validators);
  const members = memberTrafficOf(fixtures, partyHosting, random);
  const dso = dsoOf(fixtures, partyHosting);
  const data: ScanData = { synchronizerId, validators, rounds, latestRound, members, partyHosting, dso };

  const unknownParty = fixtures.scan.parties.unknown;
  const [unknownIdentifier = '', unknownFingerprint = ''] = unknownParty.split(/::(.*)/s);
  if (findPartyHosting(data, unknownIdentifier, unknownFingerprint)) {
    throw new ScanFixtureError('parties.unknown', `(${unknownParty}) matches a known party`);
  }
  return data;
}
