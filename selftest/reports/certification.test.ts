/**
 * The certification workflow's pure parts: expectation files (parse, match, update), the report digest, the
 * report-folder lock, the tool's commit outside a checkout, and spec table rows read as sentences.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/tool-errors.js';
import { toolCommit } from '../../harness/runner/certificate.js';
import { applyExpectations, parseExpectations, updatedExpectations, versionApplies } from '../../harness/runner/expectations.js';
import type { RunReport } from '../../harness/runner/run-report.js';
import { reportDigest, sealReport, verifyReportText } from '../../reports/digest.js';
import { clauseSentence, jsonText, verdictHeadline, verdictTone } from '../../reports/format.js';
import { writeReportHtml } from '../../reports/html.js';
import { writeJUnit } from '../../reports/junit.js';
import { LOCK_FILE, ReportDirectoryInUseError, lockReportDirectory } from '../../reports/lock.js';
import { writeSummaryMarkdown } from '../../reports/summary-md.js';
import { FAILED_TEST_ID, fixtureReport, fixtureTests } from './fixture.js';

const FAILED_CLAUSE = 'submit-and-wait.actAs.non-empty';

function withNodeVersion(report: RunReport, version: string): RunReport {
  return {
    ...report,
    certificate: {
      node: { url: 'http://127.0.0.1:1/v2/version', status: 200, body: { version }, version },
      features: {} as never,
      profile: 'spec',
      tool: { name: 'ledger-conformance', version: '0.1.0', commit: 'unknown' },
      clauseRegistryDigest: 'sha256:0',
      clauseCount: 0,
      configDigest: 'sha256:0',
      configFile: 'default',
      seed: 42,
      startedAt: report.startedAt,
      finishedAt: report.finishedAt,
    },
  };
}

describe('expectation files', () => {
  it('reads clauses and tests with reasons and versions, and says what is wrong with a bad file', () => {
    const file = parseExpectations(
      `clauses:\n  ${FAILED_CLAUSE}:\n    outcome: failed\n    reason: ticket 12\n    versions: ['3.4']\ntests:\n  'a::b':\n    outcome: failed\n    reason: flaky proxy\n`,
      'x.yaml',
    );
    expect(file.clauses[FAILED_CLAUSE]).toEqual({ outcome: 'failed', reason: 'ticket 12', versions: ['3.4'] });
    expect(file.tests['a::b']?.reason).toBe('flaky proxy');
    expect(() => parseExpectations('clauses:\n  x:\n    outcome: passed\n', 'x.yaml')).toThrow(ConfigError);
    expect(() => parseExpectations('clauses:\n  x:\n    outcome: failed\n', 'x.yaml')).toThrow(
      /x\.reason: every known failure needs a reason/,
    );
    expect(() => parseExpectations('clause: {}\n', 'x.yaml')).toThrow(/clause: unknown key/);
  });

  it('matches node versions by prefix or pattern', () => {
    expect(versionApplies(undefined, 'unknown')).toBe(true);
    expect(versionApplies(['3.4'], '3.4.2')).toBe(true);
    expect(versionApplies(['3.4'], '3.45.0')).toBe(false);
    expect(versionApplies(['3.5.0-*'], '3.5.0-reference')).toBe(true);
    expect(versionApplies(['3.5'], '3.4.9')).toBe(false);
  });

  it('sorts failures into known and unexpected, and a listed failure that passes into unexpectedly passing', () => {
    const report = withNodeVersion(fixtureReport({ interrupted: false }), '3.5.0');
    const none = applyExpectations(report, { clauses: {}, tests: {} }, 'e.yaml');
    expect(none.unexpected.map((entry) => entry.clause)).toEqual([FAILED_CLAUSE]);
    expect(none.verdict).toBe('not-certified');

    const known = applyExpectations(
      report,
      { clauses: { [FAILED_CLAUSE]: { outcome: 'failed', reason: 'ticket 12' } }, tests: {} },
      'e.yaml',
    );
    expect(known.unexpected).toEqual([]);
    expect(known.known).toEqual([{ kind: 'clause', id: FAILED_CLAUSE, reason: 'ticket 12', tests: [FAILED_TEST_ID] }]);
    // Known failures are still failures: never certified, though nothing new failed.
    expect(known.verdict).toBe('not-certified');
    expect(known.withoutKnown).not.toBe('not-certified');

    const byTest = applyExpectations(report, { clauses: {}, tests: { [FAILED_TEST_ID]: { outcome: 'failed', reason: 'r' } } }, 'e.yaml');
    expect(byTest.unexpected).toEqual([]);

    // An entry for another node version does not apply.
    const otherVersion = applyExpectations(
      report,
      { clauses: { [FAILED_CLAUSE]: { outcome: 'failed', reason: 'r', versions: ['3.4'] } }, tests: {} },
      'e.yaml',
    );
    expect(otherVersion.unexpected).toHaveLength(1);
    expect(otherVersion.notApplicable[0]).toContain(FAILED_CLAUSE);

    const passingTest = fixtureTests.find((test) => test.outcome === 'passed')!;
    const passing = applyExpectations(
      report,
      { clauses: { 'submit-and-wait.returns-update-id': { outcome: 'failed', reason: 'old bug' } }, tests: {} },
      'e.yaml',
    );
    expect(passing.unexpectedlyPassing).toEqual([{ kind: 'clause', id: 'submit-and-wait.returns-update-id', reason: 'old bug' }]);
    expect(passingTest).toBeDefined();
  });

  it('writes the file from a run, keeping reasons, dropping what now passes, keeping what did not run', () => {
    const report = fixtureReport({ interrupted: false });
    const updated = updatedExpectations(report, {
      clauses: {
        [FAILED_CLAUSE]: { outcome: 'failed', reason: 'kept reason', versions: ['3.5'] },
        'submit-and-wait.returns-update-id': { outcome: 'failed', reason: 'fixed since' },
        'some.clause.not-run': { outcome: 'failed', reason: 'not run this time' },
      },
      tests: {},
    });
    expect(updated.clauses).toEqual({
      [FAILED_CLAUSE]: { outcome: 'failed', reason: 'kept reason', versions: ['3.5'] },
      'some.clause.not-run': { outcome: 'failed', reason: 'not run this time' },
    });
    const fresh = updatedExpectations(report);
    expect(fresh.clauses[FAILED_CLAUSE]?.reason).toMatch(/^observed: expected 400 text\/plain/);
  });

  it('shows expected and unexpected apart in summary.md, with the verdict naming the known failures', () => {
    const report = withNodeVersion(fixtureReport({ interrupted: false }), '3.5.0');
    report.expectations = applyExpectations(
      report,
      { clauses: { [FAILED_CLAUSE]: { outcome: 'failed', reason: 'ticket 12' } }, tests: {} },
      'e.yaml',
    );
    const markdown = writeSummaryMarkdown(report);
    expect(markdown).toMatch(/^## ⚠️ NOT CERTIFIED: 1 known failure, none new for the `spec` profile/m);
    expect(markdown).toContain('known failure: ticket 12');
    expect(markdown).toContain('no unexpected failure');
  });

  it('known failures only: amber and "not certified" in every report, never certified', () => {
    const report = withNodeVersion(fixtureReport({ interrupted: false }), '3.5.0');
    report.expectations = applyExpectations(
      report,
      { clauses: { [FAILED_CLAUSE]: { outcome: 'failed', reason: 'ticket 12' } }, tests: {} },
      'e.yaml',
    );
    expect(report.expectations.verdict).toBe('not-certified');
    expect(verdictHeadline(report)).toBe('NOT CERTIFIED: 1 known failure, none new');
    expect(verdictTone(report)).toBe('known-failures');
    const html = writeReportHtml(report);
    expect(html).toContain('<header class="banner verdict-known-failures">');
    expect(html).toContain('<p class="verdict">NOT CERTIFIED: 1 known failure, none new</p>');
    expect(html).not.toContain('class="banner verdict-certified');
    const junit = writeJUnit(report);
    expect(junit).toContain('<property name="verdict with known failures" value="not-certified"/>');
    expect(junit).toContain('<property name="expectations" value="e.yaml: not certified: 1 known failure, none new"/>');
    expect(junit).not.toMatch(/value="certified"/);
    expect(writeSummaryMarkdown(report)).not.toContain('✅');
    // An unexpected failure beside the known one: its headline names the regression.
    const regression = withNodeVersion(fixtureReport({ interrupted: false }), '3.5.0');
    regression.expectations = applyExpectations(regression, { clauses: {}, tests: {} }, 'e.yaml');
    expect(verdictHeadline(regression)).toBe(`NOT CERTIFIED: 1 unexpected failure (regressions) in ${FAILED_CLAUSE}`);
    expect(verdictTone(regression)).toBe('not-certified');
  });
});

describe('report digest', () => {
  it('verifies an untouched report and fails an edited one', () => {
    const sealed = sealReport(fixtureReport());
    const text = jsonText(sealed);
    expect(verifyReportText(text)).toEqual({ ok: true, digest: sealed.digest });
    expect(reportDigest(sealed)).toBe(sealed.digest);
    const edited = text.replace('"verdict": "not-certified"', '"verdict": "certified"');
    expect(edited).not.toBe(text);
    const result = verifyReportText(edited);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toContain('it was edited after the run');
    // Whitespace and key order do not matter: the digest is over the canonical JSON.
    expect(verifyReportText(JSON.stringify(JSON.parse(text))).ok).toBe(true);
    expect(verifyReportText(JSON.stringify({ ...JSON.parse(text), digest: undefined })).ok).toBe(false);
  });
});

describe('report folder lock', () => {
  it('refuses a second run into a folder in use, and takes over a lock whose process is gone', () => {
    const directory = mkdtempSync(join(tmpdir(), 'lock-'));
    const lock = lockReportDirectory(directory, 'run --first');
    expect(() => lockReportDirectory(directory)).toThrow(ReportDirectoryInUseError);
    expect(() => lockReportDirectory(directory)).toThrow(`is in use by another run (pid ${process.pid}`);
    lock.release();
    // A lock left by a process that no longer runs is stale.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const lockPath = join(directory, LOCK_FILE);
    expect(existsSync(lockPath)).toBe(false);
    writeFileSync(lockPath, JSON.stringify({ pid: Number(gone.stdout), host: hostname(), startedAt: 'then', command: 'run' }));
    const second = lockReportDirectory(directory);
    expect(second.tookOverStale).toContain(`pid ${gone.stdout}`);
    second.release();
  });
});

describe('certificate', () => {
  it('says "unknown" for the commit outside a git checkout (a tarball) instead of failing', () => {
    const unpacked = mkdtempSync(join(tmpdir(), 'tarball-'));
    expect(toolCommit(unpacked)).toBe('unknown');
    expect(toolCommit()).toMatch(/^([0-9a-f]{40}( \(with uncommitted changes\))?|unknown)$/);
  });
});

describe('spec table rows as sentences', () => {
  it('reads field rows as field, type and requirement, other rows as name and value', () => {
    expect(clauseSentence('| seconds | int64 | yes | |')).toBe('Field `seconds`: int64, required.');
    expect(clauseSentence('| signature | string | yes | must be non-empty |')).toBe(
      'Field `signature`: string, required (must be non-empty).',
    );
    expect(clauseSentence('| errorCategory | int32 | yes |')).toBe('Field `errorCategory`: int32, required.');
    expect(clauseSentence('| workflowId | string | no | |')).toBe('Field `workflowId`: string, optional.');
    expect(clauseSentence('| Empty | `{}` | |')).toBe('`Empty`: `{}`.');
    expect(clauseSentence('returns `updateId`')).toBeUndefined();
  });
});
