import { describe, expect, it } from 'vitest';
import { LedgerApiError } from '../../reference/canton-errors.js';
import { checkValue, nestsDeeperThan, numericToScaled, scaledToNumeric, T, type DamlType } from '../../reference/ledger/values.js';

const check = (type: DamlType, json: unknown): unknown => checkValue(type, json, { path: 'arg' });
const failure = (type: DamlType, json: unknown): LedgerApiError => {
  try {
    check(type, json);
  } catch (error) {
    if (error instanceof LedgerApiError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(json)} to be rejected`);
};

describe('Daml-LF JSON values', () => {
  it('reads Int64 from strings only and writes it canonically', () => {
    expect(check(T.int64, '0042')).toBe('42');
    expect(check(T.int64, '-9223372036854775808')).toBe('-9223372036854775808');
    // 3.5 reads Int64 with ujson's `v.str`: a JSON number is an internal error of the JSON layer, not a 400.
    expect(failure(T.int64, 42)).toMatchObject({ code: 'LEDGER_API_INTERNAL_ERROR', errorCause: 'Expected ujson.Str (data: 42)' });
    expect(failure(T.int64, 'forty-two').code).toBe('INVALID_ARGUMENT');
    expect(failure(T.int64, '9223372036854775808').code).toBe('INVALID_ARGUMENT');
  });

  it('normalises Numeric 10 from strings and numbers to the full scale', () => {
    expect(check(T.numeric10, '100.0')).toBe('100.0000000000');
    expect(check(T.numeric10, 999.99)).toBe('999.9900000000');
    expect(check(T.numeric10, '-0.0')).toBe('0.0000000000');
    expect(check(T.numeric10, '-1.5')).toBe('-1.5000000000');
    expect(failure(T.numeric10, '1.00000000001')).toMatchObject({ code: 'COMMAND_PREPROCESSING_FAILED' });
    expect(failure(T.numeric10, '1.00000000001').errorCause).toContain('Cannot represent');
    expect(failure(T.numeric10, '1e5').code).toBe('INVALID_ARGUMENT');
    expect(failure(T.numeric10, '1'.repeat(29))).toMatchObject({ code: 'COMMAND_PREPROCESSING_FAILED' });
    expect(failure(T.numeric10, '1'.repeat(29)).errorCause).toContain('Out-of-bounds (Numeric 10)');
    expect(failure(T.numeric10, '1'.repeat(39)).code).toBe('INVALID_ARGUMENT');
  });

  it('does exact Numeric arithmetic through scaled integers', () => {
    expect(scaledToNumeric(numericToScaled('10.0000000000', 10) + numericToScaled('1.5000000000', 10), 10)).toBe('11.5000000000');
    expect(scaledToNumeric(-5n, 10)).toBe('-0.0000000005');
  });

  const account = T.record('Account:Account', { owner: T.party, number: T.text, nickname: T.optional(T.text) });

  it('reports missing non-optional record fields as COMMAND_PREPROCESSING_FAILED', () => {
    const error = failure(account, { number: 'x' });
    expect(error.code).toBe('COMMAND_PREPROCESSING_FAILED');
    expect(error.errorCause).toContain('Missing non-optional fields: Set(owner)');
    expect(error.details.fromJsonLayer).toBe(true);
  });

  it('rejects unexpected non-null fields with INVALID_ARGUMENT and tolerates null ones', () => {
    const error = failure(account, { owner: 'A::1220ab', number: 'x', colour: 'red' });
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.errorCause).toContain('Unexpected fields: colour');
    expect(check(account, { owner: 'A::1220ab', number: 'x', colour: null })).toEqual({ owner: 'A::1220ab', number: 'x' });
  });

  it('drops trailing None fields but keeps Some values', () => {
    expect(check(account, { owner: 'A::1220ab', number: 'x', nickname: null })).toEqual({ owner: 'A::1220ab', number: 'x' });
    expect(check(account, { owner: 'A::1220ab', number: 'x', nickname: 'n' })).toEqual({ owner: 'A::1220ab', number: 'x', nickname: 'n' });
    const middle = T.record('M', { a: T.optional(T.text), b: T.text });
    expect(check(middle, { b: 'x' })).toEqual({ a: null, b: 'x' });
  });

  it('encodes nested optionals as arrays', () => {
    const nested = T.optional(T.optional(T.int64));
    expect(check(nested, null)).toBeNull();
    expect(check(nested, [])).toEqual([]);
    expect(check(nested, ['5'])).toEqual(['5']);
    expect(failure(nested, '5').code).toBe('INVALID_ARGUMENT');
  });

  it('checks parties, contract ids, dates, timestamps, units, variants and enums', () => {
    expect(failure(T.party, 'not a party!').code).toBe('INVALID_ARGUMENT');
    expect(failure(T.party, 'NoFingerprint').code).toBe('INVALID_ARGUMENT');
    expect(failure(T.contractId, 'xyz').code).toBe('INVALID_ARGUMENT');
    expect(check(T.date, '2024-02-29')).toBe('2024-02-29');
    expect(failure(T.date, '2023-02-29').code).toBe('INVALID_ARGUMENT');
    expect(check(T.timestamp, '2023-04-06T04:30:23.123Z')).toBe('2023-04-06T04:30:23.123Z');
    expect(check(T.timestamp, '2023-04-06T04:30:23.000000Z')).toBe('2023-04-06T04:30:23Z');
    expect(failure(T.timestamp, '2023-04-06 04:30').code).toBe('INVALID_ARGUMENT');
    expect(check(T.unit, {})).toEqual({});
    expect(failure(T.unit, { a: 1 }).code).toBe('INVALID_ARGUMENT');
    const variant: DamlType = { kind: 'Variant', name: 'V', constructors: [{ name: 'Some', type: T.text }] };
    expect(check(variant, { tag: 'Some', value: 'x' })).toEqual({ tag: 'Some', value: 'x' });
    expect(failure(variant, { tag: 'Some' }).errorCause).toContain("must have 'tag' and 'value'");
    expect(failure(variant, { tag: 'Other', value: 1 }).errorCause).toContain('Unexpected variant tag: Other');
    const colour: DamlType = { kind: 'Enum', name: 'Colour', constructors: ['Red', 'Green'] };
    expect(check(colour, 'Red')).toBe('Red');
    expect(failure(colour, 'Blue').code).toBe('INVALID_ARGUMENT');
  });

  it('checks lists, text maps and gen maps element by element', () => {
    expect(check(T.list(T.int64), ['1', '02'])).toEqual(['1', '2']);
    expect(failure(T.list(T.int64), ['1', 'two']).errorCause).toContain('arg[1]');
    expect(check({ kind: 'TextMap', value: T.bool }, { a: true })).toEqual({ a: true });
    const genMap: DamlType = { kind: 'GenMap', key: T.int64, value: T.text };
    expect(check(genMap, [['1', 'a']])).toEqual([['1', 'a']]);
    // Ordered by key, as Canton's engine holds and writes a GenMap: numerically for Int64, by code point for Text.
    const keysOf = (map: DamlType, entries: [string, string][]) => (check(map, entries) as [string, unknown][]).map(([key]) => key);
    expect(
      keysOf(genMap, [
        ['10', 'a'],
        ['-2', 'b'],
        ['9', 'c'],
      ]),
    ).toEqual(['-2', '9', '10']);
    const textKeys: DamlType = { kind: 'GenMap', key: T.text, value: T.int64 };
    expect(
      keysOf(textKeys, [
        ['\u{1F600}', '1'],
        ['\uFFFF', '2'],
        ['b', '3'],
        ['a', '4'],
      ]),
    ).toEqual(['a', 'b', '\uFFFF', '\u{1F600}']);
    expect(
      failure(genMap, [
        ['1', 'a'],
        ['01', 'b'],
      ]).errorCause,
    ).toContain('Duplicate GenMap key');
  });

  it("counts nesting as Daml-LF does: LAPITT's Nat Z () nests 1, a record one more, each optional, list and map entry a level", () => {
    const constructors: { name: string; type: DamlType }[] = [{ name: 'Z', type: T.unit }];
    const nat: DamlType = { kind: 'Variant', name: 'M:Nat', constructors };
    constructors.push({ name: 'S', type: nat });
    const toNat = (k: number): unknown => (k === 0 ? { tag: 'Z', value: {} } : { tag: 'S', value: toNat(k - 1) });
    // A Nat of nesting N is toNat (N - 1); in a record it nests N + 1 (DeeplyNestedValueIT.scala:48-59).
    const natOf = (nesting: number) => check(nat, toNat(nesting - 1)) as never;
    expect([99, 100, 101].map((nesting) => nestsDeeperThan(nat, natOf(nesting)))).toEqual([false, false, true]);
    const holder = T.record('M:Holder', { n: nat });
    expect([99, 100].map((nesting) => nestsDeeperThan(holder, { n: natOf(nesting) } as never))).toEqual([false, true]);
    // Some (Some 1) nests 2, [[1]] 2, a GenMap entry's key and value 1 each: against a limit of 1.
    const nested = T.optional(T.optional(T.int64));
    expect([nestsDeeperThan(nested, check(nested, ['1']) as never, 1), nestsDeeperThan(nested, check(nested, []) as never, 1)]).toEqual([
      true,
      false,
    ]);
    expect(nestsDeeperThan(T.list(T.list(T.int64)), [['1']], 1)).toBe(true);
    expect(nestsDeeperThan(T.list(T.list(T.int64)), [[]], 1)).toBe(false);
    const map: DamlType = { kind: 'GenMap', key: T.list(T.int64), value: T.int64 };
    expect([nestsDeeperThan(map, [[[], '1']], 1), nestsDeeperThan(map, [[['1'], '1']], 1)]).toEqual([false, true]);
  });
});
