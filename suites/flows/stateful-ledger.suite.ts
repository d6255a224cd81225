/**
 * Stateful property tests (issue 27): random sequences of ledger operations (fast-check commands) run against the target and
 * a model of the ledger side by side. The model is the sequence's own: the Ious it created (payer, owner, viewers),
 * which are active, and who sees which transaction. Each step is held against it (which submissions succeed, which
 * reads find a transaction), and every exchange is also held by the engine against the worker's ledger model
 * (checks/ledger-model.ts: events, witnesses, stakeholders, arguments, exercises, node ids, offsets, record time).
 *
 * Operations: creates by several actAs (and readAs) parties, with and without a minimum ledger time, a submission id and
 * a workflow id; Transfer and Share (consuming exercises with a created child) by the owner; Archive by the payer; the
 * same on an archived contract or by a party who is not the controller (a rejection); reads by offset for random party
 * sets, filters (wildcard, the Iou template, another template) and both shapes.
 *
 * A failure is shrunk by fast-check to the shortest sequence that shows it; the failure names it as a script with the
 * seed, and `ledger-conformance replay <test id>` reruns it (seed and path). Budget: `--cases` / 25 sequences (at least
 * two) of up to 7 operations, run concurrently (each sequence has its own contracts).
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { ClientResponse } from '../../client/http.js';
import { CheckFailure } from '../../checks/assertion.js';
import { agreesWithModel } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { freshId } from '../../generators/index.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { parseJsonLossless } from '../../specification/json.js';
import { transactionIn, type JsonObject } from '../support/ledger.js';
import { auditor } from '../support/visibility.js';

const CLAUSE = 'canton.model.stateful-sequence';
const ACTORS = ['alice', 'bob', 'bank'] as const;
const PARTIES = ['alice', 'bob', 'bank', 'carol'] as const;
type Actor = (typeof ACTORS)[number];
type Party = (typeof PARTIES)[number];

/** One Iou of the sequence as the model knows it. */
interface IouState {
  contractId: string;
  payer: Party;
  owner: Party;
  viewers: Party[];
  active: boolean;
}

/** A transaction the sequence committed: who sees it (ACS delta and ledger effects show it to the same parties here). */
interface TxState {
  offset: number;
  visibleTo: Set<Party>;
}

interface Model {
  ious: IouState[];
  txs: TxState[];
}

interface Real {
  ctx: ConformanceContext;
  /** The script of the steps so far (printed with a failure). */
  log: string[];
}

type Shape = 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS';
type FilterKind = 'wildcard' | 'iou' | 'other-template';

function userFor(ctx: ConformanceContext, actor: Actor): string {
  return ctx.userWhere(`can act as ${actor}`, (user) => user.rights.actAs.includes(actor)).id;
}

const stakeholders = (iou: Pick<IouState, 'payer' | 'owner' | 'viewers'>): Set<Party> => new Set([iou.payer, iou.owner, ...iou.viewers]);

/** One step agrees with the model (credited to the clause) or the sequence fails there. */
function agree(condition: boolean, detail: string, response?: ClientResponse): asserts condition {
  agreesWithModel(CLAUSE, condition, detail, response);
}

async function submitted(real: Real, user: string, body: JsonObject): Promise<ClientResponse> {
  return real.ctx.send({ endpoint: 'submit-and-wait', user, body: { commandId: freshId('stateful'), ...body } });
}

const accepted = (response: ClientResponse): boolean => response.status === 200;

/** The contract id of the one Iou the transaction at `offset` creates, read as `reader` (the model's ledger checks hold the read). */
/** A read of the transaction at `offset` for `parties` (a wildcard filter each), in `shape`, by the auditor. */
function readAs(real: Real, offset: number, parties: readonly Party[], shape: Shape): Promise<ClientResponse> {
  const { ctx } = real;
  const wildcard = { cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } }] };
  return ctx.send({
    endpoint: 'update-by-offset',
    user: auditor(ctx),
    body: {
      offset,
      updateFormat: {
        includeTransactions: {
          eventFormat: { filtersByParty: Object.fromEntries(parties.map((party) => [ctx.party(party), wildcard])), verbose: true },
          transactionShape: shape,
        },
      },
    },
  });
}

