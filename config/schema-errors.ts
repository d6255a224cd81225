/**
 * A schema validation's mistakes as the user reads them (ajv errors of the config or fixtures file): one line per
 * mistake, naming the key, what was found and where it came from, what is expected; an unknown key with the known key
 * it is closest to.
 */
import type { ErrorObject } from 'ajv';
import { patternMeanings } from './schema.js';
import type { Origins } from './value-sources.js';

/**
 * One line per mistake: the key, what was found (and where it came from, when not from the file), what is
 * expected; an unknown key with the known key it is closest to.
 */
export function describeAjvErrors(errors: ErrorObject[], data: unknown, origins: Origins = new Map()): string[] {
  return describeErrors(errors, data, origins).lines;
}

/** The lines of `describeAjvErrors`, and whether a value named by one of them came from outside the file. */
export function describeErrors(errors: ErrorObject[], data: unknown, origins: Origins): { lines: string[]; outside: boolean } {
  const relevant = errors.filter((error) => error.keyword !== 'if' && !(error.keyword === 'allOf'));
  let outside = false;
  const lines = relevant.map((error) => {
    const key = pointerToKey(error.instancePath);
    if (error.keyword === 'additionalProperties') {
      const extra = String((error.params as { additionalProperty: string }).additionalProperty);
      const known = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
      const suggestion = closestKey(extra, known);
      const advice =
        suggestion !== undefined
          ? `did you mean "${suggestion}"? See README "Configuration"`
          : `remove it or check its spelling${known.length > 0 ? `; known keys here: ${known.join(', ')}` : ''}; see README "Configuration"`;
      return `${key ? `${key}.` : ''}${extra}: unknown key (${advice})`;
    }
    if (error.keyword === 'required') {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      const choices = (error.parentSchema as { properties?: Record<string, { enum?: unknown[] }> } | undefined)?.properties?.[missing]
        ?.enum;
      // A key that picks the kind of its object (targets.<name>.kind, auth.kind): say the choices and where it goes.
      if (choices !== undefined)
        return (
          `${key ? `${key}.` : ''}${missing}: missing; add \`${missing}: <${choices.map(String).join(' | ')}>\`` +
          `${key ? ` under ${key}` : ''} (see README "Configuration")`
        );
      return `${key ? `${key}.` : ''}${missing}: missing, expected a value (required)`;
    }
    const found = describeValue(valueAt(data, error.instancePath));
    const origin = originFor(origins, key);
    if (origin !== undefined) outside = true;
    return `${key || '(root)'}: found ${found}${origin === undefined ? '' : ` in ${origin}`}, expected ${expectation(error)}`;
  });
  return { lines: [...new Set(lines)], outside };
}

/** Where the value at `key` came from, when it (or the object holding it) was given outside the file. */
function originFor(origins: Origins, key: string): string | undefined {
  let best: [string, string] | undefined;
  for (const entry of origins) {
    const [path] = entry;
    const covers = key === path || key.startsWith(`${path}.`) || key.startsWith(`${path}[`);
    if (covers && (best === undefined || path.length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/** The known key closest to an unknown one, as the CLI suggests options: differing by case, or by a few edits. */
function closestKey(unknown: string, known: string[]): string | undefined {
  const lower = unknown.toLowerCase();
  let best: { key: string; distance: number } | undefined;
  for (const key of known) {
    const distance = key.toLowerCase() === lower ? 0 : editDistance(lower, key.toLowerCase());
    if (best === undefined || distance < best.distance) best = { key, distance };
  }
  // Close enough: a few edits, and fewer than half the key (so `colour` does not suggest `cases`).
  return best !== undefined && best.distance <= Math.max(1, Math.floor(unknown.length * 0.4)) ? best.key : undefined;
}

/** Damerau–Levenshtein distance (optimal string alignment): insertions, deletions, substitutions, transpositions. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

function expectation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `a value of type ${String(params.type)}`;
    case 'pattern':
      return patternMeanings[String(params.pattern)] ?? `text matching ${String(params.pattern)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
      return `a number ${String(params.comparison)} ${String(params.limit)}`;
    case 'minLength':
      return Number(params.limit) === 1 ? 'a non-empty text' : `a text of at least ${String(params.limit)} characters`;
    default:
      return error.message ?? error.keyword;
  }
}

function pointerToKey(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((key, part) => (/^\d+$/.test(part) ? `${key}[${part}]` : key ? `${key}.${part}` : part), '');
}

function valueAt(data: unknown, pointer: string): unknown {
  let current: unknown = data;
  for (const part of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text;
  return `${shown} (${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value})`;
}
