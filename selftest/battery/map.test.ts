/**
 * The map to Canton's battery (specification/battery/) is well-formed: every clause it names exists, every case
 * that is not covered says why, no case is listed twice, each cites its Canton source line; and the report's
 * "covered N of M applicable" counts a case only when its clauses of the run's profile passed.
 */
import { describe, expect, it } from 'vitest';
import { batteryCases } from '../../specification/battery/index.js';
import { batteryPart1 } from '../../specification/battery/part1.js';
import type { BatteryCase } from '../../specification/battery/types.js';
import { clauseIds } from '../../specification/clauses.js';
import { batteryConsoleLines, batteryCoverage, batteryHtmlSection, batteryMarkdownSection } from '../../reports/battery.js';
import type { ClauseCoverage } from '../../harness/library/results.js';

describe('the battery map', () => {
  it.each(batteryCases.map((entry) => [`${entry.area} ${entry.name}`, entry] as const))('%s is well-formed', (_, entry) => {
    for (const id of entry.clauses) expect(clauseIds.has(id), `${entry.name}: unknown clause ${id}`).toBe(true);
    if (entry.coverage === 'covered' || entry.coverage === 'partly') expect(entry.clauses.length, entry.name).toBeGreaterThan(0);
    if (entry.coverage !== 'covered') expect(entry.reason?.trim() ?? '', `${entry.name} needs a reason`).not.toBe('');
    if (entry.coverage === 'left-out' || entry.coverage === 'not-applicable') expect(entry.clauses, entry.name).toEqual([]);
    expect(entry.source).toMatch(/^community\/[\w/.-]+\.scala:\d+$/);
  });

  it('lists each case once', () => {
    const keys = batteryCases.map((entry) => `${entry.area} ${entry.name}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('part 1 maps every case of its eight suites of the shared table', () => {
    const count = (area: string) => batteryPart1.filter((entry) => entry.area === area).length;
    // Case counts of ../shared/facts/lapitt-coverage.md ("Counts", per suite).
    expect({
      TransactionServiceVisibilityIT: count('TransactionServiceVisibilityIT'),
      TransactionServiceFiltersIT: count('TransactionServiceFiltersIT'),
      TransactionServiceAuthorizationIT: count('TransactionServiceAuthorizationIT'),
      TransactionServiceStakeholdersIT: count('TransactionServiceStakeholdersIT'),
      MultiPartySubmissionIT: count('MultiPartySubmissionIT'),
      UpdateServiceQueryIT: count('UpdateServiceQueryIT'),
      UserManagementServiceIT: count('UserManagementServiceIT'),
      UserManagementServiceUpdateRpcIT: count('UserManagementServiceUpdateRpcIT'),
      UserManagementServiceObjectMetaIT: count('UserManagementServiceObjectMetaIT'),
      JsonApiAuthIT: count('JsonApiAuthIT'),
    }).toEqual({
      TransactionServiceVisibilityIT: 16,
      TransactionServiceFiltersIT: 8,
      TransactionServiceAuthorizationIT: 5,
      TransactionServiceStakeholdersIT: 5,
      MultiPartySubmissionIT: 8,
      UpdateServiceQueryIT: 28,
      UserManagementServiceIT: 31,
      UserManagementServiceUpdateRpcIT: 10,
      UserManagementServiceObjectMetaIT: 15,
      JsonApiAuthIT: 12,
    });
  });
});

describe('the battery line of the reports', () => {
  const cases: BatteryCase[] = [
    { area: 'A', name: 'both passed', source: 'x', coverage: 'covered', clauses: ['auth.bearer', 'canton.auth.invalid-token-401'] },
    { area: 'A', name: 'one failed', source: 'x', coverage: 'covered', clauses: ['auth.bearer', 'canton.auth.unknown-user-403'] },
    { area: 'A', name: 'partly', source: 'x', coverage: 'partly', clauses: ['auth.bearer'], reason: 'r' },
    { area: 'B', name: 'canton only', source: 'x', coverage: 'covered', clauses: ['canton.auth.invalid-token-401'] },
    { area: 'B', name: 'n.a.', source: 'x', coverage: 'not-applicable', clauses: [], reason: 'r' },
    { area: 'B', name: 'left out', source: 'x', coverage: 'left-out', clauses: [], reason: 'r' },
  ];
  const clause = (id: string, status: ClauseCoverage['status']) => ({ id, status }) as ClauseCoverage;

  it('counts a covered case when every clause of the profile passed, and none that did not run in the profile', () => {
    const canton = batteryCoverage(
      {
        clauses: [
          clause('auth.bearer', 'passed'),
          clause('canton.auth.invalid-token-401', 'passed'),
          clause('canton.auth.unknown-user-403', 'failed'),
        ],
      },
      cases,
    );
    expect(canton.areas.map((area) => [area.area, area.covered, area.applicable, area.notApplicable])).toEqual([
      ['A', 1, 3, 0],
      ['B', 1, 2, 1],
    ]);
    expect(canton.total).toMatchObject({ covered: 2, applicable: 5, mappedCovered: 3, partly: 1, leftOut: 1, notApplicable: 1 });
    const spec = batteryCoverage(
      {
        clauses: [
          clause('auth.bearer', 'passed'),
          clause('canton.auth.invalid-token-401', 'not-in-profile'),
          clause('canton.auth.unknown-user-403', 'not-in-profile'),
        ],
      },
      cases,
    );
    // In the spec profile a case whose canton clauses are out of profile counts on its spec clauses; one with only canton clauses does not.
    expect(spec.total.covered).toBe(2);
    expect(spec.areas.find((area) => area.area === 'B')?.covered).toBe(0);
    // ... and is said to be the canton profile's, not a case that did not pass.
    expect(spec.total.otherProfile).toBe(1);
    expect(canton.total.otherProfile).toBe(0);
    expect(batteryConsoleLines({ clauses: [clause('auth.bearer', 'passed')] })).not.toContain('did not pass');
    const line = batteryConsoleLines({
      clauses: [clause('auth.bearer', 'passed'), clause('canton.auth.invalid-token-401', 'not-in-profile')],
    });
    expect(line).toMatch(/more checked by the canton profile/);
  });

  it('writes the line in every format', () => {
    const report = { clauses: [clause('auth.bearer', 'passed')] };
    expect(batteryConsoleLines(report)).toMatch(/Canton battery: covered \d+ of \d+ applicable cases/);
    expect(batteryMarkdownSection(report)).toMatch(/^## Canton battery\n\n\*\*Canton battery: covered \d+ of \d+ applicable cases/);
    expect(batteryHtmlSection(report)).toMatch(/<h2>Canton battery<\/h2>\n<p><strong>Canton battery: covered \d+ of \d+ applicable cases/);
  });
});
