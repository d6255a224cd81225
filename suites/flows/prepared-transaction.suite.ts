/**
 * What an external party signs: for each prepared command shape, the hash it is asked to sign is the V2
 * hash of the transaction it is shown (recomputed with the official Canton Network hasher, not the
 * target's), and that transaction carries the commands; a V3 request is never answered as V2; and
 * executeAndWait answers with the offset the transaction is committed at.
 */
import { readMatchesWrite, sameUpdateAtOffset } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { notAServerError, notServed, positiveDataAcceptance } from '../../checks/basic.js';
import {
  HASHING_SCHEME_V2,
  preparedFetchShown,
  preparedHashByScheme,
  TRANSACTION_SHOWS_FETCHES,
  type PreparedAnswer,
  type SubmittedPreparation,
} from '../../checks/prepared-transaction.js';
import { freshId } from '../../generators/index.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { parseJsonLossless } from '../../specification/json.js';
import { PREPARE_REQUIRED } from '../support/interactive.js';
import { executeBody, externalParty, prepareIou } from '../support/prepared-iou.js';
import {
  createIouAndFindIt,
  createdEvents,
  iouCreate,
  transactionFormat,
  transactionOf,
  updateByOffset,
  wildcardFilter,
} from '../support/ledger.js';

function executorOf(context: ConformanceContext, alias: string): string {
  return context.userWhere(`can execute as ${alias}`, (user) => user.rights.executeAs.includes(alias)).id;
}

async function prepare(context: ConformanceContext, submitted: SubmittedPreparation, extra: Record<string, unknown> = {}) {
  const user = executorOf(context, 'dana');
  return context.send({
    endpoint: 'prepare',
    user,
    body: {
      userId: user,
      commandId: submitted.commandId,
      commands: submitted.commands,
      actAs: submitted.actAs,
      readAs: [],
      ...PREPARE_REQUIRED(context),
      ...extra,
    },
  });
}

/**
 * The third shape: a choice fetching a committed contract. CantonExamples' DivulgeIouByExercise (dana its payer and
 * divulgee) is created and exercised at once; its Divulge fetches an Iou of the bank owned by dana. The prepared
 * transaction must hash as shown, show the commands and a Fetch node of the Iou under the exercise, list the Iou among
 * its input contracts, and commit once signed and executed. Without CantonExamples the fetch clause is waived with
 * the reason (the other shapes still run).
 */
async function fetchingChoice(context: ConformanceContext): Promise<void> {
  if (context.fixtures.package.name !== 'CantonExamples') {
    // As a missing interface is (update-by-offset): the clause is waived with the reason, never held against the node.
    context.waive(
      [TRANSACTION_SHOWS_FETCHES],
      `the fetching choice is CantonExamples' DivulgeIouByExercise.Divulge; the fixture package is ${context.fixtures.package.name}`,
    );
    return;
  }
  const dana = externalParty(context, 'dana');
  const iouTemplate = String(context.fixtures.templates.iou.templateId);
  const divulgeId = `${iouTemplate.split(':')[0]}:Divulgence:DivulgeIouByExercise`;
  const { contractId: iou } = await createIouAndFindIt(context, dana.id);
  const submitted = {
    commands: [
      {
        CreateAndExerciseCommand: {
          templateId: divulgeId,
          createArguments: { payer: dana.id, divulgee: dana.id },
          choice: 'Divulge',
          choiceArgument: { ref: iou },
        },
      },
    ],
    actAs: [dana.id],
    commandId: freshId('prepared-fetch'),
    signatoryFields: ['divulgee'],
  };
  const response = await prepare(context, submitted);
  positiveDataAcceptance(response, TRANSACTION_SHOWS_FETCHES);
  const answer = response.json() as PreparedAnswer & { hashingSchemeVersion?: string };
  await preparedHashByScheme(response, answer, submitted);
  preparedFetchShown(response, answer, { contractId: iou, templateId: iouTemplate });
  const executor = executorOf(context, dana.alias);
  const executed = await context.send({
    endpoint: 'execute-and-wait',
    user: executor,
    body: executeBody({
      preparedTransaction: answer.preparedTransaction,
      hash: Buffer.from(answer.preparedTransactionHash, 'base64'),
      hashingSchemeVersion: answer.hashingSchemeVersion ?? HASHING_SCHEME_V2,
      executor,
      payer: dana,
    }),
  });
  positiveDataAcceptance(executed, TRANSACTION_SHOWS_FETCHES);
}

