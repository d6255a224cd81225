/**
 * The model package of the reference target: Canton's CantonExamples (`Iou:Iou`, `Iou:GetCash`,
 * `Iou:Dummy`, `TrailingNone:TrailingNone`, `Swap:Swap` and `Divulgence:DivulgeIouByExercise` in part) plus a keyed template (`Account:Account`) and an interface (`Asset:Asset`) implemented by
 * both, written as data and small TypeScript functions instead of compiled Daml.
 */
import { T, field, numericToScaled, scaledToNumeric, stringField, stringListField } from './values.js';
import type { DamlRecord, DamlType, DamlValue, RecordType } from './values.js';

/**
 * What a choice body may do, authorized by the choice's controllers and signatories: create contracts, fetch a contract
 * (its argument), exercise a choice of another contract (its result), and fail an `assert`.
 */
export interface ChoiceBodyContext {
  /** The contract the choice is exercised on (Daml's `self`). */
  readonly self: string;
  create(template: TemplateDefinition, argument: DamlRecord): string;
  /** Daml's `fetch`: the contract's argument; `template` (a qualified name) is the type the body expects it to have. */
  fetch(contractId: string, template?: string): DamlRecord;
  exercise(contractId: string, choice: string, argument: DamlRecord): DamlValue;
  /** Daml-LF's `exercise_by_key`: the active contract of `template` with this key (CONTRACT_KEY_NOT_FOUND without one), exercised. */
  exerciseByKey?(template: TemplateDefinition, key: DamlRecord, choice: string, argument: DamlRecord): DamlValue;
  /**
   * Daml-LF 2.3's `fetch_by_key`: the contract a key lookup finds (CONTRACT_KEY_NOT_FOUND without one), fetched (its
   * stakeholders' authority needed as for `fetch`); its contract id and argument (DA.Types' Tuple2).
   */
  fetchByKey?(template: TemplateDefinition, key: DamlRecord): { contractId: string; argument: DamlRecord };
  /**
   * Daml-LF 2.3's `query_n_by_key` (Daml's `lookupByKey` is it with 1): the key's maintainers must be authorizers
   * (DAML_AUTHORIZATION_ERROR otherwise); at most `n` contracts the key lookup finds, in its order.
   */
  queryNByKey?(template: TemplateDefinition, key: DamlRecord, n: number): { contractId: string; argument: DamlRecord }[];
  /** Daml's `assert`: throws the engine's failure when `condition` is false. */
  assert(condition: boolean): void;
  /** Daml-LF's `FAIL_WITH_STATUS` (what Daml's `assert` raises in the suite's models): a DAML_FAILURE of this error id and category. */
  failWithStatus?(errorId: string, category: number, message: string): never;
  /** Daml-LF's `uget_time`: the transaction's ledger effective time. */
  ledgerTime?(): string;
}

/**
 * A choice. For a template choice `subject` is the contract argument; for an interface choice it is the
 * contract's interface view.
 */
export interface ChoiceDefinition {
  name: string;
  argumentType: RecordType;
  resultType: DamlType;
  consuming: boolean;
  controllers(subject: DamlRecord, choiceArgument: DamlRecord, signatories: readonly string[]): string[];
  /** The choice's observers (informees of the exercise beside the stakeholders and actors); none when absent. */
  observers?(subject: DamlRecord, choiceArgument: DamlRecord): string[];
  body(context: ChoiceBodyContext, subject: DamlRecord, choiceArgument: DamlRecord): DamlValue;
}

export interface KeyDefinition {
  type: RecordType;
  of(argument: DamlRecord): DamlRecord;
  maintainers(key: DamlRecord): string[];
}

/** The package a definition belongs to, when it is not the model package's own (a suite DAR's, `suite-models.ts`). */
export interface PackageHome {
  id: string;
  name: string;
}

export interface TemplateDefinition {
  /** `Module:Entity`. */
  qualifiedName: string;
  /** The package of the template; the model package when absent. */
  home?: PackageHome;
  argumentType: RecordType;
  signatories(argument: DamlRecord): string[];
  observers(argument: DamlRecord): string[];
  /** The `ensure` clause; `true` when the template has none. */
  ensure(argument: DamlRecord): boolean;
  key?: KeyDefinition;
  choices: ReadonlyMap<string, ChoiceDefinition>;
  /** Interface views by `viewKey` of the interface. */
  views: ReadonlyMap<string, (argument: DamlRecord) => DamlRecord>;
}

