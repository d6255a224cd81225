import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DuplicateJsonKeyError,
  JsonParseError,
  parseJsonLossless,
  parseWithLosslessJson,
  stringifyJson,
} from '../../specification/json.js';

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

describe('parseJsonLossless reads through JSON.parse only what lossless-json reads the same', () => {
  const same = (text: string) => {
    let slow: { value: unknown } | { error: string };
    try {
      slow = { value: parseWithLosslessJson(text) };
    } catch (error) {
      slow = { error: `${(error as Error).name}: ${(error as Error).message}` };
    }
    let fast: typeof slow;
    try {
      fast = { value: parseJsonLossless(text) };
    } catch (error) {
      fast = { error: `${(error as Error).name}: ${(error as Error).message}` };
    }
    expect(fast, text).toStrictEqual(slow);
    if ('value' in fast && 'value' in slow) expect(Object.is(fast.value, slow.value) || typeof fast.value === 'object').toBe(true);
  };

  it('for any JSON text, also with big and oddly spelled numbers, repeated keys, escapes and broken text', () => {
    const number = fc.oneof(
      fc.integer().map(String),
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
      fc.constantFrom('-0', '12.0', '1.2e1', '9007199254740993.5', '1e400', '-1e-400', '9.007199254740993e15', '1E2', '0.0e0'),
    );
    const key = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('a', 'b', '__proto__', '0', '1', 'a:b', 'x"y'));
    const text: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        number,
        fc.string().map((value) => JSON.stringify(value)),
        fc.constantFrom('true', 'false', 'null', '"\\\\"', '"\\"\\":"', '"\\u0041:"', '"\\ud800"'),
        fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
        fc
          .array(fc.tuple(key, tie('value')), { maxLength: 4 })
          .chain((members) =>
            // Sometimes a member repeated, with its own value or another.
            fc.boolean().map((repeat) => (repeat && members.length > 0 ? [...members, members[0]!] : members)),
          )
          .map((members) => `{${members.map(([name, value]) => `${JSON.stringify(name)} : ${value}`).join(',')}}`),
      ),
    })).value;
    const broken = fc
      .tuple(text, fc.nat(), fc.constantFrom('', '"', ':', '}', ',', '\u0001', '\ufeff'))
      .map(([value, at, insert]) => value.slice(0, at % (value.length + 1)) + insert + value.slice(at % (value.length + 1)));
    fc.assert(fc.property(fc.oneof(text, broken), same), { numRuns: 3000 });
  });
});
