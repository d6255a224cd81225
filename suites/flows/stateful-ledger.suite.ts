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
 * sets, each party with its own filter (wildcard, the Iou template, another template, the fixtures' interface with its view)
 * and both shapes; two archives of one Iou raced (sent at once); an interface implementation created and read with its view
 * asked by one witness beside another who does not ask it.
 *
 * A failure is shrunk by fast-check to the shortest sequence that shows it; the failure names it as a script with the
 * seed, and `ledger-conformance replay <test id>` reruns it (seed and path). Budget: `--cases` / 25 sequences (at least
 * two) of up to 7 operations, run concurrently (each sequence has its own contracts).
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { ClientResponse } from '../../client/http.js';
import { recordInconclusive } from '../../checks/assertion.js';
import { agreesWithModel } from '../../checks/stateful.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { freshId } from '../../generators/index.js';
import { runModelSequence } from '../support/model-sequence.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { parseJsonLossless } from '../../specification/json.js';
import {
  transactionFormat,
  transactionFormatOf,
  transactionIn,
  updateByOffset,
  wildcardFilter,
  type JsonObject,
} from '../support/ledger.js';
import { assetCreate } from '../support/asset-implementation.js';
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
  context: ConformanceContext;
  /** The script of the steps so far (printed with a failure). */
  log: string[];
}

type Shape = 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS';
/**
 * A party's filter: any template (with or without the created-event blob), the Iou (with the blob), another template, or
 * the fixtures' interface asking its view or not.
 */
type FilterKind = 'wildcard' | 'wildcard-blob' | 'iou' | 'iou-blob' | 'other-template' | 'interface-view' | 'interface';
const FILTER_KINDS: readonly FilterKind[] = [
  'wildcard',
  'wildcard-blob',
  'iou',
  'iou-blob',
  'other-template',
  'interface-view',
  'interface',
];
/** The any-party filter of a read: none, or one of the kinds. */
type AnyPartyKind = 'none' | FilterKind;

/** A party's cumulative filter of `kind` (the fixtures' interface falls back to the Iou template when they name none). */
function cumulativeOf(context: ConformanceContext, kind: FilterKind): JsonObject {
  const templates = context.fixtures.templates;
  const iface = templates.assetInterface;
  const blob = kind === 'wildcard-blob' || kind === 'iou-blob';
  if (kind === 'wildcard' || kind === 'wildcard-blob')
    return { cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: blob } } } }] };
  if ((kind === 'interface-view' || kind === 'interface') && iface !== undefined)
    return {
      cumulative: [
        {
          identifierFilter: {
            InterfaceFilter: {
              value: { interfaceId: iface.interfaceId, includeInterfaceView: kind === 'interface-view', includeCreatedEventBlob: false },
            },
          },
        },
      ],
    };
  const templateId = kind === 'other-template' ? (templates.getCash?.templateId ?? templates.iou.templateId) : templates.iou.templateId;
  return { cumulative: [{ identifierFilter: { TemplateFilter: { value: { templateId, includeCreatedEventBlob: blob } } } }] };
}

/** Whether a filter of `kind` matches the Iou on this node (the fixtures' interface only where the Iou implements it). */
function matchesIou(context: ConformanceContext, kind: FilterKind): boolean {
  const templates = context.fixtures.templates;
  const iface = templates.assetInterface;
  const iouImplementsInterface =
    iface !== undefined && (iface.implementation?.templateId ?? templates.iou.templateId) === templates.iou.templateId;
  return kind === 'other-template'
    ? templates.getCash === undefined
    : kind === 'interface-view' || kind === 'interface'
      ? iface === undefined || iouImplementsInterface
      : true;
}

function userFor(context: ConformanceContext, actor: Actor): string {
  return context.userWhere(`can act as ${actor}`, (user) => user.rights.actAs.includes(actor)).id;
}

const stakeholders = (iou: Pick<IouState, 'payer' | 'owner' | 'viewers'>): Set<Party> => new Set([iou.payer, iou.owner, ...iou.viewers]);

