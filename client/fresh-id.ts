/**
 * The shape of the ids a node remembers that the generators make fresh for every request
 * (`generators/primitives/fresh-ids.ts`: `<kind>-<process prefix>-<counter>`), so that a curl command made from a
 * recorded request can send fresh ones in their place: a live node refuses a repeated command id (409
 * DUPLICATE_COMMAND), so a pasted command that re-sent the run's id would reproduce nothing. An id a request sends
 * a second time is a test's repeat on purpose (a deduplication test): its curl re-sends it as the test did.
 */
import { randomBytes } from 'node:crypto';

/** The part of every fresh id unique to one process: its start time in base 36 and 10 random hex digits. */
export function newProcessPrefix(): string {
  return `${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
}

/** A fresh id; group 1 is its kind (`cmd`, `sub`, `flow`, …). */
export const FRESH_ID_SHAPE = /^(.+)-[0-9a-z]{8,9}[0-9a-f]{10}-[0-9a-z]+$/;

/** The body keys whose ids a node remembers (deduplication), and the shell variable a curl command sends in their place. */
export const FRESH_ID_KEYS: Readonly<Record<string, string>> = { commandId: 'COMMAND_ID', submissionId: 'SUBMISSION_ID' };

/** `"commandId": "value"` in a JSON text; groups: key, the colon with its spaces, value. */
export const FRESH_KEY_VALUE = new RegExp(`"(${Object.keys(FRESH_ID_KEYS).join('|')})"(\\s*:\\s*)"([^"\\\\]*)"`, 'g');

/** The fresh ids this process has sent (bounded: a long-lived process forgets the oldest half). */
const sent = new Set<string>();
const rememberAtMost = 200_000;

/**
 * Notes the fresh command and submission ids of a request body about to be sent, and returns those this process
 * sent before: the test repeats them on purpose.
 */
export function repeatedFreshIds(body: string): string[] {
  const repeated: string[] = [];
  for (const match of body.matchAll(FRESH_KEY_VALUE)) {
    const value = match[3] ?? '';
    if (!FRESH_ID_SHAPE.test(value)) continue;
    if (sent.has(value)) repeated.push(value);
    else {
      if (sent.size >= rememberAtMost) for (const old of [...sent].slice(0, rememberAtMost / 2)) sent.delete(old);
      sent.add(value);
    }
  }
  return [...new Set(repeated)];
}
