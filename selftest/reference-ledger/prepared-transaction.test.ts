/**
 * The reference's prepared transactions against the official Canton Network packages, which the reference
 * itself does not use: each prepare answer decodes with core-ledger-proto's `PreparedTransaction` (and
 * re-encodes to the same bytes), its hash is what core-tx-visualizer's and wallet-sdk's V2 hashers compute,
 * and the transaction shows the submitted command. Plus the V3 refusal, the `prepare-hash-mismatch` fault
 * and a `signedBy` computed by wallet-sdk's `keys.fingerprint`.
 */
import { PreparedTransaction } from '@canton-network/core-ledger-proto';
import { decodePreparedTransaction, hashPreparedTransaction } from '@canton-network/core-tx-visualizer';
import { SDK } from '@canton-network/wallet-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  IOU,
  iouArguments,
  signHash,
  startTestReference,
  transactionsFormat,
  uniqueCommandId,
  type Reply,
  type TestReference,
} from './support.js';

const ASSET = '#CantonExamples:Asset:Asset';
const TRAILING_NONE = '#CantonExamples:TrailingNone:TrailingNone';
const V2 = 'HASHING_SCHEME_VERSION_V2';

const walletSdk = SDK.createOffline({ logAdapter: 'console' as never });
const walletSdkHash = async (preparedTransaction: string): Promise<string> =>
  (await walletSdk.utils.hash.preparedTransaction(preparedTransaction)).toBase64();

let ref: TestReference;
let dana: string;
let alice: string;

beforeAll(async () => {
  ref = await startTestReference();
  dana = ref.party('dana');
  alice = ref.party('alice');
});
afterAll(() => ref.close());

const prepare = (commands: unknown[], extra: Record<string, unknown> = {}): Promise<Reply> =>
  ref.post(
    '/v2/interactive-submission/prepare',
    {
      commands,
      commandId: uniqueCommandId('prep'),
      actAs: [dana],
      synchronizerId: ref.fixtures.synchronizerId,
      packageIdSelectionPreference: [],
      ...extra,
    },
    'dana-executor',
  );

async function executeAndWait(
  prepared: { preparedTransaction: string; preparedTransactionHash: string },
  signedBy?: string,
): Promise<Reply> {
  const signed = signHash(ref.fixtures, 'dana', prepared.preparedTransactionHash) as { party: string; signatures: { signedBy: string }[] };
  if (signedBy !== undefined) signed.signatures[0]!.signedBy = signedBy;
  return ref.post(
    '/v2/interactive-submission/executeAndWait',
    {
      preparedTransaction: prepared.preparedTransaction,
      partySignatures: { signatures: [signed] },
      submissionId: uniqueCommandId('sub'),
      hashingSchemeVersion: V2,
      deduplicationPeriod: { Empty: {} },
    },
    'dana-executor',
  );
}

/** A contract dana signs, committed through interactive submission; its id (the one the prepared create shows). */
async function committedIou(): Promise<string> {
  const prepared = await prepare([{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, dana, '7.0') } }]);
  expect((await executeAndWait(prepared.json)).status).toBe(200);
  const node = decodePreparedTransaction(prepared.json.preparedTransaction).transaction!.nodes[0]!.versionedNode;
  if (node.oneofKind !== 'v1' || node.v1.nodeType.oneofKind !== 'create') throw new Error('expected a create node');
  return node.v1.nodeType.create.contractId;
}

/** Every official reading of a prepare answer agrees with it. */
async function expectOfficialAgreement(reply: Reply): Promise<ReturnType<typeof decodePreparedTransaction>> {
  expect(reply.status, reply.text).toBe(200);
  const { preparedTransaction, preparedTransactionHash, hashingSchemeVersion } = reply.json;
  expect(hashingSchemeVersion).toBe(V2);
  const bytes = Buffer.from(preparedTransaction, 'base64');
  expect(Buffer.from(PreparedTransaction.toBinary(PreparedTransaction.fromBinary(bytes))).equals(bytes)).toBe(true);
  expect(Buffer.from(preparedTransactionHash, 'base64')).toHaveLength(32);
  expect(await hashPreparedTransaction(preparedTransaction, 'base64')).toBe(preparedTransactionHash);
  expect(await walletSdkHash(preparedTransaction)).toBe(preparedTransactionHash);
  return decodePreparedTransaction(preparedTransaction);
}

