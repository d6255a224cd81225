import { describe, expect, it } from 'vitest';
import { DecodeFailure } from '../../reference/canton-errors.js';
import { MalformedJsonFailure, parseJsonText } from '../../reference/http/body.js';
import {
  asObject,
  oneOfKeys,
  optionalString,
  requireArray,
  requireBoolean,
  requireInt64,
  requireObject,
  requireString,
  requireStringArray,
} from '../../reference/http/decode.js';

function failureText(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof DecodeFailure) return error.text;
    throw error;
  }
  throw new Error('expected a DecodeFailure');
}

describe('parseJsonText', () => {
  it('keeps integers beyond 2^53 exact as bigint and small ones as number', () => {
    const value = parseJsonText('{"offset": 9223372036854775807, "small": 12, "fraction": 1.5, "party": "A::1220"}') as Record<
      string,
      unknown
    >;
    expect(value.offset).toBe(9223372036854775807n);
    expect(value.small).toBe(12);
    expect(value.fraction).toBe(1.5);
    expect(value.party).toBe('A::1220');
  });

  it('keeps an exponent-form integer exact', () => {
    expect((parseJsonText('{"offset": 5e18}') as Record<string, unknown>).offset).toBe(5000000000000000000n);
  });

  it('finds unsafe integers anywhere in the body, and only numbers count', () => {
    const value = parseJsonText(
      '{"party": "P::12345678901234567890", "list": [1, {"deep": [-9007199254740993]}], "edge": 9007199254740991, "next": 9007199254740992}',
    ) as { party: unknown; list: [unknown, { deep: unknown[] }]; edge: unknown; next: unknown };
    expect(value.party).toBe('P::12345678901234567890');
    expect(value.list[1].deep[0]).toBe(-9007199254740993n);
    expect(value.edge).toBe(9007199254740991);
    expect(value.next).toBe(9007199254740992n);
    // Long digit runs inside strings alone leave every number a plain number.
    expect(parseJsonText('{"party": "P::12345678901234567890", "offset": 42}')).toEqual({ party: 'P::12345678901234567890', offset: 42 });
  });

  it('copes with nesting deeper than the call stack', () => {
    const depth = 200_000;
    let value = parseJsonText(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
    for (let level = 0; level < depth; level += 1) value = (value as unknown[])[0];
    expect(value).toBe(1);
  });

  it('answers jawn-like texts for empty and malformed JSON', () => {
    expect(failureText(() => parseJsonText(''))).toBe('Invalid value for: body (exhausted input)');
    expect(failureText(() => parseJsonText('{"a":1'))).toBe('Invalid value for: body (exhausted input)');
    expect(failureText(() => parseJsonText('x'))).toBe("Invalid value for: body (expected json value got 'x' (line 1, column 1))");
    expect(failureText(() => parseJsonText('{\n "a": ?}'))).toBe(
      "Invalid value for: body (expected json value got '?' (line 2, column 7))",
    );
    expect(() => parseJsonText('nope')).toThrow(MalformedJsonFailure);
  });
});

describe('decode helpers', () => {
  const body = asObject(
    parseJsonText('{"commandId": 5, "actAs": ["a", 3], "flag": "yes", "n": "42", "big": "9223372036854775808", "obj": []}'),
    '',
  );

  it('name the missing field with its path', () => {
    expect(failureText(() => requireString(body, 'userId', ''))).toBe("Invalid value for: body (Missing required field at 'userId')");
    expect(failureText(() => requireString({}, 'templateId', 'commands[0].CreateCommand'))).toBe(
      "Invalid value for: body (Missing required field at 'commands[0].CreateCommand.templateId')",
    );
  });

  it('name wrong types as circe does', () => {
    expect(failureText(() => requireString(body, 'commandId', ''))).toBe(
      "Invalid value for: body (Got value '5' with wrong type, expecting string at 'commandId')",
    );
    expect(failureText(() => requireStringArray(body, 'actAs', ''))).toBe(
      "Invalid value for: body (Got value '3' with wrong type, expecting string at 'actAs[1]')",
    );
    expect(failureText(() => requireBoolean(body, 'flag', ''))).toContain("expecting boolean at 'flag'");
    expect(failureText(() => requireObject(body, 'obj', ''))).toContain("Got value '[]' with wrong type, expecting object at 'obj'");
    expect(failureText(() => requireArray(body, 'flag', ''))).toContain("expecting array at 'flag'");
    expect(failureText(() => asObject(7, ''))).toBe("Invalid value for: body (Got value '7' with wrong type, expecting object)");
  });

  it('decode optional fields: absent and null are undefined', () => {
    expect(optionalString({ a: null }, 'a', '')).toBeUndefined();
    expect(optionalString({}, 'a', '')).toBeUndefined();
    expect(optionalString({ a: 'x' }, 'a', '')).toBe('x');
  });

  it('decode int64 from numbers and numeric strings, rejecting fractions and overflow', () => {
    expect(requireInt64(body, 'n', '')).toBe(42n);
    expect(requireInt64({ o: 9223372036854775807n }, 'o', '')).toBe(9223372036854775807n);
    expect(failureText(() => requireInt64(body, 'big', ''))).toBe("Invalid value for: body (Long at 'big')");
    expect(failureText(() => requireInt64({ o: 1.5 }, 'o', 'x'))).toBe("Invalid value for: body (Long at 'x.o')");
    expect(failureText(() => requireInt64({ o: true }, 'o', ''))).toContain("Long at 'o'");
  });

  it('decode single-key unions', () => {
    const kinds = ['CreateCommand', 'ExerciseCommand'] as const;
    expect(oneOfKeys({ CreateCommand: { a: 1 } }, kinds, 'Command', 'commands[0]')).toEqual({ key: 'CreateCommand', value: { a: 1 } });
    expect(failureText(() => oneOfKeys({ Foo: {} }, kinds, 'Command', 'commands[0]'))).toBe(
      "Invalid value for: body (type Command has no class/object/case named 'Foo'. at 'commands[0]')",
    );
    expect(failureText(() => oneOfKeys({}, kinds, 'Command', 'commands[0]'))).toContain('type Command expects one of');
    // Several keys: as Canton 3.5 (strictDecoding=false), the first constructor of the type that is present wins.
    expect(oneOfKeys({ ExerciseCommand: { b: 2 }, CreateCommand: { a: 1 } }, kinds, 'Command', '')).toEqual({
      key: 'CreateCommand',
      value: { a: 1 },
    });
  });
});
