/**
 * The behaviour of the suite's own Daml models (the DARs of `daml/dars/`, built from the Daml-LF sources `daml/lf/*.lf`),
 * written as data beside them: each template's argument type, signatories, observers, key and choices, transcribed from
 * its `.lf` source. The reference executes a model once a DAR holding its package is uploaded and vetted: the package is
 * recognised by its name and version and by the templates and interfaces its Daml-LF declares (`modelForPackage`), so a
 * changed DAR is not executed by stale data. Only the models below are executed (keys, key workflows, local keys,
 * multi-party keys, nesting, interfaces, values, semantics, limits, the upgrade lineage's 1.0.0 and 2.0.0); the others (the invalid upgrade 3.0.0,
 * the 1.0.0 twin, the dependency pair) are stored and vetted like any package, and a command on their templates is
 * TEMPLATES_OR_INTERFACES_NOT_FOUND.
 */
import type { DarPackage } from '../dar/parse.js';
import type { Faults } from '../faults.js';
import type {
  ChoiceBodyContext,
  ChoiceDefinition,
  InterfaceDefinition,
  ModelPackage,
  PackageHome,
  TemplateDefinition,
} from './package-model.js';
import { MAXIMUM_NESTING, T, field, numericToScaled, scaledToNumeric, stringField, stringListField } from './values.js';
import type { DamlRecord, DamlType, DamlValue, RecordType } from './values.js';

interface SuiteModel {
  name: string;
  /** Other package names the model is executed under (the upgrade lineage, which tests upload under a fresh name each). */
  namePattern?: RegExp;
  version: string;
  /** `Module:Entity` of every template and interface the package declares. */
  templates: readonly string[];
  interfaces: readonly string[];
  build(home: PackageHome, faults: Faults): { templates: TemplateDefinition[]; interfaces: InterfaceDefinition[] };
}

const choices = (...list: ChoiceDefinition[]): ReadonlyMap<string, ChoiceDefinition> =>
  new Map(list.map((choice) => [choice.name, choice]));

/** `choice Archive (self) (arg: M:Archive) : Unit, controllers <controllers> to upure ()` of every model. */
function archive(module: string, controllers: (argument: DamlRecord) => string[]): ChoiceDefinition {
  return {
    name: 'Archive',
    argumentType: T.record(`${module}:Archive`, {}),
    resultType: T.unit,
    consuming: true,
    controllers: (argument) => controllers(argument),
    body: () => ({}),
  };
}

const one = (name: string) => (argument: DamlRecord) => [stringField(argument, name)];

/** A template of the fields given, signed by `signatories`, with no observer, no key, no view unless given. */
function template(
  home: PackageHome,
  qualifiedName: string,
  argumentType: RecordType,
  parts: Partial<Omit<TemplateDefinition, 'qualifiedName' | 'home' | 'argumentType'>> & Pick<TemplateDefinition, 'signatories' | 'choices'>,
): TemplateDefinition {
  return { qualifiedName, home, argumentType, observers: () => [], ensure: () => true, views: new Map(), ...parts };
}

/** `variant Nat = Z: Unit | S: Nat` of the nesting models, a recursive type (its constructors' list completed after). */
function natType(name: string): DamlType {
  const constructors: { name: string; type: DamlType }[] = [{ name: 'Z', type: T.unit }];
  const nat: DamlType = { kind: 'Variant', name, constructors };
  constructors.push({ name: 'S', type: nat });
  return nat;
}

/**
 * `toNat x = construct x (Z ())`, `construct x acc = if x <= 0 then acc else construct (x - 1) (S acc)`, of an Int64 text.
 * Built at most `MAXIMUM_NESTING + 2` levels deep: every place a Nat goes (a create or choice argument, a result, a key)
 * refuses one that deep, so a deeper one would be refused alike (Canton builds it whole first: only slower).
 */
function toNat(count: string): DamlValue {
  const requested = BigInt(count);
  const levels = requested > BigInt(MAXIMUM_NESTING + 2) ? MAXIMUM_NESTING + 2 : Number(requested);
  let value: DamlValue = { tag: 'Z', value: {} };
  for (let index = 0; index < levels; index += 1) value = { tag: 'S', value };
  return value;
}

/** `destruct Z acc = acc; destruct (S n) acc = destruct n (acc + 1)`, `toInt n = destruct n 0`: the number of S. */
function toInt(nat: DamlValue): string {
  let count = 0;
  for (let value = nat; typeof value === 'object' && value !== null && !Array.isArray(value) && value.tag === 'S'; value = value.value!) {
    count += 1;
  }
  return String(count);
}

