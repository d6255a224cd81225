/**
 * Ledger semantics, part 2: deduplication per change id (act-as order, failed submissions, concurrent twins) and
 * the deduplication period's own validation. Part of suite `flows / semantics of commands` (see semantics-commands.suite.ts).
 * Canton profile only: every clause here is real Canton 3.5 behaviour, cited in specification/clauses/semantics-commands.ts.
 */
import { randomUUID } from 'node:crypto';
import { statusCodeConformance } from '../../checks/basic.js';
import { expectErrorCode, expectError } from '../../checks/error-body.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { freshId } from '../../generators/index.js';
import { iouCreate, type JsonObject, submit } from '../support/ledger.js';
import { bankUser, refusedFor, send } from '../support/command-semantics.js';

const DUPLICATE_CODES = ['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT'];

conformanceSuite('flows / semantics of commands', () => {
  conformanceTest(
    {
      name: 'deduplication: the act-as order does not matter, a failed submission takes no change id, concurrent twins succeed once',
      endpoint: 'submit-and-wait',
      clauses: [
        'canton.deduplication.act-as-set',
        'canton.deduplication.failed-submission-not-deduplicated',
        'canton.deduplication.concurrent-one-success',
      ],
      requires: ['writes'],
    },
    async (context) => {
      const user = context.fixtures.users.find((candidate) => !candidate.isDeactivated && candidate.rights.actAs.length >= 2);
      if (!user) return context.skip('no fixture user may act as two parties (needed to reorder the act-as set of a change id)');
      const [first, second] = user.rights.actAs.map((alias) => context.party(alias));
      // The same set of parties, in the other order: the same change.
      const commandId = freshId('act-as-order');
      await submit(context, {
        user: user.id,
        actAs: [first!, second!],
        commands: [iouCreate(context, first!, first!)],
        commandId,
        clauseId: 'canton.deduplication.act-as-set',
      });
      const reordered = await send(context, user.id, {
        commands: [iouCreate(context, first!, first!)],
        commandId,
        actAs: [second!, first!],
      });
      const control = await send(context, user.id, {
        commands: [iouCreate(context, first!, first!)],
        commandId: freshId('act-as-order'),
        actAs: [second!, first!],
      });
      refusedFor(context, 'canton.deduplication.act-as-set', reordered, control, DUPLICATE_CODES, 409);

      // A submission the ledger rejects (a create whose signatory is not acting) leaves its change id free.
      const outsider = context.fixtures.parties.find((party) => !user.rights.actAs.includes(party.alias) && party.alias !== 'shared');
      if (!outsider) return context.skip('no fixture party outside the act-as set of a two-party user');
      const failedId = freshId('failed');
      const unauthorized = { commands: [iouCreate(context, outsider.id, first!)], commandId: failedId, actAs: [first!] };
      const firstTry = await send(context, user.id, unauthorized);
      const retry = await send(context, user.id, unauthorized);
      const firstError = refusedFor(
        context,
        'canton.deduplication.failed-submission-not-deduplicated',
        firstTry,
        control,
        'DAML_AUTHORIZATION_ERROR',
        400,
      );
      const retryError = refusedFor(
        context,
        'canton.deduplication.failed-submission-not-deduplicated',
        retry,
        control,
        'DAML_AUTHORIZATION_ERROR',
        400,
      );
      if (firstError && retryError) {
        expectValue(
          'canton.deduplication.failed-submission-not-deduplicated',
          'the code of the retry',
          retryError.code,
          firstError.code,
          retry,
        );
      }

      // Concurrent submissions of one change id: exactly one success.
      const concurrentId = freshId('concurrent');
      const body = { commands: [iouCreate(context, first!, first!)], commandId: concurrentId, actAs: [first!] };
      const answers = await Promise.all(Array.from({ length: 8 }, () => send(context, user.id, { ...body, submissionId: randomUUID() })));
      const successes = answers.filter((answer) => answer.status === 200);
      const success = successes[0];
      expectValue(
        'canton.deduplication.concurrent-one-success',
        `successes among 8 concurrent submissions of one change id (answers ${answers.map((answer) => answer.status).join(', ')})`,
        successes.length,
        1,
        success ?? answers[0],
      );
      for (const answer of answers.filter((candidate) => candidate !== success)) {
        const error = expectError(context, answer, 'canton.deduplication.concurrent-one-success');
        expectErrorCode(error, DUPLICATE_CODES, 'canton.deduplication.concurrent-one-success', answer);
      }
    },
  );

  conformanceTest(
    {
      name: 'a negative deduplication duration is INVALID_FIELD, a negative offset NEGATIVE_OFFSET',
      endpoint: 'submit-and-wait',
      clauses: ['canton.deduplication.negative-period-refused'],
      requires: ['writes'],
    },
    async (context) => {
      const payer = context.party('bank');
      const user = bankUser(context);
      const withPeriod = (deduplicationPeriod: JsonObject) =>
        send(context, user, {
          commands: [iouCreate(context, payer, payer)],
          commandId: freshId('period'),
          actAs: [payer],
          deduplicationPeriod,
        });
      const control = await withPeriod({ DeduplicationDuration: { value: { seconds: 1, nanos: 0 } } });
      const duration = await withPeriod({ DeduplicationDuration: { value: { seconds: -1, nanos: 0 } } });
      const durationError = refusedFor(context, 'canton.deduplication.negative-period-refused', duration, control, 'INVALID_FIELD', 400);
      if (durationError) {
        expectValueMatches(
          'canton.deduplication.negative-period-refused',
          'the cause of a negative duration',
          durationError.cause,
          (cause) => cause.includes('deduplication_period') && cause.includes('Duration must be positive'),
          'naming deduplication_period: "Duration must be positive"',
          duration,
        );
      }
      const offset = await withPeriod({ DeduplicationOffset: { value: -12345678 } });
      refusedFor(context, 'canton.deduplication.negative-period-refused', offset, control, 'NEGATIVE_OFFSET', 400);
      // Zero is no negative offset: accepted (CommandDeduplicationPeriodValidationIT.scala:83 ZeroOffset).
      statusCodeConformance(await withPeriod({ DeduplicationOffset: { value: 0 } }), [200], 'canton.deduplication.negative-period-refused');
    },
  );
});
