/**
 * prepared_transaction_integrity (checks/prepared-transaction.ts) against prepared transactions built by hand
 * with the official protobuf classes (core-ledger-proto): the hash must be the V2 hash of what is shown, and
 * what is shown must be what was submitted.
 */
import { DamlTransaction_Node, PreparedTransaction, Value, type Create, type Exercise } from '@canton-network/core-ledger-proto';
import { decodePreparedTransaction, hashPreparedTransaction } from '@canton-network/core-tx-visualizer';
import { describe, expect, it } from 'vitest';
import {
  commandsMismatch,
  HASH_MATCHES_TRANSACTION,
  preparedHashByScheme,
  preparedTransactionIntegrity,
  TRANSACTION_SHOWS_COMMANDS,
  type SubmittedPreparation,
} from '../../checks/prepared-transaction.js';
import { failure, jsonAnswer, recorded, recording, stopOfSwitchedOff } from './support.js';

const CHECK = 'prepared_transaction_integrity';
const PACKAGE_ID = 'de2cc2f90eb523414ff54e899951dadd8789a4c07e0f71f6d6c9eaf57d412a54';
const ALICE = 'Alice::1220e92bbc9d4bb8e0a5c7f2d6a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c42f28';
const BOB = 'Bob::1220e92bbc9d4bb8e0a5c7f2d6a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c42f28';
const CONTRACT = `00${'ab'.repeat(32)}ca1220${'cd'.repeat(32)}`;
const DAY_MS = 24 * 3600 * 1000;

const v = (sum: Value['sum']): Value => ({ sum });
const text = (value: string) => v({ oneofKind: 'text', text: value });
const numeric = (value: string) => v({ oneofKind: 'numeric', numeric: value });
const int64 = (value: string) => v({ oneofKind: 'int64', int64: value });
const party = (value: string) => v({ oneofKind: 'party', party: value });
const none = () => v({ oneofKind: 'optional', optional: {} });
const some = (value: Value) => v({ oneofKind: 'optional', optional: { value } });
const record = (fields: Record<string, Value>) =>
  v({ oneofKind: 'record', record: { fields: Object.entries(fields).map(([label, value]) => ({ label, value })) } });

/** A create argument with a value of every kind, and the JSON the JSON API submits for it. */
const argument = record({
  payer: party(ALICE),
  amount: numeric('12.5000000000'),
  count: int64('7'),
  note: text('hi'),
  maybe: none(),
  present: some(text('x')),
  nested: some(some(text('y'))),
  tags: v({ oneofKind: 'list', list: { elements: [text('a'), text('b')] } }),
  due: v({ oneofKind: 'date', date: 19000 }),
  at: v({ oneofKind: 'timestamp', timestamp: '1700000000000000' }),
  flag: v({ oneofKind: 'bool', bool: true }),
  nothing: v({ oneofKind: 'unit', unit: {} }),
  color: v({ oneofKind: 'enum', enum: { constructor: 'Red' } }),
  shape: v({ oneofKind: 'variant', variant: { constructor: 'Circle', value: numeric('1.0') } }),
  labels: v({ oneofKind: 'textMap', textMap: { entries: [{ key: 'k', value: text('v') }] } }),
  pairs: v({ oneofKind: 'genMap', genMap: { entries: [{ key: int64('1'), value: text('one') }] } }),
  link: v({ oneofKind: 'contractId', contractId: CONTRACT }),
});
const createArguments = {
  payer: ALICE,
  amount: '12.5',
  count: '7',
  note: 'hi',
  maybe: null,
  present: 'x',
  nested: ['y'],
  tags: ['a', 'b'],
  due: new Date(19000 * DAY_MS).toISOString().slice(0, 10),
  at: '2023-11-14T22:13:20Z',
  flag: true,
  nothing: {},
  color: 'Red',
  shape: { tag: 'Circle', value: '1' },
  labels: { k: 'v' },
  pairs: [['1', 'one']],
  link: CONTRACT,
};

const createNode = (nodeId: string, overrides: Partial<Create> = {}): DamlTransaction_Node =>
  DamlTransaction_Node.create({
    nodeId,
    versionedNode: {
      oneofKind: 'v1',
      v1: {
        nodeType: {
          oneofKind: 'create',
          create: {
            lfVersion: '2.1',
            contractId: CONTRACT,
            packageName: 'CantonExamples',
            templateId: { packageId: PACKAGE_ID, moduleName: 'Iou', entityName: 'Iou' },
            argument,
            signatories: [ALICE],
            stakeholders: [ALICE],
            ...overrides,
          },
        },
      },
    },
  });

