/**
 * Each ledger fault changes exactly the behaviour it names: the same request is answered correctly by a
 * healthy reference and wrongly by one with the fault switched on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultName } from '../../reference/faults.js';
import {
  createIou,
  exercise,
  IOU,
  iouArguments,
  signHash,
  startTestReference,
  transactionsFormat,
  uniqueCommandId,
  type TestReference,
} from './support.js';

const ledgerFaults: FaultName[] = [
  'auth-act-as-not-checked',
  'submit-empty-actas-accepted',
  'submit-empty-commands-accepted',
  'offsets-not-monotonic',
  'dedup-ignored',
  'precondition-not-checked',
  'interpretation-error-200',
  'party-filter-ignored',
  'update-missing-offset',
  'created-event-blob-always',
  'update-not-found-500',
  'non-positive-offset-accepted',
  'execute-signature-not-verified',
  'execute-empty-signatures-accepted',
];

let healthy: TestReference;
let faulty: TestReference;
beforeAll(async () => {
  [healthy, faulty] = await Promise.all([startTestReference(), startTestReference(ledgerFaults)]);
});
afterAll(async () => {
  await Promise.all([healthy.close(), faulty.close()]);
});

/** Runs `scenario` on both references and returns [healthy result, faulty result]. */
async function both<T>(scenario: (ref: TestReference) => Promise<T>): Promise<[T, T]> {
  return [await scenario(healthy), await scenario(faulty)];
}

const party = (ref: TestReference, alias: string) => ref.party(alias);

async function createdIou(ref: TestReference): Promise<string> {
  const reply = await ref.submit('bank-user', {
    commands: [createIou(party(ref, 'bank'), party(ref, 'alice'))],
    commandId: uniqueCommandId(),
    actAs: [party(ref, 'bank')],
  });
  const view = await ref.updateByOffset(
    'bank-user',
    reply.json.completionOffset,
    transactionsFormat([party(ref, 'bank')], 'TRANSACTION_SHAPE_ACS_DELTA'),
  );
  return view.json.update.Transaction.value.events[0].CreatedEvent.contractId;
}