/**
 * The contract id of the one Iou the transaction at `offset` creates, read as `reader` in `shape`; beside it (at once) the
 * same transaction is read in the other shape by every party that sees it, so the ledger model holds both views.
 */
async function createdIouId(
  real: Real,
  offset: number,
  reader: Party,
  shape: Shape,
  response: ClientResponse,
  everyone: readonly Party[],
): Promise<string> {
  const other: Shape = shape === 'TRANSACTION_SHAPE_ACS_DELTA' ? 'TRANSACTION_SHAPE_LEDGER_EFFECTS' : 'TRANSACTION_SHAPE_ACS_DELTA';
  const [read, all] = await Promise.all([readAs(real, offset, [reader], shape), readAs(real, offset, everyone, other)]);
  agree(
    all.status === 200,
    `the transaction at offset ${offset} is shown to the parties who see it (${everyone.join(', ')}); answered ${all.status}`,
    all,
  );
  const transaction = read.status === 200 ? transactionIn(parseJsonLossless(read.text)) : undefined;
  const created = (transaction?.events ?? []).filter(([kind]) => kind === 'CreatedEvent').map(([, payload]) => payload['contractId']);
  agree(
    created.length === 1 && typeof created[0] === 'string',
    `the transaction at offset ${offset} (answered ${response.status}) shows ${reader} one created Iou; the read answered ${read.status} with ${created.length}`,
    read,
  );
  return created[0] as string;
}

class CreateIou implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly payer: Actor,
    readonly owner: Party,
    readonly viewers: Party[],
    readonly options: {
      minLedgerTimeSeconds: number | undefined;
      submissionId: boolean;
      workflowId: boolean;
      extraActAs: boolean;
      readAs: boolean;
      shape: Shape;
    },
  ) {}
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    real.log.push(this.toString());
    const { ctx } = real;
    const user = ctx.userWhere(`can act as ${this.payer}`, (candidate) => candidate.rights.actAs.includes(this.payer));
    const actAs = [
      ctx.party(this.payer),
      ...(this.options.extraActAs ? user.rights.actAs.filter((alias) => alias !== this.payer).map((alias) => ctx.party(alias)) : []),
    ];
    const readAs = this.options.readAs ? user.rights.readAs.map((alias) => ctx.party(alias)) : [];
    const response = await submitted(real, user.id, {
      commands: [
        {
          CreateCommand: {
            templateId: ctx.fixtures.templates.iou.templateId,
            createArguments: {
              payer: ctx.party(this.payer),
              owner: ctx.party(this.owner),
              amount: { value: `${model.ious.length + 1}.5`, currency: 'USD' },
              viewers: this.viewers.map((viewer) => ctx.party(viewer)),
            },
          },
        },
      ],
      actAs,
      ...(readAs.length > 0 ? { readAs } : {}),
      ...(this.options.minLedgerTimeSeconds === undefined
        ? {}
        : { minLedgerTimeRel: { seconds: this.options.minLedgerTimeSeconds, nanos: 0 } }),
      ...(this.options.submissionId ? { submissionId: randomUUID() } : {}),
      ...(this.options.workflowId ? { workflowId: freshId('workflow') } : {}),
    });
    agree(accepted(response), `${this.toString()}: the model accepts this create, the target answered ${response.status}`, response);
    const offset = Number((parseJsonLossless(response.text) as { completionOffset: number }).completionOffset);
    const contractId = await createdIouId(real, offset, this.owner, this.options.shape, response, [
      ...stakeholders({ payer: this.payer, owner: this.owner, viewers: this.viewers }),
    ]);
    const iou: IouState = { contractId, payer: this.payer, owner: this.owner, viewers: this.viewers, active: true };
    model.ious.push(iou);
    model.txs.push({ offset, visibleTo: stakeholders(iou) });
  }
  toString(): string {
    return `create Iou payer=${this.payer} owner=${this.owner} viewers=[${this.viewers.join(',')}] ${JSON.stringify(this.options)}`;
  }
}

