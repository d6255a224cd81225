/**
 * Ledger semantics, part 1: who sees what. Each test builds a small transaction from the fixture's Iou and
 * computes, from what it submitted (never from the node's answers), which party is entitled to which event:
 * stakeholders in the ACS-delta shape, witnesses (informees of the node and of its ancestors) in the
 * ledger-effects shape. Then it asks the node per party, for several parties at once with their own filters,
 * and with filtersForAnyParty beside filtersByParty, and compares; and a submitter's own fields are shown to it only.
 * Suite `flows / visibility and privacy`, with visibility-shapes (transients, non-consuming exercises) and
 * visibility-filters (interface and topology filters).
 */
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { eventSetsEqual, subsetOf, writeVisible } from '../../checks/stateful.js';
import type { ClientResponse } from '../../client/http.js';
import type { ClauseId } from '../../specification/clauses.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import {
  CREATED_IOU_CLAUSES,
  UPDATE_NOT_FOUND_CANTON_CLAUSES,
  createIouAndFindIt,
  createdEvents,
  expectUpdateNotFound,
  submit,
  transactionOf,
  updateByOffset,
  wildcardFilter,
  type JsonObject,
  type Shape,
  type TransactionEvent,
} from '../support/ledger.js';
import { ACS, EFFECTS, auditor, format, templateFilter, unset, userActingAs } from '../support/visibility.js';

/** An event as the model names it: its kind and the contract it is about. */
const eventKey = ([kind, event]: TransactionEvent): string => `${kind} ${String(event.contractId)}`;

/**
 * The events a lookup shows must be exactly `expected` (kind and contract), each naming only parties of
 * `witnesses` (and at least those of `mustWitness`); an empty expectation means UPDATE_NOT_FOUND.
 */
function expectEvents(
  context: ConformanceContext,
  response: ClientResponse,
  offset: number,
  clauseId: ClauseId,
  what: string,
  expected: string[],
  witnesses: (event: string) => { allowed: string[]; required: string[] },
): TransactionEvent[] {
  if (expected.length === 0) {
    expectUpdateNotFound(context, response, offset, clauseId);
    return [];
  }
  const { events } = transactionOf(response, clauseId);
  eventSetsEqual(clauseId, `the events ${what}`, expected, events.map(eventKey), response);
  writeVisible(clauseId, `the number of events ${what}`, events, expected.length, response);
  for (const event of events) {
    const named = (event[1].witnessParties as unknown[] | undefined) ?? [];
    const { allowed, required } = witnesses(eventKey(event));
    subsetOf(clauseId, `witnessParties of ${eventKey(event)} ${what}`, named, allowed, response);
    subsetOf(clauseId, `the entitled filter parties of ${eventKey(event)} ${what}, among its witnessParties`, required, named, response);
  }
  return events;
}