describe('prepared transactions read by the official packages', () => {
  it('a create: one root create node with the template, argument, signatories and stakeholders submitted', async () => {
    const decoded = await expectOfficialAgreement(
      await prepare([{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice, '12.5', [ref.party('bob')]) } }]),
    );
    expect(decoded.transaction!.roots).toEqual(['0']);
    const node = decoded.transaction!.nodes[0]!.versionedNode;
    if (node.oneofKind !== 'v1' || node.v1.nodeType.oneofKind !== 'create') throw new Error('expected a create node');
    const create = node.v1.nodeType.create;
    expect(create.templateId).toEqual({ packageId: ref.fixtures.package.id, moduleName: 'Iou', entityName: 'Iou' });
    expect(create.packageName).toBe('CantonExamples');
    expect(create.signatories).toEqual([dana]);
    expect([...create.stakeholders].sort()).toEqual([alice, dana, ref.party('bob')].sort());
    const argument = create.argument!.sum;
    if (argument.oneofKind !== 'record') throw new Error('expected a record argument');
    expect(argument.record.fields.map((field) => field.label)).toEqual(['payer', 'owner', 'amount', 'viewers']);
    expect(decoded.metadata!.submitterInfo).toMatchObject({ actAs: [dana] });
    expect(decoded.metadata!.synchronizerId).toBe(ref.fixtures.synchronizerId);
    expect(decoded.transaction!.nodeSeeds).toHaveLength(1);
  });

  it('a create-and-exercise: two roots, the exercise with its consequence as child', async () => {
    const decoded = await expectOfficialAgreement(
      await prepare([
        {
          CreateAndExerciseCommand: {
            templateId: IOU,
            createArguments: iouArguments(dana, dana, '3.25'),
            choice: 'Transfer',
            choiceArgument: { newOwner: alice },
          },
        },
      ]),
    );
    expect(decoded.transaction!.roots).toEqual(['0', '1']);
    const exercise = decoded.transaction!.nodes[1]!.versionedNode;
    if (exercise.oneofKind !== 'v1' || exercise.v1.nodeType.oneofKind !== 'exercise') throw new Error('expected an exercise node');
    expect(exercise.v1.nodeType.exercise).toMatchObject({ choiceId: 'Transfer', consuming: true, children: ['2'], actingParties: [dana] });
  });

  it('a choice that fetches: its Fetch nodes at the ids Daml gives them, children of their exercise; the same ids on the executed events', async () => {
    // CreateAndFetch_Run creates a contract and fetches it: create #0, exercise #1 (create #2, fetch #3), then again from #4.
    const run = {
      CreateAndExerciseCommand: {
        templateId: '#conformance-semantics:Semantics:CreateAndFetch',
        createArguments: { p: dana },
        choice: 'CreateAndFetch_Run',
        choiceArgument: {},
      },
    };
    const reply = await prepare([run, run]);
    const decoded = await expectOfficialAgreement(reply);
    expect(decoded.transaction!.roots).toEqual(['0', '1', '4', '5']);
    const kinds = decoded.transaction!.nodes.map(({ nodeId, versionedNode: node }) => [
      nodeId,
      node.oneofKind === 'v1' ? node.v1.nodeType.oneofKind : undefined,
    ]);
    expect(kinds).toEqual([
      ['0', 'create'],
      ['1', 'exercise'],
      ['2', 'create'],
      ['3', 'fetch'],
      ['4', 'create'],
      ['5', 'exercise'],
      ['6', 'create'],
      ['7', 'fetch'],
    ]);
    const children = decoded.transaction!.nodes.flatMap(({ versionedNode: node }) =>
      node.oneofKind === 'v1' && node.v1.nodeType.oneofKind === 'exercise' ? [node.v1.nodeType.exercise.children] : [],
    );
    expect(children).toEqual([
      ['2', '3'],
      ['6', '7'],
    ]);
    const nodeOf = (id: string) => decoded.transaction!.nodes.find((node) => node.nodeId === id)!.versionedNode;
    for (const [fetchId, createId] of [
      ['3', '2'],
      ['7', '6'],
    ] as const) {
      const fetch = nodeOf(fetchId);
      const create = nodeOf(createId);
      if (fetch.oneofKind !== 'v1' || fetch.v1.nodeType.oneofKind !== 'fetch') throw new Error(`expected a fetch node at ${fetchId}`);
      if (create.oneofKind !== 'v1' || create.v1.nodeType.oneofKind !== 'create') throw new Error(`expected a create node at ${createId}`);
      // The fetch reads the contract its exercise just created: same contract id, template, parties; dana acts.
      expect(fetch.v1.nodeType.fetch).toEqual({
        lfVersion: create.v1.nodeType.create.lfVersion,
        contractId: create.v1.nodeType.create.contractId,
        packageName: 'conformance-semantics',
        templateId: create.v1.nodeType.create.templateId,
        signatories: [dana],
        stakeholders: [dana],
        actingParties: [dana],
      });
    }
    // Fetches have no seed; a contract created and fetched in the transaction is no input.
    expect(decoded.transaction!.nodeSeeds.map((seed) => seed.nodeId)).toEqual([0, 1, 2, 4, 5, 6]);
    expect(decoded.metadata!.inputContracts).toEqual([]);
    const executed = await executeAndWait(reply.json);
    expect(executed.status, executed.text).toBe(200);
    // auditor-user reads as any party (dana-executor may only execute as dana).
    const update = await ref.updateByOffset(
      'auditor-user',
      executed.json.completionOffset,
      transactionsFormat([dana], 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
    );
    expect(update.status, update.text).toBe(200);
    const events = update.json.update.Transaction.value.events as Record<string, { nodeId: number; lastDescendantNodeId?: number }>[];
    expect(events.map((event) => Object.values(event)[0]!.nodeId)).toEqual([0, 1, 2, 4, 5, 6]);
    expect(events.flatMap((event) => (event.ExercisedEvent ? [event.ExercisedEvent.lastDescendantNodeId] : []))).toEqual([3, 7]);
  });

  it('an exercise of a ledger contract lists it among the input contracts, with its created-event blob', async () => {
    const contractId = await committedIou();
    const decoded = await expectOfficialAgreement(
      await prepare([{ ExerciseCommand: { templateId: IOU, contractId, choice: 'Share', choiceArgument: { viewer: alice } } }]),
    );
    const inputs = decoded.metadata!.inputContracts;
    expect(inputs).toHaveLength(1);
    const input = inputs[0]!.contract;
    if (input.oneofKind !== 'v1') throw new Error('expected a v1 input contract');
    expect(input.v1.contractId).toBe(contractId);
    expect(inputs[0]!.eventBlob.length).toBeGreaterThan(0);
    // Through an interface: a non-consuming choice with a Text result.
    const viaInterface = await expectOfficialAgreement(
      await prepare([{ ExerciseCommand: { templateId: ASSET, contractId, choice: 'Describe', choiceArgument: {} } }]),
    );
    const node = viaInterface.transaction!.nodes[0]!.versionedNode;
    if (node.oneofKind !== 'v1' || node.v1.nodeType.oneofKind !== 'exercise') throw new Error('expected an exercise node');
    expect(node.v1.nodeType.exercise.interfaceId).toEqual({ packageId: ref.fixtures.package.id, moduleName: 'Asset', entityName: 'Asset' });
    expect(node.v1.nodeType.exercise.exerciseResult?.sum).toEqual({ oneofKind: 'text', text: '7.0000000000 USD' });
  });

  it('a fetch of a ledger contract lists it among the input contracts (Transaction.inputContracts), and execute takes it', async () => {
    const contractId = await committedIou();
    // DivulgeIouByExercise (dana signs) runs Divulge, which fetches the Iou: create #0, exercise #1, fetch #2.
    const reply = await prepare([
      {
        CreateAndExerciseCommand: {
          templateId: '#CantonExamples:Divulgence:DivulgeIouByExercise',
          createArguments: { payer: dana, divulgee: dana },
          choice: 'Divulge',
          choiceArgument: { ref: contractId },
        },
      },
    ]);
    const decoded = await expectOfficialAgreement(reply);
    const fetch = decoded.transaction!.nodes.find((node) => node.nodeId === '2')!.versionedNode;
    if (fetch.oneofKind !== 'v1' || fetch.v1.nodeType.oneofKind !== 'fetch') throw new Error('expected a fetch node at 2');
    expect(fetch.v1.nodeType.fetch).toMatchObject({
      contractId,
      templateId: { moduleName: 'Iou', entityName: 'Iou' },
      actingParties: [dana],
    });
    const inputs = decoded.metadata!.inputContracts.map(({ contract }) =>
      contract.oneofKind === 'v1' ? contract.v1.contractId : undefined,
    );
    expect(inputs).toEqual([contractId]);
    const executed = await executeAndWait(reply.json);
    expect(executed.status, executed.text).toBe(200);
  });

  it('values of every kind the model has: optionals, Int64, lists, Numerics, a keyed template', async () => {
    for (const i of ['42', '-9007199254740991', null]) {
      const trailing = i === null ? { p: dana } : { p: dana, i };
      await expectOfficialAgreement(await prepare([{ CreateCommand: { templateId: TRAILING_NONE, createArguments: trailing } }]));
    }
    const account = { owner: dana, number: uniqueCommandId('acc'), balance: '0.0000000001', tags: ['a', 'b'], nickname: 'Nick' };
    await expectOfficialAgreement(
      await prepare([
        {
          CreateAndExerciseCommand: {
            templateId: ACCOUNT,
            createArguments: account,
            choice: 'Deposit',
            choiceArgument: { amount: '99999.5' },
          },
        },
      ]),
    );
  });

  it('an Int64 beyond 2^53 is hashed exactly, as wallet-sdk does; core-tx-visualizer rounds it (parseInt)', async () => {
    const reply = await prepare([{ CreateCommand: { templateId: TRAILING_NONE, createArguments: { p: dana, i: '9007199254740993' } } }]);
    expect(reply.status).toBe(200);
    expect(await walletSdkHash(reply.json.preparedTransaction)).toBe(reply.json.preparedTransactionHash);
    expect(await hashPreparedTransaction(reply.json.preparedTransaction, 'base64')).not.toBe(reply.json.preparedTransactionHash);
  });
});

