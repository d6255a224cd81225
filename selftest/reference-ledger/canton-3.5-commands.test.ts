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
  it('names the earlier submission in DUPLICATE_COMMAND of a submit-and-wait retry', async () => {
    const commandId = uniqueCommandId('dedup');
    const first = await submitAs('bank-user', [bank], [createIou(bank, alice)], { commandId, submissionId: 'first-submit' });
    expect(first.status).toBe(200);
    const retry = await submitAs('bank-user', [bank], [createIou(bank, alice)], { commandId, submissionId: 'second-submit' });
    expect(retry.status).toBe(409);
    expect(retry.json).toMatchObject({
      code: 'DUPLICATE_COMMAND',
      errorCategory: 10,
      context: { existingSubmissionId: 'Some(first-submit)' },
    });
  });

  it('acknowledges an execute retry of a committed change id (Canton rejects it on the completion stream) and never commits it again', async () => {
    const prepared = await ref.post(
      '/v2/interactive-submission/prepare',
      {
        commands: [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice, '7.0') } }],
        commandId: uniqueCommandId(),
        actAs: [dana],
        synchronizerId: ref.fixtures.synchronizerId,
        packageIdSelectionPreference: [],
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
    const ledgerEnd = async () => (await submitAs('alice-user', [alice], [createIou(alice, alice)])).json.completionOffset as number;
    const before = await ledgerEnd();
    expect((await executeAs('first-execute')).status).toBe(200);
    const commitsOfTheIou = async (from: number, to: number) => {
      let count = 0;
      for (let offset = from + 1; offset < to; offset++) {
        const reply = await ref.updateByOffset('alice-user', offset, transactionsFormat([alice], 'TRANSACTION_SHAPE_ACS_DELTA'));
        const events = reply.status === 200 ? reply.json.update.Transaction.value.events : [];
        count += events.filter((event: any) => event.CreatedEvent?.signatories?.includes(dana)).length;
      }
      return count;
    };
    const committed = await eventually(async () => {
      const end = await ledgerEnd();
      return (await commitsOfTheIou(before, end)) === 1 ? end : undefined;
    });
    const retry = await executeAs('second-execute');
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual({});
    expect(await commitsOfTheIou(committed, await ledgerEnd())).toBe(0);
  });

  it('rejects an execute retry that meets the first still in flight with 409 SUBMISSION_ALREADY_IN_FLIGHT (handler called directly)', async () => {
    // Two executes in one turn of the event loop: the first commits only on the next turn, so the second
    // meets it in flight, which no pair of HTTP requests can arrange reliably.
    const { Ledger } = await import('../../reference/ledger/index.js');
    const { Faults } = await import('../../reference/faults.js');
    const { LedgerApiError } = await import('../../reference/canton-errors.js');
    const ledger = new Ledger({ fixtures: ref.fixtures, faults: new Faults() });
    const route = (pattern: string) => ledger.routes().find((candidate) => candidate.pattern === pattern)!.handler;
    const executor = {
      kind: 'authenticated' as const,
      caller: {
        userId: 'dana-executor',
        rights: { actAs: new Set<string>(), readAs: new Set<string>(), executeAs: new Set([dana]), admin: false },
      },
    };
    const post = (pattern: string, body: unknown) =>
      route(pattern)({
        method: 'POST',
        path: pattern,
        params: {},
        query: new URLSearchParams(),
        headers: {},
        body: Buffer.from(JSON.stringify(body)),
        auth: executor,
      });
    const prepared = (await post('/v2/interactive-submission/prepare', {
      commands: [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice, '8.0') } }],
      commandId: uniqueCommandId(),
      actAs: [dana],
      synchronizerId: ref.fixtures.synchronizerId,
      packageIdSelectionPreference: [],
    })) as { status: number; body: any };
    expect(prepared.status).toBe(200);
    const execute = (submissionId: string) =>
      post('/v2/interactive-submission/execute', {
        preparedTransaction: prepared.body.preparedTransaction,
        partySignatures: { signatures: [signHash(ref.fixtures, 'dana', prepared.body.preparedTransactionHash)] },
        submissionId,
        hashingSchemeVersion: prepared.body.hashingSchemeVersion,
        deduplicationPeriod: { Empty: {} },
      });
    expect((execute('first-execute') as { status: number }).status).toBe(200);
    let rejection: unknown;
    try {
      execute('second-execute');
    } catch (error) {
      rejection = error;
    }
    expect(rejection).toBeInstanceOf(LedgerApiError);
    expect(rejection).toMatchObject({ code: 'SUBMISSION_ALREADY_IN_FLIGHT', httpStatus: 409 });
    await ledger.close();
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

