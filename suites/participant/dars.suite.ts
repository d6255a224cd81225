import { answerBody } from '../../checks/schema.js';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { renamedSuiteDar } from '../../generators/dar/suite-dars.js';
import { invalidRequestRules, validRequests, freshId, type InvalidRequest } from '../../generators/index.js';
import { acceptedWith, notAServerError, positiveDataAcceptance, statusOrConnectionReset } from '../../checks/basic.js';
import { expectErrorCode, expectError } from '../../checks/error-body.js';
import { negativeDataRejection } from '../../checks/rejection.js';
import { expectText, expectValue } from '../../checks/values.js';
import { SuiteBug } from '../../checks/assertion.js';
import type { ClauseId } from '../../specification/clauses.js';
import { endpointPath, type RequestEndpointName } from '../../specification/endpoints.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClientResponse } from '../../client/http.js';
import { isWellFormedDar } from '../../specification/dar.js';
import { generatorContext, sendGenerated } from '../support/requests.js';

const OCTET_STREAM = { 'content-type': 'application/octet-stream' };
/** The endpoints a DAR is sent to. */
type UploadEndpoint = 'dars-upload' | 'packages-upload' | 'dars-validate';

function admin(context: ConformanceContext): string {
  return context.userWhere('has participant_admin rights (DAR upload)', (user) => user.rights.admin).id;
}

/**
 * The fixture DAR (`fixtures.dar`): the one valid DAR every target accepts (on a real node, the user's own,
 * e.g. the CantonExamples.dar of their Canton release). The DARs of the builder (generators/dar) hold
 * Daml-LF packages that decode but are not compiled Daml, which a real node may refuse when it type-checks
 * them, so they serve only the broken-DAR tests (refused by any node alike); a test that needs packages a node
 * has not seen uses the suite's own DARs (daml/dars/, type-checked by Canton's tools) under a fresh name.
 */
function fixtureDar(context: ConformanceContext): Uint8Array {
  return new Uint8Array(readFileSync(context.fixtures.dar));
}

function upload(
  context: ConformanceContext,
  endpoint: UploadEndpoint,
  bytes: Uint8Array,
  query: Record<string, string> = {},
): Promise<ClientResponse> {
  return context.send({ endpoint, user: admin(context), headers: OCTET_STREAM, body: bytes, query });
}

/**
 * The query of a request that vets (validate always does, an upload unless `vetAllPackages=false`): it names the
 * synchronizer, because without one Canton auto-detects the only synchronizer the node is connected to and refuses
 * with 0 or 2+ (PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER), before it reads the DAR. Only tests requiring
 * `singleSynchronizer` leave it out.
 */
function vettingQuery(context: ConformanceContext, query: Record<string, string> = {}): Record<string, string> {
  return { synchronizerId: context.fixtures.synchronizerId, ...query };
}

function expectUploaded(context: ConformanceContext, response: ClientResponse, clauseId: ClauseId, alsoCredits: ClauseId[] = []): void {
  notAServerError(response, clauseId);
  positiveDataAcceptance(response, clauseId, alsoCredits);
  const body = answerBody(response, 'dars-upload.response.200');
  if (context.profile === 'canton') expectValue('canton.dars.response-empty-object', 'the upload response', body, {}, response);
}

/** The independent re-check of a broken DAR or query value before its rejection is judged. */
function assertStillBroken(request: InvalidRequest): void {
  const { invalid } = request;
  const value = invalid.part.kind === 'query' ? request.query?.[invalid.part.name] : request.body;
  const broken =
    invalid.part.kind === 'query'
      ? typeof value === 'string' && !['true', 'false'].includes(value.toLowerCase())
      : !(value instanceof Uint8Array && isWellFormedDar(value));
  if (!broken) throw new SuiteBug(`the generated input no longer breaks ${invalid.clauseId} ("${invalid.rule}"): a bug of the generator`);
}

/** Other clauses a broken DAR or query value of `endpoint` proves alongside its rule. */
function sameRuleOf(endpoint: UploadEndpoint, request: InvalidRequest): ClauseId[] {
  const clauses: ClauseId[] = endpoint === 'packages-upload' ? ['packages-upload.query.same-as-dars', 'canton.packages.same-handler'] : [];
  // The spec's own rule for a body that is no DAR: the body "is the binary DAR" (upload), the DAR is validated
  // (validate). The Canton clause of the tag says how Canton refuses it.
  if (request.invalid.part.kind === 'body') {
    clauses.push(
      endpoint === 'dars-validate'
        ? 'dars-validate.validates'
        : endpoint === 'packages-upload'
          ? 'packages-upload.body.same-as-dars'
          : 'dars-upload.body.octet-stream',
    );
  }
  // Errors rule 1 names vetAllPackages among the query parameters a 400 text names.
  if (endpoint === 'dars-upload' && request.invalid.part.kind === 'query' && request.invalid.part.name === 'vetAllPackages') {
    clauses.push('errors.400-text-names-vetAllPackages');
  }
  return clauses;
}

