import { describe, expect, it } from 'vitest';
import { buildScanData } from '../../reference/scan/index.js';
import {
  errorMessage,
  fixtures,
  get,
  json,
  otherSynchronizerId,
  participantPath,
  scanContext,
  synchronizerId,
  trafficPath,
} from './support.js';

// 0.6.5 still serves every endpoint of the suite.
const context = scanContext('0.6.5');
const data = buildScanData(fixtures);
const { members, parties } = fixtures.scan;
const INT64_MAX = '9223372036854775807';

describe('GET /v0/domains/{domain_id}/members/{member_id}/traffic-status', () => {
  it('answers a top-up in progress with limit below purchased (int64 as JSON numbers)', () => {
    const response = get(context, trafficPath(synchronizerId, members.topUpInProgress!));
    expect(response.status).toBe(200);
    const { traffic_status } = json(response);
    expect(traffic_status).toEqual({
      actual: { total_consumed: expect.any(Number), total_limit: expect.any(Number) },
      target: { total_purchased: expect.any(Number) },
    });
    expect(traffic_status.actual.total_limit).not.toBe(traffic_status.target.total_purchased);
  });

  it('answers a completed top-up with limit equal to purchased', () => {
    const { traffic_status } = json(get(context, trafficPath(synchronizerId, members.topUpComplete!)));
    expect(traffic_status.actual.total_limit).toBe(traffic_status.target.total_purchased);
    expect(traffic_status.target.total_purchased).toBeGreaterThan(0);
  });

  it('answers 404 for a well-formed member the sequencer does not know, with a shortened id', () => {
    const response = get(context, trafficPath(synchronizerId, members.unknown));
    expect(response.status).toBe(404);
    expect(errorMessage(response)).toBe('No traffic state found for member PAR::nobody::122000000000...');
  });

  it('answers 400 "Could not decode member ID" for each malformed member form', () => {
    const cases: [string, string][] = [
      ['PAR::ab', 'Invalid member `PAR::ab`'],
      ['PARX:alice::fp', 'Expected delimiter ::'],
      ['par::alice::fp', 'Unknown three letter type par'],
      ['PAR::alice', 'Invalid unique identifier `alice` with missing namespace.'],
      ['PAR::alice::', 'Fingerprint decoding of `alice::` failed'],
      [`PAR::a::${'f'.repeat(69)}`, 'Fingerprint decoding of'],
    ];
    for (const [member, detail] of cases) {
      const response = get(context, trafficPath(synchronizerId, member));
      expect(response.status, member).toBe(400);
      expect(errorMessage(response)).toContain(`Could not decode member ID: ${detail}`);
    }
  });

  it('accepts SEQ members, which the description does not name', () => {
    const sequencer = `SEQ::sequencer1::${synchronizerId.split('::')[1]}`;
    expect(get(context, trafficPath(synchronizerId, sequencer)).status).toBe(200);
  });

  it('reports the member error first when both ids are malformed, then the domain error', () => {
    expect(errorMessage(get(context, trafficPath('bad-domain', 'bad')))).toMatch(/^Could not decode member ID: /);
    const response = get(context, trafficPath('bad-domain', members.topUpComplete!));
    expect(response.status).toBe(400);
    expect(errorMessage(response)).toBe('Could not decode domain ID: Invalid unique identifier `bad-domain` with missing namespace.');
    expect(get(context, trafficPath(`${synchronizerId}::35-0`, members.topUpComplete!)).status).toBe(400);
  });

  it('answers 200 with total_purchased 0 on a valid but unknown domain', () => {
    const known = json(get(context, trafficPath(synchronizerId, members.topUpInProgress!))).traffic_status;
    const other = json(get(context, trafficPath(otherSynchronizerId, members.topUpInProgress!))).traffic_status;
    expect(other.actual).toEqual(known.actual);
    expect(other.target.total_purchased).toBe(0);
  });
});

