/**
 * Which checks a run applies: `run.checks` (`--checks`; every check when empty) minus `run.excludeChecks`
 * (`--exclude-checks`), as Schemathesis switches its checks. An unknown name is a configuration error.
 *
 * What switching off means, everywhere (the one place): the run's `AssertionLedger` answers `enabled(check)`
 * from `enabledChecks`; a switched-off check called by a test records nothing (and stops the test, skipped
 * with the reason, where its condition fails and the rest depends on it); the harness does not apply its
 * response checks to the test's exchanges. No test is left out for its checks: a test that ends having asserted
 * nothing while checks are switched off is skipped with `switchedOffReason`.
 */
import { ConfigError } from '../../config/tool-errors.js';
import { CHECK_NAMES, isCheckName, type CheckName } from '../../checks/names.js';

export function enabledChecks(run: { checks: readonly string[]; excludeChecks: readonly string[] }): Set<CheckName> {
  const selected = run.checks.length > 0 ? CHECK_NAMES.filter((name) => run.checks.includes(name)) : CHECK_NAMES;
  return new Set(selected.filter((name) => !run.excludeChecks.includes(name)));
}

/** Throws a ConfigError naming every unknown check and the valid names. */
export function validateCheckSelection(run: { checks: readonly string[]; excludeChecks: readonly string[] }): void {
  const problems = [
    ...run.checks.filter((name) => !isCheckName(name)).map((name) => `run.checks / --checks: unknown check "${name}"`),
    ...run.excludeChecks
      .filter((name) => !isCheckName(name))
      .map((name) => `run.excludeChecks / --exclude-checks: unknown check "${name}"`),
  ];
  if (problems.length > 0) {
    throw new ConfigError('run.checks', [...problems, `the checks are: ${CHECK_NAMES.join(', ')}`]);
  }
  if (enabledChecks(run).size === 0) {
    throw new ConfigError('run.checks', ['--checks / --exclude-checks leave no check switched on; nothing would be asserted']);
  }
}

/**
 * Why a test that asserted nothing is skipped rather than inconclusive: checks are switched off, so what it
 * would have asserted was not asked for. Undefined when every check is on (then asserting nothing is the test's fault).
 */
export function switchedOffReason(selection: { enabled(check: CheckName): boolean }): string | undefined {
  const off = CHECK_NAMES.filter((name) => !selection.enabled(name));
  if (off.length === 0) return undefined;
  return `asserted nothing with the checks switched on (--checks / --exclude-checks switch off ${off.join(', ')})`;
}
