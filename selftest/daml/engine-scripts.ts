/**
 * The command scripts selftest/daml/engine-compare.test.ts runs through the reference and through Canton 3.5's own
 * Daml-LF engine (daml/engine/): per model the reference executes, its templates and choices, successful and failing
 * submissions. A submission is the JSON Ledger API's commands with actAs/readAs; its `names` name the contracts its
 * transaction creates (in node order), and a contract id "@name" is that contract, resolved by each side to its own id.
 * A template id "%<DAR name>%:Module:Entity" names the package of that DAR by its id (the test puts the id in).
 */
export interface Submission {
  actAs: string[];
  readAs?: string[];
  commands: unknown[];
  /** Names of the contracts the submission's transaction creates, in node order. */
  names?: string[];
}

export interface Script {
  name: string;
  submissions: Submission[];
}

/** The DARs of daml/dars/ the scripts use (by file name). */
export const SCRIPT_DARS = [
  'conformance-keys.dar',
  'conformance-key-workflows.dar',
  'conformance-local-keys.dar',
  'conformance-interfaces.dar',
  'conformance-semantics.dar',
  'conformance-values.dar',
  'conformance-nesting.dar',
  'conformance-limits.dar',
  'conformance-multi-party-keys.dar',
  'conformance-upgrade-v1.dar',
  'conformance-upgrade-v2.dar',
] as const;

const party = (hint: string) => `${hint}::1220${'0123456789abcdef'.repeat(4)}`;
export const ALICE = party('alice');
export const BOB = party('bob');
export const CAROL = party('carol');
export const CHARLIE = party('charlie');
export const DAVID = party('david');

const create = (templateId: string, createArguments: unknown) => ({ CreateCommand: { templateId, createArguments } });
const exercise = (templateId: string, contractId: string, choice: string, choiceArgument: unknown = {}) => ({
  ExerciseCommand: { templateId, contractId, choice, choiceArgument },
});
const byKey = (templateId: string, contractKey: unknown, choice: string, choiceArgument: unknown = {}) => ({
  ExerciseByKeyCommand: { templateId, contractKey, choice, choiceArgument },
});
const createAndExercise = (templateId: string, createArguments: unknown, choice: string, choiceArgument: unknown = {}) => ({
  CreateAndExerciseCommand: { templateId, createArguments, choice, choiceArgument },
});
/** A submission by `actAs` (and `readAs`), naming the contracts it creates `names`. */
const as = (actAs: string[], ...commands: unknown[]): Submission => ({ actAs, commands });
const asReading = (actAs: string[], readAs: string[], ...commands: unknown[]): Submission => ({ actAs, readAs, commands });
const naming = (names: string[], submission: Submission): Submission => ({ ...submission, names });

const ACCOUNT = '#conformance-keys:Account:Account';
const TEXT_KEY = '#conformance-keys:TextKey:TextKey';
const KEY_OPS = '#conformance-keys:TextKey:KeyOps';
const NESTED_HANDLER = '#conformance-keys:KeyNesting:Handler';
const WITH_KEY = '#conformance-key-workflows:WithKey:WithKey';
const CREATOR = '#conformance-key-workflows:WithKey:WithKeyCreatorAlternative';
const CID_CONTRACT = '#conformance-key-workflows:ContractIdTests:Contract';
const CID_REF = '#conformance-key-workflows:ContractIdTests:ContractRef';
const DIV_ASSET = '#conformance-key-workflows:Divulgence:Asset';
const DIV_PROPOSAL = '#conformance-key-workflows:Divulgence:Proposal';
const LOCAL_OPS = '#conformance-local-keys:LocalKeys:LocalKeyVisibilityOperations';
const KEYED = '#conformance-local-keys:LocalKeys:Keyed';
const TOKEN = '#conformance-interfaces:Asset:Token';
const VOUCHER = '#conformance-interfaces:Asset:Voucher';
const ASSET_IFACE = '#conformance-interfaces:Asset:Asset';
const S = (entity: string) => `#conformance-semantics:Semantics:${entity}`;
const ALL_TYPES = '#conformance-values:AllTypes:AllTypes';
const NESTING = (entity: string) => `#conformance-nesting:DeeplyNestedValue:${entity}`;
const LIMITS = (entity: string) => `#conformance-limits:Limits:${entity}`;
const MULTI_PARTY = '#conformance-multi-party-keys:MultiPartyKeys:MultiPartyContract';
const UPGRADE = (entity: string) => `#conformance-upgrade:${entity}`;
const UPGRADE_V1 = (entity: string) => `%conformance-upgrade-v1%:${entity}`;
const UPGRADE_V2 = (entity: string) => `%conformance-upgrade-v2%:${entity}`;

