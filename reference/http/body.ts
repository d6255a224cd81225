/**
 * JSON request bodies, parsed as Canton's JSON API (circe over jawn) would: integers stay exact.
 *
 * `JSON.parse` rounds integers beyond 2^53, which would corrupt int64 fields such as offsets. Such an
 * integer parses to a number that is an integer but not a safe one, so only bodies whose `JSON.parse`
 * result holds such a number pay for the slower lossless parser. Digits inside strings (the hex
 * fingerprints of party ids) never count; every other body goes through `JSON.parse` alone.
 */
import { parse as parseLossless } from 'lossless-json';
import { DecodeFailure } from '../canton-errors.js';
import { INTEGER_TEXT } from '../string-formats.js';
import type { RefRequest } from './types.js';

/** A body that is not JSON at all (as opposed to JSON of the wrong shape). */
export class MalformedJsonFailure extends DecodeFailure {
  constructor(detail: string) {
    super('Invalid value for: body', detail);
    this.name = 'MalformedJsonFailure';
  }
}

function parseNumberExactly(text: string): number | bigint {
  if (INTEGER_TEXT.test(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : BigInt(text);
  }
  const value = Number(text);
  // An exponent form such as 5e18 denotes an integer too: keep it exact when it is one.
  if (Number.isInteger(value) && !Number.isSafeInteger(value) && /^-?\d+(\.\d+)?[eE]\+?\d+$/.test(text)) {
    return exponentToBigInt(text) ?? value;
  }
  return value;
}

function exponentToBigInt(text: string): bigint | undefined {
  const [mantissa = '', exponentText = '0'] = text.toLowerCase().split('e');
  const exponent = Number(exponentText);
  const [whole = '', fraction = ''] = mantissa.split('.');
  if (exponent < fraction.length || exponent > 400) return undefined;
  return BigInt(whole + fraction + '0'.repeat(exponent - fraction.length));
}

/** Jawn-style text for a syntax error: `exhausted input`, or `expected json value got 'x' (line 1, column 1)`. */
function describeSyntaxError(text: string): string {
  try {
    parseLossless(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /at position (\d+)/.exec(message);
    if (at === null) return message;
    const position = Number(at[1]);
    if (position >= text.length || message.includes('reached end of input')) return 'exhausted input';
    const before = text.slice(0, position);
    const line = before.split('\n').length;
    const column = position - before.lastIndexOf('\n');
    return `expected json value got '${text[position]}' (line ${line}, column ${column})`;
  }
  return 'malformed JSON';
}

/**
 * Whether a `JSON.parse` result holds a number that may have lost digits: an integer beyond ±(2^53-1).
 * (Every integer text of that size parses to such a number, as rounding never crosses 2^53.) Walks with
 * a list instead of recursion: `JSON.parse` accepts nesting far deeper than the call stack allows.
 */
function holdsInexactInteger(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'number') {
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) return true;
    } else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) pending.push(value[index]);
    } else if (typeof value === 'object' && value !== null) {
      for (const key in value) pending.push((value as Record<string, unknown>)[key]);
    }
  }
  return false;
}

/**
 * Parse a JSON text. Integers within ±(2^53-1) are `number`, integers beyond are `bigint` (exact);
 * other numbers are `number`. Objects, arrays, strings, booleans and null are as `JSON.parse` returns them.
 * Throws `MalformedJsonFailure` (a `DecodeFailure`: 400 text/plain) for empty or malformed text.
 */
export function parseJsonText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MalformedJsonFailure(text.trim() === '' ? 'exhausted input' : describeSyntaxError(text));
  }
  if (!holdsInexactInteger(value)) return value;
  try {
    return parseLossless(text, null, parseNumberExactly);
  } catch {
    // lossless-json rejects duplicate keys with different values; JSON.parse (like jawn) keeps the last.
    return value;
  }
}

/** The request body as JSON; see `parseJsonText` for what it returns and throws. */
export function parseJsonBody(request: RefRequest): unknown {
  return parseJsonText(request.body.toString('utf8'));
}