/** One step agrees with the model (credited to the clause) or the sequence fails there. */
function agree(condition: boolean, detail: string, response?: ClientResponse): asserts condition {
  agreesWithModel(CLAUSE, condition, detail, response);
}

async function submitted(real: Real, user: string, body: JsonObject): Promise<ClientResponse> {
  return real.context.send({ endpoint: 'submit-and-wait', user, body: { commandId: freshId('stateful'), ...body } });
}

const accepted = (response: ClientResponse): boolean => response.status === 200;

/** A read of the transaction at `offset` for `parties` (a wildcard filter each), in `shape`, by the auditor. */
function readAs(real: Real, offset: number, parties: readonly Party[], shape: Shape): Promise<ClientResponse> {
  const { context } = real;
  return updateByOffset(
    context,
    auditor(context),
    offset,
    transactionFormat(Object.fromEntries(parties.map((party) => [context.party(party), [wildcardFilter()]])), shape),
  );
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
  // The ledger end, read beside them, is never below the completion offset answered before it (the engine's ledger model).
  const [read, all] = await Promise.all([
    readAs(real, offset, [reader], shape),
    readAs(real, offset, everyone, other),
    real.context.send({ endpoint: 'ledger-end', user: auditor(real.context) }),
  ]);
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

/** The deduplication period of a submission (fresh command ids: none deduplicates; each variant is still accepted). */
function deduplicationPeriod(kind: CreateIou['options']['deduplication'], model: Readonly<Model>): JsonObject {
  const first = model.txs[0];
  switch (kind) {
    case 'duration':
      return { deduplicationPeriod: { DeduplicationDuration: { value: { seconds: 30, nanos: 0 } } } };
    case 'offset':
      return first === undefined ? {} : { deduplicationPeriod: { DeduplicationOffset: { value: first.offset } } };
    case 'empty':
      return { deduplicationPeriod: { Empty: {} } };
    default:
      return {};
  }
}

class CreateIou implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly payer: Actor,
    readonly owner: Party,
    readonly viewers: Party[],
    readonly options: {
      minLedgerTimeSeconds: number | undefined;
      /** The minimum ledger time as relative (minLedgerTimeRel) or absolute (minLedgerTimeAbs, that far ahead of now). */
      minLedgerTimeKind?: 'rel' | 'abs';
      submissionId: boolean;
      workflowId: boolean;
      extraActAs: boolean;
      readAs: boolean;
      /** The deduplication period: none, a duration, the offset of the sequence's first transaction, or Empty. */
      deduplication?: 'none' | 'duration' | 'offset' | 'empty';
      shape: Shape;
    },
  ) {}
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    real.log.push(this.toString());
    const { context } = real;
    const user = context.userWhere(`can act as ${this.payer}`, (candidate) => candidate.rights.actAs.includes(this.payer));
    const actAs = [
      context.party(this.payer),
      ...(this.options.extraActAs ? user.rights.actAs.filter((alias) => alias !== this.payer).map((alias) => context.party(alias)) : []),
    ];
    const readAs = this.options.readAs ? user.rights.readAs.map((alias) => context.party(alias)) : [];
    const response = await submitted(real, user.id, {
      commands: [
        {
          CreateCommand: {
            templateId: context.fixtures.templates.iou.templateId,
            createArguments: {
              payer: context.party(this.payer),
              owner: context.party(this.owner),
              amount: { value: `${model.ious.length + 1}.5`, currency: 'USD' },
              viewers: this.viewers.map((viewer) => context.party(viewer)),
            },
          },
        },
      ],
      actAs,
      ...(readAs.length > 0 ? { readAs } : {}),
      ...(this.options.minLedgerTimeSeconds === undefined
        ? {}
        : this.options.minLedgerTimeKind === 'abs'
          ? { minLedgerTimeAbs: new Date(Date.now() + this.options.minLedgerTimeSeconds * 1000).toISOString() }
          : { minLedgerTimeRel: { seconds: this.options.minLedgerTimeSeconds, nanos: 0 } }),
      ...(this.options.submissionId ? { submissionId: randomUUID() } : {}),
      ...(this.options.workflowId ? { workflowId: freshId('workflow') } : {}),
      ...deduplicationPeriod(this.options.deduplication, model),
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
    const { context } = real;
    const iou = model.ious[this.pick % model.ious.length]!;
    const controller = this.choice === 'Archive' ? iou.payer : iou.owner;
    const submitter: Party = this.actor === 'controller' ? controller : this.actor;
    if (!(ACTORS as readonly string[]).includes(submitter)) return;
    const choiceArgument =
      this.choice === 'Transfer' ? { newOwner: context.party(this.to) } : this.choice === 'Share' ? { viewer: context.party(this.to) } : {};
    const response = await submitted(real, userFor(context, submitter as Actor), {
      commands: [
        {
          ExerciseCommand: {
            templateId: context.fixtures.templates.iou.templateId,
            contractId: iou.contractId,
            choice: this.choice,
            choiceArgument,
          },
        },
      ],
      actAs: [context.party(submitter)],
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
        // Transfer is `create this with owner = newOwner; viewers = []`; Share is `viewers = (viewer :: viewers)`.
        ...(this.choice === 'Transfer' ? { owner: this.to, viewers: [] } : { viewers: [this.to, ...iou.viewers] }),
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

/** Two archives of one Iou by its payer, sent at once: exactly one commits while it is active, none once archived. */
class RaceArchive implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>): boolean => model.ious.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    real.log.push(this.toString());
    const { context } = real;
    const iou = model.ious[this.pick % model.ious.length]!;
    if (!(ACTORS as readonly string[]).includes(iou.payer)) return;
    const archive = (): Promise<ClientResponse> =>
      submitted(real, userFor(context, iou.payer as Actor), {
        commands: [
          {
            ExerciseCommand: {
              templateId: context.fixtures.templates.iou.templateId,
              contractId: iou.contractId,
              choice: 'Archive',
              choiceArgument: {},
            },
          },
        ],
        actAs: [context.party(iou.payer)],
      });
    const answers = await Promise.all([archive(), archive()]);
    const won = answers.filter(accepted);
    const expected = iou.active ? 1 : 0;
    agree(
      won.length === expected && answers.every((answer) => accepted(answer) || (answer.status >= 400 && answer.status < 500)),
      `${this.toString()} on ${iou.contractId} (${iou.active ? 'active' : 'archived'}): the model expects ${expected} of the two to commit and the other rejected (4xx); the target answered ${answers.map((answer) => answer.status).join(' and ')}`,
      won[1] ?? answers.find((answer) => !accepted(answer)) ?? answers[0],
    );
    if (won[0] === undefined) return;
    iou.active = false;
    model.txs.push({
      offset: Number((parseJsonLossless(won[0].text) as { completionOffset: number }).completionOffset),
      visibleTo: stakeholders(iou),
    });
  }
  toString(): string {
    return `race two archives of Iou #${this.pick}`;
  }
}

/** A lookup far past the ledger end: refused (4xx), and the ledger end read after it is still below that offset. */
class ReadPastEnd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ahead: number) {}
  check = (): boolean => true;
  async run(_model: Model, real: Real): Promise<void> {
    real.log.push(this.toString());
    const { context } = real;
    const endOf = async (): Promise<{ response: ClientResponse; offset: number }> => {
      const response = await context.send({ endpoint: 'ledger-end', user: auditor(context) });
      return { response, offset: Number((parseJsonLossless(response.text) as { offset?: number } | undefined)?.offset ?? Number.NaN) };
    };
    const before = await endOf();
    const offset = before.offset + this.ahead;
    const read = await readAs(real, offset, ['alice', 'bob', 'bank', 'carol'], 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
    const after = await endOf();
    agreesWithModel(
      'canton.model.offset-past-end',
      Number.isFinite(before.offset) && (read.status >= 400 && read.status < 500 ? true : after.offset >= offset),
      `${this.toString()}: offset ${offset} lies past the ledger end ${before.offset} (still ${after.offset} afterwards); the model expects a refusal, the target answered ${read.status}`,
      read,
    );
  }
  toString(): string {
    return `read ${this.ahead} offsets past the ledger end`;
  }
}