describe('GET /v0 and /v1 participant-id', () => {
  it('answers a single-hosted party with one participant on both versions', () => {
    expect(json(get(context, participantPath('v0', synchronizerId, parties.singleHosted)))).toEqual({
      participant_id: fixtures.participantId,
    });
    expect(json(get(context, participantPath('v1', synchronizerId, parties.singleHosted)))).toEqual({
      participant_ids: [fixtures.participantId],
    });
  });

  it('answers a multi-hosted party 500 on v0 and with every participant on v1', () => {
    const v0 = get(context, participantPath('v0', synchronizerId, parties.multiHosted!));
    expect(v0.status).toBe(500);
    expect(errorMessage(v0)).toMatch(/^Party Shared::1220818c4b7d\.\.\. is hosted on multiple participants/);
    const hosts = fixtures.parties.find((p) => p.id === parties.multiHosted)!.hostedOn!.map((h) => h.participantId);
    expect(json(get(context, participantPath('v1', synchronizerId, parties.multiHosted!)))).toEqual({ participant_ids: hosts });
  });

  it('answers an unknown party 404 "No PartyToParticipant state"', () => {
    for (const version of ['v0', 'v1'] as const) {
      const response = get(context, participantPath(version, synchronizerId, parties.unknown));
      expect(response.status).toBe(404);
      expect(errorMessage(response)).toBe(
        'No PartyToParticipant state for wrong-party-id::123321321 on domain global-synchronizer::1220cf610034...',
      );
    }
  });

  it('answers a valid but unknown synchronizer 404 TOPOLOGY_STORE_NOT_FOUND, as Splice on Canton 3.5 does', () => {
    for (const version of ['v0', 'v1'] as const) {
      const response = get(context, participantPath(version, otherSynchronizerId, parties.singleHosted));
      expect(response.status).toBe(404);
      expect(errorMessage(response)).toMatch(
        /^TOPOLOGY_STORE_NOT_FOUND\(11,[0-9a-f]{8}\): No active synchronizer found for other-synchronizer::1220aaaaaaaa\.\.\.$/,
      );
    }
  });

  it('answers 400 for a malformed synchronizer, naming it "domain" on v0 and "synchronizer" on v1', () => {
    expect(errorMessage(get(context, participantPath('v0', 'nodelimiter', parties.singleHosted)))).toBe(
      'Could not decode domain ID: Invalid unique identifier `nodelimiter` with missing namespace.',
    );
    const v1 = get(context, participantPath('v1', 'nodelimiter', parties.singleHosted));
    expect(v1.status).toBe(400);
    expect(errorMessage(v1)).toMatch(/^Could not decode synchronizer ID: /);
  });

  it('answers 400 for a malformed party with the ValueConversionError wrapper', () => {
    for (const version of ['v0', 'v1'] as const) {
      const response = get(context, participantPath(version, synchronizerId, 'alice'));
      expect(response.status).toBe(400);
      expect(errorMessage(response)).toBe(
        'Could not decode party ID: ValueConversionError(partyId,Invalid unique identifier `alice` with missing namespace.)',
      );
    }
  });

  it('answers a fingerprint prefix of a known party 200 on v0 but 404 "Party not found" on v1', () => {
    const prefix = parties.singleHosted.slice(0, parties.singleHosted.indexOf('::') + 2 + 8);
    expect(json(get(context, participantPath('v0', synchronizerId, prefix)))).toEqual({ participant_id: fixtures.participantId });
    const v1 = get(context, participantPath('v1', synchronizerId, prefix));
    expect(v1.status).toBe(404);
    expect(errorMessage(v1)).toBe(`Party not found: ${prefix}`);
  });
});

