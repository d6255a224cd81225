import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  ASSET,
  IOU,
  createIou,
  exercise,
  iouArguments,
  startTestReference,
  transactionsFormat,
  uniqueCommandId,
  type TestReference,
} from './support.js';

let ref: TestReference;
let bank: string;
let alice: string;
let bob: string;
let carol: string;
beforeAll(async () => {
  ref = await startTestReference();
  [bank, alice, bob, carol] = ['bank', 'alice', 'bob', 'carol'].map((alias) => ref.party(alias)) as [string, string, string, string];
});
afterAll(() => ref.close());

const submitAs = (user: string, actAs: string[], commands: unknown[], extra: Record<string, unknown> = {}) =>
  ref.submit(user, { commands, commandId: uniqueCommandId(), actAs, ...extra });

async function createdContractId(user: string, party: string, offset: number, templateSuffix = ':Iou:Iou'): Promise<string> {
  const reply = await ref.updateByOffset(user, offset, transactionsFormat([party], 'TRANSACTION_SHAPE_ACS_DELTA'));
  expect(reply.status).toBe(200);
  const created = reply.json.update.Transaction.value.events
    .map((event: any) => event.CreatedEvent)
    .find((event: any) => event?.templateId.endsWith(templateSuffix));
  expect(created).toBeDefined();
  return created.contractId as string;
}

async function newIou(owner = alice, value = '100.0'): Promise<{ contractId: string; offset: number }> {
  const reply = await submitAs('bank-user', [bank], [createIou(bank, owner, value)]);
  expect(reply.status).toBe(200);
  return { contractId: await createdContractId('bank-user', bank, reply.json.completionOffset), offset: reply.json.completionOffset };
}

async function ledgerEffects(user: string, party: string, offset: number): Promise<any[]> {
  const reply = await ref.updateByOffset(user, offset, transactionsFormat([party], 'TRANSACTION_SHAPE_LEDGER_EFFECTS'));
  expect(reply.status).toBe(200);
  return reply.json.update.Transaction.value.events;
}

