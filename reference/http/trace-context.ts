/** The W3C trace context a request carries. */

/**
 * The trace id of a W3C `traceparent` header (`00-<32 hex trace id>-<16 hex span id>-<2 hex flags>`), as Canton's
 * JSON API takes a submission's trace context from it (JsonV2Tests.scala:643); undefined when absent or invalid.
 */
export function traceIdOfTraceparent(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value === undefined ? null : /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(value.trim());
  if (!match || match[1] === 'ff' || /^0+$/.test(match[2]!) || /^0+$/.test(match[3]!)) return undefined;
  return match[2];
}
