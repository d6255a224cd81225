/**
 * A submission's completion offset is checked before a test uses it (issue 30: with a target that reports a wrong
 * offset, a lookup at that offset finds another transaction, or none, and the test blamed the command before it).
 *
 * For every submit-and-wait this worker sends that is answered 200, before the answer reaches the test:
 * - its `completionOffset` is after every completion offset reported to this worker by a submission that completed
 *   before this one was sent (offsets of a node increase: a transaction committed later has a larger offset);
 * - no other submission of this worker was reported at that offset with another updateId;
 * - the transaction at that offset is the submission's own: update-by-offset at `completionOffset` (ledger effects,
 *   the act-as parties' view, as the same user) finds a transaction (a submission's act-as parties authorize its root
 *   nodes, so they witness it), and one with the submission's `updateId` in ledger effects or, failing that, in the
 *   ACS delta (a wrong updateId in one shape only is another rule's failure); a ledger-effects view with another
 *   updateId and another submission's `commandId` is another transaction. A lookup the user may not make (403),
 *   or an ACS delta with nothing for these parties, decides nothing.
 * A wrong offset fails `limits.offsets.positive` (check stateful_consistency) before the test sees anything that depends
 * on it, so the test fails on the offset clause and the lookups it would have made next are not reached. A right offset
 * credits nothing (failUnless): the offset tests (flows / deduplication and offsets) credit the clause.
 *
 * The first two rules are judged when the answer arrives. The third costs lookups, so it is kept off the test's path
 * (`harness/library/environment.ts`): the submission's answer reaches the test at once, and the lookup is owed by the
 * test. The answer of the next request the test sends is held until it is settled: by that very answer when it is a
 * read at the submission's offset showing its updateId (most tests read their transaction back right away: that read
 * proves the offset, and the guard sends nothing), otherwise by the guard's lookups, sent beside that request (or, for a
 * read at the offset that does not show the transaction, after it). What a test still owes when its body ends is settled
 * then, and a wrong offset is the test's failure before anything the body threw after the submission was answered.
 */
import { failUnless } from '../../checks/assertion.js';
import type { ClientRequest, ClientResponse } from '../../client/http.js';
import { parseJsonLossless } from '../../specification/json.js';

const CLAUSE = 'limits.offsets.positive';
const SUBMIT_AND_WAIT = '/v2/commands/submit-and-wait';
const UPDATE_BY_OFFSET = '/v2/updates/update-by-offset';

type Send = (request: ClientRequest) => Promise<ClientResponse>;

/**
 * The lookup a submission still owes: what its answer said (offset, updateId) and what it asked (act-as parties, user).
 * Judged once: by a read of the test's own that shows the submission's updateId at that offset, or by the guard's lookups.
 */
export class OwedLookup {
  /** The verdict of the guard's own lookups, once they were started. */
  private started: Promise<void> | undefined;
  /** Set when a read of the test's showed the submission's transaction at its offset before any lookup was started. */
  private verified = false;

  constructor(
    private readonly guard: OffsetGuard,
    readonly offset: number,
    readonly updateId: string,
    readonly request: ClientRequest,
    readonly actAs: readonly string[],
  ) {}

  /** Starts the guard's lookups now (if no answer has settled it yet), beside whatever the test sends next. */
  start(): void {
    if (!this.verified) this.started ??= this.guard.lookUp(this);
  }

  /**
   * Whether `request`'s answer settles this lookup: an update-by-offset at this offset that shows a transaction with the
   * submission's updateId (any reader, any shape: an offset holds one transaction, so this is the submission's own).
   * Only before the guard's own lookups were started; theirs is the verdict once they were.
   */
  settledBy(request: ClientRequest, response: ClientResponse): boolean {
    if (this.started !== undefined) return false;
    if (this.verified) return true;
    if (lookupOffset(request) !== this.offset || response.status !== 200 || updateIdIn(response) !== this.updateId) return false;
    this.verified = true;
    return true;
  }

  /** The verdict: passes when settled by a read, otherwise the guard's lookups (started now if they were not). */
  async verdict(): Promise<void> {
    if (this.verified) return;
    this.start();
    await this.started;
  }
}

/** The offset an update-by-offset request looks up; undefined for any other request. */
export function lookupOffset(request: ClientRequest): number | undefined {
  if (request.api !== 'participant' || request.method !== 'POST' || request.path !== UPDATE_BY_OFFSET) return undefined;
  const offset = Number((request.body as { offset?: unknown } | undefined)?.offset);
  return Number.isSafeInteger(offset) ? offset : undefined;
}

export class OffsetGuard {
  /** The largest completion offset reported to a submission of this worker that has completed. */
  private completedMax = 0;
  /** updateId by completion offset, as reported to this worker's submissions. */
  private readonly reported = new Map<number, string>();

  constructor(private readonly send: Send) {}

  /** Whether the guard looks at this request: a submit-and-wait. */
  watches(request: ClientRequest): boolean {
    return request.api === 'participant' && request.method === 'POST' && request.path === SUBMIT_AND_WAIT;
  }

  /** Taken when the request is sent: the offsets any answer must be after. */
  floor(): number {
    return this.completedMax;
  }

  /** Checks the answer of a watched request sent when the floor was `floor`; throws a CheckFailure on a wrong offset. */
  async check(request: ClientRequest, response: ClientResponse, floor: number): Promise<void> {
    await this.answered(request, response, floor)?.verdict();
  }

