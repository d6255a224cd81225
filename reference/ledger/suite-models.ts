/**
 * The behaviour of the suite's own Daml models (the DARs of `daml/dars/`, built from the Daml-LF sources `daml/lf/*.lf`),
 * written as data beside them: each template's argument type, signatories, observers, key and choices, transcribed from
 * its `.lf` source. The reference executes a model once a DAR holding its package is uploaded and vetted: the package is
 * recognised by its name and version and by the templates and interfaces its Daml-LF declares (`modelForPackage`), so a
 * changed DAR is not executed by stale data. Only the models below are executed; the others (nesting, semantics, limits,
 * upgrade) are stored and vetted like any package, and a command on their templates is TEMPLATES_OR_INTERFACES_NOT_FOUND.
 */
import type { DarPackage } from '../dar/parse.js';
import type { Faults } from '../faults.js';
import type { ChoiceDefinition, InterfaceDefinition, ModelPackage, PackageHome, TemplateDefinition } from './package-model.js';
import { T, field, numericToScaled, scaledToNumeric, stringField, stringListField } from './values.js';
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

    // variant Nat = Z: Unit | S: Nat, a recursive type (the constructors' list is completed below).
    const natConstructors: { name: string; type: DamlType }[] = [{ name: 'Z', type: T.unit }];
    const nat: DamlType = { kind: 'Variant', name: 'KeyNesting:Nat', constructors: natConstructors };
    natConstructors.push({ name: 'S', type: nat });
    // toNat x = construct x (Z ()); construct x acc = if x <= 0 then acc else construct (x - 1) (S acc).
    const toNat = (count: bigint): DamlValue => {
      let value: DamlValue = { tag: 'Z', value: {} };
      for (let index = 0n; index < count; index += 1n) value = { tag: 'S', value };
      return value;
    };
    const contractWithKey: TemplateDefinition = template(
      home,
      'KeyNesting:ContractWithKey',
      T.record('KeyNesting:ContractWithKey', { party: T.party, i: T.int64 }),
      {
        signatories: one('party'),
        key: {
          type: T.record('KeyNesting:NestedKey', { party: T.party, n: nat }),
          of: (argument) => ({ party: field(argument, 'party'), n: toNat(BigInt(stringField(argument, 'i'))) }),
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

const MODELS: readonly SuiteModel[] = [keys, interfaces, values, upgradeModel('1.0.0'), upgradeModel('2.0.0')];

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