/** daml/lf/keys.lf (conformance-keys, Daml-LF 2.3). */
const keys: SuiteModel = {
  name: 'conformance-keys',
  version: '1.0.0',
  templates: ['Account:Account', 'KeyNesting:ContractWithKey', 'KeyNesting:Handler', 'TextKey:KeyOps', 'TextKey:TextKey'],
  interfaces: [],
  build(home, faults) {
    const accountType = T.record('Account:Account', {
      owner: T.party,
      number: T.text,
      balance: T.numeric10,
      tags: T.list(T.text),
      nickname: T.optional(T.text),
    });
    const account: TemplateDefinition = template(home, 'Account:Account', accountType, {
      signatories: one('owner'),
      key: {
        type: T.record('Account:AccountKey', { owner: T.party, number: T.text }),
        // Fault `suite-account-key-number-dropped`: the key's number is empty.
        of: (argument) => ({
          owner: field(argument, 'owner'),
          number: faults.has('suite-account-key-number-dropped') ? '' : field(argument, 'number'),
        }),
        maintainers: one('owner'),
      },
      choices: choices(archive('Account', one('owner')), {
        name: 'Deposit',
        argumentType: T.record('Account:Deposit', { amount: T.numeric10 }),
        resultType: T.contractId,
        consuming: true,
        controllers: one('owner'),
        // create (this with balance = balance + amount), ADD_NUMERIC @10.
        body: (context, argument, choiceArgument) => {
          const balance =
            numericToScaled(stringField(argument, 'balance'), 10) + numericToScaled(stringField(choiceArgument, 'amount'), 10);
          return context.create(account, { ...argument, balance: scaledToNumeric(balance, 10) });
        },
      }),
    });

    const textKeyType = T.record('TextKey:TextKeyKey', { party: T.party, key: T.text });
    const textKey: TemplateDefinition = template(
      home,
      'TextKey:TextKey',
      T.record('TextKey:TextKey', { party: T.party, key: T.text, disclosedTo: T.list(T.party) }),
      {
        signatories: one('party'),
        observers: (argument) => stringListField(argument, 'disclosedTo'),
        key: {
          type: textKeyType,
          of: (argument) => ({ party: field(argument, 'party'), key: field(argument, 'key') }),
          maintainers: one('party'),
        },
        choices: choices(
          {
            name: 'TextKeyChoice',
            argumentType: T.record('TextKey:TextKeyChoice', {}),
            resultType: T.unit,
            consuming: true,
            controllers: one('party'),
            body: () => ({}),
          },
          {
            name: 'TextKeyDisclose',
            argumentType: T.record('TextKey:TextKeyDisclose', { newDisclosedTo: T.list(T.party) }),
            resultType: T.contractId,
            consuming: true,
            controllers: one('party'),
            body: (context, argument, choiceArgument) =>
              context.create(textKey, { ...argument, disclosedTo: field(choiceArgument, 'newDisclosedTo') }),
          },
          archive('TextKey', one('party')),
        ),
      },
    );

    const keyOps = template(home, 'TextKey:KeyOps', T.record('TextKey:KeyOps', { owner: T.party }), {
      signatories: one('owner'),
      choices: choices(
        {
          name: 'ExerciseByKeyArchive',
          argumentType: T.record('TextKey:ExerciseByKeyArchive', { key: textKeyType }),
          resultType: T.unit,
          consuming: false,
          controllers: one('owner'),
          // exercise_by_key @TextKey:TextKey Archive key (TextKey:Archive {}).
          body: (context, _argument, choiceArgument) => {
            if (context.exerciseByKey === undefined) throw new Error('the engine offers no exercise_by_key');
            context.exerciseByKey(textKey, field(choiceArgument, 'key') as DamlRecord, 'Archive', {});
            return {};
          },
        },
        archive('TextKey', one('owner')),
      ),
    });

    const nat = natType('KeyNesting:Nat');
    const contractWithKey: TemplateDefinition = template(
      home,
      'KeyNesting:ContractWithKey',
      T.record('KeyNesting:ContractWithKey', { party: T.party, i: T.int64 }),
      {
        signatories: one('party'),
        key: {
          type: T.record('KeyNesting:NestedKey', { party: T.party, n: nat }),
          of: (argument) => ({ party: field(argument, 'party'), n: toNat(stringField(argument, 'i')) }),
          maintainers: one('party'),
        },
        choices: choices(archive('KeyNesting', one('party'))),
      },
    );
    const handler = template(home, 'KeyNesting:Handler', T.record('KeyNesting:Handler', { party: T.party }), {
      signatories: one('party'),
      choices: choices(
        {
          name: 'CreateKey',
          argumentType: T.record('KeyNesting:CreateKey', { i: T.int64 }),
          resultType: T.contractId,
          consuming: false,
          controllers: one('party'),
          body: (context, argument, choiceArgument) =>
            context.create(contractWithKey, { party: field(argument, 'party'), i: field(choiceArgument, 'i') }),
        },
        archive('KeyNesting', one('party')),
      ),
    });
    return { templates: [account, contractWithKey, handler, keyOps, textKey], interfaces: [] };
  },
};

/**
 * daml/lf/nesting.lf (conformance-nesting): LAPITT's semantic/DeeplyNestedValue.daml, a Handler whose choices build a
 * Nat of the depth asked (Construct), take one apart (Destruct), both (ConstructThenDestruct: `exercise self Destruct`),
 * store one in a Contract (Create) and fetch a Contract (Fetch). The engine holds each value to the nesting limit.
 */
const nesting: SuiteModel = {
  name: 'conformance-nesting',
  version: '1.0.0',
  templates: ['DeeplyNestedValue:Contract', 'DeeplyNestedValue:Handler'],
  interfaces: [],
  build(home) {
    const nat = natType('DeeplyNestedValue:Nat');
    const contractType = T.record('DeeplyNestedValue:Contract', { party: T.party, i: T.int64, n: nat });
    const contract: TemplateDefinition = template(home, 'DeeplyNestedValue:Contract', contractType, {
      signatories: one('party'),
      choices: choices(archive('DeeplyNestedValue', one('party'))),
    });
    const nonConsuming = (
      name: string,
      argumentFields: Record<string, DamlType>,
      resultType: DamlType,
      body: ChoiceDefinition['body'],
    ): ChoiceDefinition => ({
      name,
      argumentType: T.record(`DeeplyNestedValue:${name}`, argumentFields),
      resultType,
      consuming: false,
      controllers: one('party'),
      body,
    });
    const handler = template(home, 'DeeplyNestedValue:Handler', T.record('DeeplyNestedValue:Handler', { party: T.party }), {
      signatories: one('party'),
      choices: choices(
        nonConsuming('Construct', { i: T.int64 }, nat, (_context, _argument, choiceArgument) => toNat(stringField(choiceArgument, 'i'))),
        nonConsuming('Destruct', { n: nat }, T.int64, (_context, _argument, choiceArgument) => toInt(field(choiceArgument, 'n'))),
        nonConsuming('ConstructThenDestruct', { i: T.int64 }, T.int64, (context, _argument, choiceArgument) =>
          context.exercise(context.self, 'Destruct', { n: toNat(stringField(choiceArgument, 'i')) }),
        ),
        nonConsuming('Create', { i: T.int64 }, T.contractId, (context, argument, choiceArgument) =>
          context.create(contract, {
            party: field(argument, 'party'),
            i: field(choiceArgument, 'i'),
            n: toNat(stringField(choiceArgument, 'i')),
          }),
        ),
        nonConsuming('Fetch', { cid: T.contractId }, contractType, (context, _argument, choiceArgument) =>
          context.fetch(stringField(choiceArgument, 'cid'), 'DeeplyNestedValue:Contract'),
        ),
        archive('DeeplyNestedValue', one('party')),
      ),
    });
    return { templates: [contract, handler], interfaces: [] };
  },
};

