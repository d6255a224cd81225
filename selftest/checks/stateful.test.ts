/** stateful_consistency (checks/stateful.ts): a write compared with hand-made read-backs. */
import { describe, expect, it } from 'vitest';
import {
  allDistinct,
  eventSetsEqual,
  noEffectOfRejectedWrite,
  offsetAfter,
  offsetsStrictlyIncreasing,
  readMatchesWrite,
  sameUpdateAtOffset,
  subsetOf,
  writeVisible,
} from '../../checks/stateful.js';
import { failure, jsonAnswer, lines, recorded, recording, redacted403, stopOfSwitchedOff, submitted } from './support.js';

const CHECK = 'stateful_consistency';
const CLAUSE = 'update-by-offset.exists';
const passed = (times = 1) => Array.from({ length: times }, () => `${CHECK} ${CLAUSE} passed`);

describe('sameUpdateAtOffset', () => {
  const written = { updateId: '1220abcd', offset: 42 };

  it('credits the update id and the offset the read-back states (number against bigint)', async () => {
    const read = jsonAnswer(200, { update: { Transaction: { value: { updateId: '1220abcd', offset: 42 } } } });
    expect(await recorded(() => sameUpdateAtOffset(CLAUSE, written, { updateId: '1220abcd', offset: 42n }, read))).toEqual(passed(2));
    expect(await recorded(() => sameUpdateAtOffset(CLAUSE, written, { updateId: '1220abcd' }, read))).toEqual(passed(1));
    expect(await recorded(() => sameUpdateAtOffset(CLAUSE, written, { updateId: '1220abcd', offset: null }, read))).toEqual(passed(1));
  });

  it('fails another update id before looking at the offset', async () => {
    const thrown = await failure(() => sameUpdateAtOffset(CLAUSE, written, { updateId: '1220ffff', offset: 42 }, submitted()));
    expect([thrown.check, thrown.clauseId, thrown.detail]).toEqual([
      CHECK,
      CLAUSE,
      'the update at offset 42 has updateId "1220ffff", the write returned 1220abcd',
    ]);
    expect(thrown.events).toEqual([]);
    expect(thrown.exchange?.response?.status).toBe(200);
  });

  it('fails another offset, and an offset written as a string, after crediting the update id', async () => {
    const other = await failure(() => sameUpdateAtOffset(CLAUSE, written, { updateId: '1220abcd', offset: 43 }));
    expect(other.detail).toBe('the update looked up at offset 42 says it is at offset 43');
    expect(other.events).toEqual(passed(1));
    const text = await failure(() => sameUpdateAtOffset(CLAUSE, written, { updateId: '1220abcd', offset: '42' }));
    expect(text.detail).toBe('the update looked up at offset 42 says it is at offset "42"');
  });
});

describe('offsetsStrictlyIncreasing, offsetAfter, allDistinct', () => {
  it('credits positive, strictly increasing offsets (numbers and bigints mixed) and an empty list', async () => {
    expect(await recorded(() => offsetsStrictlyIncreasing(CLAUSE, 'completion offsets', [1, 2n, 9007199254740993n]))).toEqual(passed());
    expect(await recorded(() => offsetsStrictlyIncreasing(CLAUSE, 'completion offsets', []))).toEqual(passed());
  });

  it('fails a repeated offset and a zero, naming where', async () => {
    expect((await failure(() => offsetsStrictlyIncreasing(CLAUSE, 'offsets', [3, 5, 5]))).detail).toBe(
      'offsets must be positive and strictly increasing; 5 at position 2 follows 5 (all: 3, 5, 5)',
    );
    expect((await failure(() => offsetsStrictlyIncreasing(CLAUSE, 'offsets', [0, 1]))).detail).toBe(
      'offsets must be positive and strictly increasing; 0 at position 0 follows nothing (all: 0, 1)',
    );
  });

  it('offsetAfter wants a strictly later offset', async () => {
    expect(await recorded(() => offsetAfter(CLAUSE, 'the ledger end', 41, 42n))).toEqual(passed());
    expect((await failure(() => offsetAfter(CLAUSE, 'the ledger end', 42n, 42))).detail).toBe('the ledger end: 42 is not after 42');
  });

  it('allDistinct fails a repeated update id and an int64 written once as number, once as bigint', async () => {
    expect(await recorded(() => allDistinct(CLAUSE, 'update ids', ['a', 'b', 'c']))).toEqual(passed());
    expect((await failure(() => allDistinct(CLAUSE, 'update ids', ['a', 'b', 'a']))).detail).toBe(
      'update ids must all differ, got ["a","b","a"]',
    );
    expect((await failure(() => allDistinct(CLAUSE, 'offsets', [7, 7n]))).clauseId).toBe(CLAUSE);
    expect(await recorded(() => allDistinct(CLAUSE, 'ids', ['7', 7]))).toEqual(passed());
  });
});

