/**
 * A nested transaction tree and its projections (LAPITT TransactionServiceVisibilityIT TXLedgerEffectsBlinding :72 and
 * TXTreeLastDescendant :219), built with CantonExamples' Swap: Accept (controller party2) fetches two Ious and
 * exercises Transfer on each, each Transfer creating an Iou. Alice (party1, the Swap's signatory) and Bob (party2, its
 * actor) witness the whole tree under one root; the bank, payer of both Ious, witnesses only the two Transfers and
 * their creates: two roots. Each view is a well-formed forest by lastDescendantNodeId.
 * Suite `flows / transaction trees`; needs templates.swap and users acting as alice, bob and bank.
 */
import { eventSetsEqual, writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { createdEvents, createIouAndFindIt, type JsonObject, partyView, submit, transactionOf } from '../support/ledger.js';
import { EFFECTS, userActingAs } from '../support/visibility.js';

const WITNESSES = 'semantics.visibility.ledger-effects.exactly-witnesses';
const TREE = 'canton.semantics.tree.last-descendant';

interface Node {
  kind: string;
  nodeId: number;
  last: number;
  event: JsonObject;
}

/** The roots of a view: the events no exercised event's range (nodeId, lastDescendantNodeId] contains. */
function rootsOf(nodes: readonly Node[]): Node[] {
  return nodes.filter(
    (node) => !nodes.some((other) => other.kind === 'ExercisedEvent' && other.nodeId < node.nodeId && node.nodeId <= other.last),
  );
}

/** What an event stands for, independent of node ids: `Transfer <contract>` or `Iou <payer>-><owner>`. */
function label(node: Node): string {
  if (node.kind === 'ExercisedEvent') return `${String(node.event.choice)} ${String(node.event.contractId)}`;
  const argument = (node.event.createArgument ?? {}) as JsonObject;
  return `create ${String(argument.payer)}->${String(argument.owner)}`;
}

conformanceSuite('flows / transaction trees', () => {
  conformanceTest(
    {
      name: 'a Swap.Accept tree: the actors see it under one root, the payer of both Ious sees its two Transfers as two roots; every view is a forest by lastDescendantNodeId',
      endpoint: 'update-by-offset',
      clauses: [WITNESSES, TREE],
      requires: ['writes'],
    },
    async (context) => {
      const template = context.fixtures.templates.swap;
      if (!template)
        return context.skip("the fixtures name no Swap template (templates.swap: CantonExamples' Swap, whose Accept nests two Transfers)");
      const [alice, bob, bank] = [context.party('alice'), context.party('bob'), context.party('bank')];
      const users = { alice: userActingAs(context, 'alice'), bob: userActingAs(context, 'bob'), bank: userActingAs(context, 'bank') };
      // iou1: Alice's, shown to Bob (Accept fetches it as Bob); iou2: Bob's. Both 100 USD, exchange rate 1.
      const { contractId: iou1 } = await createIouAndFindIt(context, alice, [bob]);
      const { contractId: iou2 } = await createIouAndFindIt(context, bob);
      const swap = await submit(context, {
        user: users.alice,
        actAs: [alice],
        commands: [
          {
            CreateCommand: {
              templateId: template.templateId,
              createArguments: { party1: alice, party2: bob, iou1, exchangeRate: '1.0', currencyDesired: 'USD' },
            },
          },
        ],
        clauseId: TREE,
      });
      const swapView = await partyView(context, users.alice, swap.completionOffset, alice, EFFECTS);
      const swapId = createdEvents(transactionOf(swapView, TREE).events)[0]?.contractId;
      const accepted = await submit(context, {
        user: users.bob,
        actAs: [bob],
        commands: [
          { ExerciseCommand: { templateId: template.templateId, contractId: swapId, choice: 'Accept', choiceArgument: { iou2 } } },
        ],
        clauseId: TREE,
      });
      const whole = [
        `Accept ${String(swapId)}`,
        `Transfer ${iou1}`,
        `create ${bank}->${bob}`,
        `Transfer ${iou2}`,
        `create ${bank}->${alice}`,
      ];
      const views = [
        { who: 'alice (party1)', user: users.alice, party: alice, labels: whole, roots: [`Accept ${String(swapId)}`] },
        { who: 'bob (party2, the actor)', user: users.bob, party: bob, labels: whole, roots: [`Accept ${String(swapId)}`] },
        {
          who: 'the bank (payer of both Ious)',
          user: users.bank,
          party: bank,
          labels: whole.slice(1),
          roots: [`Transfer ${iou1}`, `Transfer ${iou2}`],
        },
      ];
      for (const view of views) {
        const response = await partyView(context, view.user, accepted.completionOffset, view.party, EFFECTS);
        const { events } = transactionOf(response, WITNESSES);
        const nodes: Node[] = events.map(([kind, event]) => ({
          kind,
          nodeId: Number(event.nodeId),
          last: kind === 'ExercisedEvent' ? Number(event.lastDescendantNodeId) : Number(event.nodeId),
          event,
        }));
        writeVisible(WITNESSES, `the events ${view.who} sees of the Accept`, nodes, view.labels.length, response);
        eventSetsEqual(WITNESSES, `what ${view.who} sees of the Accept`, view.labels, nodes.map(label), response);
        expectValue(
          TREE,
          `the node ids of ${view.who}'s view, in the order listed (ascending)`,
          nodes.map((node) => node.nodeId),
          [...nodes.map((node) => node.nodeId)].sort((a, b) => a - b),
          response,
        );
        for (const node of nodes.filter((entry) => entry.kind === 'ExercisedEvent')) {
          expectValueMatches(
            TREE,
            `lastDescendantNodeId of ${label(node)} (nodeId ${node.nodeId})`,
            node.last,
            (last) => last >= node.nodeId,
            `at least ${node.nodeId}`,
            response,
          );
        }
        eventSetsEqual(TREE, `the roots of ${view.who}'s view`, view.roots, rootsOf(nodes).map(label), response);
        // Each Transfer's range holds exactly the Iou it creates.
        for (const [transfer, created] of [
          [`Transfer ${iou1}`, `create ${bank}->${bob}`],
          [`Transfer ${iou2}`, `create ${bank}->${alice}`],
        ] as const) {
          const node = nodes.find((entry) => label(entry) === transfer);
          const below = nodes.filter((entry) => node !== undefined && node.nodeId < entry.nodeId && entry.nodeId <= node.last).map(label);
          eventSetsEqual(TREE, `the descendants of ${transfer} in ${view.who}'s view`, [created], below, response);
        }
      }
    },
  );
});
