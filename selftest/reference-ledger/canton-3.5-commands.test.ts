/**
 * The reference target answers commands the way Canton 3.5 does where the flows suites hold it to real
 * behaviour (facts verified-against-real FF3, the DUPLICATE_COMMAND note, §3 and §4): a local contract id,
 * Int64 as a JSON number, trailing `None`s, a null choice argument, and the details of DUPLICATE_COMMAND and
 * UPDATE_NOT_FOUND. Each case drives the reference into the behaviour the canton profile asserts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IOU,
  createIou,
  eventually,
  exercise,
  iouArguments,
  signHash,
  startTestReference,
  transactionsFormat,
  uniqueCommandId,
  type TestReference,
} from './support.js';

const TRAILING_NONE = '#CantonExamples:TrailingNone:TrailingNone';

let ref: TestReference;
let bank: string;
let alice: string;
let dana: string;
beforeAll(async () => {
  ref = await startTestReference();
  [bank, alice, dana] = ['bank', 'alice', 'dana'].map((alias) => ref.party(alias)) as [string, string, string];
});
afterAll(() => ref.close());

const submitAs = (user: string, actAs: string[], commands: unknown[], extra: Record<string, unknown> = {}) =>
  ref.submit(user, { commands, commandId: uniqueCommandId('canton35'), actAs, ...extra });

async function createdEvent(user: string, party: string, offset: number): Promise<any> {
  const reply = await ref.updateByOffset(user, offset, transactionsFormat([party], 'TRANSACTION_SHAPE_ACS_DELTA'));
  expect(reply.status).toBe(200);
  return reply.json.update.Transaction.value.events[0].CreatedEvent;
}

describe('contract ids in commands (FF3)', () => {
  it('rejects a V1 contract id without a suffix before any lookup: 400 COMMAND_PREPROCESSING_FAILED', async () => {
    const localId = `00${'ab'.repeat(32)}`;
    const reply = await submitAs('bank-user', [bank], [exercise(IOU, localId, 'Archive')]);
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({
      code: 'COMMAND_PREPROCESSING_FAILED',
      errorCategory: 8,
      cause: `Illegal Contract ID "${localId}", non-suffixed V1 Contract IDs are forbidden`,
      definiteAnswer: null,
    });
  });

  it('answers CONTRACT_NOT_FOUND for a suffixed id, unknown or archived', async () => {
    const unknown = await submitAs('bank-user', [bank], [exercise(IOU, `00${'ab'.repeat(32)}ca10ff`, 'Archive')]);
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('CONTRACT_NOT_FOUND');
    const created = await submitAs('bank-user', [bank], [createIou(bank, alice)]);
    const { contractId } = await createdEvent('bank-user', bank, created.json.completionOffset);
    expect(contractId).toMatch(/^00[0-9a-f]{64}[0-9a-f]+$/);
    expect((await submitAs('bank-user', [bank], [exercise(IOU, contractId, 'Archive')])).status).toBe(200);
    const archived = await submitAs('bank-user', [bank], [exercise(IOU, contractId, 'Archive')]);
    expect(archived.status).toBe(404);
    expect(archived.json.code).toBe('CONTRACT_NOT_FOUND');
  });
});

describe('Daml values on 3.5 (facts §3)', () => {
  it('answers an Int64 sent as a JSON number with 500 LEDGER_API_INTERNAL_ERROR, unredacted, from the JSON layer', async () => {
    const reply = await submitAs(
      'alice-user',
      [alice],
      [{ CreateCommand: { templateId: TRAILING_NONE, createArguments: { p: alice, i: 42 } } }],
    );
    expect(reply.status).toBe(500);
    expect(reply.json).toMatchObject({
      code: 'LEDGER_API_INTERNAL_ERROR',
      cause: 'Expected ujson.Str (data: 42)',
      errorCategory: 4,
      grpcCodeValue: 13,
      definiteAnswer: false,
    });
    const badString = await submitAs(
      'alice-user',
      [alice],
      [{ CreateCommand: { templateId: TRAILING_NONE, createArguments: { p: alice, i: 'x' } } }],
    );
    expect(badString.status).toBe(400);
    expect(badString.json.code).toBe('INVALID_ARGUMENT');
  });

  it('reads Int64 from strings, writes them as strings, and drops trailing None fields', async () => {
    const some = await submitAs(
      'alice-user',
      [alice],
      [{ CreateCommand: { templateId: TRAILING_NONE, createArguments: { p: alice, i: '9007199254740993' } } }],
    );
    expect(some.status).toBe(200);
    expect((await createdEvent('alice-user', alice, some.json.completionOffset)).createArgument).toEqual({
      p: alice,
      i: '9007199254740993',
    });
    const none = await submitAs(
      'alice-user',
      [alice],
      [{ CreateCommand: { templateId: TRAILING_NONE, createArguments: { p: alice, i: null } } }],
    );
    expect(none.status).toBe(200);
    expect((await createdEvent('alice-user', alice, none.json.completionOffset)).createArgument).toEqual({ p: alice });
  });

  it('reads a null choiceArgument as {}', async () => {
    const createAndArchive = await submitAs(
      'bank-user',
      [bank],
      [
        {
          CreateAndExerciseCommand: {
            templateId: IOU,
            createArguments: iouArguments(bank, alice),
            choice: 'Archive',
            choiceArgument: null,
          },
        },
      ],
    );
    expect(createAndArchive.status).toBe(200);
    const created = await submitAs('bank-user', [bank], [createIou(bank, alice)]);
    const { contractId } = await createdEvent('bank-user', bank, created.json.completionOffset);
    const archived = await submitAs('bank-user', [bank], [exercise(IOU, contractId, 'Archive', null)]);
    expect(archived.status).toBe(200);
  });
});

describe('error details (facts §4 and the DUPLICATE_COMMAND note)', () => {
  it('names the earlier submission in DUPLICATE_COMMAND of an execute retry', async () => {
    const prepared = await ref.post(
      '/v2/interactive-submission/prepare',
      {
        commands: [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice, '7.0') } }],
        commandId: uniqueCommandId(),
        actAs: [dana],
      },
      'dana-executor',
    );
    expect(prepared.status).toBe(200);
    const executeAs = (submissionId: string) =>
      ref.post(
        '/v2/interactive-submission/execute',
        {
          preparedTransaction: prepared.json.preparedTransaction,
          partySignatures: { signatures: [signHash(ref.fixtures, 'dana', prepared.json.preparedTransactionHash)] },
          submissionId,
          hashingSchemeVersion: prepared.json.hashingSchemeVersion,
          deduplicationPeriod: { Empty: {} },
        },
        'dana-executor',
      );
    expect((await executeAs('first-execute')).status).toBe(200);
    const retry = await eventually(async () => {
      const reply = await executeAs(uniqueCommandId('retry'));
      return reply.json?.code === 'DUPLICATE_COMMAND' ? reply : undefined;
    });
    expect(retry.status).toBe(409);
    expect(retry.json.context.existing_submission_id).toBe('first-execute');
  });

  it("gives UPDATE_NOT_FOUND Canton's cause and the OFFSET resource", async () => {
    const created = await submitAs('bank-user', [bank], [createIou(bank, alice)]);
    const offset = created.json.completionOffset as number;
    const hidden = await ref.updateByOffset('bob-user', offset, transactionsFormat([ref.party('bob')], 'TRANSACTION_SHAPE_ACS_DELTA'));
    expect(hidden.status).toBe(404);
    expect(hidden.json).toMatchObject({
      code: 'UPDATE_NOT_FOUND',
      cause: 'Update not found, or not visible.',
      resources: [['OFFSET', String(offset)]],
    });
  });
});