conformanceSuite('flows / visibility and privacy', () => {
  conformanceTest(
    {
      name: "the command id and paidTrafficCost are shown only in a submitter's view, in both shapes",
      endpoint: 'update-by-offset',
      clauses: ['canton.semantics.command-id.submitters-only', 'canton.semantics.paid-traffic-cost.submitters-only'],
      requires: ['writes'],
    },
    async (context) => {
      // Canton-only clauses: the spec does not show the fields of a transaction (a spec-profile run leaves the test out).
      const alice = context.party('alice');
      const { submitted, payer, bankUser } = await createIouAndFindIt(context, alice);
      const aliceReader = context.userWhere(
        'can read as alice',
        (user) => user.rights.actAs.includes('alice') || user.rights.readAs.includes('alice'),
      ).id;
      for (const shape of [ACS, EFFECTS]) {
        // The submitter bank (payer, signatory), alone and beside the non-submitting alice: its request names a submitter.
        for (const [user, parties] of [
          [bankUser, [payer]],
          [auditor(context), [payer, alice]],
        ] as const) {
          const seen = await updateByOffset(
            context,
            user,
            submitted.completionOffset,
            format(shape, Object.fromEntries(parties.map((p) => [p, [wildcardFilter()]]))),
          );
          const value = transactionOf(seen, 'canton.semantics.command-id.submitters-only').value;
          const who = `${shape}, filter parties ${parties.join(', ')}`;
          expectValue('canton.semantics.command-id.submitters-only', `commandId (${who})`, value.commandId, submitted.commandId, seen);
          expectValueMatches(
            'canton.semantics.paid-traffic-cost.submitters-only',
            `paidTrafficCost (${who})`,
            value.paidTrafficCost,
            (cost) => unset(cost) || (Number.isInteger(Number(cost)) && Number(cost) >= 0),
            'unset or a non-negative integer',
            seen,
          );
        }
        // The owner alice is a stakeholder (observer) who did not submit.
        const hidden = await updateByOffset(
          context,
          aliceReader,
          submitted.completionOffset,
          format(shape, { [alice]: [wildcardFilter()] }),
        );
        const value = transactionOf(hidden, 'canton.semantics.command-id.submitters-only').value;
        expectValueMatches(
          'canton.semantics.command-id.submitters-only',
          `commandId in the view of the non-submitting stakeholder alice (${shape})`,
          value.commandId,
          (commandId) => unset(commandId) || commandId === '',
          'empty or absent',
          hidden,
        );
        expectValueMatches(
          'canton.semantics.paid-traffic-cost.submitters-only',
          `paidTrafficCost in the view of the non-submitting stakeholder alice (${shape})`,
          value.paidTrafficCost,
          unset,
          'absent or null',
          hidden,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'each event goes to exactly its entitled parties: per party, several parties with their own filters, and any party beside them',
      endpoint: 'update-by-offset',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'command.ExerciseCommand.fields-required',
        'semantics.visibility.acs-delta.exactly-stakeholders',
        'semantics.visibility.ledger-effects.exactly-witnesses',
        'semantics.filters.per-party-filter',
        'semantics.filters.template-filter-exercised',
        'update-by-offset.update-not-found.all-filtered',
        'canton.semantics.filters.any-party-beside-by-party',
        'canton.semantics.filters.flags-accumulate-across-parties',
        ...UPDATE_NOT_FOUND_CANTON_CLAUSES,
      ],
      requires: ['writes'],
    },
    async (context) => {
      const [alice, bob, bank, carol] = ['alice', 'bob', 'bank', 'carol'].map((alias) => context.party(alias)) as [
        string,
        string,
        string,
        string,
      ];
      const iouId = context.fixtures.templates.iou.templateId;
      const getCashId = context.fixtures.templates.getCash.templateId;
      const { contractId: old } = await createIouAndFindIt(context, alice);
      const transfer = await submit(context, {
        user: userActingAs(context, 'alice'),
        actAs: [alice],
        commands: [{ ExerciseCommand: { templateId: iouId, contractId: old, choice: 'Transfer', choiceArgument: { newOwner: bob } } }],
        clauseId: 'command.ExerciseCommand.fields-required',
      });
      const offset = transfer.completionOffset;
      const reader = auditor(context);
      const ask = (shape: Shape, byParty: Record<string, JsonObject[]>, anyParty?: JsonObject[]) =>
        updateByOffset(context, reader, offset, format(shape, byParty, anyParty));

      // The new Iou's id, from bank's view (bank is a stakeholder of both contracts).
      const bankView = transactionOf(await ask(ACS, { [bank]: [wildcardFilter()] }), 'semantics.visibility.acs-delta.exactly-stakeholders');
      const fresh = String(createdEvents(bankView.events)[0]?.contractId);
      // The model: the Transfer (consuming, actor alice) on the old Iou (payer bank, owner alice) creates the new Iou (bank, bob).
      const archived = `ArchivedEvent ${old}`;
      const exercised = `ExercisedEvent ${old}`;
      const created = `CreatedEvent ${fresh}`;
      const acsEntitled: Record<string, string[]> = { [archived]: [bank, alice], [created]: [bank, bob] };
      // Ledger effects: informees of the exercise (signatory, actor, stakeholders of the consumed contract) see it and its child.
      const effectsEntitled: Record<string, string[]> = { [exercised]: [bank, alice], [created]: [bank, bob, alice] };
      const entitledOf = (shape: Shape) => (shape === ACS ? acsEntitled : effectsEntitled);
      const clauseOf = (shape: Shape): ClauseId =>
        shape === ACS ? 'semantics.visibility.acs-delta.exactly-stakeholders' : 'semantics.visibility.ledger-effects.exactly-witnesses';

      // One party at a time, with a wildcard filter: exactly the events the model entitles it to.
      for (const shape of [ACS, EFFECTS]) {
        const entitled = entitledOf(shape);
        for (const party of [alice, bob, bank, carol]) {
          const expected = Object.keys(entitled).filter((event) => entitled[event]!.includes(party));
          const clauseId = expected.length === 0 ? 'update-by-offset.update-not-found.all-filtered' : clauseOf(shape);
          const response = await ask(shape, { [party]: [wildcardFilter()] });
          const events = expectEvents(context, response, offset, clauseId, `${party} sees (${shape})`, expected, () => ({
            allowed: [party],
            required: [party],
          }));
          for (const [kind, event] of events) {
            if (kind !== 'CreatedEvent') continue;
            expectValueMatches(
              clauseOf(shape),
              `the createArgument of the new Iou (${shape}, ${party})`,
              (event.createArgument as JsonObject | undefined)?.owner,
              (owner) => owner === bob,
              `a record whose owner is ${bob}`,
              response,
            );
          }
        }
        // Several parties at once, each with a wildcard: each event names exactly its entitled requesters.
        const both = [alice, bob];
        expectEvents(
          context,
          await ask(shape, { [alice]: [wildcardFilter()], [bob]: [wildcardFilter()] }),
          offset,
          clauseOf(shape),
          `alice and bob see together (${shape})`,
          Object.keys(entitled).filter((event) => entitled[event]!.some((party) => both.includes(party))),
          (event) => {
            const named = entitled[event]!.filter((party) => both.includes(party));
            return { allowed: named, required: named };
          },
        );
        // Per-party filters: alice's wildcard and bob's GetCash filter (which matches no Iou) select for their own party.
        for (const [wild, other] of [
          [alice, bob],
          [bob, alice],
        ] as const) {
          const expected = Object.keys(entitled).filter((event) => entitled[event]!.includes(wild));
          expectEvents(
            context,
            await ask(shape, { [wild]: [wildcardFilter()], [other]: [templateFilter(getCashId)] }),
            offset,
            'semantics.filters.per-party-filter',
            `with a wildcard for ${wild} and a GetCash filter for ${other} (${shape})`,
            expected,
            (event) => ({ allowed: entitled[event]!.filter((party) => party === wild || party === other), required: [wild] }),
          );
        }
        if (context.profile !== 'canton') continue;
        // filtersForAnyParty (GetCash, matching nothing here) beside filtersByParty {bob: wildcard}: the union is bob's view.
        const bobs = Object.keys(entitled).filter((event) => entitled[event]!.includes(bob));
        expectEvents(
          context,
          await ask(shape, { [bob]: [wildcardFilter()] }, [templateFilter(getCashId)]),
          offset,
          'canton.semantics.filters.any-party-beside-by-party',
          `with filtersForAnyParty on GetCash beside a wildcard for bob (${shape})`,
          bobs,
          (event) => ({ allowed: entitled[event]!, required: [bob] }),
        );
        // And the any-party wildcard beside a GetCash filter for alice: every event, as for any party.
        expectEvents(
          context,
          await ask(shape, { [alice]: [templateFilter(getCashId)] }, [wildcardFilter()]),
          offset,
          'canton.semantics.filters.any-party-beside-by-party',
          `with a wildcard filtersForAnyParty beside a GetCash filter for alice (${shape})`,
          Object.keys(entitled),
          (event) => ({ allowed: entitled[event]!, required: [] }),
        );
      }

      // Template filters select exercise events in ledger effects: Iou shows the Transfer, GetCash nothing.
      const byIou = await ask(EFFECTS, { [alice]: [templateFilter(iouId)] });
      writeVisible(
        'semantics.filters.template-filter-exercised',
        'Transfer exercises matched by a TemplateFilter on Iou (ledger effects)',
        transactionOf(byIou, 'semantics.filters.template-filter-exercised').events.filter(
          ([kind, event]) => kind === 'ExercisedEvent' && event.choice === 'Transfer',
        ),
        1,
        byIou,
      );
      expectUpdateNotFound(
        context,
        await ask(EFFECTS, { [alice]: [templateFilter(getCashId)] }),
        offset,
        'semantics.filters.template-filter-exercised',
      );

      // includeCreatedEventBlob accumulates over the filters of the parties that see the create, and only theirs.
      if (context.profile === 'canton') {
        for (const [asker, sees] of [
          [bob, true],
          [alice, false],
        ] as const) {
          const response = await ask(ACS, { [bank]: [wildcardFilter(false)], [asker]: [wildcardFilter(true)] });
          const create = createdEvents(transactionOf(response, 'canton.semantics.filters.flags-accumulate-across-parties').events)[0];
          expectValueMatches(
            'canton.semantics.filters.flags-accumulate-across-parties',
            `createdEventBlob of the new Iou when ${asker} (${sees ? 'a stakeholder' : 'not a stakeholder'}) asks for blobs`,
            create?.createdEventBlob,
            (blob) => (sees ? typeof blob === 'string' && blob.length > 0 : unset(blob) || blob === ''),
            sees ? 'a non-empty blob' : 'absent or empty',
            response,
          );
        }
      }
    },
  );
});
