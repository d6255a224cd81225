/**
 * The ledger model (checks/ledger-model.ts) on hand-made exchanges: it learns from a submission and holds the reads of
 * its transaction to it; a right answer passes, and each kind of wrong answer fails its rule naming the JSON path.
 */
import { describe, expect, it } from 'vitest';
import { LedgerModel, damlEqual } from '../../checks/ledger-model.js';
import { classify, type ObservedExchange, type ResponseCheckContext } from '../../checks/response-checks.js';
import type { ProfileName } from '../../config/types.js';
import { createValidators } from '../../specification/validate.js';
import { answer, JSON_TYPE, failure, recorded } from './support.js';

const BANK = 'Bank::1220aa';
const ALICE = 'Alice::1220aa';
const CAROL = 'Carol::1220aa';
const SYNC = 'sync::1220bb';
const IOU = '#CantonExamples:Iou:Iou';
const IOU_ID = 'pkg0:Iou:Iou';

const context = (profile: ProfileName = 'canton'): ResponseCheckContext => ({
  profile,
  validators: createValidators(profile),
  features: { authorization: true, trafficAccounts: false },
});

let clock = 0;
function exchange(path: string, requestBody: unknown, body: unknown, status = 200): ObservedExchange {
  const sentAt = (clock += 10);
  return {
    api: 'participant',
    method: 'POST',
    path,
    response: answer({ status, contentType: JSON_TYPE, text: JSON.stringify(body), path, requestBody: JSON.stringify(requestBody) }),
    sentAt,
    answeredAt: (clock += 5),
  };
}

const argument = { payer: BANK, owner: ALICE, amount: { value: '1.5', currency: 'USD' }, viewers: [CAROL] };

function submission(offset: number, commands: unknown[], actAs = [BANK]): ObservedExchange {
  return exchange(
    '/v2/commands/submit-and-wait',
    { commands, commandId: `cmd-${offset}`, actAs },
    { updateId: `u${offset}`, completionOffset: offset },
  );
}

function read(
  offset: number,
  parties: string[],
  shape: string,
  value: Record<string, unknown>,
  filters: Record<string, unknown> = {},
): ObservedExchange {
  const wildcard = { cumulative: [{ identifierFilter: { WildcardFilter: { value: {} } } }] };
  return exchange(
    '/v2/updates/update-by-offset',
    {
      offset,
      updateFormat: {
        includeTransactions: {
          eventFormat: { filtersByParty: Object.fromEntries(parties.map((party) => [party, filters[party] ?? wildcard])), verbose: true },
          transactionShape: shape,
        },
      },
    },
    { update: { Transaction: { value: { updateId: `u${offset}`, offset, synchronizerId: SYNC, commandId: '', ...value } } } },
  );
}

const created = (offset: number, contractId: string, overrides: Record<string, unknown> = {}) => ({
  CreatedEvent: {
    offset,
    nodeId: 0,
    contractId,
    templateId: IOU_ID,
    packageName: 'CantonExamples',
    createArgument: argument,
    witnessParties: [ALICE],
    signatories: [BANK],
    observers: [ALICE, CAROL],
    ...overrides,
  },
});

/** A create of the Iou at offset 10 and its read as the owner, then a Transfer at 11 read in ledger effects. */
function history(transfer: { exercised?: Record<string, unknown>; child?: Record<string, unknown>; recordTime?: string } = {}) {
  const create = submission(10, [{ CreateCommand: { templateId: IOU, createArguments: argument } }]);
  const createRead = read(10, [ALICE], 'TRANSACTION_SHAPE_ACS_DELTA', { recordTime: '2026-01-01T00:00:01Z', events: [created(10, 'c1')] });
  const move = submission(
    11,
    [{ ExerciseCommand: { templateId: IOU, contractId: 'c1', choice: 'Transfer', choiceArgument: { newOwner: CAROL } } }],
    [ALICE],
  );
  const moveRead = read(11, [ALICE, CAROL], 'TRANSACTION_SHAPE_LEDGER_EFFECTS', {
    recordTime: transfer.recordTime ?? '2026-01-01T00:00:02Z',
    commandId: 'cmd-11',
    events: [
      {
        ExercisedEvent: {
          offset: 11,
          nodeId: 0,
          contractId: 'c1',
          templateId: IOU_ID,
          packageName: 'CantonExamples',
          choice: 'Transfer',
          choiceArgument: { newOwner: CAROL },
          actingParties: [ALICE],
          consuming: true,
          witnessParties: [ALICE, CAROL],
          lastDescendantNodeId: 1,
          exerciseResult: 'c2',
          ...transfer.exercised,
        },
      },
      created(11, 'c2', {
        nodeId: 1,
        createArgument: { ...argument, owner: CAROL, viewers: [] },
        witnessParties: [ALICE, CAROL],
        observers: [CAROL],
        ...transfer.child,
      }),
    ],
  });
  return [create, createRead, move, moveRead];
}

const apply = (exchanges: ObservedExchange[], profile: ProfileName = 'canton') =>
  new LedgerModel().apply(exchanges, context(profile), (entry) => classify(entry, context(profile)));