class ReadOffset implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly parties: Party[],
    /** Each party's filter (one per party, in order). */
    readonly filters: FilterKind[],
    readonly shape: Shape,
    readonly anyParty: AnyPartyKind = 'none',
    readonly verbose = true,
  ) {}
  check = (model: Readonly<Model>): boolean => model.txs.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    real.log.push(this.toString());
    const { context } = real;
    const tx = model.txs[this.pick % model.txs.length]!;
    const filterOf = (index: number): FilterKind => this.filters[index % this.filters.length] ?? 'wildcard';
    const read = await context.send({
      endpoint: 'update-by-offset',
      user: auditor(context),
      body: {
        offset: tx.offset,
        updateFormat: {
          includeTransactions: {
            eventFormat: {
              filtersByParty: Object.fromEntries(
                this.parties.map((party, index) => [context.party(party), cumulativeOf(context, filterOf(index))]),
              ),
              ...(this.anyParty === 'none' ? {} : { filtersForAnyParty: cumulativeOf(context, this.anyParty) }),
              verbose: this.verbose,
            },
            transactionShape: this.shape,
          },
        },
      },
    });
    // Every transaction of the sequence has an Iou event in both shapes: an any-party filter matching the Iou finds it.
    const expected =
      (this.anyParty !== 'none' && matchesIou(context, this.anyParty)) ||
      this.parties.some((party, index) => tx.visibleTo.has(party) && matchesIou(context, filterOf(index)));
    const found = read.status === 200;
    agree(
      expected === found,
      `${this.toString()} at offset ${tx.offset} (seen by ${[...tx.visibleTo].join(', ')}): the model expects ${expected ? 'the transaction' : 'UPDATE_NOT_FOUND'}, the target answered ${read.status}`,
      read,
    );
    if (!found) expectValue(CLAUSE, `${this.toString()}: the status of a transaction none of the parties sees`, read.status, 404, read);
  }
  toString(): string {
    return `read Iou tx #${this.pick} as [${this.parties.map((party, index) => `${party}:${this.filters[index % this.filters.length] ?? 'wildcard'}`).join(',')}]${this.anyParty === 'none' ? '' : ` any=${this.anyParty}`} shape=${this.shape}${this.verbose ? '' : ' terse'}`;
  }
}

