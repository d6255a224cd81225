import { defineConfig } from 'vitest/config';

// The project's own self-tests. The conformance suites under suites/ are run by `ledger-conformance run`
// with their own vitest configuration (suites/vitest.suites.config.ts), never by `npm test` directly.
export default defineConfig({
  test: {
    include: ['selftest/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './selftest/support/plain-count-reporter.ts'],
  },
});