describe('submit-and-wait: successful commands', () => {
  it('creates an Iou and answers a hex update id and a positive offset after the seeded ones', async () => {
    const reply = await submitAs('bank-user', [bank], [createIou(bank, alice)]);
    expect(reply.status).toBe(200);
    expect(reply.json.updateId).toMatch(/^1220[0-9a-f]{64}$/);
    expect(reply.json.completionOffset).toBeGreaterThan(6);
  });

  it('accepts package-id template references too', async () => {
    const reply = await submitAs(
      'bank-user',
      [bank],
      [{ CreateCommand: { templateId: `${ref.fixtures.package.id}:Iou:Iou`, createArguments: iouArguments(bank, alice) } }],
    );
    expect(reply.status).toBe(200);
  });

  it('transfers an Iou (exercise): the old one is archived, a new one created for the new owner', async () => {
    const { contractId } = await newIou();
    const reply = await submitAs('alice-user', [alice], [exercise(IOU, contractId, 'Transfer', { newOwner: bob })]);
    expect(reply.status).toBe(200);
    const events = await ledgerEffects('alice-user', alice, reply.json.completionOffset);
    const exercised = events[0].ExercisedEvent;
    expect(exercised).toMatchObject({
      contractId,
      choice: 'Transfer',
      consuming: true,
      actingParties: [alice],
      nodeId: 0,
      lastDescendantNodeId: 1,
      acsDelta: true,
    });
    expect(exercised.exerciseResult).toBe(events[1].CreatedEvent.contractId);
    expect(events[1].CreatedEvent.createArgument.owner).toBe(bob);
    const again = await submitAs('alice-user', [alice], [exercise(IOU, contractId, 'Transfer', { newOwner: bob })]);
    expect(again.status).toBe(404);
    expect(again.json.code).toBe('CONTRACT_NOT_FOUND');
  });

  it('calls an Iou: GetCash needs both payer and owner, authorized inside the choice', async () => {
    const { contractId } = await newIou();
    const reply = await submitAs('alice-user', [alice], [exercise(IOU, contractId, 'Call')]);
    expect(reply.status).toBe(200);
    const events = await ledgerEffects('alice-user', alice, reply.json.completionOffset);
    expect(events[1].CreatedEvent.templateId).toMatch(/:Iou:GetCash$/);
    expect([...events[1].CreatedEvent.signatories].sort()).toEqual([alice, bank].sort());
  });

  it('shares an Iou with a viewer, who then sees it', async () => {
    const { contractId } = await newIou();
    const reply = await submitAs('alice-user', [alice], [exercise(IOU, contractId, 'Share', { viewer: carol })]);
    expect(reply.status).toBe(200);
    const seen = await ref.updateByOffset(
      'observer-user',
      reply.json.completionOffset,
      transactionsFormat([carol], 'TRANSACTION_SHAPE_ACS_DELTA'),
    );
    expect(seen.status).toBe(200);
    const created = seen.json.update.Transaction.value.events[0].CreatedEvent;
    expect(created.observers).toContain(carol);
    expect(created.witnessParties).toEqual([carol]);
  });

  it('archives with the Archive choice (controller: signatories)', async () => {
    const { contractId } = await newIou();
    expect((await submitAs('alice-user', [alice], [exercise(IOU, contractId, 'Archive')])).json.code).toBe('DAML_AUTHORIZATION_ERROR');
    const reply = await submitAs('bank-user', [bank], [exercise(IOU, contractId, 'Archive')]);
    expect(reply.status).toBe(200);
    const acs = await ref.updateByOffset(
      'bank-user',
      reply.json.completionOffset,
      transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'),
    );
    expect(acs.json.update.Transaction.value.events).toEqual([
      { ArchivedEvent: expect.objectContaining({ contractId, witnessParties: [bank], packageName: 'CantonExamples' }) },
    ]);
  });

  it('create-and-exercise yields a transient create (acsDelta false) and no ACS-delta events for it', async () => {
    const reply = await submitAs(
      'bank-user',
      [bank],
      [
        {
          CreateAndExerciseCommand: {
            templateId: IOU,
            createArguments: iouArguments(bank, bank),
            choice: 'Transfer',
            choiceArgument: { newOwner: alice },
          },
        },
      ],
    );
    expect(reply.status).toBe(200);
    const events = await ledgerEffects('bank-user', bank, reply.json.completionOffset);
    expect(events.map((event) => Object.keys(event)[0])).toEqual(['CreatedEvent', 'ExercisedEvent', 'CreatedEvent']);
    expect(events[0].CreatedEvent.acsDelta).toBe(false);
    expect(events[2].CreatedEvent.acsDelta).toBe(true);
    const acs = await ref.updateByOffset(
      'bank-user',
      reply.json.completionOffset,
      transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'),
    );
    expect(acs.json.update.Transaction.value.events).toHaveLength(1);
    expect(acs.json.update.Transaction.value.events[0].CreatedEvent.createArgument.owner).toBe(alice);
  });

  it('exercises by key the most recent of the contracts sharing a key (keys are not unique) and reports a missing key', async () => {
    const number = uniqueCommandId('ACC');
    const account = { owner: alice, number, balance: '10.0', tags: ['a'], nickname: null };
    const created = await submitAs('alice-user', [alice], [{ CreateCommand: { templateId: ACCOUNT, createArguments: account } }]);
    expect(created.status).toBe(200);
    const createdEvent = (await ledgerEffects('alice-user', alice, created.json.completionOffset))[0].CreatedEvent;
    expect(createdEvent.contractKey).toEqual({ owner: alice, number });
    expect(createdEvent.createArgument).toEqual({ owner: alice, number, balance: '10.0000000000', tags: ['a'] });
    // Canton 3.5 (NUCK): a second contract with the key is accepted, and an exercise by key takes the most recent.
    const second = await submitAs(
      'alice-user',
      [alice],
      [{ CreateCommand: { templateId: ACCOUNT, createArguments: { ...account, balance: '20.0' } } }],
    );
    expect(second.status).toBe(200);
    const secondId = (await ledgerEffects('alice-user', alice, second.json.completionOffset))[0].CreatedEvent.contractId;
    const deposit = await submitAs(
      'alice-user',
      [alice],
      [
        {
          ExerciseByKeyCommand: {
            templateId: ACCOUNT,
            contractKey: { owner: alice, number },
            choice: 'Deposit',
            choiceArgument: { amount: '1.5' },
          },
        },
      ],
    );
    expect(deposit.status).toBe(200);
    const events = await ledgerEffects('alice-user', alice, deposit.json.completionOffset);
    expect(events[0].ExercisedEvent.contractId).toBe(secondId);
    expect(events[1].CreatedEvent.createArgument.balance).toBe('21.5000000000');
    const missing = await submitAs(
      'alice-user',
      [alice],
      [
        {
          ExerciseByKeyCommand: {
            templateId: ACCOUNT,
            contractKey: { owner: alice, number: 'no-such' },
            choice: 'Deposit',
            choiceArgument: { amount: '1' },
          },
        },
      ],
    );
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('CONTRACT_KEY_NOT_FOUND');
  });

  it('exercises an interface choice through the interface id', async () => {
    const { contractId } = await newIou(alice, '7.25');
    const reply = await submitAs('alice-user', [alice], [exercise(ASSET, contractId, 'Describe')]);
    expect(reply.status).toBe(200);
    const events = await ledgerEffects('alice-user', alice, reply.json.completionOffset);
    expect(events[0].ExercisedEvent).toMatchObject({
      choice: 'Describe',
      consuming: false,
      exerciseResult: '7.2500000000 USD',
      acsDelta: false,
    });
    expect(events[0].ExercisedEvent.interfaceId).toBe(`${ref.fixtures.package.id}:Asset:Asset`);
  });

  it('runs several commands atomically: a failing one leaves no trace', async () => {
    const before = await submitAs('bank-user', [bank], [createIou(bank, alice)]);
    const reply = await submitAs('bank-user', [bank], [createIou(bank, alice), createIou(bank, alice, '-1.0')]);
    expect(reply.status).toBe(400);
    const after = await submitAs('bank-user', [bank], [createIou(bank, alice)]);
    expect(after.json.completionOffset).toBe(before.json.completionOffset + 1);
  });
});

