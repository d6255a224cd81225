/**
 * What the suites need on a node, as `provision` creates it: the parties (by alias), the users with their
 * rights, and the sample commands of the model's templates. Names carry a run-stable prefix, so a second
 * run finds what the first one made (party hints `<prefix>-alice`, user ids `<prefix>-alice-user`).
 *
 * It mirrors the reference target's fixtures (config/fixtures/reference.yaml) except for what one
 * participant cannot create by itself: a party hosted on several participants, a reassignment, a
 * traffic account.
 */

export interface PlannedParty {
  alias: string;
  hint: string;
  external: boolean;
}

export interface PlannedUser {
  alias: string;
  id: string;
  primaryParty?: string;
  actAs: string[];
  readAs: string[];
  executeAs: string[];
  /** Canton's CanReadAsAnyParty right. */
  readAsAnyParty: boolean;
  isDeactivated: boolean;
  annotations: Record<string, string>;
}

export interface Plan {
  prefix: string;
  parties: PlannedParty[];
  users: PlannedUser[];
}

const LOCAL_PARTIES = ['alice', 'bob', 'bank', 'carol', 'shared'];
const EXTERNAL_PARTIES = ['dana', 'erin'];

/** A prefix must fit both a party hint and a user id: letters, digits, `-`, `_`. */
export const PREFIX_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

export function planFor(prefix: string): Plan {
  const user = (alias: string, rights: Partial<PlannedUser>): PlannedUser => ({
    alias,
    id: `${prefix}-${alias}`,
    actAs: [],
    readAs: [],
    executeAs: [],
    readAsAnyParty: false,
    isDeactivated: false,
    annotations: {},
    ...rights,
  });
  return {
    prefix,
    parties: [
      ...LOCAL_PARTIES.map((alias) => ({ alias, hint: `${prefix}-${alias}`, external: false })),
      ...EXTERNAL_PARTIES.map((alias) => ({ alias, hint: `${prefix}-${alias}`, external: true })),
    ],
    users: [
      user('alice-user', {
        primaryParty: 'alice',
        actAs: ['alice'],
        readAs: ['bank'],
        annotations: { team: 'conformance', 'conformance.example.com/owner': 'alice' },
      }),
      user('bob-user', { primaryParty: 'bob', actAs: ['bob'] }),
      user('bank-user', { primaryParty: 'bank', actAs: ['bank', 'shared'] }),
      user('observer-user', { primaryParty: 'carol', readAs: ['carol', 'alice'] }),
      user('auditor-user', { readAsAnyParty: true }),
      user('dana-executor', { primaryParty: 'dana', executeAs: ['dana', 'erin'] }),
      user('retired-user', { primaryParty: 'carol', actAs: ['carol'], isDeactivated: true }),
    ],
  };
}

/**
 * Templates of the suite's own DARs (daml/dars/) for the fixtures a model like CantonExamples lacks, preferred to the
 * model's where the node has them: conformance-keys' `Account` (the key, fields and choices of `templates.keyedAccount`),
 * conformance-values' `AllTypes` (`templates.allTypes`, every value type; its map a GenMap). Only for the suite DARs the
 * node has.
 */
