/**
 * Execute bodies that break exactly one rule of the spec each.
 */
import fc from 'fast-check';
import type { GeneratorContext } from '../context.js';
import { duration } from '../primitives/numbers.js';
import { executeBody } from '../requests/execute.js';
import { invalidBody, invalidBodyFixed, type InvalidValue } from './mutation.js';
import { invalidLedgerStrings } from './strings.js';

const SIGNATURES = ['partySignatures', 'signatures'] as const;
const FIRST_PARTY = [...SIGNATURES, 0] as const;
const FIRST_SIGNATURE = [...FIRST_PARTY, 'signatures', 0] as const;

/** Two allowed keys at once; each value well-formed. */
const twoDeduplicationKeys = duration().map((value) => ({ DeduplicationDuration: { value }, Empty: {} }));
const twoMinLedgerTimeKeys = duration().map((value) => ({ Empty: {}, MinLedgerTimeRel: { value } }));

export function invalidExecuteRules(context: GeneratorContext): fc.Arbitrary<InvalidValue>[] {
  const base = executeBody(context);
  const full = executeBody(context, { allOptionalFields: true });
  const replace = (clauseId: string, rule: string, at: (string | number)[], value: fc.Arbitrary<unknown>, on = base) =>
    invalidBody({ clauseId, rule, base: on, extra: value, mutate: (_body, set) => ({ at, set }) });
  const remove = (clauseId: string, rule: string, at: (string | number)[], on = base) =>
    invalidBodyFixed(clauseId, rule, on, () => ({ at, remove: true }));

  return [
    replace('execute.partySignatures.signatures.non-empty', 'empty party signatures list', [...SIGNATURES], fc.constant([])),
    replace(
      'single-party-signatures.signatures.non-empty',
      'empty signatures list of a party',
      [...FIRST_PARTY, 'signatures'],
      fc.constant([]),
    ),
    replace('signature.signature.non-empty', 'empty signature string', [...FIRST_SIGNATURE, 'signature'], fc.constant('')),
    ...(['preparedTransaction', 'partySignatures', 'submissionId', 'hashingSchemeVersion'] as const).map((field) =>
      remove(`execute.${field}.required`, `missing ${field}`, [field]),
    ),
    remove('execute.partySignatures.signatures.required', 'party signatures without signatures', [...SIGNATURES]),
    remove('single-party-signatures.party.required', 'party signatures entry without party', [...FIRST_PARTY, 'party']),
    remove('single-party-signatures.signatures.required', 'party signatures entry without signatures', [...FIRST_PARTY, 'signatures']),
    ...(['format', 'signature', 'signedBy', 'signingAlgorithmSpec'] as const).map((field) =>
      remove(`signature.${field}.required`, `signature without ${field}`, [...FIRST_SIGNATURE, field]),
    ),
    replace('deduplication-period.exactly-one-key', 'deduplication period with two keys', ['deduplicationPeriod'], twoDeduplicationKeys),
    replace('deduplication-period.exactly-one-key', 'deduplication period without a key', ['deduplicationPeriod'], fc.constant({})),
    replace(
      'deduplication-period.allowed-keys',
      'deduplication period with an unknown key',
      ['deduplicationPeriod'],
      fc.constantFrom({ DeduplicationForever: {} }, { Offset: { value: 3 } }),
    ),
    replace(
      'min-ledger-time.time.exactly-one-key',
      'minimum ledger time with two keys',
      ['minLedgerTime', 'time'],
      twoMinLedgerTimeKeys,
      full,
    ),
    replace(
      'min-ledger-time.time.allowed-keys',
      'minimum ledger time with an unknown key',
      ['minLedgerTime', 'time'],
      fc.constantFrom({ MinLedgerTimeMax: { value: '2024-01-01T00:00:00Z' } }, { Now: {} }),
      full,
    ),
    replace('min-ledger-time.time.shape', 'minimum ledger time without time', ['minLedgerTime'], fc.constant({})),
    replace(
      'min-ledger-time.time.MinLedgerTimeAbs.shape',
      'MinLedgerTimeAbs value that is not a timestamp',
      ['minLedgerTime', 'time'],
      fc.constantFrom('tomorrow', '2024-01-01', 42).map((value) => ({ MinLedgerTimeAbs: { value } })),
      full,
    ),
    replace(
      'execute.hashingSchemeVersion.allowed-values',
      'unknown hashing scheme version',
      ['hashingSchemeVersion'],
      fc.constantFrom('HASHING_SCHEME_VERSION_V9', 'V2', 'hashing_scheme_version_v2', 2),
    ),
    replace(
      'execute.submissionId.ledger-string',
      'submissionId with a forbidden character',
      ['submissionId'],
      invalidLedgerStrings.forbiddenCharacter(),
    ),
    replace('execute.submissionId.ledger-string', 'submissionId of 256 characters', ['submissionId'], invalidLedgerStrings.tooLong(), full),
  ];
}
