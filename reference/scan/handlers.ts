/**
 * The six Scan endpoints, in the order each Splice handler checks its input (HttpScanHandler.scala).
 */
import { randomBytes } from 'node:crypto';
import type { Faults } from '../faults.js';
import type { UniqueIdentifier } from '../string-formats.js';
import { type ScanData, findPartyHosting, formatIsoOffsetDateTime } from './data.js';
import { memberToString, parseMember, parsePartyId, parseSynchronizerId, prettyMember, prettyUid, uidToString } from './ids.js';
import { formatNumeric10 } from './numeric.js';
import { optionalInteger, requiredInteger } from './query.js';
import { type ScanResponse, errorResponse, jsonOk } from './responses.js';
import { type ScanVersion, ScanReleases, isAtLeast } from './version.js';

export interface ScanContext {
  data: ScanData;
  version: ScanVersion;
  faults: Faults;
  /** How many times round-of-latest-data was read (for the holdout fault `holdout-scan-latest-round-goes-back`). */
  latestRoundReads?: number;
  /** How many times each round's rewards were read (for the holdout fault `holdout-scan-round-figure-drifts`). */
  roundReads?: Map<bigint, number>;
}

export type PathParameters = Record<string, string>;

/** PageLimit.DefaultMaxPageSize of Splice. */
export const MAX_PAGE_SIZE = 1000;

function scanError(context: ScanContext, status: number, message: string): ScanResponse {
  return errorResponse(status, message, context.faults.has('scan-error-not-json'));
}

function parameter(parameters: PathParameters, name: string): string {
  const value = parameters[name];
  if (value === undefined) throw new Error(`route is missing its {${name}} path parameter`);
  return value;
}

export function memberTrafficStatus(context: ScanContext, parameters: PathParameters): ScanResponse {
  const member = parseMember(parameter(parameters, 'member_id'));
  if (!member.ok) {
    if (context.faults.has('scan-bad-member-200')) {
      return jsonOk({ traffic_status: { actual: { total_consumed: 0, total_limit: 0 }, target: { total_purchased: 0 } } });
    }
    return scanError(context, 400, `Could not decode member ID: ${member.message}`);
  }
  const domain = parseSynchronizerId(parameter(parameters, 'domain_id'));
  if (!domain.ok) return scanError(context, 400, `Could not decode domain ID: ${domain.message}`);

  // `actual` is the sequencer's view, whatever the domain; `target` sums purchases on that domain only.
  const traffic = context.data.members.get(memberToString(member.value));
  if (!traffic) return scanError(context, 404, `No traffic state found for member ${prettyMember(member.value)}`);
  const totalPurchased = uidToString(domain.value) === context.data.synchronizerId ? traffic.totalPurchased : 0;
  const totalLimit = context.faults.has('scan-traffic-wrong-shape') ? String(traffic.totalLimit) : traffic.totalLimit;
  return jsonOk({
    traffic_status: {
      actual: { total_consumed: traffic.totalConsumed, total_limit: totalLimit },
      target: { total_purchased: totalPurchased },
    },
  });
}

/**
 * An unknown synchronizer has no topology store. Canton 3.5 fails the topology read with
 * TOPOLOGY_STORE_NOT_FOUND (gRPC NOT_FOUND, relayed as 404 with the status description); the Canton 3.3/3.4
 * of earlier Splice releases returned no mapping, so those answered as for an unknown party.
 */
function unknownSynchronizer(context: ScanContext, party: UniqueIdentifier, domain: UniqueIdentifier): ScanResponse {
  if (!isAtLeast(context.version, ScanReleases.builtOnCanton35)) {
    return scanError(context, 404, `No PartyToParticipant state for ${prettyUid(party)} on domain ${prettyUid(domain)}`);
  }
  const correlationId = randomBytes(4).toString('hex');
  return scanError(context, 404, `TOPOLOGY_STORE_NOT_FOUND(11,${correlationId}): No active synchronizer found for ${prettyUid(domain)}`);
}

type PartyLookup =
  { ok: true; party: UniqueIdentifier; mappedParty: string; participants: string[] } | { ok: false; response: ScanResponse };

function lookUpPartyToParticipant(context: ScanContext, parameters: PathParameters, domainWord: string): PartyLookup {
  const domain = parseSynchronizerId(parameter(parameters, 'domain_id'));
  if (!domain.ok) return { ok: false, response: scanError(context, 400, `Could not decode ${domainWord} ID: ${domain.message}`) };
  const party = parsePartyId(parameter(parameters, 'party_id'));
  if (!party.ok) return { ok: false, response: scanError(context, 400, `Could not decode party ID: ${party.message}`) };

  if (uidToString(domain.value) !== context.data.synchronizerId)
    return { ok: false, response: unknownSynchronizer(context, party.value, domain.value) };
  const hosting = findPartyHosting(context.data, party.value.identifier, party.value.fingerprint);
  if (!hosting) {
    const message = `No PartyToParticipant state for ${prettyUid(party.value)} on domain ${prettyUid(domain.value)}`;
    return { ok: false, response: scanError(context, 404, message) };
  }
  if (hosting.participants.length === 0) {
    return { ok: false, response: scanError(context, 404, `No participant id found hosting party: ${prettyUid(party.value)}`) };
  }
  return { ok: true, party: party.value, mappedParty: hosting.party, participants: hosting.participants };
}