class ExerciseIou implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly choice: 'Transfer' | 'Share' | 'Archive',
    readonly to: Party,
    /** Submit as this actor instead of the controller (a rejection unless it is the controller). */
    readonly actor: Actor | 'controller',
    readonly shape: Shape,
  ) {}
  check = (model: Readonly<Model>): boolean => model.ious.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    real.log.push(this.toString());
    const { ctx } = real;
    const iou = model.ious[this.pick % model.ious.length]!;
    const controller = this.choice === 'Archive' ? iou.payer : iou.owner;
    const submitter: Party = this.actor === 'controller' ? controller : this.actor;
    if (!(ACTORS as readonly string[]).includes(submitter)) return;
    const choiceArgument =
      this.choice === 'Transfer' ? { newOwner: ctx.party(this.to) } : this.choice === 'Share' ? { viewer: ctx.party(this.to) } : {};
    const response = await submitted(real, userFor(ctx, submitter as Actor), {
      commands: [
        {
          ExerciseCommand: {
            templateId: ctx.fixtures.templates.iou.templateId,
            contractId: iou.contractId,
            choice: this.choice,
            choiceArgument,
          },
        },
      ],
      actAs: [ctx.party(submitter)],
    });
    const expected = iou.active && submitter === controller;
    agree(
      expected === accepted(response),
      `${this.toString()} on ${iou.contractId} (${iou.active ? 'active' : 'archived'}, controller ${controller}): the model expects ${expected ? 'acceptance' : 'a rejection'}, the target answered ${response.status}`,
      response,
    );
    if (!expected) {
      expectValueMatches(
        CLAUSE,
        `${this.toString()}: the rejection's status`,
        response.status,
        (status) => status >= 400 && status < 500,
        'a 4xx',
        response,
      );
      return;
    }
    iou.active = false;
    const offset = Number((parseJsonLossless(response.text) as { completionOffset: number }).completionOffset);
    const visibleTo = stakeholders(iou);
    // An archive creates nothing: it is read back by its stakeholders in both shapes at once.
    if (this.choice === 'Archive') {
      const reads = await Promise.all(
        (['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const).map((both) =>
          readAs(real, offset, [...visibleTo], both),
        ),
      );
      for (const read of reads)
        agree(read.status === 200, `the archive at offset ${offset} is shown to its stakeholders; answered ${read.status}`, read);
    }
    if (this.choice !== 'Archive') {
      const next: IouState = {
        ...iou,
        contractId: '',
        active: true,
        ...(this.choice === 'Transfer' ? { owner: this.to } : { viewers: [...iou.viewers, this.to] }),
      };
      for (const party of stakeholders(next)) visibleTo.add(party);
      next.contractId = await createdIouId(real, offset, next.owner, this.shape, response, [...visibleTo]);
      model.ious.push(next);
    }
    model.txs.push({ offset, visibleTo });
  }
  toString(): string {
    return `exercise ${this.choice} on Iou #${this.pick} to=${this.to} as=${this.actor}`;
  }
}

class ReadOffset implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly parties: Party[],
    readonly filter: FilterKind,
    readonly shape: Shape,
  ) {}
  check = (model: Readonly<Model>): boolean => model.txs.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    real.log.push(this.toString());
    const { ctx } = real;
    const tx = model.txs[this.pick % model.txs.length]!;
    const templates = ctx.fixtures.templates;
    const cumulative =
      this.filter === 'wildcard'
        ? [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } }]
        : [
            {
              identifierFilter: {
                TemplateFilter: {
                  value: {
                    templateId:
                      this.filter === 'iou' ? templates.iou.templateId : (templates.getCash?.templateId ?? templates.iou.templateId),
                    includeCreatedEventBlob: false,
                  },
                },
              },
            },
          ];
    const read = await ctx.send({
      endpoint: 'update-by-offset',
      user: auditor(ctx),
      body: {
        offset: tx.offset,
        updateFormat: {
          includeTransactions: {
            eventFormat: {
              filtersByParty: Object.fromEntries(this.parties.map((party) => [ctx.party(party), { cumulative }])),
              verbose: true,
            },
            transactionShape: this.shape,
          },
        },
      },
    });
    const matchesIou = this.filter !== 'other-template' || templates.getCash === undefined;
    const expected = matchesIou && this.parties.some((party) => tx.visibleTo.has(party));
    const found = read.status === 200;
    agree(
      expected === found,
      `${this.toString()} at offset ${tx.offset} (seen by ${[...tx.visibleTo].join(', ')}): the model expects ${expected ? 'the transaction' : 'UPDATE_NOT_FOUND'}, the target answered ${read.status}`,
      read,
    );
    if (!found) expectValue(CLAUSE, `${this.toString()}: the status of a transaction none of the parties sees`, read.status, 404, read);
  }
  toString(): string {
    return `read Iou tx #${this.pick} as [${this.parties.join(',')}] filter=${this.filter} shape=${this.shape}`;
  }
}

