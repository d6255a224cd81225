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
 *   ACS delta (a wrong updateId in one shape only is another rule's failure). A lookup the user may not make (403),
 *   or an ACS delta with nothing for these parties, decides nothing.
 * A wrong offset fails `limits.offsets.positive` (check stateful_consistency) right there, so the test fails on the
 * offset clause and the lookups it would have made next are not reached. A right offset credits nothing (failUnless):
 * the offset tests (flows / deduplication and offsets) credit the clause.
 */
import { failUnless } from '../../checks/assertion.js';
import type { ClientRequest, ClientResponse } from '../../client/http.js';
import { parseJsonLossless } from '../../specification/json.js';

const CLAUSE = 'limits.offsets.positive';
const SUBMIT_AND_WAIT = '/v2/commands/submit-and-wait';
const UPDATE_BY_OFFSET = '/v2/updates/update-by-offset';

type Send = (request: ClientRequest) => Promise<ClientResponse>;

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
    if (response.status !== 200) return;
    const body = safeParse(response.text) as { updateId?: unknown; completionOffset?: unknown } | undefined;
    const offset = Number(body?.completionOffset);
    const updateId = body?.updateId;
    if (!Number.isSafeInteger(offset) || typeof updateId !== 'string') return; // the response checks judge the shape
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
    if (!Array.isArray(actAs) || actAs.length === 0 || !actAs.every((party) => typeof party === 'string')) return;
    // A submission without commands (which Canton refuses) commits nothing anyone witnesses: no lookup can judge its offset.
    if (!Array.isArray(commands) || commands.length === 0) return;
    const lookUp = (shape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS' | 'TRANSACTION_SHAPE_ACS_DELTA') =>
      this.send({
        api: 'participant',
        method: 'POST',
        path: UPDATE_BY_OFFSET,
        ...(request.user === undefined ? {} : { user: request.user }),
        ...(request.token === undefined ? {} : { token: request.token }),
        body: { offset, updateFormat: transactionsOf(actAs as string[], shape) },
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

function transactionsOf(parties: string[], transactionShape: string): unknown {
  const wildcard = { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } };
  return {
    includeTransactions: {
      eventFormat: { filtersByParty: Object.fromEntries(parties.map((party) => [party, { cumulative: [wildcard] }])), verbose: false },
      transactionShape,
    },
  };
}

function updateIdIn(response: ClientResponse): unknown {
  return (safeParse(response.text) as { update?: { Transaction?: { value?: { updateId?: unknown } } } } | undefined)?.update?.Transaction
    ?.value?.updateId;
}

function safeParse(text: string): unknown {
  try {
    return parseJsonLossless(text);
  } catch {
    return undefined;
  }
}
