import { hashPreparedTransaction } from '@canton-network/core-tx-visualizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  iouArguments,
  IOU,
  signHash,
  startTestReference,
  transactionsFormat,
  uniqueCommandId,
  type TestReference,
} from './support.js';

let ref: TestReference;
let dana: string;
let alice: string;
beforeAll(async () => {
  ref = await startTestReference();
  dana = ref.party('dana');
  alice = ref.party('alice');
});
afterAll(() => ref.close());

async function prepare(commandId = uniqueCommandId('prep')): Promise<{ preparedTransaction: string; preparedTransactionHash: string }> {
  const reply = await ref.post(
    '/v2/interactive-submission/prepare',
    {
      commands: [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice, '3.0') } }],
      commandId,
      actAs: [dana],
      synchronizerId: ref.fixtures.synchronizerId,
      packageIdSelectionPreference: [],
    },
    'dana-executor',
  );
  expect(reply.status).toBe(200);
  expect(reply.json.hashingSchemeVersion).toBe('HASHING_SCHEME_VERSION_V2');
  return reply.json;
}

const execute = (prepared: { preparedTransaction: string }, partySignatures: unknown[], extra: Record<string, unknown> = {}) =>
  ref.post(
    '/v2/interactive-submission/execute',
    {
      preparedTransaction: prepared.preparedTransaction,
      partySignatures: { signatures: partySignatures },
      submissionId: uniqueCommandId('sub'),
      hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
      deduplicationPeriod: { Empty: {} },
      ...extra,
    },
    'dana-executor',
  );

