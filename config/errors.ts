/** A mistake in the user's configuration: said plainly, with where it is and what was expected. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  readonly issues: string[];

  constructor(source: string, issues: string[]) {
    super(`Invalid configuration in ${source}:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}