/** DeeplyNestedValue's Nat of `depth` S constructors, in the JSON API's variant encoding. */
function nat(depth: number): unknown {
  let value: unknown = { tag: 'Z', value: {} };
  for (let index = 0; index < depth; index += 1) value = { tag: 'S', value };
  return value;
}

const values = (contractId: string | null) => ({
  int: '-42',
  decimal: '3.1415926535',
  text: 'text with "quotes" and ünïcödé',
  bool: true,
  date: '2026-06-10',
  time: '2026-06-10T08:41:50.123456Z',
  map: [
    ['b', '2'],
    ['a', '1'],
  ],
  variant: { tag: 'VText', value: 'v' },
  list: ['1', '2', '3'],
  optional: 'some',
  address: { street: 'Main', city: 'Zurich' },
  unit: {},
  party: BOB,
  color: 'Green',
  contractId,
  nestedOptional: [],
  numeric0: '12345678901234567890',
  numeric37: '0.1234567890123456789012345678901234567',
});

export const SCRIPTS: Script[] = [
  {
    name: 'keys',
    submissions: [
      naming(['acc'], as([ALICE], create(ACCOUNT, { owner: ALICE, number: 'A-1', balance: '10', tags: ['x', 'y'], nickname: null }))),
      naming(['acc2'], as([ALICE], exercise(ACCOUNT, '@acc', 'Deposit', { amount: '5.5' }))),
      as([ALICE], byKey(ACCOUNT, { owner: ALICE, number: 'A-1' }, 'Deposit', { amount: '1' })),
      // Authorization missing: bob creates alice's account.
      as([BOB], create(ACCOUNT, { owner: ALICE, number: 'A-2', balance: '0', tags: [], nickname: 'n' })),
      // Exercise of an archived contract (consumed by the first Deposit).
      as([ALICE], exercise(ACCOUNT, '@acc', 'Deposit', { amount: '1' })),
      // A key nobody holds, and one bob cannot see.
      as([ALICE], byKey(ACCOUNT, { owner: ALICE, number: 'none' }, 'Deposit', { amount: '1' })),
      as([BOB], byKey(ACCOUNT, { owner: ALICE, number: 'A-1' }, 'Deposit', { amount: '1' })),
      naming(
        ['tk', 'ops'],
        as([ALICE], create(TEXT_KEY, { party: ALICE, key: 'k1', disclosedTo: [BOB] }), create(KEY_OPS, { owner: ALICE })),
      ),
      as([ALICE], exercise(TEXT_KEY, '@tk', 'TextKeyDisclose', { newDisclosedTo: [CAROL, BOB] })),
      as([ALICE], exercise(KEY_OPS, '@ops', 'ExerciseByKeyArchive', { key: { party: ALICE, key: 'k1' } })),
      as([ALICE], exercise(KEY_OPS, '@ops', 'ExerciseByKeyArchive', { key: { party: ALICE, key: 'k1' } })),
      naming(['handler'], as([ALICE], create(NESTED_HANDLER, { party: ALICE }))),
      as([ALICE], exercise(NESTED_HANDLER, '@handler', 'CreateKey', { i: '3' })),
      as([ALICE], createAndExercise(TEXT_KEY, { party: ALICE, key: 'k2', disclosedTo: [] }, 'TextKeyChoice')),
      // Keys of contracts created in the same submission: found by a later command; with two contracts of one key (Canton
      // 3.5 keys are not unique) the lookup takes one of them; an archived one is no longer found.
      as(
        [ALICE],
        create(TEXT_KEY, { party: ALICE, key: 'k3', disclosedTo: [] }),
        byKey(TEXT_KEY, { party: ALICE, key: 'k3' }, 'TextKeyChoice'),
      ),
      as(
        [ALICE],
        create(TEXT_KEY, { party: ALICE, key: 'k4', disclosedTo: [] }),
        create(TEXT_KEY, { party: ALICE, key: 'k4', disclosedTo: [BOB] }),
        byKey(TEXT_KEY, { party: ALICE, key: 'k4' }, 'TextKeyDisclose', { newDisclosedTo: [CAROL] }),
      ),
      as(
        [ALICE],
        create(TEXT_KEY, { party: ALICE, key: 'k5', disclosedTo: [] }),
        byKey(TEXT_KEY, { party: ALICE, key: 'k5' }, 'Archive'),
        byKey(TEXT_KEY, { party: ALICE, key: 'k5' }, 'Archive'),
      ),
    ],
  },
  {
    name: 'key-workflows',
    submissions: [
      naming(['creator'], as([ALICE], create(CREATOR, { p1: ALICE, p2: BOB, label: 'l' }))),
      as([BOB], exercise(CREATOR, '@creator', 'WithKeyCreatorAlternative_DiscloseCreate')),
      // bob is no stakeholder of the keyed contract: he does not find it by key, unless he reads as alice.
      as([BOB], byKey(WITH_KEY, { p: ALICE, label: 'l' }, 'WithKey_NoOp', { divulgee: BOB })),
      asReading([BOB], [ALICE], byKey(WITH_KEY, { p: ALICE, label: 'l' }, 'WithKey_NoOp', { divulgee: BOB })),
      as([ALICE], byKey(WITH_KEY, { p: ALICE, label: 'l' }, 'Archive')),
      naming(['c1', 'c2'], as([ALICE], create(CID_CONTRACT, { party: ALICE }), create(CID_CONTRACT, { party: ALICE }))),
      as([ALICE], create(CID_REF, { party: ALICE, label: 'r', ref: '@c1' })),
      as([ALICE], byKey(CID_REF, { party: ALICE, label: 'r' }, 'Change', { newId: '@c2' })),
      naming(['asset'], as([ALICE], create(DIV_ASSET, { issuer: ALICE, owner: BOB, label: 'a' }))),
      // The proposal is carol's: alice's authority cannot create it.
      as([ALICE], create(DIV_PROPOSAL, { proposer: CAROL, receiver: BOB })),
      naming(['proposal'], as([CAROL], create(DIV_PROPOSAL, { proposer: CAROL, receiver: BOB }))),
      as([BOB], exercise(DIV_PROPOSAL, '@proposal', 'ProposalAccept', { asset: '@asset' })),
    ],
  },
  {
    name: 'local-keys',
    submissions: [
      naming(['ops'], as([ALICE], create(LOCAL_OPS, { sig: ALICE, obs: BOB }))),
      as([BOB], exercise(LOCAL_OPS, '@ops', 'LocalLookup')),
      as([BOB], exercise(LOCAL_OPS, '@ops', 'LocalFetch')),
      as([ALICE], create(KEYED, { sig: ALICE, label: 'x' })),
      as([ALICE], byKey(KEYED, { sig: ALICE, label: 'x' }, 'Archive')),
      // The signatory's key, created by a party who is no signatory.
      as([BOB], create(KEYED, { sig: ALICE, label: 'y' })),
    ],
  },
  {
    name: 'interfaces',
    submissions: [
      naming(['token'], as([ALICE], create(TOKEN, { issuer: ALICE, owner: BOB, description: 'gold', amount: '7' }))),
      naming(['voucher'], as([ALICE], create(VOUCHER, { issuer: ALICE, holder: BOB, code: 'X1' }))),
      as([BOB], exercise(ASSET_IFACE, '@token', 'Describe')),
      as([BOB], exercise(ASSET_IFACE, '@voucher', 'Describe')),
      // The issuer is no controller of Describe (the view's owner is).
      as([ALICE], exercise(ASSET_IFACE, '@token', 'Describe')),
      as([BOB], exercise(TOKEN, '@token', 'Transfer', { newOwner: CAROL })),
      // A Voucher exercised through the Token template.
      as([ALICE], exercise(TOKEN, '@voucher', 'Archive')),
      as([ALICE], exercise(VOUCHER, '@voucher', 'Archive')),
      // A contract of a template that does not implement the interface (the semantics model's Dummy).
      naming(['dummy'], as([BOB], create(S('Dummy'), { operator: BOB }))),
      as([BOB], exercise(ASSET_IFACE, '@dummy', 'Describe')),
    ],
  },
  {
    name: 'semantics',
    submissions: [
      naming(['dummy'], as([ALICE], create(S('Dummy'), { operator: ALICE }))),
      as([ALICE], exercise(S('Dummy'), '@dummy', 'DummyNonConsuming')),
      naming(['clone'], as([ALICE], exercise(S('Dummy'), '@dummy', 'Clone'))),
      // fail-with-status, directly and after a nested exercise.
      as([ALICE], exercise(S('Dummy'), '@dummy', 'FailingChoice')),
      as([ALICE], exercise(S('Dummy'), '@dummy', 'FailingClone')),
      // bob does not see the Dummy, unless he reads as alice.
      as([BOB], exercise(S('Dummy'), '@clone', 'PublicChoice', { anyParty: BOB })),
      asReading([BOB], [ALICE], exercise(S('Dummy'), '@clone', 'PublicChoice', { anyParty: BOB })),
      // The clone is archived now.
      as([ALICE], exercise(S('Dummy'), '@clone', 'DummyNonConsuming')),
      as([ALICE], exercise(S('Dummy'), '@dummy', 'ConsumeIfTimeIsBetween', { begin: '2025-01-01T00:00:00Z', end: '2027-01-01T00:00:00Z' })),
      as(
        [ALICE],
        createAndExercise(S('Dummy'), { operator: ALICE }, 'ConsumeIfTimeIsBetween', {
          begin: '2027-01-01T00:00:00Z',
          end: '2028-01-01T00:00:00Z',
        }),
      ),
      as([ALICE], create(S('MultiPartyContract'), { parties: [ALICE, BOB], value: 'v' })),
      naming(['mp'], as([ALICE, BOB], create(S('MultiPartyContract'), { parties: [ALICE, BOB], value: 'v' }))),
      as([ALICE, BOB], exercise(S('MultiPartyContract'), '@mp', 'MPAddSignatories', { newParties: [CAROL] })),
      naming(['mp3'], as([ALICE, BOB, CAROL], exercise(S('MultiPartyContract'), '@mp', 'MPAddSignatories', { newParties: [CAROL] }))),
      naming(['mpA'], as([ALICE, BOB, CAROL], create(S('MultiPartyContract'), { parties: [ALICE], value: 'w' }))),
      // carol fetches a contract only alice signs: she cannot see it, then (reading as alice) lacks alice's authority.
      as([CAROL], exercise(S('MultiPartyContract'), '@mp3', 'MPFetchOther', { cid: '@mpA', actors: [CAROL] })),
      asReading([CAROL], [ALICE], exercise(S('MultiPartyContract'), '@mp3', 'MPFetchOther', { cid: '@mpA', actors: [CAROL] })),
      as([ALICE, BOB, CAROL], exercise(S('MultiPartyContract'), '@mp3', 'MPFetchOther', { cid: '@mpA', actors: [ALICE, BOB, CAROL] })),
      naming(['wo'], as([ALICE], create(S('WithObservers'), { giver: ALICE, observers: [BOB, ALICE, CAROL, BOB] }))),
      as([ALICE], exercise(S('WithObservers'), '@wo', 'Ping')),
      as([BOB], create(S('BranchingSignatories'), { whichSign: false, signTrue: ALICE, signFalse: BOB })),
      as([BOB], create(S('BranchingSignatories'), { whichSign: true, signTrue: ALICE, signFalse: BOB })),
      naming(['bc'], as([ALICE], create(S('BranchingControllers'), { giver: ALICE, whichCtrl: true, ctrlTrue: BOB, ctrlFalse: CAROL }))),
      as([CAROL], exercise(S('BranchingControllers'), '@bc', 'Delete')),
      as([BOB], exercise(S('BranchingControllers'), '@bc', 'Delete')),
      naming(['w'], as([ALICE], create(S('Witnesses'), { p_signatory: ALICE, p_observer: BOB, p_actor: CAROL }))),
      as([CAROL], exercise(S('Witnesses'), '@w', 'WitnessesNonConsumingChoice')),
      asReading([CAROL], [ALICE], exercise(S('Witnesses'), '@w', 'WitnessesNonConsumingChoice')),
      asReading([CAROL], [ALICE], exercise(S('Witnesses'), '@w', 'WitnessesCreateNewWitnesses')),
      asReading([CAROL], [ALICE], exercise(S('Witnesses'), '@w', 'WitnessesChoice')),
      naming(
        ['d1', 'd2'],
        as([ALICE], create(S('Divulgence1'), { div1Party: ALICE }), create(S('Divulgence2'), { div2Signatory: ALICE, div2Fetcher: BOB })),
      ),
      // bob sees no Divulgence1: the fetch in his choice finds nothing, unless he reads as alice.
      as([BOB], exercise(S('Divulgence2'), '@d2', 'Divulgence2Fetch', { div1ToFetch: '@d1' })),
      asReading([BOB], [ALICE], exercise(S('Divulgence2'), '@d2', 'Divulgence2Fetch', { div1ToFetch: '@d1' })),
      as([BOB], exercise(S('Divulgence2'), '@d2', 'Divulgence2ImmediateDivulge')),
      asReading([BOB], [ALICE], exercise(S('Divulgence2'), '@d2', 'Divulgence2Archive', { div1ToArchive: '@d1' })),
      // A fetch (in a choice body) of a contract of another template than the one it expects.
      asReading([BOB], [ALICE], exercise(S('Divulgence2'), '@d2', 'Divulgence2Fetch', { div1ToFetch: '@mp3' })),
      // A fetch of a contract archived earlier in the same transaction.
      naming(
        ['d1b', 'd2b'],
        as([ALICE], create(S('Divulgence1'), { div1Party: ALICE }), create(S('Divulgence2'), { div2Signatory: ALICE, div2Fetcher: BOB })),
      ),
      asReading(
        [BOB],
        [ALICE],
        exercise(S('Divulgence2'), '@d2b', 'Divulgence2Archive', { div1ToArchive: '@d1b' }),
        exercise(S('Divulgence2'), '@d2b', 'Divulgence2Fetch', { div1ToFetch: '@d1b' }),
      ),
      naming(
        ['delegated', 'delegation'],
        as([ALICE], create(S('Delegated'), { owner: ALICE, k: 'd' }), create(S('Delegation'), { owner: ALICE, delegate: BOB })),
      ),
      asReading([BOB], [ALICE], exercise(S('Delegation'), '@delegation', 'FetchDelegated', { delegated: '@delegated' })),
      as([ALICE], exercise(S('Delegated'), '@delegated', 'Recreate')),
      // A fetch (in a choice body) of the contract Recreate archived.
      asReading([BOB], [ALICE], exercise(S('Delegation'), '@delegation', 'FetchDelegated', { delegated: '@delegated' })),
      // alice shows carol's Delegated: reading as carol she sees it, but the fetch lacks a stakeholder's authority.
      naming(['carols'], as([CAROL], create(S('Delegated'), { owner: CAROL, k: 'c' }))),
      naming(['show'], as([ALICE], create(S('ShowDelegated'), { owner: ALICE, delegate: BOB }))),
      asReading([ALICE], [CAROL], exercise(S('ShowDelegated'), '@show', 'ShowIt', { delegatedId: '@carols' })),
      naming(['dc'], as([ALICE], create(S('DiscloseCreate'), { owner: ALICE }))),
      as([ALICE], exercise(S('DiscloseCreate'), '@dc', 'DiscloseCreate_To', { disclosee: CAROL })),
      naming(['tri'], as([ALICE], create(S('TriProposal'), { operator: ALICE, receiver: BOB, giver: CAROL }))),
      naming(['agreement'], as([BOB, CAROL], create(S('Agreement'), { receiver: BOB, giver: CAROL }))),
      // carol alone lacks bob's authority for the TriAgreement (and cannot see alice's proposal without reading as alice).
      as([CAROL], exercise(S('Agreement'), '@agreement', 'AcceptTriProposal', { cid: '@tri' })),
      asReading([CAROL], [ALICE], exercise(S('Agreement'), '@agreement', 'AcceptTriProposal', { cid: '@tri' })),
      asReading([CAROL], [ALICE], exercise(S('Agreement'), '@agreement', 'UnrestrictedAcceptTriProposal', { cid: '@tri' })),
      naming(['factory'], as([CAROL], create(S('AgreementFactory'), { receiver: BOB, giver: CAROL }))),
      as([BOB], exercise(S('AgreementFactory'), '@factory', 'AgreementFactoryAccept')),
      as([ALICE], createAndExercise(S('CreateAndFetch'), { p: ALICE }, 'CreateAndFetch_Run')),
      naming(
        ['tc', 'tc2'],
        as(
          [ALICE],
          create(S('TimeChecker'), { party: ALICE, anchor: '2026-06-10T12:00:00Z' }),
          create(S('TimeChecker'), { party: ALICE, anchor: '2026-01-01T00:00:00.5Z' }),
        ),
      ),
      as([ALICE], exercise(S('TimeChecker'), '@tc', 'CheckTime')),
      as([ALICE], exercise(S('TimeChecker'), '@tc2', 'CheckTime')),
      // The same contract archived twice in one submission.
      as([ALICE], exercise(S('TimeChecker'), '@tc2', 'Archive'), exercise(S('TimeChecker'), '@tc2', 'Archive')),
    ],
  },
  {
    name: 'values',
    submissions: [
      naming(['all'], as([ALICE], create(ALL_TYPES, { party: ALICE, values: values(null) }))),
      as([ALICE], exercise(ALL_TYPES, '@all', 'Echo', { values: values('@all') })),
      naming(
        ['all2'],
        as([ALICE], exercise(ALL_TYPES, '@all', 'Replace', { values: { ...values('@all'), optional: null, nestedOptional: ['5'] } })),
      ),
      as([BOB], exercise(ALL_TYPES, '@all2', 'Archive')),
      as([ALICE], exercise(ALL_TYPES, '@all2', 'Archive')),
    ],
  },
  {
    name: 'nesting',
    submissions: [
      naming(['handler'], as([ALICE], create(NESTING('Handler'), { party: ALICE }))),
      as([ALICE], exercise(NESTING('Handler'), '@handler', 'Construct', { i: '3' })),
      as(
        [ALICE],
        exercise(NESTING('Handler'), '@handler', 'Destruct', { n: { tag: 'S', value: { tag: 'S', value: { tag: 'Z', value: {} } } } }),
      ),
      as([ALICE], exercise(NESTING('Handler'), '@handler', 'ConstructThenDestruct', { i: '4' })),
      naming(['nested'], as([ALICE], exercise(NESTING('Handler'), '@handler', 'Create', { i: '2' }))),
      as([ALICE], exercise(NESTING('Handler'), '@handler', 'Fetch', { cid: '@nested' })),
      // A result nested deeper than Daml-LF's 100 levels.
      as([ALICE], exercise(NESTING('Handler'), '@handler', 'Construct', { i: '150' })),
      // A choice argument nested deeper than 100 levels, and one just within.
      as([ALICE], exercise(NESTING('Handler'), '@handler', 'Destruct', { n: nat(120) })),
      as([ALICE], exercise(NESTING('Handler'), '@handler', 'Destruct', { n: nat(97) })),
    ],
  },
  {
    name: 'limits',
    submissions: [
      naming(['list'], as([ALICE], create(LIMITS('WithList'), { owner: ALICE, items: ['a'] }))),
      naming(['list2'], as([ALICE], exercise(LIMITS('WithList'), '@list', 'WithList_Expand', { newItems: ['b', 'c'] }))),
      as([ALICE], exercise(LIMITS('WithList'), '@list2', 'WithList_Noop')),
      naming(['map'], as([ALICE], create(LIMITS('WithMap'), { owner: ALICE, items: [['k', BOB]] }))),
      as(
        [ALICE],
        exercise(LIMITS('WithMap'), '@map', 'WithMap_Expand', {
          newItems: [
            ['j', CAROL],
            ['k', ALICE],
          ],
        }),
      ),
      naming(['tree'], as([ALICE], create(LIMITS('Tree'), { owner: ALICE }))),
      as([ALICE], exercise(LIMITS('Tree'), '@tree', 'Build', { depth: '2', branching: '2' })),
    ],
  },
  {
    // ContractKeysMultiPartySubmissionIT (suites/flows/contract-keys.suite.ts): A of alice and bob, B of all four, C of
    // charlie and david; charlie and david fetch and look up A by key through B reading as alice (accepted), through C
    // reading as bob and alice (A's maintainers are no authorizers: DAML_AUTHORIZATION_ERROR), through B reading as no
    // one (A is invisible: the fetch finds no key, the lookup finds None and its assert fails).
    name: 'multi-party-keys',
    submissions: [
      naming(
        ['a', 'b', 'c'],
        as(
          [ALICE, BOB, CHARLIE, DAVID],
          create(MULTI_PARTY, { parties: [ALICE, BOB], value: 'A' }),
          create(MULTI_PARTY, { parties: [ALICE, BOB, CHARLIE, DAVID], value: 'B' }),
          create(MULTI_PARTY, { parties: [CHARLIE, DAVID], value: 'C' }),
        ),
      ),
      ...(
        [
          ['@b', [ALICE]],
          ['@c', [BOB, ALICE]],
          ['@b', []],
        ] as const
      ).flatMap(([on, readAs]) =>
        (['MPFetchOtherByKey', 'MPLookupOtherByKey'] as const).map((choice) =>
          asReading(
            [CHARLIE, DAVID],
            [...readAs],
            exercise(MULTI_PARTY, on, choice, {
              keyToFetch: { parties: [ALICE, BOB], value: 'A' },
              actors: [CHARLIE, DAVID],
              ...(choice === 'MPLookupOtherByKey' ? { expectedCid: '@a' } : {}),
            }),
          ),
        ),
      ),
      // The lookup of the invisible key expecting None commits (a lookup-by-key node without a result).
      asReading(
        [CHARLIE, DAVID],
        [],
        exercise(MULTI_PARTY, '@b', 'MPLookupOtherByKey', {
          keyToFetch: { parties: [ALICE, BOB], value: 'A' },
          actors: [CHARLIE, DAVID],
          expectedCid: null,
        }),
      ),
      // A multi-party contract created, and A archived by key, with one of its signatories' authority only.
      as([ALICE], create(MULTI_PARTY, { parties: [ALICE, BOB], value: 'D' })),
      asReading([ALICE], [BOB], byKey(MULTI_PARTY, { parties: [ALICE, BOB], value: 'A' }, 'Archive')),
      // A's maintainers archive A by key; then the lookup through B reading as alice finds nothing.
      as([ALICE, BOB], byKey(MULTI_PARTY, { parties: [ALICE, BOB], value: 'A' }, 'Archive')),
      asReading(
        [CHARLIE, DAVID],
        [ALICE],
        exercise(MULTI_PARTY, '@b', 'MPLookupOtherByKey', {
          keyToFetch: { parties: [ALICE, BOB], value: 'A' },
          actors: [CHARLIE, DAVID],
          expectedCid: null,
        }),
      ),
    ],
  },
  {
    name: 'upgrade',
    submissions: [
      naming(['asset'], as([ALICE], create(UPGRADE('Upgrade:Asset'), { issuer: ALICE, owner: BOB, amount: '3', memo: null }))),
      as([BOB], exercise(UPGRADE('Upgrade:Asset'), '@asset', 'Describe')),
      naming(['asset2'], as([BOB], exercise(UPGRADE('Upgrade:Asset'), '@asset', 'Transfer', { newOwner: CAROL, newMemo: 'm' }))),
      asReading([CAROL], [ALICE], exercise(UPGRADE('Upgrade:Asset'), '@asset2', 'Describe')),
      as([ALICE], create(UPGRADE('Note:Note'), { author: ALICE, text: 't' })),
      // The lineage: a 1.0.0 contract (created by package id) exercised as 2.0.0 (by name, the highest version) and as
      // 1.0.0 (by its id); a 2.0.0 contract whose memo is set exercised as 1.0.0 (it cannot be read as 1.0.0).
      naming(['v1'], as([ALICE], create(UPGRADE_V1('Upgrade:Asset'), { issuer: ALICE, owner: BOB, amount: '5' }))),
      as([BOB], exercise(UPGRADE('Upgrade:Asset'), '@v1', 'Describe')),
      naming(['v1b'], as([BOB], exercise(UPGRADE_V1('Upgrade:Asset'), '@v1', 'Transfer', { newOwner: CAROL }))),
      naming(['v2'], as([CAROL], exercise(UPGRADE_V2('Upgrade:Asset'), '@v1b', 'Transfer', { newOwner: BOB, newMemo: 'memo' }))),
      as([ALICE], exercise(UPGRADE_V1('Upgrade:Asset'), '@v2', 'Archive')),
      naming(['v2none'], as([ALICE], create(UPGRADE_V2('Upgrade:Asset'), { issuer: ALICE, owner: BOB, amount: '6', memo: null }))),
      as([ALICE], exercise(UPGRADE_V1('Upgrade:Asset'), '@v2none', 'Archive')),
    ],
  },
];
