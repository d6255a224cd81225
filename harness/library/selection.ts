/**
 * How `--include` / `--exclude` prefixes select a test: a prefix selects it when its endpoint, suite, id or one of
 * its clause ids starts with the prefix. The harness, the CLI's check for prefixes that matched nothing, and the
 * self-tests' fault runs all select by this one rule.
 */
export interface SelectableTest {
  endpoint: string;
  suite: string;
  id: string;
  clauses: readonly string[];
}

/** Whether one of `prefixes` selects `test`. */
export function selectedBy(prefixes: readonly string[], test: SelectableTest): boolean {
  const keys = [test.endpoint, test.suite, test.id, ...test.clauses];
  return prefixes.some((prefix) => keys.some((key) => key.startsWith(prefix)));
}

/** What decides whether a run registers a test: its selection, its profile, and the one test a replay re-runs. */
export interface RunSelection {
  include: readonly string[];
  exclude: readonly string[];
  profile: string;
  /** Set for `replay`: only this test is registered. */
  replayTestId?: string;
}

/**
 * Whether a run with `selection` registers `test` (`cantonOnly`: every clause it asserts is canton-level). The one rule
 * `conformanceTest` applies when a suite file is loaded, and the runner applies to a catalog of the suite files' tests
 * to load only the files that hold a selected test (harness/runner/test-catalog.ts).
 */
export function registeredBy(selection: RunSelection, test: SelectableTest & { cantonOnly: boolean }): boolean {
  if (selection.replayTestId !== undefined) {
    if (selection.replayTestId !== test.id) return false;
  } else {
    if (selection.include.length > 0 && !selectedBy(selection.include, test)) return false;
    if (selection.exclude.length > 0 && selectedBy(selection.exclude, test)) return false;
  }
  // A test that asserts only canton-profile behaviour does not belong to a spec-profile run.
  return !(selection.profile === 'spec' && test.cantonOnly);
}