  /**
   * The checks of a watched request's answer that need no request, right away (throws a CheckFailure on a wrong offset),
   * and the lookup it still owes (undefined when none can judge it): the caller settles it before the test sees anything
   * that depends on the offset (`harness/library/environment.ts`: before the answer of the next request the test sends).
   */
  answered(request: ClientRequest, response: ClientResponse, floor: number): OwedLookup | undefined {
    if (response.status !== 200) return undefined;
    const body = safeParse(response.text) as { updateId?: unknown; completionOffset?: unknown } | undefined;
    const offset = Number(body?.completionOffset);
    const updateId = body?.updateId;
    if (!Number.isSafeInteger(offset) || typeof updateId !== 'string') return undefined; // the response checks judge the shape
    const earlier = this.reported.get(offset);
    this.completedMax = Math.max(this.completedMax, offset);
    if (earlier === undefined) this.reported.set(offset, updateId);
    failUnless(
      'stateful_consistency',
      CLAUSE,
      offset > floor,
      `the completionOffset ${offset} of a submission (updateId ${updateId}) is not after ${floor}, the offset reported to a submission that completed before it was sent: offsets must increase`,
      response,
    );
    failUnless(
      'stateful_consistency',
      CLAUSE,
      earlier === undefined || earlier === updateId,
      `the completionOffset ${offset} of a submission (updateId ${updateId}) was already reported for another transaction (updateId ${earlier})`,
      response,
    );
    const { actAs, commands } = (request.body ?? {}) as { actAs?: unknown; commands?: unknown };
    if (!Array.isArray(actAs) || actAs.length === 0 || !actAs.every((party) => typeof party === 'string')) return undefined;
    // A submission without commands (which Canton refuses) commits nothing anyone witnesses: no lookup can judge its offset.
    if (!Array.isArray(commands) || commands.length === 0) return undefined;
    return new OwedLookup(this, offset, updateId, request, actAs as string[]);
  }

  /** The guard's own lookups of an owed submission's offset; throws a CheckFailure when the offset is not the submission's. */
  async lookUp(owed: OwedLookup): Promise<void> {
    const { offset, updateId, request, actAs } = owed;
    const lookUp = (shape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' | 'TRANSACTION_SHAPE_ACS_DELTA') =>
      this.send({
        api: 'participant',
        method: 'POST',
        path: UPDATE_BY_OFFSET,
        ...(request.user === undefined ? {} : { user: request.user }),
        ...(request.token === undefined ? {} : { token: request.token }),
        body: { offset, updateFormat: transactionsOf(actAs, shape) },
      });
    const effects = await lookUp('TRANSACTION_SHAPE_LEDGER_EFFECTS');
    if (effects.status === 404) {
      failUnless(
        'stateful_consistency',
        CLAUSE,
        false,
        `the completionOffset ${offset} of a submission (updateId ${updateId}) holds no transaction its act-as parties witness (UPDATE_NOT_FOUND in ledger effects): it is not the submission's offset`,
        effects,
      );
    }
    if (effects.status !== 200 || updateIdIn(effects) === updateId) return; // not allowed to look (403), a node in trouble: no verdict
    // Another updateId, and the commandId of another submission (the act-as parties read as its submitters, so it is
    // shown): another transaction is at that offset, whatever the ACS delta shows (a transaction with nothing for these
    // parties in the ACS delta, such as a non-consuming exercise, would leave the lookup below without a verdict).
    const { commandId } = (request.body ?? {}) as { commandId?: unknown };
    const shownCommandId = transactionIn(effects)?.commandId;
    failUnless(
      'stateful_consistency',
      CLAUSE,
      typeof commandId !== 'string' || typeof shownCommandId !== 'string' || shownCommandId === '' || shownCommandId === commandId,
      `the completionOffset ${offset} of a submission (updateId ${updateId}, commandId ${String(commandId)}) holds another transaction (updateId ${String(updateIdIn(effects))}, commandId ${shownCommandId}): it is not the submission's offset`,
      effects,
    );
    // Another transaction in ledger effects. That is the offset's fault only if the ACS-delta view shows another one too:
    // a ledger-effects view with a wrong updateId is the rule of one updateId per transaction, not of offsets.
    const delta = await lookUp('TRANSACTION_SHAPE_ACS_DELTA');
    if (delta.status !== 200) return; // no ACS-delta events for these parties (non-consuming, transient): no verdict
    failUnless(
      'stateful_consistency',
      CLAUSE,
      updateIdIn(delta) === updateId,
      `the completionOffset ${offset} of a submission (updateId ${updateId}) holds another transaction (updateId ${String(updateIdIn(delta))} in both shapes): it is not the submission's offset`,
      delta,
    );
  }
}

function transactionsOf(parties: readonly string[], transactionShape: string): unknown {
  const wildcard = { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } };
  return {
    includeTransactions: {
      eventFormat: { filtersByParty: Object.fromEntries(parties.map((party) => [party, { cumulative: [wildcard] }])), verbose: false },
      transactionShape,
    },
  };
}

function transactionIn(response: ClientResponse): { updateId?: unknown; commandId?: unknown } | undefined {
  return (safeParse(response.text) as { update?: { Transaction?: { value?: { updateId?: unknown; commandId?: unknown } } } } | undefined)
    ?.update?.Transaction?.value;
}

function updateIdIn(response: ClientResponse): unknown {
  return transactionIn(response)?.updateId;
}

function safeParse(text: string): unknown {
  try {
    return parseJsonLossless(text);
  } catch {
    return undefined;
  }
}
