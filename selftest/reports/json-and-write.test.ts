import { withBattery } from '../../reports/battery.js';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReportHtml } from '../../reports/html.js';
import { writeReportJson } from '../../reports/json.js';
import { writeJUnit } from '../../reports/junit.js';
import { writeSummaryMarkdown } from '../../reports/summary-md.js';
import { ReportReadError, readReport, writeReports } from '../../reports/write.js';
import { fixtureReport, fixtureTests } from './fixture.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reports-selftest-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('writeReportJson', () => {
  it('round-trips the report', () => {
    const report = fixtureReport();
    expect(JSON.parse(writeReportJson(report))).toEqual(withBattery(report));
  });

  it('writes bigints as decimal strings instead of throwing', () => {
    const huge = 2n ** 63n - 1n;
    const failed = fixtureTests[1]!;
    const report = fixtureReport({ tests: [{ ...failed, failure: { ...failed.failure!, counterexample: { offset: huge } } }] });
    const parsed = JSON.parse(writeReportJson(report)) as { tests: { failure: { counterexample: unknown } }[] };
    expect(parsed.tests[0]?.failure.counterexample).toEqual({ offset: '9223372036854775807' });
  });
});

describe('writeReports and readReport', () => {
  it('writes the five reports into a new directory, atomically, and reads report.json back', async () => {
    const unsealed = fixtureReport();
    const target = join(dir, 'nested', 'out');
    const { files, report } = await writeReports(unsealed, target);
    // The written report names where it is, carries its battery summary and the digest of its content.
    expect(report).toEqual({
      ...withBattery(unsealed),
      reportPath: join(target, 'report.json'),
      digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    expect(files).toEqual(['junit.xml', 'report.json', 'summary.md', 'report.html', 'clauses.md'].map((name) => join(target, name)));
    expect((await readdir(target)).sort()).toEqual(['clauses.md', 'junit.xml', 'report.html', 'report.json', 'summary.md']);
    expect(await readFile(join(target, 'junit.xml'), 'utf8')).toBe(writeJUnit(report));
    expect(await readFile(join(target, 'summary.md'), 'utf8')).toBe(writeSummaryMarkdown(report));
    expect(await readFile(join(target, 'report.html'), 'utf8')).toBe(writeReportHtml(report));
    expect(readReport(join(target, 'report.json'))).toEqual(report);

    const rerun = fixtureReport({ interrupted: false, tests: fixtureTests.slice(0, 1) });
    const { report: rewritten } = await writeReports(rerun, target);
    expect(readReport(join(target, 'report.json'))).toEqual(rewritten);
    expect(await readdir(target)).toHaveLength(5);
  });

  it('says what is wrong with a missing, corrupt or foreign report', async () => {
    const missing = join(dir, 'nowhere', 'report.json');
    expect(() => readReport(missing)).toThrow(ReportReadError);
    expect(() => readReport(missing)).toThrow(
      `cannot read the conformance report ${missing}: the file does not exist (run \`ledger-conformance run\` first`,
    );

    const corrupt = join(dir, 'corrupt.json');
    await writeFile(corrupt, '{"tests": [');
    expect(() => readReport(corrupt)).toThrow(/corrupt\.json: it is not valid JSON/);

    const foreign = join(dir, 'foreign.json');
    await writeFile(foreign, JSON.stringify({ ...fixtureReport(), tests: [{ name: 'no id' }] }));
    expect(() => readReport(foreign)).toThrow(
      /foreign\.json: it is not a ledger-conformance report\.json \(tests\[0\] has no string `id`\)/,
    );
    await writeFile(foreign, '[]');
    expect(() => readReport(foreign)).toThrow(/the top level is not an object/);
  });
});
