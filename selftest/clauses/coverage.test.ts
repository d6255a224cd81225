/**
 * Proves the registry covers the spec: every table row and every prose sentence of the embedded spec is
 * quoted by a clause of its section (or is listed below as carrying no behaviour), plus an independent
 * checklist of what the task requires by name.
 */
import { describe, expect, it } from 'vitest';
import { clauseIds, clauses } from '../../specification/clauses.js';
import { ENDPOINT_DESCRIPTORS, endpointSection, REQUEST_ENDPOINT_NAMES } from '../../specification/endpoints.js';
import type { Clause } from '../../specification/clauses.js';
import { parseSpec } from './spec-text.js';
import type { SpecUnit } from './spec-text.js';

const spec = parseSpec();

/** Sentences that state no behaviour: labels introducing a list or table, and the document's own preamble. */
const NO_BEHAVIOUR = new Set([
  'This document covers the whole service in one place.',
  'Area A (participant interface):',
  'State-like attributes shown:',
  'Request body (JSON):',
  'Request body:',
  'Default error body (JSON) of area A:',
  'Rules:',
]);

const inSection = (entry: Clause, section: string) => entry.section === section || entry.section.startsWith(`${section} > `);

function isCovered(unit: SpecUnit): boolean {
  const candidates = clauses.filter((entry) => entry.level !== 'canton' && inSection(entry, unit.section));
  if (unit.kind === 'row') return candidates.some((entry) => entry.text.includes(unit.text));
  return candidates.some((entry) => entry.text.includes(unit.text) || (unit.text.includes(entry.text) && entry.text.length >= 12));
}

const clausesQuoting = (fragment: string, level?: Clause['level']) =>
  clauses.filter((entry) => entry.text.includes(fragment) && (level === undefined || entry.level === level));

describe('clause registry covers the spec text', () => {
  it('parses a plausible number of rows and sentences (guards the parser itself)', () => {
    expect(spec.units.filter((unit) => unit.kind === 'row').length).toBeGreaterThan(120);
    expect(spec.units.filter((unit) => unit.kind === 'sentence').length).toBeGreaterThan(80);
  });

  it("quotes every table row in a clause of the table's section", () => {
    const uncovered = spec.units.filter((unit) => unit.kind === 'row' && !isCovered(unit));
    expect(uncovered.map((unit) => `line ${unit.line} [${unit.section}]: ${unit.text}`)).toEqual([]);
  });

  it('quotes every sentence (prose, bullets, numbered rules) in a clause of its section', () => {
    const uncovered = spec.units.filter((unit) => unit.kind === 'sentence' && !NO_BEHAVIOUR.has(unit.text) && !isCovered(unit));
    expect(uncovered.map((unit) => `line ${unit.line} [${unit.section}]: ${unit.text}`)).toEqual([]);
  });

  it('records every "not shown" statement as a not-shown, untestable clause', () => {
    const statements = spec.units.filter((unit) => /not shown/.test(unit.text));
    expect(statements.length).toBeGreaterThanOrEqual(17);
    const missing = statements.filter(
      (unit) =>
        !clauses.some(
          (entry) =>
            entry.level === 'not-shown' &&
            !entry.testable &&
            inSection(entry, unit.section) &&
            /not shown/.test(entry.text) &&
            (entry.text.includes(unit.text) || unit.text.includes(entry.text)),
        ),
    );
    expect(missing.map((unit) => `line ${unit.line}: ${unit.text}`)).toEqual([]);
  });
});

