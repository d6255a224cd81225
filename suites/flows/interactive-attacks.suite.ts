/**
 * External signing under attack (issue 18, point 3), as Canton's InteractiveSubmissionServiceIT checks it: what
 * prepare promises (a cost estimation unless disabled, the requested synchronizer, the input contracts it uses),
 * what executeAndWait answers (the committed transaction, its external hash, its refusals), and that a prepared
 * transaction edited after signing (input contracts removed, synchronizer changed, metadata edited) is refused with
 * Canton 3.5's code while its untouched twin is accepted (the control). The prepared transaction is decoded and
 * re-encoded with the official protobuf classes (core-ledger-proto), never with the reference's own.
 * Canton profile only: every clause here is cited in specification/clauses/canton-external-signing.ts.
 */
import { PreparedTransaction } from '@canton-network/core-ledger-proto';
import { decodePreparedTransaction } from '@canton-network/core-tx-visualizer';
import type { ClientResponse } from '../../client/http.js';
import { positiveDataAcceptance } from '../../checks/basic.js';
import type { JsCantonErrorBody } from '../../checks/error-body.js';
import { preparedHashByScheme } from '../../checks/prepared-transaction.js';
import { sameUpdateAtOffset, writeVisible } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { freshId } from '../../generators/index.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import { parseJsonLossless } from '../../specification/json.js';
import { PREPARE_REQUIRED } from '../support/interactive.js';
import type { PostEndpointName } from '../support/requests.js';
import { refusedAgainstControl } from '../support/refusals.js';
import { executeBody, externalParty, findPreparedIou, ledgerEndMarker, prepareIou, type PreparedIou } from '../support/prepared-iou.js';
import {
  createIouAndFindIt,
  eventKinds,
  iouCreate,
  partyView,
  transactionOf,
  type JsonObject,
  type TransactionEvent,
} from '../support/ledger.js';

const FAILED = 'FAILED_TO_EXECUTE_TRANSACTION';

function post(context: ConformanceContext, endpoint: PostEndpointName, user: string, body: JsonObject): Promise<ClientResponse> {
  return context.send({ endpoint, user, body });
}

/** A refusal credited only against its control, the same prepared transaction untouched (support/refusals.ts). */
function refusedFor(
  context: ConformanceContext,
  clauseId: ClauseId,
  refused: ClientResponse,
  control: ClientResponse,
  codes: string | readonly string[],
  status: number,
  causeIncludes?: string,
): JsCantonErrorBody | undefined {
  return refusedAgainstControl(context, clauseId, refused, control, codes, status, {
    control: 'the same prepared transaction untouched',
    ...(causeIncludes !== undefined ? { causeIncludes } : {}),
  });
}

/** The prepared transaction (base64) decoded with the official classes, edited, and encoded again. */
function tampered(preparedTransaction: string, edit: (transaction: PreparedTransaction) => void): string {
  const transaction = decodePreparedTransaction(preparedTransaction);
  edit(transaction);
  return Buffer.from(PreparedTransaction.toBinary(transaction)).toString('base64');
}

function executor(context: ConformanceContext, alias: string): string {
  return context.userWhere(`can execute as ${alias}`, (user) => user.rights.executeAs.includes(alias)).id;
}

/** A prepare of an Iou create paid by dana, with `extra` fields in the request. */
async function prepareIouWith(context: ConformanceContext, extra: JsonObject): Promise<ClientResponse> {
  const dana = externalParty(context, 'dana').id;
  const user = executor(context, 'dana');
  return post(context, 'prepare', user, {
    userId: user,
    commandId: freshId('prepare'),
    commands: [iouCreate(context, dana, context.party('alice'))],
    actAs: [dana],
    readAs: [],
    ...PREPARE_REQUIRED(context),
    ...extra,
  });
}

/** The update id and completion offset of an accepted executeAndWait answer, asserted present. */
function executedAt(response: ClientResponse, clauseId: ClauseId): { updateId: string; offset: number } {
  positiveDataAcceptance(response, clauseId);
  const body = parseJsonLossless(response.text) as { updateId?: unknown; completionOffset?: unknown };
  expectValueMatches(
    clauseId,
    'the executeAndWait answer',
    body,
    (answer) => typeof answer.updateId === 'string' && answer.completionOffset !== undefined,
    'updateId and completionOffset',
    response,
  );
  return { updateId: String(body.updateId), offset: Number(body.completionOffset) };
}