/** daml/lf/key-workflows.lf (conformance-key-workflows, Daml-LF 2.3). */
const keyWorkflows: SuiteModel = {
  name: 'conformance-key-workflows',
  version: '1.0.0',
  templates: [
    'ContractIdTests:Contract',
    'ContractIdTests:ContractRef',
    'Divulgence:Asset',
    'Divulgence:Proposal',
    'WithKey:WithKey',
    'WithKey:WithKeyCreatorAlternative',
  ],
  interfaces: [],
  build(home, faults) {
    const withKey: TemplateDefinition = template(home, 'WithKey:WithKey', T.record('WithKey:WithKey', { p: T.party, label: T.text }), {
      signatories: one('p'),
      key: {
        type: T.record('WithKey:WithKeyKey', { p: T.party, label: T.text }),
        of: (argument) => ({ p: field(argument, 'p'), label: field(argument, 'label') }),
        maintainers: one('p'),
      },
      choices: choices(
        {
          name: 'WithKey_NoOp',
          argumentType: T.record('WithKey:WithKey_NoOp', { divulgee: T.party }),
          resultType: T.unit,
          consuming: false,
          controllers: (_argument, choiceArgument) => [stringField(choiceArgument, 'divulgee')],
          body: () => ({}),
        },
        archive('WithKey', one('p')),
      ),
    });
    const creator = template(
      home,
      'WithKey:WithKeyCreatorAlternative',
      T.record('WithKey:WithKeyCreatorAlternative', { p1: T.party, p2: T.party, label: T.text }),
      {
        signatories: one('p1'),
        observers: one('p2'),
        choices: choices(
          {
            name: 'WithKeyCreatorAlternative_DiscloseCreate',
            argumentType: T.record('WithKey:WithKeyCreatorAlternative_DiscloseCreate', {}),
            resultType: T.contractId,
            consuming: false,
            controllers: one('p2'),
            body: (context, argument) => context.create(withKey, { p: field(argument, 'p1'), label: field(argument, 'label') }),
          },
          archive('WithKey', one('p1')),
        ),
      },
    );
    const contract = template(home, 'ContractIdTests:Contract', T.record('ContractIdTests:Contract', { party: T.party }), {
      signatories: one('party'),
      choices: choices(archive('ContractIdTests', one('party'))),
    });
    const contractRef: TemplateDefinition = template(
      home,
      'ContractIdTests:ContractRef',
      T.record('ContractIdTests:ContractRef', { party: T.party, label: T.text, ref: T.contractId }),
      {
        signatories: one('party'),
        key: {
          type: T.record('ContractIdTests:ContractRefKey', { party: T.party, label: T.text }),
          of: (argument) => ({ party: field(argument, 'party'), label: field(argument, 'label') }),
          maintainers: one('party'),
        },
        choices: choices(
          {
            name: 'Change',
            argumentType: T.record('ContractIdTests:Change', { newId: T.contractId }),
            resultType: T.contractId,
            consuming: true,
            controllers: one('party'),
            body: (context, argument, choiceArgument) => context.create(contractRef, { ...argument, ref: field(choiceArgument, 'newId') }),
          },
          archive('ContractIdTests', one('party')),
        ),
      },
    );
    const asset: TemplateDefinition = template(
      home,
      'Divulgence:Asset',
      T.record('Divulgence:Asset', { issuer: T.party, owner: T.party, label: T.text }),
      {
        signatories: one('issuer'),
        observers: one('owner'),
        key: {
          type: T.record('Divulgence:AssetKey', { issuer: T.party, label: T.text }),
          of: (argument) => ({ issuer: field(argument, 'issuer'), label: field(argument, 'label') }),
          maintainers: one('issuer'),
        },
        choices: choices(
          {
            name: 'AssetTransfer',
            argumentType: T.record('Divulgence:AssetTransfer', { newOwner: T.party }),
            resultType: T.contractId,
            consuming: true,
            controllers: one('owner'),
            // Fault `suite-asset-transfer-keeps-owner`: the new asset keeps the old owner.
            body: (context, argument, choiceArgument) =>
              context.create(
                asset,
                faults.has('suite-asset-transfer-keeps-owner') ? argument : { ...argument, owner: field(choiceArgument, 'newOwner') },
              ),
          },
          archive('Divulgence', one('issuer')),
        ),
      },
    );
    const proposal = template(home, 'Divulgence:Proposal', T.record('Divulgence:Proposal', { proposer: T.party, receiver: T.party }), {
      signatories: one('proposer'),
      observers: one('receiver'),
      choices: choices(
        {
          name: 'ProposalAccept',
          argumentType: T.record('Divulgence:ProposalAccept', { asset: T.contractId }),
          resultType: T.contractId,
          consuming: true,
          controllers: one('receiver'),
          // fetch_template @Asset asset, then exercise @Asset AssetTransfer asset { newOwner = proposer }.
          body: (context, argument, choiceArgument) => {
            const assetId = stringField(choiceArgument, 'asset');
            context.fetch(assetId, 'Divulgence:Asset');
            return context.exercise(assetId, 'AssetTransfer', { newOwner: field(argument, 'proposer') });
          },
        },
        archive('Divulgence', one('proposer')),
      ),
    });
    return { templates: [contract, contractRef, asset, proposal, withKey, creator], interfaces: [] };
  },
};

/** daml/lf/interfaces.lf (conformance-interfaces). */
const interfaces: SuiteModel = {
  name: 'conformance-interfaces',
  version: '1.0.0',
  templates: ['Asset:Token', 'Asset:Voucher'],
  interfaces: ['Asset:Asset'],
  build(home, faults) {
    const asset: InterfaceDefinition = {
      qualifiedName: 'Asset:Asset',
      home,
      viewType: T.record('Asset:AssetView', { owner: T.party, description: T.text }),
      choices: choices({
        name: 'Describe',
        argumentType: T.record('Asset:Describe', {}),
        resultType: T.text,
        consuming: false,
        // controllers viewOwner (view_interface this); the result is the view's description.
        controllers: one('owner'),
        body: (_context, view) => stringField(view, 'description'),
      }),
    };
    const assetKey = `${home.name}:Asset:Asset`;
    const token: TemplateDefinition = template(
      home,
      'Asset:Token',
      T.record('Asset:Token', { issuer: T.party, owner: T.party, description: T.text, amount: T.int64 }),
      {
        signatories: one('issuer'),
        observers: one('owner'),
        choices: choices(
          {
            name: 'Transfer',
            argumentType: T.record('Asset:Transfer', { newOwner: T.party }),
            resultType: T.contractId,
            consuming: true,
            controllers: one('owner'),
            body: (context, argument, choiceArgument) => context.create(token, { ...argument, owner: field(choiceArgument, 'newOwner') }),
          },
          archive('Asset', one('issuer')),
        ),
        // Fault `suite-token-view-owner-is-issuer`: the view's owner is the issuer.
        views: new Map([
          [
            assetKey,
            (argument) => ({
              owner: field(argument, faults.has('suite-token-view-owner-is-issuer') ? 'issuer' : 'owner'),
              description: field(argument, 'description'),
            }),
          ],
        ]),
      },
    );
    const voucher = template(home, 'Asset:Voucher', T.record('Asset:Voucher', { issuer: T.party, holder: T.party, code: T.text }), {
      signatories: one('issuer'),
      observers: one('holder'),
      choices: choices(archive('Asset', one('issuer'))),
      views: new Map([
        [assetKey, (argument) => ({ owner: field(argument, 'holder'), description: `voucher ${stringField(argument, 'code')}` })],
      ]),
    });
    return { templates: [token, voucher], interfaces: [asset] };
  },
};

