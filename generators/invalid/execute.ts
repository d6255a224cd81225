/**
 * Execute bodies that break exactly one rule of the spec each.
 */
import fc from 'fast-check';
import type { GeneratorContext } from '../context.js';
import { executeCase } from '../requests/execute.js';
import type { ClauseId } from '../../specification/clauses.js';
import { invalidBody, type BaseCase, type InvalidBody, type Path, type Violation } from './mutation.js';
import { invalidLedgerStrings } from './strings.js';

const SIGNATURES = ['partySignatures', 'signatures'] as const;
const FIRST_PARTY = [...SIGNATURES, 0] as const;
const FIRST_SIGNATURE = [...FIRST_PARTY, 'signatures', 0] as const;

/** Two allowed keys at once; each value well-formed. */

type Body = Record<string, unknown>;

/**
 * Every base is an `accepted` execute case (the executing user's external party, its key fingerprint,
 * Ed25519, hashing scheme V2, a fresh submission id, an explicit deduplication period); the suite puts a real
 * prepared transaction and its signature in before it applies the mutation. Not here: a union with two keys
 * (Canton 3.5 takes the first matching constructor: a conflict clause with a test of its own).
 */
export function invalidExecuteRules(context: GeneratorContext): fc.Arbitrary<InvalidBody>[] {
  const base = executeCase(context, { mode: 'accepted' }) as fc.Arbitrary<BaseCase<Body>>;
  const full = executeCase(context, { mode: 'accepted', allOptionalFields: true }) as fc.Arbitrary<BaseCase<Body>>;
  const replace = (clauseId: ClauseId, rule: string, violation: Violation, at: Path, value: fc.Arbitrary<unknown>, on = base) =>
    invalidBody({ clauseId, rule, violation, base: on, extra: value, mutate: (_body: Body, set) => ({ at, set }) });
  const remove = (clauseId: ClauseId, rule: string, at: Path, on = base, reportedAs?: readonly string[]) =>
    invalidBody({
      clauseId,
      rule,
      violation: { kind: 'missing' },
      ...(reportedAs ? { reportedAs } : {}),
      base: on,
      extra: fc.constant(undefined),
      mutate: () => ({ at, remove: true }),
    });
  const requiredFields = ['preparedTransaction', 'partySignatures', 'submissionId', 'hashingSchemeVersion'] as const;
  const signatureFields = ['format', 'signature', 'signedBy', 'signingAlgorithmSpec'] as const;

  return [
    replace(
      'execute.partySignatures.signatures.non-empty',
      'empty party signatures list',
      { kind: 'empty-list' },
      [...SIGNATURES],
      fc.constant([]),
    ),
    replace(
      'single-party-signatures.signatures.non-empty',
      'empty signatures list of a party',
      { kind: 'empty-list' },
      [...FIRST_PARTY, 'signatures'],
      fc.constant([]),
    ),
    replace(
      'signature.signature.non-empty',
      'empty signature string',
      { kind: 'empty-string' },
      [...FIRST_SIGNATURE, 'signature'],
      fc.constant(''),
    ),
    ...requiredFields.map((field) => remove(`execute.${field}.required`, `missing ${field}`, [field])),
    remove('execute.partySignatures.signatures.required', 'party signatures without signatures', [...SIGNATURES]),
    remove('single-party-signatures.party.required', 'party signatures entry without party', [...FIRST_PARTY, 'party']),
    remove('single-party-signatures.signatures.required', 'party signatures entry without signatures', [...FIRST_PARTY, 'signatures']),
    // Canton validates a signature's fields under the name `SinglePartySignatures.signature` (CryptoValidator).
    ...signatureFields.map((field) =>
      remove(`signature.${field}.required`, `signature without ${field}`, [...FIRST_SIGNATURE, field], base, ['signature']),
    ),
    replace(
      'deduplication-period.exactly-one-key',
      'deduplication period without a key',
      { kind: 'union', problem: 'no-key' },
      ['deduplicationPeriod'],
      fc.constant({}),
    ),
    replace(
      'deduplication-period.allowed-keys',
      'deduplication period with an unknown key',
      { kind: 'union', problem: 'unknown-key' },
      ['deduplicationPeriod'],
      fc.constantFrom({ DeduplicationForever: {} }, { Offset: { value: 3 } }),
    ),
    replace(
      'min-ledger-time.time.allowed-keys',
      'minimum ledger time with an unknown key',
      { kind: 'union', problem: 'unknown-key' },
      ['minLedgerTime', 'time'],
      fc.constantFrom({ MinLedgerTimeMax: { value: '2024-01-01T00:00:00Z' } }, { Now: {} }),
      full,
    ),
    // Not `{}` for minLedgerTime: the spec shows `{time: Time}` without saying `time` is required, and Canton's
    // relaxed protobuf codec reads a missing oneof as Empty.
    replace(
      'min-ledger-time.time.MinLedgerTimeAbs.shape',
      'MinLedgerTimeAbs value that is not a timestamp',
      { kind: 'timestamp' },
      ['minLedgerTime', 'time'],
      fc.constantFrom('tomorrow', '2024-01-01', 42).map((value) => ({ MinLedgerTimeAbs: { value } })),
      full,
    ),
    replace(
      'execute.hashingSchemeVersion.allowed-values',
      'unknown hashing scheme version',
      { kind: 'enum' },
      ['hashingSchemeVersion'],
      fc.constantFrom('HASHING_SCHEME_VERSION_V9', 'V2', 'hashing_scheme_version_v2', 2),
    ),
    replace(
      'execute.submissionId.ledger-string',
      'submissionId with a forbidden character',
      { kind: 'format', format: 'ledger-string', how: 'forbidden-character' },
      ['submissionId'],
      invalidLedgerStrings.forbiddenCharacter(),
    ),
    replace(
      'execute.submissionId.ledger-string',
      'submissionId of 256 characters',
      { kind: 'format', format: 'ledger-string', how: 'too-long' },
      ['submissionId'],
      invalidLedgerStrings.tooLong(),
      full,
    ),
  ];
}
