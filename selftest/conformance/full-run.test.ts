/**
 * The suite is right: against the reference target a full run passes in both profiles, and every credit in its
 * report was earned by an assertion.
 * - No failure, no suite error, nothing inconclusive; the verdict is certified.
 * - The spec profile deviates exactly on the conflict clauses (where the reference behaves like Canton 3.5), the
 *   canton profile nowhere.
 * - Every testable clause of the profile is asserted (passed, or a listed deviation) or skipped for a declared
 *   missing feature; nothing is left "not covered".
 * - Each test that ran asserted every in-profile testable clause it declares: a declaration is a promise.
 * - Every endpoint with invalid-request rules had conclusive rejections (their controls were accepted), and no
 *   rejection at all was inconclusive.
 */
import fc from 'fast-check';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { generatorContextFromFixtures } from '../../generators/context.js';
import { invalidRequestRules } from '../../generators/index.js';
import { clauses } from '../../specification/clauses.js';
import { referenceFixtures } from '../generators/support.js';
import { runConformance, sharedConformanceRun } from './support.js';

const featureReason = /features\.|read-only|cannot mint|no scan URL|the fixtures name no|no fixture user/;
const conflictIds = clauses.filter((entry) => entry.conflict !== undefined).map((entry) => entry.id);
/** Report ids are plain strings: look them up without claiming they are registry ids. */
const registered = new Map<string, (typeof clauses)[number]>(clauses.map((entry) => [entry.id, entry]));
const clause = (id: string) => {
  const entry = registered.get(id);
  if (entry === undefined) throw new Error(`the report names ${id}, which is not in the clause registry`);
  return entry;
};

