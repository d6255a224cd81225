/** response_value_conformance (checks/values.ts) against values read from hand-made answers. */
import { describe, expect, it } from 'vitest';
import { expectCount, expectOneOf, expectOrdered, expectText, expectValue, expectValueMatches, shown } from '../../checks/values.js';
import { parseJsonLossless } from '../../specification/json.js';
import {
  failure,
  htmlPage,
  jsonAnswer,
  missingCommandIdText,
  recorded,
  recording,
  redacted401,
  stopOfSwitchedOff,
  submitted,
  textAnswer,
} from './support.js';

const CHECK = 'response_value_conformance';
const passed = (clause: string) => [`${CHECK} ${clause} passed`];

describe('shown', () => {
  it('renders absent values, bigints and long values readably', () => {
    expect(shown(undefined)).toBe('absent');
    expect(shown(12345678901234567890n)).toBe('12345678901234567890');
    expect(shown({ offset: 2n ** 64n })).toBe('{"offset":"18446744073709551616"}');
    const long = shown('x'.repeat(400));
    expect(long).toHaveLength(301);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('expectValue', () => {
  const clause = 'canton.json.protocol-int64-numbers';

  it('credits a value of a 2xx JSON answer, comparing an exact int64 with a number by value', async () => {
    const response = jsonAnswer(200, { completionOffset: 42 });
    const body = parseJsonLossless('{"completionOffset":9007199254740993}') as { completionOffset: bigint };
    expect(
      await recorded(() => expectValue(clause, 'completionOffset', response.json<{ completionOffset: number }>().completionOffset, 42n)),
    ).toEqual(passed(clause));
    expect(await recorded(() => expectValue(clause, 'completionOffset', body.completionOffset, 9007199254740993n))).toEqual(passed(clause));
  });

  it('fails a different value, with both in the message and the answer as exchange', async () => {
    const thrown = await failure(() => expectValue(clause, 'completionOffset', 9007199254740993n, 9007199254740992, submitted()));
    expect([thrown.check, thrown.clauseId, thrown.detail]).toEqual([
      CHECK,
      clause,
      'completionOffset is 9007199254740993, expected 9007199254740992',
    ]);
    expect(thrown.exchange?.response?.status).toBe(200);
  });

  it('compares objects deeply: the code of a redacted 401 is NA, not UNAUTHENTICATED', async () => {
    const body = redacted401().json<{ code: string; context: object }>();
    expect(await recorded(() => expectValue('canton.errors.redacted-body', 'context', body.context, {}))).toEqual(
      passed('canton.errors.redacted-body'),
    );
    const thrown = await failure(() => expectValue('canton.errors.redacted-body', 'code', body.code, 'UNAUTHENTICATED', redacted401()));
    expect(thrown.detail).toBe('code is "NA", expected "UNAUTHENTICATED"');
    expect(thrown.exchange?.response?.status).toBe(401);
  });

  it('switched off: a wrong value stops the test, a right one records nothing', async () => {
    await stopOfSwitchedOff(() => expectValue(clause, 'x', 1, 2), CHECK);
    expect((await recording(() => expectValue(clause, 'x', 1, 1n), [CHECK])).events).toEqual([]);
  });
});

describe('expectValueMatches and expectOneOf', () => {
  it('credits a value satisfying the test and fails one that does not, in words', async () => {
    const clause = 'canton.json.protocol-int64-numbers';
    const isNumber = (value: unknown) => typeof value === 'number' || typeof value === 'bigint';
    expect(await recorded(() => expectValueMatches(clause, 'completionOffset', 42, isNumber, 'a JSON number'))).toEqual(passed(clause));
    const thrown = await failure(() => expectValueMatches(clause, 'completionOffset', '42', isNumber, 'a JSON number'));
    expect(thrown.detail).toBe('completionOffset should be a JSON number, got "42"');
  });

  it('expectOneOf credits a member and lists the allowed values otherwise', async () => {
    const clause = 'canton.auth.foreign-audience-denied';
    expect(await recorded(() => expectOneOf(clause, 'status', 403, [401, 403]))).toEqual(passed(clause));
    const thrown = await failure(() => expectOneOf(clause, 'status', 400, [401, 403], missingCommandIdText()));
    expect(thrown.detail).toBe('status is 400, expected one of 401, 403');
  });
});

describe('expectCount', () => {
  const clause = 'update-by-offset.exists';

  it('credits a count within every bound given', async () => {
    expect(await recorded(() => expectCount(clause, 'events', [1, 2], { exactly: 2 }))).toEqual(passed(clause));
    expect(await recorded(() => expectCount(clause, 'events', [1, 2], { min: 1, max: 2 }))).toEqual(passed(clause));
    expect(await recorded(() => expectCount(clause, 'events', [], { max: 0 }))).toEqual(passed(clause));
  });

  it('fails a count outside the bounds, and says when the list is absent', async () => {
    expect((await failure(() => expectCount(clause, 'events', [1, 2, 3], { min: 1, max: 2 }))).detail).toBe(
      'events: expected at least 1 and at most 2, got 3',
    );
    expect((await failure(() => expectCount(clause, 'events', undefined, { exactly: 1 }))).detail).toBe(
      'events: expected exactly 1, got 0 (absent)',
    );
  });
});

describe('expectOrdered', () => {
  const clause = 'update-by-offset.exists';
  const ascending = (earlier: number, later: number) => earlier <= later;

  it('credits an ordered list, an empty one and a single entry', async () => {
    for (const items of [[1, 2, 2, 5], [], [7]]) {
      expect(await recorded(() => expectOrdered(clause, 'rounds', items, ascending, 'ascending'))).toEqual(passed(clause));
    }
  });

  it('names the first pair out of order', async () => {
    const thrown = await failure(() => expectOrdered(clause, 'rounds', [1, 3, 2, 0], ascending, 'ascending'));
    expect(thrown.detail).toBe('rounds must be ascending; entries 1 and 2 are not: 3, 2');
  });
});

describe('expectText', () => {
  const clause = 'errors.400-text-names-body';

  it('credits the 400 text of Canton by equality, prefix, substring and pattern', async () => {
    const { text } = missingCommandIdText();
    for (const expected of [
      { equals: "Invalid value for: body (Missing required field at 'commandId')" },
      { startsWith: 'Invalid value for: body' },
      { includes: 'body' },
      { pattern: /at 'commandId'\)$/ },
    ]) {
      expect(await recorded(() => expectText(clause, 'the 400 text', text, expected))).toEqual(passed(clause));
    }
  });

  it('fails an HTML page and a JSON body where a text is expected, quoting what came', async () => {
    const page = htmlPage(400);
    const thrown = await failure(() => expectText(clause, 'the 400 text', page.text, { startsWith: 'Invalid value for: ' }, page));
    expect(thrown.detail).toBe('the 400 text: expected to start with "Invalid value for: ", got "<html><body>Bad Gateway</body></html>"');
    expect(thrown.exchange?.response?.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await failure(() => expectText(clause, 'the 400 text', redacted401().text, { includes: 'body' }))).clauseId).toBe(clause);
  });

  it('describes the expectation that was given', async () => {
    const text = textAnswer(400, 'Invalid value for: query parameter vetAllPackages').text;
    expect((await failure(() => expectText(clause, 't', text, { equals: 'x' }))).detail).toMatch(/^t: expected exactly "x", got /);
    expect((await failure(() => expectText(clause, 't', text, { includes: 'body' }))).detail).toMatch(
      /^t: expected to contain "body", got /,
    );
    expect((await failure(() => expectText(clause, 't', text, { pattern: /^body/ }))).detail).toMatch(
      /^t: expected to match \/\^body\/, got /,
    );
  });
});
