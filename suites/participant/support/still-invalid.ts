/**
 * The independent re-check of a (possibly shrunk) invalid body before a rejection is judged: the body
 * fails its JSON Schema, or the value at the tagged part breaks the string format its clause names.
 * String formats are written here from the spec's definitions, not taken from the generators, so a
 * generator bug cannot make both sides agree.
 */
import type { InvalidTag } from '../../../generators/index.js';
import type { SchemaName } from '../../../specification/validate.js';
import type { Validators } from '../../../specification/validate.js';

/** Daml-LF LedgerString: 1-255 characters of letters, digits and `._:-#/` and space. */
const LEDGER_STRING = /^[A-Za-z0-9._:\-#/ ]{1,255}$/;
/** Daml-LF PartyIdString: 1-255 characters of letters, digits and `:-_` and space. */
const PARTY_ID_STRING = /^[A-Za-z0-9:\-_ ]{1,255}$/;
/** Daml-LF Name: a letter, `_` or `$`, then letters, digits, `_`, `$`; at most 1000 characters. */
const NAME_STRING = /^[A-Za-z_$][A-Za-z0-9_$]{0,999}$/;
/** Spec Limits: user ids. */
const USER_ID = /^[A-Za-z0-9@^$.!`\-#+'~_:()|]{1,128}$/;
const DOTTED_NAME = '[A-Za-z_$][A-Za-z0-9_$]*(?:\\.[A-Za-z_$][A-Za-z0-9_$]*)*';
/** `#<package-name>:<Module>:<Entity>` or `<64 hex package id>:<Module>:<Entity>`. */
const IDENTIFIER = new RegExp(`^(?:#[A-Za-z0-9._-]+|[0-9a-f]{64}):${DOTTED_NAME}:${DOTTED_NAME}$`);

/** `commands[0].CreateCommand.templateId` → ['commands', 0, 'CreateCommand', 'templateId']. */
export function parsePartPath(name: string): (string | number)[] {
  const steps: (string | number)[] = [];
  for (const match of name.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    steps.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
  }
  return steps;
}

/** The value at a part name such as `commands[0].CreateCommand.templateId` (undefined when absent). */
export function valueAt(body: unknown, name: string): unknown {
  let current = body;
  for (const step of parsePartPath(name)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

function breaks(format: RegExp, value: unknown): boolean {
  return typeof value !== 'string' || !format.test(value);
}

/** The format rule a clause names, checked on the tagged part; undefined when the clause names none. */
function formatBroken(tag: InvalidTag, body: unknown): boolean | undefined {
  const value = valueAt(body, tag.part.name);
  const id = tag.clauseId;
  if (id.endsWith('.ledger-string')) return breaks(LEDGER_STRING, value);
  if (id.endsWith('.party-id-string')) return breaks(PARTY_ID_STRING, value);
  if (id.endsWith('.name-string')) return breaks(NAME_STRING, value);
  if (id.endsWith('.reference-formats')) return breaks(IDENTIFIER, value);
  if (id.startsWith('user-id.limit.')) return breaks(USER_ID, value);
  return undefined;
}

/** Whether the body still breaks the rule its tag names. */
export function bodyStillInvalid(validators: Validators, schema: SchemaName, tag: InvalidTag, body: unknown): boolean {
  if (!validators.validate(schema, body).valid) return true;
  return formatBroken(tag, body) === true;
}
