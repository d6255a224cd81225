/**
 * Daml-LF's value nesting limit (100 levels), canton profile, with the suite's own models: conformance-nesting (LAPITT's
 * semantic/DeeplyNestedValue.daml as daml/lf/nesting.lf: a recursive Nat, a Contract holding one, a Handler whose
 * choices build, take apart and store one) for DeeplyNestedValueIT, and conformance-keys' KeyNesting (a key holding a
 * Nat) for ContractKeysDeeplyNestedValueIT. Each value is sent at LAPITT's nestings 46, 100, 101, 110 and 200: the first
 * two must be accepted, the others refused, each refusal credited only against the same request at nesting 100. The
 * fixtures name the suite packages when `provision` uploaded them (`suitePackages`); the tests skip without them.
 */
import { positiveDataAcceptance } from '../../checks/basic.js';
import { writeVisible } from '../../checks/stateful.js';
import type { ClientResponse } from '../../client/http.js';
import { freshId } from '../../generators/index.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import { aliceUser } from '../support/command-semantics.js';
import { createdEvents, partyView, submit, transactionOf, type JsonObject } from '../support/ledger.js';
import { refusedAgainstControl } from '../support/refusals.js';

/** LAPITT's nestings (DeeplyNestedValueIT.scala:47, ContractKeysDeeplyNestedValueIT.scala:39): accepted up to 100. */
const NESTINGS = [46, 100, 101, 110, 200] as const;
const LIMIT = 100;

/** `toNat k`: S applied k times to `Z ()`, a Nat of nesting k + 1 (`Z ()` nests 1). */
function toNat(k: number): JsonObject {
  let value: JsonObject = { tag: 'Z', value: {} };
  for (let index = 0; index < k; index += 1) value = { tag: 'S', value };
  return value;
}

/** The template id of `Module:Entity` in a suite package the fixtures name, or a skip when they name none with it. */
function suiteTemplates(context: ConformanceContext, model: string, entities: readonly string[]): Record<string, string> {
  const pkg = context.fixtures.suitePackages?.[model];
  if (pkg === undefined) {
    return context.skip(`the fixtures name no ${model} package (suitePackages; provision uploads the suite's daml/dars/${model}.dar)`);
  }
  const missing = entities.filter((entity) => !(pkg.templates ?? []).includes(entity));
  if (missing.length > 0) return context.skip(`the fixtures' ${model} package declares no ${missing.join(', ')}`);
  return Object.fromEntries(entities.map((entity) => [entity, `#${pkg.name}:${entity}`]));
}

function send(context: ConformanceContext, user: string, actAs: string, commands: unknown[]): Promise<ClientResponse> {
  return context.send({ endpoint: 'submit-and-wait', user, body: { commands, commandId: freshId('nesting'), actAs: [actAs] } });
}

/** One place a value goes, at every nesting: accepted up to the limit, else refused with `code` (against nesting 100). */
interface Position {
  name: string;
  clauseId: ClauseId;
  code: string;
  answers: Map<number, Promise<ClientResponse>>;
}

function judge(context: ConformanceContext, position: Position, answers: Map<number, ClientResponse>): void {
  const control = answers.get(LIMIT)!;
  for (const nesting of NESTINGS) {
    const response = answers.get(nesting)!;
    if (nesting <= LIMIT) positiveDataAcceptance(response, position.clauseId);
    else {
      refusedAgainstControl(context, position.clauseId, response, control, position.code, 400, {
        control: `${position.name} with a value nested ${LIMIT} levels`,
      });
    }
  }
}

async function settle(position: Position): Promise<Map<number, ClientResponse>> {
  const settled = await Promise.all(NESTINGS.map(async (nesting) => [nesting, await position.answers.get(nesting)!] as const));
  return new Map(settled);
}

function position(name: string, clauseId: ClauseId, code: string, request: (nesting: number) => Promise<ClientResponse>): Position {
  return { name, clauseId, code, answers: new Map(NESTINGS.map((nesting) => [nesting, request(nesting)])) };
}

