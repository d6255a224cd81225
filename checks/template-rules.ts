/**
 * What the ledger model knows of the fixture templates: each one's signatory and observer expressions and its
 * choices (consuming or not, controllers, what the body creates and returns), as the Daml source of Canton's
 * CantonExamples declares them (community/common/src/main/daml/CantonExamples/Iou.daml). Keyed by package name and
 * qualified name (`CantonExamples:Module:Entity`): Canton ships other templates of the same qualified name (e.g. the
 * `Iou:Iou` of ledger-common-dars' model package, `signatory issuer, owner`), which these rules do not describe. Also
 * the suite's own nesting model (daml/lf/nesting.lf, package conformance-nesting), which `provision` uploads. The
 * model predicts only what these rules state; a template or choice not listed here is held to the structural rules alone.
 * Beside them, the keyed templates of the suite's own DARs (`KEYED_RULES`) and the conformance-semantics and
 * conformance-limits models (daml/lf/semantics.lf, limits.lf); a choice whose body fetches or exercises is not followed.
 */

/** The package whose templates the rules describe (the name of CantonExamples.dar's main package). */
export const RULES_PACKAGE = 'CantonExamples';

export type DamlRecord = Record<string, unknown>;

export interface PredictedCreate {
  template: string;
  /** The argument the body creates with; `sets` names list fields compared as sets (the body's order is not stated). */
  argument: DamlRecord;
  sets?: readonly string[];
}

export interface ChoiceRule {
  consuming: boolean;
  controllers(argument: DamlRecord, choiceArgument: DamlRecord, signatories: readonly string[]): string[];
  /** What the body creates, in order; undefined when the model does not know. */
  creates?(argument: DamlRecord, choiceArgument: DamlRecord): PredictedCreate[];
  /** The result: the id of the contract the body created first, unit, or `unknown` for a body the rules do not follow. */
  result: 'created-contract-id' | 'unit' | 'unknown';
  /** The choice's observers (informees of the exercise beside the stakeholders and actors); none when absent. */
  observers?(argument: DamlRecord, choiceArgument: DamlRecord): string[];
}

export interface TemplateRule {
  signatories(argument: DamlRecord): string[];
  observers(argument: DamlRecord): string[];
  choices: Readonly<Record<string, ChoiceRule>>;
}

const text = (record: DamlRecord, name: string): string => (typeof record[name] === 'string' ? (record[name] as string) : '');
const texts = (record: DamlRecord, name: string): string[] =>
  Array.isArray(record[name]) ? (record[name] as unknown[]).filter((entry): entry is string => typeof entry === 'string') : [];

/** Every template's Archive: consuming, controlled by the signatories, returns unit, creates nothing. */
export const ARCHIVE: ChoiceRule = {
  consuming: true,
  controllers: (_argument, _choiceArgument, signatories) => [...signatories],
  creates: () => [],
  result: 'unit',
};

/**
 * CantonExamples Iou.daml: `signatory payer`, `observer owner, viewers`; Call, Transfer and Share are the owner's. Transfer
 * is `create this with owner = newOwner; viewers = []` (the old viewers are dropped); Share is
 * `create this with viewers = (viewer :: viewers)`.
 */
const iou: TemplateRule = {
  signatories: (argument) => [text(argument, 'payer')],
  observers: (argument) => [text(argument, 'owner'), ...texts(argument, 'viewers')],
  choices: {
    Archive: ARCHIVE,
    Transfer: {
      consuming: true,
      controllers: (argument) => [text(argument, 'owner')],
      creates: (argument, choiceArgument) => [
        { template: 'Iou:Iou', argument: { ...argument, owner: choiceArgument['newOwner'], viewers: [] } },
      ],
      result: 'created-contract-id',
    },
    Share: {
      consuming: true,
      controllers: (argument) => [text(argument, 'owner')],
      creates: (argument, choiceArgument) => [
        {
          template: 'Iou:Iou',
          argument: { ...argument, viewers: [...texts(argument, 'viewers'), text(choiceArgument, 'viewer')] },
          sets: ['viewers'],
        },
      ],
      result: 'created-contract-id',
    },
    Call: {
      consuming: true,
      controllers: (argument) => [text(argument, 'owner')],
      creates: (argument) => [
        { template: 'Iou:GetCash', argument: { payer: argument['payer'], owner: argument['owner'], amount: argument['amount'] } },
      ],
      result: 'created-contract-id',
    },
  },
};