export interface InterfaceDefinition {
  qualifiedName: string;
  /** The package of the interface; the model package when absent. */
  home?: PackageHome;
  viewType: RecordType;
  choices: ReadonlyMap<string, ChoiceDefinition>;
}

export interface ModelPackage {
  name: string;
  id: string;
  templates: ReadonlyMap<string, TemplateDefinition>;
  interfaces: ReadonlyMap<string, InterfaceDefinition>;
  /**
   * Further packages the ledger executes, by package name: the suite's own DARs once uploaded and vetted
   * (`suite-models.ts`). Their definitions carry their `home`.
   */
  others: Map<string, ModelPackage>;
  /** The package's version (a suite DAR's; the model package's is not tracked). */
  version?: string;
  /**
   * Every vetted version of this package's name that the ledger executes, lowest version first, this one among them
   * (an upgrade lineage, `suite-models.ts`); absent when the name has one version. `others` maps the name to the highest.
   */
  lineage?: ModelPackage[];
}

/** Every package the ledger executes: the model package and each version of the others. */
export function executedPackages(pkg: ModelPackage): ModelPackage[] {
  return [pkg, ...[...pkg.others.values()].flatMap((other) => other.lineage ?? [other])];
}

/** A template in every vetted version of its package's name (a filter by package name matches them all). */
export function templateVersions(pkg: ModelPackage, template: TemplateDefinition): TemplateDefinition[] {
  const lineage = template.home === undefined ? undefined : pkg.others.get(template.home.name)?.lineage;
  if (lineage === undefined) return [template];
  return lineage.flatMap((version) => {
    const found = version.templates.get(template.qualifiedName);
    return found === undefined ? [] : [found];
  });
}

/** Two templates of one upgrade lineage: the same qualified name in packages of the same name. */
export function sameUpgradableTemplate(pkg: ModelPackage, a: TemplateDefinition, b: TemplateDefinition): boolean {
  return a === b || (a.qualifiedName === b.qualifiedName && homeOf(pkg, a).name === homeOf(pkg, b).name);
}

/** The package a template or interface belongs to. */
export function homeOf(pkg: ModelPackage, definition: { home?: PackageHome }): PackageHome {
  return definition.home ?? pkg;
}

/** The key of an interface in a template's `views`: its qualified name, led by its package name outside the model package. */
export function viewKey(iface: InterfaceDefinition): string {
  return iface.home ? `${iface.home.name}:${iface.qualifiedName}` : iface.qualifiedName;
}

/** The view of a contract through an interface, or undefined when its template does not implement it. */
export function viewOf(template: TemplateDefinition, iface: InterfaceDefinition): ((argument: DamlRecord) => DamlRecord) | undefined {
  return template.views.get(viewKey(iface));
}

const unique = (parties: readonly string[]): string[] => [...new Set(parties)];

const archiveChoice: ChoiceDefinition = {
  name: 'Archive',
  argumentType: T.record('DA.Internal.Template:Archive', {}),
  resultType: T.unit,
  consuming: true,
  controllers: (_subject, _argument, signatories) => [...signatories],
  body: () => ({}),
};

const choiceMap = (...choices: ChoiceDefinition[]): ReadonlyMap<string, ChoiceDefinition> =>
  new Map(choices.map((choice) => [choice.name, choice]));

const amountType = T.record('Iou:Amount', { value: T.numeric10, currency: T.text });

function assetView(owner: string, description: string): DamlRecord {
  return { owner, description };
}

