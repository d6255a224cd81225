/**
 * The shape of the ids a node remembers that the generators make fresh for every request
 * (`generators/primitives/fresh-ids.ts`: `<kind>-<process prefix>-<counter>`), so that a curl command made from a
 * recorded request can send fresh ones in their place: a live node refuses a repeated command id (409
 * DUPLICATE_COMMAND), so a pasted command that re-sent the run's id would reproduce nothing.
 */
import { randomBytes } from 'node:crypto';

/** The part of every fresh id unique to one process: its start time in base 36 and 10 random hex digits. */
export function newProcessPrefix(): string {
  return `${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
}

/** A fresh id; group 1 is its kind (`cmd`, `sub`, `flow`, …). */
export const FRESH_ID_SHAPE = /^(.+)-[0-9a-z]{8,9}[0-9a-f]{10}-[0-9a-z]+$/;