conformanceSuite('flows / value nesting', () => {
  conformanceTest(
    {
      name: 'a value nested 100 levels is accepted in every place a command or a choice puts one, 101, 110 and 200 refused (DeeplyNestedValue)',
      endpoint: 'submit-and-wait',
      clauses: ['canton.values.nesting-limit-commands', 'canton.values.nesting-limit-interpretation'],
      requires: ['writes'],
      concurrent: true,
    },
    async (context) => {
      // DeeplyNestedValueIT.scala:47-156, one test per place and nesting there; here all at once.
      const templates = suiteTemplates(context, 'conformance-nesting', ['DeeplyNestedValue:Contract', 'DeeplyNestedValue:Handler']);
      const contractId = templates['DeeplyNestedValue:Contract']!;
      const handlerId = templates['DeeplyNestedValue:Handler']!;
      const user = aliceUser(context);
      const alice = context.party('alice');
      const commands = 'canton.values.nesting-limit-commands';
      const interpretation = 'canton.values.nesting-limit-interpretation';
      // A Contract's argument nests one more than its Nat, a choice argument one more than the Nat it holds
      // (DeeplyNestedValueIT.scala:53-59): for a nesting N both hold toNat (N - 2).
      const contract = (nesting: number) => ({ party: alice, i: String(nesting - 2), n: toNat(nesting - 2) });
      const handler = submit(context, {
        user,
        actAs: [alice],
        commands: [{ CreateCommand: { templateId: handlerId, createArguments: { party: alice } } }],
        clauseId: interpretation,
      }).then(async (created) => {
        const view = await partyView(context, user, created.completionOffset, alice, 'TRANSACTION_SHAPE_ACS_DELTA');
        const handlers = createdEvents(transactionOf(view, interpretation).events);
        writeVisible(interpretation, 'the created Handler', handlers, 1, view);
        return String(handlers[0]!.contractId);
      });
      const onHandler = (choice: string, choiceArgument: JsonObject) =>
        handler.then((id) =>
          send(context, user, alice, [{ ExerciseCommand: { templateId: handlerId, contractId: id, choice, choiceArgument } }]),
        );
      const positions = [
        position('a CreateCommand', commands, 'COMMAND_PREPROCESSING_FAILED', (nesting) =>
          send(context, user, alice, [{ CreateCommand: { templateId: contractId, createArguments: contract(nesting) } }]),
        ),
        position('the create argument of a CreateAndExerciseCommand', commands, 'COMMAND_PREPROCESSING_FAILED', (nesting) =>
          send(context, user, alice, [
            {
              CreateAndExerciseCommand: {
                templateId: contractId,
                createArguments: contract(nesting),
                choice: 'Archive',
                choiceArgument: {},
              },
            },
          ]),
        ),
        position('the choice argument of a CreateAndExerciseCommand', commands, 'COMMAND_PREPROCESSING_FAILED', (nesting) =>
          send(context, user, alice, [
            {
              CreateAndExerciseCommand: {
                templateId: handlerId,
                createArguments: { party: alice },
                choice: 'Destruct',
                choiceArgument: { n: toNat(nesting - 2) },
              },
            },
          ]),
        ),
        position('the choice argument of an ExerciseCommand (Destruct)', commands, 'COMMAND_PREPROCESSING_FAILED', (nesting) =>
          onHandler('Destruct', { n: toNat(nesting - 2) }),
        ),
        // The choice builds the value: ConstructThenDestruct exercises Destruct on a Nat it made, Construct returns one,
        // Create stores one in a Contract.
        position('the argument of a choice a choice exercises (ConstructThenDestruct)', interpretation, 'VALUE_NESTING', (nesting) =>
          onHandler('ConstructThenDestruct', { i: String(nesting - 2) }),
        ),
        position("a choice's result (Construct)", interpretation, 'VALUE_NESTING', (nesting) =>
          onHandler('Construct', { i: String(nesting - 1) }),
        ),
        position('the argument of a contract a choice creates (Create)', interpretation, 'VALUE_NESTING', (nesting) =>
          onHandler('Create', { i: String(nesting - 2) }),
        ),
      ];
      const settled = await Promise.all(positions.map(settle));
      positions.forEach((entry, index) => judge(context, entry, settled[index]!));
    },
  );

  conformanceTest(
    {
      name: 'a contract key nested 100 levels is accepted when a choice creates it and in an exercise by key, 101, 110 and 200 refused (KeyNesting)',
      endpoint: 'submit-and-wait',
      clauses: ['canton.keys.nesting-limit'],
      requires: ['writes'],
      concurrent: true,
    },
    async (context) => {
      // ContractKeysDeeplyNestedValueIT.scala:39-117. Its fetch and lookup by key run in a choice; a stable Daml-LF
      // package has no lookup_by_key, so the key reaches the engine in an ExerciseByKeyCommand instead.
      const clauseId = 'canton.keys.nesting-limit';
      const templates = suiteTemplates(context, 'conformance-keys', ['KeyNesting:ContractWithKey', 'KeyNesting:Handler']);
      const keyedId = templates['KeyNesting:ContractWithKey']!;
      const handlerId = templates['KeyNesting:Handler']!;
      const user = aliceUser(context);
      const alice = context.party('alice');
      // The key { party, n = toNat i } nests one more than its Nat: for a nesting N, i = N - 2 (:46).
      const created = position('the key of a contract a choice creates (CreateKey)', clauseId, 'VALUE_NESTING', (nesting) =>
        send(context, user, alice, [
          {
            CreateAndExerciseCommand: {
              templateId: handlerId,
              createArguments: { party: alice },
              choice: 'CreateKey',
              choiceArgument: { i: String(nesting - 2) },
            },
          },
        ]),
      );
      const byKey = (nesting: number) =>
        send(context, user, alice, [
          {
            ExerciseByKeyCommand: {
              templateId: keyedId,
              contractKey: { party: alice, n: toNat(nesting - 2) },
              choice: 'Archive',
              choiceArgument: {},
            },
          },
        ]);
      // Too deep to look up whatever the ledger holds; the keys up to the limit once their contracts are created.
      const found = position('the key of an ExerciseByKeyCommand', clauseId, 'COMMAND_PREPROCESSING_FAILED', (nesting) =>
        nesting <= LIMIT ? created.answers.get(nesting)!.then(() => byKey(nesting)) : byKey(nesting),
      );
      const [createdAnswers, foundAnswers] = await Promise.all([settle(created), settle(found)]);
      judge(context, created, createdAnswers);
      judge(context, found, foundAnswers);
    },
  );
});
