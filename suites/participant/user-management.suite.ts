/**
 * User management (canton profile): the spec's Limits on user ids and annotations, and the resourceVersion
 * concurrency of ObjectMeta, enforced where users are written: `POST /v2/users` and `PATCH /v2/users/{id}`.
 * Every invalid user id, annotation key or value and oversize annotation set the generators make is sent
 * and must be rejected by its own rule; valid ones must be accepted and read back. Users created here are
 * deleted again.
 */
import fc from 'fast-check';
import { expectThat } from '../../checks/assertion.js';
import { notAServerError, positiveDataAcceptance } from '../../checks/basic.js';
import { authEnforcement } from '../../checks/auth.js';
import { errorBodyConformance } from '../../checks/error-body.js';
import { assertStillInvalid } from '../../checks/rejection.js';
import { responseSchemaConformance } from '../../checks/schema.js';
import type { ClientResponse } from '../../client/http.js';
import { freshId } from '../../generators/index.js';
import {
  annotatedUserCreation,
  createUserBody,
  invalidAnnotationCreations,
  invalidUserIdCreations,
  largestAnnotatedUserCreation,
  updateAnnotationsBody,
  userIdCreation,
  type UserCreation,
} from '../../generators/requests/users.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import type { Requirement } from '../../harness/requirements.js';
import {
  adminUser,
  cantonRejection,
  createUser,
  deleteUser,
  getUser,
  stillBreaks,
  updateUser,
  type UserRecord,
} from './support/user-management.js';

const ENDPOINT = 'users';
const REQUIRES: Requirement[] = ['userManagement', 'writes'];
const limitClause = (clauseId: string): string => `canton.users.limits.${clauseId}`;

function userOf(context: ConformanceContext, response: ClientResponse, clauseId: string): UserRecord {
  positiveDataAcceptance(response, clauseId);
  return (responseSchemaConformance(context.validators, response, 'GetUserResponse', clauseId) as { user: UserRecord }).user;
}

function sameAnnotations(actual: Record<string, string> | undefined, expected: Record<string, string>): boolean {
  const got = actual ?? {};
  return Object.keys(got).length === Object.keys(expected).length && Object.entries(expected).every(([key, value]) => got[key] === value);
}

/** Creates a user and returns it, or fails the clause; the caller deletes it. */
async function created(context: ConformanceContext, admin: string, creation: UserCreation, clauseId: string): Promise<UserRecord> {
  return userOf(context, await createUser(context, admin, createUserBody(creation)), clauseId);
}