describe('the ledger model on a choice whose body its rules do not follow', () => {
  // daml/lf/limits.lf: Tree's Build exercises itself and returns the count of exercises; the rules state its controllers
  // and consumption only ('unknown' result), so a count is no disagreement, while the rest of the exercise is still read.
  const TREE = '#conformance-limits:Limits:Tree';
  const built = (exercised: Record<string, unknown>) => [
    submission(30, [{ CreateCommand: { templateId: TREE, createArguments: { owner: ALICE } } }], [ALICE]),
    read(30, [ALICE], 'TRANSACTION_SHAPE_ACS_DELTA', {
      recordTime: '2026-01-01T00:00:01Z',
      commandId: 'cmd-30',
      events: [
        created(30, 't1', {
          templateId: 'pkgL:Limits:Tree',
          packageName: 'conformance-limits',
          createArgument: { owner: ALICE },
          signatories: [ALICE],
          observers: [],
        }),
      ],
    }),
    submission(
      31,
      [{ ExerciseCommand: { templateId: TREE, contractId: 't1', choice: 'Build', choiceArgument: { depth: '0', branching: '0' } } }],
      [ALICE],
    ),
    read(31, [ALICE], 'TRANSACTION_SHAPE_LEDGER_EFFECTS', {
      recordTime: '2026-01-01T00:00:02Z',
      commandId: 'cmd-31',
      events: [
        {
          ExercisedEvent: {
            offset: 31,
            nodeId: 0,
            contractId: 't1',
            templateId: 'pkgL:Limits:Tree',
            packageName: 'conformance-limits',
            choice: 'Build',
            choiceArgument: { depth: '0', branching: '0' },
            actingParties: [ALICE],
            consuming: false,
            witnessParties: [ALICE],
            lastDescendantNodeId: 0,
            exerciseResult: '1',
            ...exercised,
          },
        },
      ],
    }),
  ];

  it('takes any result, and still holds its consumption to the rule', async () => {
    const events = await recorded(() => apply(built({})));
    expect(events.filter((line) => line.endsWith('failed'))).toEqual([]);
    expect((await failure(() => apply(built({ consuming: true })))).clauseId).toBe('canton.model.exercise');
  });
});

