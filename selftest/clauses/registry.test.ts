import type { ClauseId } from '../../specification/clauses.js';
import { describe, expect, it } from 'vitest';
import { clause, clauseIds, clauses, clausesForProfile } from '../../specification/clauses.js';
import { REQUIREMENT_NAMES, type Requirement } from '../../specification/requirements.js';
import { DESCRIPTOR_NAMES } from '../../specification/endpoints.js';
import type { Clause } from '../../specification/clauses.js';
import { parseSpec } from './spec-text.js';

const spec = parseSpec();
const KINDS = new Set(['endpoint', 'resource', 'union', 'limit', 'error', 'auth', 'versioning', 'state', 'format', 'event']);
const LEVELS = new Set(['spec', 'canton', 'not-shown']);
const WELL_FORMED_ID = /^[a-z][a-z0-9-]*(\.[A-Za-z0-9_][A-Za-z0-9_-]*)+$/;

const fromSpec = (entry: Clause) => entry.level !== 'canton';
const describeClause = (entry: Clause) => `${entry.id} (${entry.section})`;

describe('clause registry: shape', () => {
  it('has unique, well-formed ids, and clauseIds lists exactly them', () => {
    const ids = clauses.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !WELL_FORMED_ID.test(id))).toEqual([]);
    expect([...clauseIds].sort()).toEqual([...ids].sort());
  });

  it('gives every clause text, section, a known level and kind', () => {
    const broken = clauses.filter(
      (entry) => entry.text.trim() === '' || entry.section.trim() === '' || !LEVELS.has(entry.level) || !KINDS.has(entry.kind),
    );
    expect(broken.map(describeClause)).toEqual([]);
  });

  it('gives a reason exactly when a clause is untestable, and never checks not-shown clauses', () => {
    expect(clauses.filter((entry) => !entry.testable && !entry.untestableReason?.trim()).map(describeClause)).toEqual([]);
    expect(clauses.filter((entry) => entry.testable && entry.untestableReason !== undefined).map(describeClause)).toEqual([]);
    expect(clauses.filter((entry) => entry.level === 'not-shown' && entry.testable).map(describeClause)).toEqual([]);
  });

  it('prefixes canton-profile ids with canton. and cites the facts document, and only those', () => {
    const canton = clauses.filter((entry) => entry.level === 'canton');
    expect(canton.filter((entry) => !entry.id.startsWith('canton.')).map(describeClause)).toEqual([]);
    expect(canton.filter((entry) => !/\(facts (canton|scan|verified-against-real)\b[^)]*\)/.test(entry.text)).map(describeClause)).toEqual(
      [],
    );
    expect(clauses.filter((entry) => entry.level !== 'canton' && entry.id.startsWith('canton.')).map(describeClause)).toEqual([]);
  });

  it('uses only known feature tags and endpoint names', () => {
    // One vocabulary (specification/requirements.ts): a named requirement, or a scan version window.
    const names = new Set<string>(REQUIREMENT_NAMES);
    const known = (tag: Requirement) =>
      typeof tag === 'string'
        ? names.has(tag)
        : /^\d+\.\d+\.\d+$/.test('scanVersionAtLeast' in tag ? tag.scanVersionAtLeast : tag.scanVersionBelow);
    expect(clauses.filter((entry) => (entry.features ?? []).some((tag) => !known(tag))).map(describeClause)).toEqual([]);
    // Clause endpoints are descriptor names (typed; this holds the registry's data at run time too).
    const endpoints = new Set<string>(DESCRIPTOR_NAMES);
    expect(clauses.filter((entry) => entry.endpoint !== undefined && !endpoints.has(entry.endpoint)).map(describeClause)).toEqual([]);
  });

  it('names sections that are heading paths of the spec', () => {
    expect(clauses.filter((entry) => !spec.sectionPaths.has(entry.section)).map(describeClause)).toEqual([]);
  });

  it('quotes the spec verbatim, inside the top-level section it names', () => {
    const misquoted = clauses.filter(fromSpec).filter((entry) => {
      const topLevel = entry.section.split(' > ')[0]!;
      return !(spec.topLevelText.get(topLevel) ?? '').includes(entry.text);
    });
    expect(misquoted.map(describeClause)).toEqual([]);
  });

  it('quotes "not shown" statements only in not-shown clauses', () => {
    const checkedButSilent = clauses.filter((entry) => entry.level === 'spec' && / not shown\b|: not shown/.test(entry.text));
    expect(checkedButSilent.map(describeClause)).toEqual([]);
  });
});

describe('clause registry: lookups', () => {
  it('clause(id) returns the clause with that id', () => {
    for (const entry of clauses) expect(clause(entry.id)).toBe(entry);
  });

  it('clause(unknown) throws naming the id, the registry and close matches', () => {
    expect(() => clause('nope' as ClauseId)).toThrow(/Unknown clause id "nope".*specification\/clauses\.ts/);
    expect(() => clause('submit-and-wait.commands.typo' as ClauseId)).toThrow(/Did you mean: .*submit-and-wait\.commands\.non-empty/);
  });

  it('clausesForProfile: spec has the spec clauses, canton adds the canton ones, neither has not-shown', () => {
    const specProfile = clausesForProfile('spec');
    const cantonProfile = clausesForProfile('canton');
    expect(specProfile.every((entry) => entry.level === 'spec')).toBe(true);
    expect(specProfile.length).toBe(clauses.filter((entry) => entry.level === 'spec').length);
    expect(cantonProfile.filter((entry) => entry.level === 'canton').length).toBeGreaterThan(0);
    expect(cantonProfile.length).toBe(specProfile.length + clauses.filter((entry) => entry.level === 'canton').length);
    expect(cantonProfile.some((entry) => entry.level === 'not-shown')).toBe(false);
  });
});
