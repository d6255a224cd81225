/**
 * What an exercise does to contract types and events (issue 18, point 4), canton profile, with the fixture's Iou and
 * GetCash (CantonExamples): a contract exercised through another template (WronglyTypedContractIdIT :18, :37), a template
 * filter on an exercise's results (TransactionServiceExerciseIT :47), packageName and representativePackageId of events
 * (UpgradingIT :636, :700).
 */
import { errorBodyConformance, expectErrorCode } from '../../checks/error-body.js';
import { statusCodeConformance, statusInRange } from '../../checks/basic.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { freshId } from '../../generators/index.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import type { ClientResponse } from '../../client/http.js';
import {
  createIouAndFindIt,
  submit,
  transactionFormat,
  transactionOf,
  updateByOffset,
  wildcardFilter,
  type JsonObject,
} from './support.js';

function aliceUser(ctx: ConformanceContext): string {
  return ctx.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
}

function submitAndWait(ctx: ConformanceContext, user: string, actAs: string[], commands: unknown[]): Promise<ClientResponse> {
  return ctx.send({
    api: 'participant',
    method: 'POST',
    path: '/v2/commands/submit-and-wait',
    user,
    body: { commands, commandId: freshId('contracts'), actAs },
  });
}

function transfer(ctx: ConformanceContext, contractId: string, newOwner: string): unknown {
  return {
    ExerciseCommand: { templateId: ctx.fixtures.templates.iou.templateId, contractId, choice: 'Transfer', choiceArgument: { newOwner } },
  };
}

/** The Iou `contractId` exercised as if it were a GetCash (its Archive choice). */
function asGetCash(ctx: ConformanceContext, contractId: string): unknown {
  return { ExerciseCommand: { templateId: ctx.fixtures.templates.getCash.templateId, contractId, choice: 'Archive', choiceArgument: {} } };
}

/** `A:B:C` or `#name:B:C` → `B:C`. */
const qualifiedName = (templateId: unknown): string => String(templateId).split(':').slice(1).join(':');

conformanceSuite('flows / contracts and events', () => {
  conformanceTest(
    {
      name: 'a contract exercised through another template is WRONGLY_TYPED_CONTRACT, also after a correct exercise in the same submission',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.wrongly-typed-contract'],
      checks: ['negative_data_rejection', 'error_body_conformance', 'status_code_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const clauseId = 'canton.commands.wrongly-typed-contract';
      const alice = ctx.party('alice');
      const bob = ctx.party('bob');
      const user = aliceUser(ctx);
      const first = await createIouAndFindIt(ctx, alice);
      const second = await createIouAndFindIt(ctx, alice);
      const alone = await submitAndWait(ctx, user, [alice], [asGetCash(ctx, second.contractId)]);
      const afterCorrect = await submitAndWait(
        ctx,
        user,
        [alice],
        [transfer(ctx, first.contractId, bob), asGetCash(ctx, second.contractId)],
      );
      // Control: the same submission with the right template for the second contract (nothing above was committed).
      const control = await submitAndWait(
        ctx,
        user,
        [alice],
        [transfer(ctx, first.contractId, bob), transfer(ctx, second.contractId, bob)],
      );
      for (const refused of [alone, afterCorrect]) {
        if (refused.status >= 200 && refused.status < 300) statusInRange(refused, 400, 499, clauseId);
      }
      if (control.status !== 200) {
        recordInconclusive('negative_data_rejection', clauseId, `the control submission was refused too (${control.status})`, control);
        return;
      }
      for (const refused of [alone, afterCorrect]) {
        statusCodeConformance(refused, [400], clauseId);
        expectErrorCode(errorBodyConformance(ctx, refused, clauseId), 'WRONGLY_TYPED_CONTRACT', clauseId, refused);
      }
    },
  );

  conformanceTest(
    {
      name: 'a template filter shows what an exercise did: the archive of the exercised contract and the create of the new one (ACS delta)',
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.template-filter-exercise-results'],
      checks: ['stateful_consistency', 'response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const clauseId = 'canton.semantics.template-filter-exercise-results';
      const alice = ctx.party('alice');
      const bob = ctx.party('bob');
      const { contractId, payer, bankUser } = await createIouAndFindIt(ctx, alice);
      const transferred = await submit(ctx, { user: aliceUser(ctx), actAs: [alice], commands: [transfer(ctx, contractId, bob)], clauseId });
      const templateId = ctx.fixtures.templates.iou.templateId;
      const filter = { identifierFilter: { TemplateFilter: { value: { templateId, includeCreatedEventBlob: false } } } };
      // The payer signs both Ious: it sees the archive and the create.
      const response = await updateByOffset(
        ctx,
        bankUser,
        transferred.completionOffset,
        transactionFormat({ [payer]: [filter] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const { events } = transactionOf(response, clauseId);
      const archived = events.filter(([kind]) => kind === 'ArchivedEvent').map(([, event]) => event);
      const created = events.filter(([kind]) => kind === 'CreatedEvent').map(([, event]) => event);
      expectValueMatches(
        clauseId,
        'the archived events through the Iou template filter',
        archived.map((event) => event.contractId),
        (ids) => ids.length === 1 && ids[0] === contractId,
        `exactly the exercised Iou ${contractId}`,
        response,
      );
      expectValue(
        clauseId,
        'the template of the archived event',
        qualifiedName(archived[0]!.templateId),
        qualifiedName(templateId),
        response,
      );
      expectValueMatches(
        clauseId,
        'the created events through the Iou template filter',
        created.map((event) => [qualifiedName(event.templateId), (event.createArgument as JsonObject | undefined)?.owner]),
        (pairs) => pairs.length === 1 && pairs[0]![0] === qualifiedName(templateId) && pairs[0]![1] === bob,
        'exactly one, the Iou now owned by bob',
        response,
      );
    },
  );

  conformanceTest(
    {
      name: "events carry their template's package name, and a created event's representativePackageId is its template's package id",
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.package-name-in-events', 'canton.semantics.representative-package-id'],
      checks: ['response_value_conformance'],
      requires: ['writes'],
    },
    async (ctx) => {
      const alice = ctx.party('alice');
      const bob = ctx.party('bob');
      const { contractId, payer, bankUser } = await createIouAndFindIt(ctx, alice);
      const transferred = await submit(ctx, {
        user: aliceUser(ctx),
        actAs: [alice],
        commands: [transfer(ctx, contractId, bob)],
        clauseId: 'canton.semantics.package-name-in-events',
      });
      const seen = new Set<string>();
      for (const shape of ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const) {
        const response = await updateByOffset(
          ctx,
          bankUser,
          transferred.completionOffset,
          transactionFormat({ [payer]: [wildcardFilter()] }, shape),
        );
        const { events } = transactionOf(response, 'canton.semantics.package-name-in-events');
        for (const [kind, event] of events) {
          seen.add(kind);
          expectValue(
            'canton.semantics.package-name-in-events',
            `packageName of the ${kind} (${shape})`,
            event.packageName,
            ctx.fixtures.package.name,
            response,
          );
          if (kind === 'CreatedEvent') {
            expectValue(
              'canton.semantics.representative-package-id',
              `representativePackageId of the created Iou (${shape})`,
              event.representativePackageId,
              ctx.fixtures.package.id,
              response,
            );
          }
        }
      }
      expectValueMatches(
        'canton.semantics.package-name-in-events',
        'the kinds of events read',
        [...seen].sort(),
        (kinds) => ['ArchivedEvent', 'CreatedEvent', 'ExercisedEvent'].every((kind) => kinds.includes(kind)),
        'created, archived and exercised events',
      );
    },
  );
});
