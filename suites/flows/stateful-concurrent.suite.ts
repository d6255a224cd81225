/**
 * Concurrent stateful variants (issue 27): a round of ledger submissions and user-management writes sent at once, their
 * answers delivered to the round in an order fast-check's scheduler (`fc.scheduler`) chooses (so a follow-up, such as
 * the exercise of a contract just created, goes out at a point the scheduler picks), then reads. The round's model states
 * constraints, not the order the node chose:
 * - independent creates and the exercises chained on them all commit (in whatever order the node commits them);
 * - of the consuming exercises of one shared contract sent together, exactly one commits and every other is refused with
 *   one of the codes Canton 3.5 gives a contention (CONTRACT_NOT_FOUND or CONTRACT_NOT_ACTIVE at interpretation,
 *   LOCAL_VERDICT_INACTIVE_CONTRACTS or LOCAL_VERDICT_LOCKED_CONTRACTS at confirmation);
 * - concurrent updates of one user: each one without a resourceVersion lands; one carrying the version read before the
 *   round lands or is refused CONCURRENT_USER_UPDATE_DETECTED when another write to the user was under way; afterwards
 *   each field holds the value of one of the writes that landed on it (the last writer's), every annotation key a write
 *   landed is there, and every right granted is held.
 * Every exchange is also held by the engine against the worker's ledger and users models (checks/ledger-model.ts,
 * checks/user-model.ts), which judge reads only where no race leaves the order open.
 *
 * A failure is shrunk by fast-check to the shortest round that shows it and printed as a script with the seed and the
 * scheduler's order of delivery; `ledger-conformance replay <test id>` reruns it (suites/support/scheduled-round.ts).
 * Budget: `--cases` / 25 rounds (at least two), run concurrently (each round has its own contracts and users).
 */
import fc from 'fast-check';
import type { ClientResponse } from '../../client/http.js';
import { agreesWithModel } from '../../checks/stateful.js';
import { freshId } from '../../generators/index.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { parseJsonLossless } from '../../specification/json.js';
import { transactionFormat, transactionIn, updateByOffset, wildcardFilter, type JsonObject } from '../support/ledger.js';
import { adminUser, canActAs } from '../support/user-management.js';
import { runScheduledRound, schedulerSeeds, type ScheduledRound } from '../support/scheduled-round.js';
import { auditor } from '../support/visibility.js';

const CLAUSE = 'canton.model.stateful-sequence';
const ONE_WINS = 'canton.commands.concurrent-consume-one-wins';
const ACTORS = ['alice', 'bob', 'bank'] as const;
const PARTIES = ['alice', 'bob', 'bank', 'carol'] as const;
type Actor = (typeof ACTORS)[number];
type Party = (typeof PARTIES)[number];

/** The codes Canton 3.5 refuses the loser of a contention with (interpretation or confirmation, whichever saw it). */
const CONTENTION_CODES: ReadonlySet<string> = new Set([
  'CONTRACT_NOT_FOUND',
  'CONTRACT_NOT_ACTIVE',
  'LOCAL_VERDICT_INACTIVE_CONTRACTS',
  'LOCAL_VERDICT_LOCKED_CONTRACTS',
]);
const VERSION_CONFLICT = 'CONCURRENT_USER_UPDATE_DETECTED';

/** The shared Ious of a round: created before it, consumed concurrently in it. */
const SHARED: readonly { payer: Actor; owner: Actor }[] = [
  { payer: 'alice', owner: 'bob' },
  { payer: 'bank', owner: 'alice' },
];
/** Users of a round (by index). */
const USERS = 2;

type Field = 'primary_party' | 'is_deactivated' | 'metadata.annotations';

type Op =
  | { kind: 'consume'; iou: number; choice: 'Transfer' | 'Archive'; to: Party; thenArchiveChild: boolean }
  | { kind: 'create'; payer: Actor; owner: Actor; then: 'none' | 'Transfer' | 'Archive'; to: Party }
  | { kind: 'update'; user: number; field: Field; party: Party; deactivate: boolean; withVersion: boolean }
  | { kind: 'grant'; user: number; party: Party };

