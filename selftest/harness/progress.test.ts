/**
 * The runner's progress line (harness/runner/collector.ts): how many of how many tests, the outcomes so far, and
 * an ETA; an estimate ("~") while suite files are still being collected, exact once all are.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, TestModule, TestSpecification } from 'vitest/node';
import { ResultCollector } from '../../harness/runner/collector.js';

/** A finished vitest test case as the collector reads it. */
function testCase(id: string, outcome: 'passed' | 'failed'): TestCase {
  return {
    name: id,
    module: { moduleId: '/suites/x.suite.ts' },
    meta: () => ({ conformance: { id, suite: 'x', endpoint: 'readyz', clauses: [], checks: [], outcome, assertions: [] } }),
    result: () => ({ state: outcome === 'passed' ? 'passed' : 'failed', errors: [] }),
    diagnostic: () => ({ duration: 1 }),
  } as unknown as TestCase;
}

function testModule(id: string, tests: number): TestModule {
  return { moduleId: id, children: { allTests: () => Array.from({ length: tests }) } } as unknown as TestModule;
}

describe('progress line', () => {
  it('gives no total before a quarter of the files is collected, then ~estimate, then the exact total with an ETA', () => {
    const collector = new ResultCollector({ mode: 'silent' });
    collector.onTestRunStart(Array.from({ length: 8 }) as TestSpecification[]);
    collector.onTestModuleCollected(testModule('a', 10));
    collector.onTestCaseResult(testCase('x::1', 'passed'));
    expect(collector.progressLine()).toMatch(/^\[\d+s\] 1 tests: 1 passed, 0 failed, 0 skipped$/);
    collector.onTestModuleCollected(testModule('b', 20));
    // 30 tests in 2 of 8 files: about 120.
    expect(collector.expectedTotal()).toEqual({ total: 120, exact: false });
    collector.onTestCaseResult(testCase('x::2', 'failed'));
    expect(collector.progressLine(Date.now() + 10_000)).toMatch(/^\[\d+s\] 2 of ~120 tests: 1 passed, 1 failed, 0 skipped; ETA ~\d+ min$/);
    for (const [index, name] of ['c', 'd', 'e', 'f', 'g', 'h'].entries()) collector.onTestModuleCollected(testModule(name, index + 1));
    expect(collector.expectedTotal()).toEqual({ total: 51, exact: true });
    expect(collector.progressLine()).toMatch(/^\[\d+s\] 2 of 51 tests: 1 passed, 1 failed, 0 skipped; ETA \d+s$/);
  });

  it('reports a test vitest cancelled after the node went away as not run, with why, once', () => {
    const collector = new ResultCollector({ mode: 'silent' });
    collector.stopReason = 'not run: the node stopped answering';
    const cancelled = {
      ...testCase('x::3', 'passed'),
      meta: () => ({}),
      result: () => ({ state: 'skipped', note: 'vitest note' }),
    } as unknown as TestCase;
    collector.onTestCaseResult(cancelled);
    collector.onTestCaseResult(cancelled);
    expect(collector.results.map((result) => [result.outcome, result.skipReason])).toEqual([
      ['not-run', 'not run: the node stopped answering'],
    ]);
    expect(collector.progressLine()).toContain('0 skipped, 1 not run');
  });
});