/**
 * A contract implementing the fixtures' interface (their `assetInterface.implementation`, signed by bank) created for an
 * owner, then read at once by the owner alone asking its view, and by several parties each with its own filter (a
 * wildcard, or the interface asking its view): the engine's ledger model holds the views of every read to what the
 * witnesses' filters asked (canton.model.interface-views). Nothing to do when the fixtures name no implementation.
 */
class CreateAsset implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly owner: Party,
    readonly readers: Party[],
    readonly views: boolean[],
    readonly shape: Shape,
  ) {}
  check = (): boolean => true;
  async run(_model: Model, real: Real): Promise<void> {
    real.log.push(this.toString());
    const { context } = real;
    const iface = context.fixtures.templates.assetInterface;
    if (iface?.implementation === undefined) return;
    const response = await submitted(real, userFor(context, 'bank'), {
      commands: [assetCreate(context, context.party('bank'), context.party(this.owner))],
      actAs: [context.party('bank')],
    });
    agree(accepted(response), `${this.toString()}: the model accepts this create, the target answered ${response.status}`, response);
    const offset = Number((parseJsonLossless(response.text) as { completionOffset: number }).completionOffset);
    const wildcard = { cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } }] };
    const asking = {
      cumulative: [
        {
          identifierFilter: {
            InterfaceFilter: { value: { interfaceId: iface.interfaceId, includeInterfaceView: true, includeCreatedEventBlob: false } },
          },
        },
      ],
    };
    const lookup = (filters: [Party, JsonObject][]): Promise<ClientResponse> =>
      updateByOffset(
        context,
        auditor(context),
        offset,
        transactionFormatOf(Object.fromEntries(filters.map(([party, filter]) => [context.party(party), filter])), this.shape),
      );
    // The signatory first with a wildcard (it matches without a view), then the owner asking the view, then the others each
    // with a drawn filter: a view one witness asks must be there whoever else reads beside it.
    const others = this.readers.filter((party) => party !== 'bank' && party !== this.owner);
    const reads = await Promise.all([
      lookup([[this.owner, asking]]),
      lookup([
        ['bank', wildcard],
        ...(this.owner === 'bank' ? [] : ([[this.owner, asking]] as [Party, JsonObject][])),
        ...others.map((party, index): [Party, JsonObject] => [party, this.views[index % this.views.length] === true ? asking : wildcard]),
      ]),
    ]);
    for (const read of reads)
      agree(
        read.status === 200,
        `${this.toString()}: the asset at offset ${offset} is shown to its stakeholders; answered ${read.status}`,
        read,
      );
  }
  toString(): string {
    return `create asset owner=${this.owner}, read by [${this.readers.join(',')}] views=[${this.views.join(',')}] shape=${this.shape}`;
  }
}

