/**
 * User management (canton profile): the spec's Limits on user ids and annotations, and the resourceVersion
 * concurrency of ObjectMeta, enforced where users are written: `POST /v2/users` and `PATCH /v2/users/{id}`.
 * Every invalid user id, annotation key or value and oversize annotation set the generators make is sent
 * and must be rejected by its own rule; valid ones must be accepted and read back. Users created here are
 * deleted again.
 */
import { expectError } from '../../checks/error-body.js';
import { answerBody } from '../../checks/schema.js';
import fc from 'fast-check';
import { authEnforcement } from '../../checks/auth.js';
import { positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { negativeDataRejection } from '../../checks/rejection.js';
import { readMatchesWrite } from '../../checks/stateful.js';
import { expectText, expectValue, expectValueMatches } from '../../checks/values.js';
import type { ClientResponse } from '../../client/http.js';
import { freshId, type InvalidValue } from '../../generators/index.js';
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
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { Requirement } from '../../harness/library/requirements.js';
import type { ClauseId } from '../../specification/clauses.js';
import { ANNOTATIONS_MAX_BYTES, annotationsByteSize } from '../../specification/formats.js';
import {
  adminUser,
  assertStillBreaks,
  cantonRejection,
  createUser,
  deleteUser,
  getUser,
  updateUser,
  type UserRecord,
} from '../support/user-management.js';
import { refusedAgainstControl } from '../support/refusals.js';

const ENDPOINT = 'users';
const REQUIRES: Requirement[] = ['userManagement', 'writes'];
const limitClause = (clauseId: string): ClauseId => `canton.users.limits.${clauseId}` as ClauseId;

function userOf(context: ConformanceContext, response: ClientResponse, clauseId: ClauseId): UserRecord {
  positiveDataAcceptance(response, clauseId);
  return (answerBody(response, clauseId, 'GetUserResponse') as { user: UserRecord }).user;
}

/** Annotations as a sorted list of entries, so that two maps compare equal whatever their key order. */
const entries = (annotations: Record<string, string> | undefined): [string, string][] =>
  Object.entries(annotations ?? {}).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));

/** Creates a user and returns it, or fails the clause; the caller deletes it. */
async function created(context: ConformanceContext, admin: string, creation: UserCreation, clauseId: ClauseId): Promise<UserRecord> {
  return userOf(context, await createUser(context, admin, createUserBody(creation)), clauseId);
}

/** The control of a rejected creation: a fresh user without annotations, created and deleted again. */
async function controlCreation(context: ConformanceContext, admin: string): Promise<ClientResponse> {
  const id = freshId('lc-user');
  const response = await createUser(context, admin, createUserBody({ id, annotations: {} }));
  if (response.status === 200) await deleteUser(context, admin, id);
  return response;
}

const causeOf = (response: ClientResponse): string => {
  try {
    return String((JSON.parse(response.text) as { cause?: unknown }).cause ?? '');
  } catch {
    return '';
  }
};

/**
 * Judges the answer to an invalid creation or update by its control; once credited, the error's cause must
 * be the one Canton gives for that rule (not merely some INVALID_ARGUMENT).
 */