describe('ledger faults', () => {
  it('auth-act-as-not-checked', async () => {
    const statuses = await both(
      async (ref) =>
        (
          await ref.submit('alice-user', {
            commands: [createIou(party(ref, 'bank'), party(ref, 'alice'))],
            commandId: uniqueCommandId(),
            actAs: [party(ref, 'bank')],
          })
        ).status,
    );
    expect(statuses).toEqual([403, 200]);
  });

  it('submit-empty-actas-accepted and submit-empty-commands-accepted', async () => {
    const emptyActAs = await both(
      async (ref) =>
        (
          await ref.submit('alice-user', {
            commands: [createIou(party(ref, 'alice'), party(ref, 'alice'))],
            commandId: uniqueCommandId(),
            actAs: [],
          })
        ).status,
    );
    expect(emptyActAs).toEqual([400, 200]);
    const emptyCommands = await both(
      async (ref) => (await ref.submit('alice-user', { commands: [], commandId: uniqueCommandId(), actAs: [party(ref, 'alice')] })).status,
    );
    expect(emptyCommands).toEqual([400, 200]);
  });

  it('offsets-not-monotonic', async () => {
    const [healthyOffsets, faultyOffsets] = await both(async (ref) => {
      const offsets: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        offsets.push(
          (
            await ref.submit('bank-user', {
              commands: [createIou(party(ref, 'bank'), party(ref, 'alice'))],
              commandId: uniqueCommandId(),
              actAs: [party(ref, 'bank')],
            })
          ).json.completionOffset,
        );
      }
      return offsets;
    });
    const increasing = (offsets: number[]) => offsets.every((offset, index) => index === 0 || offset > offsets[index - 1]!);
    expect(increasing(healthyOffsets)).toBe(true);
    expect(increasing(faultyOffsets)).toBe(false);
  });

  it('dedup-ignored', async () => {
    const statuses = await both(async (ref) => {
      const body = {
        commands: [createIou(party(ref, 'bank'), party(ref, 'alice'))],
        commandId: uniqueCommandId('d'),
        actAs: [party(ref, 'bank')],
      };
      await ref.submit('bank-user', body);
      return (await ref.submit('bank-user', body)).status;
    });
    expect(statuses).toEqual([409, 200]);
  });

  it('precondition-not-checked', async () => {
    const statuses = await both(
      async (ref) =>
        (
          await ref.submit('bank-user', {
            commands: [createIou(party(ref, 'bank'), party(ref, 'alice'), '-5.0')],
            commandId: uniqueCommandId(),
            actAs: [party(ref, 'bank')],
          })
        ).status,
    );
    expect(statuses).toEqual([400, 200]);
  });

  it('interpretation-error-200', async () => {
    const statuses = await both(async (ref) => {
      const contractId = await createdIou(ref);
      const archive = () =>
        ref.submit('bank-user', {
          commands: [exercise(IOU, contractId, 'Archive')],
          commandId: uniqueCommandId(),
          actAs: [party(ref, 'bank')],
        });
      await archive();
      return (await archive()).status;
    });
    expect(statuses).toEqual([404, 200]);
  });

  it('party-filter-ignored, update-missing-offset and created-event-blob-always', async () => {
    const [healthyView, faultyView] = await both(async (ref) =>
      ref.updateByOffset('bob-user', 4, transactionsFormat([party(ref, 'bob')], 'TRANSACTION_SHAPE_ACS_DELTA')),
    );
    expect(healthyView.status).toBe(404);
    expect(faultyView.status).toBe(200);
    const [healthyOwn, faultyOwn] = await both(
      async (ref) =>
        (await ref.updateByOffset('bank-user', 4, transactionsFormat([party(ref, 'bank')], 'TRANSACTION_SHAPE_ACS_DELTA'))).json.update
          .Transaction.value,
    );
    expect(healthyOwn.offset).toBe(4);
    expect(faultyOwn).not.toHaveProperty('offset');
    expect(healthyOwn.events[0].CreatedEvent.createdEventBlob).toBe('');
    expect(faultyOwn.events[0].CreatedEvent.createdEventBlob).not.toBe('');
  });

  it('update-not-found-500 and non-positive-offset-accepted', async () => {
    const missing = await both(
      async (ref) =>
        (await ref.updateByOffset('bank-user', 999_999, transactionsFormat([party(ref, 'bank')], 'TRANSACTION_SHAPE_ACS_DELTA'))).status,
    );
    expect(missing).toEqual([404, 500]);
    const [healthyZero, faultyZero] = await both(async (ref) =>
      ref.updateByOffset('bank-user', 0, transactionsFormat([party(ref, 'bank')], 'TRANSACTION_SHAPE_ACS_DELTA')),
    );
    expect(healthyZero.json.code).toBe('NON_POSITIVE_OFFSET');
    // With update-not-found-500 also on, the "not found" answer for offset 0 is the 500 of that fault.
    expect(faultyZero.status).toBe(500);
  });

  it('execute-signature-not-verified and execute-empty-signatures-accepted', async () => {
    const run = (signatures: (ref: TestReference, hash: string) => unknown[]) =>
      both(async (ref) => {
        const prepared = await ref.post(
          '/v2/interactive-submission/prepare',
          {
            commands: [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(party(ref, 'dana'), party(ref, 'alice')) } }],
            commandId: uniqueCommandId('x'),
            actAs: [party(ref, 'dana')],
            synchronizerId: ref.fixtures.synchronizerId,
            packageIdSelectionPreference: [],
          },
          'dana-executor',
        );
        return (
          await ref.post(
            '/v2/interactive-submission/execute',
            {
              preparedTransaction: prepared.json.preparedTransaction,
              partySignatures: { signatures: signatures(ref, prepared.json.preparedTransactionHash) },
              submissionId: uniqueCommandId('s'),
              deduplicationPeriod: { Empty: {} },
              hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
            },
            'dana-executor',
          )
        ).status;
      });
    const forged = await run((ref) => {
      const valid = signHash(ref.fixtures, 'dana', Buffer.alloc(32, 1).toString('base64'));
      return [valid];
    });
    expect(forged).toEqual([400, 200]);
    expect(await run(() => [])).toEqual([400, 200]);
  });
});
