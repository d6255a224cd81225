/**
 * Custom ajv keywords for what plain JSON Schema cannot say exactly.
 *
 * Integer keywords (`int32`, `nonNegativeInt32`, `int64`, `nonNegativeInt64`, `positiveInt64`): JSON Schema's
 * `integer` only sees JS numbers, which cannot hold every int64. These keywords accept
 * - a `number` that is a safe integer (|n| ≤ 2^53 − 1) within range;
 * - a `bigint` within range (what `parseJsonLossless` yields for larger values);
 * - a string spelling a JSON integer (`"5"`, `"-12"`) within range, only under the `numberOrNumericString`
 *   policy (see `IntegerPolicy`).
 * A `number` beyond 2^53 but inside the int64 range is rejected as "possibly rounded": its exact value was
 * lost before validation, so the body must be parsed with `parseJsonLossless`.
 */
import type { Ajv, FuncKeywordDefinition, ErrorObject } from 'ajv';

/**
 * How int64/int32 may be spelled on the wire.
 * - `numberOnly`: a JSON number (Canton writes protocol integers as numbers).
 * - `numberOrNumericString`: a JSON number or a string holding a JSON integer (circe accepts `"5"` on input;
 *   the spec only says "int64" and is silent on the JSON spelling).
 */
export type IntegerPolicy = 'numberOnly' | 'numberOrNumericString';

interface IntegerKind {
  min: bigint;
  max: bigint;
  description: string;
}

export const INTEGER_KINDS = {
  int32: { min: -(2n ** 31n), max: 2n ** 31n - 1n, description: 'an int32' },
  nonNegativeInt32: { min: 0n, max: 2n ** 31n - 1n, description: 'a non-negative int32' },
  int64: { min: -(2n ** 63n), max: 2n ** 63n - 1n, description: 'an int64' },
  nonNegativeInt64: { min: 0n, max: 2n ** 63n - 1n, description: 'a non-negative int64' },
  positiveInt64: { min: 1n, max: 2n ** 63n - 1n, description: 'a positive int64 (> 0)' },
} as const satisfies Record<string, IntegerKind>;

export type IntegerKindName = keyof typeof INTEGER_KINDS;

const JSON_INTEGER_STRING = /^-?(0|[1-9]\d*)$/;
const DECIMAL_STRING = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const TWO_POW_63 = 2 ** 63;

type KeywordError = Partial<ErrorObject>;

type IntegerCheck = { ok: true } | { ok: false; reason: string; message: string };

function checkInteger(value: unknown, kind: IntegerKind, policy: IntegerPolicy): IntegerCheck {
  const range = `[${kind.min}, ${kind.max}]`;
  const outOfRange = (): IntegerCheck => ({
    ok: false,
    reason: 'out-of-range',
    message: `must be ${kind.description}, within ${range}`,
  });
  const inRange = (exact: bigint): IntegerCheck => (exact >= kind.min && exact <= kind.max ? { ok: true } : outOfRange());

  if (typeof value === 'bigint') return inRange(value);
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) {
      return { ok: false, reason: 'not-an-integer', message: `must be ${kind.description}: got a non-integer number` };
    }
    if (Number.isSafeInteger(value)) return inRange(BigInt(value));
    // Beyond 2^53 a JS number is a rounded stand-in; decide only when even the rounding cannot matter.
    if (value >= TWO_POW_63 || value < -TWO_POW_63) return outOfRange();
    return {
      ok: false,
      reason: 'possibly-rounded',
      message:
        'an integer beyond ±2^53 reached validation as a JS number, so its exact value is lost; ' +
        'parse the body with parseJsonLossless (specification/json.ts)',
    };
  }
  if (typeof value === 'string') {
    if (policy === 'numberOnly') {
      return {
        ok: false,
        reason: 'string-not-allowed',
        message: `must be ${kind.description} written as a JSON number, not a string (Canton writes protocol integers as numbers)`,
      };
    }
    if (!JSON_INTEGER_STRING.test(value)) {
      return { ok: false, reason: 'not-an-integer', message: `must be ${kind.description}: the string does not spell an integer` };
    }
    return inRange(BigInt(value));
  }
  return { ok: false, reason: 'wrong-type', message: `must be ${kind.description}: got ${value === null ? 'null' : typeof value}` };
}

function integerKeyword(keyword: IntegerKindName, policy: IntegerPolicy): FuncKeywordDefinition {
  const kind = INTEGER_KINDS[keyword];
  const validate = (_schema: boolean, data: unknown): boolean => {
    const result = checkInteger(data, kind, policy);
    if (result.ok) return true;
    const error: KeywordError = { keyword, params: { reason: result.reason }, message: result.message };
    validate.errors = [error];
    return false;
  };
  validate.errors = [] as KeywordError[];
  return { keyword, schemaType: 'boolean', metaSchema: { const: true }, errors: true, validate };
}

/** "Numeric type not shown" (scan faucet counters in the spec profile): any JSON number or a decimal string. */
const numericKeyword: FuncKeywordDefinition = (() => {
  const validate = (_schema: boolean, data: unknown): boolean => {
    const ok =
      (typeof data === 'number' && Number.isFinite(data)) ||
      typeof data === 'bigint' ||
      (typeof data === 'string' && DECIMAL_STRING.test(data));
    if (ok) return true;
    validate.errors = [{ keyword: 'numeric', params: {}, message: 'must be a JSON number or a string holding a decimal number' }];
    return false;
  };
  validate.errors = [] as KeywordError[];
  return { keyword: 'numeric', schemaType: 'boolean', metaSchema: { const: true }, errors: true, validate };
})();

/** Limit on the summed UTF-8 byte length of an object's keys and string values (annotations). */
const maxTotalUtf8BytesKeyword: FuncKeywordDefinition = (() => {
  const validate = (limit: number, data: Record<string, unknown>): boolean => {
    let total = 0;
    for (const [key, value] of Object.entries(data)) {
      total += Buffer.byteLength(key, 'utf8');
      if (typeof value === 'string') total += Buffer.byteLength(value, 'utf8');
    }
    if (total <= limit) return true;
    validate.errors = [
      {
        keyword: 'maxTotalUtf8Bytes',
        params: { limit, actual: total },
        message: `keys and values must total at most ${limit} bytes in UTF-8; got ${total}`,
      },
    ];
    return false;
  };
  validate.errors = [] as KeywordError[];
  return {
    keyword: 'maxTotalUtf8Bytes',
    type: 'object',
    schemaType: 'number',
    metaSchema: { type: 'integer', minimum: 0 },
    errors: true,
    validate,
  };
})();

export function addWireKeywords(ajv: Ajv, policy: IntegerPolicy): void {
  for (const keyword of Object.keys(INTEGER_KINDS) as IntegerKindName[]) {
    ajv.addKeyword(integerKeyword(keyword, policy));
  }
  ajv.addKeyword(numericKeyword);
  ajv.addKeyword(maxTotalUtf8BytesKeyword);
}