async function rejectedByItsRule(
  context: ConformanceContext,
  invalid: InvalidValue<UserCreation>,
  clauseId: ClauseId,
  response: ClientResponse,
  control: () => Promise<ClientResponse>,
  code?: string,
): Promise<void> {
  const expected = cantonRejection(invalid, invalid.value);
  const outcome = await negativeDataRejection(context, {
    rule: { ...invalid, clauseId },
    response,
    control,
    endpoint: ENDPOINT,
    errorBodyClause: clauseId,
    canton: { form: 'error', code: code ?? expected.code, cantonClauseId: clauseId },
  });
  if (outcome === 'credited')
    expectText(clauseId, `${invalid.rule}: the error's cause`, causeOf(response), { pattern: expected.cause }, response);
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
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      await context.forEachRule(invalidUserIdCreations(), async (invalid) => {
        assertStillBreaks(invalid, invalid.value);
        const response = await createUser(context, admin, createUserBody(invalid.value));
        if (response.status === 200) await deleteUser(context, admin, invalid.value.id);
        await rejectedByItsRule(context, invalid, limitClause(invalid.clauseId), response, () => controlCreation(context, admin));
      });
    },
  );

  conformanceTest(
    {
      name: 'accepts user ids within the limits, which read back as created',
      endpoint: ENDPOINT,
      clauses: ['canton.users.limits.user-id.accepted'],
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      const clauseId = 'canton.users.limits.user-id.accepted';
      // Cases run side by side: an id another case is trying right now is left to it (drawn ids repeat, e.g. "!").
      const inUse = new Set<string>();
      await context.forAll(userIdCreation(), async (creation) => {
        fc.pre(!inUse.has(creation.id));
        inUse.add(creation.id);
        try {
          // A drawn id may name a user of the node: that case proves nothing and must not touch the user.
          fc.pre((await getUser(context, admin, creation.id)).status === 404);
        } catch (error) {
          inUse.delete(creation.id);
          throw error;
        }
        try {
          const user = await created(context, admin, creation, clauseId);
          readMatchesWrite(clauseId, 'the created user id', creation.id, user.id);
          const read = userOf(context, await getUser(context, admin, creation.id), clauseId);
          readMatchesWrite(clauseId, 'the user id read back', creation.id, read.id);
        } finally {
          await deleteUser(context, admin, creation.id);
          inUse.delete(creation.id);
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
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      await context.forEachRule(invalidAnnotationCreations(), async (invalid) => {
        assertStillBreaks(invalid, invalid.value);
        const response = await createUser(context, admin, createUserBody(invalid.value));
        if (response.status === 200) await deleteUser(context, admin, invalid.value.id);
        await rejectedByItsRule(context, invalid, limitClause(invalid.clauseId), response, () => controlCreation(context, admin));
      });
    },
  );

  conformanceTest(
    {
      name: 'accepts annotations within the limits (exactly 256 KiB included) and reads them back as sent',
      endpoint: ENDPOINT,
      clauses: ['canton.users.limits.annotations.accepted', 'canton.users.limits.annotations.total-size.max-256kb'],
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      const clauseId = 'canton.users.limits.annotations.accepted';
      await context.forAll(fc.oneof(annotatedUserCreation(), largestAnnotatedUserCreation()), async (creation) => {
        const atLimit = annotationsByteSize(creation.annotations) === ANNOTATIONS_MAX_BYTES;
        try {
          const response = await createUser(context, admin, createUserBody(creation));
          // Exactly 256 KiB is within the limit: its acceptance is evidence for the size rule too.
          positiveDataAcceptance(response, clauseId, atLimit ? ['canton.users.limits.annotations.total-size.max-256kb'] : []);
          const user = userOf(context, response, clauseId);
          readMatchesWrite(clauseId, 'the annotations answered', entries(creation.annotations), entries(user.metadata?.annotations));
          const read = userOf(context, await getUser(context, admin, creation.id), clauseId);
          readMatchesWrite(clauseId, 'the annotations read back', entries(creation.annotations), entries(read.metadata?.annotations));
        } finally {
          await deleteUser(context, admin, creation.id);
        }
      });
    },
  );

  conformanceTest(
    {
      name: 'an update merges annotations, an empty value removes its key, and an empty value for an absent key changes nothing',
      endpoint: ENDPOINT,
      clauses: ['canton.users.limits.annotations.value.empty-removes-key'],
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
          // ObjectMetaTests.scala:277: removing a key the user does not have (`never-set: ""`) is a no-op, not an error.
          updateAnnotationsBody(id, { removed: '', 'example.com/changed': 'new', added: 'yes', 'never-set': '' }),
        );
        const expected = entries({ kept: 'yes', 'example.com/changed': 'new', added: 'yes' });
        const updated = userOf(context, response, clauseId);
        readMatchesWrite(clauseId, 'the annotations after the update', expected, entries(updated.metadata?.annotations), response);
        const read = userOf(context, await getUser(context, admin, id), clauseId);
        readMatchesWrite(clauseId, 'the annotations read back after the update', expected, entries(read.metadata?.annotations));
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
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      const clauseId = 'canton.users.limits.annotations.update.same-rules';
      const id = freshId('lc-user');
      try {
        await created(context, admin, { id, annotations: {} }, clauseId);
        // Every rule but the empty value, which an update takes as a removal.
        const rules = invalidAnnotationCreations().filter(
          (rule) => fc.sample(rule, { numRuns: 1, seed: 0 })[0]?.clauseId !== 'annotations.value.non-empty',
        );
        // The control: the same update with valid annotations, on the same user.
        const control = () => updateUser(context, admin, id, updateAnnotationsBody(id, { 'conformance.example.com/probe': 'valid' }));
        await context.forEachRule(rules, async (invalid) => {
          assertStillBreaks(invalid, invalid.value);
          const response = await updateUser(context, admin, id, updateAnnotationsBody(id, invalid.value.annotations));
          // The field is named as on creation (user.metadata.annotations): the same rule, the same cause.
          await rejectedByItsRule(context, invalid, clauseId, response, control, 'INVALID_ARGUMENT');
        });
      } finally {
        await deleteUser(context, admin, id);
      }
    },
  );

  conformanceTest(
    {
      name: 'a removal in an update is still held to the key syntax, and removals do not count toward the size limit',
      endpoint: ENDPOINT,
      clauses: ['canton.users.limits.annotations.update.same-rules'],
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      const clauseId = 'canton.users.limits.annotations.update.same-rules';
      const id = freshId('lc-user');
      try {
        await created(context, admin, { id, annotations: {} }, clauseId);
        // ObjectMetaTests.scala:357: removing a key of invalid syntax (one the user cannot have) is refused for its syntax.
        const refused = await updateUser(context, admin, id, updateAnnotationsBody(id, { '-invalid-key-': '' }));
        const control = await updateUser(context, admin, id, updateAnnotationsBody(id, { 'valid-key': '' }));
        refusedAgainstControl(context, clauseId, refused, control, 'INVALID_ARGUMENT', 400, {
          causeIncludes: 'has invalid syntax',
          control: 'the removal of a key of valid syntax',
        });
        // ObjectMetaTests.scala:374: a value as large as the limit allows beside a removal, which does not count.
        const largest = 'x'.repeat(ANNOTATIONS_MAX_BYTES - 1);
        const response = await updateUser(context, admin, id, updateAnnotationsBody(id, { a: largest, cc: '' }));
        const updated = userOf(context, response, clauseId);
        readMatchesWrite(
          clauseId,
          'the annotations after an update at the size limit with a removal',
          entries({ a: largest }),
          entries(updated.metadata?.annotations),
          response,
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
      requires: REQUIRES,
    },
    async (context) => {
      const admin = adminUser(context);
      const clauseId = 'canton.users.limits.resource-version.concurrent-update-rejected';
      const id = freshId('lc-user');
      try {
        const first = (await created(context, admin, { id, annotations: { step: 'created' } }, clauseId)).metadata?.resourceVersion ?? '';
        expectValueMatches(clauseId, "the created user's resourceVersion", first, (version) => version !== '', 'non-empty');
        const current = await updateUser(context, admin, id, updateAnnotationsBody(id, { step: 'updated' }, first));
        const second = userOf(context, current, clauseId).metadata?.resourceVersion ?? '';
        expectValueMatches(
          clauseId,
          'the resourceVersion after an update',
          second,
          (version) => version !== '' && version !== first,
          `non-empty and different from ${first}`,
          current,
        );
        const stale = await updateUser(context, admin, id, updateAnnotationsBody(id, { step: 'lost' }, first));
        statusCodeConformance(stale, [409], clauseId);
        expectError(context, stale, clauseId, { code: 'CONCURRENT_USER_UPDATE_DETECTED', cantonClauseId: clauseId });
        const read = userOf(context, await getUser(context, admin, id), clauseId);
        expectValue(
          clauseId,
          'the user after the rejected update',
          [read.metadata?.annotations?.step, read.metadata?.resourceVersion],
          ['updated', second],
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
      requires: [...REQUIRES, 'authorization'],
    },
    async (context) => {
      const clauseId = 'canton.users.admin-only';
      const caller = context.userWhere('is no participant administrator', (user) => !user.rights.admin).id;
      const admin = adminUser(context);
      const id = freshId('lc-user');
      try {
        const create = await createUser(context, caller, createUserBody({ id, annotations: {} }));
        await authEnforcement(context, {
          response: create,
          denial: 'permission-denied',
          clauseId,
          control: async () => {
            // A denial that still created the user is no denial: the lookup before the control must not find it.
            expectValue(clauseId, 'the lookup of the user after the denied creation', (await getUser(context, admin, id)).status, 404);
            return createUser(context, admin, createUserBody({ id, annotations: {} }));
          },
        });
        const probe = { 'conformance.example.com/probe': 'x' };
        const update = await updateUser(context, caller, caller, updateAnnotationsBody(caller, probe));
        await authEnforcement(context, {
          response: update,
          denial: 'permission-denied',
          clauseId,
          control: () => updateUser(context, admin, id, updateAnnotationsBody(id, probe)),
        });
      } finally {
        await deleteUser(context, admin, id);
      }
    },
  );
});