const exerciseNode = (nodeId: string, overrides: Partial<Exercise> = {}): DamlTransaction_Node =>
  DamlTransaction_Node.create({
    nodeId,
    versionedNode: {
      oneofKind: 'v1',
      v1: {
        nodeType: {
          oneofKind: 'exercise',
          exercise: {
            lfVersion: '2.1',
            contractId: CONTRACT,
            packageName: 'CantonExamples',
            templateId: { packageId: PACKAGE_ID, moduleName: 'Iou', entityName: 'Iou' },
            signatories: [ALICE],
            stakeholders: [ALICE],
            actingParties: [ALICE],
            choiceId: 'Archive',
            chosenValue: record({}),
            consuming: true,
            children: [],
            choiceObservers: [],
            ...overrides,
          },
        },
      },
    },
  });

function prepared(nodes: DamlTransaction_Node[], roots = nodes.map((node) => node.nodeId), actAs = [ALICE], commandId = 'cmd-1') {
  return PreparedTransaction.create({
    transaction: {
      version: '2.1',
      roots,
      nodes,
      nodeSeeds: nodes.map((_node, index) => ({ nodeId: index, seed: new Uint8Array(32).fill(index + 1) })),
    },
    metadata: {
      submitterInfo: { actAs, commandId },
      synchronizerId: 'global-domain::1220ff',
      mediatorGroup: 0,
      transactionUuid: '6f3c1f5e-1d0a-4c3b-9a53-5b1e2d6f7a80',
      preparationTime: 1_700_000_000_000_000n,
      inputContracts: [],
      globalKeyMapping: [],
    },
  });
}

const base64 = (transaction: PreparedTransaction) => Buffer.from(PreparedTransaction.toBinary(transaction)).toString('base64');