describe('eventSetsEqual, subsetOf, readMatchesWrite, writeVisible', () => {
  it('eventSetsEqual ignores order and repetition but not membership', async () => {
    expect(await recorded(() => eventSetsEqual(CLAUSE, 'witnesses', ['alice', 'bob'], ['bob', 'alice', 'bob']))).toEqual(passed());
    expect((await failure(() => eventSetsEqual(CLAUSE, 'witnesses', ['alice', 'bob'], ['alice']))).detail).toBe(
      'witnesses: expected ["alice", "bob"], got ["alice"]',
    );
  });

  it('subsetOf names the members outside', async () => {
    expect(await recorded(() => subsetOf(CLAUSE, 'witnesses', ['alice'], ['alice', 'bob']))).toEqual(passed());
    expect(await recorded(() => subsetOf(CLAUSE, 'witnesses', [], ['alice']))).toEqual(passed());
    expect((await failure(() => subsetOf(CLAUSE, 'witnesses', ['alice', 'carol'], ['alice', 'bob']))).detail).toBe(
      'witnesses: ["carol"] not among ["alice","bob"]',
    );
  });

  it('readMatchesWrite compares numbers with bigints by value and records deeply', async () => {
    expect(await recorded(() => readMatchesWrite(CLAUSE, 'amount', 10, 10n))).toEqual(passed());
    expect(
      await recorded(() => readMatchesWrite(CLAUSE, 'argument', { owner: 'alice', tags: ['x'] }, { owner: 'alice', tags: ['x'] })),
    ).toEqual(passed());
    expect((await failure(() => readMatchesWrite(CLAUSE, 'argument', { amount: '10.0' }, { amount: '10.00' }))).detail).toBe(
      'argument: written {"amount":"10.0"}, read back {"amount":"10.00"}',
    );
  });

  it('writeVisible wants exactly the count written', async () => {
    expect(await recorded(() => writeVisible(CLAUSE, 'created contracts', ['c1'], 1))).toEqual(passed());
    expect((await failure(() => writeVisible(CLAUSE, 'created contracts', [], 1, submitted()))).detail).toBe(
      'created contracts: expected 1, found 0',
    );
  });
});

describe('noEffectOfRejectedWrite', () => {
  it('credits an absence when the control write is found', async () => {
    expect(await recorded(() => noEffectOfRejectedWrite(CLAUSE, 'the contract', false, { found: true, detail: '' }))).toEqual(passed());
  });

  it('fails a rejected write that took effect', async () => {
    const thrown = await failure(() => noEffectOfRejectedWrite(CLAUSE, 'the contract', true, { found: true, detail: '' }));
    expect(thrown.detail).toBe('the contract: the rejected write took effect');
  });

  it('is inconclusive when the control is not found either (e.g. the control write was refused with 403)', async () => {
    const { events, error } = await recording(() =>
      noEffectOfRejectedWrite(CLAUSE, 'the contract', false, { found: false, detail: 'the write alone got 403' }, redacted403()),
    );
    expect(error).toBeUndefined();
    expect(lines(events)).toEqual([`${CHECK} ${CLAUSE} inconclusive`]);
    expect(events[0]!.reason).toBe(
      'the control (the effect written on its own, then looked up the same way) was not found either (the write alone got 403): the absence proves nothing',
    );
    expect(events[0]!.exchange?.response?.status).toBe(403);
  });

  it('switched off: a write that took effect stops the test; an inconclusive control records nothing', async () => {
    await stopOfSwitchedOff(() => noEffectOfRejectedWrite(CLAUSE, 'the contract', true, { found: true, detail: '' }), CHECK);
    const { events } = await recording(() => noEffectOfRejectedWrite(CLAUSE, 'x', false, { found: false, detail: '' }), [CHECK]);
    expect(events).toEqual([]);
  });
});