describe('interactive submission', () => {
  it('prepares, executes with a valid signature, and commits later at a new offset', async () => {
    const prepared = await prepare();
    // The hash is the official V2 hash of the transaction shown (prepared-transaction.test.ts has more).
    expect(prepared.preparedTransactionHash).toBe(await hashPreparedTransaction(prepared.preparedTransaction, 'base64'));
    // The ledger end right before executing: the offset of a fresh submission.
    const marker = await ref.submit('alice-user', {
      commands: [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(alice, alice) } }],
      commandId: uniqueCommandId(),
      actAs: [alice],
    });
    const endBefore = marker.json.completionOffset as number;
    const reply = await execute(prepared, [signHash(ref.fixtures, 'dana', prepared.preparedTransactionHash)], {
      minLedgerTime: { time: { MinLedgerTimeRel: { value: { seconds: 60, nanos: 0 } } } },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({});
    const value = await eventually(async () => {
      const found = await ref.updateByOffset('alice-user', endBefore + 1, transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA'));
      return found.status === 200 ? found.json.update.Transaction.value : undefined;
    });
    expect(value.externalTransactionHash).toBe(prepared.preparedTransactionHash);
    expect(value.events[0].CreatedEvent.signatories).toEqual([dana]);
    expect(Date.parse(value.effectiveAt)).toBeGreaterThan(Date.now() + 30_000);
    // Canton acknowledges a retry of a committed change id and rejects it on the completion stream only.
    const again = await execute(prepared, [signHash(ref.fixtures, 'dana', prepared.preparedTransactionHash)]);
    expect(again.status).toBe(200);
  });

  it('rejects bad, foreign, missing and empty signatures', async () => {
    const prepared = await prepare();
    const good = signHash(ref.fixtures, 'dana', prepared.preparedTransactionHash) as { party: string; signatures: any[] };
    const corrupted = { ...good, signatures: [{ ...good.signatures[0], signature: Buffer.alloc(64, 7).toString('base64') }] };
    const bad = await execute(prepared, [corrupted]);
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('FAILED_TO_EXECUTE_TRANSACTION');
    const multihash = `1220${Buffer.from(prepared.preparedTransactionHash, 'base64').toString('hex')}`;
    expect(bad.json.cause).toContain(
      `Received 0 valid signatures from distinct keys (1 invalid), but expected at least 1 valid for ${dana}`,
    );
    expect(bad.json.cause).toContain(`Transaction hash to be signed: ${multihash}`);
    const erins = signHash(ref.fixtures, 'erin', prepared.preparedTransactionHash) as { party: string; signatures: any[] };
    const foreign = await execute(prepared, [{ party: dana, signatures: erins.signatures }]);
    expect(foreign.status).toBe(400);
    const missing = await execute(prepared, [erins]);
    expect(missing.status).toBe(400);
    expect(missing.json.cause).toContain(`The following actAs parties did not provide an external signature: ${dana}`);
    // An invalid signature beside a valid one does not fail: Canton needs threshold-many (1) valid ones.
    const mixed = { ...good, signatures: [corrupted.signatures[0], good.signatures[0]] };
    const preparedAgain = await prepare();
    const goodAgain = signHash(ref.fixtures, 'dana', preparedAgain.preparedTransactionHash) as { party: string; signatures: any[] };
    expect((await execute(preparedAgain, [{ ...goodAgain, signatures: [mixed.signatures[0], goodAgain.signatures[0]] }])).status).toBe(200);
    expect((await execute(prepared, [])).status).toBe(400);
    expect((await execute(prepared, [{ party: dana, signatures: [] }])).status).toBe(400);
    // Nothing was committed: a correct execution still succeeds.
    expect((await execute(prepared, [good])).status).toBe(200);
  });

  it('rejects a modified prepared transaction, a missing submission id and unauthorized callers', async () => {
    const prepared = await prepare();
    // Another amount in the shown Iou: the transaction hashes differently, so the signature does not cover it.
    const changed = Buffer.from(
      Buffer.from(prepared.preparedTransaction, 'base64').toString('latin1').replace('3.0000000000', '4.0000000000'),
      'latin1',
    ).toString('base64');
    expect(changed).not.toBe(prepared.preparedTransaction);
    const tampered = await execute({ preparedTransaction: changed }, [signHash(ref.fixtures, 'dana', prepared.preparedTransactionHash)]);
    expect(tampered.status).toBe(400);
    expect(tampered.json.code).toBe('FAILED_TO_EXECUTE_TRANSACTION');
    expect(tampered.json.cause).toContain(`Transaction hash to be signed: 1220${await hashPreparedTransaction(changed, 'hex')}`);
    // Even re-signed by the party, a transaction this participant did not prepare is not executed.
    const resigned = await execute({ preparedTransaction: changed }, [
      signHash(ref.fixtures, 'dana', await hashPreparedTransaction(changed, 'base64')),
    ]);
    expect(resigned.status).toBe(400);
    expect(resigned.json.cause).toContain('did not prepare the transaction');
    const garbage = await execute({ preparedTransaction: Buffer.from('not a protobuf at all').toString('base64') }, []);
    expect(garbage.status).toBe(400);
    expect(garbage.json.code).toBe('INVALID_ARGUMENT');
    const noSubmissionId = await ref.post(
      '/v2/interactive-submission/execute',
      {
        preparedTransaction: prepared.preparedTransaction,
        partySignatures: { signatures: [] },
        deduplicationPeriod: { Empty: {} },
        hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
      },
      'dana-executor',
    );
    expect(noSubmissionId.status).toBe(400);
    expect(noSubmissionId.text).toContain("Missing required field at 'submissionId'");
    const badEnum = await execute(prepared, [], { hashingSchemeVersion: 'V9' });
    expect(badEnum.contentType).toContain('text/plain');
    const other = await ref.post(
      '/v2/interactive-submission/execute',
      {
        preparedTransaction: prepared.preparedTransaction,
        partySignatures: { signatures: [signHash(ref.fixtures, 'dana', prepared.preparedTransactionHash)] },
        submissionId: 's1',
        deduplicationPeriod: { Empty: {} },
        hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
      },
      'alice-user',
    );
    expect(other.status).toBe(403);
    const notPreparable = await ref.post(
      '/v2/interactive-submission/prepare',
      {
        commands: [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice) } }],
        commandId: 'c',
        actAs: [dana],
        synchronizerId: ref.fixtures.synchronizerId,
        packageIdSelectionPreference: [],
      },
      'alice-user',
    );
    expect(notPreparable.status).toBe(403);
  });

  it('executeAndWait commits before it answers, with the update id and offset of the commit', async () => {
    const prepared = await prepare();
    const reply = await ref.post(
      '/v2/interactive-submission/executeAndWait',
      {
        preparedTransaction: prepared.preparedTransaction,
        partySignatures: { signatures: [signHash(ref.fixtures, 'dana', prepared.preparedTransactionHash)] },
        submissionId: uniqueCommandId('sub'),
        hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
        deduplicationPeriod: { Empty: {} },
      },
      'dana-executor',
    );
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json).sort()).toEqual(['completionOffset', 'updateId']);
    const found = await ref.updateByOffset(
      'alice-user',
      reply.json.completionOffset,
      transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA'),
    );
    expect(found.status).toBe(200);
    expect(found.json.update.Transaction.value.updateId).toBe(reply.json.updateId);
    expect(found.json.update.Transaction.value.events[0].CreatedEvent.signatories).toEqual([dana]);
  });
});
