/**
 * The reference executes the suite's own models (reference/ledger/suite-models.ts) as their Daml-LF sources say
 * (daml/lf/keys.lf, key-workflows.lf, nesting.lf, interfaces.lf, values.lf, semantics.lf, limits.lf, upgrade-v1.lf, upgrade-v2.lf): it recognises each committed DAR by what the DAR declares, and only then;
 * and the behaviour no conformance test reaches yet (exercise_by_key inside a choice, a recursive key) works through
 * the JSON API of the default reference target, whose fixtures name the packages (`suitePackages`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDar } from '../../reference/dar/parse.js';
import { PackageStore } from '../../reference/dar/packages.js';
import { Faults } from '../../reference/faults.js';
import { modelForPackage } from '../../reference/ledger/suite-models.js';
import { suiteDar, suiteDarBytes, type SuiteDarName } from '../../specification/suite-dars.js';
import { renamedSuiteDar } from '../../generators/dar/suite-dars.js';
import { startTestReference, transactionsFormat, uniqueCommandId, type TestReference } from './support.js';

const mainOf = (bytes: Uint8Array) => parseDar(bytes, { checkHashes: true }).main;

describe('the suite models the reference executes', () => {
  it.each([
    'conformance-keys',
    'conformance-key-workflows',
    'conformance-local-keys',
    'conformance-multi-party-keys',
    'conformance-nesting',
    'conformance-interfaces',
    'conformance-values',
    'conformance-semantics',
    'conformance-limits',
  ] as SuiteDarName[])('%s is recognised from its committed DAR, with every template and interface it declares', (name) => {
    const dar = suiteDar(name);
    const model = modelForPackage(mainOf(suiteDarBytes(name)), new Faults());
    expect(model?.id).toBe(dar.packageId);
    expect(model?.name).toBe(dar.packageName);
    expect([...model!.templates.keys()].sort()).toEqual([...dar.templates].sort());
    expect([...model!.interfaces.keys()].sort()).toEqual([...dar.interfaces].sort());
    for (const template of model!.templates.values()) expect(template.home).toEqual({ id: dar.packageId, name: dar.packageName });
  });

  it('executes no other package: the models it has no data for, and a suite DAR under another name', () => {
    for (const name of ['conformance-upgrade-v3-invalid'] as const) {
      expect(modelForPackage(mainOf(suiteDarBytes(name)), new Faults()), name).toBeUndefined();
    }
    expect(modelForPackage(mainOf(renamedSuiteDar('conformance-keys', 'other-keys').bytes), new Faults())).toBeUndefined();
    expect(modelForPackage(mainOf(renamedSuiteDar('conformance-upgrade-v1', 'vetting-x').bytes), new Faults())).toBeUndefined();
  });

  it('executes the upgrade lineage 1.0.0 and 2.0.0 under its name and under conformance-upgrade-<suffix> (the upgrade tests)', () => {
    for (const [name, version] of [
      ['conformance-upgrade-v1', '1.0.0'],
      ['conformance-upgrade-v2', '2.0.0'],
    ] as const) {
      for (const bytes of [suiteDarBytes(name), renamedSuiteDar(name, 'conformance-upgrade-t1').bytes]) {
        const main = mainOf(bytes);
        const model = modelForPackage(main, new Faults());
        expect([model?.id, model?.version], name).toEqual([main.packageId, version]);
        expect([...model!.templates.keys()].sort()).toEqual([...suiteDar(name).templates].sort());
      }
    }
  });

  it("refuses the invalid 3.0.0 as an upgrade of 1.0.0 as of 2.0.0 (Canton's TypecheckUpgrades: a field's type changed)", () => {
    for (const past of ['conformance-upgrade-v1', 'conformance-upgrade-v2'] as const) {
      const store = new PackageStore();
      store.add(parseDar(renamedSuiteDar(past, 'conformance-upgrade-t2').bytes, { checkHashes: true }), true);
      const invalid = parseDar(renamedSuiteDar('conformance-upgrade-v3-invalid', 'conformance-upgrade-t2').bytes, { checkHashes: true });
      expect(() => store.checkVettable(invalid), past).toThrow(/^NOT_VALID_UPGRADE_PACKAGE: Upgrade checks indicate that/);
    }
  });
});

describe('the suite models through the JSON API', () => {
  let ref: TestReference;
  let alice: string;
  beforeAll(async () => {
    ref = await startTestReference();
    alice = ref.party('alice');
  });
  afterAll(() => ref.close());

  const submit = (commands: unknown[]) => ref.submit('alice-user', { commands, commandId: uniqueCommandId(), actAs: [alice] });
  const events = async (offset: number): Promise<[string, any][]> => {
    const reply = await ref.updateByOffset('alice-user', offset, transactionsFormat([alice], 'TRANSACTION_SHAPE_LEDGER_EFFECTS'));
    expect(reply.status, reply.text).toBe(200);
    return (reply.json.update.Transaction.value.events as Record<string, any>[]).map((event) => Object.entries(event)[0] as [string, any]);
  };

  it("exercise_by_key in a choice body archives the key's contract (TextKey:KeyOps ExerciseByKeyArchive), and a missing key fails", async () => {
    const key = `key-${uniqueCommandId()}`;
    const created = await submit([
      { CreateCommand: { templateId: '#conformance-keys:TextKey:TextKey', createArguments: { party: alice, key, disclosedTo: [] } } },
      { CreateCommand: { templateId: '#conformance-keys:TextKey:KeyOps', createArguments: { owner: alice } } },
    ]);
    expect(created.status, created.text).toBe(200);
    const [textKey, keyOps] = (await events(created.json.completionOffset)).map(([, event]) => event);
    expect(textKey.contractKey).toEqual({ party: alice, key });
    expect(textKey.packageName).toBe('conformance-keys');
    expect(textKey.templateId).toBe(`${suiteDar('conformance-keys').packageId}:TextKey:TextKey`);
    const byKey = (choiceKey: string) =>
      submit([
        {
          ExerciseCommand: {
            templateId: '#conformance-keys:TextKey:KeyOps',
            contractId: keyOps.contractId,
            choice: 'ExerciseByKeyArchive',
            choiceArgument: { key: { party: alice, key: choiceKey } },
          },
        },
      ]);
    const archived = await byKey(key);
    expect(archived.status, archived.text).toBe(200);
    const tree = await events(archived.json.completionOffset);
    expect(tree.map(([kind, event]) => [kind, event.choice, event.contractId, event.consuming])).toEqual([
      ['ExercisedEvent', 'ExerciseByKeyArchive', keyOps.contractId, false],
      ['ExercisedEvent', 'Archive', textKey.contractId, true],
    ]);
    const again = await byKey(key);
    expect(again.status, again.text).toBe(404);
    expect(again.json.code).toBe('CONTRACT_KEY_NOT_FOUND');
  });

  it('a recursive key (KeyNesting: Nat built to the depth asked) and an interface view of a Voucher', async () => {
    const handler = await submit([
      { CreateCommand: { templateId: '#conformance-keys:KeyNesting:Handler', createArguments: { party: alice } } },
    ]);
    expect(handler.status, handler.text).toBe(200);
    const handlerEvent = (await events(handler.json.completionOffset))[0]![1];
    const created = await submit([
      {
        ExerciseCommand: {
          templateId: '#conformance-keys:KeyNesting:Handler',
          contractId: handlerEvent.contractId,
          choice: 'CreateKey',
          choiceArgument: { i: '3' },
        },
      },
    ]);
    expect(created.status, created.text).toBe(200);
    const withKey = (await events(created.json.completionOffset)).find(([kind]) => kind === 'CreatedEvent')![1];
    const nat = (depth: number): unknown => (depth === 0 ? { tag: 'Z', value: {} } : { tag: 'S', value: nat(depth - 1) });
    expect(withKey.contractKey).toEqual({ party: alice, n: nat(3) });

    // Voucher's view: { owner = holder, description = "voucher " <> code } (interfaces.lf).
    const bank = ref.party('bank');
    const voucher = await ref.submit('bank-user', {
      commands: [
        {
          CreateCommand: {
            templateId: '#conformance-interfaces:Asset:Voucher',
            createArguments: { issuer: bank, holder: alice, code: 'V1' },
          },
        },
      ],
      commandId: uniqueCommandId(),
      actAs: [bank],
    });
    expect(voucher.status, voucher.text).toBe(200);
    const format = {
      includeTransactions: {
        eventFormat: {
          filtersByParty: {
            [alice]: {
              cumulative: [
                {
                  identifierFilter: {
                    InterfaceFilter: {
                      value: {
                        interfaceId: '#conformance-interfaces:Asset:Asset',
                        includeInterfaceView: true,
                        includeCreatedEventBlob: false,
                      },
                    },
                  },
                },
              ],
            },
          },
          verbose: true,
        },
        transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
      },
    };
    const read = await ref.updateByOffset('alice-user', voucher.json.completionOffset, format);
    expect(read.status, read.text).toBe(200);
    const view = read.json.update.Transaction.value.events[0].CreatedEvent.interfaceViews[0];
    expect(view.viewValue).toEqual({ owner: alice, description: 'voucher V1' });
    expect(view.interfaceId).toBe(`${suiteDar('conformance-interfaces').packageId}:Asset:Asset`);
  });
});