async function answerOf(transaction: PreparedTransaction, hash?: string) {
  const preparedTransaction = base64(transaction);
  const answer = { preparedTransaction, preparedTransactionHash: hash ?? (await hashPreparedTransaction(preparedTransaction, 'base64')) };
  return {
    answer,
    response: jsonAnswer(200, { ...answer, hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2' }, '/v2/interactive-submission/prepare'),
  };
}

const createCommand = { CreateCommand: { templateId: '#CantonExamples:Iou:Iou', createArguments } };
const submittedCreate: SubmittedPreparation = { commands: [createCommand], actAs: [ALICE], commandId: 'cmd-1', signatoryFields: ['payer'] };

describe('preparedTransactionIntegrity', () => {
  it('credits the hash and the commands of a transaction that shows what was submitted', async () => {
    const { answer, response } = await answerOf(prepared([createNode('0')]));
    expect(await recorded(() => preparedTransactionIntegrity(response, answer, submittedCreate))).toEqual([
      `${CHECK} ${HASH_MATCHES_TRANSACTION} passed`,
      `${CHECK} ${TRANSACTION_SHOWS_COMMANDS} passed`,
    ]);
  });

  it('fails a hash that is not the hash of the transaction shown', async () => {
    const other = await hashPreparedTransaction(base64(prepared([createNode('0')], ['0'], [ALICE], 'cmd-2')), 'base64');
    const { answer, response } = await answerOf(prepared([createNode('0')]), other);
    const shownHash = await hashPreparedTransaction(answer.preparedTransaction, 'hex');
    const thrown = await failure(() => preparedTransactionIntegrity(response, answer, submittedCreate));
    expect([thrown.check, thrown.clauseId, thrown.events]).toEqual([CHECK, HASH_MATCHES_TRANSACTION, []]);
    expect(thrown.detail).toBe(
      `the external party is asked to sign ${Buffer.from(other, 'base64').toString('hex')}, but the V2 hash of the prepared transaction it is shown is ${shownHash}`,
    );
    expect(thrown.exchange?.request.url).toBe('http://127.0.0.1:7575/v2/interactive-submission/prepare');
  });

  it('fails a preparedTransaction that is no PreparedTransaction protobuf on the commands clause', async () => {
    const answer = { preparedTransaction: Buffer.from('not a protobuf').toString('base64'), preparedTransactionHash: 'AAAA' };
    const thrown = await failure(() => preparedTransactionIntegrity(jsonAnswer(200, answer), answer, submittedCreate));
    expect(thrown.clauseId).toBe(TRANSACTION_SHOWS_COMMANDS);
    expect(thrown.detail).toMatch(/^preparedTransaction is not base64 of a protobuf PreparedTransaction: /);
  });

  it('a correct hash of a transaction that does not show the submission fails the commands clause only', async () => {
    const { answer, response } = await answerOf(prepared([createNode('0')], ['0'], [BOB]));
    const thrown = await failure(() => preparedTransactionIntegrity(response, answer, submittedCreate));
    expect([thrown.clauseId, thrown.events]).toEqual([TRANSACTION_SHOWS_COMMANDS, [`${CHECK} ${HASH_MATCHES_TRANSACTION} passed`]]);
    expect(thrown.detail).toBe(
      `the prepared transaction does not show what was submitted: it is submitted as ["${BOB}"], not as ["${ALICE}"]`,
    );
  });

  it('switched off: a wrong hash stops the test; a right one records nothing', async () => {
    const { answer, response } = await answerOf(prepared([createNode('0')]), Buffer.alloc(32).toString('base64'));
    const stop = await stopOfSwitchedOff(() => preparedTransactionIntegrity(response, answer, submittedCreate), CHECK);
    expect(stop.clauseId).toBe(HASH_MATCHES_TRANSACTION);
    const good = await answerOf(prepared([createNode('0')]));
    expect((await recording(() => preparedTransactionIntegrity(good.response, good.answer, submittedCreate), [CHECK])).events).toEqual([]);
  });
});

describe('preparedHashByScheme', () => {
  const V3 = 'HASHING_SCHEME_VERSION_V3';

  it('recomputes a V2 hash as preparedTransactionIntegrity does', async () => {
    const { answer, response } = await answerOf(prepared([createNode('0')]));
    expect(
      await recorded(() =>
        preparedHashByScheme(response, { ...answer, hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2' }, submittedCreate),
      ),
    ).toEqual([`${CHECK} ${HASH_MATCHES_TRANSACTION} passed`, `${CHECK} ${TRANSACTION_SHOWS_COMMANDS} passed`]);
  });

  it('never passes a V3 hash on its label: the hash is unverified (inconclusive), the transaction still checked', async () => {
    // Any bytes under a V3 label: nothing tells a V3 hash from another without a V3 hasher.
    const { answer, response } = await answerOf(prepared([createNode('0')]), Buffer.alloc(32, 9).toString('base64'));
    const events = await recorded(() => preparedHashByScheme(response, { ...answer, hashingSchemeVersion: V3 }, submittedCreate, V3));
    expect(events).toEqual([`${CHECK} ${TRANSACTION_SHOWS_COMMANDS} passed`, `${CHECK} ${HASH_MATCHES_TRANSACTION} inconclusive`]);
    const other = await answerOf(prepared([createNode('0')], ['0'], [BOB]));
    const thrown = await failure(() =>
      preparedHashByScheme(other.response, { ...other.answer, hashingSchemeVersion: V3 }, submittedCreate, V3),
    );
    expect(thrown.clauseId).toBe(TRANSACTION_SHOWS_COMMANDS);
  });

  it('fails a V3 label on a prepare that asked for no scheme (Canton then hashes with V2)', async () => {
    const { answer, response } = await answerOf(prepared([createNode('0')]));
    const thrown = await failure(() => preparedHashByScheme(response, { ...answer, hashingSchemeVersion: V3 }, submittedCreate));
    expect([thrown.clauseId, thrown.detail]).toEqual([
      HASH_MATCHES_TRANSACTION,
      'the prepare asked for HASHING_SCHEME_VERSION_V2 but names its hash HASHING_SCHEME_VERSION_V3',
    ]);
  });
});

describe('commandsMismatch', () => {
  const decoded = (transaction: PreparedTransaction) => decodePreparedTransaction(base64(transaction));
  const create = decoded(prepared([createNode('0')]));

  it('finds nothing when every value kind is shown as submitted (package name or package id reference)', () => {
    expect(commandsMismatch(create, submittedCreate)).toBeUndefined();
    const byPackageId = { CreateCommand: { templateId: `${PACKAGE_ID}:Iou:Iou`, createArguments } };
    expect(commandsMismatch(create, { ...submittedCreate, commands: [byPackageId] })).toBeUndefined();
  });

  it('names the submitter info that differs', () => {
    expect(commandsMismatch(create, { ...submittedCreate, commandId: 'cmd-9' })).toBe('its command id is cmd-1, not cmd-9');
    const { metadata: _dropped, ...withoutMetadata } = create;
    expect(commandsMismatch(withoutMetadata as typeof create, submittedCreate)).toBe('its metadata has no submitter info');
  });

  it('names the template, the signatories and the value that differ', () => {
    const otherTemplate = { CreateCommand: { templateId: '#OtherPackage:Iou:Iou', createArguments } };
    expect(commandsMismatch(create, { ...submittedCreate, commands: [otherTemplate] })).toBe(
      `commands[0] (CreateCommand): the node is of ${PACKAGE_ID}:Iou:Iou (package CantonExamples), not #OtherPackage:Iou:Iou`,
    );
    expect(commandsMismatch(create, { ...submittedCreate, signatoryFields: ['payer', 'owner'] })).toMatch(
      /^commands\[0\] \(CreateCommand\): the created contract's signatories are \["Alice::/,
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '12.6' }, 'createArguments.amount: shown "12.5000000000", submitted "12.6"'],
      [{ count: '8' }, 'createArguments.count: shown "7", submitted "8"'],
      [{ maybe: 'z' }, 'createArguments.maybe: shown null, submitted "z"'],
      [{ nested: ['z'] }, 'createArguments.nested: shown "y", submitted "z"'],
      [{ tags: ['a'] }, 'createArguments.tags: shown "a list of 2", submitted ["a"]'],
      [{ due: '2022-01-09' }, 'createArguments.due: shown 19000, submitted "2022-01-09"'],
      [{ at: '2023-11-14T22:13:21Z' }, 'createArguments.at: shown "1700000000000000", submitted "2023-11-14T22:13:21Z"'],
      [{ flag: false }, 'createArguments.flag: shown true, submitted false'],
      [{ color: 'Blue' }, 'createArguments.color: shown "Red", submitted "Blue"'],
      [{ shape: { tag: 'Square', value: '1' } }, 'createArguments.shape: shown "Circle", submitted {"tag":"Square","value":"1"}'],
      [{ labels: { k: 'w' } }, 'createArguments.labels.k: shown "v", submitted "w"'],
      [{ pairs: [['2', 'one']] }, 'createArguments.pairs[0][0]: shown "1", submitted "2"'],
      [{ extra: 'x' }, 'createArguments: the record shown has no field extra'],
    ];
    for (const [change, problem] of cases) {
      const command = { CreateCommand: { templateId: '#CantonExamples:Iou:Iou', createArguments: { ...createArguments, ...change } } };
      expect(commandsMismatch(create, { ...submittedCreate, commands: [command] })).toBe(`commands[0] (CreateCommand): ${problem}`);
    }
  });

  it('checks an exercise by its contract id, choice and argument, and that no root is left over', () => {
    const exercise = decoded(prepared([exerciseNode('0')]));
    const command = {
      ExerciseCommand: { templateId: '#CantonExamples:Iou:Iou', contractId: CONTRACT, choice: 'Archive', choiceArgument: {} },
    };
    const submitted = { commands: [command], actAs: [ALICE], commandId: 'cmd-1' };
    expect(commandsMismatch(exercise, submitted)).toBeUndefined();
    expect(
      commandsMismatch(exercise, { ...submitted, commands: [{ ExerciseCommand: { ...command.ExerciseCommand, choice: 'Transfer' } }] }),
    ).toBe('commands[0] (ExerciseCommand): it exercises choice Archive, not Transfer');
    expect(
      commandsMismatch(exercise, { ...submitted, commands: [{ ExerciseCommand: { ...command.ExerciseCommand, contractId: '00ff' } }] }),
    ).toBe(`commands[0] (ExerciseCommand): it exercises ${CONTRACT}, not 00ff`);
    expect(commandsMismatch(exercise, submittedCreate)).toBe('commands[0] (CreateCommand): no root create node for it');
    expect(commandsMismatch(decoded(prepared([createNode('0'), exerciseNode('1')])), submittedCreate)).toBe(
      'it has root nodes no command asked for: 1',
    );
    expect(commandsMismatch(create, submitted)).toBe('commands[0] (ExerciseCommand): no root exercise node for it');
  });
});
