/**
 * Which checks a run applies: `run.checks` (`--checks`; every check when empty) minus `run.excludeChecks`
 * (`--exclude-checks`), as Schemathesis switches its checks. An unknown name is a configuration error.
 */
import { ConfigError } from '../../config/errors.js';
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