/** The package of the suite's own nesting model (daml/lf/nesting.lf, `daml/dars/conformance-nesting.dar`). */
export const NESTING_PACKAGE = 'conformance-nesting';

/** nesting.lf's `toNat i`: S applied i times to `Z ()` (none for i <= 0; at most 1 000: deeper ones are refused anyway). */
function toNat(i: unknown): unknown {
  const count = typeof i === 'string' && /^-?\d+$/.test(i) ? BigInt(i) : 0n;
  let value: unknown = { tag: 'Z', value: {} };
  for (let index = 0n; index < count && index < 1000n; index += 1n) value = { tag: 'S', value };
  return value;
}

const partyOnly = (argument: DamlRecord) => [text(argument, 'party')];

/**
 * nesting.lf (LAPITT's DeeplyNestedValue): Contract and Handler are `signatory party` with no observer; Handler's Create
 * (non-consuming, controlled by its party) creates `Contract { party, i, n = toNat i }`. Its other choices return a Nat
 * or an Int64, which the rules do not state (held to the structural rules alone).
 */
const nestingContract: TemplateRule = { signatories: partyOnly, observers: () => [], choices: { Archive: ARCHIVE } };
const nestingHandler: TemplateRule = {
  signatories: partyOnly,
  observers: () => [],
  choices: {
    Archive: ARCHIVE,
    Create: {
      consuming: false,
      controllers: partyOnly,
      creates: (argument, choiceArgument) => [
        {
          template: 'DeeplyNestedValue:Contract',
          argument: { party: argument['party'], i: choiceArgument['i'], n: toNat(choiceArgument['i']) },
        },
      ],
      result: 'created-contract-id',
    },
  },
};

/** A choice controlled by one field of the contract (or, with `fromArgument`, of the choice argument). */
const controlledBy =
  (name: string, fromArgument = false) =>
  (argument: DamlRecord, choiceArgument: DamlRecord): string[] => [text(fromArgument ? choiceArgument : argument, name)];
const noBody = { creates: () => [], result: 'unit' } as const;

/**
 * The suite's own keyed models (daml/lf/key-workflows.lf and keys.lf, package names `conformance-key-workflows` and
 * `conformance-keys`), as their Daml-LF sources declare them: a choice whose body exercises another contract (Proposal's
 * ProposalAccept) has no `creates`, so the model does not predict its transaction.
 */
