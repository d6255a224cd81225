/**
 * The size of a transaction (LAPITT's LimitsIT), with the suite's conformance-limits model (daml/lf/limits.lf: a Tree
 * whose non-consuming Build exercises itself `branching` times per level down to `depth`, answering the number of
 * exercises): a deep (100), a wide (12 500) and a large (a binary tree of depth 12) transaction submitted, each one
 * request (a CreateAndExercise), sent concurrently; the same shapes prepared for an external party, the wide one at
 * 1 000 siblings (LimitsIT's 12 000 is a prepared transaction of some 10 MB). Runs on any node `provision` gave the suite's DARs; skips with the reason on
 * a node without. Canton profile only (specification/clauses/suite-models.ts).
 */
import { decodePreparedTransaction } from '@canton-network/core-tx-visualizer';
import { acceptedWith, statusCodeConformance } from '../../checks/basic.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { freshId } from '../../generators/index.js';
import { parseJsonLossless } from '../../specification/json.js';
import { aliceUser, send } from '../support/command-semantics.js';
import { externalSigner, PREPARE_REQUIRED } from '../support/interactive.js';
import { postJson } from '../support/requests.js';
import { createAndExercise, eventsOf, suiteTemplates } from '../support/suite-models.js';

/** Exercises of Build (depth, branching): 1 + branching + branching^2 + ... + branching^depth. */
const exercisesOf = (depth: number, branching: number): number => {
  let total = 0;
  for (let level = 0, width = 1; level <= depth; level++, width *= branching) total += width;
  return total;
};

conformanceSuite('flows / transaction limits', () => {
  conformanceTest(
    {
      name: 'deep (100), wide (12 500) and large (binary, depth 12) transactions of Tree Build are accepted, every exercise a node',
      endpoint: 'submit-and-wait',
      clauses: ['canton.limits.transaction-size'],
      requires: ['writes'],
      // Its own contracts only: it may run beside the file's other tests.
      concurrent: true,
    },
    async (context) => {
      const tree = suiteTemplates(context, 'limits')('Tree');
      const clauseId = 'canton.limits.transaction-size';
      const alice = context.party('alice');
      const user = aliceUser(context);
      // LAPITT's three sizes, and a small tree of three levels of three read in full (the large ones are read in their ACS
      // delta only: a 12 500-exercise transaction is some 8 MB of ledger effects).
      const shapes = [
        { name: 'deep', depth: 100, branching: 1, read: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' },
        { name: 'wide', depth: 1, branching: 12_500, read: 'TRANSACTION_SHAPE_ACS_DELTA' },
        { name: 'large', depth: 12, branching: 2, read: 'TRANSACTION_SHAPE_ACS_DELTA' },
        { name: 'branched', depth: 3, branching: 3, read: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' },
      ] as const;
      const build = (depth: number, branching: number) =>
        send(context, user, {
          commands: [createAndExercise(tree, { owner: alice }, 'Build', { depth: String(depth), branching: String(branching) })],
          commandId: freshId('tree'),
          actAs: [alice],
        });
      const submitAndRead = async (index: number) => {
        const { depth, branching, read } = shapes[index]!;
        const answer = await build(depth, branching);
        acceptedWith(answer, 200, clauseId);
        return eventsOf(context, user, answer, alice, read, clauseId);
      };
      // The deep and small trees side by side; each large one read before anything else is sent, so the harness's check
      // of a completion offset (harness/library/offset-guard.ts) is settled by that read, not by its own ledger-effects
      // lookup of the whole transaction.
      const views = await Promise.all([submitAndRead(0), submitAndRead(3)]);
      const wide = await submitAndRead(1);
      const large = await submitAndRead(2);
      views.splice(1, 0, wide, large);
      shapes.forEach(({ name, depth, branching, read }, index) => {
        const { events, response } = views[index]!;
        if (read === 'TRANSACTION_SHAPE_ACS_DELTA') {
          // Build is non-consuming: the ACS delta holds the Tree's create alone.
          expectValue(
            clauseId,
            `the ACS delta of the ${name} transaction (Build ${depth} ${branching})`,
            events.map(([kind]) => kind),
            ['CreatedEvent'],
            response,
          );
          return;
        }
        const exercised = events.filter(([kind]) => kind === 'ExercisedEvent').map(([, event]) => event);
        const count = exercisesOf(depth, branching);
        expectValue(clauseId, `the exercises of the ${name} transaction (Build ${depth} ${branching})`, exercised.length, count, response);
        expectValue(
          clauseId,
          `the exerciseResult of the ${name} transaction's root Build`,
          String(exercised[0]?.exerciseResult),
          String(count),
          response,
        );
        if (name === 'deep') {
          // A chain: each Build holds every later node (its lastDescendantNodeId is the last node of the transaction).
          const last = Math.max(...events.map(([, event]) => Number(event.nodeId)));
          expectValueMatches(
            clauseId,
            'the lastDescendantNodeId of every Build of the deep chain',
            exercised.map((event) => Number(event.lastDescendantNodeId)),
            (found) => found.length === count && found.every((node) => node === last),
            `${count} times ${last}`,
            response,
          );
        }
      });
    },
  );

  conformanceTest(
    {
      name: 'an external party prepares deep (100), wide (1 000) and large (binary, depth 8) transactions of Tree Build',
      endpoint: 'prepare',
      clauses: ['canton.limits.prepared-transaction-size'],
      requires: ['interactiveSubmission'],
      // Its own contracts only: it may run beside the file's other tests.
      concurrent: true,
    },
    async (context) => {
      const tree = suiteTemplates(context, 'limits')('Tree');
      const clauseId = 'canton.limits.prepared-transaction-size';
      const { party, user } = externalSigner(context);
      // LAPITT's deep and large sizes; its wide one (12 000) is a prepared transaction of some 10 MB, 1 000 here.
      const shapes = [
        { name: 'deep', depth: 100, branching: 1 },
        { name: 'wide', depth: 1, branching: 1_000 },
        { name: 'large', depth: 8, branching: 2 },
      ];
      const answers = await Promise.all(
        shapes.map(({ depth, branching }) =>
          postJson(
            context,
            'prepare',
            {
              userId: user,
              commandId: freshId('tree'),
              commands: [createAndExercise(tree, { owner: party.id }, 'Build', { depth: String(depth), branching: String(branching) })],
              actAs: [party.id],
              readAs: [],
              ...PREPARE_REQUIRED(context),
            },
            user,
          ),
        ),
      );
      shapes.forEach(({ name, depth, branching }, index) => {
        const answer = answers[index]!;
        statusCodeConformance(answer, [200], clauseId);
        const prepared = parseJsonLossless(answer.text) as { preparedTransaction?: unknown } | undefined;
        let nodes: number | string;
        try {
          nodes = decodePreparedTransaction(String(prepared?.preparedTransaction)).transaction?.nodes.length ?? 0;
        } catch (error) {
          nodes = `undecodable: ${error instanceof Error ? error.message : String(error)}`;
        }
        // The create of the Tree and every exercise of Build.
        expectValue(
          clauseId,
          `the nodes of the prepared ${name} transaction (Build ${depth} ${branching})`,
          nodes,
          exercisesOf(depth, branching) + 1,
          answer,
        );
      });
    },
  );
});
