/**
 * Query and path parameters that break exactly one rule each, as the strings sent on the wire.
 */
import fc from 'fast-check';
import type { ClauseId } from '../../specification/clauses.js';
import type { InvalidValue, PartKind, Violation } from './mutation.js';
import { invalidMemberId, invalidUniqueIdentifier } from './strings.js';

type Expected = Extract<Violation, { kind: 'parameter' }>['expected'];

/** A parameter that does not parse as `expected`, or (given a Violation) one that breaks a bound. */
export function parameter(
  clauseId: ClauseId,
  rule: string,
  kind: PartKind,
  name: string,
  broken: Expected | Violation,
  value: fc.Arbitrary<string>,
) {
  const violation: Violation = typeof broken === 'string' ? { kind: 'parameter', expected: broken } : broken;
  return value.map((text): InvalidValue<string> => ({ clauseId, rule, part: { kind, name }, violation, value: text }));
}

/** `vetAllPackages` values that are not `true` / `false`. */
export function invalidVetAllPackages(clauseId: ClauseId): fc.Arbitrary<InvalidValue<string>> {
  return parameter(
    clauseId,
    'vetAllPackages that is not a boolean',
    'query',
    'vetAllPackages',
    'boolean',
    fc.constantFrom('maybe', '1', '0', 'yes', '', 'tru'),
  );
}

export function invalidMemberIdParameter(): fc.Arbitrary<InvalidValue<string>> {
  return parameter(
    'scan.traffic-status.member_id.format',
    'member id not of the form PAR|MED::id::fingerprint',
    'path',
    'member_id',
    'member-id',
    invalidMemberId(),
  );
}

export function invalidDomainIdParameter(clauseId: ClauseId): fc.Arbitrary<InvalidValue<string>> {
  return parameter(
    clauseId,
    'synchronizer id that is not identifier::fingerprint',
    'path',
    'domain_id',
    'unique-identifier',
    invalidUniqueIdentifier(),
  );
}

export function invalidPartyIdParameter(clauseId: ClauseId): fc.Arbitrary<InvalidValue<string>> {
  return parameter(
    clauseId,
    'party id that is not identifier::fingerprint',
    'path',
    'party_id',
    'unique-identifier',
    invalidUniqueIdentifier(),
  );
}

export function invalidScanLimitRules(): fc.Arbitrary<InvalidValue<string>>[] {
  return [
    parameter(
      'canton.scan.top-validators.limit.min-1',
      'limit 0 or negative',
      'query',
      'limit',
      { kind: 'range', bound: 'minimum' },
      fc.integer({ min: -(2 ** 31), max: 0 }).map(String),
    ),
    parameter(
      'canton.scan.limit.max-1000',
      'limit above 1000',
      'query',
      'limit',
      { kind: 'range', bound: 'maximum' },
      fc.integer({ min: 1001, max: 2 ** 31 - 1 }).map(String),
    ),
    parameter(
      'scan.top-validators.limit.int32',
      'limit that is not an int32',
      'query',
      'limit',
      'int32',
      // Not '': Pekko answers an empty number as a missing parameter (404), not a malformed one.
      fc.constantFrom('abc', '1.5', '2147483648', '10e2'),
    ),
  ];
}

export function invalidScanRound(): fc.Arbitrary<InvalidValue<string>> {
  return parameter(
    'scan.rewards-collected.round.optional-int64',
    'round that is not an int64',
    'query',
    'round',
    'int64',
    fc.constantFrom('abc', '1.5', '9223372036854775808', 'latest'),
  );
}