const KEYED_RULES: Readonly<Record<string, TemplateRule>> = {
  'conformance-key-workflows:WithKey:WithKey': {
    signatories: (argument) => [text(argument, 'p')],
    observers: () => [],
    choices: { Archive: ARCHIVE, WithKey_NoOp: { consuming: false, controllers: controlledBy('divulgee', true), ...noBody } },
  },
  'conformance-key-workflows:WithKey:WithKeyCreatorAlternative': {
    signatories: (argument) => [text(argument, 'p1')],
    observers: (argument) => [text(argument, 'p2')],
    choices: {
      Archive: ARCHIVE,
      WithKeyCreatorAlternative_DiscloseCreate: {
        consuming: false,
        controllers: controlledBy('p2'),
        creates: (argument) => [{ template: 'WithKey:WithKey', argument: { p: argument['p1'], label: argument['label'] } }],
        result: 'created-contract-id',
      },
    },
  },
  'conformance-key-workflows:ContractIdTests:Contract': {
    signatories: (argument) => [text(argument, 'party')],
    observers: () => [],
    choices: { Archive: ARCHIVE },
  },
  'conformance-key-workflows:ContractIdTests:ContractRef': {
    signatories: (argument) => [text(argument, 'party')],
    observers: () => [],
    choices: {
      Archive: ARCHIVE,
      Change: {
        consuming: true,
        controllers: controlledBy('party'),
        creates: (argument, choiceArgument) => [
          { template: 'ContractIdTests:ContractRef', argument: { ...argument, ref: choiceArgument['newId'] } },
        ],
        result: 'created-contract-id',
      },
    },
  },
  'conformance-key-workflows:Divulgence:Asset': {
    signatories: (argument) => [text(argument, 'issuer')],
    observers: (argument) => [text(argument, 'owner')],
    choices: {
      Archive: ARCHIVE,
      AssetTransfer: {
        consuming: true,
        controllers: controlledBy('owner'),
        creates: (argument, choiceArgument) => [
          { template: 'Divulgence:Asset', argument: { ...argument, owner: choiceArgument['newOwner'] } },
        ],
        result: 'created-contract-id',
      },
    },
  },
  'conformance-key-workflows:Divulgence:Proposal': {
    signatories: (argument) => [text(argument, 'proposer')],
    observers: (argument) => [text(argument, 'receiver')],
    choices: {
      Archive: ARCHIVE,
      ProposalAccept: { consuming: true, controllers: controlledBy('receiver'), result: 'created-contract-id' },
    },
  },
  'conformance-keys:TextKey:TextKey': {
    signatories: (argument) => [text(argument, 'party')],
    observers: (argument) => texts(argument, 'disclosedTo'),
    choices: {
      Archive: ARCHIVE,
      TextKeyChoice: { consuming: true, controllers: controlledBy('party'), ...noBody },
      TextKeyDisclose: {
        consuming: true,
        controllers: controlledBy('party'),
        creates: (argument, choiceArgument) => [
          { template: 'TextKey:TextKey', argument: { ...argument, disclosedTo: choiceArgument['newDisclosedTo'] }, sets: ['disclosedTo'] },
        ],
        result: 'created-contract-id',
      },
    },
  },
};

/** The suite's own models (daml/lf/semantics.lf, limits.lf), as provisioned under their package names. */
export const SEMANTICS_PACKAGE = 'conformance-semantics';
export const LIMITS_PACKAGE = 'conformance-limits';

const party = (name: string) => (record: DamlRecord) => [text(record, name)];
const none = (): string[] => [];
/** A choice whose body the model does not follow (it fetches or exercises): its controllers and consumption only. */
const opaque = (consuming: boolean, controllers: ChoiceRule['controllers'], observers?: ChoiceRule['observers']): ChoiceRule => ({
  consuming,
  controllers,
  // Whatever the body returns (a fetched value, another exercise's result, a count) is not stated.
  result: 'unknown',
  ...(observers ? { observers } : {}),
});
/** A choice that creates nothing and returns unit. */
const noop = (consuming: boolean, controllers: ChoiceRule['controllers']): ChoiceRule => ({
  consuming,
  controllers,
  creates: () => [],
  result: 'unit',
});
const creating = (consuming: boolean, controllers: ChoiceRule['controllers'], create: NonNullable<ChoiceRule['creates']>): ChoiceRule => ({
  consuming,
  controllers,
  creates: create,
  result: 'created-contract-id',
});
const rule = (
  signatories: TemplateRule['signatories'],
  observers: TemplateRule['observers'],
  choices: Record<string, ChoiceRule>,
): TemplateRule => ({
  signatories,
  observers,
  choices: { Archive: ARCHIVE, ...choices },
});

/**
 * daml/lf/semantics.lf: each template's signatories and observers, each choice's controllers, consumption, choice
 * observers and, where its body only creates, what it creates.
 */