describe('GET /v0/top-validators-by-validator-faucets', () => {
  const top = (query: string) => get(context, `/v0/top-validators-by-validator-faucets${query}`);

  it('returns up to limit validators, greatest rounds collected first', () => {
    for (const limit of [1, 3, 10, 25]) {
      const { validatorsByReceivedFaucets } = json(top(`?limit=${limit}`));
      expect(validatorsByReceivedFaucets).toHaveLength(limit);
      const counts = validatorsByReceivedFaucets.map((v: { numRoundsCollected: number }) => v.numRoundsCollected);
      expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
      expect(counts[0]).toBe(Math.max(...data.validators.map((v) => v.numRoundsCollected)));
    }
  });

  it('returns every validator (fewer than limit) up to the maximum of 1000', () => {
    expect(json(top('?limit=1000')).validatorsByReceivedFaucets).toHaveLength(data.validators.length);
  });

  it('reports all five fields of every entry', () => {
    for (const entry of json(top('?limit=25')).validatorsByReceivedFaucets) {
      expect(Object.keys(entry).sort()).toEqual([
        'firstCollectedInRound',
        'lastCollectedInRound',
        'numRoundsCollected',
        'numRoundsMissed',
        'validator',
      ]);
    }
  });

  it('rejects limits below 1 and above 1000 with {error}', () => {
    for (const limit of ['0', '-5']) {
      expect(top(`?limit=${limit}`).status).toBe(400);
      expect(errorMessage(top(`?limit=${limit}`))).toBe('Limit must be at least 1.');
    }
    expect(errorMessage(top('?limit=1001'))).toBe('Exceeded limit maximum (1001 > 1000).');
    expect(errorMessage(top('?limit=2147483647'))).toBe('Exceeded limit maximum (2147483647 > 1000).');
  });

  it('answers a missing or empty limit 404 text/plain and a non-int32 limit 400 text/plain', () => {
    // Pekko's number unmarshallers read an empty value as no content: a missing parameter.
    for (const query of ['', '?limit=']) {
      const missing = top(query);
      expect(missing.status, query).toBe(404);
      expect(missing.contentType).toMatch(/^text\/plain/);
      expect(missing.body).toBe("Request is missing required query parameter 'limit'");
    }
    for (const bad of ['abc', '1.5', '2147483648', '0x10']) {
      const response = top(`?limit=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.contentType).toMatch(/^text\/plain/);
      expect(response.body.startsWith("The query parameter 'limit' was malformed:\n")).toBe(true);
    }
  });
});

describe('GET /v0/rewards-collected', () => {
  const rewards = (query: string) => get(context, `/v0/rewards-collected${query}`);

  it('answers the latest cumulative total without a round, with exactly ten decimals', () => {
    const { amount } = json(rewards(''));
    expect(amount).toMatch(/^\d+\.\d{10}$/);
    const total = [...data.rounds.values()].reduce((sum, r) => sum + r.appRewards + r.validatorRewards, 0n);
    expect(amount.replace('.', '')).toBe(total.toString().padStart(11, '0'));
  });

  it('answers one round as its app + validator rewards', () => {
    const round = data.rounds.get(7)!;
    const { amount } = json(rewards('?round=7'));
    expect(BigInt(amount.replace('.', ''))).toBe(round.appRewards + round.validatorRewards);
  });

  it('answers 200 "0.0000000000" for a round with no row', () => {
    for (const round of ['-1', `-${INT64_MAX}`]) {
      expect(json(rewards(`?round=${round}`))).toEqual({ amount: '0.0000000000' });
    }
  });

  it('answers 404 for a round after the latest aggregated one', () => {
    for (const round of [data.latestRound.round + 1, INT64_MAX]) {
      const response = rewards(`?round=${round}`);
      expect(response.status).toBe(404);
      expect(errorMessage(response)).toBe('No data has been made available yet');
    }
    expect(rewards(`?round=${data.latestRound.round}`).status).toBe(200);
  });

  it('answers a malformed round 400 text/plain', () => {
    for (const bad of ['x', '9223372036854775808', '1e3']) {
      const response = rewards(`?round=${bad}`);
      expect(response.status).toBe(400);
      expect(response.body.startsWith("The query parameter 'round' was malformed:\n")).toBe(true);
    }
  });
});

describe('GET /v0/round-of-latest-data', () => {
  it('answers the latest aggregated round and its effective time', () => {
    expect(json(get(context, '/v0/round-of-latest-data'))).toEqual({
      round: data.latestRound.round,
      effectiveAt: data.latestRound.effectiveAt,
    });
  });
});

describe('routing', () => {
  it("answers an unknown path with Pekko's text/plain 404", () => {
    const response = get(context, '/v0/does-not-exist?x=1');
    expect(response.status).toBe(404);
    expect(response.contentType).toMatch(/^text\/plain/);
    expect(response.body).toBe('The requested resource could not be found.');
  });

  it('answers a known path with another method 405 text/plain', () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = get(context, '/v0/round-of-latest-data', method);
      expect(response.status).toBe(405);
      expect(response.contentType).toMatch(/^text\/plain/);
    }
  });

  it('decodes percent-encoded path segments and rejects broken encodings 400 text/plain', () => {
    const encoded = `/v0/domains/${encodeURIComponent(synchronizerId)}/parties/${parties.singleHosted.replace('::', '%3A%3A')}/participant-id`;
    expect(get(context, encoded).status).toBe(200);
    const broken = get(context, `/v0/domains/%E0%A4%A/members/${members.topUpComplete}/traffic-status`);
    expect(broken.status).toBe(400);
    expect(broken.contentType).toMatch(/^text\/plain/);
  });

  it('does not match an empty path segment', () => {
    expect(get(context, `/v0/domains//members/${members.topUpComplete}/traffic-status`).status).toBe(404);
  });
});
