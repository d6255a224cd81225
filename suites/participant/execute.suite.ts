import fc from 'fast-check';
import { invalidRequests } from '../../generators/index.js';
import { contentTypeConformance, notAServerError, positiveDataAcceptance } from '../../checks/basic.js';
import { negativeDataRejection } from '../../checks/rejection.js';
import { responseSchemaConformance } from '../../checks/schema.js';
import { expectThat } from '../../checks/assertion.js';
import { conformanceSuite, conformanceTest } from '../../harness/conformance-test.js';
import { EXECUTE_PATH, externalSigner, preparedAndSigned } from './support/interactive.js';
import { rejectsInvalidBodies } from './support/properties.js';
import { generatorContext, postJson } from './support/requests.js';

const ENDPOINT = 'execute';

conformanceSuite('execute', () => {
  conformanceTest(
    {
      name: 'executes a prepared, externally signed submission',
      endpoint: ENDPOINT,
      clauses: [
        'execute.exists',
        'execute.summary.asynchronous',
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
        'execute.deduplicationPeriod.optional',
        'deduplication-period.Empty.shape',
        'deduplication-period.DeduplicationOffset.shape',
        'deduplication-period.DeduplicationDuration.shape',
        'execute.minLedgerTime.optional',
        'min-ledger-time.time.shape',
        'min-ledger-time.time.Empty.shape',
        'min-ledger-time.time.MinLedgerTimeAbs.shape',
        'min-ledger-time.time.MinLedgerTimeRel.shape',
        'canton.execute.response-empty-object',
        'canton.interactive.prepared-hash-matches-transaction',
        'canton.interactive.prepared-transaction-shows-commands',
      ],
      checks: ['positive_data_acceptance', 'content_type_conformance', 'response_schema_conformance', 'prepared_transaction_integrity'],
      requires: ['writes', 'interactiveSubmission'],
    },
    async (context) => {
      const minLedgerTime = fc.constantFrom(
        undefined,
        { time: { Empty: {} } },
        { time: { MinLedgerTimeRel: { value: { seconds: 0, nanos: 0 } } } },
        { time: { MinLedgerTimeAbs: { value: '2020-01-01T00:00:00Z' } } },
      );
      const deduplicationPeriod = fc.constantFrom(
        { Empty: {} },
        { DeduplicationDuration: { value: { seconds: 60, nanos: 0 } } },
        { DeduplicationOffset: { value: 0 } },
      );
      await context.forAll(
        fc.tuple(minLedgerTime, deduplicationPeriod),
        async ([time, deduplication]) => {
          const { user, body } = await preparedAndSigned(context, 'execute.exists');
          const request = { ...body, deduplicationPeriod: deduplication, ...(time ? { minLedgerTime: time } : {}) };
          const response = await postJson(context, EXECUTE_PATH, request, user);
          notAServerError(response, 'execute.exists');
          positiveDataAcceptance(response, 'execute.exists');
          contentTypeConformance(response, 'json', 'execute.response.200');
          const result = responseSchemaConformance(context.validators, response, 'ExecuteSubmissionResponse', 'execute.response.200');
          if (context.profile === 'canton') {
            expectThat(
              JSON.stringify(result) === '{}',
              'response_schema_conformance',
              'canton.execute.response-empty-object',
              `expected {}, got ${response.text.slice(0, 200)}`,
              response,
            );
          }
        },
        { numRuns: 8 },
      );
    },
  );

  conformanceTest(
    {
      name: 'an empty signatures list is rejected',
      endpoint: ENDPOINT,
      clauses: [
        'execute.partySignatures.signatures.non-empty',
        'single-party-signatures.signatures.non-empty',
        'limits.non-empty-lists.signatures',
        'signature.signature.non-empty',
      ],
      checks: ['negative_data_rejection', 'error_body_conformance'],
      requires: ['writes', 'interactiveSubmission'],
    },
    async (context) => {
      type Body = { partySignatures: { signatures: { party: string; signatures: { signature: string }[] }[] } };
      const emptied: [string, (body: Body) => unknown][] = [
        ['execute.partySignatures.signatures.non-empty', (body) => ({ ...body, partySignatures: { signatures: [] } })],
        [
          'single-party-signatures.signatures.non-empty',
          (body) => ({
            ...body,
            partySignatures: { signatures: body.partySignatures.signatures.map((entry) => ({ ...entry, signatures: [] })) },
          }),
        ],
        [
          'signature.signature.non-empty',
          (body) => ({
            ...body,
            partySignatures: {
              signatures: body.partySignatures.signatures.map((entry) => ({
                ...entry,
                signatures: entry.signatures.map((signed) => ({ ...signed, signature: '' })),
              })),
            },
          }),
        ],
      ];
      for (const [clauseId, empty] of emptied) {
        const { user, body } = await preparedAndSigned(context, clauseId);
        const response = await postJson(context, EXECUTE_PATH, empty(body as unknown as Body), user);
        negativeDataRejection(context, response, clauseId, { kind: 'body', name: 'partySignatures' }, { form: 'either' });
      }
    },
  );

  conformanceTest(
    {
      name: 'rejects every invalid body as its rule says',
      endpoint: ENDPOINT,
      clauses: [
        'execute.errors.default-body',
        'deduplication-period.exactly-one-key',
        'deduplication-period.allowed-keys',
        'min-ledger-time.time.exactly-one-key',
        'min-ledger-time.time.allowed-keys',
      ],
      checks: ['negative_data_rejection', 'error_body_conformance', 'not_a_server_error'],
      requires: ['interactiveSubmission'],
    },
    async (context) => {
      const invalid = invalidRequests(generatorContext(context.fixtures))[ENDPOINT];
      if (invalid === undefined) throw new Error('generators: no invalid execute requests are defined');
      await rejectsInvalidBodies(context, invalid, {
        schema: 'ExecuteSubmissionRequest',
        user: externalSigner(context).user,
        fallbackClause: 'execute.errors.default-body',
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
      checks: ['not_a_server_error', 'negative_data_rejection'],
      requires: ['interactiveSubmission', 'writes', 'ledgerApi3.5'],
    },
    async (ctx) => {
      const signed = await preparedAndSigned(ctx, 'execute.hashingSchemeVersion.allowed-values');
      const response = await postJson(
        ctx,
        EXECUTE_PATH,
        { ...signed.body, hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V3' },
        signed.user,
      );
      notAServerError(response, 'execute.hashingSchemeVersion.allowed-values');
      // V3 may not match the scheme the transaction was prepared with; the target may refuse that, but not as
      // an undecodable value: the spec lists V3 among the allowed values.
      const decodeFailure =
        response.status === 400 && response.contentType.startsWith('text/plain') && response.text.includes('hashingSchemeVersion');
      expectThat(
        !decodeFailure,
        'negative_data_rejection',
        'execute.hashingSchemeVersion.allowed-values',
        `HASHING_SCHEME_VERSION_V3 was rejected as an invalid value: ${response.text.slice(0, 200)}`,
        response,
      );
    },
  );
});
