/**
 * Turns a recorded request into a curl command a reviewer can paste into a POSIX shell, with `$TOKEN` in
 * place of the bearer token so no secret ends up in a report.
 */

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Text body. For binary bodies the client records a placeholder here and the bytes in `bodyBase64`. */
  body?: string;
  bodyBase64?: string;
}

/** A header value cut into plain text and the secret(s) it carries. */
type HeaderSegment = { literal: string } | { secret: string };

const TOKEN_VARIABLE = 'TOKEN';
const REDACTED = '<redacted>';
const JWT_PROTOCOL_PREFIX = 'jwt.token.';
/** Headers curl computes itself: copying a recorded value could only make the replay wrong. */
const HEADERS_CURL_SETS = new Set(['content-length', 'host', 'connection', 'transfer-encoding']);
/** Linux refuses a single argument over 128 KiB, so larger bodies reach curl through a pipe. */
const MAX_INLINE_BODY_CHARS = 64 * 1024;

export function toCurl(request: CurlRequest): string {
  const words = [`curl -sS -i -X ${shellWord(request.method)} ${singleQuote(request.url)}`];
  const headerNames = Object.keys(request.headers).map((name) => name.toLowerCase());
  for (const [name, value] of Object.entries(request.headers)) {
    if (HEADERS_CURL_SETS.has(name.toLowerCase())) continue;
    words.push(`-H ${headerWord(name, value)}`);
  }
  const body = bodyToSend(request);
  if (body === undefined) return words.join(' \\\n  ');
  // curl would otherwise add its own form Content-Type, which the recorded request did not have.
  if (!headerNames.includes('content-type')) words.push(`-H 'Content-Type:'`);
  if (body.kind === 'text' && body.text.length <= MAX_INLINE_BODY_CHARS) {
    words.push(`--data-raw ${singleQuote(body.text)}`);
    return words.join(' \\\n  ');
  }
  words.push('--data-binary @-');
  const source = body.kind === 'text' ? `printf '%s' ${singleQuote(body.text)}` : `printf '%s' ${singleQuote(body.base64)} | base64 -d`;
  return `${source} | ${words.join(' \\\n  ')}`;
}

/** The headers with every token replaced by `<redacted>`, for display. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const redacted: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    redacted[name] = headerSegments(name, value)
      .map((segment) => ('literal' in segment ? segment.literal : REDACTED))
      .join('');
  }
  return redacted;
}

/** Quotes a value as one word of a POSIX shell command line (left bare when nothing in it is special). */
export function shellWord(value: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(value) ? value : singleQuote(value);
}

function singleQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

type Body = { kind: 'text'; text: string } | { kind: 'binary'; base64: string };

function bodyToSend(request: CurlRequest): Body | undefined {
  if (request.bodyBase64 !== undefined) return { kind: 'binary', base64: request.bodyBase64 };
  if (request.body === undefined) return undefined;
  // A NUL byte cannot travel in a shell argument.
  if (request.body.includes('\0')) return { kind: 'binary', base64: Buffer.from(request.body, 'utf8').toString('base64') };
  return { kind: 'text', text: request.body };
}

function headerSegments(name: string, value: string): HeaderSegment[] {
  const lowerName = name.toLowerCase();
  if (lowerName === 'authorization') {
    const credentials = /^(\S+\s+)(\S.*)$/s.exec(value);
    if (credentials === null) return value === '' ? [{ literal: value }] : [{ secret: value }];
    return [{ literal: credentials[1] ?? '' }, { secret: credentials[2] ?? '' }];
  }
  if (lowerName === 'sec-websocket-protocol') {
    return value
      .split(/(,\s*)/)
      .flatMap((part): HeaderSegment[] =>
        part.startsWith(JWT_PROTOCOL_PREFIX)
          ? [{ literal: JWT_PROTOCOL_PREFIX }, { secret: part.slice(JWT_PROTOCOL_PREFIX.length) }]
          : [{ literal: part }],
      );
  }
  return [{ literal: value }];
}

function headerWord(name: string, value: string): string {
  // curl reads `Name:` with nothing after it as "remove this header"; `Name;` is its spelling of an empty one.
  if (value.trim() === '') return singleQuote(`${name};`);
  const segments: HeaderSegment[] = [{ literal: `${name}: ` }, ...headerSegments(name, value)];
  if (segments.every((segment) => 'literal' in segment)) return singleQuote(`${name}: ${value}`);
  const literals = segments.flatMap((segment) => ('literal' in segment ? [segment.literal] : []));
  // Double quotes read best ("Authorization: Bearer $TOKEN") but only hold text free of shell syntax.
  if (literals.every((literal) => !/["\\$`!]/.test(literal))) {
    const inner = segments
      .map((segment, index) => {
        if ('literal' in segment) return segment.literal;
        const next = segments[index + 1];
        const glued = next !== undefined && 'literal' in next && /^\w/.test(next.literal);
        return glued ? `\${${TOKEN_VARIABLE}}` : `$${TOKEN_VARIABLE}`;
      })
      .join('');
    return `"${inner}"`;
  }
  return segments
    .map((segment) => ('literal' in segment ? (segment.literal === '' ? '' : singleQuote(segment.literal)) : `"$${TOKEN_VARIABLE}"`))
    .join('');
}
