/**
 * Invalid values are valid values with exactly one mutation applied. The mutation runs in a `map` after
 * the valid base is generated, so when fast-check shrinks a failing case it shrinks the base and
 * re-applies the same mutation: the shrunk value still breaks the rule its tag names.
 */
import fc from 'fast-check';
import type { ClauseId } from '../../specification/clauses.js';
import type { StringFormatName } from '../../specification/formats.js';
import type { BrokenDarKind } from '../dar/builder.js';

export type PartKind = 'body' | 'query' | 'path' | 'header';

/**
 * What kind of rule a generated value breaks, as data the oracles dispatch on (never the rule's prose):
 * - `missing`: a required field is absent;
 * - `wrong-type`: the JSON value has another type than the field's (`expected`);
 * - `format`: a string breaks one of the spec's string formats (`specification/formats.ts`), `how` says how;
 * - `empty-list` / `empty-string`: a list or string that must be non-empty is empty;
 * - `union`: a single-key union object has no key, several keys or an unknown key;
 * - `enum`: a value outside the allowed values;
 * - `range`: a number beyond its bound (`positive` offsets, the int64 / int32 range, a minimum or maximum);
 * - `timestamp`: a string that is not a timestamp;
 * - `dar`: a DAR broken in one way (`problem`);
 * - `parameter`: a query or path parameter that does not parse as its type or format.
 */
export type Violation =
  | { kind: 'missing' }
  | { kind: 'wrong-type'; expected: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' }
  | { kind: 'format'; format: StringFormatName; how: 'too-long' | 'forbidden-character' | 'empty' | 'malformed' }
  | { kind: 'empty-list' }
  | { kind: 'empty-string' }
  | { kind: 'union'; problem: 'no-key' | 'several-keys' | 'unknown-key' }
  | { kind: 'enum' }
  | { kind: 'range'; bound: 'positive' | 'int64' | 'int32' | 'minimum' | 'maximum' }
  | { kind: 'timestamp' }
  | { kind: 'dar'; problem: BrokenDarKind }
  | { kind: 'parameter'; expected: 'boolean' | 'int32' | 'int64' | 'unique-identifier' | 'member-id' };

export interface InvalidTag {
  /** The clause of the registry the value violates. */
  clauseId: ClauseId;
  /** The rule in words, for reports (e.g. "user id of 129 characters"); never dispatched on. */
  rule: string;
  /** Where the violation sits: a body path (`commands[0].CreateCommand.templateId`) or a parameter name. */
  part: { kind: PartKind; name: string };
  violation: Violation;
  /**
   * The mutation also breaks an authorization rule when authorization is on (e.g. an `actAs` entry that is no
   * party id is also a party the caller may not act as): a target may then reject it for either reason.
   */
  alsoBreaks?: 'authorization';
  /**
   * Field names a node's error cause may use for this part besides its own path's (Canton reports a bad field
   * of a signature on the signature: `Invalid field SinglePartySignatures.signature`).
   */
  reportedAs?: readonly string[];
}

export interface InvalidValue<T = unknown> extends InvalidTag {
  value: T;
}

/** An invalid body with what it was made from: a body the target accepts, the user who sends it, and one mutation. */
export interface InvalidBody extends InvalidValue {
  base: unknown;
  mutation: BodyMutation;
  asUser?: string;
}

export type Path = readonly (string | number)[];

/** `commands[0].CreateCommand.templateId`; the empty path names the whole body. */
export function pathName(path: Path): string {
  let name = '';
  for (const step of path) name += typeof step === 'number' ? `[${step}]` : name === '' ? step : `.${step}`;
  return name === '' ? 'body' : name;
}

function cloneContainer(value: unknown): Record<string | number, unknown> {
  if (Array.isArray(value)) return [...value] as unknown as Record<number, unknown>;
  if (value !== null && typeof value === 'object') return { ...(value as Record<string, unknown>) };
  throw new Error(`generators: cannot step into a ${value === null ? 'null' : typeof value} while mutating a body`);
}

function updateAt(root: unknown, path: Path, update: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  if (path.length === 0) throw new Error('generators: a body mutation needs a non-empty path');
  const copy = cloneContainer(root);
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (rest.length === 0) update(copy, head);
  else copy[head] = updateAt(copy[head], rest, update);
  return copy;
}

/** A copy of `root` with `value` at `path` (containers along the path are copied, the rest shared). */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  return updateAt(root, path, (parent, key) => {
    parent[key] = value;
  });
}

/** A copy of `root` without the key at `path`. */
export function removeAt(root: unknown, path: Path): unknown {
  return updateAt(root, path, (parent, key) => {
    delete parent[key];
  });
}

/** What one mutation does: replace the value at `at`, or remove the key there. */
export type BodyMutation = { at: Path; set: unknown } | { at: Path; remove: true };

/** A body the target accepts, with the user whose token must send it (generators' `accepted` cases). */
export interface BaseCase<Body> {
  asUser?: string;
  body: Body;
}

export interface BodyRule<Body, Extra> {
  clauseId: ClauseId;
  rule: string;
  violation: Violation;
  alsoBreaks?: 'authorization';
  reportedAs?: readonly string[];
  base: fc.Arbitrary<BaseCase<Body>>;
  /** Random material of the mutation (an invalid string, an unknown key); generated independently. */
  extra: fc.Arbitrary<Extra>;
  mutate: (body: Body, extra: Extra) => BodyMutation;
}

export function applyMutation(body: unknown, mutation: BodyMutation): unknown {
  return 'remove' in mutation ? removeAt(body, mutation.at) : setAt(body, mutation.at, mutation.set);
}

export function invalidBody<Body, Extra>(rule: BodyRule<Body, Extra>): fc.Arbitrary<InvalidBody> {
  return fc.tuple(rule.base, rule.extra).map(([base, extra]) => {
    const mutation = rule.mutate(base.body, extra);
    return {
      clauseId: rule.clauseId,
      rule: rule.rule,
      part: { kind: 'body', name: pathName(mutation.at) },
      violation: rule.violation,
      ...(rule.alsoBreaks ? { alsoBreaks: rule.alsoBreaks } : {}),
      ...(rule.reportedAs ? { reportedAs: rule.reportedAs } : {}),
      value: applyMutation(base.body, mutation),
      base: base.body,
      mutation,
      ...(base.asUser !== undefined ? { asUser: base.asUser } : {}),
    };
  });
}

/** The single key of a tagged-union object. */
export function unionKey(union: unknown): string {
  const keys = Object.keys(union as object);
  if (keys.length !== 1) throw new Error(`generators: expected a single-key union object, got keys [${keys.join(', ')}]`);
  return keys[0]!;
}