function describe(op: Op, index: number): string {
  switch (op.kind) {
    case 'consume':
      return `op#${index} ${op.choice} shared Iou #${op.iou}${op.choice === 'Transfer' ? ` to ${op.to}${op.thenArchiveChild ? ', then archive the new Iou' : ''}` : ''}`;
    case 'create':
      return `op#${index} create Iou payer=${op.payer} owner=${op.owner}${op.then === 'none' ? '' : `, then ${op.then}${op.then === 'Transfer' ? ` to ${op.to}` : ''}`}`;
    case 'update':
      return `op#${index} update user #${op.user} mask=${op.field} ${op.field === 'primary_party' ? `party=${op.party}` : op.field === 'is_deactivated' ? `isDeactivated=${op.deactivate}` : `annotation k${index}=v${index}`}${op.withVersion ? ' with the resourceVersion read before the round' : ''}`;
    case 'grant':
      return `op#${index} grant user #${op.user} act-as ${op.party}`;
  }
}

function userFor(context: ConformanceContext, actor: Actor): string {
  return context.userWhere(`can act as ${actor}`, (user) => user.rights.actAs.includes(actor)).id;
}

const codeOf = (response: ClientResponse): string => {
  const body = parseJsonLossless(response.text) as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : '-';
};
const answered = (response: ClientResponse): string => `${response.status} ${codeOf(response)}`;
const offsetOf = (response: ClientResponse): number =>
  Number((parseJsonLossless(response.text) as { completionOffset?: unknown }).completionOffset);

interface RoundState {
  context: ConformanceContext;
  round: ScheduledRound;
  shared: string[];
  userIds: string[];
  versions: string[];
  /** Every commit of the round: its offset and who sees it (read back after the round). */
  commits: { offset: number; parties: Party[] }[];
}

function submit(state: RoundState, label: string, actor: Actor, command: JsonObject): Promise<ClientResponse> {
  const { context } = state;
  return state.round.deliver(
    label,
    context.send({
      endpoint: 'submit-and-wait',
      user: userFor(context, actor),
      body: { commands: [command], commandId: freshId('concurrent'), actAs: [context.party(actor)] },
    }),
  );
}

function iouCreate(context: ConformanceContext, payer: Party, owner: Party): JsonObject {
  return {
    CreateCommand: {
      templateId: context.fixtures.templates.iou.templateId,
      createArguments: {
        payer: context.party(payer),
        owner: context.party(owner),
        amount: { value: '10.0', currency: 'USD' },
        viewers: [],
      },
    },
  };
}

function iouExercise(context: ConformanceContext, contractId: string, choice: 'Transfer' | 'Archive', to: Party): JsonObject {
  return {
    ExerciseCommand: {
      templateId: context.fixtures.templates.iou.templateId,
      contractId,
      choice,
      choiceArgument: choice === 'Transfer' ? { newOwner: context.party(to) } : {},
    },
  };
}

