import { defineConfig } from 'vitest/config';

// The conformance suites, run by `ledger-conformance run` (harness/runner.ts), never by `npm test`.
export default defineConfig({
  test: {
    include: ['suites/**/*.suite.ts'],
    pool: 'threads',
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The runner's own reporter collects results; vitest's default output would interleave with progress.
    reporters: [],
    watch: false,
  },
});
