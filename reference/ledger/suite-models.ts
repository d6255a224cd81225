/**
 * The behaviour of the suite's own Daml models (the DARs of `daml/dars/`, built from the Daml-LF sources `daml/lf/*.lf`),
 * written as data beside them: each template's argument type, signatories, observers, key and choices, transcribed from
 * its `.lf` source. The reference executes a model once a DAR holding its package is uploaded and vetted: the package is
 * recognised by its name and version and by the templates and interfaces its Daml-LF declares (`modelForPackage`), so a
 * changed DAR is not executed by stale data. Only the models below are executed; the others (semantics, limits, upgrade)
 * are stored and vetted like any package, and a command on their templates is TEMPLATES_OR_INTERFACES_NOT_FOUND.
 */
import type { DarPackage } from '../dar/parse.js';
import type { Faults } from '../faults.js';
import type { ChoiceDefinition, InterfaceDefinition, ModelPackage, PackageHome, TemplateDefinition } from './package-model.js';
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

const MODELS: readonly SuiteModel[] = [keys, keyWorkflows, nesting, interfaces, values, upgradeModel('1.0.0'), upgradeModel('2.0.0')];

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
