/**
 * Minimal counterexamples: a failure that depends on one bad character shrinks to a value only a few
 * characters longer than the shortest valid value of its format, for the ids the suites send most (party
 * ids, user ids, template ids) and for a party id inside a whole request body.
 *
 * The bounds allow for one limit of fast-check's shrinker: it drops the characters of a string (and the
 * items of a list) from the front, and once the string is down to its minimum length it no longer drops
 * the one after the bad character. So each string or list with a minimum length of 1 that holds the bad
 * value may keep one neighbour (`bA` rather than `b`), and no more.
 */
import fc from 'fast-check';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { validRequests, type GeneratedRequest } from '../../generators/index.js';
import { qualifiedIdentifier } from '../../generators/primitives/identifiers.js';
import { partyIdString, userIdString, USER_ID } from '../../generators/primitives/strings.js';
import { hexDigits } from '../../generators/primitives/text.js';
import { HEX_DIGITS, isQualifiedIdentifier, isUniqueIdentifier, isUserId, LETTERS } from '../../specification/formats.js';
import { referenceContext, SEED } from './support.js';

/** Enough for a failure seen in a few percent of the values (a user id holds a given letter in about 6%). */
const RUNS = 1000;

/** A letter every id format allows, and one each generator produces often enough (checked below). */
const BAD = 'b';
/** A letter no hex digit is, so that both template id formats can hold it. */
const BAD_OUTSIDE_HEX = 'x';

/** `A::A`: a one-character identifier and fingerprint around the delimiter. */
const SHORTEST_PARTY_ID = 4;
/** A single character. */
const SHORTEST_USER_ID = USER_ID.minLength;
/** `#A:A:A`: one-character package name, module and entity. */
const SHORTEST_TEMPLATE_ID = 6;
/** `<64 hex digits>:A:A`. */
const SHORTEST_PACKAGE_ID_TEMPLATE_ID = 68;

/** Only the part holding the bad character may keep one neighbour. */
const PARTY_ID_BOUND = SHORTEST_PARTY_ID + 1;
const USER_ID_BOUND = SHORTEST_USER_ID + 1;
/**
 * The name part holding the bad character may keep its first letter (`Ax`), and the dotted name
 * holding that part one more part after it (`.A`).
 */
const TEMPLATE_ID_BOUND = SHORTEST_TEMPLATE_ID + 3;

/** Runs a property that fails exactly when `fails` holds and returns its shrunk counterexample. */
function shrunkCounterexample<T>(arbitrary: fc.Arbitrary<T>, fails: (value: T) => boolean): T {
  const details = fc.check(
    fc.property(arbitrary, (value) => !fails(value)),
    { seed: SEED, numRuns: RUNS },
  );
  expect(details.failed, `no value in ${RUNS} runs triggered the failure`).toBe(true);
  return details.counterexample![0];
}

function share<T>(arbitrary: fc.Arbitrary<T>, holds: (value: T) => boolean): number {
  const values = fc.sample(arbitrary, { seed: SEED, numRuns: RUNS });
  return values.filter(holds).length / values.length;
}

describe('the bad characters are common enough to be found', () => {
  const cases = [
    { name: 'party id', arbitrary: partyIdString(), bad: BAD },
    { name: 'user id', arbitrary: userIdString(), bad: BAD },
    { name: 'template id', arbitrary: qualifiedIdentifier(), bad: BAD_OUTSIDE_HEX },
  ];
  for (const { name, arbitrary, bad } of cases) {
    it(`${name}: at least 5% of the values hold '${bad}'`, () => {
      expect(share(arbitrary, (value) => value.includes(bad))).toBeGreaterThanOrEqual(0.05);
    });
  }
});

describe('a failure on one bad character shrinks to a few characters', () => {
  it(`party id: at most ${PARTY_ID_BOUND} characters`, () => {
    const shrunk = shrunkCounterexample(partyIdString(), (party) => party.includes(BAD));
    expect(shrunk).toContain(BAD);
    expect(isUniqueIdentifier(shrunk)).toBe(true);
    expect(shrunk.length).toBeLessThanOrEqual(PARTY_ID_BOUND);
  });

  it(`user id: at most ${USER_ID_BOUND} characters`, () => {
    const shrunk = shrunkCounterexample(userIdString(), (user) => user.includes(BAD));
    expect(shrunk).toContain(BAD);
    expect(isUserId(shrunk)).toBe(true);
    expect(shrunk.length).toBeLessThanOrEqual(USER_ID_BOUND);
  });

  it(`template id (either format): at most ${TEMPLATE_ID_BOUND} characters, in the package-name format`, () => {
    const shrunk = shrunkCounterexample(qualifiedIdentifier(), (template) => template.includes(BAD_OUTSIDE_HEX));
    expect(shrunk).toContain(BAD_OUTSIDE_HEX);
    expect(isQualifiedIdentifier(shrunk)).toBe(true);
    expect(shrunk.startsWith('#')).toBe(true);
    expect(shrunk.length).toBeLessThanOrEqual(TEMPLATE_ID_BOUND);
  });

  it('template id, bad character only a package id holds: the package-id format, all other hex digits 0', () => {
    // The package-name format cannot hold the failure, so the shrinker keeps the format and shrinks the rest.
    const shrunk = shrunkCounterexample(qualifiedIdentifier('package-id'), (template) => template.slice(0, 64).includes(BAD));
    expect(isQualifiedIdentifier(shrunk)).toBe(true);
    const [packageId, ...qualifiedName] = shrunk.split(':');
    expect(packageId!.replaceAll(HEX_DIGITS[0]!, '')).toBe(BAD);
    expect(qualifiedName).toEqual([LETTERS[0], LETTERS[0]]);
    expect(shrunk.length).toBe(SHORTEST_PACKAGE_ID_TEMPLATE_ID);
  });
});

