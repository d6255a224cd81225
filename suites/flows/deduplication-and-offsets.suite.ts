/**
 * Change ids and offsets: a change id (user id, set of act-as parties, command id) succeeds once within the
 * deduplication period; offsets are positive and strictly increasing, also under concurrent submissions.
 */
import { answerBody } from '../../checks/schema.js';
import { randomUUID } from 'node:crypto';
import { acceptedWith, statusCodeConformance, statusInRange } from '../../checks/basic.js';
import { duplicateCommandDetails, expectErrorCode, expectError } from '../../checks/error-body.js';
import { allDistinct, offsetAfter, offsetsStrictlyIncreasing } from '../../checks/stateful.js';
import { statusOfCategory } from '../../checks/http-status.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { iouCreate, submit } from '../support/ledger.js';
import { freshId } from '../../generators/index.js';

/** A retry of a change id: DUPLICATE_COMMAND, or SUBMISSION_ALREADY_IN_FLIGHT when it meets the first in flight. */
const DUPLICATE_CODES = ['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT'];

conformanceSuite('flows / deduplication and offsets', () => {
  conformanceTest(
    {
      name: 'the same change id submitted twice succeeds once',
      endpoint: 'submit-and-wait',
      clauses: [
        'submit-and-wait.deduplicationPeriod.optional',
        'submit-and-wait.submissionId.string',
        'submit-and-wait.deduplicationPeriod.default-maximum',
        'submit-and-wait.errors.propagated',
        'errors.submission-error-propagated',
        'canton.errors.status-follows-category',
        'canton.submit-and-wait.duplicate-command-409',
        'canton.errors.category-10-409',
        'canton.deduplication.names-earlier-submission',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const payer = context.party('bank');
      const user = context.userWhere('can act as bank', (candidate) => candidate.rights.actAs.includes('bank')).id;
      const commandId = freshId('dedup');
      const firstSubmissionId = randomUUID();
      // No deduplicationPeriod: the participant's maximum deduplication time applies.
      const first = await submit(context, {
        user,
        actAs: [payer],
        commands: [iouCreate(context, payer, payer)],
        commandId,
        clauseId: 'submit-and-wait.deduplicationPeriod.optional',
        extra: { submissionId: firstSubmissionId },
      });
      acceptedWith(first.response, 200, 'submit-and-wait.submissionId.string');
      const again = await context.send({
        endpoint: 'submit-and-wait',
        user,
        body: { commands: [iouCreate(context, payer, payer)], commandId, actAs: [payer], submissionId: randomUUID() },
      });
      statusInRange(again, 400, 499, 'submit-and-wait.deduplicationPeriod.default-maximum');
      statusInRange(again, 400, 499, 'errors.submission-error-propagated');
      const error = expectError(context, again, 'submit-and-wait.errors.propagated');
      if (context.profile !== 'canton') return;
      expectErrorCode(error, DUPLICATE_CODES, 'canton.submit-and-wait.duplicate-command-409', again);
      statusCodeConformance(again, [409], 'canton.submit-and-wait.duplicate-command-409');
      if (error.code !== 'DUPLICATE_COMMAND') return;
      // DUPLICATE_COMMAND's category (10) is the code taxonomy's, which the check engine holds every error to
      // (canton.errors.code-taxonomy); here, an error of category 10 is answered 409.
      if (error.errorCategory === 10) statusCodeConformance(again, [statusOfCategory(10)], 'canton.errors.category-10-409');
      duplicateCommandDetails(error, again, { submissionId: firstSubmissionId, completionOffset: first.completionOffset });
    },
  );

  conformanceTest(
    {
      name: 'the same command id with another set of act-as parties is another change',
      endpoint: 'submit-and-wait',
      clauses: ['submit-and-wait.commandId.change-id'],
      requires: ['writes'],
    },
    async (context) => {
      const user = context.fixtures.users.find((candidate) => !candidate.isDeactivated && candidate.rights.actAs.length >= 2);
      if (!user) return context.skip('no fixture user may act as two parties (needed to vary the act-as set of a change id)');
      const [first, second] = user.rights.actAs.map((alias) => context.party(alias));
      const commandId = freshId('change-id');
      const one = await submit(context, {
        user: user.id,
        actAs: [first!],
        commands: [iouCreate(context, first!, first!)],
        commandId,
        clauseId: 'submit-and-wait.commandId.change-id',
      });
      const two = await submit(context, {
        user: user.id,
        actAs: [first!, second!],
        commands: [iouCreate(context, first!, first!)],
        commandId,
        clauseId: 'submit-and-wait.commandId.change-id',
      });
      allDistinct(
        'submit-and-wait.commandId.change-id',
        'the updateIds of two changes sharing a command id',
        [one.updateId, two.updateId],
        two.response,
      );
    },
  );

  conformanceTest(
    {
      name: 'offsets are positive and strictly increasing, also under concurrent submissions',
      endpoint: 'submit-and-wait',
      clauses: ['submit-and-wait.response.shape', 'limits.offsets.positive'],
      requires: ['writes'],
    },
    async (context) => {
      const submitters = context.fixtures.users.filter((user) => !user.isDeactivated && user.rights.actAs.length > 0);
      if (submitters.length === 0) return context.skip('no fixture user may act as a party');
      const submitAs = (index: number) => {
        const user = submitters[index % submitters.length]!;
        const party = context.party(user.rights.actAs[0]!);
        return submit(context, {
          user: user.id,
          actAs: [party],
          commands: [iouCreate(context, party, party)],
          clauseId: 'submit-and-wait.response.shape',
        });
      };
      const before = await submitAs(0);
      const concurrent = await Promise.all(Array.from({ length: 24 }, (_unused, index) => submitAs(index)));
      const after = await submitAs(0);
      for (const submitted of [before, ...concurrent, after]) {
        answerBody(submitted.response, 'submit-and-wait.response.shape');
      }
      const offsets = concurrent.map((entry) => entry.completionOffset);
      allDistinct('limits.offsets.positive', 'the offsets of concurrent submissions', offsets, concurrent[0]!.response);
      for (const entry of concurrent) {
        offsetAfter(
          'limits.offsets.positive',
          'the offset of a submission made after another completed',
          before.completionOffset,
          entry.completionOffset,
          entry.response,
        );
      }
      offsetsStrictlyIncreasing(
        'limits.offsets.positive',
        'the offsets of submissions made one after the other',
        [before.completionOffset, Math.max(...offsets), after.completionOffset],
        after.response,
      );
    },
  );
});
