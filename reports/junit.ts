/**
 * JUnit XML, the format CI systems (GitLab, Jenkins, GitHub test reporters) read: one `<testsuite>` per
 * conformance suite, one `<testcase>` per test, failures carrying the whole reproduction story.
 */
import { failureText, seconds, stoppedHeadline, stoppedOf } from './format.js';
import { expectationVerdictLine } from '../harness/runner/expectations.js';
import type { TestResult } from '../harness/library/results.js';
import type { RunReport } from '../harness/runner/run-report.js';
import { xmlAttribute as attr, xmlText as text } from './xml.js';

export function writeJUnit(report: RunReport): string {
  const suites = new Map<string, TestResult[]>();
  for (const test of report.tests) {
    const members = suites.get(test.suite);
    if (members === undefined) suites.set(test.suite, [test]);
    else members.push(test);
  }
  // Known failures (run --expectations) are reported as skipped with their reason, so CI shows only regressions red.
  const known = new Map(report.expectations?.known.flatMap((entry) => entry.tests.map((id) => [id, entry.reason] as const)) ?? []);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${attr(report.tool.name)}" ${countAttributes(report.tests, known)} time="${seconds(report.totals.durationMs)}" timestamp="${attr(report.startedAt)}">`,
  ];
  for (const [suite, tests] of suites) {
    const time = seconds(tests.reduce((sum, test) => sum + test.durationMs, 0));
    lines.push(`  <testsuite name="${attr(suite)}" ${countAttributes(tests, known)} time="${time}" timestamp="${attr(report.startedAt)}">`);
    lines.push(...runProperties(report).map((line) => `    ${line}`));
    for (const test of tests) lines.push(...testcase(test, report, known).map((line) => `    ${line}`));
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

function countAttributes(tests: readonly TestResult[], known: ReadonlyMap<string, string>): string {
  const count = (outcome: TestResult['outcome']) =>
    tests.filter((test) => test.outcome === outcome && !(outcome === 'failed' && known.has(test.id))).length;
  const knownFailures = tests.filter((test) => test.outcome === 'failed' && known.has(test.id)).length;
  // Inconclusive tests proved nothing: JUnit has no such state, so they count as skipped (with the reason).
  // Tests a stopped run did not reach are listed all the same, as skipped with "not run: <why>".
  return `tests="${tests.length}" failures="${count('failed')}" errors="${count('error')}" skipped="${count('skipped') + count('not-run') + count('inconclusive') + knownFailures}"`;
}

function runProperties(report: RunReport): string[] {
  const properties: [string, string][] = [
    ['target', `${report.target.name} (${report.target.participant})`],
    ['profile', report.profile],
    ['seed', String(report.seed)],
    ['cases', String(report.cases)],
    ['verdict', report.verdict],
    // Known failures pass CI's gate as skipped tests, but the run is not certified: the properties say so.
    ...(report.expectations
      ? ([
          ['verdict with known failures', report.expectations.verdict],
          ['expectations', `${report.expectations.file}: ${expectationVerdictLine(report.expectations)}`],
        ] as [string, string][])
      : []),
    ...(report.digest ? ([['digest', report.digest]] as [string, string][]) : []),
    ['interrupted', String(report.interrupted)],
    ...(stoppedOf(report) ? ([['stopped', stoppedHeadline(stoppedOf(report)!)]] as [string, string][]) : []),
  ];
  return [
    '<properties>',
    ...properties.map(([name, value]) => `  <property name="${attr(name)}" value="${attr(value)}"/>`),
    '</properties>',
  ];
}

function testcase(test: TestResult, report: RunReport, known: ReadonlyMap<string, string>): string[] {
  const open = `<testcase classname="${attr(test.suite)}" name="${attr(test.name)}" time="${seconds(test.durationMs)}"`;
  if (test.outcome === 'passed') return [`${open}/>`];
  if (test.outcome === 'skipped') {
    return [`${open}>`, `  <skipped message="${attr(test.skipReason ?? 'skipped')}"/>`, '</testcase>'];
  }
  if (test.outcome === 'not-run') {
    const reason = test.skipReason ?? 'not run: the run stopped early';
    return [`${open}>`, `  <skipped message="${attr(reason.startsWith('not run') ? reason : `not run: ${reason}`)}"/>`, '</testcase>'];
  }
  if (test.outcome === 'inconclusive') {
    const reasons = test.assertions.flatMap((entry) => entry.reasons ?? []).slice(0, 3);
    return [
      `${open}>`,
      `  <skipped message="${attr(`inconclusive: ${reasons.join('; ') || 'no assertion bore on its rule'}`)}"/>`,
      '</testcase>',
    ];
  }
  if (test.outcome === 'error') {
    const message = `the suite itself broke: ${test.failure?.message.split('\n')[0] ?? 'no details'}`;
    return [`${open}>`, `  <error message="${attr(message)}" type="suite-error">${text(failureText(test, report))}</error>`, '</testcase>'];
  }
  const knownReason = known.get(test.id);
  if (knownReason !== undefined) {
    return [
      `${open}>`,
      `  <skipped message="${attr(`known failure (${report.expectations?.file ?? 'expectations'}): ${knownReason}`)}"/>`,
      `  <system-out>${text(failureText(test, report))}</system-out>`,
      '</testcase>',
    ];
  }
  const message = test.failure === undefined ? 'failed' : `${test.failure.clauseId ?? ''}: ${test.failure.message}`;
  const check = test.failure?.check ?? 'check';
  return [
    `${open}>`,
    `  <failure message="${attr(message)}" type="${attr(check)}">${text(failureText(test, report))}</failure>`,
    '</testcase>',
  ];
}