describe('the ledger model', () => {
  it('passes a history that agrees with it, crediting its rules', async () => {
    const events = await recorded(() => apply(history()));
    expect(new Set(events)).toEqual(
      new Set(
        [
          'canton.model.offsets-follow-completion',
          'canton.model.one-update-id-per-offset',
          'canton.model.record-time-monotone',
          'canton.model.node-ids',
          'canton.model.witness-parties',
          'canton.model.stakeholders',
          'canton.model.event-kinds',
          'canton.model.create-argument',
          'canton.model.exercise',
          'canton.semantics.command-id.submitters-only',
        ].map((clause) => `stateful_consistency ${clause} passed`),
      ),
    );
  });

  it('judges nothing in the spec profile', async () => {
    expect(await recorded(() => apply(history(), 'spec'))).toEqual([]);
  });

  it.each([
    [
      'a range that leaves out the created child',
      { exercised: { lastDescendantNodeId: 0 } },
      'canton.model.node-ids',
      'lastDescendantNodeId',
    ],
    ['an exercise result altered', { exercised: { exerciseResult: 'c1' } }, 'canton.model.exercise', 'exerciseResult'],
    ['the new owner left out of the observers', { child: { observers: [] } }, 'canton.model.stakeholders', 'observers'],
    ['a signatory among the observers', { child: { observers: [BANK, CAROL] } }, 'canton.model.stakeholders', 'observers'],
    ['a create argument altered', { child: { createArgument: { ...argument, owner: ALICE } } }, 'canton.model.stakeholders', 'observers'],
    ['record time going back', { recordTime: '2026-01-01T00:00:00Z' }, 'canton.model.record-time-monotone', 'recordTime'],
    ['an observer listed twice', { child: { observers: [CAROL, CAROL] } }, 'canton.model.stakeholders', 'observers'],
    ['a witness listed twice', { exercised: { witnessParties: [ALICE, CAROL, ALICE] } }, 'canton.model.witness-parties', 'witnessParties'],
  ])('fails %s', async (_name, transfer, clause, field) => {
    const thrown = await failure(() => apply(history(transfer)));
    expect(thrown.clauseId).toBe(clause);
    expect(thrown.detail).toContain(field);
    expect(thrown.detail).toContain('the model expects');
  });

  it('lets a requesting informee whose own filter does not match be a witness, as Canton does, but no one else', async () => {
    const [create, createRead, move, moveRead] = history();
    const getCashOnly = {
      cumulative: [{ identifierFilter: { TemplateFilter: { value: { templateId: '#CantonExamples:Iou:GetCash' } } } }],
    };
    const body = JSON.parse(moveRead!.response.text) as { update: { Transaction: { value: Record<string, unknown> } } };
    const narrowed = read(11, [ALICE, CAROL], 'TRANSACTION_SHAPE_LEDGER_EFFECTS', body.update.Transaction.value, { [CAROL]: getCashOnly });
    expect(await recorded(() => apply([create!, createRead!, move!, narrowed]))).toContain(
      'stateful_consistency canton.model.witness-parties passed',
    );
    const events = body.update.Transaction.value['events'] as { CreatedEvent?: Record<string, unknown> }[];
    events[1]!.CreatedEvent!['witnessParties'] = [ALICE, CAROL, BANK];
    const outsider = read(11, [ALICE, CAROL], 'TRANSACTION_SHAPE_LEDGER_EFFECTS', body.update.Transaction.value, { [CAROL]: getCashOnly });
    expect((await failure(() => apply([create!, createRead!, move!, outsider]))).clauseId).toBe('canton.model.witness-parties');
  });

  it('places the create of a template it has no rules for by its template and argument, not by position', async () => {
    const GETCASH = '#CantonExamples:Iou:GetCash';
    const cash = (value: string) => ({ payer: BANK, owner: ALICE, amount: { value, currency: 'USD' } });
    const both = submission(12, [
      { CreateCommand: { templateId: GETCASH, createArguments: cash('1.0') } },
      { CreateCommand: { templateId: GETCASH, createArguments: cash('2.0') } },
    ]);
    const onlySecond = (value: string) =>
      read(12, [ALICE], 'TRANSACTION_SHAPE_ACS_DELTA', {
        recordTime: '2026-01-01T00:00:03Z',
        events: [
          created(12, 'g2', {
            nodeId: 1,
            templateId: 'pkg0:Iou:GetCash',
            createArgument: cash(value),
            witnessParties: [ALICE],
            signatories: [BANK, ALICE],
            observers: [],
          }),
        ],
      });
    expect(await recorded(() => apply([both, onlySecond('2.0')]))).not.toContain(
      'stateful_consistency canton.model.create-argument failed',
    );
    // An argument that is neither create's is held to the first: its argument is wrong.
    expect((await failure(() => apply([both, onlySecond('3.0')]))).clauseId).toBe('canton.model.create-argument');
  });

  it("holds only CantonExamples' Iou:Iou to its rules, not another package's template of the same name", async () => {
    // ledger-common-dars' model Iou: `signatory issuer, owner`, other fields than CantonExamples' Iou.
    const other = { issuer: BANK, owner: ALICE, currency: 'USD', amount: '1.0', observers: [] };
    const otherCreate = (packageName: string) => [
      exchange(
        '/v2/commands/submit-and-wait',
        {
          commands: [{ CreateCommand: { templateId: `#${packageName}:Iou:Iou`, createArguments: other } }],
          commandId: 'cmd-20',
          actAs: [BANK],
        },
        { updateId: 'u20', completionOffset: 20 },
      ),
      read(20, [ALICE], 'TRANSACTION_SHAPE_ACS_DELTA', {
        recordTime: '2026-01-01T00:00:04Z',
        events: [
          created(20, 'm1', { templateId: 'pkg9:Iou:Iou', packageName, createArgument: other, signatories: [BANK, ALICE], observers: [] }),
        ],
      }),
    ];
    expect(await recorded(() => apply(otherCreate('model-tests')))).not.toContain('stateful_consistency canton.model.stakeholders failed');
    // The same event under CantonExamples' name is held to its rules (payer is the signatory) and fails.
    expect((await failure(() => apply(otherCreate('CantonExamples')))).clauseId).toBe('canton.model.stakeholders');
  });

  it("holds the suite's nesting model to nesting.lf: Handler's Create makes Contract { party, i, n = toNat i } signed by its party", async () => {
    const HANDLER = '#conformance-nesting:DeeplyNestedValue:Handler';
    const nat = (k: number): unknown => (k === 0 ? { tag: 'Z', value: {} } : { tag: 'S', value: nat(k - 1) });
    const nesting = { templateId: 'pkgn:DeeplyNestedValue:Handler', packageName: 'conformance-nesting', witnessParties: [ALICE] };
    const made = (n: unknown, signatories = [ALICE]) => [
      submission(40, [{ CreateCommand: { templateId: HANDLER, createArguments: { party: ALICE } } }], [ALICE]),
      read(40, [ALICE], 'TRANSACTION_SHAPE_ACS_DELTA', {
        recordTime: '2026-01-01T00:00:05Z',
        commandId: 'cmd-40',
        events: [created(40, 'h1', { ...nesting, createArgument: { party: ALICE }, signatories: [ALICE], observers: [] })],
      }),
      submission(
        41,
        [{ ExerciseCommand: { templateId: HANDLER, contractId: 'h1', choice: 'Create', choiceArgument: { i: '2' } } }],
        [ALICE],
      ),
      read(41, [ALICE], 'TRANSACTION_SHAPE_LEDGER_EFFECTS', {
        recordTime: '2026-01-01T00:00:06Z',
        commandId: 'cmd-41',
        events: [
          {
            ExercisedEvent: {
              ...nesting,
              offset: 41,
              nodeId: 0,
              contractId: 'h1',
              choice: 'Create',
              choiceArgument: { i: '2' },
              actingParties: [ALICE],
              consuming: false,
              lastDescendantNodeId: 1,
              exerciseResult: 'n1',
            },
          },
          created(41, 'n1', {
            ...nesting,
            nodeId: 1,
            templateId: 'pkgn:DeeplyNestedValue:Contract',
            createArgument: { party: ALICE, i: '2', n },
            signatories,
            observers: [],
          }),
        ],
      }),
    ];
    const events = await recorded(() => apply(made(nat(2))));
    expect(events).toContain('stateful_consistency canton.model.create-argument passed');
    expect(events).toContain('stateful_consistency canton.model.stakeholders passed');
    expect((await failure(() => apply(made(nat(1))))).clauseId).toBe('canton.model.create-argument');
    expect((await failure(() => apply(made(nat(2), [ALICE, BANK])))).clauseId).toBe('canton.model.stakeholders');
  });

  it("predicts the suite's keyed templates: a WithKey a non-signatory creates through WithKeyCreatorAlternative", async () => {
    // daml/lf/key-workflows.lf: the creator is signed by p1 and observed by p2, whose non-consuming choice creates p1's WithKey.
    const creator = { p1: ALICE, p2: CAROL, label: 'k' };
    const withKey = (signatories: string[]) => [
      exchange(
        '/v2/commands/submit-and-wait',
        {
          commands: [
            { CreateCommand: { templateId: '#conformance-key-workflows:WithKey:WithKeyCreatorAlternative', createArguments: creator } },
          ],
          commandId: 'cmd-30',
          actAs: [ALICE],
        },
        { updateId: 'u30', completionOffset: 30 },
      ),
      read(30, [ALICE], 'TRANSACTION_SHAPE_ACS_DELTA', {
        recordTime: '2026-01-01T00:00:05Z',
        commandId: 'cmd-30',
        events: [
          created(30, 'w1', {
            templateId: 'pkgk:WithKey:WithKeyCreatorAlternative',
            packageName: 'conformance-key-workflows',
            createArgument: creator,
            signatories: [ALICE],
            observers: [CAROL],
          }),
        ],
      }),
      exchange(
        '/v2/commands/submit-and-wait',
        {
          commands: [
            {
              ExerciseCommand: {
                templateId: '#conformance-key-workflows:WithKey:WithKeyCreatorAlternative',
                contractId: 'w1',
                choice: 'WithKeyCreatorAlternative_DiscloseCreate',
                choiceArgument: {},
              },
            },
          ],
          commandId: 'cmd-31',
          actAs: [CAROL],
        },
        { updateId: 'u31', completionOffset: 31 },
      ),
      read(31, [ALICE], 'TRANSACTION_SHAPE_ACS_DELTA', {
        recordTime: '2026-01-01T00:00:06Z',
        events: [
          created(31, 'w2', {
            templateId: 'pkgk:WithKey:WithKey',
            packageName: 'conformance-key-workflows',
            createArgument: { p: ALICE, label: 'k' },
            witnessParties: [ALICE],
            signatories,
            observers: [],
          }),
        ],
      }),
    ];
    expect(await recorded(() => apply(withKey([ALICE])))).not.toContain('stateful_consistency canton.model.stakeholders failed');
    expect((await failure(() => apply(withKey([CAROL])))).clauseId).toBe('canton.model.stakeholders');
  });

  it('holds a read with filtersForAnyParty to every informee as witness and the commandId, and the workflowId for every reader', async () => {
    const create = exchange(
      '/v2/commands/submit-and-wait',
      {
        commands: [{ CreateCommand: { templateId: IOU, createArguments: argument } }],
        commandId: 'cmd-10',
        actAs: [BANK],
        workflowId: 'wf',
      },
      { updateId: 'u10', completionOffset: 10 },
    );
    const wildcard = { cumulative: [{ identifierFilter: { WildcardFilter: { value: {} } } }] };
    const getCash = { cumulative: [{ identifierFilter: { TemplateFilter: { value: { templateId: '#CantonExamples:Iou:GetCash' } } } }] };
    const anyParty = (value: Record<string, unknown>): ObservedExchange =>
      exchange(
        '/v2/updates/update-by-offset',
        {
          offset: 10,
          updateFormat: {
            includeTransactions: {
              eventFormat: { filtersByParty: { [ALICE]: wildcard }, filtersForAnyParty: getCash, verbose: true },
              transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
            },
          },
        },
        {
          update: {
            Transaction: {
              value: {
                updateId: 'u10',
                offset: 10,
                synchronizerId: SYNC,
                recordTime: '2026-01-01T00:00:01Z',
                commandId: 'cmd-10',
                workflowId: 'wf',
                events: [created(10, 'c1', { witnessParties: [ALICE, BANK, CAROL] })],
                ...value,
              },
            },
          },
        },
      );
    expect(await recorded(() => apply([create, anyParty({})]))).toContain('stateful_consistency canton.model.witness-parties passed');
    // Narrowed to the party filtersByParty names although the any-party filter names a template (Canton narrows none then).
    const narrowed = await failure(() => apply([create, anyParty({ events: [created(10, 'c1', { witnessParties: [ALICE] })] })]));
    expect(narrowed.clauseId).toBe('canton.model.witness-parties');
    expect((await failure(() => apply([create, anyParty({ commandId: '' })]))).clauseId).toBe(
      'canton.semantics.command-id.submitters-only',
    );
    const observer = read(10, [CAROL], 'TRANSACTION_SHAPE_ACS_DELTA', {
      recordTime: '2026-01-01T00:00:01Z',
      workflowId: '',
      events: [created(10, 'c1', { witnessParties: [CAROL] })],
    });
    const hidden = await failure(() => apply([create, observer]));
    expect(hidden.clauseId).toBe('canton.model.event-kinds');
    expect(hidden.detail).toContain('workflowId');
  });

  it('fails a commandId shown to a reader who is none of the submitters', async () => {
    const [create, createRead] = history();
    const observer = read(10, [CAROL], 'TRANSACTION_SHAPE_ACS_DELTA', {
      recordTime: '2026-01-01T00:00:01Z',
      commandId: 'cmd-10',
      events: [created(10, 'c1', { witnessParties: [CAROL] })],
    });
    const thrown = await failure(() => apply([create!, createRead!, observer]));
    expect(thrown.clauseId).toBe('canton.semantics.command-id.submitters-only');
  });

  it('fails another updateId for the same offset, and a submission of an archived contract that succeeds', async () => {
    const [create, createRead, move, moveRead] = history();
    const otherId = read(10, [CAROL], 'TRANSACTION_SHAPE_ACS_DELTA', {
      updateId: 'u99',
      recordTime: '2026-01-01T00:00:01Z',
      events: [created(10, 'c1', { witnessParties: [CAROL] })],
    });
    expect((await failure(() => apply([create!, createRead!, otherId]))).clauseId).toBe('canton.model.one-update-id-per-offset');
    const again = submission(12, [{ ExerciseCommand: { templateId: IOU, contractId: 'c1', choice: 'Archive', choiceArgument: {} } }]);
    expect((await failure(() => apply([create!, createRead!, move!, moveRead!, again]))).clauseId).toBe('canton.model.archived-not-usable');
  });

  it('credits the archived-contract rule only for a 4xx with an inactive-contract code', async () => {
    const [create, createRead, move, moveRead] = history();
    const archive = [{ ExerciseCommand: { templateId: IOU, contractId: 'c1', choice: 'Archive', choiceArgument: {} } }];
    const refused = (status: number, code: string) =>
      exchange('/v2/commands/submit-and-wait', { commands: archive, commandId: 'cmd-13', actAs: [BANK] }, { code, cause: 'x' }, status);
    const credited = 'stateful_consistency canton.model.archived-not-usable passed';
    expect(await recorded(() => apply([create!, createRead!, move!, moveRead!, refused(404, 'CONTRACT_NOT_FOUND')]))).toContain(credited);
    expect(await recorded(() => apply([create!, createRead!, move!, moveRead!, refused(503, 'CONTRACT_NOT_FOUND')]))).not.toContain(
      credited,
    );
    expect(await recorded(() => apply([create!, createRead!, move!, moveRead!, refused(400, 'INVALID_ARGUMENT')]))).not.toContain(credited);
  });

  it('holds a unit exercise result to {}, present', async () => {
    const before = () => history();
    const archive = () =>
      submission(12, [{ ExerciseCommand: { templateId: IOU, contractId: 'c2', choice: 'Archive', choiceArgument: {} } }]);
    const archiveRead = (result: Record<string, unknown>) =>
      read(12, [BANK], 'TRANSACTION_SHAPE_LEDGER_EFFECTS', {
        recordTime: '2026-01-01T00:00:05Z',
        commandId: 'cmd-12',
        events: [
          {
            ExercisedEvent: {
              offset: 12,
              nodeId: 0,
              contractId: 'c2',
              templateId: IOU_ID,
              packageName: 'CantonExamples',
              choice: 'Archive',
              choiceArgument: {},
              actingParties: [BANK],
              consuming: true,
              witnessParties: [BANK],
              lastDescendantNodeId: 0,
              ...result,
            },
          },
        ],
      });
    expect(await recorded(() => apply([...before(), archive(), archiveRead({ exerciseResult: {} })]))).toContain(
      'stateful_consistency canton.model.exercise passed',
    );
    for (const result of [{}, { exerciseResult: null }]) {
      const thrown = await failure(() => apply([...before(), archive(), archiveRead(result)]));
      expect(thrown.clauseId).toBe('canton.model.exercise');
    }
  });

  it("holds createdAt to the transaction's effectiveAt (by instant) and packageName to the command's package", async () => {
    const withTimes = (overrides: Record<string, unknown>) => {
      const create = submission(10, [{ CreateCommand: { templateId: IOU, createArguments: argument } }]);
      const createRead = read(10, [ALICE], 'TRANSACTION_SHAPE_ACS_DELTA', {
        recordTime: '2026-01-01T00:00:01Z',
        effectiveAt: '2026-01-01T00:00:01.500000Z',
        events: [created(10, 'c1', { createdAt: '2026-01-01T00:00:01.5Z', ...overrides })],
      });
      return [create, createRead];
    };
    expect(await recorded(() => apply(withTimes({})))).toContain('stateful_consistency canton.model.create-argument passed');
    for (const [overrides, field] of [
      [{ createdAt: '2026-01-01T00:00:02Z' }, 'createdAt'],
      [{ packageName: 'model-tests' }, 'packageName'],
    ] as const) {
      const thrown = await failure(() => apply(withTimes(overrides)));
      expect(thrown.clauseId).toBe('canton.model.create-argument');
      expect(thrown.detail).toContain(field);
    }
  });

  it('compares Daml values as the JSON API writes them', () => {
    expect(damlEqual({ a: '1.50', b: null }, { a: '1.5' })).toBe(true);
    expect(damlEqual({ a: '1.5' }, { a: '1.6' })).toBe(false);
    expect(damlEqual({ v: ['x', 'y'] }, { v: ['y', 'x'] }, ['v'])).toBe(true);
    expect(damlEqual({ v: ['x', 'y'] }, { v: ['y', 'x'] })).toBe(false);
    // Canton may write a Numeric as `5.` and drops a timestamp's trailing fraction zeros.
    expect(damlEqual({ a: '5.0' }, { a: '5.' })).toBe(true);
    expect(damlEqual({ a: '5.0' }, { a: '6.' })).toBe(false);
    expect(damlEqual({ t: '2026-01-01T00:00:01.500000Z' }, { t: '2026-01-01T00:00:01.5Z' })).toBe(true);
    expect(damlEqual({ t: '2026-01-01T00:00:01.000000Z' }, { t: '2026-01-01T00:00:01Z' })).toBe(true);
    expect(damlEqual({ t: '2026-01-01T00:00:01.000001Z' }, { t: '2026-01-01T00:00:01Z' })).toBe(false);
  });
});

