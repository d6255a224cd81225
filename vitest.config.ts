import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './selftest/support/long-first-sequencer.js';

// The project's own self-tests. The conformance suites under suites/ are run by `ledger-conformance run`
// with their own vitest configuration (harness/runner/vitest.suites.config.ts), never by `npm test` directly.

// Tests that measure time (the open-model generator against a freezing sink; the workers' send schedule and how
// fast an abort stops them) run first and alone: on a 2-core machine, the CLI runs of the other self-tests (two
// files at a time) would otherwise delay their sends.
const timingSensitive = ['selftest/load/open-model.test.ts', 'selftest/load/open-model-workers.test.ts', 'selftest/load/abort.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Concurrent tests here are whole CLI runs (sharpness self-test): two at a time on a 2-core machine.
    maxConcurrency: 2,
    reporters: ['default', './selftest/support/plain-count-reporter.ts'],
    // The long self-tests first (selftest/support/long-first-sequencer.ts): on a fresh clone vitest has no timings.
    sequence: { sequencer: LongFirstSequencer },
    // A folder where files that need the very same conformance run share it (selftest/support/shared-runs.ts).
    globalSetup: ['./selftest/support/shared-runs.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'timing', include: timingSensitive, fileParallelism: false, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        // Three files at a time (vitest's default is one fewer than the cores: one file at a time on 2 cores). Most
        // files use one core; the CLI-running ones spend much of their time waiting on their child processes.
        test: {
          name: 'main',
          include: ['selftest/**/*.test.ts'],
          exclude: timingSensitive,
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
        },
      },
    ],
  },
});
