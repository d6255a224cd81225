import { decodeCreatedEventBlob } from './created-event-blob.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  ASSET,
  IOU,
  createIou,
  exercise,
  startTestReference,
  transactionsFormat,
  uniqueCommandId,
  type TestReference,
} from './support.js';

let ref: TestReference;
let bank: string;
let alice: string;
let bob: string;
let shared: string;
beforeAll(async () => {
  ref = await startTestReference();
  [bank, alice, bob, shared] = ['bank', 'alice', 'bob', 'shared'].map((alias) => ref.party(alias)) as [string, string, string, string];
});
afterAll(() => ref.close());

const templateFilter = (templateId: string, includeCreatedEventBlob = false) => ({
  identifierFilter: { TemplateFilter: { value: { templateId, includeCreatedEventBlob } } },
});
const interfaceFilter = (interfaceId: string, includeInterfaceView: boolean, includeCreatedEventBlob = false) => ({
  identifierFilter: { InterfaceFilter: { value: { interfaceId, includeInterfaceView, includeCreatedEventBlob } } },
});
const wildcard = (includeCreatedEventBlob: boolean) => ({ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob } } } });

describe('update-by-offset: the seeded updates', () => {
  it('serves topology transactions at 1-3 with every kind of authorization event', async () => {
    const kinds = new Set<string>();
    for (const offset of [1, 2, 3]) {
      const reply = await ref.updateByOffset('auditor-user', offset, {
        includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties: [] } },
      });
      expect(reply.status).toBe(200);
      const value = reply.json.update.TopologyTransaction.value;
      expect(value).toMatchObject({ offset, synchronizerId: ref.fixtures.synchronizerId });
      expect(value.events.length).toBeGreaterThan(0);
      for (const event of value.events) kinds.add(Object.keys(event.event)[0]!);
    }
    expect([...kinds].sort()).toEqual([
      'ParticipantAuthorizationAdded',
      'ParticipantAuthorizationChanged',
      'ParticipantAuthorizationOnboarding',
      'ParticipantAuthorizationRevoked',
    ]);
    const first = await ref.updateByOffset('alice-user', 1, {
      includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties: [alice] } },
    });
    expect(first.json.update.TopologyTransaction.value.events).toEqual([
      {
        event: {
          ParticipantAuthorizationAdded: {
            value: {
              partyId: alice,
              participantId: ref.fixtures.participantId,
              participantPermission: 'PARTICIPANT_PERMISSION_SUBMISSION',
            },
          },
        },
      },
    ]);
    const multiHosted = await ref.updateByOffset('bank-user', 2, {
      includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties: [shared] } },
    });
    const participants = multiHosted.json.update.TopologyTransaction.value.events.map(
      (event: any) => (Object.values(event.event)[0] as any).value.participantId,
    );
    for (const hosting of ref.fixtures.parties.find((party) => party.alias === 'shared')!.hostedOn!) {
      if (hosting.participantId !== ref.fixtures.participantId) expect(participants).toContain(hosting.participantId);
    }
  });

  it('serves the Iou creation at 4, the unassignment at 5 and the checkpoint at 6', async () => {
    const tx = await ref.updateByOffset('bank-user', 4, transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'));
    const created = tx.json.update.Transaction.value.events[0].CreatedEvent;
    expect(created).toMatchObject({
      offset: 4,
      nodeId: 0,
      signatories: [bank],
      observers: [alice],
      templateId: `${ref.fixtures.package.id}:Iou:Iou`,
    });
    const reassignment = await ref.updateByOffset('bank-user', 5, { includeReassignments: { filtersByParty: { [bank]: {} } } });
    expect(reassignment.status).toBe(200);
    const value = reassignment.json.update.Reassignment.value;
    expect(value).toMatchObject({ offset: 5, synchronizerId: ref.fixtures.synchronizerId });
    expect(value.events[0].JsUnassignedEvent.value).toMatchObject({
      contractId: created.contractId,
      source: ref.fixtures.synchronizerId,
      reassignmentCounter: 1,
      offset: 5,
      nodeId: 0,
      submitter: bank,
      witnessParties: [bank],
      packageName: 'CantonExamples',
    });
    expect(value.events[0].JsUnassignedEvent.value.target).not.toBe(ref.fixtures.synchronizerId);
    const checkpoint = await ref.updateByOffset('bank-user', 6, transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'));
    expect(checkpoint.json).toEqual({
      update: {
        OffsetCheckpoint: {
          value: { offset: 6, synchronizerTimes: [{ synchronizerId: ref.fixtures.synchronizerId, recordTime: expect.any(String) }] },
        },
      },
    });
    // The unassigned Iou is no longer on this synchronizer.
    const exercised = await ref.submit('alice-user', {
      commands: [exercise(IOU, created.contractId, 'Call')],
      commandId: uniqueCommandId(),
      actAs: [alice],
    });
    expect(exercised.json.code).toBe('CONTRACT_NOT_FOUND');
  });

  it('hides updates of the other kinds and updates of other parties', async () => {
    expect((await ref.updateByOffset('bank-user', 5, transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'))).json.code).toBe(
      'UPDATE_NOT_FOUND',
    );
    expect((await ref.updateByOffset('bank-user', 4, { includeReassignments: { filtersByParty: { [bank]: {} } } })).json.code).toBe(
      'UPDATE_NOT_FOUND',
    );
    const bobsView = await ref.updateByOffset('bob-user', 4, transactionsFormat([bob], 'TRANSACTION_SHAPE_LEDGER_EFFECTS'));
    expect(bobsView.status).toBe(404);
    expect(bobsView.json).toMatchObject({
      code: 'UPDATE_NOT_FOUND',
      cause: 'Update not found, or not visible.',
      resources: [['OFFSET', '4']],
    });
  });
});

describe('update-by-offset: request checks', () => {
  it('treats a missing offset as 0 and rejects non-positive offsets', async () => {
    const empty = await ref.post('/v2/updates/update-by-offset', {}, 'bank-user');
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ code: 'NON_POSITIVE_OFFSET', errorCategory: 8 });
    expect((await ref.updateByOffset('bank-user', -3, transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'))).json.code).toBe(
      'NON_POSITIVE_OFFSET',
    );
  });

  it('reads offsets written as numeric strings, and fails wrong JSON types as text', async () => {
    expect((await ref.updateByOffset('bank-user', '4', transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'))).status).toBe(200);
    const wrong = await ref.updateByOffset('bank-user', true, transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'));
    expect(wrong.status).toBe(400);
    expect(wrong.contentType).toContain('text/plain');
    expect(wrong.text).toContain('offset');
  });

  it('answers UPDATE_NOT_FOUND beyond the ledger end and for offsets past 2^53', async () => {
    const beyond = await ref.updateByOffset('bank-user', 10_000_000, transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'));
    expect(beyond.json).toMatchObject({ code: 'UPDATE_NOT_FOUND', resources: [['OFFSET', '10000000']] });
    const huge = await ref.post(
      '/v2/updates/update-by-offset',
      `{"offset": 9007199254740993, "updateFormat": ${JSON.stringify(transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'))}}`,
      'bank-user',
    );
    expect(huge.json.resources).toEqual([['OFFSET', '9007199254740993']]);
  });

  it('rejects an unspecified shape, an empty event format and an empty update format', async () => {
    expect((await ref.updateByOffset('bank-user', 4, transactionsFormat([bank], 'TRANSACTION_SHAPE_UNSPECIFIED'))).json.code).toBe(
      'INVALID_ARGUMENT',
    );
    expect(
      (
        await ref.updateByOffset('bank-user', 4, {
          includeTransactions: { eventFormat: {}, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
        })
      ).json.code,
    ).toBe('INVALID_ARGUMENT');
    expect((await ref.updateByOffset('bank-user', 4, {})).json.code).toBe('INVALID_ARGUMENT');
    expect((await ref.post('/v2/updates/update-by-offset', { offset: 4 }, 'bank-user')).json.code).toBe('MISSING_FIELD');
    const badShape = await ref.updateByOffset('bank-user', 4, transactionsFormat([bank], 'ROUND'));
    expect(badShape.status).toBe(400);
    expect(badShape.contentType).toContain('text/plain');
  });

  it('needs read rights for every filter party, and CanReadAsAnyParty (not the admin right) for any-party filters', async () => {
    expect(
      (
        await ref.post('/v2/updates/update-by-offset', {
          offset: 4,
          updateFormat: transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'),
        })
      ).status,
    ).toBe(401);
    expect((await ref.updateByOffset('bob-user', 4, transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'))).status).toBe(403);
    expect((await ref.updateByOffset('alice-user', 4, transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'))).status).toBe(200);
    const anyParty = {
      includeTransactions: { eventFormat: { filtersForAnyParty: { cumulative: [] } }, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
    };
    expect((await ref.updateByOffset('bank-user', 4, anyParty)).status).toBe(403);
    // Canton's Claims.canReadAsAnyParty: participant_admin alone does not read as any party.
    expect((await ref.updateByOffset('participant_admin', 4, anyParty)).status).toBe(403);
    const auditor = await ref.updateByOffset('auditor-user', 4, anyParty);
    expect(auditor.status).toBe(200);
    expect([...auditor.json.update.Transaction.value.events[0].CreatedEvent.witnessParties].sort()).toEqual([alice, bank].sort());
    expect(
      (await ref.updateByOffset('bank-user', 1, { includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties: [] } } }))
        .status,
    ).toBe(403);
  });

  it('rejects filters naming unknown templates or interfaces', async () => {
    const unknown = await ref.updateByOffset(
      'bank-user',
      4,
      transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA', [templateFilter('#CantonExamples:Iou:Nope')]),
    );
    expect(unknown.status).toBe(404);
    // A known package name without that template (IndexServiceImpl.checkUnknownIdentifiers, 3.5).
    expect(unknown.json.code).toBe('NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME');
    expect(unknown.json.cause).toBe(
      'The following package-name/template qualified-name pairs do not reference any template-id uploaded on this participant: [(CantonExamples,Iou:Nope)].',
    );
    const unknownInterface = await ref.updateByOffset(
      'bank-user',
      4,
      transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA', [interfaceFilter('#CantonExamples:Asset:Nope', true)]),
    );
    expect(unknownInterface.status).toBe(404);
    expect(unknownInterface.json.code).toBe('NO_INTERFACE_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME');
    const unknownName = await ref.updateByOffset(
      'bank-user',
      4,
      transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA', [templateFilter('#NoSuchPackage:Iou:Iou')]),
    );
    expect(unknownName.json.code).toBe('PACKAGE_NAMES_NOT_FOUND');
  });
});

describe('update-by-offset: filters and shapes', () => {
  let transferOffset: number;
  let accountOffset: number;
  beforeAll(async () => {
    const created = await ref.submit('bank-user', { commands: [createIou(bank, alice)], commandId: uniqueCommandId(), actAs: [bank] });
    const acs = await ref.updateByOffset(
      'bank-user',
      created.json.completionOffset,
      transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'),
    );
    const contractId = acs.json.update.Transaction.value.events[0].CreatedEvent.contractId;
    const transfer = await ref.submit('alice-user', {
      commands: [exercise(IOU, contractId, 'Transfer', { newOwner: bob })],
      commandId: uniqueCommandId(),
      actAs: [alice],
      workflowId: 'wf-1',
    });
    transferOffset = transfer.json.completionOffset;
    const account = await ref.submit('alice-user', {
      commands: [
        { CreateCommand: { templateId: ACCOUNT, createArguments: { owner: alice, number: uniqueCommandId('A'), balance: '1', tags: [] } } },
      ],
      commandId: uniqueCommandId(),
      actAs: [alice],
    });
    accountOffset = account.json.completionOffset;
  });

  it('ACS delta: archive + create, witnesses are the filter parties that are stakeholders', async () => {
    const reply = await ref.updateByOffset('bank-user', transferOffset, transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA'));
    const value = reply.json.update.Transaction.value;
    expect(value.events.map((event: any) => Object.keys(event)[0])).toEqual(['ArchivedEvent', 'CreatedEvent']);
    expect(value.events[1].CreatedEvent.witnessParties).toEqual([bank]);
    expect(value.workflowId).toBe('wf-1');
    expect(value.commandId).toBe('');
    expect(value.offset).toBe(transferOffset);
    expect(value.externalTransactionHash).toBeNull();
    expect(value.traceContext.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const submitterView = await ref.updateByOffset(
      'alice-user',
      transferOffset,
      transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA'),
    );
    expect(submitterView.json.update.Transaction.value.commandId).not.toBe('');
  });

  it('ledger effects: exercise then create, with witnesses among the informees', async () => {
    const reply = await ref.updateByOffset('bob-user', transferOffset, transactionsFormat([bob], 'TRANSACTION_SHAPE_LEDGER_EFFECTS'));
    const events = reply.json.update.Transaction.value.events;
    // Bob is no stakeholder of the consumed Iou, but sees the new one created for him.
    expect(events.map((event: any) => Object.keys(event)[0])).toEqual(['CreatedEvent']);
    expect(events[0].CreatedEvent.nodeId).toBe(1);
    const bankView = await ref.updateByOffset('bank-user', transferOffset, transactionsFormat([bank], 'TRANSACTION_SHAPE_LEDGER_EFFECTS'));
    const exercised = bankView.json.update.Transaction.value.events[0].ExercisedEvent;
    expect(exercised).toMatchObject({
      choice: 'Transfer',
      choiceArgument: { newOwner: bob },
      witnessParties: [bank],
      interfaceId: null,
      acsDelta: true,
    });
  });

  it('template filters select templates; blobs only when asked', async () => {
    const iouOnly = await ref.updateByOffset(
      'alice-user',
      accountOffset,
      transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA', [templateFilter(IOU)]),
    );
    expect(iouOnly.json.code).toBe('UPDATE_NOT_FOUND');
    const accountNoBlob = await ref.updateByOffset(
      'alice-user',
      accountOffset,
      transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA', [templateFilter(ACCOUNT)]),
    );
    expect(accountNoBlob.json.update.Transaction.value.events[0].CreatedEvent.createdEventBlob).toBe('');
    // Canton 3.5 takes no package-id reference in a filter (FormatValidator.validateNameTypeConRef).
    const byPackageId = await ref.updateByOffset(
      'alice-user',
      accountOffset,
      transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA', [templateFilter(`${ref.fixtures.package.id}:Account:Account`)]),
    );
    expect([byPackageId.status, byPackageId.json.code]).toEqual([400, 'INVALID_FIELD']);
    expect(byPackageId.json.cause).toContain(
      `Invalid field packageId: Received an identifier with package ID ${ref.fixtures.package.id}, but expected a package name.`,
    );
    const withBlob = await ref.updateByOffset(
      'alice-user',
      accountOffset,
      transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA', [templateFilter(ACCOUNT, true)]),
    );
    const event = withBlob.json.update.Transaction.value.events[0].CreatedEvent;
    // A Daml-LF FatContractInstance, as Canton writes one (Account's key maintainer is its owner, a signatory).
    const blob = decodeCreatedEventBlob(event.createdEventBlob);
    expect(blob.version).toBe('2.1');
    expect(blob.contractIdHex).toBe(event.contractId);
    expect(blob).toMatchObject({ packageName: 'CantonExamples', signatories: [], observers: [] });
    expect(blob.templateId).toEqual({ package_id: ref.fixtures.package.id, module_name: ['Account'], name: ['Account'] });
    expect(blob.createArgument.record.fields[0].value).toEqual({ party: alice });
    expect(blob.createdAtMicros).toBe(String(Date.parse(event.createdAt) * 1000));
    const wildcardBlob = await ref.updateByOffset(
      'alice-user',
      accountOffset,
      transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA', [wildcard(true)]),
    );
    expect(wildcardBlob.json.update.Transaction.value.events[0].CreatedEvent.createdEventBlob).not.toBe('');
    const emptyFilter = await ref.updateByOffset(
      'alice-user',
      accountOffset,
      transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA', [{ identifierFilter: { Empty: {} } }]),
    );
    expect(emptyFilter.json.update.Transaction.value.events[0].CreatedEvent.createdEventBlob).toBe('');
  });

  it('interface filters match implementing templates; views only when asked', async () => {
    const withView = await ref.updateByOffset(
      'alice-user',
      accountOffset,
      transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA', [interfaceFilter(ASSET, true)]),
    );
    const views = withView.json.update.Transaction.value.events[0].CreatedEvent.interfaceViews;
    expect(views).toEqual([
      {
        interfaceId: `${ref.fixtures.package.id}:Asset:Asset`,
        viewStatus: { code: 0, message: '', details: [] },
        viewValue: { owner: alice, description: expect.stringMatching(/^account A-/) },
        implementationPackageId: ref.fixtures.package.id,
      },
    ]);
    const withoutView = await ref.updateByOffset(
      'alice-user',
      accountOffset,
      transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA', [interfaceFilter(ASSET, false)]),
    );
    expect(withoutView.json.update.Transaction.value.events[0].CreatedEvent.interfaceViews).toEqual([]);
    const archive = await ref.updateByOffset(
      'bank-user',
      transferOffset,
      transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA', [interfaceFilter(ASSET, false)]),
    );
    expect(archive.json.update.Transaction.value.events[0].ArchivedEvent.implementedInterfaces).toEqual([
      `${ref.fixtures.package.id}:Asset:Asset`,
    ]);
  });

  it('renders synthetic bulk updates like any transaction (handler called directly)', async () => {
    const { Ledger } = await import('../../reference/ledger/index.js');
    const { Faults } = await import('../../reference/faults.js');
    const ledger = new Ledger({ fixtures: ref.fixtures, faults: new Faults() });
    expect(ledger.ledgerEnd()).toBe(6);
    expect(ledger.appendSyntheticUpdates(100_000)).toBe(100_006);
    const route = ledger.routes().find((candidate) => candidate.pattern === '/v2/updates/update-by-offset')!;
    const reply = await route.handler({
      method: 'POST',
      path: route.pattern,
      params: {},
      query: new URLSearchParams(),
      headers: {},
      body: Buffer.from(JSON.stringify({ offset: 50_000, updateFormat: transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA') })),
      auth: {
        kind: 'authenticated',
        caller: { userId: 'bank-user', rights: { actAs: new Set([bank]), readAs: new Set(), executeAs: new Set(), admin: false } },
      },
    });
    expect(reply.status).toBe(200);
    const value = (reply.body as any).update.Transaction.value;
    expect(value.offset).toBe(50_000);
    expect(value.updateId).toMatch(/^1220[0-9a-f]{64}$/);
    expect(value.events[0].CreatedEvent.offset).toBe(50_000);
    await ledger.close();
  });
});
