/**
 * Bodies of `POST /v2/interactive-submission/execute`.
 *
 * No generated execute body can be accepted by a real node on its own: `preparedTransaction` must come
 * from a prepare call and the signature must sign its hash with the external party's key. So there are
 * two sets:
 * - `schema`: everything the spec's table allows;
 * - `accepted`: everything else as a real node takes it (an executing user's external party, signed by
 *   that party's key fingerprint, Ed25519, hashing scheme V2, a fresh submission id
 *   (`primitives/fresh-ids.ts`), an explicit deduplication period, since Canton treats the field as
 *   required); the caller replaces `preparedTransaction` and the signature bytes with real ones
 *   (`withPreparedSubmission`).
 */
import fc from 'fast-check';
import type { ExecutingUser, GeneratorContext } from '../context.js';
import { boundedArray, PLAIN_OBJECTS } from '../primitives/boundaries.js';
import { FRESH_ID_PLACEHOLDER, freshId } from '../primitives/fresh-ids.js';
import { base64Text } from '../primitives/text.js';
import { ledgerString, partyIdString, userIdString } from '../primitives/strings.js';
import { executeDeduplicationPeriod, minLedgerTime, signature, type Mode } from '../primitives/unions.js';

export const HASHING_SCHEME_VERSIONS = [
  'HASHING_SCHEME_VERSION_UNSPECIFIED',
  'HASHING_SCHEME_VERSION_V2',
  'HASHING_SCHEME_VERSION_V3',
] as const;

export const EXECUTE_OPTIONAL_FIELDS = ['deduplicationPeriod', 'userId', 'minLedgerTime'] as const;

export interface ExecuteOptions {
  mode?: Mode;
  allOptionalFields?: boolean;
}

export interface ExecuteCase {
  asUser?: string;
  body: Record<string, unknown>;
}

type ExecuteKey =
  'preparedTransaction' | 'partySignatures' | 'submissionId' | 'hashingSchemeVersion' | (typeof EXECUTE_OPTIONAL_FIELDS)[number];

function requiredKeysFor(options: ExecuteOptions, alwaysPresent: ExecuteKey[] = []): ExecuteKey[] {
  const required: ExecuteKey[] = ['preparedTransaction', 'partySignatures', 'submissionId', 'hashingSchemeVersion'];
  return options.allOptionalFields ? [...required, ...EXECUTE_OPTIONAL_FIELDS] : [...required, ...alwaysPresent];
}

const preparedTransaction = base64Text({ minLength: 1, maxLength: 256 });

function schemaCase(options: ExecuteOptions): fc.Arbitrary<ExecuteCase> {
  const singlePartySignatures = fc.record(
    { party: partyIdString(), signatures: boundedArray(signature(), { minLength: 1, maxLength: 2 }) },
    PLAIN_OBJECTS,
  );
  return fc
    .record(
      {
        preparedTransaction,
        partySignatures: fc.record({ signatures: boundedArray(singlePartySignatures, { minLength: 1, maxLength: 2 }) }, PLAIN_OBJECTS),
        deduplicationPeriod: executeDeduplicationPeriod('schema'),
        submissionId: ledgerString(),
        userId: userIdString(),
        hashingSchemeVersion: fc.constantFrom(...HASHING_SCHEME_VERSIONS),
        minLedgerTime: minLedgerTime('schema'),
      },
      { requiredKeys: requiredKeysFor(options), ...PLAIN_OBJECTS },
    )
    .map((body) => ({ body }));
}

function acceptedCase(context: GeneratorContext, options: ExecuteOptions): fc.Arbitrary<ExecuteCase> {
  if (context.executingUsers.length === 0) {
    throw new Error('generators: the fixtures define no user with execute-as rights for an external party');
  }
  const cases = context.executingUsers.flatMap((user: ExecutingUser) =>
    user.parties.map((party) =>
      fc
        .record(
          {
            preparedTransaction,
            partySignatures: signature(fc.constant(party.fingerprint)).map((signed) => ({
              signatures: [
                {
                  party: party.id,
                  signatures: [{ ...signed, format: 'SIGNATURE_FORMAT_CONCAT', signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519' }],
                },
              ],
            })),
            deduplicationPeriod: executeDeduplicationPeriod('accepted'),
            submissionId: FRESH_ID_PLACEHOLDER,
            userId: fc.constant(user.userId),
            hashingSchemeVersion: fc.constant('HASHING_SCHEME_VERSION_V2'),
            minLedgerTime: minLedgerTime('accepted'),
          },
          { requiredKeys: requiredKeysFor(options, ['deduplicationPeriod']), ...PLAIN_OBJECTS },
        )
        // Last, so that every value fast-check produces (shrunk ones too) gets a submission id of its own.
        .map((body) => ({ asUser: user.userId, body: { ...body, submissionId: freshId('sub') } })),
    ),
  );
  return fc.oneof(...cases);
}

export function executeCase(context: GeneratorContext, options: ExecuteOptions = {}): fc.Arbitrary<ExecuteCase> {
  return (options.mode ?? 'schema') === 'accepted' ? acceptedCase(context, options) : schemaCase(options);
}

export function executeBody(context: GeneratorContext, options: ExecuteOptions = {}): fc.Arbitrary<Record<string, unknown>> {
  return executeCase(context, options).map((generated) => generated.body);
}

/** Puts a real prepared transaction and its signature (base64) into an `accepted` body. */
export function withPreparedSubmission(
  body: Record<string, unknown>,
  prepared: { preparedTransaction: string; signature: string },
): Record<string, unknown> {
  const partySignatures = body['partySignatures'] as { signatures: { party: string; signatures: object[] }[] };
  return {
    ...body,
    preparedTransaction: prepared.preparedTransaction,
    partySignatures: {
      signatures: partySignatures.signatures.map((single) => ({
        ...single,
        signatures: single.signatures.map((signed) => ({ ...signed, signature: prepared.signature })),
      })),
    },
  };
}