describe('hashing scheme versions', () => {
  const create = () => [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice) } }];

  it('V3 is refused as on protocol version 34, never answered with V2; V2 and no version give V2', async () => {
    const v3 = await prepare(create(), { hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V3' });
    expect(v3.status).toBe(400);
    expect(v3.json.code).toBe('FAILED_TO_PREPARE_TRANSACTION');
    expect(v3.json.cause).toContain('Hashing scheme version V3 is not supported on protocol version 34');
    const unspecified = await prepare(create(), { hashingSchemeVersion: 'HASHING_SCHEME_VERSION_UNSPECIFIED' });
    expect(unspecified.status).toBe(400);
    expect(unspecified.json.code).toBe('INVALID_FIELD');
    const unknown = await prepare(create(), { hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V9' });
    expect(unknown.status).toBe(400);
    expect(unknown.contentType).toContain('text/plain');
    await expectOfficialAgreement(await prepare(create(), { hashingSchemeVersion: V2 }));
    await expectOfficialAgreement(await prepare(create()));
  });

  it('executing with V3 is refused the same way', async () => {
    const prepared = (await prepare(create())).json;
    const reply = await ref.post(
      '/v2/interactive-submission/execute',
      {
        preparedTransaction: prepared.preparedTransaction,
        partySignatures: { signatures: [signHash(ref.fixtures, 'dana', prepared.preparedTransactionHash)] },
        submissionId: uniqueCommandId('sub'),
        hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V3',
        deduplicationPeriod: { Empty: {} },
      },
      'dana-executor',
    );
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe('FAILED_TO_EXECUTE_TRANSACTION');
  });
});

describe('signatures', () => {
  it("accept a signedBy computed by wallet-sdk's keys.fingerprint, and the fixture fingerprints equal it", async () => {
    for (const party of ref.fixtures.parties.filter((candidate) => candidate.external)) {
      expect(await walletSdk.keys.fingerprint(party.external!.publicKey)).toBe(party.external!.fingerprint);
      expect(party.id.split('::')[1]).toBe(party.external!.fingerprint);
    }
    const publicKey = ref.fixtures.parties.find((party) => party.alias === 'dana')!.external!.publicKey;
    const prepared = await prepare([{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice) } }]);
    expect((await executeAndWait(prepared.json, await walletSdk.keys.fingerprint(publicKey))).status).toBe(200);
    // The plain SHA-256 of the key, which is not Canton's fingerprint, names no key of dana's.
    const plain = `1220${(await import('node:crypto')).createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex')}`;
    const again = await prepare([{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice) } }]);
    const refused = await executeAndWait(again.json, plain);
    expect(refused.status).toBe(400);
    expect(refused.json.cause).toContain('Received 0 valid signatures');
  });
});

describe('the prepare-hash-mismatch fault', () => {
  it('asks to sign a hash that is not the hash of the transaction shown', async () => {
    const faulty = await startTestReference(['prepare-hash-mismatch']);
    try {
      const reply = await faulty.post(
        '/v2/interactive-submission/prepare',
        {
          commands: [{ CreateCommand: { templateId: IOU, createArguments: iouArguments(dana, alice) } }],
          commandId: uniqueCommandId('prep'),
          actAs: [dana],
          synchronizerId: ref.fixtures.synchronizerId,
          packageIdSelectionPreference: [],
        },
        'dana-executor',
      );
      expect(reply.status).toBe(200);
      decodePreparedTransaction(reply.json.preparedTransaction);
      expect(await hashPreparedTransaction(reply.json.preparedTransaction, 'base64')).not.toBe(reply.json.preparedTransactionHash);
    } finally {
      await faulty.close();
    }
  });
});
