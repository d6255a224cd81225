/**
 * Turns a recorded request into a curl command a reviewer can paste into a POSIX shell, with `$TOKEN` in
 * place of the bearer token so no secret ends up in a report, and fresh command and submission ids in place of
 * the run's (a live node refuses a repeat: 409 DUPLICATE_COMMAND), made anew on every paste.
 */
import { FRESH_ID_KEYS, FRESH_ID_SHAPE, FRESH_KEY_VALUE } from './fresh-id.js';

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Text body. For binary bodies the client records a placeholder here and the bytes in `bodyBase64`. */
  body?: string;
  bodyBase64?: string;
  /** Fresh ids the request sent a second time, on purpose: sent as recorded (see client/fresh-id.ts). */
  repeatedIds?: readonly string[];
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

/** Eight random bytes as hex, in any POSIX shell (no uuidgen, no $RANDOM). */
const RANDOM_HEX = `$(od -An -N8 -tx1 /dev/urandom | tr -d ' \\n')`;

/** A body cut into text and the shell variables that stand for the fresh ids the run sent. */
interface FreshenedBody {
  parts: ({ text: string } | { variable: string })[];
  /** One line per variable, defining it: `COMMAND_ID="cmd-$(…)"`. */
  assignments: string[];
  /** The ids the run sent, for the comment. */
  sent: string[];
  /** The ids sent as recorded: the test repeated them on purpose. */
  kept: string[];
}

/**
 * Finds the command and submission ids the generators made fresh (their shape, `FRESH_ID_SHAPE`) in a JSON body.
 * Any other value (a test's invalid id) is sent as recorded, and so is an id the request repeated on purpose
 * (`keep`: a deduplication test re-sends one to be refused).
 */
function freshenIds(text: string, keep: readonly string[] = []): FreshenedBody {
  const parts: FreshenedBody['parts'] = [];
  const variables = new Map<string, string>();
  const assignments: string[] = [];
  let at = 0;
  for (const match of text.matchAll(FRESH_KEY_VALUE)) {
    const [whole, key = '', colon = '', value = ''] = match;
    const kind = FRESH_ID_SHAPE.exec(value)?.[1];
    if (kind === undefined || keep.includes(value)) continue;
    let variable = variables.get(value);
    if (variable === undefined) {
      const base = FRESH_ID_KEYS[key] ?? 'FRESH_ID';
      const taken = [...variables.values()].filter((name) => name === base || name.startsWith(`${base}_`)).length;
      variable = taken === 0 ? base : `${base}_${taken + 1}`;
      variables.set(value, variable);
      assignments.push(`${variable}="${kind}-${RANDOM_HEX}"`);
    }
    const start = match.index;
    parts.push({ text: `${text.slice(at, start)}"${key}"${colon}"` }, { variable });
    // The closing quote starts the next text part.
    at = start + whole.length - 1;
  }
  parts.push({ text: text.slice(at) });
  return { parts, assignments, sent: [...variables.keys()], kept: keep.filter((id) => text.includes(`"${id}"`)) };
}

/** The body as one shell word: quoted text, with `"$COMMAND_ID"` spliced in where a fresh id was. */
function bodyWord(body: FreshenedBody): string {
  const word = body.parts
    .filter((part) => !('text' in part) || part.text !== '')
    .map((part) => ('text' in part ? singleQuote(part.text) : `"$${part.variable}"`))
    .join('');
  return word === '' ? "''" : word;
}

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
  const fresh = body.kind === 'text' ? freshenIds(body.text, request.repeatedIds) : undefined;
  const preamble = [
    ...(fresh !== undefined && fresh.assignments.length > 0
      ? [
          `# fresh ids on every paste, not the run's ${fresh.sent.join(', ')}: a node refuses a repeated id (409 DUPLICATE_COMMAND)`,
          ...fresh.assignments,
        ]
      : []),
    ...(fresh !== undefined && fresh.kept.length > 0
      ? [`# sends the run's ${fresh.kept.join(', ')} again, as the test repeated it on purpose: a node that remembers it refuses it`]
      : []),
  ]
    .map((line) => `${line}\n`)
    .join('');
  if (fresh !== undefined && body.kind === 'text' && body.text.length <= MAX_INLINE_BODY_CHARS) {
    words.push(`--data-raw ${bodyWord(fresh)}`);
    return `${preamble}${words.join(' \\\n  ')}`;
  }
  words.push('--data-binary @-');
  const source =
    body.kind === 'text'
      ? `printf '%s' ${bodyWord(fresh ?? freshenIds(body.text, request.repeatedIds))}`
      : `printf '%s' ${singleQuote(body.base64)} | base64 -d`;
  return `${preamble}${source} | ${words.join(' \\\n  ')}`;
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