export function suiteTemplateAlternatives(uploaded: readonly string[]): Record<string, unknown> {
  const alternatives: Record<string, unknown> = {};
  if (uploaded.includes('conformance-keys')) {
    const keyedAccount = templatesOf('conformance-keys').keyedAccount as Record<string, unknown>;
    alternatives.keyedAccount = keyedAccount;
  }
  if (uploaded.includes('conformance-interfaces')) {
    // daml/lf/interfaces.lf: Asset with the view { owner, description }, implemented by Token (signed by its issuer,
    // observed and transferred by its owner), the template the interface tests create.
    alternatives.assetInterface = {
      interfaceId: '#conformance-interfaces:Asset:Asset',
      view: { owner: 'Party', description: 'Text' },
      implementation: {
        templateId: '#conformance-interfaces:Asset:Token',
        signatories: ['issuer'],
        createArguments: { issuer: '{{party:bank}}', owner: '{{party:alice}}', description: 'a token', amount: '10' },
        choices: { Transfer: { newOwner: '{{party:bob}}' }, Archive: {} },
      },
    };
  }
  if (uploaded.includes('conformance-values')) {
    // daml/lf/values.lf: the README's AllTypes with `map` a GenMap (pairs) and the fields of the remaining value types.
    alternatives.allTypes = {
      templateId: '#conformance-values:AllTypes:AllTypes',
      createArguments: {
        party: '{{party:alice}}',
        values: {
          int: '42',
          decimal: '47.0',
          text: 'some text',
          bool: true,
          date: '2024-02-29',
          time: '2024-02-29T12:34:56.789123Z',
          map: [['a', '1']],
          variant: { tag: 'VInt', value: '1' },
          list: ['0', '1'],
          optional: 'some optional text',
          address: { street: 'street', city: 'city' },
          unit: {},
          party: '{{party:alice}}',
          color: 'Green',
          contractId: null,
          nestedOptional: ['1'],
          numeric0: '7',
          numeric37: '0.5',
        },
      },
      choices: { Replace: {}, Echo: {} },
    };
  }
  return alternatives;
}

/** Sample arguments of the model's templates (CantonExamples), `{{party:ALIAS}}` standing for a party id. */
export function templatesOf(packageName: string): Record<string, unknown> {
  const id = (qualifiedName: string): string => `#${packageName}:${qualifiedName}`;
  return {
    iou: {
      templateId: id('Iou:Iou'),
      signatories: ['payer'],
      createArguments: { payer: '{{party:bank}}', owner: '{{party:alice}}', amount: { value: '100.0', currency: 'USD' }, viewers: [] },
      choices: { Transfer: { newOwner: '{{party:bob}}' }, Share: { viewer: '{{party:carol}}' }, Call: {}, Archive: {} },
    },
    getCash: {
      templateId: id('Iou:GetCash'),
      createArguments: { payer: '{{party:bank}}', owner: '{{party:bank}}', amount: { value: '5.0', currency: 'USD' } },
    },
    keyedAccount: {
      templateId: id('Account:Account'),
      key: { owner: '{{party:alice}}', number: 'ACC-1' },
      createArguments: { owner: '{{party:alice}}', number: 'ACC-1', balance: '10.0', tags: [], nickname: null },
      choices: { Deposit: { amount: '1.5' }, Archive: {} },
    },
    trailingNone: {
      templateId: id('TrailingNone:TrailingNone'),
      createArguments: { p: '{{party:alice}}', i: '42' },
      choices: { ArchiveMe: { anyone: '{{party:alice}}' } },
    },
    assetInterface: { interfaceId: id('Asset:Asset'), view: { owner: 'Party', description: 'Text' } },
    // Not in CantonExamples: kept only when the node knows it (a model DAR that has it, or the reference's model).
    allTypes: {
      templateId: id('AllTypes:AllTypes'),
      createArguments: {
        party: '{{party:alice}}',
        values: {
          int: '42',
          decimal: '47.0',
          text: 'some text',
          bool: true,
          date: '2024-02-29',
          time: '2024-02-29T12:34:56.789123Z',
          map: { a: '1' },
          variant: { tag: 'VInt', value: '1' },
          list: ['0', '1'],
          optional: 'some optional text',
          address: { street: 'street', city: 'city' },
        },
      },
      choices: { Replace: {} },
    },
    // iou1 (a contract id) is filled in by the test that uses it.
    swap: {
      templateId: id('Swap:Swap'),
      createArguments: { party1: '{{party:alice}}', party2: '{{party:alice}}', exchangeRate: '1.0', currencyDesired: 'USD' },
    },
  };
}