/** The one Iou the transaction at `offset` creates, read by `reader` (the engine's ledger model holds the read). */
async function createdIn(state: RoundState, label: string, offset: number, reader: Party): Promise<string> {
  const { context } = state;
  const read = await state.round.deliver(
    label,
    updateByOffset(
      context,
      auditor(context),
      offset,
      transactionFormat({ [context.party(reader)]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_LEDGER_EFFECTS'),
    ),
  );
  const events = transactionIn(parseJsonLossless(read.text))?.events ?? [];
  const created = events.filter(([kind]) => kind === 'CreatedEvent').map(([, payload]) => payload['contractId']);
  agreesWithModel(
    CLAUSE,
    read.status === 200 && created.length === 1 && typeof created[0] === 'string',
    `${label}: the transaction at offset ${offset} shows ${reader} one created Iou; the read answered ${read.status} with ${created.length}`,
    read,
  );
  return created[0] as string;
}

/** What each operation of the round got back. */
type ConsumeOutcome = { op: Extract<Op, { kind: 'consume' }>; index: number; answer: ClientResponse; child?: ClientResponse };
type UpdateOutcome = { op: Extract<Op, { kind: 'update' }>; index: number; answer: ClientResponse };
type GrantOutcome = { op: Extract<Op, { kind: 'grant' }>; index: number; answer: ClientResponse };
type Outcome = ConsumeOutcome | UpdateOutcome | GrantOutcome;

async function runOp(state: RoundState, op: Op, index: number): Promise<Outcome | undefined> {
  const { context } = state;
  const label = describe(op, index);
  switch (op.kind) {
    case 'consume': {
      const iou = SHARED[op.iou]!;
      const controller = op.choice === 'Transfer' ? iou.owner : iou.payer;
      const answer = await submit(state, label, controller, iouExercise(context, state.shared[op.iou]!, op.choice, op.to));
      if (answer.status !== 200) return { op, index, answer };
      const parties: Party[] = op.choice === 'Transfer' ? [iou.payer, iou.owner, op.to] : [iou.payer, iou.owner];
      state.commits.push({ offset: offsetOf(answer), parties });
      if (op.choice !== 'Transfer' || !op.thenArchiveChild) return { op, index, answer };
      const child = await createdIn(state, `op#${index}: the new Iou of the Transfer`, offsetOf(answer), iou.payer);
      const archived = await submit(state, `op#${index}: archive the new Iou`, iou.payer, iouExercise(context, child, 'Archive', op.to));
      if (archived.status === 200) state.commits.push({ offset: offsetOf(archived), parties: [iou.payer, op.to] });
      return { op, index, answer, child: archived };
    }
    case 'create': {
      const created = await submit(state, label, op.payer, iouCreate(context, op.payer, op.owner));
      agreesWithModel(CLAUSE, created.status === 200, `${label}: an independent create commits; answered ${answered(created)}`, created);
      state.commits.push({ offset: offsetOf(created), parties: [op.payer, op.owner] });
      if (op.then === 'none') return undefined;
      const contractId = await createdIn(state, `op#${index}: the Iou created`, offsetOf(created), op.owner);
      const controller = op.then === 'Transfer' ? op.owner : op.payer;
      const exercised = await submit(state, `op#${index}: ${op.then}`, controller, iouExercise(context, contractId, op.then, op.to));
      agreesWithModel(
        CLAUSE,
        exercised.status === 200,
        `op#${index}: ${op.then} of the Iou the operation created (no one else uses it) commits; answered ${answered(exercised)}`,
        exercised,
      );
      state.commits.push({
        offset: offsetOf(exercised),
        parties: op.then === 'Transfer' ? [op.payer, op.owner, op.to] : [op.payer, op.owner],
      });
      return undefined;
    }
    case 'update': {
      const id = state.userIds[op.user]!;
      const answer = await state.round.deliver(
        label,
        context.send({
          endpoint: 'users.update',
          params: { 'user-id': id },
          user: adminUser(context),
          body: {
            user: {
              id,
              primaryParty: context.party(op.party),
              isDeactivated: op.deactivate,
              metadata: {
                annotations: { [`k${index}`]: `v${index}` },
                ...(op.withVersion ? { resourceVersion: state.versions[op.user] } : {}),
              },
            },
            updateMask: { paths: [op.field] },
          },
        }),
      );
      return { op, index, answer };
    }
    case 'grant': {
      const id = state.userIds[op.user]!;
      const answer = await state.round.deliver(
        label,
        context.send({
          endpoint: 'users.grant-rights',
          params: { 'user-id': id },
          user: adminUser(context),
          body: { userId: id, rights: [canActAs(context.party(op.party))], identityProviderId: '' },
        }),
      );
      return { op, index, answer };
    }
  }
}

/** The shared Ious and users of a round, made at once before it; the users' resource versions as created. */
async function setUp(context: ConformanceContext, prefix: string): Promise<Pick<RoundState, 'shared' | 'userIds' | 'versions'>> {
  const admin = adminUser(context);
  const userIds = Array.from({ length: USERS }, (_unused, index) => `${prefix}-${index}`);
  const [shared, users] = await Promise.all([
    Promise.all(
      SHARED.map(async ({ payer, owner }, index) => {
        const created = await context.send({
          endpoint: 'submit-and-wait',
          user: userFor(context, payer),
          body: { commands: [iouCreate(context, payer, owner)], commandId: freshId('concurrent-setup'), actAs: [context.party(payer)] },
        });
        agreesWithModel(CLAUSE, created.status === 200, `set-up: create shared Iou #${index}; answered ${answered(created)}`, created);
        const state = { context, round: unscheduled, shared: [], userIds: [], versions: [], commits: [] };
        return createdIn(state, `set-up: the shared Iou #${index}`, offsetOf(created), owner);
      }),
    ),
    Promise.all(
      userIds.map(async (id) => {
        const created = await context.send({
          endpoint: 'users.create',
          user: admin,
          body: { user: { id, primaryParty: '', isDeactivated: false, metadata: { annotations: {} } }, rights: [] },
        });
        agreesWithModel(CLAUSE, created.status === 200, `set-up: create user ${id}; answered ${answered(created)}`, created);
        const user = (parseJsonLossless(created.text) as { user?: { metadata?: { resourceVersion?: unknown } } }).user;
        return String(user?.metadata?.resourceVersion ?? '');
      }),
    ),
  ]);
  return { shared, userIds, versions: users };
}

/** Outside a round (its set-up): answers are taken as they come. */
const unscheduled: ScheduledRound = { deliver: (_label, answer) => answer, settle: (work) => work };

/** Consumers of each shared Iou: exactly one commits, every other is refused with a contention code. */
function judgeContention(outcomes: readonly Outcome[]): void {
  SHARED.forEach((_iou, index) => {
    const consumers = outcomes.filter((outcome): outcome is ConsumeOutcome => outcome.op.kind === 'consume' && outcome.op.iou === index);
    if (consumers.length === 0) return;
    const winners = consumers.filter((outcome) => outcome.answer.status === 200);
    const losers = consumers.filter((outcome) => outcome.answer.status !== 200);
    const all = consumers.map((outcome) => `op#${outcome.index}: ${answered(outcome.answer)}`).join(', ');
    agreesWithModel(
      ONE_WINS,
      winners.length === 1,
      `of ${consumers.length} consuming exercises of shared Iou #${index} sent together, the model expects exactly one to commit; answered ${all}`,
      winners[1]?.answer ?? consumers[0]!.answer,
    );
    for (const loser of losers)
      agreesWithModel(
        ONE_WINS,
        loser.answer.status >= 400 && loser.answer.status < 500 && CONTENTION_CODES.has(codeOf(loser.answer)),
        `op#${loser.index}: a consuming exercise that lost shared Iou #${index} to op#${winners[0]?.index ?? '?'} is refused with one of ${[...CONTENTION_CODES].join(', ')}; answered ${answered(loser.answer)}`,
        loser.answer,
      );
    for (const winner of winners)
      if (winner.child !== undefined)
        agreesWithModel(
          CLAUSE,
          winner.child.status === 200,
          `op#${winner.index}: the archive of the Iou its Transfer created (no one else uses it) commits; answered ${answered(winner.child)}`,
          winner.child,
        );
  });
}

/** The users after the round: each field one of the values that landed on it, every landed annotation and right there. */
function judgeUsers(context: ConformanceContext, outcomes: readonly Outcome[], reads: readonly [ClientResponse, ClientResponse][]): void {
  reads.forEach(([read, rights], user) => {
    const writes = outcomes.filter(
      (outcome): outcome is UpdateOutcome | GrantOutcome =>
        (outcome.op.kind === 'update' || outcome.op.kind === 'grant') && outcome.op.user === user,
    );
    const updates = writes.filter((outcome): outcome is UpdateOutcome => outcome.op.kind === 'update');
    for (const { op, index, answer } of updates) {
      const racing = writes.length > 1;
      const refusedAsStale = op.withVersion && racing && answer.status >= 400 && answer.status < 500 && codeOf(answer) === VERSION_CONFLICT;
      agreesWithModel(
        CLAUSE,
        answer.status === 200 || refusedAsStale,
        `op#${index}: the model expects 200${op.withVersion && racing ? ` or ${VERSION_CONFLICT} (4xx; another write to the user was under way)` : ''}; answered ${answered(answer)}`,
        answer,
      );
    }
    const landed = updates.filter((outcome) => outcome.answer.status === 200);
    if (updates.length > 0 && updates.every((outcome) => outcome.op.withVersion))
      agreesWithModel(
        CLAUSE,
        landed.length > 0,
        `user #${user}: of updates all carrying the version read before the round, the first the node applies is not stale; all were refused`,
        updates[0]!.answer,
      );
    const record = (parseJsonLossless(read.text) as { user?: JsonObject } | undefined)?.user ?? {};
    const annotations = ((record['metadata'] as JsonObject | undefined)?.['annotations'] ?? {}) as Record<string, unknown>;
    const on = (field: Field) => landed.filter((outcome) => outcome.op.field === field);
    const oneOf = (field: Field, initial: unknown, valueOf: (op: Extract<Op, { kind: 'update' }>) => unknown): unknown[] =>
      on(field).length === 0 ? [initial] : on(field).map((outcome) => valueOf(outcome.op));
    const parties = oneOf('primary_party', '', (op) => context.party(op.party));
    const deactivated = oneOf('is_deactivated', false, (op) => op.deactivate);
    const keys = on('metadata.annotations').map((outcome) => `k${outcome.index}`);
    const missing = keys.filter((key) => annotations[key] !== `v${key.slice(1)}`);
    agreesWithModel(
      CLAUSE,
      read.status === 200 &&
        parties.includes(record['primaryParty'] ?? '') &&
        deactivated.includes(record['isDeactivated'] ?? false) &&
        missing.length === 0,
      `user #${user} after the round: the model expects primaryParty one of [${parties.join(', ') || "''"}], isDeactivated one of [${deactivated.join(', ')}] (the last writer's), and the annotations [${keys.join(', ')}] every landed update set${missing.length > 0 ? ` (missing ${missing.join(', ')})` : ''}; read ${read.status} ${read.text.slice(0, 300)}`,
      read,
    );
    const granted = writes.filter((outcome): outcome is GrantOutcome => outcome.op.kind === 'grant');
    for (const { index, answer } of granted)
      agreesWithModel(CLAUSE, answer.status === 200, `op#${index}: a grant lands; answered ${answered(answer)}`, answer);
    const expected = [...new Set(granted.map((outcome) => context.party(outcome.op.party)))].sort();
    const shown = ((parseJsonLossless(rights.text) as { rights?: JsonObject[] } | undefined)?.rights ?? [])
      .map(
        (right) => ((right['kind'] as JsonObject | undefined)?.['CanActAs'] as { value?: { party?: unknown } } | undefined)?.value?.party,
      )
      .filter((party): party is string => typeof party === 'string');
    agreesWithModel(
      CLAUSE,
      rights.status === 200 && [...new Set(shown)].sort().join() === expected.join(),
      `user #${user} after the round: concurrent grants all land; the model expects act-as [${expected.join(', ')}]; read ${rights.status} [${shown.join(', ')}]`,
      rights,
    );
  });
}

const party = fc.constantFrom(...PARTIES);
const actor = fc.constantFrom(...ACTORS);
const sharedIou = fc.nat(SHARED.length - 1);
const userIndex = fc.nat(USERS - 1);
const field = fc.constantFrom<Field>('primary_party', 'is_deactivated', 'metadata.annotations');

const consume = (iou: fc.Arbitrary<number>): fc.Arbitrary<Op> =>
  fc.record({
    kind: fc.constant('consume' as const),
    iou,
    choice: fc.constantFrom('Transfer' as const, 'Archive' as const),
    to: party,
    thenArchiveChild: fc.boolean(),
  });
const update = (user: fc.Arbitrary<number>, fields: fc.Arbitrary<Field>): fc.Arbitrary<Op> =>
  fc.record({ kind: fc.constant('update' as const), user, field: fields, party, deactivate: fc.boolean(), withVersion: fc.boolean() });
const create: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('create' as const),
  payer: actor,
  owner: actor,
  then: fc.constantFrom('none' as const, 'Transfer' as const, 'Archive' as const),
  to: party,
});
const grant: fc.Arbitrary<Op> = fc.record({ kind: fc.constant('grant' as const), user: userIndex, party });