/**
 * Several operations sent at once (the coverage steps: one round of requests instead of one per operation). Each runs on
 * its own copy of the model; what each added is merged in the order they are listed, so a replay finds the same model.
 */
class Together implements fc.AsyncCommand<Model, Real> {
  constructor(readonly steps: readonly fc.AsyncCommand<Model, Real>[]) {}
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    const [ious, txs] = [model.ious.length, model.txs.length];
    const copies = await Promise.all(
      this.steps.map(async (step) => {
        const copy: Model = { ious: [...model.ious], txs: [...model.txs] };
        if (step.check(copy)) await step.run(copy, real);
        return copy;
      }),
    );
    for (const copy of copies) {
      model.ious.push(...copy.ious.slice(ious));
      model.txs.push(...copy.txs.slice(txs));
    }
  }
  toString(): string {
    return `at once: ${this.steps.map(String).join(' | ')}`;
  }
}

/**
 * A non-consuming choice exercised by a party who is no stakeholder, on a contract whose observer is neither signatory
 * nor actor (conformance-semantics Witnesses: signatory, observer, actor). The signatory creates it and reads it with
 * its created-event blob; the actor exercises WitnessesNonConsumingChoice and WitnessesCreateNewWitnesses (which creates
 * a Witnesses signed by the actor, the same observer) in one submission with the contract disclosed; then, at once, the
 * observer reads the transaction alone in both shapes (it sees the created Witnesses only, never the exercises), and the
 * three read it together in ledger effects (the engine's ledger model holds each event's witnesses: the exercises are
 * the signatory's and the actor's). Nothing to do on a node without the conformance-semantics package (noted).
 */