describe.each(['spec', 'canton'] as const)('a full run against the reference target (%s profile)', (profile) => {
  const inProfile = (id: string): boolean => {
    const entry = clause(id);
    return entry.testable && (entry.level === 'spec' || (profile === 'canton' && entry.level === 'canton'));
  };

  it('is certified, and credits only what its assertions earned', async () => {
    const { code, report, stdout, reportDir } = await sharedConformanceRun(['--profile', profile]);
    // summary.md fits a CI job summary and says the verdict on its first screen (issue 23).
    const summary = readFileSync(join(reportDir, 'summary.md'), 'utf8');
    expect(summary.length).toBeLessThan(64 * 1024);
    expect(summary.split('\n').slice(0, 5).join('\n')).toContain(`## ✅ CERTIFIED for the \`${profile}\` profile`);
    const broken = report.tests
      .filter((test) => test.outcome === 'failed' || test.outcome === 'error' || test.outcome === 'inconclusive')
      .map((test) => `${test.outcome} ${test.id}: ${test.failure?.clauseId} ${test.failure?.message.slice(0, 300)}`);
    expect(broken, stdout).toEqual([]);
    expect(code).toBe(0);
    expect(report.verdict).toBe('certified');
    expect(report.totals.errors).toBe(0);
    expect(report.totals.inconclusive).toBe(0);

    const badSkips = report.tests.filter((test) => test.outcome === 'skipped' && !featureReason.test(test.skipReason ?? ''));
    expect(badSkips.map((test) => `${test.id}: ${test.skipReason}`)).toEqual([]);

    const statusById = new Map(report.clauses.map((entry) => [entry.id, entry.status]));
    const deviations = report.clauses.filter((entry) => entry.status === 'deviation').map((entry) => entry.id);
    expect(deviations.sort()).toEqual(profile === 'spec' ? [...conflictIds].sort() : []);
    expect(report.clauses.filter((entry) => entry.status === 'not-covered').map((entry) => entry.id)).toEqual([]);
    // A clause the registry calls untestable is asserted by no test (else the registry or the test is wrong).
    const assertedUntestable = report.clauses.filter((entry) => {
      const { passed, failed, inconclusive, deviation } = entry.assertions;
      return !clause(entry.id).testable && passed + failed + inconclusive + deviation > 0;
    });
    expect(assertedUntestable.map((entry) => entry.id)).toEqual([]);

    const unproven = clauses
      .filter((entry) => inProfile(entry.id))
      .filter((entry) => !['passed', 'skipped', 'deviation'].includes(statusById.get(entry.id) ?? 'missing'))
      .map((entry) => `${entry.id}: ${statusById.get(entry.id)}`);
    expect(unproven).toEqual([]);

    // Each test that ran asserted every clause it declares (declared ⊆ asserted), or said why it could not.
    const unasserted = report.tests
      .filter((test) => test.outcome === 'passed')
      .flatMap((test) => {
        const asserted = new Set([
          ...(test.assertions ?? []).map((entry) => entry.clause),
          ...(test.waived ?? []).map((entry) => entry.clause),
        ]);
        return test.clauses.filter((id) => inProfile(id) && !asserted.has(id)).map((id) => `${test.id}: ${id}`);
      });
    expect(unasserted).toEqual([]);

    // A test's checks are what ran on it: every check that asserted anything on a test is among its checks, and
    // every check among them ran, called by the test itself or applied by the harness to its exchanges.
    const undeclared = report.tests.flatMap((test) =>
      (test.assertions ?? []).flatMap((entry) =>
        entry.checks.filter((check) => !test.checks.includes(check)).map((check) => `${test.id}: ${check}`),
      ),
    );
    expect(undeclared).toEqual([]);
    const notRan = report.tests.flatMap((test) => {
      const ran = new Set([...(test.checksRan?.byTest ?? []), ...(test.checksRan?.byEngine ?? [])]);
      return [...test.checks.filter((check) => !ran.has(check)), ...[...ran].filter((check) => !test.checks.includes(check))].map(
        (check) => `${test.id}: ${check}`,
      );
    });
    expect(notRan).toEqual([]);
    const ranTests = report.tests.filter((test) => test.outcome !== 'skipped');
    expect(ranTests.filter((test) => test.checks.length === 0).map((test) => test.id)).toEqual([]);
    // The harness applied its response checks to the exchanges of nearly every test (a test whose requests all go
    // to unknown routes or node-state routes gets none).
    const engineApplied = ranTests.filter((test) => (test.checksRan?.byEngine.length ?? 0) > 0);
    expect(engineApplied.length).toBeGreaterThan(ranTests.length * 0.8);

    // Every endpoint with invalid-request rules had rejections its controls made conclusive.
    const context = generatorContextFromFixtures(referenceFixtures());
    // (an endpoint whose rules all state canton behaviour has none in the spec profile)
    const ruled = Object.entries(invalidRequestRules(context))
      .filter(([, rules]) => rules.some((rule) => inProfile(fc.sample(rule, { numRuns: 1, seed: 1 })[0]!.invalid.clauseId)))
      .map(([endpoint]) => endpoint);
    const conclusive = new Map(report.rejections.map((entry) => [entry.endpoint, entry.conclusive]));
    expect(ruled.filter((endpoint) => !(conclusive.get(endpoint) ?? 0)).map((endpoint) => `${endpoint}: no conclusive rejection`)).toEqual(
      [],
    );
    // The reference answers like Canton, so no rejection is inconclusive: one would mean a generator built a
    // base the target refuses (a control rejected too), or a check misread which field a cause names.
    const inconclusiveRejections = report.tests.flatMap((test) =>
      (test.assertions ?? [])
        .filter((entry) => entry.inconclusive > 0)
        .map((entry) => `${test.id}: ${entry.clause}: ${(entry.reasons ?? []).join(' / ').slice(0, 300)}`),
    );
    expect(inconclusiveRejections).toEqual([]);
    expect(report.rejections.filter((entry) => entry.inconclusive > 0 || entry.failed > 0)).toEqual([]);
  }, 300_000);
});

describe("a full run with Canton's own CantonExamples in the fixtures: no keyed template, no interface", () => {
  it('is certified in the canton profile: what needs them is skipped with the reason, never failed', async () => {
    const fixtures = parse(readFileSync(join(process.cwd(), 'config/fixtures/reference.yaml'), 'utf8')) as {
      templates: Record<string, unknown>;
      dar: string;
    };
    delete fixtures.templates['keyedAccount'];
    delete fixtures.templates['assetInterface'];
    fixtures.dar = join(process.cwd(), 'config/fixtures', fixtures.dar);
    const path = join(mkdtempSync(join(tmpdir(), 'canton-examples-')), 'fixtures.yaml');
    writeFileSync(path, stringify(fixtures));
    const { report, stdout } = await runConformance(['--profile', 'canton', '--fixtures', path]);
    const broken = report.tests.filter((test) => ['failed', 'error', 'inconclusive'].includes(test.outcome)).map((test) => test.id);
    expect(broken, stdout).toEqual([]);
    expect(report.verdict).toBe('certified');
    const skipped = report.tests.filter(
      (test) => test.outcome === 'skipped' && /templates\.(keyedAccount|assetInterface)/.test(test.skipReason ?? ''),
    );
    expect(skipped.length).toBeGreaterThan(2);
    const interfaceFilter = report.clauses.find((entry) => entry.id === 'identifier-filter.InterfaceFilter.interfaceId.required');
    expect([interfaceFilter?.status, interfaceFilter?.reason]).toEqual(['skipped', expect.stringMatching(/templates\.assetInterface/)]);
  }, 300_000);
});
