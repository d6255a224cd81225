/**
 * Change ids and offsets: a change id (user id, set of act-as parties, command id) succeeds once within the
 * deduplication period; offsets are positive and strictly increasing, also under concurrent submissions.
 */
import { errorBodyConformance } from '../../checks/error-body.js';
import { conformanceSuite, conformanceTest } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import { iouCreate, submit } from './support.js';
import { parseJsonLossless } from '../../specification/json.js';
import { freshId } from '../../generators/index.js';

conformanceSuite('flows / deduplication and offsets', () => {
  conformanceTest(
    {
      name: 'the same change id submitted twice succeeds once',
      endpoint: 'submit-and-wait',
      clauses: [
        'submit-and-wait.commandId.change-id',
        'submit-and-wait.deduplicationPeriod.default-maximum',
        'submit-and-wait.errors.propagated',
        'errors.submission-error-propagated',
        'canton.submit-and-wait.duplicate-command-409',
        'canton.errors.category-10-409',
      ],
      checks: ['stateful_consistency', 'error_body_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const payer = ctx.party('bank');
      const user = ctx.userWhere('can act as bank', (candidate) => candidate.rights.actAs.includes('bank')).id;
      const commandId = freshId('dedup');
      await submit(ctx, {
        user,
        actAs: [payer],
        commands: [iouCreate(ctx, payer, payer)],
        commandId,
        clauseId: 'submit-and-wait.commandId.change-id',
      });
      const again = await ctx.send({
        api: 'participant',
        method: 'POST',
        path: '/v2/commands/submit-and-wait',
        user,
        body: { commands: [iouCreate(ctx, payer, payer)], commandId, actAs: [payer] },
      });
      expectThat(
        again.status >= 400,
        'stateful_consistency',
        'submit-and-wait.deduplicationPeriod.default-maximum',
        `the same change id was accepted twice within the deduplication period (status ${again.status})`,
        again,
      );
      const error = errorBodyConformance(ctx, again, 'submit-and-wait.errors.propagated', {
        code: 'DUPLICATE_COMMAND',
        cantonClauseId: 'canton.submit-and-wait.duplicate-command-409',
      });
      if (ctx.profile === 'canton') {
        expectThat(
          again.status === 409 && error.code === 'DUPLICATE_COMMAND',
          'status_code_conformance',
          'canton.submit-and-wait.duplicate-command-409',
          `Canton answers 409 DUPLICATE_COMMAND, got ${again.status} ${error.code}`,
          again,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'the same command id with another set of act-as parties is another change',
      endpoint: 'submit-and-wait',
      clauses: ['submit-and-wait.commandId.change-id'],
      checks: ['stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const user = ctx.fixtures.users.find((candidate) => !candidate.isDeactivated && candidate.rights.actAs.length >= 2);
      if (!user) return ctx.skip('no fixture user may act as two parties (needed to vary the act-as set of a change id)');
      const [first, second] = user.rights.actAs.map((alias) => ctx.party(alias));
      const commandId = freshId('change-id');
      const one = await submit(ctx, {
        user: user.id,
        actAs: [first!],
        commands: [iouCreate(ctx, first!, first!)],
        commandId,
        clauseId: 'submit-and-wait.commandId.change-id',
      });
      const two = await submit(ctx, {
        user: user.id,
        actAs: [first!, second!],
        commands: [iouCreate(ctx, first!, first!)],
        commandId,
        clauseId: 'submit-and-wait.commandId.change-id',
      });
      expectThat(
        one.updateId !== two.updateId,
        'stateful_consistency',
        'submit-and-wait.commandId.change-id',
        'two different changes got the same updateId',
        two.response,
      );
    },
  );

  conformanceTest(
    {
      name: 'offsets are positive and strictly increasing, also under concurrent submissions',
      endpoint: 'submit-and-wait',
      clauses: ['limits.offsets.positive', 'submit-and-wait.response.shape', 'update-by-offset.offset.positive'],
      checks: ['stateful_consistency'],
      requires: ['writes'],
    },
    async (ctx) => {
      const submitters = ctx.fixtures.users.filter((user) => !user.isDeactivated && user.rights.actAs.length > 0);
      if (submitters.length === 0) return ctx.skip('no fixture user may act as a party');
      const before = await submit(ctx, {
        user: submitters[0]!.id,
        actAs: [ctx.party(submitters[0]!.rights.actAs[0]!)],
        commands: [iouCreate(ctx, ctx.party(submitters[0]!.rights.actAs[0]!), ctx.party(submitters[0]!.rights.actAs[0]!))],
        clauseId: 'limits.offsets.positive',
      });
      const concurrent = await Promise.all(
        Array.from({ length: 24 }, (_unused, index) => {
          const user = submitters[index % submitters.length]!;
          const party = ctx.party(user.rights.actAs[0]!);
          return submit(ctx, {
            user: user.id,
            actAs: [party],
            commands: [iouCreate(ctx, party, party)],
            clauseId: 'limits.offsets.positive',
          });
        }),
      );
      const offsets = concurrent.map((entry) => entry.completionOffset);
      expectThat(
        offsets.every((offset) => Number.isInteger(offset) && offset > 0),
        'stateful_consistency',
        'limits.offsets.positive',
        `offsets must be positive integers: ${offsets.join(', ')}`,
        concurrent[0]!.response,
      );
      expectThat(
        new Set(offsets).size === offsets.length,
        'stateful_consistency',
        'limits.offsets.positive',
        `concurrent submissions got the same offset: ${offsets.join(', ')}`,
        concurrent[0]!.response,
      );
      expectThat(
        offsets.every((offset) => offset > before.completionOffset),
        'stateful_consistency',
        'limits.offsets.positive',
        `a later submission got an offset at or below an earlier one (${before.completionOffset}): ${offsets.join(', ')}`,
        concurrent[0]!.response,
      );
      const after = await submit(ctx, {
        user: submitters[0]!.id,
        actAs: [ctx.party(submitters[0]!.rights.actAs[0]!)],
        commands: [iouCreate(ctx, ctx.party(submitters[0]!.rights.actAs[0]!), ctx.party(submitters[0]!.rights.actAs[0]!))],
        clauseId: 'limits.offsets.positive',
      });
      expectThat(
        after.completionOffset > Math.max(...offsets),
        'stateful_consistency',
        'limits.offsets.positive',
        `offset ${after.completionOffset} of a later submission is not above ${Math.max(...offsets)}`,
        after.response,
      );
      const updateIds = new Set(concurrent.map((entry) => entry.updateId));
      expectThat(
        updateIds.size === concurrent.length,
        'stateful_consistency',
        'submit-and-wait.response.shape',
        'two submissions returned the same updateId',
        after.response,
      );
      const body = parseJsonLossless(after.response.text) as Record<string, unknown>;
      expectThat(
        typeof body.updateId === 'string' && (body.updateId as string).length > 0,
        'stateful_consistency',
        'submit-and-wait.response.shape',
        'updateId is empty',
        after.response,
      );
    },
  );
});