describe('template ids: IdentifierConverter, then the JSON layer (commands) or FormatValidator (filters)', () => {
  const createWith = (templateId: string) => ({
    CreateCommand: { templateId, createArguments: iouArguments(bank, alice) },
  });

  it('fails decoding, 400 text/plain, unless the id splits (as Java does) into three parts', async () => {
    for (const templateId of ['CantonExamples:Iou', '#CantonExamples:Iou:Iou:Extra', '#CantonExamples:Iou:', '']) {
      const reply = await submitAs('bank-user', [bank], [createWith(templateId)]);
      expect(reply.status, templateId).toBe(400);
      expect(reply.contentType, templateId).toMatch(/^text\/plain/);
      expect(reply.text, templateId).toContain(`Invalid identifier format (${templateId})`);
    }
  });

  it('refuses three parts with an empty or malformed one with 400 INVALID_ARGUMENT, as the JSON layer meets it', async () => {
    const cases: [string, string][] = [
      ['#:Iou:Iou', 'Value does not match the package-id or package-name formats: Daml-LF Package Name is empty'],
      ['#Canton Examples:Iou:Iou', 'Value does not match the package-id or package-name formats: non expected character 0x20'],
      [':Iou:Iou', 'Value does not match the package-id or package-name formats: Daml-LF Package ID is empty'],
      [`${'a'.repeat(65)}:Iou:Iou`, 'Value does not match the package-id or package-name formats: Daml-LF Package ID is too long'],
      ['#CantonExamples::Iou', 'Expected a non-empty string'],
      ['#CantonExamples:Iou.:Iou', 'Daml-LF Name is empty'],
      ['#CantonExamples:Iou:1Iou', 'non expected'],
      ['pkg::Iou', 'Expected a non-empty string'],
    ];
    for (const [templateId, cause] of cases) {
      const reply = await submitAs('bank-user', [bank], [createWith(templateId)]);
      expect(reply.status, templateId).toBe(400);
      expect(reply.json, templateId).toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(reply.json.cause, templateId).toContain(cause);
    }
  });

  it('answers a well-formed id that names nothing with 404 (a package name with a space is not one)', async () => {
    const unknownName = await submitAs('bank-user', [bank], [createWith('#NoSuchPackage:Iou:Iou')]);
    expect(unknownName.status).toBe(404);
    expect(unknownName.json.code).toBe('PACKAGE_NAMES_NOT_FOUND');
    const unknownEntity = await submitAs('bank-user', [bank], [createWith('#CantonExamples:Iou:NoSuchTemplate')]);
    expect(unknownEntity.status).toBe(404);
    expect(unknownEntity.json.code).toBe('TEMPLATES_OR_INTERFACES_NOT_FOUND');
  });

  it('validates identifier filters of an update format the same way', async () => {
    const reply = await ref.updateByOffset(
      'bank-user',
      1,
      transactionsFormat([bank], 'TRANSACTION_SHAPE_ACS_DELTA', [
        { identifierFilter: { TemplateFilter: { value: { templateId: '#Canton Examples:Iou:Iou', includeCreatedEventBlob: false } } } },
      ]),
    );
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ code: 'INVALID_FIELD' });
    expect(reply.json.cause).toContain('Invalid field package reference: non expected character 0x20');
  });
});

describe('interactive submission request bodies as Canton 3.5 decodes them', () => {
  const prepareBody = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    commands: [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice, '3.0') } }],
    commandId: uniqueCommandId(),
    actAs: [dana],
    synchronizerId: ref.fixtures.synchronizerId,
    packageIdSelectionPreference: [],
    ...extra,
  });

  it('requires synchronizerId and packageIdSelectionPreference in a prepare (no default in JsPrepareSubmissionRequest)', async () => {
    for (const field of ['synchronizerId', 'packageIdSelectionPreference']) {
      const without = prepareBody();
      delete without[field];
      const reply = await ref.post('/v2/interactive-submission/prepare', without, 'dana-executor');
      expect(reply.status, field).toBe(400);
      expect(reply.contentType, field).toMatch(/^text\/plain/);
      expect(reply.text, field).toContain(`Missing required field at '${field}'`);
    }
    expect((await ref.post('/v2/interactive-submission/prepare', prepareBody({ synchronizerId: '' }), 'dana-executor')).status).toBe(200);
  });

  it("reads a missing party or signedBy as empty and refuses it in validation, naming SinglePartySignatures' field", async () => {
    const prepared = await ref.post('/v2/interactive-submission/prepare', prepareBody(), 'dana-executor');
    expect(prepared.status).toBe(200);
    const signed = signHash(ref.fixtures, 'dana', prepared.json.preparedTransactionHash) as { party: string; signatures: any[] };
    const executeWith = (entry: unknown) =>
      ref.post(
        '/v2/interactive-submission/execute',
        {
          preparedTransaction: prepared.json.preparedTransaction,
          partySignatures: { signatures: [entry] },
          submissionId: uniqueCommandId('sub'),
          hashingSchemeVersion: prepared.json.hashingSchemeVersion,
          deduplicationPeriod: { Empty: {} },
        },
        'dana-executor',
      );
    const { party: _party, ...withoutParty } = signed;
    const noParty = await executeWith(withoutParty);
    expect([noParty.status, noParty.json.code]).toEqual([400, 'INVALID_FIELD']);
    expect(noParty.json.cause).toContain('Invalid field SinglePartySignatures.party: Daml-LF Party is empty');
    const { signedBy: _signedBy, ...signatureWithoutSignedBy } = signed.signatures[0];
    const noSignedBy = await executeWith({ ...signed, signatures: [signatureWithoutSignedBy] });
    expect([noSignedBy.status, noSignedBy.json.code]).toEqual([400, 'INVALID_FIELD']);
    expect(noSignedBy.json.cause).toContain('Invalid field SinglePartySignatures.signature: ');
    const { format: _format, ...signatureWithoutFormat } = signed.signatures[0];
    const noFormat = await executeWith({ ...signed, signatures: [signatureWithoutFormat] });
    expect([noFormat.status, noFormat.contentType]).toEqual([400, expect.stringMatching(/^text\/plain/)]);
  });
});