const shape = fc.constantFrom<Shape>('TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
const party = fc.constantFrom(...PARTIES);

const create = fc
  .record({
    payer: fc.constantFrom(...ACTORS),
    owner: party,
    viewers: fc.oneof(
      { weight: 3, arbitrary: fc.uniqueArray(party, { minLength: 1, maxLength: 2 }) },
      { weight: 1, arbitrary: fc.constant<Party[]>([]) },
    ),
    minLedgerTimeSeconds: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
    submissionId: fc.boolean(),
    workflowId: fc.boolean(),
    extraActAs: fc.boolean(),
    readAs: fc.boolean(),
    shape,
  })
  .map(({ payer, owner, viewers, ...options }) => new CreateIou(payer, owner, viewers, options));

const exercise = fc
  .record({
    pick: fc.nat(20),
    choice: fc.constantFrom('Transfer' as const, 'Share' as const, 'Archive' as const),
    to: party,
    actor: fc.oneof({ weight: 4, arbitrary: fc.constant('controller' as const) }, { weight: 1, arbitrary: fc.constantFrom(...ACTORS) }),
    shape,
  })
  .map(({ pick, choice, to, actor, shape: chosen }) => new ExerciseIou(pick, choice, to, actor, chosen));

const read = fc
  .record({
    pick: fc.nat(20),
    parties: fc.uniqueArray(party, { minLength: 1, maxLength: 3 }),
    filter: fc.constantFrom<FilterKind>('wildcard', 'iou', 'other-template'),
    shape,
  })
  .map(({ pick, parties, filter, shape: chosen }) => new ReadOffset(pick, parties, filter, chosen));

/**
 * A sequence: a first create (so the rest has a contract to act on), then two to six operations of any kind, run by
 * fast-check's model runner (`fc.asyncModelRun`, which skips an operation whose precondition the model does not meet).
 * An array of commands rather than `fc.commands`: its shrinking does not depend on which commands ran, so the path a
 * failure reports replays it exactly (`ledger-conformance replay`), and it still shrinks to the shortest sequence.
 */
const sequences = fc.tuple(create, fc.array(fc.oneof(create, exercise, exercise, exercise, read), { minLength: 2, maxLength: 6 }));

conformanceSuite('flows / stateful ledger', () => {
  conformanceTest(
    {
      name: 'random sequences of creates, exercises, archives and reads agree with the ledger model step by step',
      endpoint: 'submit-and-wait',
      clauses: [CLAUSE],
      requires: ['writes'],
    },
    async (ctx) => {
      for (const actor of ACTORS) userFor(ctx, actor);
      auditor(ctx);
      await ctx.forAll(
        sequences,
        async ([first, rest]) => {
          const real: Real = { ctx, log: [] };
          try {
            await fc.asyncModelRun(() => ({ model: { ious: [], txs: [] }, real }), [first, ...rest]);
          } catch (error) {
            if (!(error instanceof CheckFailure)) throw error;
            // The sequence as a script: fast-check keeps the error of the shortest failing sequence it shrank to.
            throw new CheckFailure(
              error.check,
              error.clauseId,
              `${error.detail}\n  sequence (seed ${ctx.seed}; replay reruns it):\n${real.log.map((step, index) => `    ${index + 1}. ${step}`).join('\n')}`,
              error.exchange,
            );
          }
        },
        { numRuns: Math.max(2, Math.round(ctx.cases / 25)) },
      );
    },
  );
});