describe("the ledger model on the suite's own models (conformance-semantics)", () => {
  const BOB = 'Bob::1220aa';
  const TRI = '#conformance-semantics:Semantics:TriProposal';
  const TRI_ID = 'pkgS:Semantics:TriProposal';
  const proposal = { operator: ALICE, receiver: BOB, giver: BANK };
  const event = (kind: 'CreatedEvent' | 'ExercisedEvent', fields: Record<string, unknown>) => ({
    [kind]: { offset: 21, packageName: 'conformance-semantics', ...fields },
  });

  /** A TriProposal created by alice (read back), then TriProposalAccept by receiver and giver read in ledger effects. */
  function accepted(
    overrides: { exercised?: Record<string, unknown>; child?: Record<string, unknown>; proposal?: Record<string, unknown> } = {},
  ) {
    const create = submission(20, [{ CreateCommand: { templateId: TRI, createArguments: proposal } }], [ALICE]);
    const createRead = read(20, [ALICE], 'TRANSACTION_SHAPE_ACS_DELTA', {
      recordTime: '2026-01-01T00:00:01Z',
      commandId: 'cmd-20',
      events: [
        {
          CreatedEvent: {
            offset: 20,
            nodeId: 0,
            contractId: 't1',
            templateId: TRI_ID,
            packageName: 'conformance-semantics',
            createArgument: proposal,
            witnessParties: [ALICE],
            signatories: [ALICE],
            observers: [BOB, BANK],
            ...overrides.proposal,
          },
        },
      ],
    });
    const accept = submission(
      21,
      [{ ExerciseCommand: { templateId: TRI, contractId: 't1', choice: 'TriProposalAccept', choiceArgument: {} } }],
      [BOB, BANK],
    );
    const acceptRead = read(21, [BOB, BANK], 'TRANSACTION_SHAPE_LEDGER_EFFECTS', {
      recordTime: '2026-01-01T00:00:02Z',
      commandId: 'cmd-21',
      events: [
        event('ExercisedEvent', {
          nodeId: 0,
          contractId: 't1',
          templateId: TRI_ID,
          choice: 'TriProposalAccept',
          choiceArgument: {},
          actingParties: [BOB, BANK],
          consuming: true,
          witnessParties: [BOB, BANK],
          lastDescendantNodeId: 1,
          exerciseResult: 'a1',
          ...overrides.exercised,
        }),
        event('CreatedEvent', {
          nodeId: 1,
          contractId: 'a1',
          templateId: 'pkgS:Semantics:TriAgreement',
          createArgument: proposal,
          witnessParties: [BOB, BANK],
          signatories: [ALICE, BOB, BANK],
          observers: [],
          ...overrides.child,
        }),
      ],
    });
    return [create, createRead, accept, acceptRead];
  }

  it('passes a multi-actor choice read as the model predicts it', async () => {
    const events = await recorded(() => apply(accepted()));
    expect(events).toContain('stateful_consistency canton.model.exercise passed');
    expect(events).toContain('stateful_consistency canton.model.stakeholders passed');
    expect(events.filter((line) => line.endsWith('failed'))).toEqual([]);
  });

  it.each([
    ['one of the two controllers left out of the actors', { exercised: { actingParties: [BANK] } }, 'canton.model.exercise'],
    ['the TriAgreement missing a signatory', { child: { signatories: [ALICE, BANK] } }, 'canton.model.stakeholders'],
    ['the TriProposal with its giver not an observer', { proposal: { observers: [BOB] } }, 'canton.model.stakeholders'],
  ])('fails %s', async (_name, overrides, clause) => {
    expect((await failure(() => apply(accepted(overrides)))).clauseId).toBe(clause);
  });

  it("shows a choice's observer the exercise and what it creates (DiscloseCreate_To), and fails a view that hides it", async () => {
    const DISCLOSE = '#conformance-semantics:Semantics:DiscloseCreate';
    const history = (bobWitnesses: boolean) => [
      submission(30, [{ CreateCommand: { templateId: DISCLOSE, createArguments: { owner: ALICE } } }], [ALICE]),
      read(30, [ALICE], 'TRANSACTION_SHAPE_ACS_DELTA', {
        recordTime: '2026-01-01T00:00:03Z',
        commandId: 'cmd-30',
        events: [
          {
            CreatedEvent: {
              offset: 30,
              nodeId: 0,
              contractId: 'd1',
              templateId: 'pkgS:Semantics:DiscloseCreate',
              packageName: 'conformance-semantics',
              createArgument: { owner: ALICE },
              witnessParties: [ALICE],
              signatories: [ALICE],
              observers: [],
            },
          },
        ],
      }),
      submission(
        31,
        [{ ExerciseCommand: { templateId: DISCLOSE, contractId: 'd1', choice: 'DiscloseCreate_To', choiceArgument: { disclosee: BOB } } }],
        [ALICE],
      ),
      read(31, [ALICE, BOB], 'TRANSACTION_SHAPE_LEDGER_EFFECTS', {
        recordTime: '2026-01-01T00:00:04Z',
        commandId: 'cmd-31',
        events: [
          {
            ExercisedEvent: {
              offset: 31,
              nodeId: 0,
              contractId: 'd1',
              templateId: 'pkgS:Semantics:DiscloseCreate',
              packageName: 'conformance-semantics',
              choice: 'DiscloseCreate_To',
              choiceArgument: { disclosee: BOB },
              actingParties: [ALICE],
              consuming: true,
              witnessParties: bobWitnesses ? [ALICE, BOB] : [ALICE],
              lastDescendantNodeId: 1,
              exerciseResult: {},
            },
          },
          {
            CreatedEvent: {
              offset: 31,
              nodeId: 1,
              contractId: 'm1',
              templateId: 'pkgS:Semantics:Dummy',
              packageName: 'conformance-semantics',
              createArgument: { operator: ALICE },
              witnessParties: [ALICE, BOB],
              signatories: [ALICE],
              observers: [],
            },
          },
        ],
      }),
    ];
    const events = await recorded(() => apply(history(true)));
    expect(events.filter((line) => line.endsWith('failed'))).toEqual([]);
    expect(events).toContain('stateful_consistency canton.model.witness-parties passed');
    expect((await failure(() => apply(history(false)))).clauseId).toBe('canton.model.witness-parties');
  });
});

