import { defineConfig } from 'vitest/config';
import { LongSuitesFirst } from './suite-sequencer.js';

// The conformance suites, run by `ledger-conformance run` (harness/runner/runner.ts), never by `npm test`.
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
    // Every run (and each fault run of the self-tests) imports all suite files: their transforms are kept between the
    // runs of one process. The runner names the folder (harness/runner/module-cache.ts): the process's own, never
    // shared with another run on the machine nor inside the install (a read-only node_modules must not break a run).
    experimental: { fsModuleCache: true },
    // The suite files that wait longest on a slow node start first (harness/runner/suite-sequencer.ts).
    sequence: { sequencer: LongSuitesFirst },
  },
});
