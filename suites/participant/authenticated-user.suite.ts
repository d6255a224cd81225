import fc from 'fast-check';
import type { UserFixture } from '../../config/types.js';
import { contentTypeConformance, notAServerError, positiveDataAcceptance } from '../../checks/basic.js';
import { negativeDataRejection } from '../../checks/rejection.js';
import { responseSchemaConformance } from '../../checks/schema.js';
import { expectThat } from '../../checks/assertion.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import type { ClientResponse } from '../../client/http.js';

const PATH = '/v2/authenticated-user';
const ENDPOINT = 'authenticated-user';

interface UserRecord {
  id: string;
  primaryParty?: string | null;
  isDeactivated?: boolean | null;
  identityProviderId?: string | null;
  metadata?: { resourceVersion?: string | null; annotations?: Record<string, string> | null } | null;
}

/** The record must be the caller's own, as the fixtures describe it. */
function checkOwnRecord(context: ConformanceContext, response: ClientResponse, fixture: UserFixture): void {
  const { user } = responseSchemaConformance(context.validators, response, 'GetUserResponse', 'authenticated-user.response.shape') as {
    user: UserRecord;
  };
  const clause = 'authenticated-user.response.caller';
  const mismatch = (what: string, got: unknown, want: unknown) =>
    `${what} of the caller ${fixture.id} is ${JSON.stringify(want)}, the record shows ${JSON.stringify(got)}`;
  expectThat(
    user.id === fixture.id,
    'response_schema_conformance',
    clause,
    `the record is of user ${user.id}, not of the caller ${fixture.id}`,
    response,
  );
  if (fixture.primaryParty !== undefined) {
    const party = context.party(fixture.primaryParty);
    expectThat(
      user.primaryParty === party,
      'response_schema_conformance',
      clause,
      mismatch('the primary party', user.primaryParty, party),
      response,
    );
  }
  expectThat(user.isDeactivated !== true, 'response_schema_conformance', clause, 'an active caller is shown as deactivated', response);
  const annotations = user.metadata?.annotations ?? {};
  for (const [key, value] of Object.entries(fixture.metadata.annotations)) {
    expectThat(
      annotations[key] === value,
      'response_schema_conformance',
      'object-meta.annotations.string-map',
      mismatch(`annotation ${key}`, annotations[key], value),
      response,
    );
  }
  expectThat(
    (user.identityProviderId ?? '') === fixture.identityProviderId,
    'response_schema_conformance',
    'user.identityProviderId.optional',
    mismatch('the identity provider id', user.identityProviderId, fixture.identityProviderId),
    response,
  );
  const version = user.metadata?.resourceVersion;
  expectThat(
    version === undefined || version === null || version.length > 0,
    'response_schema_conformance',
    'object-meta.resourceVersion.non-empty',
    'resourceVersion is empty',
    response,
  );
  if (context.profile === 'canton') {
    const raw = (response.json() as { user: Record<string, unknown> }).user;
    const missing = ['primaryParty', 'isDeactivated', 'metadata', 'identityProviderId'].filter((field) => !(field in raw));
    expectThat(
      missing.length === 0,
      'response_schema_conformance',
      'canton.json.absent-optionals-null',
      `optional fields must be written (null when unset), missing: ${missing.join(', ')}`,
      response,
    );
  }
}

conformanceSuite('authenticated-user', () => {
  conformanceTest(
    {
      name: "returns the caller's own record",
      endpoint: ENDPOINT,
      clauses: [
        'authenticated-user.exists',
        'authenticated-user.response.shape',
        'authenticated-user.response.caller',
        'user.id.required',
        'user.primaryParty.optional',
        'user.isDeactivated.optional-boolean',
        'user.metadata.optional',
        'user.identityProviderId.optional',
        'user.primaryPartyAuthentication.optional-boolean',
        'object-meta.resourceVersion.optional',
        'object-meta.resourceVersion.non-empty',
        'object-meta.annotations.optional',
        'object-meta.annotations.string-map',
        'user-id.limit.non-empty',
        'user-id.limit.max-128',
        'user-id.limit.charset',
        'annotations.total-size.max-256kb',
        'annotations.key.prefix-dns-subdomain-max-253',
        'annotations.key.name-max-63',
        'annotations.key.name-charset',
        'annotations.key.name-starts-ends-alphanumeric',
        'annotations.value.non-empty',
        'canton.json.absent-optionals-null',
      ],
      checks: ['positive_data_acceptance', 'content_type_conformance', 'response_schema_conformance'],
    },
    async (context) => {
      const active = context.fixtures.users.filter((user) => !user.isDeactivated);
      await context.forAll(
        fc.constantFrom(...active),
        async (fixture) => {
          const response = await context.send({ api: 'participant', method: 'GET', path: PATH, user: fixture.id });
          notAServerError(response, 'authenticated-user.exists');
          positiveDataAcceptance(response, 'authenticated-user.exists');
          contentTypeConformance(response, 'json', 'authenticated-user.response.shape');
          checkOwnRecord(context, response, fixture);
        },
        { numRuns: Math.min(active.length * 2, 20) },
      );
    },
  );

  conformanceTest(
    {
      name: "accepts the caller's identity provider id",
      endpoint: ENDPOINT,
      clauses: ['authenticated-user.identity-provider-id.optional'],
      checks: ['positive_data_acceptance'],
    },
    async (context) => {
      const fixture = context.userWhere('is managed by an identity provider', () => true);
      const response = await context.send({
        api: 'participant',
        method: 'GET',
        path: PATH,
        user: fixture.id,
        query: { 'identity-provider-id': fixture.identityProviderId },
      });
      positiveDataAcceptance(response, 'authenticated-user.identity-provider-id.optional');
      checkOwnRecord(context, response, fixture);
    },
  );

  conformanceTest(
    {
      name: 'a malformed identity-provider-id is a 400 text naming it',
      endpoint: ENDPOINT,
      clauses: [
        'errors.400-text-names-identity-provider-id',
        'authenticated-user.errors.default-body',
        'errors.400-text-plain',
        'canton.errors.400-text.query-parameter-format',
      ],
      checks: ['negative_data_rejection', 'content_type_conformance'],
    },
    async (context) => {
      const user = context.userWhere('exists', () => true).id;
      // Identity provider ids are LedgerStrings-like names; these hold characters no IDP id may contain.
      const malformed = fc.constantFrom('bad-idp!', 'x'.repeat(256), 'idp?', 'ünïcode', 'a@b');
      await context.forAll(
        malformed,
        async (identityProviderId) => {
          const response = await context.send({
            api: 'participant',
            method: 'GET',
            path: PATH,
            user,
            query: { 'identity-provider-id': identityProviderId },
          });
          negativeDataRejection(
            context,
            response,
            'errors.400-text-names-identity-provider-id',
            { kind: 'query', name: 'identity-provider-id' },
            { form: 'text', cantonClauseId: 'canton.errors.400-text.query-parameter-format' },
          );
          if (context.profile === 'canton') {
            expectThat(
              response.text === 'Invalid value for: query parameter identity-provider-id',
              'negative_data_rejection',
              'canton.errors.400-text.query-parameter-format',
              `expected exactly "Invalid value for: query parameter identity-provider-id", got ${JSON.stringify(response.text)}`,
              response,
            );
          }
        },
        { numRuns: 5 },
      );
    },
  );
});
