/**
 * The battery figures a run reports can be recomputed from the map and the run's clause results: a canton run against
 * the reference prints one battery line before the verdict, and report.json's `battery` equals a count made here
 * independently (a case is covered when the map says covered, every clause it names passed, and the profile checks
 * it; canton-only when a clause is canton-level or the map marks it; reference-only when it needs a fixture
 * provision cannot supply or synthetic DARs; on a real node otherwise, a figure the line prints of the applicable cases).
 * Every clause a covered or partly case names was asserted and passed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batteryCaseKey, batteryCases } from '../../specification/battery/index.js';
import { clause, isClauseId } from '../../specification/clauses.js';
import type { BatteryCoverageSummary } from '../../reports/battery.js';
import { sharedConformanceRun } from '../conformance/support.js';

describe('the battery figures of a canton run', () => {
  it('are one console line, and recompute from the map and the clause results', async () => {
    const { stdout, report, reportDir } = await sharedConformanceRun(['--profile', 'canton']);
    expect(report.verdict).toBe('certified');

    const batteryLines = stdout.split('\n').filter((line) => line.includes('Canton battery'));
    expect(batteryLines).toHaveLength(1);
    const lines = stdout.split('\n');
    expect(lines.indexOf(batteryLines[0]!)).toBeLessThan(lines.findIndex((line) => line.includes('verdict:')));

    const status = new Map(report.clauses.map((entry) => [entry.id, entry]));
    const canton = (id: string) => isClauseId(id) && clause(id).level === 'canton';
    const covered = batteryCases.filter(
      (entry) =>
        entry.coverage === 'covered' && entry.clauses.length > 0 && entry.clauses.every((id) => status.get(id)?.status === 'passed'),
    );
    const applicable = batteryCases.filter((entry) => entry.coverage !== 'not-applicable');
    // On a real node provisioned with the suite's DARs: every covered case but those needing a fixture provision cannot
    // supply or synthetic DARs (selftest/cli/walkthrough.test.ts proves these pass on the bare walkthrough).
    const realNode = covered.filter((entry) => entry.needsFixture === undefined && entry.referenceOnly === undefined);
    const battery = (report as unknown as { battery: BatteryCoverageSummary }).battery;
    expect(battery.profile).toBe('canton');
    expect(battery.total).toMatchObject({
      covered: covered.length,
      applicable: applicable.length,
      cantonOnly: covered.filter((entry) => entry.cantonProfileOnly !== undefined || entry.clauses.some(canton)).length,
      referenceOnly: covered.filter((entry) => entry.needsFixture !== undefined || entry.referenceOnly !== undefined).length,
      realNode: realNode.length,
      mappedCovered: batteryCases.filter((entry) => entry.coverage === 'covered').length,
      partly: batteryCases.filter((entry) => entry.coverage === 'partly').length,
      leftOut: batteryCases.filter((entry) => entry.coverage === 'left-out').length,
    });
    expect(battery.areas.reduce((sum, area) => sum + area.covered, 0)).toBe(covered.length);
    expect(batteryLines[0]).toContain(`covered ${covered.length} of ${applicable.length} applicable cases`);
    expect(batteryLines[0]).toContain(
      `, ${realNode.length} (${Math.round((realNode.length / applicable.length) * 100)}%) by tests that run on a real node provisioned with the suite's DARs`,
    );

    // On the reference every mapped-covered case is covered by the canton run, and every clause a covered or partly
    // case names was asserted and passed.
    expect(batteryCases.filter((entry) => entry.coverage === 'covered' && !covered.includes(entry)).map(batteryCaseKey)).toEqual([]);
    const unasserted = batteryCases
      .filter((entry) => entry.coverage === 'covered' || entry.coverage === 'partly')
      .flatMap((entry) => entry.clauses.map((id) => [batteryCaseKey(entry), id, status.get(id)] as const))
      .filter(([, , entry]) => entry?.status !== 'passed' || entry.assertions.passed === 0)
      .map(([key, id, entry]) => `${key}: ${id} ${entry?.status ?? 'absent'}`);
    expect(unasserted).toEqual([]);

    // The per-suite table is in summary.md (one row per suite and the total), not on the console.
    const summary = readFileSync(join(reportDir, 'summary.md'), 'utf8');
    const areas = new Set(batteryCases.map((entry) => entry.area));
    expect(
      summary.split('\n').filter((row) => /^\| [^|]+ \| \d+ \| \d+ \| \d+ \| \d+ \| \d+ \| \d+ \| \d+ \| \d+ \| \d+ \|$/.test(row)),
    ).toHaveLength(areas.size + 1);
    console.log(batteryLines[0]);
  }, 300_000);
});
