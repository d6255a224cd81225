/**
 * Lossless JSON for the wire: int64 values (offsets, balances, completion offsets) can exceed 2^53, and
 * `JSON.parse` would silently round them before any schema sees them.
 *
 * Number policy of `parseJsonLossless`:
 * - an integer within ±(2^53 − 1) becomes a `number`;
 * - an integer beyond that becomes a `bigint` holding its exact value. "Integer" means the value is
 *   integral, whatever its spelling: `12`, `1.2e1` and `12.0` all qualify;
 * - any other number becomes a `number` (no int64 field is fractional, so nothing is lost that matters).
 *
 * Duplicate keys: an object that repeats a key with a different value is ambiguous (parsers disagree on
 * which one wins) and is rejected with `DuplicateJsonKeyError`. A key repeated with an identical value is
 * accepted, because every reader agrees on its meaning (that is lossless-json's own rule).
 */
import { parse, stringify } from 'lossless-json';

export class JsonParseError extends Error {
  readonly code: string = 'JSON_PARSE_ERROR';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JsonParseError';
  }
}

export class DuplicateJsonKeyError extends JsonParseError {
  override readonly code = 'JSON_DUPLICATE_KEY';
  constructor(
    readonly key: string,
    readonly position: number,
  ) {
    super(
      `JSON object repeats the key "${key}" with a different value (at character ${position}); ` +
        'a body must name each key once, since readers disagree on which value wins',
    );
    this.name = 'DuplicateJsonKeyError';
  }
}

const INTEGER_SYNTAX = /^-?\d+$/;
const NUMBER_PARTS = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/** Longest integral digit string we expand exactly; anything longer is far outside int64 anyway. */
const MAX_EXACT_DIGITS = 40;

/** The JSON object `text` holds (parsed as parseJsonLossless does), or undefined for other JSON or text that is no JSON. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = parseJsonLossless(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Parses JSON text; see the module comment for how numbers and duplicate keys are treated.
 *
 * Most bodies hold no integer beyond 2^53 and no repeated key: `JSON.parse` (native, many times faster than
 * lossless-json on large bodies) reads those exactly as the lossless parse would. It is taken only when its result has
 * as many object members as the text has (a repeated key would be merged away) and no integer it could have rounded;
 * anything else, and every text `JSON.parse` refuses, goes through lossless-json.
 */
export function parseJsonLossless(text: string): unknown {
  const fast = nativeParseWhenExact(text);
  return fast !== INEXACT ? fast : parseWithLosslessJson(text);
}

/** `parseJsonLossless` through lossless-json alone (its fast path is proven equal to this by selftest/schemas/json.test.ts). */
export function parseWithLosslessJson(text: string): unknown {
  try {
    return parse(text, null, {
      parseNumber: parseWireNumber,
      onDuplicateKey: ({ key, position }) => {
        throw new DuplicateJsonKeyError(key, position);
      },
    });
  } catch (error) {
    if (error instanceof JsonParseError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new JsonParseError(`invalid JSON: ${reason}`, { cause: error });
  }
}

const INEXACT = Symbol('inexact');

/** `JSON.parse(text)` when it equals the lossless parse of `text` (see `parseJsonLossless`), else INEXACT. */
function nativeParseWhenExact(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return INEXACT;
  }
  let members = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'number') {
      if (Number.isInteger(next) && !Number.isSafeInteger(next)) return INEXACT;
    } else if (Array.isArray(next)) {
      for (let index = 0; index < next.length; index += 1) pending.push(next[index]);
    } else if (typeof next === 'object' && next !== null) {
      for (const key in next) {
        members += 1;
        pending.push((next as Record<string, unknown>)[key]);
      }
    }
  }
  return members === membersInText(text) ? value : INEXACT;
}

/** How many object members JSON `text` spells out: every `:` outside a string separates a member's key from its value. */
function membersInText(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 58) count += 1;
    else if (code === 34) {
      // Skip the string: to its closing quote, an escaped character (backslash) never closing it.
      for (index += 1; index < text.length; index += 1) {
        const inner = text.charCodeAt(index);
        if (inner === 92) index += 1;
        else if (inner === 34) break;
      }
    }
  }
  return count;
}

/**
 * Writes JSON like `JSON.stringify`, except that a `bigint` is written as an exact JSON number
 * (`JSON.stringify` throws on bigints).
 */
export function stringifyJson(value: unknown, space?: number | string): string {
  const text = stringify(value, null, space);
  if (text === undefined) {
    throw new TypeError(`stringifyJson: a value of type ${typeof value} has no JSON representation`);
  }
  return text;
}

function parseWireNumber(text: string): number | bigint {
  if (INTEGER_SYNTAX.test(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : BigInt(text);
  }
  const value = Number(text);
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return exactIntegerOf(text) ?? value;
  }
  return value;
}

/** The exact integer a decimal/exponent spelling denotes, or undefined when it is not integral or huge. */
function exactIntegerOf(text: string): bigint | undefined {
  const parts = NUMBER_PARTS.exec(text);
  if (!parts) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = parts;
  const digits = (whole + fraction).replace(/^0+(?=\d)/, '');
  const shift = Number(exponentText) - fraction.length;
  if (shift >= 0) {
    if (digits.length + shift > MAX_EXACT_DIGITS) return undefined;
    return BigInt(sign + digits + '0'.repeat(shift));
  }
  const dropped = digits.slice(shift);
  if (!/^0*$/.test(dropped)) return undefined;
  const kept = digits.slice(0, shift) || '0';
  if (kept.length > MAX_EXACT_DIGITS) return undefined;
  return BigInt(sign + kept);
}
