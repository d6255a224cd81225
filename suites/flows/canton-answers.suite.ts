/**
 * Where the reference target answered unlike Canton 3.5 (facts verified-against-real §8 R1-R4, issue 27): a rejected
 * submission's correlation id, record time after a minimum ledger time, a change id in flight until committed. The
 * definite answer of DUPLICATE_COMMAND (R2) and the correlation id (R1) are also response checks the engine applies to
 * every exchange (checks/response-checks.ts); record time along offsets is a rule of the ledger model (checks/ledger-model.ts).
 */
import { randomUUID } from 'node:crypto';
import { recordInconclusive } from '../../checks/assertion.js';
import { positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { expectErrorCode, expectError } from '../../checks/error-body.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { freshId } from '../../generators/index.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { parseJsonLossless } from '../../specification/json.js';
import { bankUser } from '../support/command-semantics.js';
import { iouCreate, partyView, submit, transactionOf } from '../support/ledger.js';
import { COUNT_EVERY_COMMIT, execute, executeBody, findPreparedIou, ledgerEndMarker, prepareIou } from '../support/prepared-iou.js';
import { archivedIouContractId } from '../support/submit-and-wait.js';

conformanceSuite('flows / canton answers', () => {
  conformanceTest(
    {
      name: 'record time never decreases along offsets, also after a submission with a minimum ledger time',
      endpoint: 'update-by-offset',
      clauses: ['canton.model.record-time-monotone'],
      requires: ['writes'],
    },
    async (context) => {
      const bank = context.party('bank');
      const user = bankUser(context);
      // Ledger time runs a second ahead of the synchronizer's time for the first transaction only.
      const ahead = await submit(context, {
        user,
        actAs: [bank],
        commands: [iouCreate(context, bank, bank, '1.0')],
        clauseId: 'canton.model.record-time-monotone',
        extra: { minLedgerTimeRel: { seconds: 1, nanos: 0 } },
      });
      const next = await submit(context, {
        user,
        actAs: [bank],
        commands: [iouCreate(context, bank, bank, '2.0')],
        clauseId: 'canton.model.record-time-monotone',
      });
      const [first, second] = await Promise.all(
        [ahead, next].map((submitted) => partyView(context, user, submitted.completionOffset, bank, 'TRANSACTION_SHAPE_ACS_DELTA')),
      );
      const a = transactionOf(first!, 'canton.model.record-time-monotone').value;
      const b = transactionOf(second!, 'canton.model.record-time-monotone').value;
      // Record times are ordered per synchronizer only: two updates on different synchronizers prove nothing.
      if (a.synchronizerId !== b.synchronizerId) {
        recordInconclusive(
          'response_value_conformance',
          'canton.model.record-time-monotone',
          `the two transactions are on different synchronizers (${String(a.synchronizerId)}, ${String(b.synchronizerId)}): their record times are not ordered`,
          second!,
        );
        return;
      }
      const micros = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : Number.NaN);
      expectValueMatches(
        'canton.model.record-time-monotone',
        `the record time at offset ${next.completionOffset}, after the one at ${ahead.completionOffset} (${String(a.recordTime)}, effectiveAt ${String(a.effectiveAt)})`,
        b.recordTime,
        (value) => micros(value) >= micros(a.recordTime),
        `not before ${String(a.recordTime)}`,
        second,
      );
    },
  );

  conformanceTest(
    {
      name: "a submission rejected by interpretation carries its submissionId as the error's correlationId",
      endpoint: 'submit-and-wait',
      clauses: ['canton.errors.submission-correlation-id'],
      requires: ['writes'],
    },
    async (context) => {
      const bank = context.party('bank');
      const user = bankUser(context);
      const contractId = await archivedIouContractId(context, user, bank, context.party('alice'));
      const submissionId = randomUUID();
      const rejected = await context.send({
        endpoint: 'submit-and-wait',
        user,
        body: {
          commands: [
            {
              ExerciseCommand: { templateId: context.fixtures.templates.iou.templateId, contractId, choice: 'Archive', choiceArgument: {} },
            },
          ],
          commandId: freshId('correlated'),
          actAs: [bank],
          submissionId,
        },
      });
      const error = expectError(context, rejected, 'canton.errors.submission-correlation-id', {
        cantonClauseId: 'canton.errors.submission-correlation-id',
      });
      expectErrorCode(error, ['CONTRACT_NOT_FOUND'], 'canton.errors.submission-correlation-id', rejected);
      expectValue(
        'canton.errors.submission-correlation-id',
        'the correlationId of the rejection',
        (error as { correlationId?: unknown }).correlationId ?? null,
        submissionId,
        rejected,
      );
    },
  );

  conformanceTest(
    {
      name: 'a change id executed twice at once stays in flight until committed: one commit, the other in flight or acknowledged',
      endpoint: 'execute',
      clauses: ['canton.execute.in-flight-until-committed'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const prepared = await prepareIou(context);
      const after = await ledgerEndMarker(context);
      // Both go out together: the second meets the first in flight (or, on a fast node, already committed).
      const answers = await Promise.all(
        [executeBody(prepared), executeBody(prepared)].map((body) => execute(context, prepared.executor, body)),
      );
      const accepted = answers.filter((answer) => answer.status >= 200 && answer.status < 300);
      positiveDataAcceptance(accepted[0] ?? answers[0]!, 'canton.execute.in-flight-until-committed');
      for (const answer of answers.filter((candidate) => !accepted.includes(candidate))) {
        const error = expectError(context, answer, 'canton.execute.in-flight-until-committed', {
          cantonClauseId: 'canton.execute.in-flight-until-committed',
        });
        expectErrorCode(error, ['SUBMISSION_ALREADY_IN_FLIGHT'], 'canton.execute.in-flight-until-committed', answer);
        statusCodeConformance(answer, [409], 'canton.execute.in-flight-until-committed');
        expectValue(
          'canton.execute.in-flight-until-committed',
          'the errorCategory of SUBMISSION_ALREADY_IN_FLIGHT',
          error.errorCategory,
          2,
          answer,
        );
        expectValueMatches(
          'canton.execute.in-flight-until-committed',
          'the retryInfo of SUBMISSION_ALREADY_IN_FLIGHT',
          (parseJsonLossless(answer.text) as { retryInfo?: unknown }).retryInfo,
          (value) => typeof value === 'string' && value !== '',
          'a retry delay',
          answer,
        );
      }
      // Every commit of the change id after the marker: exactly one, however the second execute was answered. Execute is
      // asynchronous: the search waits for the first commit (up to 10 s), then a second more for another.
      const commits = await findPreparedIou(context, prepared, { after, ...COUNT_EVERY_COMMIT }, false);
      writeVisible(
        'canton.execute.in-flight-until-committed',
        'commits of the change id executed twice at once',
        commits,
        1,
        commits[0]?.response ?? answers[0]!,
      );
    },
  );
});