class NonConsumingWitnesses implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly signatory: Actor,
    readonly observer: Party,
    readonly actor: Actor,
  ) {}
  check = (): boolean => true;
  async run(_model: Model, real: Real): Promise<void> {
    real.log.push(this.toString());
    const { context } = real;
    const pkg = context.fixtures.suitePackages?.['conformance-semantics'];
    if (pkg === undefined) {
      recordInconclusive(
        'stateful_consistency',
        CLAUSE,
        `${this.toString()}: the node has no conformance-semantics package (fixtures suitePackages; provision uploads daml/dars/conformance-semantics.dar)`,
      );
      return;
    }
    const templateId = `#${pkg.name}:Semantics:Witnesses`;
    const [signatory, observer, actor] = [context.party(this.signatory), context.party(this.observer), context.party(this.actor)];
    const created = await submitted(real, userFor(context, this.signatory), {
      commands: [{ CreateCommand: { templateId, createArguments: { p_signatory: signatory, p_observer: observer, p_actor: actor } } }],
      actAs: [signatory],
    });
    agree(accepted(created), `${this.toString()}: the model accepts the create, the target answered ${created.status}`, created);
    const lookup = (offset: number, filters: [string, JsonObject][], transactionShape: Shape): Promise<ClientResponse> =>
      updateByOffset(context, auditor(context), offset, transactionFormatOf(Object.fromEntries(filters), transactionShape));
    const withBlob = await lookup(
      completionOffset(created),
      [[signatory, cumulativeOf(context, 'wildcard-blob')]],
      'TRANSACTION_SHAPE_ACS_DELTA',
    );
    const event = (transactionIn(parseJsonLossless(withBlob.text))?.events ?? []).find(([kind]) => kind === 'CreatedEvent')?.[1];
    agree(
      withBlob.status === 200 && typeof event?.['contractId'] === 'string' && typeof event['createdEventBlob'] === 'string',
      `${this.toString()}: the signatory reads its Witnesses with its created-event blob; answered ${withBlob.status}`,
      withBlob,
    );
    const contractId = event['contractId'] as string;
    const exercise = (choice: string): JsonObject => ({ ExerciseCommand: { templateId, contractId, choice, choiceArgument: {} } });
    const exercised = await submitted(real, userFor(context, this.actor), {
      commands: [exercise('WitnessesNonConsumingChoice'), exercise('WitnessesCreateNewWitnesses')],
      actAs: [actor],
      disclosedContracts: [{ templateId: event['templateId'], contractId, createdEventBlob: event['createdEventBlob'] }],
    });
    agree(
      accepted(exercised),
      `${this.toString()}: the actor may exercise the disclosed contract's choices, the target answered ${exercised.status}`,
      exercised,
    );
    const offset = completionOffset(exercised);
    const wildcard = cumulativeOf(context, 'wildcard');
    const reads = await Promise.all([
      lookup(offset, [[observer, wildcard]], 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
      lookup(offset, [[observer, wildcard]], 'TRANSACTION_SHAPE_ACS_DELTA'),
      lookup(
        offset,
        [signatory, observer, actor].map((party): [string, JsonObject] => [party, wildcard]),
        'TRANSACTION_SHAPE_LEDGER_EFFECTS',
      ),
    ]);
    for (const read of reads)
      agree(
        read.status === 200,
        `${this.toString()}: the transaction at offset ${offset} (the observer sees the Witnesses it created) is found; answered ${read.status}`,
        read,
      );
    for (const read of reads.slice(0, 2)) {
      const kinds = (transactionIn(parseJsonLossless(read.text))?.events ?? []).map(([kind]) => kind);
      agree(
        kinds.length === 1 && kinds[0] === 'CreatedEvent',
        `${this.toString()}: the observer, no informee of the non-consuming exercises, sees only the created Witnesses; shown [${kinds.join(', ')}]`,
        read,
      );
    }
  }
  toString(): string {
    return `non-consuming Witnesses choices signatory=${this.signatory} observer=${this.observer} actor=${this.actor} (disclosed)`;
  }
}

const completionOffset = (response: ClientResponse): number =>
  Number((parseJsonLossless(response.text) as { completionOffset?: number } | undefined)?.completionOffset);

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
    minLedgerTimeKind: fc.constantFrom('rel' as const, 'abs' as const),
    submissionId: fc.boolean(),
    workflowId: fc.boolean(),
    extraActAs: fc.boolean(),
    readAs: fc.boolean(),
    deduplication: fc.constantFrom('none' as const, 'duration' as const, 'offset' as const, 'empty' as const),
    shape,
  })
  .map(({ payer, owner, viewers, ...options }) => new CreateIou(payer, owner, viewers, options));

