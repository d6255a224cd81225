/**
 * Properties of the arbitraries themselves: shrinking keeps an invalid value's tag true, a fixed seed
 * reproduces the same values, and a default-sized run produces every variant, boundary and rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidRequestRules, invalidRequests, validRequests, ENDPOINT_NAMES, type InvalidRequest } from '../../generators/index.js';
import { PARTY_ID, partyIdString, userIdString, ledgerString, LEDGER_STRING, USER_ID } from '../../generators/primitives/strings.js';
import { INT64_MAX } from '../../generators/primitives/numbers.js';
import { FRESH_ID_SUFFIX } from '../../generators/primitives/fresh-ids.js';
import { brokenRules } from './rule-checker.js';
import { referenceContext, SEED } from './support.js';

const context = referenceContext();
const SAMPLES = 1000;
const WITHOUT_INPUT = new Set(['readyz', 'scan.round-of-latest-data']);

describe('shrinking', () => {
  const invalid = invalidRequests(context);
  it.each(Object.keys(invalid))('%s: a shrunk counterexample still breaks exactly its tagged rule', (endpoint) => {
    const arbitrary = invalid[endpoint as keyof typeof invalid]!;
    // A predicate that always fails makes fast-check shrink the first value as far as it can.
    const details = fc.check(
      fc.property(arbitrary, () => false),
      { seed: SEED, numRuns: 1 },
    );
    expect(details.failed).toBe(true);
    expect(details.numShrinks).toBeGreaterThanOrEqual(0);
    const [shrunk] = details.counterexample as [InvalidRequest];
    expect(brokenRules(shrunk)).toEqual([shrunk.invalid.clauseId]);
  });
});

describe('reproducibility', () => {
  const valid = validRequests(context);
  const invalid = invalidRequests(context);
  it.each(ENDPOINT_NAMES)('%s: the same seed gives the same values', (endpoint) => {
    // Fresh ids (command and submission ids of accepted bases) are unique by design; all else follows the seed.
    const sample = (arbitrary: fc.Arbitrary<unknown>) =>
      fc
        .sample(arbitrary, { seed: SEED, numRuns: 30 })
        .map((value) =>
          JSON.stringify(value, (_key, item: unknown) =>
            typeof item === 'bigint' ? `${item}n` : item instanceof Uint8Array ? Buffer.from(item).toString('base64') : item,
          ).replace(FRESH_ID_SUFFIX, '-<fresh>'),
        );
    expect(sample(valid[endpoint])).toEqual(sample(valid[endpoint]));
    const invalidArbitrary = invalid[endpoint];
    if (invalidArbitrary) expect(sample(invalidArbitrary)).toEqual(sample(invalidArbitrary));
    // Endpoints without any input have a single request; all others must vary with the seed.
    if (!WITHOUT_INPUT.has(endpoint))
      expect(fc.sample(valid[endpoint], { seed: SEED + 1, numRuns: 30 })).not.toEqual(sample(valid[endpoint]));
  });
});

describe('reproducibility of accepted requests', () => {
  const accepted = validRequests(context, 'accepted');
  const FRESH_IDS = /"(cmd|sub|ACC)-[0-9a-z]+-[0-9a-z]+"/g;
  const sample = (endpoint: 'submit-and-wait' | 'execute' | 'update-by-offset') =>
    JSON.stringify(fc.sample(accepted[endpoint], { seed: SEED, numRuns: 30 }), (_key, value: unknown) =>
      typeof value === 'bigint' ? `${value}n` : value,
    );
  it.each(['submit-and-wait', 'execute', 'update-by-offset'] as const)(
    '%s: the same seed gives the same values but for their fresh ids',
    (endpoint) => {
      const [first, second] = [sample(endpoint), sample(endpoint)];
      expect(first.replace(FRESH_IDS, '"$1-id"')).toEqual(second.replace(FRESH_IDS, '"$1-id"'));
      const ids = (text: string) => new Set(text.match(FRESH_IDS) ?? []);
      const firstIds = ids(first);
      expect([...ids(second)].filter((id) => firstIds.has(id))).toEqual([]);
    },
  );
});

function unionKeys(values: unknown[]): Set<string> {
  return new Set(values.flatMap((value) => (value && typeof value === 'object' ? Object.keys(value) : [])));
}

describe('distribution of a default-sized run', () => {
  const sampleBodies = (endpoint: 'submit-and-wait' | 'execute' | 'update-by-offset') =>
    fc.sample(validRequests(context)[endpoint], { seed: SEED, numRuns: SAMPLES }).map((request) => request.body as Record<string, any>);

  it('submit-and-wait: every command variant, list and length boundary', () => {
    const bodies = sampleBodies('submit-and-wait');
    expect(unionKeys(bodies.flatMap((body) => body['commands']))).toEqual(
      new Set(['CreateAndExerciseCommand', 'CreateCommand', 'ExerciseByKeyCommand', 'ExerciseCommand']),
    );
    const lengths = (field: string) => new Set(bodies.filter((body) => field in body).map((body) => body[field].length));
    for (const length of [1, 3]) expect(lengths('commands').has(length)).toBe(true);
    for (const length of [1, LEDGER_STRING.maxLength]) expect(lengths('commandId').has(length)).toBe(true);
    for (const length of [1, USER_ID.maxLength]) expect(lengths('userId').has(length)).toBe(true);
    expect(lengths('actAs').has(1)).toBe(true);
    for (const length of [0, 1]) expect(lengths('readAs').has(length)).toBe(true);
    expect(unionKeys(bodies.map((body) => body['deduplicationPeriod']))).toEqual(new Set(['DeduplicationDuration']));
    const seconds = bodies.flatMap((body) => (body['minLedgerTimeRel'] ? [body['minLedgerTimeRel'].seconds] : []));
    expect(seconds).toContain(INT64_MAX);
  });

  it('execute: every deduplication and minimum-ledger-time variant, signature list boundaries', () => {
    const bodies = sampleBodies('execute');
    expect(unionKeys(bodies.map((body) => body['deduplicationPeriod']))).toEqual(
      new Set(['DeduplicationDuration', 'DeduplicationOffset', 'Empty']),
    );
    expect(unionKeys(bodies.map((body) => body['minLedgerTime']?.time))).toEqual(
      new Set(['Empty', 'MinLedgerTimeAbs', 'MinLedgerTimeRel']),
    );
    expect(new Set(bodies.map((body) => body['hashingSchemeVersion'])).size).toBe(3);
    const partyCounts = new Set(bodies.map((body) => body['partySignatures'].signatures.length));
    expect(partyCounts.has(1)).toBe(true);
  });

  it('update-by-offset: every identifier-filter variant, every shape, offset boundaries', () => {
    const bodies = sampleBodies('update-by-offset');
    const filters = bodies.flatMap((body) => {
      const format = body['updateFormat'].includeTransactions?.eventFormat;
      return [format?.filtersForAnyParty, ...Object.values(format?.filtersByParty ?? {})].flatMap(
        (entry: any) => entry?.cumulative?.map((cumulative: any) => cumulative.identifierFilter) ?? [],
      );
    });
    expect(unionKeys(filters)).toEqual(new Set(['Empty', 'InterfaceFilter', 'TemplateFilter', 'WildcardFilter']));
    expect(new Set(bodies.flatMap((body) => body['updateFormat'].includeTransactions?.transactionShape ?? [])).size).toBe(3);
    const offsets = bodies.map((body) => body['offset']);
    expect(offsets).toContain(1);
    expect(offsets).toContain(INT64_MAX);
  });

  it('primitives: party id and user id length boundaries', () => {
    const parties = fc.sample(partyIdString(), { seed: SEED, numRuns: SAMPLES });
    const identifierLengths = new Set(parties.map((party) => party.indexOf('::')));
    const fingerprintLengths = new Set(parties.map((party) => party.length - party.indexOf('::') - 2));
    for (const length of [1, PARTY_ID.identifierMaxLength]) expect(identifierLengths.has(length)).toBe(true);
    for (const length of [1, PARTY_ID.fingerprintMaxLength]) expect(fingerprintLengths.has(length)).toBe(true);
    // Split at the first `::`, the fingerprint never holds another one and the identifier never ends in `:`.
    for (const party of parties) {
      const split = party.indexOf('::');
      expect(party.slice(split + 2)).not.toContain('::');
      expect(party.slice(0, split).endsWith(':')).toBe(false);
    }
    const users = new Set(fc.sample(userIdString(), { seed: SEED, numRuns: SAMPLES }).map((id) => id.length));
    for (const length of [1, USER_ID.maxLength]) expect(users.has(length)).toBe(true);
    const ledger = new Set(fc.sample(ledgerString(), { seed: SEED, numRuns: SAMPLES }).map((text) => text.length));
    for (const length of [1, LEDGER_STRING.maxLength]) expect(ledger.has(length)).toBe(true);
  });

  it('scan limit: both boundaries', () => {
    const limits = fc
      .sample(validRequests(context)['scan.top-validators'], { seed: SEED, numRuns: SAMPLES })
      .map((request) => request.query?.['limit']);
    expect(limits).toContain('1');
    expect(limits).toContain('1000');
  });

  it('invalid requests: every rule of every endpoint is produced', () => {
    const rules = invalidRequestRules(context);
    const invalid = invalidRequests(context);
    for (const endpoint of ENDPOINT_NAMES) {
      const arbitrary = invalid[endpoint];
      if (!arbitrary) continue;
      const expected = new Set(rules[endpoint].map((rule) => fc.sample(rule, { seed: SEED, numRuns: 1 })[0]!.invalid.rule));
      const produced = new Set(fc.sample(arbitrary, { seed: SEED, numRuns: SAMPLES }).map((request) => request.invalid.rule));
      expect(
        [...expected].filter((rule) => !produced.has(rule)),
        endpoint,
      ).toEqual([]);
    }
  });
});