describe('the ledger model beyond the transactions the run submitted at the top level', () => {
  /** A Swap-like tree the run did not submit: a choice of a template without rules whose body exercises Iou Transfer. */
  const nested = (result: unknown) =>
    read(20, [ALICE], 'TRANSACTION_SHAPE_LEDGER_EFFECTS', {
      recordTime: '2026-01-01T00:00:05Z',
      events: [
        {
          ExercisedEvent: {
            offset: 20,
            nodeId: 0,
            contractId: 's1',
            templateId: 'pkg0:Swap:Swap',
            packageName: 'CantonExamples',
            choice: 'Accept',
            choiceArgument: {},
            actingParties: [ALICE],
            consuming: true,
            witnessParties: [ALICE],
            lastDescendantNodeId: 4,
            exerciseResult: {},
          },
        },
        {
          ExercisedEvent: {
            offset: 20,
            nodeId: 3,
            contractId: 'i1',
            templateId: IOU_ID,
            packageName: 'CantonExamples',
            choice: 'Transfer',
            choiceArgument: { newOwner: ALICE },
            actingParties: [BANK],
            consuming: true,
            witnessParties: [ALICE],
            lastDescendantNodeId: 4,
            exerciseResult: result,
          },
        },
        created(20, 'i2', { nodeId: 4, createArgument: { ...argument, owner: ALICE, viewers: [] }, observers: [ALICE] }),
      ],
    });

  it('holds a nested exercise of a known choice to its rule: the result is the id of the contract its body created', async () => {
    expect(await recorded(() => apply([nested('i2')]))).toContain('stateful_consistency canton.model.exercise passed');
    const thrown = await failure(() => apply([nested({})]));
    expect(thrown.clauseId).toBe('canton.model.exercise');
    expect(thrown.detail).toContain('exerciseResult');
  });

  it('holds the ledger end to every completion offset answered before it was asked for', async () => {
    const end = (offset: number): ObservedExchange => {
      const sentAt = (clock += 10);
      return {
        api: 'participant',
        method: 'GET',
        path: '/v2/state/ledger-end',
        response: answer({
          status: 200,
          contentType: JSON_TYPE,
          text: JSON.stringify({ offset }),
          method: 'GET',
          path: '/v2/state/ledger-end',
        }),
        sentAt,
        answeredAt: (clock += 5),
      };
    };
    const create = submission(30, [{ CreateCommand: { templateId: IOU, createArguments: argument } }]);
    expect(await recorded(() => apply([create, end(30)]))).toContain('stateful_consistency canton.model.offset-past-end passed');
    const thrown = await failure(() =>
      apply([submission(31, [{ CreateCommand: { templateId: IOU, createArguments: argument } }]), end(30)]),
    );
    expect(thrown.clauseId).toBe('canton.model.offset-past-end');
    expect(thrown.message).toContain('completion offset');
  });

  it("holds the ledger time to minLedgerTimeRel after the node took the submission, its clock bounded by the run's creates", async () => {
    const at = (time: number) => new Date(performance.timeOrigin + time).toISOString();
    const create = (offset: number, extra: Record<string, unknown> = {}) =>
      exchange(
        '/v2/commands/submit-and-wait',
        {
          commands: [{ CreateCommand: { templateId: IOU, createArguments: argument } }],
          commandId: `cmd-${offset}`,
          actAs: [BANK],
          ...extra,
        },
        { updateId: `u${offset}`, completionOffset: offset },
      );
    const readAt = (offset: number, effectiveAt: string) =>
      read(offset, [ALICE], 'TRANSACTION_SHAPE_ACS_DELTA', {
        recordTime: '2026-01-01T00:00:09Z',
        effectiveAt,
        events: [created(offset, `c${offset}`)],
      });
    const plain = create(40);
    const plainRead = readAt(40, at(plain.sentAt! + 2));
    const later = create(41, { minLedgerTimeRel: { seconds: 2, nanos: 0 } });
    const honoured = readAt(41, at(later.sentAt! + 2_001));
    expect(await recorded(() => apply([plain, plainRead, later, honoured]))).toContain(
      'stateful_consistency canton.model.record-time-monotone passed',
    );
    const ignored = readAt(41, at(later.sentAt! + 2));
    const thrown = await failure(() => apply([plain, plainRead, later, ignored]));
    expect(thrown.clauseId).toBe('canton.model.record-time-monotone');
    expect(thrown.message).toContain('minLedgerTimeRel');
  });
});

