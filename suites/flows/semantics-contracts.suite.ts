/**
 * Ledger semantics, part 2: what may be done to a contract: exercise authorization (a choice needs its
 * controller's authority), double spends and consuming races, and disclosed contracts (createdEventBlob).
 * Part of suite `flows / semantics of commands` (see semantics-commands.suite.ts).
 * Canton profile only: every clause here is real Canton 3.5 behaviour, cited in specification/clauses/semantics-commands.ts.
 */
import { statusCodeConformance, statusInRange } from '../../checks/basic.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { parseJsonLossless } from '../../specification/json.js';
import { freshId } from '../../generators/index.js';
import {
  createdEvents,
  createIouAndFindIt,
  iouCreate,
  partyView,
  transactionFormat,
  transactionOf,
  updateByOffset,
  wildcardFilter,
} from '../support/ledger.js';
import { aliceUser, bankUser, refusedFor, send, transfer } from '../support/command-semantics.js';

conformanceSuite('flows / semantics of commands', () => {
  conformanceTest(
    {
      name: 'a two-signatory create (GetCash) needs both signatories in actAs: accepted with both, listing both; refused with one',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.all-signatories-authorize'],
      requires: ['writes'],
    },
    async (context) => {
      const clauseId = 'canton.commands.all-signatories-authorize';
      const actor = context.fixtures.users.find((candidate) => !candidate.isDeactivated && candidate.rights.actAs.length >= 2);
      if (!actor) return context.skip('no fixture user acts as two parties (needed for a create both must sign)');
      const [payer, owner] = [context.party(actor.rights.actAs[0]!), context.party(actor.rights.actAs[1]!)];
      const cash = (actAs: string[]) =>
        send(context, actor.id, {
          commands: [
            {
              CreateCommand: {
                templateId: context.fixtures.templates.getCash.templateId,
                createArguments: { payer, owner, amount: { value: '5.0', currency: 'USD' } },
              },
            },
          ],
          commandId: freshId('two-signatories'),
          actAs,
        });
      const both = await cash([payer, owner]);
      const alone = await cash([payer]);
      refusedFor(context, clauseId, alone, both, 'DAML_AUTHORIZATION_ERROR', 400, {
        control: 'the same create with both signatories in actAs',
      });
      const offset = Number((parseJsonLossless(both.text) as { completionOffset?: unknown } | undefined)?.completionOffset);
      const view = await partyView(context, actor.id, offset, payer, 'TRANSACTION_SHAPE_ACS_DELTA');
      const created = createdEvents(transactionOf(view, clauseId).events);
      writeVisible(clauseId, 'the created GetCash', created, 1, view);
      expectValue(
        clauseId,
        'the signatories of the GetCash created with both in actAs',
        [...((created[0]!.signatories as string[] | undefined) ?? [])].sort(),
        [payer, owner].sort(),
        view,
      );
    },
  );
  conformanceTest(
    {
      name: "a choice needs its controller's authority: a signatory, or a controller only in readAs, is refused",
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.controller-authorizes', 'canton.commands.read-as-no-authority'],
      requires: ['writes'],
    },
    async (context) => {
      const alice = context.party('alice');
      const bob = context.party('bob');
      const { contractId, payer, bankUser: bank } = await createIouAndFindIt(context, alice);
      // The payer is a signatory, not the Transfer's controller (the owner).
      const bySignatory = await send(context, bank, {
        commands: [transfer(context, contractId, bob)],
        commandId: freshId('controller'),
        actAs: [payer],
      });
      const byOwner = await send(context, aliceUser(context), {
        commands: [transfer(context, contractId, bob)],
        commandId: freshId('controller'),
        actAs: [alice],
      });
      refusedFor(context, 'canton.commands.controller-authorizes', bySignatory, byOwner, 'DAML_AUTHORIZATION_ERROR', 400);

      // The owner (bank) only in readAs: visible, not authorized.
      const reader = context.fixtures.users.find(
        (candidate) => !candidate.isDeactivated && candidate.rights.readAs.includes('bank') && candidate.rights.actAs.length > 0,
      );
      if (!reader) return context.skip('no fixture user acts as a party and reads as bank (needed for read-as without authority)');
      const actor = context.party(reader.rights.actAs[0]!);
      const owned = await createIouAndFindIt(context, payer);
      const readOnly = await send(context, reader.id, {
        commands: [transfer(context, owned.contractId, actor)],
        commandId: freshId('read-as'),
        actAs: [actor],
        readAs: [payer],
      });
      const asOwner = await send(context, bank, {
        commands: [transfer(context, owned.contractId, actor)],
        commandId: freshId('read-as'),
        actAs: [payer],
      });
      refusedFor(context, 'canton.commands.read-as-no-authority', readOnly, asOwner, 'DAML_AUTHORIZATION_ERROR', 400);
    },
  );

  conformanceTest(
    {
      name: 'a double spend in one transaction is CONTRACT_NOT_ACTIVE; of concurrent consumes exactly one wins',
      endpoint: 'submit-and-wait',
      clauses: ['canton.commands.double-spend-same-transaction', 'canton.commands.concurrent-consume-one-wins'],
      requires: ['writes'],
    },
    async (context) => {
      const alice = context.party('alice');
      const bob = context.party('bob');
      const user = aliceUser(context);
      const { contractId } = await createIouAndFindIt(context, alice);
      const twice = await send(context, user, {
        commands: [transfer(context, contractId, bob), transfer(context, contractId, alice)],
        commandId: freshId('double-spend'),
        actAs: [alice],
      });
      const once = await send(context, user, {
        commands: [transfer(context, contractId, bob)],
        commandId: freshId('double-spend'),
        actAs: [alice],
      });
      // The exercise that went through: one consuming Transfer of the contract, one create (the new Iou), in ledger effects.
      if (once.status === 200) {
        const offset = Number((parseJsonLossless(once.text) as { completionOffset?: unknown }).completionOffset);
        const effects = await partyView(context, user, offset, alice, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
        const { events } = transactionOf(effects, 'canton.commands.double-spend-same-transaction');
        const exercised = events.filter(([kind]) => kind === 'ExercisedEvent').map(([, event]) => event);
        expectValueMatches(
          'canton.commands.double-spend-same-transaction',
          'the exercised events of the single Transfer',
          exercised.map((event) => [event.contractId, event.choice, event.consuming]),
          (found) => found.length === 1 && found[0]![0] === contractId && found[0]![1] === 'Transfer' && found[0]![2] === true,
          `one consuming Transfer of ${contractId}`,
          effects,
        );
        writeVisible('canton.commands.double-spend-same-transaction', 'creates of the single Transfer', createdEvents(events), 1, effects);
      }
      const error = refusedFor(context, 'canton.commands.double-spend-same-transaction', twice, once, 'CONTRACT_NOT_ACTIVE', 404);
      if (error) {
        expectValueMatches(
          'canton.commands.double-spend-same-transaction',
          'the cause of a double spend',
          error.cause,
          (cause) => cause.includes('Update failed due to fetch of an inactive contract'),
          'containing "Update failed due to fetch of an inactive contract"',
          twice,
        );
      }

      const raced = await createIouAndFindIt(context, alice);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_unused, index) =>
          send(context, user, {
            commands: [transfer(context, raced.contractId, index % 2 === 0 ? bob : alice)],
            commandId: freshId('race'),
            actAs: [alice],
          }),
        ),
      );
      const winners = answers.filter((answer) => answer.status === 200);
      expectValue(
        'canton.commands.concurrent-consume-one-wins',
        `successes among 6 concurrent consuming exercises of one contract (answers ${answers.map((answer) => answer.status).join(', ')})`,
        winners.length,
        1,
        winners[0] ?? answers[0],
      );
      for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
        statusInRange(answer, 400, 499, 'canton.commands.concurrent-consume-one-wins');
      }
    },
  );

  conformanceTest(
    {
      name: 'disclosed contracts: an empty, undecodable or mismatched createdEventBlob is refused; a superfluous one is accepted',
      endpoint: 'submit-and-wait',
      clauses: ['canton.disclosure.blob-validated'],
      requires: ['writes'],
    },
    async (context) => {
      const payer = context.party('bank');
      const user = bankUser(context);
      const one = await createIouAndFindIt(context, payer);
      const other = await createIouAndFindIt(context, payer);
      const response = await updateByOffset(
        context,
        user,
        one.submitted.completionOffset,
        transactionFormat({ [payer]: [wildcardFilter(true)] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
      );
      const created = createdEvents(transactionOf(response, 'canton.disclosure.blob-validated').events);
      writeVisible('canton.disclosure.blob-validated', 'the created Iou with its blob', created, 1, response);
      const blob = String(created[0]!.createdEventBlob ?? '');
      expectValueMatches(
        'canton.disclosure.blob-validated',
        'the createdEventBlob the lookup asked for',
        blob,
        (text) => text.length > 0,
        'a non-empty blob',
        response,
      );
      // As ExplicitDisclosureIT does: the template id as the node renders it on the created event (package-id form).
      const templateId = String(created[0]!.templateId);
      const disclosing = (contractId: string, createdEventBlob: string) =>
        send(context, user, {
          commands: [iouCreate(context, payer, payer)],
          commandId: freshId('disclosure'),
          actAs: [payer],
          disclosedContracts: [{ templateId, contractId, createdEventBlob }],
        });
      // The control: the contract's own blob, disclosed although not needed (ExplicitDisclosureIT.scala:87).
      const control = await disclosing(one.contractId, blob);
      const cases: [string, string, string, string][] = [
        [one.contractId, '', 'MISSING_FIELD', 'DisclosedContract.createdEventBlob'],
        [one.contractId, Buffer.from('foo').toString('base64'), 'INVALID_ARGUMENT', 'Unable to decode disclosed contract event payload'],
        [other.contractId, blob, 'INVALID_ARGUMENT', 'Mismatch between DisclosedContract.contract_id'],
      ];
      for (const [contractId, createdEventBlob, code, words] of cases) {
        const refused = await disclosing(contractId, createdEventBlob);
        const error = refusedFor(context, 'canton.disclosure.blob-validated', refused, control, code, 400);
        if (error) {
          expectValueMatches(
            'canton.disclosure.blob-validated',
            `the cause of ${code}`,
            error.cause,
            (cause) => cause.includes(words),
            `containing "${words}"`,
            refused,
          );
        }
      }
      // The same disclosed contract twice is accepted (ExplicitDisclosureIT.scala:319 EDDuplicates).
      const twice = await send(context, user, {
        commands: [iouCreate(context, payer, payer)],
        commandId: freshId('disclosure'),
        actAs: [payer],
        disclosedContracts: [0, 1].map(() => ({ templateId, contractId: one.contractId, createdEventBlob: blob })),
      });
      statusCodeConformance(twice, [200], 'canton.disclosure.blob-validated');
      const body = parseJsonLossless(control.text) as { updateId?: unknown } | undefined;
      expectValueMatches(
        'canton.disclosure.blob-validated',
        'the answer to a submission with a superfluous disclosed contract',
        body?.updateId,
        (updateId) => typeof updateId === 'string' && updateId.length > 0,
        'an updateId',
        control,
      );
    },
  );
});
