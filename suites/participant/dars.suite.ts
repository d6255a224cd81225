import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { buildDar } from '../../generators/dar/builder.js';
import { invalidRequestRules, validRequests, type EndpointName, type InvalidRequest, freshId } from '../../generators/index.js';
import { contentTypeConformance, notAServerError, positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { assertStillInvalid, negativeDataRejection } from '../../checks/rejection.js';
import { responseSchemaConformance } from '../../checks/schema.js';
import { expectThat } from '../../checks/assertion.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import type { ClientResponse } from '../../client/http.js';
import { cantonRejectionOf } from './support/canton-rejections.js';
import { isWellFormedDar } from './support/dar-check.js';
import { generatorContext, registryClause, sendGenerated } from './support/requests.js';

const OCTET_STREAM = { 'content-type': 'application/octet-stream' };
const UPLOAD_PATHS = { 'dars-upload': '/v2/dars', 'packages-upload': '/v2/packages' } as const;

function admin(context: ConformanceContext): string {
  return context.userWhere('has participant_admin rights (DAR upload)', (user) => user.rights.admin).id;
}

/**
 * The fixture DAR (`fixtures.dar`): the one valid DAR every target accepts (on a real node, the user's own,
 * e.g. the CantonExamples.dar of their Canton release). The DARs of the builder (generators/dar) hold
 * Daml-LF packages that decode but are not compiled Daml, which a real node may refuse when it type-checks
 * them, so only the broken-DAR tests (refused by any node alike) and tests that require `syntheticDars`
 * build their own.
 */
function fixtureDar(context: ConformanceContext): Uint8Array {
  return new Uint8Array(readFileSync(context.fixtures.dar));
}

function upload(context: ConformanceContext, path: string, bytes: Uint8Array, query: Record<string, string> = {}): Promise<ClientResponse> {
  return context.send({ api: 'participant', method: 'POST', path, user: admin(context), headers: OCTET_STREAM, body: bytes, query });
}

function expectUploaded(context: ConformanceContext, response: ClientResponse, clauseId: string): void {
  notAServerError(response, clauseId);
  positiveDataAcceptance(response, clauseId);
  contentTypeConformance(response, 'json', 'dars-upload.response.200');
  const body = responseSchemaConformance(context.validators, response, 'UploadDarFileResponse', 'dars-upload.response.200');
  if (context.profile === 'canton') {
    expectThat(
      JSON.stringify(body) === '{}',
      'response_schema_conformance',
      'canton.dars.response-empty-object',
      `expected {}, got ${response.text.slice(0, 200)}`,
      response,
    );
  }
}

/** Each broken-DAR (or bad query) rule of the endpoint, tried a few times: rejected with its Canton code. */
async function rejectsBrokenDars(context: ConformanceContext, endpoint: EndpointName, fallbackClause: string): Promise<void> {
  const rules = invalidRequestRules(generatorContext(context.fixtures))[endpoint];
  for (const rule of rules) {
    await context.forAll(
      rule,
      async (request: InvalidRequest) => {
        const { invalid } = request;
        const clauseId = registryClause(invalid.clauseId, fallbackClause, context.profile);
        const value = invalid.part.kind === 'query' ? request.query?.[invalid.part.name] : request.body;
        const stillInvalid =
          invalid.part.kind === 'query'
            ? typeof value === 'string' && !['true', 'false'].includes(value.toLowerCase())
            : !(value instanceof Uint8Array && isWellFormedDar(value));
        assertStillInvalid(stillInvalid, clauseId, invalid.rule);
        const response = await sendGenerated(context, request, admin(context));
        negativeDataRejection(context, response, clauseId, invalid.part, cantonRejectionOf(invalid, value));
      },
      { numRuns: 2 },
    );
  }
}

conformanceSuite('dars', () => {
  for (const endpoint of ['dars-upload', 'packages-upload'] as const) {
    const prefix = endpoint;
    conformanceTest(
      {
        name: `${UPLOAD_PATHS[endpoint]} accepts valid DARs and answers UploadDarFileResponse`,
        endpoint,
        clauses:
          endpoint === 'dars-upload'
            ? [
                'dars-upload.exists',
                'dars-upload.summary',
                'dars-upload.body.octet-stream',
                'dars-upload.body.required',
                'dars-upload.body.binary',
                'dars-upload.vetAllPackages.optional-boolean',
                'dars-upload.synchronizerId.optional',
                'dars-upload.response.200',
                'upload-dar-file-response.sent-on-success',
                'canton.dars.response-empty-object',
              ]
            : [
                'packages-upload.exists',
                'packages-upload.query.same-as-dars',
                'packages-upload.body.same-as-dars',
                'packages-upload.response.same-as-dars',
                'canton.packages.same-handler',
              ],
        checks: ['positive_data_acceptance', 'content_type_conformance', 'response_schema_conformance'],
        requires: ['writes'],
      },
      async (context) => {
        // The fixture DAR each time: a real node answers a re-upload of a known DAR like the first one.
        const dar = fixtureDar(context);
        const queries = validRequests(generatorContext(context.fixtures), 'accepted')[endpoint].map((request) => request.query ?? {});
        await context.forAll(
          queries,
          async (query) => {
            expectUploaded(context, await upload(context, UPLOAD_PATHS[endpoint], dar, query), `${prefix}.exists`);
          },
          { numRuns: 6 },
        );
      },
    );

    conformanceTest(
      {
        name: `${UPLOAD_PATHS[endpoint]} rejects each broken DAR with its code`,
        endpoint,
        clauses:
          endpoint === 'dars-upload'
            ? [
                'dars-upload.errors.default-body',
                'canton.dars.invalid-dar-400',
                'canton.dars.invalid-zip-entry-400',
                'canton.dars.dar-parse-error-400',
                'canton.dars.lf1-rejected-400',
                'errors.400-text-names-vetAllPackages',
                'canton.dars.vetAllPackages-malformed-400-text',
                'canton.errors.400-text.query-parameter-format',
              ]
            : ['packages-upload.errors.default-body', 'packages-upload.query.same-as-dars', 'canton.packages.same-handler'],
        checks: ['negative_data_rejection', 'error_body_conformance', 'not_a_server_error'],
        requires: ['writes'],
      },
      async (context) => {
        await rejectsBrokenDars(context, endpoint, `${prefix}.errors.default-body`);
      },
    );
  }

  conformanceTest(
    {
      name: 'uploading the same DAR again succeeds',
      endpoint: 'dars-upload',
      clauses: ['canton.dars.idempotent-reupload', 'dars-upload.response.200'],
      checks: ['positive_data_acceptance'],
      requires: ['writes'],
    },
    async (context) => {
      const dar = fixtureDar(context);
      for (let attempt = 0; attempt < 2; attempt++)
        expectUploaded(context, await upload(context, '/v2/dars', dar), 'canton.dars.idempotent-reupload');
    },
  );

  conformanceTest(
    {
      name: 'a malformed synchronizerId is rejected before the DAR is read',
      endpoint: 'dars-upload',
      clauses: ['errors.400-text-names-synchronizerId', 'canton.dars.synchronizerId-malformed-400'],
      checks: ['negative_data_rejection'],
      requires: ['writes'],
    },
    async (context) => {
      const malformed = fc.constantFrom('no-delimiter', '::1220abcd', 'global-synchronizer::', 'bad!char::1220abcd');
      // A DAR the target accepts, so that only the synchronizerId can be the reason of a rejection.
      const dar = fixtureDar(context);
      await context.forAll(
        malformed,
        async (synchronizerId) => {
          const response = await upload(context, '/v2/dars', dar, { synchronizerId });
          negativeDataRejection(
            context,
            response,
            'errors.400-text-names-synchronizerId',
            { kind: 'query', name: 'synchronizerId' },
            { form: 'error', code: 'PROTO_DESERIALIZATION_FAILURE', cantonClauseId: 'canton.dars.synchronizerId-malformed-400' },
          );
        },
        { numRuns: 4 },
      );
    },
  );

  conformanceTest(
    {
      name: 'a body over 8 MiB is 413',
      endpoint: 'dars-upload',
      clauses: ['canton.http.body-over-8mib-413'],
      checks: ['status_code_conformance'],
      requires: ['writes'],
    },
    async (context) => {
      const response = await upload(context, '/v2/dars', new Uint8Array(8 * 1024 * 1024 + 1));
      statusCodeConformance(response, [413], 'canton.http.body-over-8mib-413');
    },
  );

  conformanceTest(
    {
      name: 'validate answers 200 with no body for a valid DAR',
      endpoint: 'dars-validate',
      clauses: [
        'dars-validate.exists',
        'dars-validate.validates',
        'dars-validate.body.octet-stream',
        'dars-validate.body.required',
        'dars-validate.synchronizerId.optional',
        'dars-validate.response.no-body',
        'canton.dars-validate.response-no-content',
      ],
      checks: ['positive_data_acceptance'],
    },
    async (context) => {
      const dar = fixtureDar(context);
      for (const withSynchronizer of [false, true]) {
        const query: Record<string, string> = withSynchronizer ? { synchronizerId: context.fixtures.synchronizerId } : {};
        const response = await upload(context, '/v2/dars/validate', dar, query);
        notAServerError(response, 'dars-validate.exists');
        positiveDataAcceptance(response, 'dars-validate.validates');
        expectThat(
          response.text === '',
          'positive_data_acceptance',
          'dars-validate.response.no-body',
          `validate must answer with no body, got ${response.text.slice(0, 200)}`,
          response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'validate rejects each broken DAR with its code',
      endpoint: 'dars-validate',
      clauses: ['dars-validate.errors.default-body', 'dars-validate.validates'],
      checks: ['negative_data_rejection', 'error_body_conformance', 'not_a_server_error'],
    },
    async (context) => {
      await rejectsBrokenDars(context, 'dars-validate', 'dars-validate.errors.default-body');
    },
  );

  conformanceTest(
    {
      name: 'validate leaves no trace: a package it validated does not count as vetted',
      endpoint: 'dars-validate',
      clauses: ['dars-validate.no-effect'],
      checks: ['positive_data_acceptance'],
      requires: ['writes', 'syntheticDars'],
    },
    async (context) => {
      // Two DARs of the same name and version but different package ids: vetting the second after the
      // first had been vetted would clash (KNOWN_PACKAGE_VERSION). Validating the first must not vet it.
      // Only the builder can make such a pair, hence `syntheticDars`.
      const name = freshId('conformance');
      const validated = buildDar({ name, version: '1.0.0', salt: 'validated' });
      const uploaded = buildDar({ name, version: '1.0.0', salt: 'uploaded' });
      positiveDataAcceptance(await upload(context, '/v2/dars/validate', validated.bytes), 'dars-validate.validates');
      const response = await upload(context, '/v2/dars', uploaded.bytes, { vetAllPackages: 'true' });
      expectThat(
        response.status === 200,
        'positive_data_acceptance',
        'dars-validate.no-effect',
        `after validating ${validated.mainPackageId}, uploading ${uploaded.mainPackageId} (same name and version) was refused: the validated package was kept: ${response.status} ${response.text.slice(0, 300)}`,
        response,
      );
    },
  );
});
