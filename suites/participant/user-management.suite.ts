/**
 * User management (canton profile): the spec's Limits on user ids and annotations, and the resourceVersion
 * concurrency of ObjectMeta, enforced where users are written: `POST /v2/users` and `PATCH /v2/users/{id}`.
 * Every invalid user id, annotation key or value and oversize annotation set the generators make is sent
 * and must be rejected by its own rule; valid ones must be accepted and read back. Users created here are
 * deleted again. The annotations on creation, and merges and removals in updates, are in `user-annotations.suite.ts`:
 * the same suite, in a file of its own so that the two halves run on two workers (through a slow link each took
 * about 40 s of one worker's time, together the longest chain of the run).
 */
import fc from 'fast-check';
import { authEnforcement } from '../../checks/auth.js';
import { statusCodeConformance } from '../../checks/basic.js';
import { expectError } from '../../checks/error-body.js';
import { readMatchesWrite } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { freshId } from '../../generators/index.js';
import {
  createUserBody,
  invalidAnnotationCreations,
  invalidUserIdCreations,
  updateAnnotationsBody,
  userIdCreation,
} from '../../generators/requests/users.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { adminUser, assertStillBreaks, createUser, deleteUser, getUser, updateUser } from '../support/user-management.js';
import { ENDPOINT, REQUIRES, created, invalidCreationsRejected, rejectedByItsRule, userOf } from '../support/user-limits.js';

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
    (context) => invalidCreationsRejected(context, invalidUserIdCreations()),
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