describe('a failure on one bad character in a party id inside a request body', () => {
  const valid = validRequests(referenceContext(), 'schema');
  const bodyOf = (request: GeneratedRequest) => request.body as Record<string, unknown>;
  const badParty = (parties: string[]) => parties.find((party) => party.includes(BAD));

  it(`submit-and-wait (actAs, readAs): the party id shrinks to at most ${PARTY_ID_BOUND} characters`, () => {
    const submitters = (request: GeneratedRequest) => {
      const body = bodyOf(request);
      return [...(body['actAs'] as string[]), ...((body['readAs'] as string[] | undefined) ?? [])];
    };
    const shrunk = shrunkCounterexample(valid['submit-and-wait'], (request) => badParty(submitters(request)) !== undefined);
    const party = badParty(submitters(shrunk))!;
    expect(isUniqueIdentifier(party)).toBe(true);
    expect(party.length).toBeLessThanOrEqual(PARTY_ID_BOUND);
  });

  it(`update-by-offset (filtersByParty keys, topology parties): the party id shrinks to at most ${PARTY_ID_BOUND} characters`, () => {
    const namedParties = (request: GeneratedRequest) => {
      const format = bodyOf(request)['updateFormat'] as Record<string, Record<string, unknown> | undefined>;
      const eventFormats = [format['includeTransactions']?.['eventFormat'], format['includeReassignments']] as (
        { filtersByParty?: Record<string, unknown> } | undefined
      )[];
      const topology = format['includeTopologyEvents']?.['includeParticipantAuthorizationEvents'] as { parties: string[] } | undefined;
      return [...eventFormats.flatMap((eventFormat) => Object.keys(eventFormat?.filtersByParty ?? {})), ...(topology?.parties ?? [])];
    };
    const shrunk = shrunkCounterexample(valid['update-by-offset'], (request) => badParty(namedParties(request)) !== undefined);
    const party = badParty(namedParties(shrunk))!;
    expect(isUniqueIdentifier(party)).toBe(true);
    expect(party.length).toBeLessThanOrEqual(PARTY_ID_BOUND);
  });
});

describe('strings shrink character by character', () => {
  // A failure that needs the bad character and a minimum length: each other character shrinks on its own
  // to the alphabet's first, which a string drawn from one seed (or mapped from a number) could not do.
  const LENGTH = 8;

  it(`user id of at least ${LENGTH} characters: the bad one and ${LENGTH - 1} times the alphabet's first`, () => {
    const shrunk = shrunkCounterexample(userIdString(), (user) => user.includes(BAD) && user.length >= LENGTH);
    expect(shrunk).toHaveLength(LENGTH);
    expect([...shrunk].filter((character) => character !== USER_ID.alphabet[0])).toEqual([BAD]);
  });

  it(`party id of at least ${LENGTH} characters: the bad one, the delimiter and the alphabet's first`, () => {
    const shrunk = shrunkCounterexample(partyIdString(), (party) => party.includes(BAD) && party.length >= LENGTH);
    expect(shrunk).toHaveLength(LENGTH);
    expect(shrunk.replace('::', '').replaceAll(LETTERS[0]!, '')).toBe(BAD);
  });
});

describe('hex digits (package ids, contract ids, key fingerprints), drawn straight from the random stream', () => {
  it('shrink as a fast-check string of hex digit units: one digit at a time, towards 0', () => {
    const digits = hexDigits(4);
    expect(digits.canShrinkWithoutContext('b0b0')).toBe(true);
    expect(digits.canShrinkWithoutContext('B0b0')).toBe(false);
    expect(digits.canShrinkWithoutContext('b0b')).toBe(false);
    expect([...digits.shrink('b0b0', undefined)].map((shrunk) => shrunk.value)).toEqual(['00b0', 'b000']);
  });

  it('are uniform, as that string is, with and without bias', () => {
    const digits = hexDigits(64);
    const random = new fc.Random(xoroshiro128plus(SEED));
    const unbiased = Array.from({ length: RUNS }, () => digits.generate(random, undefined).value);
    const biased = fc.sample(digits, { seed: SEED, numRuns: RUNS });
    for (const values of [unbiased, biased]) {
      const text = values.join('');
      expect(values.every((value) => /^[0-9a-f]{64}$/.test(value))).toBe(true);
      for (const digit of HEX_DIGITS) {
        const share = (text.split(digit).length - 1) / text.length;
        expect(share).toBeGreaterThan(1 / 16 - 0.01);
        expect(share).toBeLessThan(1 / 16 + 0.01);
      }
    }
  });
});