function buildPackage(name: string, id: string, extras: boolean): ModelPackage {
  const getCash: TemplateDefinition = {
    qualifiedName: 'Iou:GetCash',
    argumentType: T.record('Iou:GetCash', { payer: T.party, owner: T.party, amount: amountType }),
    signatories: (argument) => unique([stringField(argument, 'payer'), stringField(argument, 'owner')]),
    observers: () => [],
    ensure: () => true,
    choices: choiceMap(archiveChoice),
    views: new Map(),
  };

  const iou: TemplateDefinition = {
    qualifiedName: 'Iou:Iou',
    argumentType: T.record('Iou:Iou', { payer: T.party, owner: T.party, amount: amountType, viewers: T.list(T.party) }),
    signatories: (argument) => [stringField(argument, 'payer')],
    observers: (argument) => unique([stringField(argument, 'owner'), ...stringListField(argument, 'viewers')]),
    // amount.value >= 0.0: a normalised Numeric carries a sign only when it is below zero.
    ensure: (argument) => !stringField(field(argument, 'amount'), 'value').startsWith('-'),
    choices: choiceMap(
      archiveChoice,
      {
        name: 'Call',
        argumentType: T.record('Iou:Call', {}),
        resultType: T.contractId,
        consuming: true,
        controllers: (argument) => [stringField(argument, 'owner')],
        body: (context, argument) =>
          context.create(getCash, { payer: field(argument, 'payer'), owner: field(argument, 'owner'), amount: field(argument, 'amount') }),
      },
      {
        name: 'Transfer',
        argumentType: T.record('Iou:Transfer', { newOwner: T.party }),
        resultType: T.contractId,
        consuming: true,
        controllers: (argument) => [stringField(argument, 'owner')],
        // `create this with owner = newOwner; viewers = []` (CantonExamples Iou.daml).
        body: (context, argument, choiceArgument) =>
          context.create(iou, { ...argument, owner: field(choiceArgument, 'newOwner'), viewers: [] }),
      },
      {
        name: 'Share',
        argumentType: T.record('Iou:Share', { viewer: T.party }),
        resultType: T.contractId,
        consuming: true,
        controllers: (argument) => [stringField(argument, 'owner')],
        body: (context, argument, choiceArgument) =>
          // `create this with viewers = (viewer :: viewers)`.
          context.create(iou, { ...argument, viewers: [stringField(choiceArgument, 'viewer'), ...stringListField(argument, 'viewers')] }),
      },
    ),
    views: new Map(
      extras
        ? [
            [
              'Asset:Asset',
              (argument: DamlRecord) => {
                const amount = field(argument, 'amount');
                return assetView(stringField(argument, 'owner'), `${stringField(amount, 'value')} ${stringField(amount, 'currency')}`);
              },
            ],
          ]
        : [],
    ),
  };

  const dummy: TemplateDefinition = {
    qualifiedName: 'Iou:Dummy',
    argumentType: T.record('Iou:Dummy', { party: T.party }),
    signatories: (argument) => [stringField(argument, 'party')],
    observers: () => [],
    ensure: () => true,
    choices: choiceMap(archiveChoice),
    views: new Map(),
  };

  const accountKeyType = T.record('Account:AccountKey', { owner: T.party, number: T.text });
  const account: TemplateDefinition = {
    qualifiedName: 'Account:Account',
    argumentType: T.record('Account:Account', {
      owner: T.party,
      number: T.text,
      balance: T.numeric10,
      tags: T.list(T.text),
      nickname: T.optional(T.text),
    }),
    signatories: (argument) => [stringField(argument, 'owner')],
    observers: () => [],
    ensure: () => true,
    key: {
      type: accountKeyType,
      of: (argument) => ({ owner: field(argument, 'owner'), number: field(argument, 'number') }),
      maintainers: (key) => [stringField(key, 'owner')],
    },
    choices: choiceMap(archiveChoice, {
      name: 'Deposit',
      argumentType: T.record('Account:Deposit', { amount: T.numeric10 }),
      resultType: T.contractId,
      consuming: true,
      controllers: (argument) => [stringField(argument, 'owner')],
      body: (context, argument, choiceArgument) => {
        const balance = numericToScaled(stringField(argument, 'balance'), 10) + numericToScaled(stringField(choiceArgument, 'amount'), 10);
        return context.create(account, { ...argument, balance: scaledToNumeric(balance, 10) });
      },
    }),
    views: new Map([
      ['Asset:Asset', (argument: DamlRecord) => assetView(stringField(argument, 'owner'), `account ${stringField(argument, 'number')}`)],
    ]),
  };

  // CantonExamples' TrailingNone: an Optional Int64, for the Int64-as-string encoding and trailing-None dropping.
  const trailingNone: TemplateDefinition = {
    qualifiedName: 'TrailingNone:TrailingNone',
    argumentType: T.record('TrailingNone:TrailingNone', { p: T.party, i: T.optional(T.int64) }),
    signatories: (argument) => [stringField(argument, 'p')],
    observers: () => [],
    ensure: () => true,
    choices: choiceMap(archiveChoice, {
      name: 'ArchiveMe',
      argumentType: T.record('TrailingNone:ArchiveMe', { anyone: T.party }),
      resultType: T.unit,
      consuming: true,
      controllers: (_argument, choiceArgument) => [stringField(choiceArgument, 'anyone')],
      body: () => ({}),
    }),
    views: new Map(),
  };

  // CantonExamples' Swap: Accept fetches both Ious, asserts the currency and the rate, and swaps their owners.
  const swap: TemplateDefinition = {
    qualifiedName: 'Swap:Swap',
    argumentType: T.record('Swap:Swap', {
      party1: T.party,
      party2: T.party,
      iou1: T.contractId,
      exchangeRate: T.numeric10,
      currencyDesired: T.text,
    }),
    signatories: (argument) => [stringField(argument, 'party1')],
    observers: (argument) => [stringField(argument, 'party2')],
    ensure: () => true,
    choices: choiceMap(archiveChoice, {
      name: 'Accept',
      argumentType: T.record('Swap:Accept', { iou2: T.contractId }),
      resultType: T.record('Swap:IOUs', { iou1: T.contractId, iou2: T.contractId }),
      consuming: true,
      controllers: (argument) => [stringField(argument, 'party2')],
      body: (context, argument, choiceArgument) => {
        const iou2 = stringField(choiceArgument, 'iou2');
        const iou1 = stringField(argument, 'iou1');
        const amount2 = field(context.fetch(iou2, 'Iou:Iou'), 'amount');
        const amount1 = field(context.fetch(iou1, 'Iou:Iou'), 'amount');
        context.assert(stringField(amount2, 'currency') === stringField(argument, 'currencyDesired'));
        const rate = numericToScaled(stringField(argument, 'exchangeRate'), 10);
        // iou2.value == iou1.value * exchangeRate, at Numeric 10.
        const product = (numericToScaled(stringField(amount1, 'value'), 10) * rate) / 10n ** 10n;
        context.assert(numericToScaled(stringField(amount2, 'value'), 10) === product);
        const iouB = context.exercise(iou1, 'Transfer', { newOwner: field(argument, 'party2') });
        const iouA = context.exercise(iou2, 'Transfer', { newOwner: field(argument, 'party1') });
        return { iou1: iouA, iou2: iouB };
      },
    }),
    views: new Map(),
  };

  // Not in CantonExamples: every Daml value type the JSON API encodes, for the fixtures' optional `templates.allTypes`
  // (its Daml source is in the README). `Replace` takes the values again and creates the contract anew with them.
  const valuesType = T.record('AllTypes:Values', {
    int: T.int64,
    decimal: T.numeric10,
    text: T.text,
    bool: T.bool,
    date: T.date,
    time: T.timestamp,
    map: { kind: 'TextMap', value: T.int64 },
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
  });
  const allTypes: TemplateDefinition = {
    qualifiedName: 'AllTypes:AllTypes',
    argumentType: T.record('AllTypes:AllTypes', { party: T.party, values: valuesType }),
    signatories: (argument) => [stringField(argument, 'party')],
    observers: () => [],
    ensure: () => true,
    choices: choiceMap(archiveChoice, {
      name: 'Replace',
      argumentType: T.record('AllTypes:Replace', { values: valuesType }),
      resultType: T.contractId,
      consuming: true,
      controllers: (argument) => [stringField(argument, 'party')],
      body: (context, argument, choiceArgument) => context.create(allTypes, { ...argument, values: field(choiceArgument, 'values') }),
    }),
    views: new Map(),
  };

  // CantonExamples' DivulgeIouByExercise (community/common/src/main/daml/CantonExamples/Divulgence.daml:9-46): non-consuming
  // choices of the payer that fetch (Divulge), create (ImmediateDivulgeIou), archive (RetroactiveArchivalDivulgeIou) or
  // ignore (NotDivulge) an Iou, and the consuming ConsumeSelf of any actor.
  const divulgeIou: TemplateDefinition = {
    qualifiedName: 'Divulgence:DivulgeIouByExercise',
    argumentType: T.record('Divulgence:DivulgeIouByExercise', { payer: T.party, divulgee: T.party }),
    signatories: (argument) => [stringField(argument, 'divulgee')],
    observers: (argument) => [stringField(argument, 'payer')],
    ensure: () => true,
    choices: choiceMap(
      archiveChoice,
      {
        name: 'Divulge',
        argumentType: T.record('Divulgence:Divulge', { ref: T.contractId }),
        resultType: T.unit,
        consuming: false,
        controllers: (argument) => [stringField(argument, 'payer')],
        body: (context, _argument, choiceArgument) => {
          context.fetch(stringField(choiceArgument, 'ref'), 'Iou:Iou');
          return {};
        },
      },
      {
        name: 'RetroactiveArchivalDivulgeIou',
        argumentType: T.record('Divulgence:RetroactiveArchivalDivulgeIou', { ref: T.contractId }),
        resultType: T.unit,
        consuming: false,
        controllers: (argument) => [stringField(argument, 'payer')],
        body: (context, _argument, choiceArgument) => {
          context.exercise(stringField(choiceArgument, 'ref'), 'Archive', {});
          return {};
        },
      },
      {
        name: 'NotDivulge',
        argumentType: T.record('Divulgence:NotDivulge', { ref: T.contractId }),
        resultType: T.unit,
        consuming: false,
        controllers: (argument) => [stringField(argument, 'payer')],
        body: () => ({}),
      },
      {
        name: 'ImmediateDivulgeIou',
        argumentType: T.record('Divulgence:ImmediateDivulgeIou', {}),
        resultType: T.contractId,
        consuming: false,
        controllers: (argument) => [stringField(argument, 'payer')],
        body: (context, argument) =>
          context.create(iou, {
            payer: field(argument, 'payer'),
            owner: field(argument, 'payer'),
            amount: { value: '100.0', currency: 'USD' },
            viewers: [],
          }),
      },
      {
        name: 'ConsumeSelf',
        argumentType: T.record('Divulgence:ConsumeSelf', { actor: T.party }),
        resultType: T.unit,
        consuming: true,
        controllers: (_argument, choiceArgument) => [stringField(choiceArgument, 'actor')],
        body: () => ({}),
      },
    ),
    views: new Map(),
  };

  const asset: InterfaceDefinition = {
    qualifiedName: 'Asset:Asset',
    viewType: T.record('Asset:AssetView', { owner: T.party, description: T.text }),
    choices: choiceMap({
      name: 'Describe',
      argumentType: T.record('Asset:Describe', {}),
      resultType: T.text,
      consuming: false,
      controllers: (view) => [stringField(view, 'owner')],
      body: (_context, view) => stringField(view, 'description'),
    }),
  };

  return {
    name,
    id,
    templates: new Map(
      (extras
        ? [iou, getCash, dummy, account, trailingNone, allTypes, swap, divulgeIou]
        : [iou, getCash, dummy, trailingNone, swap, divulgeIou]
      ).map((template) => [template.qualifiedName, template]),
    ),
    interfaces: new Map(extras ? [[asset.qualifiedName, asset]] : []),
    others: new Map(),
  };
}

/**
 * The model package with the name and id the fixtures give it (`fixtures.package`). With `cantonExamplesOnly` it holds
 * only what Canton's CantonExamples.dar holds (no Account, AllTypes or Asset interface), as on a real node.
 */
export function createModelPackage(pkg: { name: string; id: string }, cantonExamplesOnly = false): ModelPackage {
  return buildPackage(pkg.name, pkg.id, !cantonExamplesOnly);
}
