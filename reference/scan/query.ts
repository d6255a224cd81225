/**
 * Query parameters decoded the way Pekko's `parameter('name.as[Int])` directives do: a missing required
 * parameter and a value that does not parse are rejections, answered in text/plain before any handler runs.
 */
import { type ScanResponse, textResponse } from './responses.js';

export type QueryValue<T> = { ok: true; value: T } | { ok: false; response: ScanResponse };

const INTEGER_KINDS = {
  int32: { bits: 32n, description: '32-bit signed integer' },
  int64: { bits: 64n, description: '64-bit signed integer' },
} as const;

type IntegerKind = keyof typeof INTEGER_KINDS;

// Java's Integer.parseInt / Long.parseLong: an optional sign, then decimal digits, within range.
function parseInteger(text: string, kind: IntegerKind): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined;
  const value = BigInt(text);
  const bound = 1n << (INTEGER_KINDS[kind].bits - 1n);
  return value >= -bound && value < bound ? value : undefined;
}

function malformed(name: string, text: string, kind: IntegerKind): ScanResponse {
  return textResponse(
    400,
    `The query parameter '${name}' was malformed:\n'${text}' is not a valid ${INTEGER_KINDS[kind].description} value`,
  );
}

export function requiredInteger(query: URLSearchParams, name: string, kind: IntegerKind): QueryValue<bigint> {
  const text = query.get(name);
  // Pekko's number unmarshallers read an empty value as no content, which the parameter directive turns
  // into a missing-parameter rejection (PredefinedFromStringUnmarshallers.numberFormatError).
  if (text === null || text === '')
    return { ok: false, response: textResponse(404, `Request is missing required query parameter '${name}'`) };
  const value = parseInteger(text, kind);
  return value === undefined ? { ok: false, response: malformed(name, text, kind) } : { ok: true, value };
}

export function optionalInteger(query: URLSearchParams, name: string, kind: IntegerKind): QueryValue<bigint | undefined> {
  const text = query.get(name);
  if (text === null) return { ok: true, value: undefined };
  const value = parseInteger(text, kind);
  return value === undefined ? { ok: false, response: malformed(name, text, kind) } : { ok: true, value };
}