describe('the ledger model on interface views', () => {
  const ASSET = '#CantonExamples:Asset:Asset';
  const viewFilter = {
    cumulative: [{ identifierFilter: { InterfaceFilter: { value: { interfaceId: ASSET, includeInterfaceView: true } } } }],
  };
  const view = { interfaceId: 'pkg0:Asset:Asset', viewStatus: { code: 0 }, viewValue: { owner: ALICE, description: '1.5 USD' } };
  const shown = (offset: number, parties: string[], views: unknown[], filters: Record<string, unknown>) =>
    read(
      offset,
      parties,
      'TRANSACTION_SHAPE_ACS_DELTA',
      {
        recordTime: '2026-01-01T00:00:10Z',
        events: [created(offset, `v${offset}`, { witnessParties: parties, interfaceViews: views })],
      },
      filters,
    );

  it('holds the views to the interfaces the witnesses asked a view of that the template implements, whichever witness asked', async () => {
    const learn = shown(50, [ALICE], [view], { [ALICE]: viewFilter });
    const both = shown(51, [ALICE, CAROL], [view], { [CAROL]: viewFilter });
    expect(await recorded(() => apply([learn, both]))).toContain('stateful_consistency canton.model.interface-views passed');
    const missing = shown(51, [ALICE, CAROL], [], { [CAROL]: viewFilter });
    const thrown = await failure(() => apply([learn, missing]));
    expect(thrown.clauseId).toBe('canton.model.interface-views');
    expect(thrown.message).toContain('a view of pkg0:Asset:Asset');
    const unasked = shown(52, [ALICE], [view], {});
    expect((await failure(() => apply([unasked]))).clauseId).toBe('canton.model.interface-views');
  });
});