const createAsset = fc
  .record({
    owner: fc.constantFrom<Party>('alice', 'bob', 'carol'),
    readers: fc.uniqueArray(party, { maxLength: 2 }),
    views: fc.array(fc.boolean(), { minLength: 1, maxLength: 2 }),
    shape,
  })
  .map(({ owner, readers, views, shape: chosen }) => new CreateAsset(owner, readers, views, chosen));

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
    filters: fc.array(fc.constantFrom<FilterKind>(...FILTER_KINDS), { minLength: 1, maxLength: 3 }),
    shape,
    anyParty: fc.oneof(
      { weight: 3, arbitrary: fc.constant<AnyPartyKind>('none') },
      { weight: 2, arbitrary: fc.constantFrom<AnyPartyKind>(...FILTER_KINDS) },
    ),
    verbose: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  })
  .map(({ pick, parties, filters, shape: chosen, anyParty, verbose }) => new ReadOffset(pick, parties, filters, chosen, anyParty, verbose));

/**
 * A sequence: a first create (so the rest has a contract to act on), a contract implementing the fixtures' interface
 * created and read with views asked by one witness beside another, a read past the end, then two to six operations of any kind, run by
 * fast-check's model runner (`fc.asyncModelRun`, which skips an operation whose precondition the model does not meet).
 * An array of commands rather than `fc.commands`: its shrinking does not depend on which commands ran, so the path a
 * failure reports replays it exactly (`ledger-conformance replay`), and it still shrinks to the shortest sequence.
 */
const pastEnd = fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1_000, max: 1_000_000 })).map((ahead) => new ReadPastEnd(ahead));

/**
 * The coverage steps every sequence starts with, whatever the seed, so that each run sends every operation kind and every
 * optional field, flag and union variant of the requests the sequence makes (a case no draw reaches is never judged):
 * two rounds of operations sent at once.
 *
 * 1. An Iou created with every option (several actAs, readAs, a relative minimum ledger time, submission and workflow
 *    ids, a deduplication duration) beside one with none of them but an absolute minimum ledger time and the Empty
 *    deduplication period, whose owner is also among its viewers; a non-consuming choice exercised on a disclosed contract by a non-stakeholder
 *    (`NonConsumingWitnesses`, drawn roles); a contract implementing the fixtures' interface read with its view (drawn).
 * 2. An Iou created with the deduplication offset of the first transaction and no minimum ledger time; the first Iou
 *    read by parties who did not submit it, with every filter kind (wildcard and template with and without the blob,
 *    interface with and without its view, another template), filtersForAnyParty (wildcard, another template, the
 *    interface) beside filtersByParty or alone, terse and verbose, in both shapes; the offsets just and far past the end.
 */
