/**
 * The reference's execute judges a prepared transaction edited after signing as Canton 3.5 does, in Canton's order
 * (ExternalTransactionProcessor.processExecute): a malformed synchronizer id is INVALID_FIELD, input contracts that
 * do not match the transaction are refused before any signature, an unknown synchronizer before the hash, and an
 * edited metadata fails the signatures. Prepare estimates the traffic cost unless disabled. The edits are made with
 * the official protobuf classes (core-ledger-proto).
 */
import { PreparedTransaction } from '@canton-network/core-ledger-proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iouArguments, IOU, signHash, startTestReference, uniqueCommandId, type TestReference } from './support.js';

let ref: TestReference;
let dana: string;
let alice: string;
beforeAll(async () => {
  ref = await startTestReference();
  dana = ref.party('dana');
  alice = ref.party('alice');
});
afterAll(() => ref.close());

type Prepared = { preparedTransaction: string; preparedTransactionHash: string; costEstimation: unknown };

async function prepare(commands: unknown[], extra: Record<string, unknown> = {}): Promise<Prepared> {
  const reply = await ref.post(
    '/v2/interactive-submission/prepare',
    {
      commands,
      commandId: uniqueCommandId('tamper'),
      actAs: [dana],
      synchronizerId: ref.fixtures.synchronizerId,
      packageIdSelectionPreference: [],
      ...extra,
    },
    'dana-executor',
  );
  expect(reply.status).toBe(200);
  return reply.json;
}

const createIou = () => [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice, '4.0') } }];

function edited(prepared: Prepared, edit: (transaction: PreparedTransaction) => void): Prepared {
  const transaction = PreparedTransaction.fromBinary(Buffer.from(prepared.preparedTransaction, 'base64'));
  edit(transaction);
  return { ...prepared, preparedTransaction: Buffer.from(PreparedTransaction.toBinary(transaction)).toString('base64') };
}

/** Executes `sent`, signed over the hash prepare answered for `signed`. */
const execute = (sent: Prepared, signed: Prepared = sent) =>
  ref.post(
    '/v2/interactive-submission/execute',
    {
      preparedTransaction: sent.preparedTransaction,
      partySignatures: { signatures: [signHash(ref.fixtures, 'dana', signed.preparedTransactionHash)] },
      submissionId: uniqueCommandId('sub'),
      hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
      deduplicationPeriod: { Empty: {} },
    },
    'dana-executor',
  );

describe('interactive submission under attack', () => {
  it('estimates the traffic cost by default and not when disabled', async () => {
    const estimated = await prepare(createIou());
    expect(estimated.costEstimation).toMatchObject({ estimationTimestamp: expect.any(String) });
    const cost = estimated.costEstimation as Record<string, number>;
    expect(cost.totalTrafficCostEstimation).toBe(
      cost.confirmationRequestTrafficCostEstimation! + cost.confirmationResponseTrafficCostEstimation!,
    );
    const without = await prepare(createIou(), { estimateTrafficCost: { disabled: true, expectedSignatures: [] } });
    expect(without.costEstimation).toBeNull();
  });

  it('refuses edited metadata and synchronizers with their codes, and executes the untouched original', async () => {
    const prepared = await prepare(createIou());
    const refusal = async (sent: Prepared) => {
      const reply = await execute(sent, prepared);
      return { status: reply.status, code: reply.json.code as string, cause: reply.json.cause as string };
    };
    const commandId = await refusal(edited(prepared, (tx) => void (tx.metadata!.submitterInfo!.commandId = 'edited')));
    expect(commandId).toMatchObject({ status: 400, code: 'FAILED_TO_EXECUTE_TRANSACTION' });
    expect(commandId.cause).toContain('Received 0 valid signatures from distinct keys (1 invalid)');
    const malformed = await refusal(edited(prepared, (tx) => void (tx.metadata!.synchronizerId = 'invalidSynchronizerId')));
    expect(malformed).toMatchObject({ status: 400, code: 'INVALID_FIELD' });
    expect(malformed.cause).toContain('Unable to parse `invalidSynchronizerId` as physical synchronizer id');
    const unknown = await refusal(edited(prepared, (tx) => void (tx.metadata!.synchronizerId = `other-${tx.metadata!.synchronizerId}`)));
    expect(unknown).toMatchObject({ status: 400, code: 'FAILED_TO_EXECUTE_TRANSACTION' });
    expect(unknown.cause).toContain('Cannot find a physical synchronizer');
    // The same synchronizer written as a physical id: on protocol version 34 the metadata must name the logical id.
    const physical = await refusal(edited(prepared, (tx) => void (tx.metadata!.synchronizerId = `${tx.metadata!.synchronizerId}::34-0`)));
    expect(physical).toMatchObject({ status: 400, code: 'FAILED_TO_EXECUTE_TRANSACTION' });
    expect(physical.cause).toContain('Please use a Logical Synchronizer ID');
    expect((await execute(prepared)).status).toBe(200);
  });

  it('refuses a prepared exercise whose input contracts were removed before checking its signatures', async () => {
    const created = await ref.submit('bank-user', {
      commands: [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(ref.party('bank'), dana, '5.0') } }],
      commandId: uniqueCommandId(),
      actAs: [ref.party('bank')],
    });
    expect(created.status).toBe(200);
    const lookup = await ref.updateByOffset('bank-user', created.json.completionOffset as number, {
      includeTransactions: {
        eventFormat: { filtersByParty: { [ref.party('bank')]: { cumulative: [] } }, verbose: true },
        transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
      },
    });
    const contractId = lookup.json.update.Transaction.value.events[0].CreatedEvent.contractId as string;
    const prepared = await prepare([
      { ExerciseCommand: { templateId: IOU, contractId, choice: 'Transfer', choiceArgument: { newOwner: alice } } },
    ]);
    const inputs = PreparedTransaction.fromBinary(Buffer.from(prepared.preparedTransaction, 'base64')).metadata!.inputContracts;
    expect(inputs.map((input) => (input.contract.oneofKind === 'v1' ? input.contract.v1.contractId : ''))).toEqual([contractId]);
    const reply = await execute(
      edited(prepared, (tx) => void (tx.metadata!.inputContracts = [])),
      prepared,
    );
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe('FAILED_TO_EXECUTE_TRANSACTION');
    expect(reply.json.cause).toContain(`Missing input contracts: ${contractId}`);
    expect((await execute(prepared)).status).toBe(200);
  });
});
