import { defineConfig } from 'vitest/config';

// The project's own self-tests. The conformance suites under suites/ are run by `ledger-conformance run`
// with their own vitest configuration (suites/vitest.suites.config.ts), never by `npm test` directly.
export default defineConfig({
  test: {
    include: ['selftest/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Concurrent tests here are whole CLI runs (sharpness self-test): two at a time on a 2-core machine.
    maxConcurrency: 2,
    reporters: ['default', './selftest/support/plain-count-reporter.ts'],
  },
});
