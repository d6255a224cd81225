/**
 * The catalog of the suite files' tests (harness/runner/test-catalog.ts): named by a digest of the sources the tests
 * derive from, so an edit is never answered with a stale catalog; read back as written; and filtered by the very rule
 * `conformanceTest` registers tests by (`registeredBy`). That a selected run loads only the files it needs, and still
 * reports a suite file that does not load, is shown by the CLI runs of the other self-tests (and the `--list` outputs).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalog, sourceDigest, testsRegisteredBy, writeCatalog, type CatalogTest } from '../../harness/runner/test-catalog.js';

describe('the test catalog', () => {
  it('is named by a digest that moves with the tool’s sources, and not with self-tests or docs', () => {
    const root = mkdtempSync(join(tmpdir(), 'catalog-digest-'));
    for (const folder of ['suites', 'specification', 'selftest', 'docs']) mkdirSync(join(root, folder));
    writeFileSync(join(root, 'suites/a.suite.ts'), 'one');
    writeFileSync(join(root, 'specification/b.json'), '{}');
    const first = sourceDigest(root);
    writeFileSync(join(root, 'selftest/x.test.ts'), 'changed');
    writeFileSync(join(root, 'docs/notes.ts'), 'changed');
    writeFileSync(join(root, 'suites/readme.md'), 'not a source');
    expect(sourceDigest(root)).toBe(first);
    writeFileSync(join(root, 'suites/a.suite.ts'), 'two');
    const second = sourceDigest(root);
    expect(second).not.toBe(first);
    writeFileSync(join(root, 'specification/b.json'), '{"x":1}');
    expect(sourceDigest(root)).not.toBe(second);
  });

  it('reads back what was written under its digest, and nothing for another digest', () => {
    const digest = `selftest${Date.now()}${process.pid}`.padEnd(32, '0').slice(0, 32);
    const tests: CatalogTest[] = [
      { id: 's::t', name: 't', suite: 's', endpoint: 'readyz', clauses: ['readyz.exists'], file: 'suites/s.suite.ts' },
    ];
    writeCatalog(digest, tests);
    expect(readCatalog(digest)).toEqual(tests);
    expect(readCatalog(digest.replace(/.$/, 'x'))).toBeUndefined();
  });

  it('selects as conformanceTest registers: include, exclude, the spec profile leaving canton-only tests out, replay', () => {
    const test = (id: string, clauses: CatalogTest['clauses']): CatalogTest => ({
      id,
      name: id.split('::')[1]!,
      suite: id.split('::')[0]!,
      endpoint: 'readyz',
      clauses,
      file: `suites/${id.split('::')[0]}.suite.ts`,
    });
    const catalog = [
      test('alpha::spec test', ['readyz.exists']),
      test('beta::canton test', ['canton.errors.code-taxonomy']),
      test('beta::mixed test', ['readyz.exists', 'canton.errors.code-taxonomy']),
    ];
    const ids = (selection: Parameters<typeof testsRegisteredBy>[1]) => testsRegisteredBy(catalog, selection).map((entry) => entry.id);
    expect(ids({ include: [], exclude: [], profile: 'canton' })).toEqual(['alpha::spec test', 'beta::canton test', 'beta::mixed test']);
    expect(ids({ include: [], exclude: [], profile: 'spec' })).toEqual(['alpha::spec test', 'beta::mixed test']);
    expect(ids({ include: ['beta'], exclude: ['beta::mixed'], profile: 'canton' })).toEqual(['beta::canton test']);
    expect(ids({ include: ['canton.errors'], exclude: [], profile: 'canton' })).toEqual(['beta::canton test', 'beta::mixed test']);
    expect(ids({ include: ['alpha'], exclude: [], profile: 'canton', replayTestId: 'beta::canton test' })).toEqual(['beta::canton test']);
    expect(ids({ include: [], exclude: [], profile: 'spec', replayTestId: 'beta::canton test' })).toEqual([]);
  });
});