/** The logical synchronizer id of a logical (`id::namespace`) or physical (`id::namespace::pv-serial`) one. */
function logicalSynchronizer(text: string): string {
  return text.split('::').slice(0, 2).join('::');
}

conformanceSuite('flows / external signing under attack', () => {
  conformanceTest(
    {
      name: 'prepare estimates the traffic cost by default and not when disabled, and names the requested synchronizer',
      endpoint: 'execute',
      clauses: ['canton.interactive.prepare-cost-estimation', 'canton.interactive.prepare-reflects-synchronizer'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const estimated = await prepareIouWith(context, {});
      positiveDataAcceptance(estimated, 'canton.interactive.prepare-cost-estimation');
      const answer = parseJsonLossless(estimated.text) as { costEstimation?: Record<string, unknown> | null; preparedTransaction?: string };
      const cost = answer.costEstimation;
      const amount = (value: unknown): number => Number(typeof value === 'bigint' ? value : (value ?? Number.NaN));
      expectValueMatches(
        'canton.interactive.prepare-cost-estimation',
        'the costEstimation of a prepare that did not disable it',
        cost,
        (estimation) =>
          estimation !== null &&
          typeof estimation === 'object' &&
          typeof estimation.estimationTimestamp === 'string' &&
          [
            estimation.confirmationRequestTrafficCostEstimation,
            estimation.confirmationResponseTrafficCostEstimation,
            estimation.totalTrafficCostEstimation,
          ].every((value) => Number.isInteger(amount(value)) && amount(value) >= 0) &&
          amount(estimation.totalTrafficCostEstimation) ===
            amount(estimation.confirmationRequestTrafficCostEstimation) + amount(estimation.confirmationResponseTrafficCostEstimation),
        'an estimation: a timestamp, and request + response = total traffic cost',
        estimated,
      );
      const disabled = await prepareIouWith(context, { estimateTrafficCost: { disabled: true, expectedSignatures: [] } });
      positiveDataAcceptance(disabled, 'canton.interactive.prepare-cost-estimation');
      const without = parseJsonLossless(disabled.text) as { costEstimation?: unknown; preparedTransactionHash?: unknown };
      expectValueMatches(
        'canton.interactive.prepare-cost-estimation',
        'the costEstimation of a prepare with estimateTrafficCost.disabled',
        without.costEstimation,
        (estimation) => estimation === null || estimation === undefined,
        'none (null or absent)',
        disabled,
      );
      expectValueMatches(
        'canton.interactive.prepare-cost-estimation',
        'the preparedTransactionHash of a prepare without cost estimation',
        without.preparedTransactionHash,
        (hash) => typeof hash === 'string' && hash.length > 0,
        'a hash',
        disabled,
      );
      // ISSPrepareSubmissionRequestSynchronizerId: the metadata names the requested synchronizer (logical or physical).
      const shown = decodePreparedTransaction(String(answer.preparedTransaction));
      expectValue(
        'canton.interactive.prepare-reflects-synchronizer',
        "the logical synchronizer id of the prepared transaction's metadata",
        logicalSynchronizer(shown.metadata?.synchronizerId ?? ''),
        // The fixture may name the synchronizer by its physical id too.
        logicalSynchronizer(context.fixtures.synchronizerId),
        estimated,
      );
    },
  );

  conformanceTest(
    {
      name: 'executeAndWait: answers the committed transaction with the signed hash, refuses a corrupted signature and a second run of the change id',
      endpoint: 'execute',
      clauses: [
        'canton.client-routes.execute-and-wait',
        'canton.interactive.external-transaction-hash',
        'canton.interactive.execute-and-wait-refusals',
      ],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const prepared = await prepareIou(context);
      const twin = await prepareIou(context);
      const control = await post(context, 'execute-and-wait', prepared.executor, executeBody(prepared));
      const { updateId, offset } = executedAt(control, 'canton.client-routes.execute-and-wait');
      // ISSExecuteSubmissionAndWaitBasic: the answer is the transaction found at that offset, with the signed hash.
      const ownerUser = context.userWhere('can act as alice', (user) => user.rights.actAs.includes('alice')).id;
      const lookup = await partyView(context, ownerUser, offset, prepared.owner, 'TRANSACTION_SHAPE_ACS_DELTA');
      const { value } = transactionOf(lookup, 'canton.client-routes.execute-and-wait');
      sameUpdateAtOffset(
        'canton.client-routes.execute-and-wait',
        { updateId, offset },
        { updateId: value.updateId, offset: value.offset },
        lookup,
      );
      expectValue(
        'canton.interactive.external-transaction-hash',
        'externalTransactionHash of the transaction executeAndWait committed (base64)',
        value.externalTransactionHash,
        prepared.hash.toString('base64'),
        lookup,
      );
      // ISSPrepareSubmissionFailExecuteAndWaitOnInvalidSignature: the signature with its first byte cut off.
      const corrupted = executeBody(twin);
      const signed = (corrupted.partySignatures as { signatures: { signatures: { signature: string }[] }[] }).signatures[0]!.signatures[0]!;
      // Bytes, not base64 characters, as LAPITT's ByteString.substring(1): the signature stays valid base64.
      signed.signature = Buffer.from(signed.signature, 'base64').subarray(1).toString('base64');
      const refused = await post(context, 'execute-and-wait', twin.executor, corrupted);
      refusedFor(
        context,
        'canton.interactive.execute-and-wait-refusals',
        refused,
        control,
        FAILED,
        400,
        'valid signatures from distinct keys',
      );
      // ISSDuplicateExecuteAndWaitData: the same change id again (a new submission id) is not committed again.
      const afterFirst = await ledgerEndMarker(context);
      const again = await post(context, 'execute-and-wait', prepared.executor, executeBody(prepared));
      const duplicate = refusedFor(
        context,
        'canton.interactive.execute-and-wait-refusals',
        again,
        control,
        ['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT'],
        409,
      );
      if (duplicate === undefined) return;
      const committedAgain = await findPreparedIou(context, prepared, { after: afterFirst, timeoutMs: 300, maxLookups: 100 }, true);
      writeVisible(
        'canton.interactive.execute-and-wait-refusals',
        'commits of the change id after its first commit',
        committedAgain,
        0,
        committedAgain[0]?.response ?? again,
      );
    },
  );

  conformanceTest(
    {
      name: 'a prepared transaction whose metadata was edited after signing, or names another synchronizer, is refused; its untouched twin is not',
      endpoint: 'execute',
      clauses: ['canton.interactive.execute-tampered-metadata-refused', 'canton.interactive.execute-synchronizer-validated'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const prepared = await prepareIou(context);
      const edited = (edit: (transaction: PreparedTransaction) => void): PreparedIou => ({
        ...prepared,
        preparedTransaction: tampered(prepared.preparedTransaction, edit),
      });
      // Each is signed over the hash prepare answered, as the party signed it before the edit.
      const commandIdEdited = edited((transaction) => {
        if (transaction.metadata?.submitterInfo) transaction.metadata.submitterInfo.commandId = freshId('edited');
      });
      const timeEdited = edited((transaction) => {
        if (transaction.metadata) transaction.metadata.preparationTime += 1_000_000n;
      });
      const ledgerTimeEdited = edited((transaction) => {
        if (transaction.metadata) transaction.metadata.minLedgerEffectiveTime = transaction.metadata.preparationTime + 60_000_000n;
      });
      const malformed = edited((transaction) => {
        if (transaction.metadata) transaction.metadata.synchronizerId = 'invalidSynchronizerId';
      });
      const elsewhere = edited((transaction) => {
        if (transaction.metadata) transaction.metadata.synchronizerId = `other-${logicalSynchronizer(transaction.metadata.synchronizerId)}`;
      });
      const send = (endpoint: PostEndpointName, which: PreparedIou) => post(context, endpoint, prepared.executor, executeBody(which));
      const refusals = {
        commandId: await send('execute', commandIdEdited),
        time: await send('execute', timeEdited),
        ledgerTime: await send('execute', ledgerTimeEdited),
        malformedAndWait: await send('execute-and-wait', malformed),
        malformed: await send('execute', malformed),
        elsewhere: await send('execute', elsewhere),
      };
      const control = await send('execute', prepared);
      const metadataClause = 'canton.interactive.execute-tampered-metadata-refused';
      refusedFor(context, metadataClause, refusals.commandId, control, FAILED, 400, 'valid signatures from distinct keys');
      refusedFor(context, metadataClause, refusals.time, control, FAILED, 400, 'valid signatures from distinct keys');
      refusedFor(context, metadataClause, refusals.ledgerTime, control, FAILED, 400, 'valid signatures from distinct keys');
      const synchronizerClause = 'canton.interactive.execute-synchronizer-validated';
      for (const response of [refusals.malformedAndWait, refusals.malformed]) {
        refusedFor(context, synchronizerClause, response, control, 'INVALID_FIELD', 400, 'synchronizer_id');
      }
      refusedFor(context, synchronizerClause, refusals.elsewhere, control, FAILED, 400);
    },
  );

  conformanceTest(
    {
      name: 'a prepared exercise lists its input contract; without it execute refuses, with it the exercise commits with the signed hash',
      endpoint: 'execute',
      clauses: [
        'canton.interactive.prepare-lists-input-contracts',
        'canton.interactive.execute-missing-input-contracts',
        'canton.interactive.prepared-transaction-shows-commands',
      ],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      const dana = externalParty(context, 'dana');
      const user = executor(context, 'dana');
      // An Iou the bank pays to dana: dana (its owner) controls Transfer.
      const iou = await createIouAndFindIt(context, dana.id);
      const commandId = freshId('transfer');
      const commands = [
        {
          ExerciseCommand: {
            templateId: context.fixtures.templates.iou.templateId,
            contractId: iou.contractId,
            choice: 'Transfer',
            choiceArgument: { newOwner: context.party('alice') },
          },
        },
      ];
      const response = await post(context, 'prepare', user, {
        userId: user,
        commandId,
        commands,
        actAs: [dana.id],
        readAs: [],
        ...PREPARE_REQUIRED(context),
      });
      positiveDataAcceptance(response, 'canton.interactive.prepare-lists-input-contracts');
      const answer = parseJsonLossless(response.text) as {
        preparedTransaction: string;
        preparedTransactionHash: string;
        hashingSchemeVersion: string;
      };
      await preparedHashByScheme(response, answer, { commands, actAs: [dana.id], commandId });
      const inputs = (decodePreparedTransaction(answer.preparedTransaction).metadata?.inputContracts ?? []).map((input) =>
        input.contract.oneofKind === 'v1' ? input.contract.v1.contractId : '(empty)',
      );
      expectValue(
        'canton.interactive.prepare-lists-input-contracts',
        'the contract ids of metadata.inputContracts',
        inputs,
        [iou.contractId],
        response,
      );
      const prepared: PreparedIou = {
        response,
        preparedTransaction: answer.preparedTransaction,
        hash: Buffer.from(answer.preparedTransactionHash, 'base64'),
        hashingSchemeVersion: answer.hashingSchemeVersion,
        commandId,
        executor: user,
        payer: dana,
        owner: context.party('alice'),
        amount: '100.0',
      };
      // ISSExecuteSubmissionRequestFailOnEmptyInputContracts: signed, then the input contracts removed.
      const withoutInputs: PreparedIou = {
        ...prepared,
        preparedTransaction: tampered(prepared.preparedTransaction, (transaction) => {
          if (transaction.metadata) transaction.metadata.inputContracts = [];
        }),
      };
      const refused = await post(context, 'execute', user, executeBody(withoutInputs));
      const control = await post(context, 'execute-and-wait', user, executeBody(prepared));
      refusedFor(context, 'canton.interactive.execute-missing-input-contracts', refused, control, FAILED, 400, 'Missing input contracts');
      // ISSExecuteSubmissionRequestWithInputContracts: the exercise committed, seen by the payer, with the signed hash.
      const { offset } = executedAt(control, 'canton.interactive.prepare-lists-input-contracts');
      const lookup = await partyView(context, iou.bankUser, offset, iou.payer, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
      const { value, events } = transactionOf(lookup, 'canton.interactive.prepare-lists-input-contracts');
      const exercised = events.filter(
        ([kind, payload]: TransactionEvent) => kind === 'ExercisedEvent' && payload.contractId === iou.contractId,
      );
      writeVisible(
        'canton.interactive.prepare-lists-input-contracts',
        `exercises of ${iou.contractId} at offset ${offset} (events: ${eventKinds(events).join(', ')})`,
        exercised,
        1,
        lookup,
      );
      expectValue(
        'canton.interactive.prepare-lists-input-contracts',
        'externalTransactionHash of the executed exercise (base64)',
        value.externalTransactionHash,
        answer.preparedTransactionHash,
        lookup,
      );
    },
  );

  conformanceTest(
    {
      name: 'a prepare with a disclosed contract lists it among its input contracts, and the signed exercise of it commits with the prepared hash',
      endpoint: 'prepare',
      clauses: ['canton.interactive.prepare-lists-input-contracts'],
      requires: ['interactiveSubmission', 'writes'],
    },
    async (context) => {
      // ISSPrepareSubmissionRequestExplicitDisclosure :99 and ISSExecuteSubmissionRequestWithInputContracts :368: a stranger
      // (external dana) exercises a contract only its owner sees, disclosed by its createdEventBlob. CantonExamples'
      // TrailingNone: ArchiveMe is controlled by its argument `anyone`.
      const clauseId = 'canton.interactive.prepare-lists-input-contracts';
      const template = context.fixtures.templates.trailingNone;
      if (!template)
        return context.skip(
          'the fixtures name no template whose choice a stranger controls (templates.trailingNone: CantonExamples TrailingNone)',
        );
      const dana = externalParty(context, 'dana');
      const user = executor(context, 'dana');
      const owner = String(template.createArguments.p);
      const ownerAlias = context.fixtures.parties.find((party) => party.id === owner)?.alias;
      const ownerUser = context.fixtures.users.find(
        (candidate) => !candidate.isDeactivated && ownerAlias !== undefined && candidate.rights.actAs.includes(ownerAlias),
      );
      if (!ownerUser) return context.skip(`no fixture user acts as ${owner}, the signatory of templates.trailingNone`);
      const created = await context.send({
        endpoint: 'submit-and-wait',
        user: ownerUser.id,
        body: {
          commands: [{ CreateCommand: { templateId: template.templateId, createArguments: { p: owner, i: '11' } } }],
          commandId: freshId('disclose'),
          actAs: [owner],
        },
      });
      const { offset: createdAt } = executedAt(created, clauseId);
      const read = await context.send({
        endpoint: 'update-by-offset',
        user: ownerUser.id,
        body: {
          offset: createdAt,
          updateFormat: {
            includeTransactions: {
              eventFormat: {
                filtersByParty: {
                  [owner]: { cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: true } } } }] },
                },
                verbose: false,
              },
              transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
            },
          },
        },
      });
      const event = transactionOf(read, clauseId).events.find(([kind]) => kind === 'CreatedEvent')?.[1] ?? {};
      const contractId = String(event.contractId);
      const commands = [
        { ExerciseCommand: { templateId: template.templateId, contractId, choice: 'ArchiveMe', choiceArgument: { anyone: dana.id } } },
      ];
      const prepare = (disclosedContracts: JsonObject[]) =>
        post(context, 'prepare', user, {
          userId: user,
          commandId: freshId('disclosed'),
          commands,
          actAs: [dana.id],
          readAs: [],
          disclosedContracts,
          ...PREPARE_REQUIRED(context),
        });
      const disclosed = { templateId: event.templateId, contractId, createdEventBlob: event.createdEventBlob };
      // Without the disclosure the stranger cannot see the contract: the disclosure is what the prepare uses.
      refusedAgainstControl(context, clauseId, await prepare([]), await prepare([disclosed]), 'CONTRACT_NOT_FOUND', 404, {
        control: 'the same prepare with the contract disclosed',
      });
      const response = await prepare([disclosed]);
      positiveDataAcceptance(response, clauseId);
      const answer = parseJsonLossless(response.text) as {
        preparedTransaction: string;
        preparedTransactionHash: string;
        hashingSchemeVersion: string;
      };
      const inputs = (decodePreparedTransaction(answer.preparedTransaction).metadata?.inputContracts ?? []).map((input) =>
        input.contract.oneofKind === 'v1' ? input.contract.v1.contractId : '(empty)',
      );
      expectValue(
        clauseId,
        'the contract ids of metadata.inputContracts of a prepare with a disclosed contract',
        inputs,
        [contractId],
        response,
      );
      const prepared: PreparedIou = {
        response,
        preparedTransaction: answer.preparedTransaction,
        hash: Buffer.from(answer.preparedTransactionHash, 'base64'),
        hashingSchemeVersion: answer.hashingSchemeVersion,
        commandId: '',
        executor: user,
        payer: dana,
        owner,
        amount: '',
      };
      const executed = await post(context, 'execute-and-wait', user, executeBody(prepared));
      const { offset } = executedAt(executed, clauseId);
      const lookup = await partyView(context, ownerUser.id, offset, owner, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
      const { value, events } = transactionOf(lookup, clauseId);
      writeVisible(
        clauseId,
        `the ArchiveMe exercise of the disclosed contract at offset ${offset} (events: ${eventKinds(events).join(', ')})`,
        events.filter(([kind, payload]: TransactionEvent) => kind === 'ExercisedEvent' && payload.contractId === contractId),
        1,
        lookup,
      );
      expectValue(
        clauseId,
        'externalTransactionHash of the executed exercise (base64)',
        value.externalTransactionHash,
        answer.preparedTransactionHash,
        lookup,
      );
    },
  );
});
