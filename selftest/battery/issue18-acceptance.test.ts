/**
 * Issue 18's acceptance figure: covered / (applicable cases of the issue's suites that the shared table marked not or
 * partly and that need no model beyond the fixture DAR), read from the battery map (specification/battery/part2.ts).
 * Prints the figure, so `npx vitest run --config vitest.config.ts selftest/battery/issue18-acceptance.test.ts` measures it.
 */
import { describe, expect, it } from 'vitest';
import { batteryCases } from '../../specification/battery/index.js';
import { issue18Areas, issue18CoveredBefore, issue18NeedsModel } from '../../specification/battery/issue18.js';
import type { BatteryCase } from '../../specification/battery/types.js';
import { issue18Acceptance, issue18AcceptanceLine, issue18EligibleCases } from '../../reports/battery.js';
import type { ClauseCoverage } from '../../harness/runner/run-report.js';

const key = (entry: BatteryCase): string => `${entry.area} ${entry.name}`;
const byKey = new Map(batteryCases.map((entry) => [key(entry), entry]));

describe("issue 18's acceptance figure", () => {
  it('prints the figure of the map', () => {
    const acceptance = issue18Acceptance();
    console.log(`${issue18AcceptanceLine(acceptance)}\nnot yet covered:\n  ${acceptance.open.join('\n  ')}`);
    expect(acceptance.eligible).toBe(issue18EligibleCases().length);
    expect(acceptance.mappedCovered + acceptance.open.length).toBe(acceptance.eligible);
  });

  it("counts the issue table's cases: 108 applicable, 17 covered before, and the cases needing a model", () => {
    // The issue's table: 14 + 12 + 12 + 9 + 10 + 15 + 9 + 8 + 8 + 11 applicable cases.
    const applicable = batteryCases.filter((entry) => issue18Areas.includes(entry.area) && entry.coverage !== 'not-applicable');
    expect(applicable).toHaveLength(108);
    expect(issue18EligibleCases()).toHaveLength(108 - issue18CoveredBefore.size - issue18NeedsModel.size);
  });

  it('names only mapped, applicable cases of the issue', () => {
    for (const listed of [...issue18CoveredBefore, ...issue18NeedsModel.keys()]) {
      const entry = byKey.get(listed);
      expect(entry, `${listed} is not in the battery map`).toBeDefined();
      expect(issue18Areas).toContain(entry!.area);
      expect(entry!.coverage, listed).not.toBe('not-applicable');
    }
    // A case covered before the issue stays covered.
    for (const listed of issue18CoveredBefore) expect(byKey.get(listed)?.coverage, listed).toBe('covered');
  });

  it('counts a case of a run only when its clauses of the profile passed', () => {
    const eligible = issue18EligibleCases().filter((entry) => entry.coverage === 'covered');
    const [first, ...rest] = eligible;
    expect(first).toBeDefined();
    const clause = (id: string, status: ClauseCoverage['status']) => ({ id, status }) as ClauseCoverage;
    const failedIds = new Set(first!.clauses);
    const report = {
      clauses: [
        ...first!.clauses.map((id) => clause(id, 'failed')),
        ...rest
          .flatMap((entry) => entry.clauses)
          .filter((id) => !failedIds.has(id))
          .map((id) => clause(id, 'passed')),
      ],
    };
    const acceptance = issue18Acceptance(report);
    expect(acceptance.coveredInRun).toBeLessThan(acceptance.mappedCovered);
    expect(issue18AcceptanceLine(acceptance)).toMatch(/^Issue 18 acceptance: \d+ of \d+ cases \(\d+%\) .*; this run covered \d+ \(\d+%\)$/);
  });
});
