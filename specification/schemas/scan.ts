/** Scan (area B) response bodies: traffic status, party-to-participant lookups, leaderboard and rounds. */
import { arrayOf, dateTime, int64, record, ref, string, type Schema } from './build.js';
import type { SchemaProfile } from './profile.js';

const participantId: Schema = { type: 'string', format: 'scan-participant-id' };

/**
 * Splice writes the amount with `Codec.encode(BigDecimal)`: a Daml Numeric of scale 10, so always exactly
 * ten digits after the point (facts: splice-scan-api.md §5). The spec only says "string".
 */
const DECIMAL_SCALE_10 = '^-?(0|[1-9]\\d*)\\.\\d{10}$';

export function scanSchemas(profile: SchemaProfile) {
  // "Numeric types of the ValidatorReceivedFaucets fields: not shown", nor whether they are required;
  // Splice declares all five required and the counters int64.
  const faucetCounter: Schema = profile === 'canton' ? int64 : { numeric: true };
  const faucetFields = {
    validator: string,
    numRoundsCollected: faucetCounter,
    numRoundsMissed: faucetCounter,
    firstCollectedInRound: faucetCounter,
    lastCollectedInRound: faucetCounter,
  };
  return {
    MemberTrafficStatus: record({
      actual: record({ total_consumed: int64, total_limit: int64 }),
      target: record({ total_purchased: int64 }),
    }),
    GetMemberTrafficStatusResponse: record({ traffic_status: ref('MemberTrafficStatus') }),
    GetPartyToParticipantResponseV1: record({ participant_ids: arrayOf(participantId) }),
    GetPartyToParticipantResponse: record({ participant_id: participantId }),
    ValidatorReceivedFaucets: profile === 'canton' ? record(faucetFields) : record({}, faucetFields),
    GetTopValidatorsByValidatorFaucetsResponse: record({
      validatorsByReceivedFaucets: arrayOf(ref('ValidatorReceivedFaucets')),
    }),
    GetRewardsCollectedResponse: record({
      amount: profile === 'canton' ? { type: 'string', pattern: DECIMAL_SCALE_10 } : string,
    }),
    GetRoundOfLatestDataResponse: record({ round: int64, effectiveAt: dateTime }),
    ScanErrorResponse: record({ error: string }),
  } satisfies Record<string, Schema>;
}
