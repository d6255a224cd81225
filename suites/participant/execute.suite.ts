import { answerBody } from '../../checks/schema.js';
import fc from 'fast-check';
import { applyMutation, invalidRequestRules, type InvalidRequest } from '../../generators/index.js';
import { notAServerError, positiveDataAcceptance } from '../../checks/basic.js';
import { negativeDataRejection } from '../../checks/rejection.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import type { ClauseId } from '../../specification/clauses.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { preparedAndSigned } from '../support/interactive.js';
import { rejectsInvalidRequests } from '../support/properties.js';
import { generatorContext, postJson } from '../support/requests.js';

const ENDPOINT = 'execute';
const ERROR_BODY = 'execute.errors.default-body';

type Body = Record<string, unknown>;

/** The clauses an accepted execute proves by the fields and union variants it uses. */
function executeClausesProvedBy(body: Body): ClauseId[] {
  const proved: ClauseId[] = [
    'execute.preparedTransaction.required',
    'execute.partySignatures.required',
    'execute.partySignatures.signatures.required',
    'single-party-signatures.party.required',
    'single-party-signatures.signatures.required',
    'signature.format.required',
    'signature.signature.required',
    'signature.signedBy.required',
    'signature.signingAlgorithmSpec.required',
    'execute.submissionId.required',
    'execute.submissionId.ledger-string',
    'execute.hashingSchemeVersion.required',
    'execute.hashingSchemeVersion.allowed-values',
    'versioning.hashingSchemeVersion.values',
    'execute.auth.external-party-signature',
  ];
  if (body['userId'] !== undefined) proved.push('execute.userId.optional');
  const deduplication = Object.keys((body['deduplicationPeriod'] as Body | undefined) ?? {})[0];
  if (deduplication === 'Empty') proved.push('deduplication-period.Empty.shape');
  if (deduplication === 'DeduplicationOffset') proved.push('deduplication-period.DeduplicationOffset.shape');
  if (deduplication === 'DeduplicationDuration') proved.push('deduplication-period.DeduplicationDuration.shape');
  const minLedgerTime = body['minLedgerTime'] as { time: Body } | undefined;
  if (minLedgerTime === undefined) proved.push('execute.minLedgerTime.optional');
  else {
    proved.push('min-ledger-time.time.shape', 'min-ledger-time.time.exactly-one-key');
    const variant = Object.keys(minLedgerTime.time)[0];
    if (variant === 'Empty') proved.push('min-ledger-time.time.Empty.shape');
    if (variant === 'MinLedgerTimeAbs') proved.push('min-ledger-time.time.MinLedgerTimeAbs.shape');
    if (variant === 'MinLedgerTimeRel') proved.push('min-ledger-time.time.MinLedgerTimeRel.shape');
  }
  return proved;
}

/**
 * Puts a fresh prepared transaction and its signature into a generated execute case, then applies its
 * mutation again on top: the base is a complete execute the target accepts, the invalid request that plus one mutation.
 */
async function completeExecute(context: ConformanceContext, request: InvalidRequest) {
  const signed = await preparedAndSigned(context, 'execute.exists');
  const base: Body = {
    ...(request.base.body as Body),
    preparedTransaction: signed.body['preparedTransaction'],
    partySignatures: signed.body['partySignatures'],
    hashingSchemeVersion: signed.body['hashingSchemeVersion'],
    userId: signed.user,
  };
  const invalid = request.mutation === undefined ? request.body : applyMutation(base, request.mutation);
  return {
    base: { ...request.base, body: base, asUser: signed.user },
    invalid: { ...request, body: invalid, asUser: signed.user },
  };
}

