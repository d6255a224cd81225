/**
 * The offset guard (harness/library/offset-guard.ts) on hand-made answers: the rules that need no request are judged
 * when a submission is answered; the lookup of its offset is owed, and settled by a read of the test's own that shows
 * the submission's transaction there (no request of the guard's), otherwise by the guard's own lookups.
 */
import { describe, expect, it } from 'vitest';
import { CheckFailure } from '../../checks/assertion.js';
import type { ClientRequest, ClientResponse } from '../../client/http.js';
import { OffsetGuard, lookupOffset } from '../../harness/library/offset-guard.js';
import { jsonAnswer } from '../checks/support.js';

const BANK = 'Bank::1220aa';
const SUBMIT = '/v2/commands/submit-and-wait';
const BY_OFFSET = '/v2/updates/update-by-offset';

const submission = (commandId = 'c1'): ClientRequest => ({
  api: 'participant',
  method: 'POST',
  path: SUBMIT,
  user: 'bank-user',
  body: { commands: [{ CreateCommand: { templateId: '#CantonExamples:Iou:Iou', createArguments: {} } }], commandId, actAs: [BANK] },
});
const completed = (offset: number, updateId: string): ClientResponse => jsonAnswer(200, { updateId, completionOffset: offset }, SUBMIT);
const readAt = (offset: number): ClientRequest => ({
  api: 'participant',
  method: 'POST',
  path: BY_OFFSET,
  user: 'auditor',
  body: { offset, updateFormat: {} },
});
const transactionAt = (offset: number, updateId: string, commandId = ''): ClientResponse =>
  jsonAnswer(200, { update: { Transaction: { value: { updateId, offset, commandId, events: [] } } } }, BY_OFFSET);
const notFound = (): ClientResponse => jsonAnswer(404, { code: 'UPDATE_NOT_FOUND', cause: 'Update not found, or not visible.' }, BY_OFFSET);

/** A guard whose lookups are answered by `answers` in turn, recording what it sent. */
function guardAnswering(...answers: ClientResponse[]): { guard: OffsetGuard; sent: ClientRequest[] } {
  const sent: ClientRequest[] = [];
  const guard = new OffsetGuard(async (request) => {
    sent.push(request);
    const next = answers.shift();
    if (next === undefined) throw new Error('the guard sent a lookup this test did not expect');
    return next;
  });
  return { guard, sent };
}

async function failureOf(promise: Promise<unknown>): Promise<CheckFailure> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CheckFailure);
  return error as CheckFailure;
}

describe('offset guard', () => {
  it('a read of the test at the offset showing the submission settles its lookup: the guard sends nothing', async () => {
    const { guard, sent } = guardAnswering();
    const owed = guard.answered(submission(), completed(7, 'u7'), guard.floor())!;
    expect(owed).toBeDefined();
    expect(owed.settledBy(readAt(7), transactionAt(7, 'u7'))).toBe(true);
    await owed.verdict();
    expect(sent).toEqual([]);
  });

  it('a read at another offset, or showing another transaction, does not settle it: the lookups judge (both shapes show another: the offset fails)', async () => {
    const { guard, sent } = guardAnswering(transactionAt(7, 'u-other'), transactionAt(7, 'u-other'));
    const owed = guard.answered(submission(), completed(7, 'u7'), guard.floor())!;
    expect(owed.settledBy(readAt(8), transactionAt(8, 'u7'))).toBe(false);
    expect(owed.settledBy(readAt(7), transactionAt(7, 'u-other'))).toBe(false);
    const failure = await failureOf(owed.verdict());
    expect(failure.clauseId).toBe('limits.offsets.positive');
    expect(failure.detail).toMatch(/holds another transaction \(updateId u-other in both shapes\)/);
    expect(sent.map((request) => [request.path, request.user, (request.body as { offset: number }).offset])).toEqual([
      [BY_OFFSET, 'bank-user', 7],
      [BY_OFFSET, 'bank-user', 7],
    ]);
  });

  it('an offset its act-as parties see nothing at fails; a lookup showing the submission passes', async () => {
    const missing = guardAnswering(notFound());
    const owed = missing.guard.answered(submission(), completed(9, 'u9'), 0)!;
    expect((await failureOf(owed.verdict())).detail).toMatch(/holds no transaction its act-as parties witness/);
    const right = guardAnswering(transactionAt(9, 'u9'));
    await right.guard.answered(submission(), completed(9, 'u9'), 0)!.verdict();
    expect(right.sent).toHaveLength(1);
  });

  it("another updateId with another submission's commandId in ledger effects fails, also when the ACS delta has nothing for these parties", async () => {
    // The transaction at the offset is another submission's non-consuming exercise: the ACS delta shows these parties nothing.
    const other = guardAnswering(transactionAt(7, 'u-other', 'another-command'), notFound());
    const failure = await failureOf(other.guard.answered(submission('c1'), completed(7, 'u7'), 0)!.verdict());
    expect(failure.detail).toMatch(/holds another transaction \(updateId u-other, commandId another-command\)/);
    // The submission's own commandId beside another updateId is the updateId's rule (one per transaction), not the offset's.
    const own = guardAnswering(transactionAt(7, 'u-other', 'c1'), notFound());
    await own.guard.answered(submission('c1'), completed(7, 'u7'), 0)!.verdict();
    expect(own.sent).toHaveLength(2);
    // No commandId shown (not a submitter's view): no verdict without the ACS delta.
    const unnamed = guardAnswering(transactionAt(7, 'u-other'), notFound());
    await unnamed.guard.answered(submission('c1'), completed(7, 'u7'), 0)!.verdict();
  });

  it('started beside another request, the lookups are the verdict: a later read no longer settles it', async () => {
    const { guard, sent } = guardAnswering(notFound());
    const owed = guard.answered(submission(), completed(5, 'u5'), 0)!;
    owed.start();
    expect(sent).toHaveLength(1);
    expect(owed.settledBy(readAt(5), transactionAt(5, 'u5'))).toBe(false);
    await failureOf(owed.verdict());
    expect(sent).toHaveLength(1);
  });

  it('the rules that need no request fail at once: an offset not after the floor, an offset reported for another updateId', () => {
    const { guard } = guardAnswering();
    guard.answered(submission('a'), completed(10, 'u10'), guard.floor());
    const floor = guard.floor();
    expect(floor).toBe(10);
    expect(() => guard.answered(submission('b'), completed(10, 'u11'), floor)).toThrow(/is not after 10/);
    expect(() => guard.answered(submission('c'), completed(10, 'u12'), 0)).toThrow(/already reported for another transaction/);
  });

  it('owes nothing for a refused submission or one without commands', () => {
    const { guard } = guardAnswering();
    expect(guard.answered(submission(), jsonAnswer(400, { code: 'INVALID_ARGUMENT' }, SUBMIT), 0)).toBeUndefined();
    const empty: ClientRequest = { ...submission(), body: { commands: [], commandId: 'e', actAs: [BANK] } };
    expect(guard.answered(empty, completed(3, 'u3'), 0)).toBeUndefined();
  });

  it('lookupOffset names the offset of an update-by-offset request only', () => {
    expect(lookupOffset(readAt(12))).toBe(12);
    expect(lookupOffset(submission())).toBeUndefined();
  });
});