describe('clause registry covers the required checklist', () => {
  // The spec's endpoints are the ones with request generators (`generated: true` in specification/endpoints.ts): a new
  // one is held to the same checklist without this list being edited.
  const ENDPOINTS = REQUEST_ENDPOINT_NAMES.filter((name) => ENDPOINT_DESCRIPTORS[name].api === 'participant');
  const SCAN_ENDPOINTS = REQUEST_ENDPOINT_NAMES.filter((name) => ENDPOINT_DESCRIPTORS[name].api === 'scan');

  it("certifies every endpoint of the spec (its heading, or its row of the scan table), by the descriptors' method and path", () => {
    const certifiedSections = new Set(ENDPOINTS.map((name) => endpointSection(name)));
    const specEndpoints = [...spec.sectionPaths].filter((path) => /^Endpoints > (GET|POST|PUT|PATCH|DELETE) /.test(path));
    expect(specEndpoints.length).toBeGreaterThan(0);
    expect(specEndpoints.filter((path) => !certifiedSections.has(path))).toEqual([]);
    const scanRows = spec.units
      .filter((unit) => unit.kind === 'row' && unit.section.startsWith('Endpoints > Scan endpoints'))
      .map((unit) => /^\| (GET|POST) \{scan_base_url\}(\S+)/.exec(unit.text))
      .filter((match) => match !== null)
      .map((match) => `${match[1]} ${match[2]}`);
    expect(scanRows.length).toBeGreaterThan(0);
    const certifiedScan = new Set(SCAN_ENDPOINTS.map((name) => `${ENDPOINT_DESCRIPTORS[name].method} ${ENDPOINT_DESCRIPTORS[name].path}`));
    expect(scanRows.filter((row) => !certifiedScan.has(row))).toEqual([]);
  });

  it('has, for every area A endpoint, existence, auth, the default error body and a 200 response clause', () => {
    for (const name of ENDPOINTS) {
      for (const id of [`${name}.exists`, `${name}.auth.required`, `${name}.errors.default-body`]) expect(clauseIds, id).toContain(id);
      expect(
        clauses.some((entry) => entry.endpoint === name && entry.id.startsWith(`${name}.response.`)),
        `${name} 200 response`,
      ).toBe(true);
    }
  });

  it('has, for every scan endpoint, existence, response shape, declared statuses and the error body', () => {
    for (const name of SCAN_ENDPOINTS) {
      for (const rule of ['exists', 'response.shape', 'errors.declared-statuses', 'errors.error-body']) {
        const id = `${name}.${rule}`;
        expect(clauseIds, id).toContain(id);
        expect(clauses.find((entry) => entry.id === id)?.endpoint).toBe(name);
      }
    }
  });

  it('has clauses for every resource table', () => {
    const resources = [
      'Duration',
      'Signature',
      'SinglePartySignatures',
      'PartySignatures',
      'DeduplicationPeriod',
      'MinLedgerTime',
      'EventFormat',
      'Filters',
      'CumulativeFilter',
      'IdentifierFilter',
      'TransactionFormat',
      'UpdateFormat',
      'Update',
      'Reassignment',
      'JsUnassignedEvent',
      'CreatedEvent',
      'JsTopologyTransaction',
      'TopologyEvent',
      'TraceContext',
      'User',
      'ObjectMeta',
      'Command',
      'UploadDarFileResponse',
      'TrafficAccount',
      'MemberTrafficStatus',
      'ValidatorReceivedFaucets',
      'ErrorBody',
    ];
    const missing = resources.filter((resource) => !clauses.some((entry) => entry.resource === resource && entry.level === 'spec'));
    expect(missing).toEqual([]);
  });

  it('has exactly-one-key and allowed-keys clauses for every union, and the execute-form-only restrictions', () => {
    const unions = ['deduplication-period', 'min-ledger-time.time', 'identifier-filter', 'topology-event', 'command'];
    for (const union of unions) {
      expect(clauseIds).toContain(`${union}.exactly-one-key`);
      expect(clauseIds).toContain(`${union}.allowed-keys`);
    }
    expect(clauseIds).toContain('update.exactly-one-variant');
    expect(clauseIds).toContain('update.allowed-variants');
    expect(clauseIds).toContain('deduplication-period.DeduplicationOffset.execute-form-only');
    expect(clauseIds).toContain('deduplication-period.Empty.execute-form-only');
  });

  it('has a clause per limit row, error rule, auth bullet and versioning bullet', () => {
    const limitRows = [
      '| User id |',
      '| Annotations total size |',
      '| Annotation key |',
      '| Annotation value |',
      '| Commands list, actAs, signatures lists |',
      '| Scan `limit` |',
      '| Offsets |',
    ];
    for (const row of limitRows) expect(clausesQuoting(row, 'spec').length, row).toBeGreaterThan(0);
    for (const rule of [
      'When a request body or a query parameter is invalid',
      'the update lookup raises `UPDATE_NOT_FOUND`',
      'submit-and-wait returns the error of the failed submission',
      'Scan endpoints answer errors as `{error: string}`',
    ]) {
      expect(clausesQuoting(rule, 'spec').length, rule).toBeGreaterThan(0);
    }
    const bullets = (section: string) =>
      spec.source
        .split(`## ${section}\n`)[1]!
        .split('\n## ')[0]!
        .split('\n')
        .filter((line) => line.startsWith('- '));
    for (const section of ['Authentication', 'Versioning']) {
      const lines = bullets(section);
      expect(lines.length).toBeGreaterThan(5);
      for (const bullet of lines) {
        const firstSentence = bullet
          .slice(2)
          .split(/(?<=\.)\s/)[0]!
          .replace(/: not shown\.$/, '');
        expect(clausesQuoting(firstSentence).length, bullet).toBeGreaterThan(0);
      }
    }
  });

  it('has the canton profile facts the task lists', () => {
    const required = [
      ...[1, 2, 4].map((category) => `canton.errors.category-${category}`),
      'canton.errors.category-6-401',
      'canton.errors.category-7-403',
      'canton.errors.category-8-400',
      'canton.errors.category-9-400',
      'canton.errors.category-10-409',
      'canton.errors.category-11-404',
      'canton.errors.category-12-400',
      'canton.errors.status-follows-category',
      'canton.errors.body.absent-optionals-null',
      'canton.errors.redacted-body',
      'canton.errors.body.context-category',
      'canton.errors.400-text.body-format',
      'canton.errors.400-text.query-parameter-format',
      'canton.http.method-not-allowed-405',
      'canton.http.unknown-route-404-legacy-json',
      'canton.http.body-over-8mib',
      'canton.readyz.healthy-text',
      'canton.readyz.not-serving-503',
      'canton.update-by-offset.update-not-found-404',
      'canton.update-by-offset.non-positive-offset-400',
      'canton.submit-and-wait.duplicate-command-409',
      'canton.submit-and-wait.templates-or-interfaces-not-found-404',
      'canton.submit-and-wait.template-precondition-violated-400',
      'canton.submit-and-wait.contract-not-found-404',
      'canton.auth.missing-token-401',
      'canton.auth.unknown-user-403',
      'canton.auth.unauthenticated-401',
      'canton.auth.permission-denied-403',
      'canton.auth.deactivated-user-403',
      'canton.auth.empty-bearer-400',
      'canton.daml-lf.int64-string',
      'canton.daml-lf.numeric-string',
      'canton.daml-lf.variant-tag-value',
      'canton.daml-lf.unexpected-fields-400',
      'canton.daml-lf.missing-fields-400',
      'canton.json.protocol-int64-numbers',
      'canton.dars.invalid-dar-400',
      'canton.dars.invalid-zip-entry-400',
      'canton.dars.dar-parse-error-400',
      'canton.dars.idempotent-reupload',
      'canton.dars.vetAllPackages-malformed-400-text',
      'canton.dars.synchronizerId-malformed-400',
      'canton.traffic-account.disabled-404',
      'canton.scan.error-body-pretty-json',
      'canton.scan.top-validators.limit.min-1',
      'canton.scan.limit.max-1000',
      'canton.scan.top-validators.limit.missing-404',
      'canton.scan.participant-id-v0.multi-hosted-500',
      'canton.scan.participant-id-v1.all-participants',
      'canton.scan.participant-id-v0.unknown-party-404',
      'canton.scan.participant-id-v1.unknown-party-404',
      'canton.scan.traffic-status.member-malformed-400',
      'canton.scan.traffic-status.unknown-member-404',
      'canton.scan.removed.top-validators-404',
      'canton.scan.removed.rewards-collected-404',
      'canton.scan.removed.round-of-latest-data-404',
      'canton.scan.rewards-collected.amount-10-decimals',
    ];
    const missing = required.filter((id) =>
      id.split('.').length === 3 && /category-\d+$/.test(id)
        ? ![...clauseIds].some((known) => known.startsWith(`${id}-`))
        : !clauseIds.has(id),
    );
    expect(missing).toEqual([]);
  });
});
