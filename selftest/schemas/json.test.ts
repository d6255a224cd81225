import { describe, expect, it } from 'vitest';
import { DuplicateJsonKeyError, JsonParseError, parseJsonLossless, stringifyJson } from '../../specification/json.js';

describe('parseJsonLossless', () => {
  it('keeps safe integers and non-integers as numbers', () => {
    expect(parseJsonLossless('{"a":12,"b":-9007199254740991,"c":1.5,"d":1e3}')).toEqual({
      a: 12,
      b: -9007199254740991,
      c: 1.5,
      d: 1000,
    });
  });

  it('keeps integers beyond 2^53 exact as bigint', () => {
    const parsed = parseJsonLossless('[9007199254740993, 9223372036854775807, 9223372036854775808, -9223372036854775809]');
    expect(parsed).toEqual([9007199254740993n, 9223372036854775807n, 9223372036854775808n, -9223372036854775809n]);
  });

  it('reads integral exponent and decimal spellings beyond 2^53 exactly', () => {
    expect(parseJsonLossless('[9.007199254740993e15, 9007199254740993.000, 1.5e20]')).toEqual([
      9007199254740993n,
      9007199254740993n,
      150000000000000000000n,
    ]);
  });

  it('rejects a key repeated with a different value, naming the key', () => {
    expect(() => parseJsonLossless('{"offset":1,"offset":2}')).toThrow(DuplicateJsonKeyError);
    expect(() => parseJsonLossless('{"offset":1,"offset":2}')).toThrow(/repeats the key "offset"/);
  });

  it('accepts a key repeated with an identical value (unambiguous)', () => {
    expect(parseJsonLossless('{"a":[1],"a":[1]}')).toEqual({ a: [1] });
  });

  it('wraps syntax errors in JsonParseError with the parser position', () => {
    expect(() => parseJsonLossless('{"a":')).toThrow(JsonParseError);
    expect(() => parseJsonLossless('')).toThrow(/invalid JSON/);
  });

  it('stores __proto__ as an ordinary key', () => {
    const parsed = parseJsonLossless('{"__proto__":{"x":1}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__']);
  });
});

describe('stringifyJson', () => {
  it('writes bigints as exact JSON numbers and round-trips through the parser', () => {
    const value = { offset: 9223372036854775807n, small: 5, text: 'x' };
    const text = stringifyJson(value);
    expect(text).toBe('{"offset":9223372036854775807,"small":5,"text":"x"}');
    expect(parseJsonLossless(text)).toEqual(value);
  });

  it('rejects a value with no JSON representation', () => {
    expect(() => stringifyJson(undefined)).toThrow(/no JSON representation/);
  });
});
