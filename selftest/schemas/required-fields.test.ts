/**
 * Every field a table of the spec marks Required = yes is required by the schema of that table, and every field
 * it marks no is not (in the spec profile); a response record also names, per field, the clause quoting that
 * row, so response_schema_conformance credits or fails each field. Derived from the embedded spec's tables, so a
 * required field the schemas miss (as `createdAt` once was) fails here. A table can also say it in its header
 * (the Command table's "Fields (all required)"): each of its rows is a variant whose listed fields are required.
 *
 * Only tables with a Required column or such a header are read: requirements stated in prose or inside a value
 * shape (the reassignment record, TraceContext, ObjectMeta, the "Other records", the update lookup's request, the
 * scan endpoints, the identifier filters' and topology events' variants) are outside this test.
 */
import { describe, expect, it } from 'vitest';
import { clause } from '../../specification/clauses.js';
import { parseJsonLossless } from '../../specification/json.js';
import { FIELD_CLAUSES } from '../../specification/schema-fields.js';
import { SCHEMA_DIRECTIONS, schemaDefinitions } from '../../specification/schemas/index.js';
import type { SchemaName, SchemaProfile } from '../../specification/validate.js';
import { parseSpec, type SpecTable } from '../clauses/spec-text.js';
import { VALID_EXAMPLES } from './examples.js';
import { failuresOf, pathsAndKeywords } from './support.js';

type TableMapping = { schemas: readonly SchemaName[] } | { unmapped: string };

const RESOURCES = 'Resources and their fields';
const ENDPOINTS = 'Endpoints';
const SUBMIT_AND_WAIT = `${ENDPOINTS} > POST {base_url}/v2/commands/submit-and-wait`;
const ALL_REQUIRED = '(all required)';

/**
 * The schema(s) that validate the fields of each spec table that states requirements, by the table's heading path.
 * Reviewed by hand: a new table fails this test until it is mapped here, or listed as unmapped with the reason.
 */
const TABLE_SCHEMAS: Record<string, TableMapping> = {
  [`${RESOURCES} > Duration`]: { schemas: ['Duration'] },
  [`${RESOURCES} > Signature (used by execute)`]: { schemas: ['Signature'] },
  [`${RESOURCES} > SinglePartySignatures`]: { schemas: ['SinglePartySignatures'] },
  [`${RESOURCES} > PartySignatures`]: { schemas: ['PartySignatures'] },
  [`${RESOURCES} > EventFormat`]: { schemas: ['EventFormat'] },
  [`${RESOURCES} > Filters`]: { schemas: ['Filters'] },
  [`${RESOURCES} > TransactionFormat`]: { schemas: ['TransactionFormat'] },
  [`${RESOURCES} > UpdateFormat`]: { schemas: ['UpdateFormat'] },
  // The table lists the fields of the wrapped UnassignedEvent, not of the `{value}` wrapper.
  [`${RESOURCES} > JsUnassignedEvent (\`{value: UnassignedEvent}\`)`]: { schemas: ['UnassignedEvent'] },
  [`${RESOURCES} > CreatedEvent (fields shown)`]: { schemas: ['CreatedEvent'] },
  [`${RESOURCES} > JsTopologyTransaction`]: { schemas: ['JsTopologyTransaction'] },
  [`${RESOURCES} > User`]: { schemas: ['User'] },
  // One row per variant of the tagged union: its key, then its fields.
  [`${RESOURCES} > Command (submit-and-wait); exactly one single-key object`]: { schemas: ['Command'] },
  [`${ENDPOINTS} > POST {base_url}/v2/interactive-submission/execute`]: { schemas: ['ExecuteSubmissionRequest'] },
  [SUBMIT_AND_WAIT]: { schemas: ['SubmitAndWaitRequest'] },
  // "Default error body (JSON) of area A".
  Errors: { schemas: ['JsCantonError'] },
};

/**
 * Rows whose Required cell is neither yes nor no. The spec: "Whether the fields listed without a Required value
 * are required, and their semantics: not shown." Listed so that a new such row is noticed; never guessed.
 */
const UNSTATED_REQUIREMENT: Record<string, readonly string[]> = {
  [SUBMIT_AND_WAIT]: [
    'minLedgerTimeAbs',
    'minLedgerTimeRel',
    'submissionId',
    'disclosedContracts',
    'synchronizerId',
    'packageIdSelectionPreference',
    'prefetchContractKeys',
    'tapsMaxPasses',
  ],
};