conformanceSuite('execute', () => {
  conformanceTest(
    {
      name: 'executes a prepared, externally signed submission',
      endpoint: ENDPOINT,
      clauses: [
        'execute.exists',
        'execute.response.200',
        'execute.auth.external-party-signature',
        'execute.preparedTransaction.required',
        'execute.partySignatures.required',
        'execute.partySignatures.signatures.required',
        'single-party-signatures.party.required',
        'single-party-signatures.signatures.required',
        'signature.format.required',
        'signature.signature.required',
        'signature.signedBy.required',
        'signature.signingAlgorithmSpec.required',
        'execute.submissionId.required',
        'execute.submissionId.ledger-string',
        'execute.userId.optional',
        'execute.hashingSchemeVersion.required',
        'execute.hashingSchemeVersion.allowed-values',
        'versioning.hashingSchemeVersion.values',
        'deduplication-period.Empty.shape',
        'deduplication-period.DeduplicationOffset.shape',
        'deduplication-period.DeduplicationDuration.shape',
        'execute.minLedgerTime.optional',
        'min-ledger-time.time.shape',
        'min-ledger-time.time.exactly-one-key',
        'min-ledger-time.time.Empty.shape',
        'min-ledger-time.time.MinLedgerTimeAbs.shape',
        'min-ledger-time.time.MinLedgerTimeRel.shape',
        'canton.execute.response-empty-object',
        'canton.interactive.prepared-hash-matches-transaction',
        'canton.interactive.prepared-transaction-shows-commands',
      ],
      requires: ['writes', 'interactiveSubmission'],
    },
    async (context) => {
      const times = [
        undefined,
        { time: { Empty: {} } },
        { time: { MinLedgerTimeRel: { value: { seconds: 0, nanos: 0 } } } },
        { time: { MinLedgerTimeAbs: { value: '2020-01-01T00:00:00Z' } } },
      ];
      const deduplications = [
        { Empty: {} },
        { DeduplicationDuration: { value: { seconds: 60, nanos: 0 } } },
        { DeduplicationOffset: { value: 0 } },
      ];
      // Each variant once on every seed (the declared union clauses rest on them), then random pairs.
      const examples = times.map((time, index): [(typeof times)[number], (typeof deduplications)[number]] => [
        time,
        deduplications[index % deduplications.length]!,
      ]);
      await context.forAll(
        fc.tuple(fc.constantFrom(...times), fc.constantFrom(...deduplications)),
        async ([time, deduplication]) => {
          const { user, body } = await preparedAndSigned(context, 'execute.exists');
          const request = { ...body, deduplicationPeriod: deduplication, ...(time ? { minLedgerTime: time } : {}) };
          const response = await postJson(context, 'execute', request, user);
          notAServerError(response, 'execute.exists');
          positiveDataAcceptance(response, 'execute.exists', executeClausesProvedBy(request));
          const result = answerBody(response, 'execute.response.200');
          if (context.profile === 'canton')
            expectValue('canton.execute.response-empty-object', 'the execute response', result, {}, response);
        },
        { numRuns: Math.min(context.cases, 12), examples },
      );
    },
  );

  conformanceTest(
    {
      name: 'an empty signatures list or signature is rejected (control: the same signed execute is accepted)',
      endpoint: ENDPOINT,
      clauses: [
        'execute.partySignatures.signatures.non-empty',
        'single-party-signatures.signatures.non-empty',
        'limits.non-empty-lists.signatures',
        'signature.signature.non-empty',
      ],
      requires: ['writes', 'interactiveSubmission'],
    },
    async (context) => {
      type Signed = { partySignatures: { signatures: { party: string; signatures: { signature: string }[] }[] } };
      const mutations: { clauseId: ClauseId; rule: string; part: string; empty: (body: Signed) => unknown; sameRule?: ClauseId[] }[] = [
        {
          clauseId: 'execute.partySignatures.signatures.non-empty',
          rule: 'empty party signatures list',
          part: 'partySignatures.signatures',
          empty: (body) => ({ ...body, partySignatures: { signatures: [] } }),
          sameRule: ['limits.non-empty-lists.signatures'],
        },
        {
          clauseId: 'single-party-signatures.signatures.non-empty',
          rule: 'empty signatures list of a party',
          part: 'partySignatures.signatures[0].signatures',
          empty: (body) => ({
            ...body,
            partySignatures: { signatures: body.partySignatures.signatures.map((entry) => ({ ...entry, signatures: [] })) },
          }),
          sameRule: ['limits.non-empty-lists.signatures'],
        },
        {
          clauseId: 'signature.signature.non-empty',
          rule: 'empty signature string',
          part: 'partySignatures.signatures[0].signatures[0].signature',
          empty: (body) => ({
            ...body,
            partySignatures: {
              signatures: body.partySignatures.signatures.map((entry) => ({
                ...entry,
                signatures: entry.signatures.map((signed) => ({ ...signed, signature: '' })),
              })),
            },
          }),
        },
      ];
      for (const { clauseId, rule, part, empty, sameRule } of mutations) {
        const { user, body } = await preparedAndSigned(context, 'execute.exists');
        const response = await postJson(context, 'execute', empty(body as unknown as Signed), user);
        await negativeDataRejection(context, {
          rule: {
            clauseId,
            rule,
            violation: clauseId === 'signature.signature.non-empty' ? { kind: 'empty-string' } : { kind: 'empty-list' },
            part: { kind: 'body', name: part },
          },
          ...(sameRule ? { sameRule } : {}),
          response,
          control: () => postJson(context, 'execute', body, user),
          errorBodyClause: ERROR_BODY,
          endpoint: ENDPOINT,
        });
      }
    },
  );

  conformanceTest(
    {
      name: 'rejects every invalid body for its rule (control: the same signed execute without the mutation is accepted)',
      endpoint: ENDPOINT,
      clauses: [
        ERROR_BODY,
        'execute.preparedTransaction.required',
        'execute.partySignatures.required',
        'execute.submissionId.required',
        'execute.hashingSchemeVersion.required',
        'execute.hashingSchemeVersion.allowed-values',
        'execute.submissionId.ledger-string',
        'deduplication-period.exactly-one-key',
        'deduplication-period.allowed-keys',

        'min-ledger-time.time.allowed-keys',
        'min-ledger-time.time.MinLedgerTimeAbs.shape',
      ],
      requires: ['writes', 'interactiveSubmission'],
    },
    async (context) => {
      const invalid = invalidRequestRules(generatorContext(context.fixtures))[ENDPOINT];
      await rejectsInvalidRequests(context, invalid, {
        endpoint: ENDPOINT,
        errorBodyClause: ERROR_BODY,
        schema: 'ExecuteSubmissionRequest',
        user: null,
        complete: (request) => completeExecute(context, request),
      });
    },
  );

  conformanceTest(
    {
      name: 'HASHING_SCHEME_VERSION_V3 is a known value on ledger API 3.5 (not a decode failure)',
      endpoint: 'execute',
      clauses: [
        'canton.execute.hashing-scheme-v3-3.5-only',
        'execute.hashingSchemeVersion.allowed-values',
        'versioning.hashingSchemeVersion.values',
      ],
      requires: ['interactiveSubmission', 'writes', 'ledgerApi3.5'],
    },
    async (context) => {
      const signed = await preparedAndSigned(context, 'execute.exists');
      const response = await postJson(
        context,
        'execute',
        { ...signed.body, hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V3' },
        signed.user,
      );
      notAServerError(response, 'execute.hashingSchemeVersion.allowed-values');
      // V3 may not match the scheme the transaction was prepared with; the target may refuse that, but not as
      // an undecodable value: the spec lists V3 among the allowed values.
      const notADecodeFailure = (answer: typeof response) =>
        !(answer.status === 400 && answer.contentType.startsWith('text/plain') && answer.text.includes('hashingSchemeVersion'));
      for (const clauseId of [
        'execute.hashingSchemeVersion.allowed-values',
        'versioning.hashingSchemeVersion.values',
        'canton.execute.hashing-scheme-v3-3.5-only',
      ] as const) {
        if (clauseId.startsWith('canton.') && context.profile !== 'canton') continue;
        expectValueMatches(
          clauseId,
          'the answer to HASHING_SCHEME_VERSION_V3',
          response,
          notADecodeFailure,
          'not a decode failure of hashingSchemeVersion',
          response,
        );
      }
    },
  );
});