/**
 * Each broken-DAR (or bad query) rule of the endpoint, tried a few times, each with its control: the same upload
 * with the fixture DAR and the same valid query parameters, which the target accepts. The generated queries of
 * a request that vets name the synchronizer (generators/requests/endpoints.ts).
 */
async function rejectsBrokenDars(context: ConformanceContext, endpoint: RequestEndpointName & UploadEndpoint): Promise<void> {
  const rules = invalidRequestRules(generatorContext(context.fixtures))[endpoint];
  const dar = fixtureDar(context);
  for (const rule of rules) {
    await context.forAll(
      rule,
      async (request: InvalidRequest) => {
        assertStillBroken(request);
        const response = await sendGenerated(context, request, admin(context));
        const baseQuery = request.base.query ?? {};
        await negativeDataRejection(context, {
          rule: request.invalid,
          response,
          control: () => upload(context, endpoint, dar, baseQuery),
          errorBodyClause: `${endpoint}.errors.default-body`,
          endpoint,
          sameRule: sameRuleOf(endpoint, request),
        });
      },
      { numRuns: 2 },
    );
  }
}

conformanceSuite('dars', () => {
  for (const endpoint of ['dars-upload', 'packages-upload'] as const) {
    conformanceTest(
      {
        name: `${endpointPath(endpoint)} accepts valid DARs and answers UploadDarFileResponse`,
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
        requires: ['writes'],
      },
      async (context) => {
        // The fixture DAR each time: a real node answers a re-upload of a known DAR like the first one.
        const dar = fixtureDar(context);
        const queries = validRequests(generatorContext(context.fixtures), 'accepted')[endpoint].map((request) => request.query ?? {});
        await context.forAll(
          queries,
          async (query) => {
            const credited: ClauseId[] =
              endpoint === 'dars-upload'
                ? [
                    'dars-upload.summary',
                    'dars-upload.body.octet-stream',
                    'dars-upload.body.required',
                    'dars-upload.body.binary',
                    'upload-dar-file-response.sent-on-success',
                    ...(query['vetAllPackages'] !== undefined || query['synchronizerId'] === undefined
                      ? (['dars-upload.vetAllPackages.optional-boolean'] as const)
                      : []),
                    ...(query['synchronizerId'] !== undefined || query['vetAllPackages'] === undefined
                      ? (['dars-upload.synchronizerId.optional'] as const)
                      : []),
                  ]
                : ['packages-upload.query.same-as-dars', 'packages-upload.body.same-as-dars', 'packages-upload.response.same-as-dars'];
            const response = await upload(context, endpoint, dar, query);
            expectUploaded(context, response, `${endpoint}.exists`, credited);
            if (endpoint === 'packages-upload' && context.profile === 'canton')
              positiveDataAcceptance(response, 'canton.packages.same-handler');
          },
          { numRuns: 6 },
        );
      },
    );

    conformanceTest(
      {
        name: `${endpointPath(endpoint)} rejects each broken DAR for its rule, with its code (control: the fixture DAR is accepted)`,
        endpoint,
        clauses:
          endpoint === 'dars-upload'
            ? [
                'dars-upload.errors.default-body',
                'dars-upload.vetAllPackages.optional-boolean',
                'canton.dars.invalid-dar-400',
                'canton.dars.invalid-zip-entry-400',
                'canton.dars.dar-parse-error-400',
                'errors.400-text-names-part',
                'errors.400-text-names-vetAllPackages',
                'canton.dars.vetAllPackages-malformed-400-text',
              ]
            : ['packages-upload.errors.default-body', 'packages-upload.query.same-as-dars', 'canton.packages.same-handler'],
        requires: ['writes'],
      },
      async (context) => {
        await rejectsBrokenDars(context, endpoint);
      },
    );
  }

  conformanceTest(
    {
      name: 'uploading the same DAR again succeeds',
      endpoint: 'dars-upload',
      clauses: ['canton.dars.idempotent-reupload', 'dars-upload.response.200'],
      requires: ['writes'],
    },
    async (context) => {
      const dar = fixtureDar(context);
      for (let attempt = 0; attempt < 2; attempt++)
        expectUploaded(context, await upload(context, 'dars-upload', dar, vettingQuery(context)), 'canton.dars.idempotent-reupload');
    },
  );

  conformanceTest(
    {
      name: 'a malformed synchronizerId is rejected before the DAR is read (control: the same upload without it is accepted)',
      endpoint: 'dars-upload',
      clauses: ['errors.400-text-names-synchronizerId', 'dars-upload.synchronizerId.optional', 'canton.dars.synchronizerId-malformed-400'],
      requires: ['writes'],
    },
    async (context) => {
      const malformed = fc.constantFrom('no-delimiter', '::1220abcd', 'global-synchronizer::', 'bad!char::1220abcd');
      // A DAR the target accepts, so that only the synchronizerId can be the reason of a rejection.
      const dar = fixtureDar(context);
      await context.forAll(
        malformed,
        async (synchronizerId) => {
          const response = await upload(context, 'dars-upload', dar, { synchronizerId });
          await negativeDataRejection(context, {
            rule: {
              clauseId: 'errors.400-text-names-synchronizerId',
              rule: 'synchronizerId that is not identifier::fingerprint',
              violation: { kind: 'parameter', expected: 'unique-identifier' },
              part: { kind: 'query', name: 'synchronizerId' },
            },
            sameRule: ['dars-upload.synchronizerId.optional'],
            response,
            control: () => upload(context, 'dars-upload', dar, { synchronizerId: context.fixtures.synchronizerId }),
            errorBodyClause: 'dars-upload.errors.default-body',
            endpoint: 'dars-upload',
            canton: { form: 'error', code: 'PROTO_DESERIALIZATION_FAILURE', cantonClauseId: 'canton.dars.synchronizerId-malformed-400' },
          });
        },
        { numRuns: 4 },
      );
    },
  );

  conformanceTest(
    {
      name: 'a body over 8 MiB is never 413: 500 LEDGER_API_INTERNAL_ERROR or a reset connection',
      endpoint: 'dars-upload',
      clauses: ['canton.http.body-over-8mib'],
      requires: ['writes'],
    },
    async (context) => {
      let response: ClientResponse | 'connection-reset';
      try {
        response = await upload(context, 'dars-upload', new Uint8Array(8 * 1024 * 1024 + 1), vettingQuery(context));
      } catch (error) {
        // A connection reset while the body is still being sent is one of Canton's two answers (FF5).
        if ((error as { code?: string }).code !== 'TARGET_UNREACHABLE') throw error;
        response = 'connection-reset';
      }
      statusOrConnectionReset(response, [500], 'canton.http.body-over-8mib');
      if (response === 'connection-reset') return;
      const error = expectError(context, response, 'dars-upload.errors.default-body');
      expectErrorCode(error, 'LEDGER_API_INTERNAL_ERROR', 'canton.http.body-over-8mib', response);
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
        'dars-validate.response.no-body',
        'canton.dars-validate.response-no-content',
      ],
    },
    async (context) => {
      const response = await upload(context, 'dars-validate', fixtureDar(context), vettingQuery(context));
      notAServerError(response, 'dars-validate.exists');
      acceptedWith(response, 200, 'dars-validate.exists');
      positiveDataAcceptance(response, 'dars-validate.validates', ['dars-validate.body.octet-stream', 'dars-validate.body.required']);
      expectText('dars-validate.response.no-body', 'the validate response body', response.text, { equals: '' }, response);
      if (context.profile === 'canton')
        expectText('canton.dars-validate.response-no-content', 'the validate response body', response.text, { equals: '' }, response);
    },
  );

  conformanceTest(
    {
      name: 'validate without synchronizerId auto-detects the one synchronizer',
      endpoint: 'dars-validate',
      clauses: ['dars-validate.synchronizerId.optional'],
      requires: ['singleSynchronizer'],
    },
    async (context) => {
      positiveDataAcceptance(await upload(context, 'dars-validate', fixtureDar(context)), 'dars-validate.synchronizerId.optional');
    },
  );

  conformanceTest(
    {
      name: 'validate rejects each broken DAR for its rule, with its code (control: the fixture DAR validates)',
      endpoint: 'dars-validate',
      clauses: ['dars-validate.errors.default-body', 'dars-validate.validates'],
    },
    async (context) => {
      await rejectsBrokenDars(context, 'dars-validate');
      // Every credited rejection above is validation at work.
      positiveDataAcceptance(await upload(context, 'dars-validate', fixtureDar(context), vettingQuery(context)), 'dars-validate.validates');
    },
  );

  conformanceTest(
    {
      name: 'validate leaves no trace: a package it validated does not count as vetted',
      endpoint: 'dars-validate',
      clauses: ['dars-validate.no-effect'],
      requires: ['writes'],
    },
    async (context) => {
      // Two DARs of the same name and version but different package ids: vetting the second after the
      // first had been vetted would clash (KNOWN_PACKAGE_VERSION). Validating the first must not vet it.
      // The suite's conformance-upgrade 1.0.0 and its twin, type-checked by Canton's tools, under a fresh name.
      const name = freshId('conformance');
      const validated = renamedSuiteDar('conformance-upgrade-v1', name);
      const uploaded = renamedSuiteDar('conformance-upgrade-v1-other', name);
      positiveDataAcceptance(await upload(context, 'dars-validate', validated.bytes, vettingQuery(context)), 'dars-validate.validates');
      const response = await upload(context, 'dars-upload', uploaded.bytes, vettingQuery(context, { vetAllPackages: 'true' }));
      acceptedWith(response, 200, 'dars-validate.no-effect');
    },
  );
});