function semanticsRules(): Record<string, TemplateRule> {
  const S = (entity: string) => `Semantics:${entity}`;
  const operator = party('operator');
  const branch = (record: DamlRecord) => [text(record, record['whichSign'] === true ? 'signTrue' : 'signFalse')];
  const ctrl = (record: DamlRecord) => [text(record, record['whichCtrl'] === true ? 'ctrlTrue' : 'ctrlFalse')];
  const tri = (record: DamlRecord) => [text(record, 'operator'), text(record, 'receiver'), text(record, 'giver')];
  const receiverGiver = (record: DamlRecord) => [text(record, 'receiver'), text(record, 'giver')];
  const parties = (record: DamlRecord) => texts(record, 'parties');
  return {
    [S('Dummy')]: rule(operator, none, {
      FailingChoice: opaque(true, operator),
      DummyNonConsuming: noop(false, operator),
      Clone: creating(false, operator, (argument) => [{ template: S('Dummy'), argument }]),
      FailingClone: opaque(false, operator),
      ConsumeIfTimeIsBetween: opaque(true, operator),
      PublicChoice: noop(true, (_argument, choiceArgument) => [text(choiceArgument, 'anyParty')]),
    }),
    [S('TimeChecker')]: rule(party('party'), none, { CheckTime: opaque(false, party('party')) }),
    [S('MultiPartyContract')]: rule(parties, none, {
      MPAddSignatories: creating(
        true,
        (argument, choiceArgument) => [...parties(argument), ...texts(choiceArgument, 'newParties')],
        (argument, choiceArgument) => [
          {
            template: S('MultiPartyContract'),
            argument: { ...argument, parties: [...parties(argument), ...texts(choiceArgument, 'newParties')] },
          },
        ],
      ),
      MPFetchOther: opaque(false, (_argument, choiceArgument) => texts(choiceArgument, 'actors')),
    }),
    [S('WithObservers')]: rule(party('giver'), (record) => texts(record, 'observers'), { Ping: noop(true, party('giver')) }),
    [S('BranchingSignatories')]: rule(branch, none, {}),
    [S('BranchingControllers')]: rule(party('giver'), ctrl, { Delete: noop(true, ctrl) }),
    [S('Witnesses')]: rule(party('p_signatory'), party('p_observer'), {
      WitnessesChoice: noop(true, party('p_actor')),
      WitnessesNonConsumingChoice: noop(false, party('p_actor')),
      WitnessesCreateNewWitnesses: creating(false, party('p_actor'), (argument) => [
        { template: S('Witnesses'), argument: { ...argument, p_signatory: argument['p_actor'] } },
      ]),
    }),
    [S('Divulgence1')]: rule(party('div1Party'), none, {}),
    [S('Divulgence2')]: rule(party('div2Signatory'), party('div2Fetcher'), {
      Divulgence2Fetch: opaque(false, party('div2Fetcher')),
      Divulgence2Archive: opaque(false, party('div2Fetcher')),
      Divulgence2ImmediateDivulge: creating(false, party('div2Fetcher'), (argument) => [
        { template: S('Divulgence1'), argument: { div1Party: argument['div2Fetcher'] } },
      ]),
    }),
    [S('Delegated')]: rule(party('owner'), none, {
      Recreate: {
        consuming: true,
        controllers: party('owner'),
        creates: (argument) => [{ template: S('Delegated'), argument }],
        result: 'unit',
      },
    }),
    [S('Delegation')]: rule(party('owner'), party('delegate'), { FetchDelegated: opaque(false, party('delegate')) }),
    [S('ShowDelegated')]: rule(party('owner'), party('delegate'), { ShowIt: opaque(true, party('owner')) }),
    [S('DiscloseCreate')]: rule(party('owner'), none, {
      DiscloseCreate_To: {
        consuming: true,
        controllers: party('owner'),
        observers: (_argument, choiceArgument) => [text(choiceArgument, 'disclosee')],
        creates: (argument) => [{ template: S('Dummy'), argument: { operator: argument['owner'] } }],
        result: 'unit',
      },
    }),
    [S('TriAgreement')]: rule(tri, none, {}),
    [S('TriProposal')]: rule(operator, receiverGiver, {
      TriProposalAccept: creating(true, receiverGiver, (argument) => [
        {
          template: S('TriAgreement'),
          argument: { operator: argument['operator'], receiver: argument['receiver'], giver: argument['giver'] },
        },
      ]),
    }),
    [S('Agreement')]: rule(receiverGiver, none, {
      AcceptTriProposal: opaque(true, party('giver')),
      UnrestrictedAcceptTriProposal: opaque(true, party('giver')),
    }),
    [S('AgreementFactory')]: rule(party('giver'), party('receiver'), {
      AgreementFactoryAccept: creating(false, party('receiver'), (argument) => [
        { template: S('Agreement'), argument: { receiver: argument['receiver'], giver: argument['giver'] } },
      ]),
    }),
    [S('CreateAndFetch')]: rule(party('p'), none, { CreateAndFetch_Run: opaque(true, party('p')) }),
  };
}