describe('the ledger model on the witnesses of an exercise shown as a root', () => {
  const describeRead = (witnesses: string[]) =>
    read(60, [ALICE, CAROL], 'TRANSACTION_SHAPE_LEDGER_EFFECTS', {
      recordTime: '2026-01-01T00:00:20Z',
      events: [
        {
          ExercisedEvent: {
            offset: 60,
            nodeId: 0,
            contractId: 'c1',
            templateId: IOU_ID,
            interfaceId: 'pkg0:Asset:Asset',
            packageName: 'CantonExamples',
            choice: 'Describe',
            choiceArgument: {},
            actingParties: [ALICE],
            consuming: false,
            witnessParties: witnesses,
            lastDescendantNodeId: 0,
            exerciseResult: '1.5 USD',
          },
        },
      ],
    });

  it("shows a non-consuming exercise to the contract's signatories and the actors, not to its other observers", async () => {
    const [create, createRead] = history();
    expect(await recorded(() => apply([create!, createRead!, describeRead([ALICE])]))).toContain(
      'stateful_consistency canton.model.witness-parties passed',
    );
    const thrown = await failure(() => apply([create!, createRead!, describeRead([ALICE, CAROL])]));
    expect(thrown.clauseId).toBe('canton.model.witness-parties');
    expect(thrown.message).toContain('not the observers');
  });
});
