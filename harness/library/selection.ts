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
