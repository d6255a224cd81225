/**
 * The suite is right: against the reference target a full run passes in both profiles, covers every
 * testable clause of the registry, and skips nothing except for a declared missing feature.
 */
import { describe, expect, it } from 'vitest';
import { clauses } from '../../specification/clauses.js';
import { runConformance } from './support.js';

const featureReason = /features\.|read-only|cannot mint|no scan URL|the fixtures name no|no fixture user/;

describe.each(['spec', 'canton'] as const)('a full run against the reference target (%s profile)', (profile) => {
  it('passes, covers every testable clause, and skips only for declared features', async () => {
    const { code, report, stdout } = await runConformance(['--profile', profile]);
    const failures = report.tests
      .filter((test) => test.outcome === 'failed')
      .map((test) => `${test.id}: ${test.failure?.clauseId} ${test.failure?.message.slice(0, 300)}`);
    expect(failures, stdout).toEqual([]);
    expect(code).toBe(0);
    expect(report.verdict).toBe('certified');
    const badSkips = report.tests.filter((test) => test.outcome === 'skipped' && !featureReason.test(test.skipReason ?? ''));
    expect(badSkips.map((test) => `${test.id}: ${test.skipReason}`)).toEqual([]);
    const notCovered = report.clauses.filter((entry) => entry.status === 'not-covered').map((entry) => entry.id);
    expect(notCovered).toEqual([]);
    // Every testable clause of the profile is in the report, as passed or skipped for a declared feature.
    const expected = clauses.filter(
      (entry) => entry.testable && (entry.level === 'spec' || (profile === 'canton' && entry.level === 'canton')),
    );
    const statusById = new Map(report.clauses.map((entry) => [entry.id, entry.status]));
    const unproven = expected
      .filter((entry) => !['passed', 'skipped'].includes(statusById.get(entry.id) ?? 'missing'))
      .map((entry) => `${entry.id}: ${statusById.get(entry.id)}`);
    expect(unproven).toEqual([]);
  }, 300_000);
});