/**
 * A round: two consuming exercises of shared Iou #0 and two updates of user #0 (the first of its annotations, the
 * second of them or of its primary party, so that a lost one always shows): every round has a contention and a race of
 * writes. Then up to four more operations of any kind, and the seed of the round's scheduler.
 */
const rounds = fc.tuple(
  fc.tuple(
    consume(fc.constant(0)),
    consume(fc.constant(0)),
    update(fc.constant(0), fc.constant<Field>('metadata.annotations')),
    // A change that always shows (primaryParty starts empty): a lost update of either is seen, whichever lands last.
    update(fc.constant(0), fc.constantFrom<Field>('primary_party', 'metadata.annotations')),
  ),
  fc.array(fc.oneof(consume(sharedIou), create, update(userIndex, field), grant), { maxLength: 4 }),
  schedulerSeeds,
);

conformanceSuite('flows / stateful concurrent', () => {
  conformanceTest(
    {
      name: 'concurrent submissions and user writes, answered in an order fast-check’s scheduler picks, agree with the models',
      endpoint: 'submit-and-wait',
      clauses: [CLAUSE, ONE_WINS],
      requires: ['writes', 'userManagement'],
    },
    async (context) => {
      for (const name of ACTORS) userFor(context, name);
      auditor(context);
      const admin = adminUser(context);
      await context.forAll(
        rounds,
        async ([first, rest, order]) => {
          const ops = [...first, ...rest];
          const steps = ops.map(describe);
          const prefix = freshId('concurrent-user');
          const userIds = Array.from({ length: USERS }, (_unused, index) => `${prefix}-${index}`);
          try {
            await runScheduledRound(context.seed, order, steps, async (round) => {
              const state: RoundState = { context, round, ...(await setUp(context, prefix)), commits: [] };
              // Every operation's first request goes out now; the scheduler picks the order their answers arrive in.
              const outcomes = (await round.settle(Promise.all(ops.map((op, index) => runOp(state, op, index))))).filter(
                (outcome): outcome is Outcome => outcome !== undefined,
              );
              judgeContention(outcomes);
              // Reads after the round, at once: each user and its rights, and every commit by the parties who see it (the
              // engine's ledger model holds these).
              const [users, commits] = await Promise.all([
                Promise.all(
                  state.userIds.map((id) =>
                    Promise.all([
                      context.send({ endpoint: 'users.get', params: { 'user-id': id }, user: admin }),
                      context.send({ endpoint: 'users.rights', params: { 'user-id': id }, user: admin }),
                    ]),
                  ),
                ),
                Promise.all(
                  state.commits.map(({ offset, parties }) =>
                    updateByOffset(
                      context,
                      auditor(context),
                      offset,
                      transactionFormat(
                        Object.fromEntries([...new Set(parties)].map((reader) => [context.party(reader), [wildcardFilter()]])),
                        'TRANSACTION_SHAPE_ACS_DELTA',
                      ),
                    ),
                  ),
                ),
              ]);
              commits.forEach((read, index) =>
                agreesWithModel(
                  CLAUSE,
                  read.status === 200,
                  `the commit at offset ${state.commits[index]!.offset} is shown to its stakeholders (${state.commits[index]!.parties.join(', ')}); answered ${answered(read)}`,
                  read,
                ),
              );
              judgeUsers(context, outcomes, users);
            });
          } finally {
            await Promise.all(userIds.map((id) => context.send({ endpoint: 'users.delete', params: { 'user-id': id }, user: admin })));
          }
        },
        { numRuns: Math.max(2, Math.round(context.cases / 25)) },
      );
    },
  );
});