/** daml/lf/values.lf (conformance-values). */
const values: SuiteModel = {
  name: 'conformance-values',
  version: '1.0.0',
  templates: ['AllTypes:AllTypes'],
  interfaces: [],
  build(home, faults) {
    const valuesType = T.record('AllTypes:Values', {
      int: T.int64,
      decimal: T.numeric10,
      text: T.text,
      bool: T.bool,
      date: T.date,
      time: T.timestamp,
      map: { kind: 'GenMap', key: T.text, value: T.int64 },
      variant: {
        kind: 'Variant',
        name: 'AllTypes:Choice',
        constructors: [
          { name: 'VInt', type: T.int64 },
          { name: 'VText', type: T.text },
        ],
      },
      list: T.list(T.int64),
      optional: T.optional(T.text),
      address: T.record('AllTypes:Address', { street: T.text, city: T.text }),
      unit: T.unit,
      party: T.party,
      color: { kind: 'Enum', name: 'AllTypes:Color', constructors: ['Red', 'Green', 'Blue'] },
      contractId: T.optional(T.contractId),
      nestedOptional: T.optional(T.optional(T.int64)),
      numeric0: { kind: 'Numeric', scale: 0 },
      numeric37: { kind: 'Numeric', scale: 37 },
    });
    const allTypes: TemplateDefinition = template(
      home,
      'AllTypes:AllTypes',
      T.record('AllTypes:AllTypes', { party: T.party, values: valuesType }),
      {
        signatories: one('party'),
        choices: choices(
          {
            name: 'Replace',
            argumentType: T.record('AllTypes:Replace', { values: valuesType }),
            resultType: T.contractId,
            consuming: true,
            controllers: one('party'),
            // Fault `suite-alltypes-replace-keeps-values`: the new contract keeps the old values.
            body: (context, argument, choiceArgument) =>
              context.create(allTypes, {
                party: field(argument, 'party'),
                values: field(faults.has('suite-alltypes-replace-keeps-values') ? argument : choiceArgument, 'values'),
              }),
          },
          {
            name: 'Echo',
            argumentType: T.record('AllTypes:Echo', { values: valuesType }),
            resultType: valuesType,
            consuming: false,
            controllers: one('party'),
            body: (_context, _argument, choiceArgument) => field(choiceArgument, 'values'),
          },
          archive('AllTypes', one('party')),
        ),
      },
    );
    return { templates: [allTypes], interfaces: [] };
  },
};

/**
 * daml/lf/upgrade-v1.lf and upgrade-v2.lf (conformance-upgrade 1.0.0 and 2.0.0, an upgrade lineage), executed under
 * `conformance-upgrade` and any `conformance-upgrade-<suffix>` (the upgrade tests upload the lineage under a fresh name
 * each, generators/dar/suite-dars.ts). 2.0.0 adds a trailing optional field `memo` to Asset and `newMemo` to Transfer,
 * a choice Describe and a module Note; 3.0.0 (invalid) and the 1.0.0 twin are never executed.
 */
const UPGRADE_NAMES = /^conformance-upgrade-[A-Za-z0-9._-]+$/;

function upgradeModel(version: '1.0.0' | '2.0.0'): SuiteModel {
  const v2 = version === '2.0.0';
  return {
    name: 'conformance-upgrade',
    namePattern: UPGRADE_NAMES,
    version,
    templates: v2 ? ['Upgrade:Asset', 'Note:Note'] : ['Upgrade:Asset'],
    interfaces: [],
    build(home) {
      const assetType = T.record('Upgrade:Asset', {
        issuer: T.party,
        owner: T.party,
        amount: T.int64,
        ...(v2 ? { memo: T.optional(T.text) } : {}),
      });
      const asset: TemplateDefinition = template(home, 'Upgrade:Asset', assetType, {
        signatories: one('issuer'),
        observers: one('owner'),
        choices: choices(
          {
            name: 'Transfer',
            argumentType: T.record('Upgrade:Transfer', { newOwner: T.party, ...(v2 ? { newMemo: T.optional(T.text) } : {}) }),
            resultType: T.contractId,
            consuming: true,
            controllers: one('owner'),
            // 1.0.0: create (this with owner = newOwner); 2.0.0: also memo = newMemo. A None is left out of a record.
            body: (context, argument, choiceArgument) => {
              const { memo: _memo, ...rest } = argument;
              const memo = v2 ? choiceArgument.newMemo : undefined;
              return context.create(asset, {
                ...(v2 ? rest : argument),
                owner: field(choiceArgument, 'newOwner'),
                ...(memo === undefined || memo === null ? {} : { memo }),
              });
            },
          },
          ...(v2
            ? [
                {
                  name: 'Describe',
                  argumentType: T.record('Upgrade:Describe', {}),
                  resultType: T.text,
                  consuming: false,
                  controllers: one('owner'),
                  body: (_context: unknown, argument: DamlRecord) => {
                    const memo = argument.memo;
                    return typeof memo === 'string' ? memo : 'no memo';
                  },
                } satisfies ChoiceDefinition,
              ]
            : []),
          archive('Upgrade', one('issuer')),
        ),
      });
      if (!v2) return { templates: [asset], interfaces: [] };
      const note = template(home, 'Note:Note', T.record('Note:Note', { author: T.party, text: T.text }), {
        signatories: one('author'),
        choices: choices(archive('Note', one('author'))),
      });
      return { templates: [asset, note], interfaces: [] };
    },
  };
}

