/**
 * User management (canton profile), annotations: every invalid annotation key, value and oversize set on creation is
 * rejected by its own rule, valid ones (exactly 256 KiB included) are accepted and read back; an update merges
 * annotations, an empty value removes its key, and a removal is still held to the key syntax. Part of the suite
 * `participant / user management` (`user-management.suite.ts`), in a file of its own so that the two run on two
 * workers. Users created here are deleted again.
 */
import fc from 'fast-check';
import { positiveDataAcceptance } from '../../checks/basic.js';
import { readMatchesWrite } from '../../checks/stateful.js';
import { freshId } from '../../generators/index.js';
import {
  annotatedUserCreation,
  createUserBody,
  invalidAnnotationCreations,
  largestAnnotatedUserCreation,
  updateAnnotationsBody,
} from '../../generators/requests/users.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { ANNOTATIONS_MAX_BYTES, annotationsByteSize } from '../../specification/formats.js';
import { adminUser, createUser, deleteUser, getUser, updateUser } from '../support/user-management.js';
import { refusedAgainstControl } from '../support/refusals.js';
import { ENDPOINT, REQUIRES, created, entries, invalidCreationsRejected, userOf } from '../support/user-limits.js';

conformanceSuite('participant / user management', () => {
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
    (context) => invalidCreationsRejected(context, invalidAnnotationCreations()),
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
});