/** daml/lf/limits.lf: signed by the owner; Build exercises itself (not followed), the Expand choices create anew. */
function limitsRules(): Record<string, TemplateRule> {
  const owner = party('owner');
  return {
    'Limits:Tree': rule(owner, none, { Build: opaque(false, owner) }),
    'Limits:WithList': rule(owner, none, {
      WithList_Noop: noop(false, owner),
      WithList_Expand: creating(true, owner, (argument, choiceArgument) => [
        {
          template: 'Limits:WithList',
          argument: { ...argument, items: [...texts(argument, 'items'), ...texts(choiceArgument, 'newItems')] },
        },
      ]),
    }),
    // WithMap_Expand's map is ordered by key, which the model does not state: not followed.
    'Limits:WithMap': rule(owner, none, { WithMap_Noop: noop(false, owner), WithMap_Expand: opaque(true, owner) }),
  };
}

const prefixed = (packageName: string, rules: Record<string, TemplateRule>): Record<string, TemplateRule> =>
  Object.fromEntries(Object.entries(rules).map(([name, templateRule]) => [`${packageName}:${name}`, templateRule]));

const TEMPLATE_RULES: Readonly<Record<string, TemplateRule>> = {
  [`${RULES_PACKAGE}:Iou:Iou`]: iou,
  [`${NESTING_PACKAGE}:DeeplyNestedValue:Contract`]: nestingContract,
  [`${NESTING_PACKAGE}:DeeplyNestedValue:Handler`]: nestingHandler,
  ...KEYED_RULES,
  ...prefixed(SEMANTICS_PACKAGE, semanticsRules()),
  ...prefixed(LIMITS_PACKAGE, limitsRules()),
};

/** The rule of a template named by its package name and `Module:Entity`; undefined when the package is unknown or another. */
export function templateRule(packageName: string | undefined, template: string | undefined): TemplateRule | undefined {
  return packageName === undefined || template === undefined ? undefined : TEMPLATE_RULES[`${packageName}:${template}`];
}

/** `Module:Entity` of a template id in either form (`#package-name:Module:Entity` or `<package-id>:Module:Entity`). */
export function qualifiedName(templateId: unknown): string | undefined {
  if (typeof templateId !== 'string') return undefined;
  const parts = templateId.split(':');
  return parts.length >= 3 ? parts.slice(-2).join(':') : undefined;
}

/** The package name a template id names itself (`#package-name:Module:Entity`); undefined for a package id. */
export function packageNameOf(templateId: unknown): string | undefined {
  if (typeof templateId !== 'string' || !templateId.startsWith('#')) return undefined;
  const parts = templateId.slice(1).split(':');
  return parts.length >= 3 ? parts.slice(0, -2).join(':') : undefined;
}

/** The choice rule of a template's choice: its own, or Archive (every template has it). */
export function choiceRule(packageName: string | undefined, template: string | undefined, choice: unknown): ChoiceRule | undefined {
  if (typeof choice !== 'string') return undefined;
  const own = templateRule(packageName, template)?.choices[choice];
  return own ?? (choice === 'Archive' ? ARCHIVE : undefined);
}