interface FieldRow {
  section: string;
  /** Keys leading from the schema's root to the record holding the field: a variant's key, or none. */
  at: string[];
  field: string;
  requiredCell: string;
  /** The row as the spec writes it; the clause stating the field quotes it. */
  text: string;
  line: number;
}

interface FieldCase extends FieldRow {
  schema: SchemaName;
  name: string;
}

const spec = parseSpec();
const allRequiredColumn = (table: SpecTable) => table.header.findIndex((cell) => cell.includes(ALL_REQUIRED));
const requirementTables = spec.tables.filter((table) => table.header.includes('Required') || allRequiredColumn(table) >= 0);

/** `templateId (string; a, b), choice (NameString)` → `['templateId (string; a, b)', 'choice (NameString)']`. */
function splitOutsideParentheses(list: string): string[] {
  const items = [''];
  let depth = 0;
  for (const character of list) {
    if (character === '(') depth += 1;
    if (character === ')') depth -= 1;
    if (character === ',' && depth === 0) items.push('');
    else items[items.length - 1] += character;
  }
  return items.map((item) => item.trim());
}

function fieldRows(table: SpecTable): FieldRow[] {
  const listColumn = allRequiredColumn(table);
  if (listColumn >= 0) {
    return table.rows.flatMap((row) =>
      splitOutsideParentheses(row.cells[listColumn] ?? '').map((item) => ({
        section: table.section,
        at: [row.cells[0] ?? ''],
        field: item.replace(/\s*\(.*$/, ''),
        requiredCell: 'yes',
        text: row.text,
        line: row.line,
      })),
    );
  }
  const fieldColumn = table.header.indexOf('Field');
  const requiredColumn = table.header.indexOf('Required');
  return table.rows.map((row) => ({
    section: table.section,
    at: [],
    field: row.cells[fieldColumn] ?? '',
    requiredCell: row.cells[requiredColumn] ?? '',
    text: row.text,
    line: row.line,
  }));
}

const rows = requirementTables.flatMap(fieldRows);

function casesOf(requiredCell: (cell: string) => boolean): FieldCase[] {
  return rows
    .filter((row) => requiredCell(row.requiredCell))
    .flatMap((row) => {
      const mapping = TABLE_SCHEMAS[row.section];
      const schemas = mapping !== undefined && 'schemas' in mapping ? mapping.schemas : [];
      return schemas.map((schema) => ({ ...row, schema, name: [schema, ...row.at, row.field].join('.') }));
    });
}

const requiredCases = casesOf((cell) => cell === 'yes');
const optionalCases = casesOf((cell) => cell === 'no');
const unstatedCases = casesOf((cell) => cell !== 'yes' && cell !== 'no');

type Json = Record<string, any>;

const descend = (root: Json | undefined, keys: string[], step: (node: Json, key: string) => Json | undefined): Json | undefined =>
  keys.reduce<Json | undefined>((node, key) => (node === undefined ? undefined : step(node, key)), root);

function declaredFields({ schema, at }: FieldCase, profile: SchemaProfile): string[] {
  const record = descend(schemaDefinitions(profile)[schema], at, (node, key) => node.properties?.[key]);
  return Object.keys(record?.properties ?? {});
}

/** The first valid example of the schema that writes the field (its value may be `null`), checked valid first. */
function exampleWith({ schema, at, field, name }: FieldCase, profile: SchemaProfile): Json {
  const examples = VALID_EXAMPLES[schema].map((body) => parseJsonLossless(body) as Json);
  const example = examples.find((candidate) => {
    const record = descend(candidate, at, (node, key) => node[key]);
    return typeof record === 'object' && record !== null && Object.hasOwn(record, field);
  });
  if (example === undefined) {
    throw new Error(`no example of ${schema} writes ${name}: add one to VALID_EXAMPLES.${schema} (selftest/schemas/examples.ts)`);
  }
  expect(failuresOf(schema, example, profile), `the ${schema} example writing ${name} is valid (${profile} profile)`).toEqual([]);
  return example;
}

/** A copy of the example without the field (parsed JSON, so a structured clone is exact). */
function without(example: Json, { at, field }: FieldCase): Json {
  const copy = structuredClone(example);
  delete descend(copy, at, (node, key) => node[key] as Json)![field];
  return copy;
}

const pointerTo = ({ at, field }: FieldCase) => ['', ...at, field].join('/');

/** Response records only: response_schema_conformance credits and fails a record's fields through FIELD_CLAUSES. */
function expectStatingClause({ schema, field, text }: FieldCase): void {
  if (SCHEMA_DIRECTIONS[schema] !== 'response') return;
  const stating = (FIELD_CLAUSES[schema]?.[field] ?? [])
    .map((id) => clause(id))
    .filter((entry) => entry.level === 'spec' && text.includes(entry.text));
  expect(
    stating.map((entry) => entry.id),
    `FIELD_CLAUSES.${schema}.${field} (specification/schema-fields.ts) names a spec clause quoting "${text}"`,
  ).not.toEqual([]);
}

describe('spec tables that state which fields are required', () => {
  const sections = requirementTables.map((table) => table.section);

  it('each sit under their own heading, which is mapped to schemas or listed as unmapped with a reason', () => {
    expect(new Set(sections).size).toBe(sections.length);
    expect([...sections].sort()).toEqual(Object.keys(TABLE_SCHEMAS).sort());
    const unexplained = Object.entries(TABLE_SCHEMAS).filter(([, mapping]) =>
      'unmapped' in mapping ? mapping.unmapped.trim() === '' : mapping.schemas.length === 0,
    );
    expect(unexplained.map(([section]) => section)).toEqual([]);
  });

  it('name each field once, in a Field column or in a list of required fields', () => {
    const withoutFieldColumn = requirementTables.filter((table) => !table.header.includes('Field') && allRequiredColumn(table) < 0);
    expect(withoutFieldColumn.map((table) => table.section)).toEqual([]);
    for (const table of requirementTables) {
      const fields = fieldRows(table).map((row) => [...row.at, row.field].join('.'));
      expect(
        fields.filter((field) => !/^([A-Za-z][A-Za-z0-9_]*\.)?[A-Za-z][A-Za-z0-9_]*$/.test(field)),
        table.section,
      ).toEqual([]);
      expect(new Set(fields).size, table.section).toBe(fields.length);
    }
  });

  it('say yes or no in every Required cell, except the rows listed as unstated', () => {
    const unstated: Record<string, string[]> = {};
    for (const row of rows.filter((candidate) => candidate.requiredCell !== 'yes' && candidate.requiredCell !== 'no')) {
      (unstated[row.section] ??= []).push(row.field);
    }
    expect(unstated).toEqual(UNSTATED_REQUIREMENT);
  });
});

describe('a field the spec marks required', () => {
  for (const fieldCase of requiredCases) {
    it(`${fieldCase.name} is required by both profiles (spec line ${fieldCase.line})`, () => {
      const { schema, name } = fieldCase;
      expect(declaredFields(fieldCase, 'spec')).toContain(fieldCase.field);
      for (const profile of ['spec', 'canton'] as const) {
        const example = exampleWith(fieldCase, profile);
        expect(
          pathsAndKeywords(schema, without(example, fieldCase), profile),
          `${schema} without ${name}, ${profile} profile`,
        ).toContainEqual([pointerTo(fieldCase), 'required']);
      }
      expectStatingClause(fieldCase);
    });
  }
});

describe('a field the spec marks optional', () => {
  for (const fieldCase of optionalCases) {
    it(`${fieldCase.name} may be absent in the spec profile (spec line ${fieldCase.line})`, () => {
      expect(declaredFields(fieldCase, 'spec')).toContain(fieldCase.field);
      expect(failuresOf(fieldCase.schema, without(exampleWith(fieldCase, 'spec'), fieldCase), 'spec')).toEqual([]);
      expectStatingClause(fieldCase);
    });
  }
});

describe('a field whose requirement the spec leaves unstated', () => {
  // The spec profile enforces nothing where the spec is silent (specification/schemas/profile.ts).
  for (const fieldCase of unstatedCases) {
    it(`${fieldCase.name} is declared and may be absent in the spec profile (spec line ${fieldCase.line})`, () => {
      expect(declaredFields(fieldCase, 'spec')).toContain(fieldCase.field);
      expect(failuresOf(fieldCase.schema, without(exampleWith(fieldCase, 'spec'), fieldCase), 'spec')).toEqual([]);
    });
  }
});
