/**
 * The map to Canton's battery (specification/battery/) is well-formed: every clause it names exists, every case
 * that is not covered says why, no case is listed twice, each cites its Canton source line; and the report's
 * "covered N of M applicable" counts a case only when its clauses of the run's profile passed.
 */
import { describe, expect, it } from 'vitest';
import { batteryCaseKey, batteryCases } from '../../specification/battery/index.js';
import { cantonProfileOnly, needsFixture, recountDiffers, recountPhantomCases, referenceOnly } from '../../specification/battery/marks.js';
import type { BatteryCase } from '../../specification/battery/types.js';
import { clause, clauseIds, isClauseId } from '../../specification/clauses.js';
import {
  batteryConsoleLines,
  batteryCoverage,
  batteryHtmlSection,
  batteryMarkdownSection,
  cantonProfileOnly as isCantonOnly,
  referenceOnly as isReferenceOnly,
} from '../../reports/battery.js';
import { listTests } from '../../harness/runner/runner.js';
import { loadConfig } from '../../config/load.js';
import type { ClauseCoverage } from '../../harness/runner/run-report.js';

const clauseLevel = (id: string) => (isClauseId(id) ? clause(id).level : undefined);
const clauseTestable = (id: string) => isClauseId(id) && clause(id).testable;

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

  // The recount's per-suite case counts (../shared/facts/lapitt-recount.md §3, the baseline's case list).
  const recountCases: Record<string, number> = {
    CommandServiceIT: 28,
    CommandSubmissionCompletionIT: 5,
    ContractIdIT: 10,
    WronglyTypedContractIdIT: 2,
    DamlValuesIT: 1,
    DeeplyNestedValueIT: 35,
    ValueLimitsIT: 1,
    LimitsIT: 10,
    MultiPartySubmissionIT: 8,
    ExplicitDisclosureIT: 11,
    InterfaceIT: 4,
    SemanticTests: 10,
    TransactionServiceArgumentsIT: 4,
    TransactionServiceAuthorizationIT: 5,
    TransactionServiceExerciseIT: 5,
    CommandDeduplicationIT: 8,
    CommandDeduplicationParallelIT: 3,
    CommandDeduplicationPeriodValidationIT: 5,
    CompletionDeduplicationInfoIT: 2,
    InteractiveSubmissionServiceIT: 29,
    UpdateServiceQueryIT: 28,
    TransactionServiceCorrectnessIT: 3,
    TransactionServiceOutputsIT: 4,
    TransactionServiceStakeholdersIT: 5,
    TransactionServiceValidationIT: 4,
    TransactionServiceVisibilityIT: 16,
    TransactionServiceFiltersIT: 8,
    UserManagementServiceIT: 31,
    UserManagementServiceUpdateRpcIT: 10,
    UserManagementServiceObjectMetaIT: 15,
    IdentityProviderConfigServiceIT: 9,
    PackageManagementServiceIT: 3,
    PackageServiceIT: 5,
    VettingIT: 27,
    UpgradingIT: 5,
    HealthServiceIT: 2,
    ContractKeysIT: 12,
    ContractKeysCommandDeduplicationIT: 1,
    ContractKeysContractIdIT: 12,
    ContractKeysDeeplyNestedValueIT: 14,
    ContractKeysDivulgenceIT: 1,
    ContractKeysExplicitDisclosureIT: 1,
    ContractKeysMultiPartySubmissionIT: 6,
    ContractKeysWronglyTypedContractIdIT: 1,
    PrefetchContractKeysIT: 6,
    RaceConditionIT: 8,
    JsonV2Tests: 15,
    JsonUserApiTest: 3,
    JsonApiAuthIT: 12,
    JsonErrorHandlingTest: 4,
    JsonErrorHandlingOfDamlVariantTest: 2,
    AbstractHttpServiceIntegrationTest: 1,
    OpenApiTests: 4,
    JsonUpgradingTests: 7,
    'ledger-json-api unit tests': 11,
  };

  it("lists every case of the recount: 482, less the 2 VettingIT cases Canton's source does not define", () => {
    const total = Object.values(recountCases).reduce((sum, count) => sum + count, 0);
    expect(total).toBe(482);
    const phantom = recountPhantomCases.VettingIT.count;
    expect(batteryCases).toHaveLength(total - phantom);
    const perSuite: Record<string, number> = {};
    for (const entry of batteryCases) perSuite[entry.area] = (perSuite[entry.area] ?? 0) + 1;
    expect(perSuite).toEqual({ ...recountCases, VettingIT: recountCases.VettingIT! - phantom });
  });

  const toRecount = { covered: 'covered', partly: 'partly', 'left-out': 'not', 'not-applicable': 'n.a.' } as const;

  it("counts the recount's 334 applicable cases, each difference explained in the map", () => {
    const applicable = batteryCases.filter((entry) => entry.coverage !== 'not-applicable');
    const differs = batteryCases.filter((entry) => entry.recount !== undefined);
    // A recorded difference is a difference, and says why.
    for (const entry of differs) {
      expect(entry.recount!.status, batteryCaseKey(entry)).not.toBe(toRecount[entry.coverage]);
      expect(entry.recount!.why.length, batteryCaseKey(entry)).toBeGreaterThan(40);
    }
    const onlyHere = differs.filter((entry) => entry.coverage !== 'not-applicable' && entry.recount!.status === 'n.a.');
    const onlyThere = differs.filter((entry) => entry.coverage === 'not-applicable' && entry.recount!.status !== 'n.a.');
    expect(applicable.length - onlyHere.length + onlyThere.length).toBe(334);
    expect(Math.abs(applicable.length - 334)).toBeLessThanOrEqual(10);
    console.log(
      `battery map: ${batteryCases.length} cases, ${applicable.length} applicable (recount 334; ` +
        `${onlyHere.length} applicable only here, ${onlyThere.length} only in the recount), ` +
        `${applicable.filter((entry) => entry.coverage === 'covered').length} mapped covered ` +
        `(${Math.round((applicable.filter((entry) => entry.coverage === 'covered').length / applicable.length) * 100)}%)`,
    );
  });

  it('marks only mapped cases, and marks reference-only and canton-only cases the way the reports count them', () => {
    const keys = new Set(batteryCases.map(batteryCaseKey));
    for (const key of [...needsFixture.keys(), ...referenceOnly.keys(), ...cantonProfileOnly.keys(), ...recountDiffers.keys()])
      expect(keys.has(key), `${key} is marked but not mapped`).toBe(true);
    const covered = batteryCases.filter((entry) => entry.coverage === 'covered');
    // The recount's ‡ and § among covered cases (7 and 4). Every ‡ is gone: provision uploads the suite's own DARs, and
    // the tests of all 24 cases once marked ran on the bare walkthrough (marks.ts). Every § is gone too: the recount's 4
    // run on a real node with the suite's own type-checked DARs (daml/dars: known version, invalid upgrade,
    // vetAllPackages=false, validate without side effect, and a DAR with a dependency, conformance-with-dependency).
    expect(covered.filter((entry) => entry.needsFixture !== undefined).map(batteryCaseKey)).toEqual([]);
    expect(covered.filter((entry) => entry.referenceOnly !== undefined).map(batteryCaseKey)).toEqual([]);
    expect(covered.filter(isReferenceOnly).length).toBe(
      covered.filter((entry) => entry.needsFixture !== undefined || entry.referenceOnly !== undefined).length,
    );
    // A case with a canton-level clause is canton-only; so is one the map marks.
    for (const entry of covered) {
      const cantonClause = entry.clauses.some((id) => clauseLevel(id) === 'canton');
      expect(isCantonOnly(entry), batteryCaseKey(entry)).toBe(cantonClause || entry.cantonProfileOnly !== undefined);
    }
  });

  it('names in every covered or partly case only testable clauses that a suite test declares', async () => {
    const listed = await listTests(await loadConfig({ dotenvPath: false, overrides: { profile: 'canton' } }));
    // canton.errors.code-taxonomy is asserted by the check engine on every Canton error body (checks/error-body.ts).
    const declared = new Set([...listed.flatMap((test) => test.clauses), 'canton.errors.code-taxonomy']);
    const problems = batteryCases
      .filter((entry) => entry.coverage === 'covered' || entry.coverage === 'partly')
      .flatMap((entry) =>
        entry.clauses
          .filter((id) => !clauseTestable(id) || !declared.has(id))
          .map((id) => `${batteryCaseKey(entry)}: ${id} ${clauseTestable(id) ? 'is declared by no test' : 'is untestable'}`),
      );
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('the battery line of the reports', () => {
  const cases: BatteryCase[] = [
    { area: 'A', name: 'both passed', source: 'x', coverage: 'covered', clauses: ['auth.bearer', 'canton.auth.invalid-token-401'] },
    { area: 'A', name: 'one failed', source: 'x', coverage: 'covered', clauses: ['auth.bearer', 'canton.auth.unknown-user-403'] },
    { area: 'A', name: 'partly', source: 'x', coverage: 'partly', clauses: ['auth.bearer'], reason: 'r' },
    { area: 'A', name: 'spec only', source: 'x', coverage: 'covered', clauses: ['auth.bearer'], needsFixture: 'f' },
    { area: 'B', name: 'canton only', source: 'x', coverage: 'covered', clauses: ['canton.auth.invalid-token-401'] },
    { area: 'B', name: 'marked canton', source: 'x', coverage: 'covered', clauses: ['auth.bearer'], cantonProfileOnly: 'code' },
    { area: 'B', name: 'n.a.', source: 'x', coverage: 'not-applicable', clauses: [], reason: 'r' },
    { area: 'B', name: 'left out', source: 'x', coverage: 'left-out', clauses: [], reason: 'r' },
  ];
  const clause = (id: string, status: ClauseCoverage['status']) => ({ id, status }) as ClauseCoverage;

  it('counts a covered case when every clause it names passed and the profile checks it', () => {
    const canton = batteryCoverage(
      {
        profile: 'canton',
        clauses: [
          clause('auth.bearer', 'passed'),
          clause('canton.auth.invalid-token-401', 'passed'),
          clause('canton.auth.unknown-user-403', 'failed'),
        ],
      },
      cases,
    );
    expect(canton.areas.map((area) => [area.area, area.covered, area.applicable, area.notApplicable])).toEqual([
      ['A', 2, 4, 0],
      ['B', 2, 3, 1],
    ]);
    expect(canton.total).toMatchObject({
      covered: 4,
      cantonOnly: 3,
      referenceOnly: 1,
      realNode: 3,
      applicable: 7,
      mappedCovered: 5,
      partly: 1,
      leftOut: 1,
      notApplicable: 1,
      otherProfile: 0,
    });
    const spec = batteryCoverage(
      {
        profile: 'spec',
        clauses: [
          clause('auth.bearer', 'passed'),
          clause('canton.auth.invalid-token-401', 'not-in-profile'),
          clause('canton.auth.unknown-user-403', 'not-in-profile'),
        ],
      },
      cases,
    );
    // In the spec profile only the case with spec clauses alone and no canton mark counts; the canton-only ones are
    // said to be the canton profile's, not cases that did not pass.
    expect(spec.total).toMatchObject({ covered: 1, cantonOnly: 0, referenceOnly: 1, realNode: 0, otherProfile: 4 });
  });

  it('writes one console line, and the per-suite table only in summary.md and the HTML', () => {
    const report = { profile: 'canton' as const, clauses: [clause('auth.bearer', 'passed')] };
    const consoleText = batteryConsoleLines(report);
    expect(consoleText.split('\n')).toHaveLength(1);
    expect(consoleText).toMatch(
      /^Canton battery: covered \d+ of \d+ applicable cases \(\d+%\), \d+ \(\d+%\) by tests that run on a real node provisioned with the suite's DARs/,
    );
    const spec = batteryConsoleLines({ profile: 'spec', clauses: [clause('auth.bearer', 'passed')] });
    expect(spec).toMatch(/\d+ more checked only by the canton profile/);
    const markdown = batteryMarkdownSection(report);
    expect(markdown).toMatch(/^## Canton battery\n\n\*\*Canton battery: covered \d+ of \d+ applicable cases/);
    expect(markdown.split('\n').filter((row) => row.startsWith('| ')).length).toBeGreaterThan(50);
    expect(batteryHtmlSection(report)).toMatch(/<h2>Canton battery<\/h2>\n<p><strong>Canton battery: covered \d+ of \d+ applicable cases/);
  });
});
