/**
 * Every error says something: a suite error whose property threw `null` or `undefined` (its shrunk counterexample
 * `undefined`), an Error without a message, a check failure without detail, an internal error thrown as a non-Error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckFailure } from '../../checks/assertion.js';
import { reportError } from '../../cli/report-error.js';
import { AssertionLedger } from '../../harness/library/attribution.js';
import { runProperties } from '../../harness/library/property-runner.js';
import { endingOf } from '../../harness/library/test-ending.js';
import { headlineOf, messageOf } from '../../harness/library/error-message.js';

/** The ending of a test whose property threw `value` (with `undefined` as its only case). */
async function endingOfPropertyThrowing(value: unknown) {
  const thrown = await runProperties(
    [{ arbitrary: fc.constant(undefined), numRuns: 3, examples: [] }],
    async () => {
      throw value;
    },
    42,
    undefined,
    1,
  ).then(
    () => undefined,
    (error: unknown) => error,
  );
  return endingOf(thrown, new AssertionLedger(new Set()), []);
}

const empty = /^\s*(null|undefined|)\s*$/;

describe('every error has a message', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an Error without a message', new Error('')],
    ['an empty string', ''],
    ['an empty object', {}],
    ['a number', 0],
  ])('a property that throws %s: a suite error that says what was thrown', async (_name, value) => {
    const ending = await endingOfPropertyThrowing(value);
    expect(ending.outcome).toBe('error');
    const message = ending.failure!.message;
    const firstLine = message.split('\n')[0]!;
    expect(firstLine).not.toMatch(empty);
    expect(firstLine).not.toMatch(/^(Error: )?(null|undefined)$/);
    expect(ending.failure!.seed).toBe(42);
    expect(ending.notReached ?? []).toEqual([]);
  });

  it('names what was thrown when it was not an Error', async () => {
    expect((await endingOfPropertyThrowing(null)).failure!.message).toMatch(/^the code threw null instead of an Error/);
    expect((await endingOfPropertyThrowing(new TypeError(''))).failure!.message).toMatch(/^TypeError without a message\n/);
    expect(headlineOf(undefined)).toMatch(/^the code threw undefined instead of an Error/);
    expect(messageOf({ code: 7 })).toBe('the code threw an object that is not an Error: {"code":7}');
    expect(messageOf(new Error('', { cause: 'socket closed' }))).toBe('Error without a message; its cause: socket closed');
    expect(headlineOf(new RangeError('too far'))).toBe('RangeError: too far');
  });

  it('a check failure without detail names its check and clause', () => {
    const ending = endingOf(new CheckFailure('status_code_conformance', 'submit-and-wait.exists', ''), new AssertionLedger(new Set()), []);
    expect(ending.outcome).toBe('failed');
    expect(ending.failure!.message).toBe('the check status_code_conformance failed on submit-and-wait.exists without giving a detail');
  });

  it('an internal error thrown as null is reported with words, not "null"', () => {
    const written: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((text: string) => {
      written.push(text);
      return true;
    }) as typeof process.stderr.write;
    try {
      reportError(null);
    } finally {
      process.stderr.write = original;
    }
    const text = written.join('');
    expect(text).toContain('internal error');
    expect(text.split('\n')[1]).toMatch(/^the code threw null instead of an Error/);
  });
});
