import { fieldClausesOf } from '../../specification/schema-fields.js';
import { answerBody } from '../../checks/schema.js';
import fc from 'fast-check';
import type { UserFixture } from '../../config/types.js';
import { notAServerError, positiveDataAcceptance } from '../../checks/basic.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { specConflict } from '../../checks/conflict.js';
import { expectErrorCode, expectError } from '../../checks/error-body.js';
import { errorCodeOf } from '../../checks/rejection.js';
import { expectCount, expectOneOf, expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClientResponse } from '../../client/http.js';

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
  const { user } = answerBody(response, 'authenticated-user.response.shape') as {
    user: UserRecord;
  };
  const caller = 'authenticated-user.response.caller';
  expectValue(caller, 'the id of the returned user', user.id, fixture.id, response);
  if (fixture.primaryParty !== undefined)
    expectValue(caller, `the primary party of ${fixture.id}`, user.primaryParty, context.party(fixture.primaryParty), response);
  expectOneOf(caller, `isDeactivated of the active caller ${fixture.id}`, user.isDeactivated ?? null, [null, false], response);
  const annotations = user.metadata?.annotations ?? {};
  for (const [key, value] of Object.entries(fixture.metadata.annotations)) {
    expectValue('object-meta.annotations.string-map', `annotation ${key} of ${fixture.id}`, annotations[key], value, response);
  }
  expectValue(
    'user.identityProviderId.optional',
    `the identity provider of ${fixture.id}`,
    user.identityProviderId ?? '',
    fixture.identityProviderId,
    response,
  );
  expectValueMatches(
    'object-meta.resourceVersion.non-empty',
    'resourceVersion',
    user.metadata?.resourceVersion,
    (version) => version === undefined || version === null || version.length > 0,
    'absent or non-empty',
    response,
  );
  if (context.profile === 'canton') {
    const raw = (response.json() as { user: Record<string, unknown> }).user;
    const missing = ['primaryParty', 'isDeactivated', 'metadata', 'identityProviderId'].filter((field) => !(field in raw));
    expectCount(
      'canton.json.absent-optionals-null',
      'optional fields left out instead of written as null',
      missing,
      { exactly: 0 },
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
        ...fieldClausesOf('User'),
        ...fieldClausesOf('ObjectMeta'),
        'object-meta.resourceVersion.non-empty',
        'canton.json.absent-optionals-null',
      ],
    },
    async (context) => {
      const active = context.fixtures.users.filter((user) => !user.isDeactivated);
      await context.forAll(
        fc.constantFrom(...active),
        async (fixture) => {
          const response = await context.send({ endpoint: 'authenticated-user', user: fixture.id });
          notAServerError(response, 'authenticated-user.exists');
          positiveDataAcceptance(response, 'authenticated-user.exists');
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
    },
    async (context) => {
      const fixture = context.userWhere('is managed by an identity provider', () => true);
      const response = await context.send({
        endpoint: 'authenticated-user',
        user: fixture.id,
        query: { 'identity-provider-id': fixture.identityProviderId },
      });
      positiveDataAcceptance(response, 'authenticated-user.identity-provider-id.optional');
      checkOwnRecord(context, response, fixture);
    },
  );

  conformanceTest(
    {
      name: 'a malformed identity-provider-id is rejected: 400 text by the spec, 400 INVALID_TOKEN by Canton',
      endpoint: ENDPOINT,
      clauses: [
        'errors.400-text-names-identity-provider-id',
        'authenticated-user.errors.default-body',
        'canton.authenticated-user.invalid-identity-provider-id',
      ],
    },
    async (context) => {
      const fixture = context.userWhere('exists', () => true);
      const lookup = (identityProviderId: string) =>
        context.send({
          endpoint: 'authenticated-user',
          user: fixture.id,
          query: { 'identity-provider-id': identityProviderId },
        });
      // Characters no identity provider id may hold.
      const malformed = fc.constantFrom('bad-idp!', 'x'.repeat(256), 'idp?', 'ünïcode', 'a@b');
      await context.forAll(
        malformed,
        async (identityProviderId) => {
          const response = await lookup(identityProviderId);
          // The control: the caller's own identity provider id is accepted.
          const control = await lookup(fixture.identityProviderId);
          if (control.status !== 200) {
            recordInconclusive(
              'spec_conflict',
              'errors.400-text-names-identity-provider-id',
              `the control (the caller's own identity provider id) was not accepted either: ${control.status}`,
              control,
            );
            return;
          }
          const isText = response.contentType.toLowerCase().startsWith('text/plain');
          const namesIt = response.text.includes('identity-provider-id') || response.text.includes('identity_provider_id');
          const cantonAnswer = response.status === 400 && !isText && errorCodeOf(response) === 'INVALID_TOKEN' && namesIt;
          const specAnswer = response.status === 400 && isText && namesIt;
          specConflict(
            context,
            'errors.400-text-names-identity-provider-id',
            cantonAnswer ? 'canton' : specAnswer ? 'spec' : 'neither',
            `answered ${response.status} ${response.contentType}: ${response.text.slice(0, 160)}`,
            response,
          );
          if (!isText) expectError(context, response, 'authenticated-user.errors.default-body');
          if (cantonAnswer && context.profile === 'canton') {
            const error = expectError(context, response, 'authenticated-user.errors.default-body');
            expectErrorCode(error, 'INVALID_TOKEN', 'canton.authenticated-user.invalid-identity-provider-id', response);
            expectValue('canton.authenticated-user.invalid-identity-provider-id', 'the error category', error.errorCategory, 8, response);
          }
        },
        { numRuns: 5 },
      );
    },
  );
});