conformanceSuite('flows / prepared transactions', () => {
  conformanceTest(
    {
      name: 'the hash to sign is the V2 hash of the transaction shown, which shows the commands submitted',
      endpoint: 'execute',
      clauses: [
        'canton.interactive.prepared-hash-matches-transaction',
        'canton.interactive.prepared-transaction-shows-commands',
        'canton.interactive.prepared-transaction-shows-fetches',
      ],
      requires: ['interactiveSubmission', 'writes'],
      // Beside the V3 test (neither reads what the other writes): the fetching shape's chain (create, read, prepare,
      // execute) then costs the file no more than this test's two prepares in sequence and the V3 test did.
      concurrent: true,
    },
    async (context) => {
      const dana = externalParty(context, 'dana').id;
      const owner = context.party('alice');
      const iou = iouCreate(context, dana, dana, '25.5', [owner]) as { CreateCommand: { templateId: string; createArguments: unknown } };
      const shapes: Record<string, unknown>[][] = [
        [iouCreate(context, dana, owner, '1.25') as Record<string, unknown>],
        [{ CreateAndExerciseCommand: { ...iou.CreateCommand, choice: 'Transfer', choiceArgument: { newOwner: owner } } }],
      ];
      // The shapes go out at once: the fetching choice's chain (create, read, prepare, execute) is the test's longest.
      await Promise.all([
        ...shapes.map(async (commands) => {
          const submitted = {
            commands,
            actAs: [dana],
            commandId: freshId('prepared'),
            signatoryFields: context.fixtures.templates.iou.signatories,
          };
          const response = await prepare(context, submitted);
          positiveDataAcceptance(response, 'canton.interactive.prepared-transaction-shows-commands');
          await preparedHashByScheme(response, response.json(), submitted);
        }),
        fetchingChoice(context),
      ]);
    },
  );

  conformanceTest(
    {
      name: 'a prepare asking for hashing scheme V3 is answered with V3 or refused, never with V2',
      endpoint: 'execute',
      clauses: ['canton.interactive.hashing-scheme-v3-never-answered-as-v2'],
      requires: ['interactiveSubmission', 'writes', 'ledgerApi3.5'],
      concurrent: true,
    },
    async (context) => {
      const dana = externalParty(context, 'dana').id;
      const submitted = {
        commands: [iouCreate(context, dana, context.party('alice')) as Record<string, unknown>],
        actAs: [dana],
        commandId: freshId('v3'),
      };
      const response = await prepare(context, submitted, { hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V3' });
      notAServerError(response, 'canton.interactive.hashing-scheme-v3-never-answered-as-v2');
      if (response.status !== 200) {
        // Refused: that keeps the clause, once the same prepare asking for V2 is served (the control).
        await notServed(
          response,
          () => prepare(context, { ...submitted, commandId: freshId('v2') }, { hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2' }),
          ['canton.interactive.hashing-scheme-v3-never-answered-as-v2'],
        );
        return;
      }
      const version = (response.json() as { hashingSchemeVersion?: string }).hashingSchemeVersion;
      expectValue(
        'canton.interactive.hashing-scheme-v3-never-answered-as-v2',
        'the hashing scheme of a prepare that asked for V3',
        version,
        'HASHING_SCHEME_VERSION_V3',
        response,
      );
      // A V3 answer is never taken on its label: this tool has no independent V3 hasher, so the hash the party
      // would sign stays unverified (recorded, never passed) rather than trusted; the transaction is still checked.
      await preparedHashByScheme(response, response.json(), submitted, 'HASHING_SCHEME_VERSION_V3');
    },
  );

  conformanceTest(
    {
      name: 'executeAndWait answers once committed, with the offset the transaction is found at',
      endpoint: 'execute',
      clauses: ['canton.client-routes.execute-and-wait'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const prepared = await prepareIou(context);
      const response = await context.send({
        endpoint: 'execute-and-wait',
        user: prepared.executor,
        body: executeBody(prepared),
      });
      positiveDataAcceptance(response, 'canton.client-routes.execute-and-wait');
      const body = parseJsonLossless(response.text) as { updateId?: unknown; completionOffset?: unknown };
      expectValueMatches(
        'canton.client-routes.execute-and-wait',
        'the executeAndWait answer',
        body,
        (answer) => typeof answer.updateId === 'string' && answer.completionOffset !== undefined,
        'updateId and completionOffset',
        response,
      );
      const ownerAlias = context.fixtures.parties.find((party) => party.id === prepared.owner)?.alias ?? '';
      const reader = context.userWhere(`can read as ${ownerAlias}`, (user) =>
        [...user.rights.actAs, ...user.rights.readAs].includes(ownerAlias),
      ).id;
      const format = transactionFormat({ [prepared.owner]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA');
      const lookup = await updateByOffset(context, reader, Number(body.completionOffset), format);
      const { value, events } = transactionOf(lookup, 'canton.client-routes.execute-and-wait');
      const created = createdEvents(events)[0]?.createArgument as { payer?: unknown } | undefined;
      sameUpdateAtOffset(
        'canton.client-routes.execute-and-wait',
        { updateId: String(body.updateId), offset: Number(body.completionOffset) },
        { updateId: value.updateId, offset: value.offset },
        lookup,
      );
      readMatchesWrite('canton.client-routes.execute-and-wait', 'the payer of the executed Iou', prepared.payer.id, created?.payer, lookup);
    },
  );
});