/** v0 takes whatever mapping the prefix filter found first, without checking it is the requested party. */
export function participantIdV0(context: ScanContext, parameters: PathParameters): ScanResponse {
  const lookup = lookUpPartyToParticipant(context, parameters, 'domain');
  if (!lookup.ok) return lookup.response;
  const [first] = lookup.participants;
  if (lookup.participants.length > 1 && !context.faults.has('scan-v0-multi-hosted-200')) {
    const party = prettyUid(lookup.party);
    const message = isAtLeast(context.version, ScanReleases.multiHostedMessagePointsToV1)
      ? `Party ${party} is hosted on multiple participants, which is not supported in this version of the API. Please use the /v1 version instead.`
      : `Party ${party} is hosted on multiple participants, which is not currently supported`;
    return scanError(context, 500, message);
  }
  return jsonOk({ participant_id: first });
}

export function participantIdV1(context: ScanContext, parameters: PathParameters): ScanResponse {
  const lookup = lookUpPartyToParticipant(context, parameters, 'synchronizer');
  if (!lookup.ok) return lookup.response;
  if (lookup.mappedParty !== uidToString(lookup.party)) {
    return scanError(context, 404, `Party not found: ${prettyUid(lookup.party)}`);
  }
  return jsonOk({ participant_ids: lookup.participants });
}

export function topValidatorsByValidatorFaucets(context: ScanContext, query: URLSearchParams): ScanResponse {
  const limit = requiredInteger(query, 'limit', 'int32');
  if (!limit.ok) return limit.response;
  if (limit.value < 1n) return scanError(context, 400, 'Limit must be at least 1.');
  if (limit.value > BigInt(MAX_PAGE_SIZE)) {
    return scanError(context, 400, `Exceeded limit maximum (${limit.value} > ${MAX_PAGE_SIZE}).`);
  }
  const ordered = context.faults.has('scan-wrong-order') ? [...context.data.validators].reverse() : context.data.validators;
  const count = Number(limit.value);
  // Fault `scan-top-not-top`: the last N of the ranking (still ordered), not the top N.
  const selected = context.faults.has('scan-limit-ignored')
    ? ordered
    : context.faults.has('scan-top-not-top') && count < ordered.length
      ? ordered.slice(ordered.length - count)
      : ordered.slice(0, context.faults.has('holdout-scan-top-validators-one-short') ? count - 1 : count);
  // Holdout fault `holdout4-scan-collected-counts-missed`: the rounds collected counted as the span from first to last.
  const shown = context.faults.has('holdout4-scan-collected-counts-missed')
    ? selected.map((entry) => ({ ...entry, numRoundsCollected: entry.numRoundsCollected + entry.numRoundsMissed }))
    : selected;
  return jsonOk({ validatorsByReceivedFaucets: shown });
}

export function rewardsCollected(context: ScanContext, query: URLSearchParams): ScanResponse {
  const round = optionalInteger(query, 'round', 'int64');
  if (!round.ok) return round.response;
  const { latestRound, rounds } = context.data;
  if (round.value === undefined) {
    // Fault `scan-total-not-sum`: the total is one unit (10^-10) off the sum of the rounds.
    const offset = context.faults.has('scan-total-not-sum') ? 1n : 0n;
    // Holdout fault `holdout4-scan-total-excludes-latest`: the latest aggregated round is left out of the total.
    const latest = rounds.get(latestRound.round);
    const excluded = context.faults.has('holdout4-scan-total-excludes-latest') && latest ? latest.appRewards + latest.validatorRewards : 0n;
    return jsonOk({ amount: formatNumeric10(latestRound.cumulativeRewards + offset - excluded) });
  }
  // Fault `scan-rewards-boundary-off-by-one`: the round after the latest aggregated one is answered too.
  const lastAnswered = BigInt(latestRound.round) + (context.faults.has('scan-rewards-boundary-off-by-one') ? 1n : 0n);
  // Holdout fault `holdout3-scan-latest-round-rewards-404`: the latest aggregated round itself counts as not yet available.
  const latestUnavailable = context.faults.has('holdout3-scan-latest-round-rewards-404') && round.value >= BigInt(latestRound.round);
  if (round.value > lastAnswered || latestUnavailable) return scanError(context, 404, 'No data has been made available yet');
  // Holdout fault `holdout3-scan-round-rewards-shifted`: round N is answered with the rewards of round N-1 (none for round 0).
  const shifted = context.faults.has('holdout3-scan-round-rewards-shifted');
  const rewards = shifted && round.value >= 0n ? rounds.get(Number(round.value) - 1) : rounds.get(Number(round.value));
  let amount = rewards ? rewards.appRewards + rewards.validatorRewards : 0n;
  if (rewards && context.faults.has('holdout-scan-round-figure-drifts')) {
    context.roundReads ??= new Map();
    const reads = context.roundReads.get(round.value) ?? 0;
    context.roundReads.set(round.value, reads + 1);
    amount += BigInt(reads);
  }
  if (rewards && context.faults.has('holdout-scan-round-rewards-cumulative')) {
    amount = 0n;
    for (const earlier of rounds.values()) if (earlier.round <= rewards.round) amount += earlier.appRewards + earlier.validatorRewards;
  }
  return jsonOk({ amount: formatNumeric10(amount) });
}

export function roundOfLatestData(context: ScanContext): ScanResponse {
  const { round, previousEffectiveAt } = context.data.latestRound;
  const effectiveAt = context.faults.has('holdout-scan-effective-at-is-now')
    ? formatIsoOffsetDateTime(BigInt(Date.now()) * 1000n)
    : context.data.latestRound.effectiveAt;
  context.latestRoundReads = (context.latestRoundReads ?? 0) + 1;
  if (context.faults.has('holdout-scan-latest-round-goes-back') && context.latestRoundReads % 2 === 0) {
    return jsonOk({ round: round - 1, effectiveAt: previousEffectiveAt });
  }
  return jsonOk({ round, effectiveAt });
}