function coverage(context: ConformanceContext): fc.Arbitrary<fc.AsyncCommand<Model, Real>[]> {
  const rights = (actor: Actor) => context.userWhere(`can act as ${actor}`, (user) => user.rights.actAs.includes(actor)).rights;
  // The actor whose user acts as several parties, and one whose user also reads as others (the first actors otherwise).
  const several = ACTORS.find((actor) => rights(actor).actAs.length > 1) ?? ACTORS[0];
  const reader = ACTORS.find((actor) => rights(actor).readAs.length > 0) ?? ACTORS[1];
  const others = PARTIES.filter((alias) => alias !== several && !rights(several).actAs.includes(alias));
  const [owner, viewer] = [others[0] ?? 'carol', others[1] ?? others[0] ?? 'carol'];
  // The second Iou's owner is not its payer (a payer is its signatory, never among its observers).
  const second = PARTIES.find((alias) => alias !== reader) ?? 'carol';
  const all = {
    minLedgerTimeSeconds: 1,
    minLedgerTimeKind: 'rel' as const,
    submissionId: true,
    workflowId: true,
    extraActAs: true,
    readAs: true,
    deduplication: 'duration' as const,
    shape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' as const,
  };
  const none = {
    minLedgerTimeSeconds: 1,
    minLedgerTimeKind: 'abs' as const,
    submissionId: false,
    workflowId: false,
    extraActAs: false,
    readAs: true,
    deduplication: 'empty' as const,
    shape: 'TRANSACTION_SHAPE_ACS_DELTA' as const,
  };
  const roles = ACTORS.flatMap((signatory) =>
    ACTORS.filter((actor) => actor !== signatory).flatMap((actor) =>
      PARTIES.filter((observer) => observer !== signatory && observer !== actor).map(
        (observer) => new NonConsumingWitnesses(signatory, observer, actor),
      ),
    ),
  );
  const LE: Shape = 'TRANSACTION_SHAPE_LEDGER_EFFECTS';
  const ACS: Shape = 'TRANSACTION_SHAPE_ACS_DELTA';
  return fc.tuple(fc.constantFrom(...roles), createAsset).map(([witnesses, asset]) => [
    new Together([
      new CreateIou(several, owner, viewer === owner ? [] : [viewer], all),
      // Its owner among its viewers: an observer expression whose list repeats a party (observers are a set).
      new CreateIou(reader, second, [second], none),
      witnesses,
      asset,
    ]),
    new Together([
      new CreateIou(ACTORS[2], owner, [], {
        ...none,
        minLedgerTimeSeconds: undefined,
        readAs: false,
        workflowId: true,
        deduplication: 'offset',
        shape: LE,
      }),
      // Transaction #0 is the first Iou (the first step's first operation): read by its owner and viewer, no submitters.
      new ReadOffset(0, [owner], ['wildcard'], ACS, 'other-template'),
      new ReadOffset(0, [viewer], ['iou-blob'], LE, 'none', false),
      new ReadOffset(0, [owner, viewer], ['interface', 'wildcard-blob'], LE),
      new ReadOffset(0, [], ['wildcard'], LE, 'wildcard'),
      new ReadOffset(0, [several], ['iou'], ACS, 'interface-view'),
      new ReadOffset(0, [owner], ['other-template'], ACS, 'interface', false),
      // Just past the end (the boundary an off-by-one misses) and far past it (no race with a commit can hide that one).
      new ReadPastEnd(1),
      new ReadPastEnd(1_000_000),
    ]),
  ]);
}

/**
 * A sequence: the coverage steps, then two to six operations of any kind, run by fast-check's model runner
 * (`fc.asyncModelRun`, which skips an operation whose precondition the model does not meet). An array of commands rather
 * than `fc.commands`: its shrinking does not depend on which commands ran, so the path a failure reports replays it
 * exactly (`ledger-conformance replay`), and it still shrinks to the shortest sequence (the random part, and the drawn
 * roles of the coverage steps).
 */
const sequences = (context: ConformanceContext) =>
  fc.tuple(
    coverage(context),
    fc.array(
      fc.oneof(
        create,
        exercise,
        exercise,
        exercise,
        read,
        read,
        fc.nat(20).map((pick) => new RaceArchive(pick)),
        createAsset,
        pastEnd,
      ),
      { minLength: 2, maxLength: 6 },
    ),
  );

conformanceSuite('flows / stateful ledger', () => {
  conformanceTest(
    {
      name: 'random sequences of creates, exercises, archives and reads agree with the ledger model step by step',
      endpoint: 'submit-and-wait',
      clauses: [CLAUSE, 'canton.model.offset-past-end'],
      requires: ['writes'],
    },
    async (context) => {
      for (const actor of ACTORS) userFor(context, actor);
      auditor(context);
      await context.forAll(
        sequences(context),
        async ([prelude, rest]) => {
          const real: Real = { context, log: [] };
          await runModelSequence(context.seed, { ious: [], txs: [] }, real, [...prelude, ...rest]);
        },
        { numRuns: Math.max(2, Math.round(context.cases / 25)) },
      );
    },
  );
});