describe('submit-and-wait: rejections', () => {
  it('answers decode failures with 400 text/plain naming the part', async () => {
    const missing = await ref.submit('bank-user', { commands: [createIou(bank, alice)], actAs: [bank] });
    expect(missing.status).toBe(400);
    expect(missing.contentType).toContain('text/plain');
    expect(missing.text).toBe("Invalid value for: body (Missing required field at 'commandId')");
    const badId = await submitAs('bank-user', [bank], [{ CreateCommand: { templateId: 'not-a-valid-template-id', createArguments: {} } }]);
    expect(badId.text).toBe(
      "Invalid value for: body (Invalid identifier format (not-a-valid-template-id) not matching the expected format (<package>:<moduleName>:<entityName>) at 'commands[0].CreateCommand.templateId')",
    );
    const unknownKind = await submitAs('bank-user', [bank], [{ FooCommand: {} }]);
    expect(unknownKind.text).toContain("has no class/object/case named 'FooCommand'");
    const wrongType = await ref.submit('bank-user', { commands: [], commandId: 5, actAs: [bank] });
    expect(wrongType.text).toContain("expecting string at 'commandId'");
  });

  it('answers empty commands or actAs with JSON 400 MISSING_FIELD', async () => {
    const noCommands = await submitAs('bank-user', [bank], []);
    expect(noCommands.status).toBe(400);
    expect(noCommands.json).toMatchObject({
      code: 'MISSING_FIELD',
      cause: 'The submitted command is missing a mandatory field: commands',
      errorCategory: 8,
    });
    const noActAs = await submitAs('bank-user', [], [createIou(bank, alice)]);
    expect(noActAs.json).toMatchObject({ code: 'MISSING_FIELD', cause: 'The submitted command is missing a mandatory field: act_as' });
  });

  it('checks the command id format', async () => {
    const reply = await ref.submit('bank-user', { commands: [createIou(bank, alice)], commandId: 'bad%id', actAs: [bank] });
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe('INVALID_FIELD');
  });

  it('needs a token (401), act-as rights (403), read-as rights (403) and a matching user id (403)', async () => {
    const anonymous = await ref.post('/v2/commands/submit-and-wait', {
      commands: [createIou(bank, alice)],
      commandId: uniqueCommandId(),
      actAs: [bank],
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('NA');
    expect((await submitAs('alice-user', [bank], [createIou(bank, alice)])).status).toBe(403);
    expect((await submitAs('bank-user', [bank], [createIou(bank, alice)], { readAs: [carol] })).status).toBe(403);
    expect((await submitAs('bank-user', [bank], [createIou(bank, alice)], { userId: 'alice-user' })).status).toBe(403);
    expect((await submitAs('bank-user', [bank], [createIou(bank, alice)], { userId: 'bank-user' })).status).toBe(200);
    expect((await submitAs('observer-user', [carol], [createIou(carol, alice)])).status).toBe(403);
  });

  it('resolves templates: unknown package name, unknown template, unknown package id', async () => {
    const name = await submitAs(
      'bank-user',
      [bank],
      [{ CreateCommand: { templateId: '#NoSuchPackage:Iou:Iou', createArguments: iouArguments(bank, alice) } }],
    );
    expect(name.status).toBe(404);
    expect(name.json.code).toBe('PACKAGE_NAMES_NOT_FOUND');
    const entity = await submitAs(
      'bank-user',
      [bank],
      [{ CreateCommand: { templateId: '#CantonExamples:Iou:Nope', createArguments: {} } }],
    );
    expect(entity.json).toMatchObject({ code: 'TEMPLATES_OR_INTERFACES_NOT_FOUND', errorCategory: 11 });
    const id = await submitAs('bank-user', [bank], [{ CreateCommand: { templateId: `${'ab'.repeat(32)}:Iou:Iou`, createArguments: {} } }]);
    expect(id.status).toBe(404);
  });

  it('type-checks arguments: missing field, unexpected field, wrong type', async () => {
    const missing = await submitAs(
      'bank-user',
      [bank],
      [{ CreateCommand: { templateId: IOU, createArguments: { payer: bank, owner: alice, viewers: [] } } }],
    );
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('COMMAND_PREPROCESSING_FAILED');
    expect(missing.json.cause).toContain('Missing non-optional fields: Set(amount)');
    expect(missing.json.definiteAnswer).toBe(false);
    const extra = await submitAs(
      'bank-user',
      [bank],
      [{ CreateCommand: { templateId: IOU, createArguments: { ...iouArguments(bank, alice), colour: 'red' } } }],
    );
    expect(extra.json).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(extra.json.cause).toContain('Unexpected fields: colour');
    const wrong = await submitAs(
      'bank-user',
      [bank],
      [{ CreateCommand: { templateId: IOU, createArguments: { ...iouArguments(bank, alice), viewers: 'x' } } }],
    );
    expect(wrong.json.code).toBe('INVALID_ARGUMENT');
  });

  it('checks authorization, the ensure clause, choices, visibility and parties', async () => {
    const unauthorized = await submitAs('alice-user', [alice], [createIou(bank, alice)]);
    expect(unauthorized.json).toMatchObject({ code: 'DAML_AUTHORIZATION_ERROR', errorCategory: 8 });
    const negative = await submitAs('bank-user', [bank], [createIou(bank, alice, '-0.5')]);
    expect(negative.json).toMatchObject({ code: 'TEMPLATE_PRECONDITION_VIOLATED' });
    const { contractId } = await newIou();
    const noChoice = await submitAs('alice-user', [alice], [exercise(IOU, contractId, 'Explode')]);
    expect(noChoice.status).toBe(400);
    expect(noChoice.json.cause).toContain("Couldn't find requested choice Explode");
    const invisible = await submitAs('bob-user', [bob], [exercise(IOU, contractId, 'Transfer', { newOwner: bob })]);
    expect(invisible.status).toBe(404);
    expect(invisible.json.code).toBe('CONTRACT_NOT_FOUND');
    const unknownParty = await submitAs('bank-user', [bank], [createIou(bank, 'Nobody::1220aa')]);
    // TransactionRoutingError.scala:247 (3.5): UNKNOWN_INFORMEES is InvalidGivenCurrentSystemStateResourceMissing.
    expect(unknownParty.status).toBe(404);
    expect(unknownParty.json).toMatchObject({ code: 'UNKNOWN_INFORMEES', errorCategory: 11 });
    const malformedParty = await submitAs('bank-user', [bank], [createIou(bank, 'no fingerprint')]);
    expect(malformedParty.json.code).toBe('INVALID_ARGUMENT');
  });
});

describe('submit-and-wait: deduplication and concurrency', () => {
  it('rejects a second success of one change id with DUPLICATE_COMMAND, naming the first', async () => {
    const body = {
      commands: [createIou(bank, alice)],
      commandId: uniqueCommandId('dedup'),
      actAs: [bank],
      submissionId: 'first-submission',
    };
    const first = await ref.submit('bank-user', body);
    expect(first.status).toBe(200);
    const second = await ref.submit('bank-user', { ...body, submissionId: 'second-submission' });
    expect(second.status).toBe(409);
    expect(second.json.code).toBe('DUPLICATE_COMMAND');
    // CommandDeduplicationError.DuplicateCommandReject's fields, as Canton 3.5 writes them.
    expect(second.json.cause).toBe('Command submission already exists.');
    expect(second.json.context).toMatchObject({
      existingSubmissionId: 'Some(first-submission)',
      completion_offset: String(first.json.completionOffset),
      accepted: 'true',
    });
    const otherUser = await ref.submit('participant_admin', { ...body, userId: 'participant_admin' });
    expect(otherUser.status).toBe(403);
  });

  it('does not let a failed submission occupy the change id, and honours a short deduplication period', async () => {
    const commandId = uniqueCommandId('retry');
    const failed = await ref.submit('bank-user', { commands: [createIou(bank, alice, '-1.0')], commandId, actAs: [bank] });
    expect(failed.status).toBe(400);
    const retried = await ref.submit('bank-user', { commands: [createIou(bank, alice)], commandId, actAs: [bank] });
    expect(retried.status).toBe(200);
    const shortWindow = { DeduplicationDuration: { value: { seconds: 0, nanos: 1_000_000 } } };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const afterWindow = await ref.submit('bank-user', {
      commands: [createIou(bank, alice)],
      commandId,
      actAs: [bank],
      deduplicationPeriod: shortWindow,
    });
    expect(afterWindow.status).toBe(200);
    const tooLong = await ref.submit('bank-user', {
      commands: [createIou(bank, alice)],
      commandId: uniqueCommandId(),
      actAs: [bank],
      deduplicationPeriod: { DeduplicationDuration: { value: { seconds: 30 * 24 * 3600, nanos: 0 } } },
    });
    expect(tooLong.json.code).toBe('INVALID_DEDUPLICATION_PERIOD');
    const offsetForm = await ref.submit('bank-user', {
      commands: [createIou(bank, alice)],
      commandId: uniqueCommandId(),
      actAs: [bank],
      deduplicationPeriod: { DeduplicationOffset: { value: 1 } },
    });
    // Canton 3.5 takes all three deduplication variants in submit-and-wait (facts verified-against-real §2).
    expect(offsetForm.status).toBe(200);
  });

  it('gives 64 concurrent submissions from several users unique, increasing offsets', async () => {
    const users: [string, string][] = [
      ['bank-user', bank],
      ['alice-user', alice],
      ['bob-user', bob],
    ];
    const replies = await Promise.all(
      Array.from({ length: 64 }, (_, index) => {
        const [user, party] = users[index % users.length] as [string, string];
        return submitAs(user, [party], [createIou(party, party)]);
      }),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(64).fill(200));
    const offsets = replies.map((reply) => reply.json.completionOffset as number);
    expect(new Set(offsets).size).toBe(64);
    const sorted = [...offsets].sort((a, b) => a - b);
    expect(sorted[63]! - sorted[0]!).toBe(63);
    // Nothing lost: each offset holds the transaction its submitter was told about.
    await Promise.all(
      replies.map(async (reply, index) => {
        const [user, party] = users[index % users.length] as [string, string];
        const stored = await ref.updateByOffset(
          user,
          reply.json.completionOffset,
          transactionsFormat([party], 'TRANSACTION_SHAPE_ACS_DELTA'),
        );
        expect(stored.json.update.Transaction.value.updateId).toBe(reply.json.updateId);
      }),
    );
  });

  it('lets exactly one of concurrent submissions of one change id succeed', async () => {
    const body = { commands: [createIou(bank, alice)], commandId: uniqueCommandId('race'), actAs: [bank] };
    const replies = await Promise.all(Array.from({ length: 16 }, () => ref.submit('bank-user', body)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
  });
});