/** Microseconds since the epoch of a Daml Timestamp (`YYYY-MM-DDThh:mm:ss[.ffffff]Z`). */
function micros(timestamp: string): bigint {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z$/.exec(timestamp);
  if (match === null) throw new Error(`not a Daml Timestamp: ${timestamp}`);
  return BigInt(Date.parse(`${match[1]!}Z`)) * 1000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** The `check` of the suite's models: Daml's `assert`, FAIL_WITH_STATUS of AssertionFailed, category 9, its message. */
function check(context: ChoiceBodyContext, ok: boolean, message = 'Assertion failed'): void {
  if (ok) return;
  if (context.failWithStatus === undefined) throw new Error('the engine offers no FAIL_WITH_STATUS');
  context.failWithStatus('UNHANDLED_EXCEPTION/DA.Exception.AssertionFailed:AssertionFailed', 9, message);
}

/** A choice of the suite's models: not consuming unless said, no observers unless given. */
function choice(
  module: string,
  name: string,
  fields: Record<string, DamlType>,
  resultType: DamlType,
  parts: Pick<ChoiceDefinition, 'controllers' | 'body'> & Partial<Pick<ChoiceDefinition, 'consuming' | 'observers'>>,
): ChoiceDefinition {
  return { name, argumentType: T.record(`${module}:${name}`, fields), resultType, consuming: parts.consuming ?? false, ...parts };
}

/** daml/lf/semantics.lf (conformance-semantics): LAPITT's model/Test.daml templates of several parties, time and failure. */
const semantics: SuiteModel = {
  name: 'conformance-semantics',
  version: '1.1.0',
  templates: [
    'Semantics:Agreement',
    'Semantics:AgreementFactory',
    'Semantics:BranchingControllers',
    'Semantics:BranchingSignatories',
    'Semantics:CreateAndFetch',
    'Semantics:Delegated',
    'Semantics:Delegation',
    'Semantics:DiscloseCreate',
    'Semantics:Divulgence1',
    'Semantics:Divulgence2',
    'Semantics:Dummy',
    'Semantics:MultiPartyContract',
    'Semantics:ShowDelegated',
    'Semantics:TimeChecker',
    'Semantics:TriAgreement',
    'Semantics:TriProposal',
    'Semantics:Witnesses',
    'Semantics:WithObservers',
  ],
  interfaces: [],
  build(home, faults) {
    const M = 'Semantics';
    const unitResult = (): DamlValue => ({});
    const arch = (controllers: (argument: DamlRecord) => string[]) => archive(M, controllers);
    const record = (name: string, fields: Record<string, DamlType>) => T.record(`${M}:${name}`, fields);
    const tpl = (
      name: string,
      fields: Record<string, DamlType>,
      parts: Partial<Omit<TemplateDefinition, 'qualifiedName' | 'home' | 'argumentType'>> &
        Pick<TemplateDefinition, 'signatories' | 'choices'>,
    ) => template(home, `${M}:${name}`, record(name, fields), parts);
    const operator = one('operator');

    const dummy: TemplateDefinition = tpl(
      'Dummy',
      { operator: T.party },
      {
        signatories: operator,
        choices: choices(
          choice(M, 'FailingChoice', {}, T.unit, {
            consuming: true,
            controllers: operator,
            body: (context) => (check(context, false), {}),
          }),
          choice(M, 'DummyNonConsuming', {}, T.unit, { controllers: operator, body: unitResult }),
          choice(M, 'Clone', {}, T.contractId, { controllers: operator, body: (context, argument) => context.create(dummy, argument) }),
          choice(M, 'FailingClone', {}, T.unit, {
            controllers: operator,
            body: (context) => {
              context.exercise(context.self, 'Clone', {});
              context.exercise(context.self, 'FailingChoice', {});
              return {};
            },
          }),
          choice(M, 'ConsumeIfTimeIsBetween', { begin: T.timestamp, end: T.timestamp }, T.unit, {
            consuming: true,
            controllers: operator,
            // now <- getTime; assert (begin <= now); assert (now <= end).
            body: (context, _argument, choiceArgument) => {
              const now = micros(context.ledgerTime?.() ?? '');
              check(context, micros(stringField(choiceArgument, 'begin')) <= now);
              check(context, now <= micros(stringField(choiceArgument, 'end')));
              return {};
            },
          }),
          choice(M, 'PublicChoice', { anyParty: T.party }, T.unit, {
            consuming: true,
            controllers: (_argument, choiceArgument) => [stringField(choiceArgument, 'anyParty')],
            body: unitResult,
          }),
          arch(operator),
        ),
      },
    );

    const timeChecker = tpl(
      'TimeChecker',
      { party: T.party, anchor: T.timestamp },
      {
        signatories: one('party'),
        choices: choices(
          choice(M, 'CheckTime', {}, T.unit, {
            controllers: one('party'),
            body: (context, argument) => (
              check(context, micros(context.ledgerTime?.() ?? '') === micros(stringField(argument, 'anchor'))),
              {}
            ),
          }),
          arch(one('party')),
        ),
      },
    );

    const parties = (argument: DamlRecord) => stringListField(argument, 'parties');
    const multiParty: TemplateDefinition = tpl(
      'MultiPartyContract',
      { parties: T.list(T.party), value: T.text },
      {
        signatories: parties,
        choices: choices(
          choice(M, 'MPAddSignatories', { newParties: T.list(T.party) }, T.contractId, {
            consuming: true,
            controllers: (argument, choiceArgument) => [...parties(argument), ...stringListField(choiceArgument, 'newParties')],
            body: (context, argument, choiceArgument) =>
              context.create(multiParty, {
                ...argument,
                parties: [...parties(argument), ...stringListField(choiceArgument, 'newParties')],
              }),
          }),
          choice(M, 'MPFetchOther', { cid: T.contractId, actors: T.list(T.party) }, T.unit, {
            controllers: (_argument, choiceArgument) => stringListField(choiceArgument, 'actors'),
            body: (context, _argument, choiceArgument) => (
              context.fetch(stringField(choiceArgument, 'cid'), `${M}:MultiPartyContract`),
              {}
            ),
          }),
          arch(parties),
        ),
      },
    );

    const withObservers = tpl(
      'WithObservers',
      { giver: T.party, observers: T.list(T.party) },
      {
        signatories: one('giver'),
        observers: (argument) => stringListField(argument, 'observers'),
        choices: choices(choice(M, 'Ping', {}, T.unit, { consuming: true, controllers: one('giver'), body: unitResult })),
      },
    );

    // signatory (if whichSign then signTrue else signFalse).
    const branchSignatory = (argument: DamlRecord) => [
      stringField(argument, field(argument, 'whichSign') === true ? 'signTrue' : 'signFalse'),
    ];
    const branchingSignatories = tpl(
      'BranchingSignatories',
      { whichSign: T.bool, signTrue: T.party, signFalse: T.party },
      { signatories: branchSignatory, choices: choices(arch(branchSignatory)) },
    );

    // observer (ctrl this), ctrl = if whichCtrl then ctrlTrue else ctrlFalse. Fault `suite-branching-controllers-both`:
    // both branches are observers.
    const ctrl = (argument: DamlRecord) =>
      faults.has('suite-branching-controllers-both')
        ? [stringField(argument, 'ctrlTrue'), stringField(argument, 'ctrlFalse')]
        : [stringField(argument, field(argument, 'whichCtrl') === true ? 'ctrlTrue' : 'ctrlFalse')];
    const branchingControllers = tpl(
      'BranchingControllers',
      { giver: T.party, whichCtrl: T.bool, ctrlTrue: T.party, ctrlFalse: T.party },
      {
        signatories: one('giver'),
        observers: ctrl,
        choices: choices(choice(M, 'Delete', {}, T.unit, { consuming: true, controllers: ctrl, body: unitResult })),
      },
    );

    const witnesses: TemplateDefinition = tpl(
      'Witnesses',
      { p_signatory: T.party, p_observer: T.party, p_actor: T.party },
      {
        signatories: one('p_signatory'),
        observers: one('p_observer'),
        choices: choices(
          choice(M, 'WitnessesChoice', {}, T.unit, { consuming: true, controllers: one('p_actor'), body: unitResult }),
          choice(M, 'WitnessesNonConsumingChoice', {}, T.unit, { controllers: one('p_actor'), body: unitResult }),
          choice(M, 'WitnessesCreateNewWitnesses', {}, T.contractId, {
            controllers: one('p_actor'),
            body: (context, argument) => context.create(witnesses, { ...argument, p_signatory: field(argument, 'p_actor') }),
          }),
        ),
      },
    );

    const divulgence1 = tpl(
      'Divulgence1',
      { div1Party: T.party },
      { signatories: one('div1Party'), choices: choices(arch(one('div1Party'))) },
    );
    const divulgence2 = tpl(
      'Divulgence2',
      { div2Signatory: T.party, div2Fetcher: T.party },
      {
        signatories: one('div2Signatory'),
        observers: one('div2Fetcher'),
        choices: choices(
          choice(M, 'Divulgence2Fetch', { div1ToFetch: T.contractId }, T.unit, {
            controllers: one('div2Fetcher'),
            body: (context, _argument, choiceArgument) => (
              context.fetch(stringField(choiceArgument, 'div1ToFetch'), `${M}:Divulgence1`),
              {}
            ),
          }),
          choice(M, 'Divulgence2Archive', { div1ToArchive: T.contractId }, T.unit, {
            controllers: one('div2Fetcher'),
            body: (context, _argument, choiceArgument) => context.exercise(stringField(choiceArgument, 'div1ToArchive'), 'Archive', {}),
          }),
          choice(M, 'Divulgence2ImmediateDivulge', {}, T.contractId, {
            controllers: one('div2Fetcher'),
            body: (context, argument) => context.create(divulgence1, { div1Party: field(argument, 'div2Fetcher') }),
          }),
          arch(one('div2Signatory')),
        ),
      },
    );

    const delegated: TemplateDefinition = tpl(
      'Delegated',
      { owner: T.party, k: T.text },
      {
        signatories: one('owner'),
        choices: choices(
          choice(M, 'Recreate', {}, T.unit, {
            consuming: true,
            controllers: one('owner'),
            body: (context, argument) => (context.create(delegated, argument), {}),
          }),
          arch(one('owner')),
        ),
      },
    );
    const delegation = tpl(
      'Delegation',
      { owner: T.party, delegate: T.party },
      {
        signatories: one('owner'),
        observers: one('delegate'),
        choices: choices(
          choice(M, 'FetchDelegated', { delegated: T.contractId }, record('Delegated', { owner: T.party, k: T.text }), {
            controllers: one('delegate'),
            body: (context, _argument, choiceArgument) => context.fetch(stringField(choiceArgument, 'delegated'), `${M}:Delegated`),
          }),
          arch(one('owner')),
        ),
      },
    );
    const showDelegated = tpl(
      'ShowDelegated',
      { owner: T.party, delegate: T.party },
      {
        signatories: one('owner'),
        observers: one('delegate'),
        choices: choices(
          choice(M, 'ShowIt', { delegatedId: T.contractId }, T.unit, {
            consuming: true,
            controllers: one('owner'),
            body: (context, _argument, choiceArgument) => (context.fetch(stringField(choiceArgument, 'delegatedId'), `${M}:Delegated`), {}),
          }),
        ),
      },
    );

    // DiscloseCreate_To: observer disclosee, controller owner; creates a Dummy of the owner. Fault
    // `suite-choice-observers-ignored`: the choice's observer is not an informee.
    const discloseCreate = tpl(
      'DiscloseCreate',
      { owner: T.party },
      {
        signatories: one('owner'),
        choices: choices(
          choice(M, 'DiscloseCreate_To', { disclosee: T.party }, T.unit, {
            consuming: true,
            controllers: one('owner'),
            observers: (_argument, choiceArgument) =>
              faults.has('suite-choice-observers-ignored') ? [] : [stringField(choiceArgument, 'disclosee')],
            body: (context, argument) => (context.create(dummy, { operator: field(argument, 'owner') }), {}),
          }),
        ),
      },
    );

    const tri = (argument: DamlRecord) => [
      stringField(argument, 'operator'),
      stringField(argument, 'receiver'),
      stringField(argument, 'giver'),
    ];
    const triAgreement = tpl(
      'TriAgreement',
      { operator: T.party, receiver: T.party, giver: T.party },
      { signatories: tri, choices: choices(arch(tri)) },
    );
    // TriProposalAccept: controller [receiver, giver]. Fault `suite-multi-actor-one-controller`: only the giver must
    // authorize.
    const receiverAndGiver = (argument: DamlRecord) =>
      faults.has('suite-multi-actor-one-controller')
        ? [stringField(argument, 'giver')]
        : [stringField(argument, 'receiver'), stringField(argument, 'giver')];
    const triProposal = tpl(
      'TriProposal',
      { operator: T.party, receiver: T.party, giver: T.party },
      {
        signatories: operator,
        observers: (argument) => [stringField(argument, 'receiver'), stringField(argument, 'giver')],
        choices: choices(
          choice(M, 'TriProposalAccept', {}, T.contractId, {
            consuming: true,
            controllers: receiverAndGiver,
            body: (context, argument) =>
              context.create(triAgreement, {
                operator: field(argument, 'operator'),
                receiver: field(argument, 'receiver'),
                giver: field(argument, 'giver'),
              }),
          }),
          arch(operator),
        ),
      },
    );
    const receiverGiver = (argument: DamlRecord) => [stringField(argument, 'receiver'), stringField(argument, 'giver')];
    const agreement = tpl(
      'Agreement',
      { receiver: T.party, giver: T.party },
      {
        signatories: receiverGiver,
        choices: choices(
          choice(M, 'AcceptTriProposal', { cid: T.contractId }, T.contractId, {
            consuming: true,
            controllers: one('giver'),
            // prop <- fetch cid; assert (prop.receiver == receiver && prop.giver == giver); exercise cid TriProposalAccept.
            body: (context, argument, choiceArgument) => {
              const cid = stringField(choiceArgument, 'cid');
              const proposal = context.fetch(cid, `${M}:TriProposal`);
              check(
                context,
                stringField(proposal, 'receiver') === stringField(argument, 'receiver') &&
                  stringField(proposal, 'giver') === stringField(argument, 'giver'),
              );
              return context.exercise(cid, 'TriProposalAccept', {});
            },
          }),
          choice(M, 'UnrestrictedAcceptTriProposal', { cid: T.contractId }, T.contractId, {
            consuming: true,
            controllers: one('giver'),
            body: (context, _argument, choiceArgument) => context.exercise(stringField(choiceArgument, 'cid'), 'TriProposalAccept', {}),
          }),
          arch(receiverGiver),
        ),
      },
    );
    const agreementFactory = tpl(
      'AgreementFactory',
      { receiver: T.party, giver: T.party },
      {
        signatories: one('giver'),
        observers: one('receiver'),
        choices: choices(
          choice(M, 'AgreementFactoryAccept', {}, T.contractId, {
            controllers: one('receiver'),
            body: (context, argument) =>
              context.create(agreement, { receiver: field(argument, 'receiver'), giver: field(argument, 'giver') }),
          }),
          arch(one('giver')),
        ),
      },
    );

    const createAndFetch: TemplateDefinition = tpl(
      'CreateAndFetch',
      { p: T.party },
      {
        signatories: one('p'),
        choices: choices(
          choice(M, 'CreateAndFetch_Run', {}, T.unit, {
            consuming: true,
            controllers: one('p'),
            body: (context, argument) => {
              const created = context.create(createAndFetch, { p: field(argument, 'p') });
              context.fetch(created, `${M}:CreateAndFetch`);
              return {};
            },
          }),
          arch(one('p')),
        ),
      },
    );

    return {
      templates: [
        agreement,
        agreementFactory,
        branchingControllers,
        branchingSignatories,
        createAndFetch,
        delegated,
        delegation,
        discloseCreate,
        divulgence1,
        divulgence2,
        dummy,
        multiParty,
        showDelegated,
        timeChecker,
        triAgreement,
        triProposal,
        witnesses,
        withObservers,
      ],
      interfaces: [],
    };
  },
};

/** daml/lf/limits.lf (conformance-limits): LAPITT's semantic/Limits.daml, a large map or list, and the Tree of Build. */
const limits: SuiteModel = {
  name: 'conformance-limits',
  version: '1.0.0',
  templates: ['Limits:Tree', 'Limits:WithList', 'Limits:WithMap'],
  interfaces: [],
  build(home, faults) {
    const M = 'Limits';
    const owner = one('owner');
    const mapType: DamlType = { kind: 'GenMap', key: T.text, value: T.party };
    const withMap: TemplateDefinition = template(home, `${M}:WithMap`, T.record(`${M}:WithMap`, { owner: T.party, items: mapType }), {
      signatories: owner,
      choices: choices(
        choice(M, 'WithMap_Noop', {}, T.unit, { controllers: owner, body: () => ({}) }),
        choice(M, 'WithMap_Expand', { newItems: mapType }, T.contractId, {
          consuming: true,
          controllers: owner,
          // insertAll (keys newItems) (values newItems) items: GENMAP_INSERT of each new entry (a new value replaces an
          // old one of the same key); a GenMap is ordered by key.
          body: (context, argument, choiceArgument) => {
            const merged = new Map<string, DamlValue>();
            for (const [key, value] of field(argument, 'items') as [string, DamlValue][]) merged.set(key, value);
            for (const [key, value] of field(choiceArgument, 'newItems') as [string, DamlValue][]) merged.set(key, value);
            const items = [...merged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
            return context.create(withMap, { ...argument, items });
          },
        }),
        archive(M, owner),
      ),
    });
    const withList: TemplateDefinition = template(
      home,
      `${M}:WithList`,
      T.record(`${M}:WithList`, { owner: T.party, items: T.list(T.text) }),
      {
        signatories: owner,
        choices: choices(
          choice(M, 'WithList_Noop', {}, T.unit, { controllers: owner, body: () => ({}) }),
          choice(M, 'WithList_Expand', { newItems: T.list(T.text) }, T.contractId, {
            consuming: true,
            controllers: owner,
            body: (context, argument, choiceArgument) =>
              context.create(withList, {
                ...argument,
                items: [...stringListField(argument, 'items'), ...stringListField(choiceArgument, 'newItems')],
              }),
          }),
          archive(M, owner),
        ),
      },
    );
    const tree = template(home, `${M}:Tree`, T.record(`${M}:Tree`, { owner: T.party }), {
      signatories: owner,
      choices: choices(
        choice(M, 'Build', { depth: T.int64, branching: T.int64 }, T.int64, {
          controllers: owner,
          // depth <= 0: 1; else 1 + the sum of `branching` exercises of Build (depth - 1) on self, in order. Fault
          // `suite-tree-build-one-branch`: a level exercises one child whatever the branching.
          body: (context, _argument, choiceArgument) => {
            const depth = BigInt(stringField(choiceArgument, 'depth'));
            const branching = BigInt(stringField(choiceArgument, 'branching'));
            if (depth <= 0n) return '1';
            const children = faults.has('suite-tree-build-one-branch') && branching > 0n ? 1n : branching;
            let total = 1n;
            const next = { depth: String(depth - 1n), branching: String(branching) };
            for (let index = 0n; index < children; index += 1n) total += BigInt(context.exercise(context.self, 'Build', next) as string);
            return String(total);
          },
        }),
        archive(M, owner),
      ),
    });
    return { templates: [tree, withList, withMap], interfaces: [] };
  },
};

/** daml/lf/local-keys.lf (conformance-local-keys, Daml-LF 2.3): fetch and lookup by key of a contract the same choice creates. */
const localKeys: SuiteModel = {
  name: 'conformance-local-keys',
  version: '1.0.0',
  templates: ['LocalKeys:Keyed', 'LocalKeys:LocalKeyVisibilityOperations'],
  interfaces: [],
  build(home) {
    const keyed = template(home, 'LocalKeys:Keyed', T.record('LocalKeys:Keyed', { sig: T.party, label: T.text }), {
      signatories: one('sig'),
      key: {
        type: T.record('LocalKeys:LocalKey', { sig: T.party, label: T.text }),
        of: (argument) => ({ sig: field(argument, 'sig'), label: field(argument, 'label') }),
        maintainers: one('sig'),
      },
      choices: choices(archive('LocalKeys', one('sig'))),
    });
    // Both choices: create a Keyed { sig, label = "" } with the signatory's authority, find it by its key, archive it.
    const localChoice = (name: 'LocalLookup' | 'LocalFetch'): ChoiceDefinition => ({
      name,
      argumentType: T.record(`LocalKeys:${name}`, {}),
      resultType: T.unit,
      consuming: false,
      controllers: one('obs'),
      body: (context, argument) => {
        const sig = field(argument, 'sig');
        const cid = context.create(keyed, { sig, label: '' });
        const key = { sig, label: '' };
        if (name === 'LocalFetch') {
          if (context.fetchByKey === undefined) throw new Error('the engine offers no fetch_by_key');
          context.fetchByKey(keyed, key);
        } else {
          if (context.queryNByKey === undefined) throw new Error('the engine offers no query_n_by_key');
          // `found`: Daml's `Some _ <- lookupByKey`, a failure status when nothing is found.
          if (context.queryNByKey(keyed, key, 1).length === 0) {
            if (context.failWithStatus === undefined) throw new Error('the engine offers no FAIL_WITH_STATUS');
            context.failWithStatus('UNHANDLED_EXCEPTION/DA.Exception.AssertionFailed:AssertionFailed', 9, 'lookupByKey found no contract');
          }
        }
        context.exercise(cid, 'Archive', {});
        return {};
      },
    });
    const operations = template(
      home,
      'LocalKeys:LocalKeyVisibilityOperations',
      T.record('LocalKeys:LocalKeyVisibilityOperations', { sig: T.party, obs: T.party }),
      {
        signatories: one('sig'),
        observers: one('obs'),
        choices: choices(localChoice('LocalLookup'), localChoice('LocalFetch'), archive('LocalKeys', one('sig'))),
      },
    );
    return { templates: [keyed, operations], interfaces: [] };
  },
};

/**
 * daml/lf/multi-party-keys.lf (conformance-multi-party-keys, Daml-LF 2.3): LAPITT's keyed MultiPartyContract, whose key is
 * the contract itself, maintained by all its parties; its choices fetch or look up another one by key as the actors.
 */
const multiPartyKeys: SuiteModel = {
  name: 'conformance-multi-party-keys',
  version: '1.0.0',
  templates: ['MultiPartyKeys:MultiPartyContract'],
  interfaces: [],
  build(home) {
    const M = 'MultiPartyKeys';
    const contractType = T.record(`${M}:MultiPartyContract`, { parties: T.list(T.party), value: T.text });
    const parties = (argument: DamlRecord) => stringListField(argument, 'parties');
    const actors = (_argument: DamlRecord, choiceArgument: DamlRecord) => stringListField(choiceArgument, 'actors');
    const keyOf = (choiceArgument: DamlRecord) => field(choiceArgument, 'keyToFetch') as DamlRecord;
    const multiParty: TemplateDefinition = template(home, `${M}:MultiPartyContract`, contractType, {
      signatories: parties,
      key: {
        type: contractType,
        of: (argument) => ({ parties: field(argument, 'parties'), value: field(argument, 'value') }),
        maintainers: parties,
      },
      choices: choices(
        choice(M, 'MPFetchOtherByKey', { keyToFetch: contractType, actors: T.list(T.party) }, T.unit, {
          controllers: actors,
          body: (context, _argument, choiceArgument) => {
            if (context.fetchByKey === undefined) throw new Error('the engine offers no fetch_by_key');
            context.fetchByKey(multiParty, keyOf(choiceArgument));
            return {};
          },
        }),
        choice(
          M,
          'MPLookupOtherByKey',
          { keyToFetch: contractType, actors: T.list(T.party), expectedCid: T.optional(T.contractId) },
          T.unit,
          {
            controllers: actors,
            // query_n_by_key 1, the first result's id (firstCid), compared with expectedCid (assertMsg).
            body: (context, _argument, choiceArgument) => {
              if (context.queryNByKey === undefined) throw new Error('the engine offers no query_n_by_key');
              const found = context.queryNByKey(multiParty, keyOf(choiceArgument), 1)[0]?.contractId ?? null;
              check(context, field(choiceArgument, 'expectedCid') === found, 'LookupOtherByKey value matches');
              return {};
            },
          },
        ),
        archive(M, parties),
      ),
    });
    return { templates: [multiParty], interfaces: [] };
  },
};

const MODELS: readonly SuiteModel[] = [
  localKeys,
  multiPartyKeys,
  keys,
  keyWorkflows,
  nesting,
  interfaces,
  values,
  semantics,
  limits,
  upgradeModel('1.0.0'),
  upgradeModel('2.0.0'),
];

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().every((entry, index) => entry === [...b].sort()[index]);

/** What a package declares: its id, name, version and the qualified names of its templates and interfaces. */
export interface PackageDeclaration {
  id: string;
  name: string;
  version: string;
  templates: readonly string[];
  interfaces: readonly string[];
}

/**
 * The executable model of a package, or undefined when it is none of the suite's: its name and version are a model's and
 * it declares exactly that model's templates and interfaces.
 */
export function modelForDeclaration(declared: PackageDeclaration, faults: Faults): ModelPackage | undefined {
  const model = MODELS.find(
    (candidate) =>
      (candidate.name === declared.name || candidate.namePattern?.test(declared.name) === true) &&
      candidate.version === declared.version &&
      sameSet(candidate.templates, declared.templates) &&
      sameSet(candidate.interfaces, declared.interfaces),
  );
  if (model === undefined) return undefined;
  const home: PackageHome = { id: declared.id, name: declared.name };
  const built = model.build(home, faults);
  return {
    name: home.name,
    id: home.id,
    version: declared.version,
    templates: new Map(built.templates.map((definition) => [definition.qualifiedName, definition])),
    interfaces: new Map(built.interfaces.map((definition) => [definition.qualifiedName, definition])),
    others: new Map(),
  };
}

/** The executable model of a package decoded from an uploaded DAR (`modelForDeclaration`). */
export function modelForPackage(pkg: DarPackage, faults: Faults): ModelPackage | undefined {
  if (pkg.name === undefined || pkg.version === undefined || pkg.modules === undefined) return undefined;
  return modelForDeclaration(
    {
      id: pkg.packageId,
      name: pkg.name,
      version: pkg.version,
      templates: pkg.modules.flatMap((module) => module.templates.map((name) => `${module.name}:${name}`)),
      interfaces: pkg.modules.flatMap((module) => module.interfaces.map((name) => `${module.name}:${name}`)),
    },
    faults,
  );
}
