/**
 * Invalid values are valid values with exactly one mutation applied. The mutation runs in a `map` after
 * the valid base is generated, so when fast-check shrinks a failing case it shrinks the base and
 * re-applies the same mutation: the shrunk value still breaks the rule its tag names.
 */
import fc from 'fast-check';

export type PartKind = 'body' | 'query' | 'path' | 'header';

export interface InvalidTag {
  /** The clause of `specification/clauses.ts` the value violates. */
  clauseId: string;
  /** The rule in words, e.g. "user id of 129 characters". */
  rule: string;
  /** Where the violation sits: a body path (`commands[0].CreateCommand.templateId`) or a parameter name. */
  part: { kind: PartKind; name: string };
}

export interface InvalidValue<T = unknown> extends InvalidTag {
  value: T;
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

export interface BodyRule<Body, Extra> {
  clauseId: string;
  rule: string;
  base: fc.Arbitrary<Body>;
  /** Random material of the mutation (an invalid string, an unknown key); generated independently. */
  extra: fc.Arbitrary<Extra>;
  mutate: (body: Body, extra: Extra) => BodyMutation;
}

export function applyMutation(body: unknown, mutation: BodyMutation): unknown {
  return 'remove' in mutation ? removeAt(body, mutation.at) : setAt(body, mutation.at, mutation.set);
}

export function invalidBody<Body, Extra>(rule: BodyRule<Body, Extra>): fc.Arbitrary<InvalidValue> {
  return fc.tuple(rule.base, rule.extra).map(([body, extra]) => {
    const mutation = rule.mutate(body, extra);
    return {
      clauseId: rule.clauseId,
      rule: rule.rule,
      part: { kind: 'body', name: pathName(mutation.at) },
      value: applyMutation(body, mutation),
    };
  });
}

/** A rule whose mutation needs no random material. */
export function invalidBodyFixed<Body>(
  clauseId: string,
  rule: string,
  base: fc.Arbitrary<Body>,
  mutate: (body: Body) => BodyMutation,
): fc.Arbitrary<InvalidValue> {
  return invalidBody({ clauseId, rule, base, extra: fc.constant(undefined), mutate: (body) => mutate(body) });
}

/** The single key of a tagged-union object. */
export function unionKey(union: unknown): string {
  const keys = Object.keys(union as object);
  if (keys.length !== 1) throw new Error(`generators: expected a single-key union object, got keys [${keys.join(', ')}]`);
  return keys[0]!;
}