conformanceSuite('participant / user management', () => {
  conformanceTest(
    {
      name: 'rejects each invalid user id by its rule, and creates no user',
      endpoint: ENDPOINT,
      clauses: [
        'canton.users.limits.user-id.limit.non-empty',
        'canton.users.limits.user-id.limit.max-128',
        'canton.users.limits.user-id.limit.charset',
      ],
      checks: ['negative_data_rejection', 'error_body_conformance', 'not_a_server_error'],
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      await context.forAll(fc.oneof(...invalidUserIdCreations()), async (invalid) => {
        const clauseId = limitClause(invalid.clauseId);
        assertStillInvalid(stillBreaks(invalid, invalid.value), clauseId, invalid.rule);
        const response = await createUser(context, admin, createUserBody(invalid.value));
        if (response.status === 200) await deleteUser(context, admin, invalid.value.id);
        notAServerError(response, clauseId);
        const expected = cantonRejection(invalid, invalid.value);
        const error = errorBodyConformance(context, response, clauseId, { code: expected.code, cantonClauseId: clauseId });
        expectThat(
          expected.cause.test(error.cause),
          'negative_data_rejection',
          clauseId,
          `${invalid.rule}: rejected, but not by that rule: ${error.code} ${error.cause}`,
          response,
        );
      });
    },
  );

  conformanceTest(
    {
      name: 'accepts user ids within the limits, which read back as created',
      endpoint: ENDPOINT,
      clauses: ['canton.users.limits.user-id.accepted'],
      checks: ['positive_data_acceptance', 'response_schema_conformance', 'stateful_consistency'],
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      const clauseId = 'canton.users.limits.user-id.accepted';
      await context.forAll(userIdCreation(), async (creation) => {
        // A drawn id may name a user of the node: that case proves nothing and must not touch the user.
        fc.pre((await getUser(context, admin, creation.id)).status === 404);
        try {
          const user = await created(context, admin, creation, clauseId);
          const read = userOf(context, await getUser(context, admin, creation.id), clauseId);
          expectThat(
            user.id === creation.id && read.id === creation.id,
            'stateful_consistency',
            clauseId,
            `created ${JSON.stringify(creation.id)}, answered ${JSON.stringify(user.id)}, read back ${JSON.stringify(read.id)}`,
          );
        } finally {
          await deleteUser(context, admin, creation.id);
        }
      });
    },
  );

  conformanceTest(
    {
      name: 'rejects each invalid annotation key, empty value and oversize annotation set by its rule',
      endpoint: ENDPOINT,
      clauses: [
        'canton.users.limits.annotations.total-size.max-256kb',
        'canton.users.limits.annotations.key.prefix-dns-subdomain-max-253',
        'canton.users.limits.annotations.key.name-max-63',
        'canton.users.limits.annotations.key.name-charset',
        'canton.users.limits.annotations.key.name-starts-ends-alphanumeric',
        'canton.users.limits.annotations.value.non-empty',
      ],
      checks: ['negative_data_rejection', 'error_body_conformance', 'not_a_server_error'],
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      await context.forAll(fc.oneof(...invalidAnnotationCreations()), async (invalid) => {
        const clauseId = limitClause(invalid.clauseId);
        assertStillInvalid(stillBreaks(invalid, invalid.value), clauseId, invalid.rule);
        const response = await createUser(context, admin, createUserBody(invalid.value));
        if (response.status === 200) await deleteUser(context, admin, invalid.value.id);
        notAServerError(response, clauseId);
        const expected = cantonRejection(invalid, invalid.value);
        const error = errorBodyConformance(context, response, clauseId, { code: expected.code, cantonClauseId: clauseId });
        expectThat(
          expected.cause.test(error.cause),
          'negative_data_rejection',
          clauseId,
          `${invalid.rule}: rejected, but not by that rule: ${error.code} ${error.cause.slice(0, 300)}`,
          response,
        );
      });
    },
  );

  conformanceTest(
    {
      name: 'accepts annotations within the limits (exactly 256 KiB included) and reads them back as sent',
      endpoint: ENDPOINT,
      clauses: ['canton.users.limits.annotations.accepted', 'canton.users.limits.annotations.total-size.max-256kb'],
      checks: ['positive_data_acceptance', 'response_schema_conformance', 'stateful_consistency'],
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      const clauseId = 'canton.users.limits.annotations.accepted';
      await context.forAll(fc.oneof(annotatedUserCreation(), largestAnnotatedUserCreation()), async (creation) => {
        try {
          const user = await created(context, admin, creation, clauseId);
          const read = userOf(context, await getUser(context, admin, creation.id), clauseId);
          expectThat(
            sameAnnotations(user.metadata?.annotations, creation.annotations) &&
              sameAnnotations(read.metadata?.annotations, creation.annotations),
            'stateful_consistency',
            clauseId,
            `annotations sent (${Object.keys(creation.annotations).length} keys) differ from those answered or read back`,
          );
        } finally {
          await deleteUser(context, admin, creation.id);
        }
      });
    },
  );

  conformanceTest(
    {
      name: 'an update merges annotations, and an empty value removes its key',
      endpoint: ENDPOINT,
      clauses: ['canton.users.limits.annotations.value.empty-removes-key'],
      checks: ['positive_data_acceptance', 'stateful_consistency'],
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      const clauseId = 'canton.users.limits.annotations.value.empty-removes-key';
      const id = freshId('lc-user');
      try {
        await created(context, admin, { id, annotations: { kept: 'yes', removed: 'soon', 'example.com/changed': 'old' } }, clauseId);
        const response = await updateUser(
          context,
          admin,
          id,
          updateAnnotationsBody(id, { removed: '', 'example.com/changed': 'new', added: 'yes' }),
        );
        const expected = { kept: 'yes', 'example.com/changed': 'new', added: 'yes' };
        const updated = userOf(context, response, clauseId);
        const read = userOf(context, await getUser(context, admin, id), clauseId);
        expectThat(
          sameAnnotations(updated.metadata?.annotations, expected) && sameAnnotations(read.metadata?.annotations, expected),
          'stateful_consistency',
          clauseId,
          `after the update the annotations should be ${JSON.stringify(expected)}, got ${JSON.stringify(read.metadata?.annotations)}`,
          response,
        );
      } finally {
        await deleteUser(context, admin, id);
      }
    },
  );

  conformanceTest(
    {
      name: 'an update is held to the same annotation rules (empty values aside)',
      endpoint: ENDPOINT,
      clauses: ['canton.users.limits.annotations.update.same-rules'],
      checks: ['negative_data_rejection', 'error_body_conformance'],
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      const clauseId = 'canton.users.limits.annotations.update.same-rules';
      const id = freshId('lc-user');
      try {
        await created(context, admin, { id, annotations: {} }, clauseId);
        const rules = invalidAnnotationCreations();
        await context.forAll(
          fc.oneof(...rules).filter((invalid) => invalid.clauseId !== 'annotations.value.non-empty'),
          async (invalid) => {
            assertStillInvalid(stillBreaks(invalid, invalid.value), clauseId, invalid.rule);
            const response = await updateUser(context, admin, id, updateAnnotationsBody(id, invalid.value.annotations));
            notAServerError(response, clauseId);
            const error = errorBodyConformance(context, response, clauseId, { code: 'INVALID_ARGUMENT', cantonClauseId: clauseId });
            // The field is named as on creation (user.metadata.annotations): the same rule, the same cause.
            expectThat(
              cantonRejection(invalid, invalid.value).cause.test(error.cause),
              'negative_data_rejection',
              clauseId,
              `${invalid.rule} in an update: rejected, but not by that rule: ${error.cause.slice(0, 300)}`,
              response,
            );
          },
        );
      } finally {
        await deleteUser(context, admin, id);
      }
    },
  );

  conformanceTest(
    {
      name: 'an update with a stale resourceVersion fails with CONCURRENT_USER_UPDATE_DETECTED and changes nothing',
      endpoint: ENDPOINT,
      clauses: ['canton.users.limits.resource-version.concurrent-update-rejected'],
      checks: ['positive_data_acceptance', 'error_body_conformance', 'stateful_consistency'],
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      const clauseId = 'canton.users.limits.resource-version.concurrent-update-rejected';
      const id = freshId('lc-user');
      try {
        const first = (await created(context, admin, { id, annotations: { step: 'created' } }, clauseId)).metadata?.resourceVersion ?? '';
        expectThat(first !== '', 'stateful_consistency', clauseId, 'a created user has no resourceVersion');
        const current = await updateUser(context, admin, id, updateAnnotationsBody(id, { step: 'updated' }, first));
        const second = userOf(context, current, clauseId).metadata?.resourceVersion ?? '';
        expectThat(
          second !== '' && second !== first,
          'stateful_consistency',
          clauseId,
          `the update kept resourceVersion ${first}`,
          current,
        );
        const stale = await updateUser(context, admin, id, updateAnnotationsBody(id, { step: 'lost' }, first));
        errorBodyConformance(context, stale, clauseId, { code: 'CONCURRENT_USER_UPDATE_DETECTED', cantonClauseId: clauseId });
        expectThat(
          stale.status === 409,
          'error_body_conformance',
          clauseId,
          `a stale update is a conflict (409), got ${stale.status}`,
          stale,
        );
        const read = userOf(context, await getUser(context, admin, id), clauseId);
        expectThat(
          read.metadata?.annotations?.step === 'updated' && read.metadata.resourceVersion === second,
          'stateful_consistency',
          clauseId,
          `the rejected update changed the user: ${JSON.stringify(read.metadata)}`,
        );
      } finally {
        await deleteUser(context, admin, id);
      }
    },
  );

  conformanceTest(
    {
      name: 'a user without participant_admin rights may neither create nor update users',
      endpoint: ENDPOINT,
      clauses: ['canton.users.admin-only'],
      checks: ['auth_enforcement'],
      requires: [...REQUIRES, 'authorization'],
    },
    async (context) => {
      const clauseId = 'canton.users.admin-only';
      const caller = context.userWhere('is no participant administrator', (user) => !user.rights.admin).id;
      const admin = adminUser(context);
      const id = freshId('lc-user');
      try {
        const create = await createUser(context, caller, createUserBody({ id, annotations: {} }));
        authEnforcement(context, create, 'permission-denied', clauseId);
        expectThat(
          (await getUser(context, admin, id)).status === 404,
          'auth_enforcement',
          clauseId,
          'the denied creation created the user',
        );
        const update = await updateUser(context, caller, caller, updateAnnotationsBody(caller, { 'conformance.example.com/probe': 'x' }));
        authEnforcement(context, update, 'permission-denied', clauseId);
      } finally {
        await deleteUser(context, admin, id);
      }
    },
  );
});
