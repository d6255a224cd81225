import { describe, expect, it } from 'vitest';
import type { Fixtures } from '../../config/types.js';
import { buildScanData, findPartyHosting, formatIsoOffsetDateTime, ScanFixtureError } from '../../reference/scan/index.js';
import { fixtures } from './support.js';

const data = buildScanData(fixtures);

describe('seeded validator faucets', () => {
  it('has about 25 validators with party ids like validator-07::1220…', () => {
    expect(data.validators).toHaveLength(25);
    for (const { validator } of data.validators) expect(validator).toMatch(/^validator-\d{2}::1220[0-9a-f]{64}$/);
    expect(new Set(data.validators.map((v) => v.validator)).size).toBe(25);
  });

  it('keeps collected + missed = last - first + 1 for every license with a faucet state', () => {
    const withState = data.validators.filter((v) => v.numRoundsCollected > 0);
    expect(withState.length).toBe(24);
    for (const v of withState) {
      expect(v.numRoundsCollected + v.numRoundsMissed).toBe(v.lastCollectedInRound - v.firstCollectedInRound + 1);
      expect(v.lastCollectedInRound).toBeLessThanOrEqual(data.latestRound.round);
    }
  });

  it('has one validator with all numbers zero and some ties', () => {
    const zeros = data.validators.filter(
      (v) => v.numRoundsCollected === 0 && v.numRoundsMissed === 0 && v.firstCollectedInRound === 0 && v.lastCollectedInRound === 0,
    );
    expect(zeros).toHaveLength(1);
    const counts = data.validators.map((v) => v.numRoundsCollected);
    expect(new Set(counts).size).toBeLessThan(counts.length);
  });

  it('is ordered by rounds collected, greatest first', () => {
    const counts = data.validators.map((v) => v.numRoundsCollected);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('is the same on every build (deterministic seed)', () => {
    const again = buildScanData(fixtures);
    expect(again.validators).toEqual(data.validators);
    expect([...again.rounds.values()]).toEqual([...data.rounds.values()]);
    expect(again.latestRound).toEqual(data.latestRound);
    expect([...again.members]).toEqual([...data.members]);
  });
});

describe('seeded reward rounds', () => {
  it('aggregates rounds 0..latest and a cumulative total of all of them', () => {
    expect([...data.rounds.keys()]).toEqual(Array.from({ length: data.latestRound.round + 1 }, (_, round) => round));
    const total = [...data.rounds.values()].reduce((sum, r) => sum + r.appRewards + r.validatorRewards, 0n);
    expect(data.latestRound.cumulativeRewards).toBe(total);
    expect(total).toBeGreaterThan(0n);
  });

  it('dates the latest round in UTC as ISO_OFFSET_DATE_TIME writes it: a trailing zero of the microseconds dropped', () => {
    expect(data.latestRound.effectiveAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{4}[1-9]Z$/);
  });
});

describe('members and parties', () => {
  it('seeds a top-up in progress and a complete one from the fixtures', () => {
    const inProgress = data.members.get(fixtures.scan.members.topUpInProgress!);
    const complete = data.members.get(fixtures.scan.members.topUpComplete!);
    expect(inProgress && inProgress.totalLimit !== inProgress.totalPurchased).toBe(true);
    expect(complete && complete.totalLimit === complete.totalPurchased).toBe(true);
    expect(data.members.has(fixtures.scan.members.unknown)).toBe(false);
    expect(data.members.size).toBeGreaterThan(3);
  });

  it('hosts the multi-hosted fixture party on its hostedOn participants', () => {
    const shared = fixtures.parties.find((p) => p.id === fixtures.scan.parties.multiHosted)!;
    const [identifier = '', fingerprint = ''] = shared.id.split('::');
    expect(findPartyHosting(data, identifier, fingerprint)?.participants).toEqual(shared.hostedOn!.map((h) => h.participantId));
  });

  it('finds a party by a fingerprint prefix (Canton topology filter)', () => {
    const [identifier = '', fingerprint = ''] = fixtures.scan.parties.singleHosted.split('::');
    expect(findPartyHosting(data, identifier, fingerprint.slice(0, 10))?.party).toBe(fixtures.scan.parties.singleHosted);
    expect(findPartyHosting(data, `${identifier}x`, fingerprint.slice(0, 10))).toBeUndefined();
  });
});

describe('fixture errors', () => {
  const withScan = (scan: Partial<Fixtures['scan']>): Fixtures => ({ ...fixtures, scan: { ...fixtures.scan, ...scan } });

  it('rejects an unknown member that is also a known one', () => {
    expect(() => buildScanData(withScan({ members: { ...fixtures.scan.members, unknown: fixtures.scan.members.topUpComplete! } }))).toThrow(
      ScanFixtureError,
    );
  });

  it('rejects an unknown party that is known', () => {
    expect(() => buildScanData(withScan({ parties: { ...fixtures.scan.parties, unknown: fixtures.scan.parties.singleHosted } }))).toThrow(
      /parties\.unknown/,
    );
  });

  it('rejects a multi-hosted party that is hosted once', () => {
    expect(() =>
      buildScanData(withScan({ parties: { ...fixtures.scan.parties, multiHosted: fixtures.scan.parties.singleHosted } })),
    ).toThrow(/parties\.multiHosted/);
  });
});

describe('timestamps as ISO_OFFSET_DATE_TIME writes them', () => {
  const at = (iso: string, extraMicros: bigint) => BigInt(Date.parse(iso)) * 1000n + extraMicros;

  it('drops trailing zeros of the fraction, and the fraction itself when it is zero', () => {
    expect(formatIsoOffsetDateTime(at('2024-06-05T12:34:56Z', 123_456n))).toBe('2024-06-05T12:34:56.123456Z');
    expect(formatIsoOffsetDateTime(at('2024-06-05T12:34:56Z', 120_000n))).toBe('2024-06-05T12:34:56.12Z');
    expect(formatIsoOffsetDateTime(at('2024-06-05T12:34:56Z', 100n))).toBe('2024-06-05T12:34:56.0001Z');
    expect(formatIsoOffsetDateTime(at('2024-06-05T12:34:56Z', 0n))).toBe('2024-06-05T12:34:56Z');
    expect(formatIsoOffsetDateTime(at('2024-06-05T00:00:00Z', 0n))).toBe('2024-06-05T00:00:00Z');
  });
});
