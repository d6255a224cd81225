/** Files asking for the very same conformance run share one (selftest/support/shared-runs.ts): the folder is provided. */
import { existsSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';

describe('the shared-runs folder of npm test', () => {
  it('is provided to every file and exists while they run', () => {
    const directory = inject('sharedRuns');
    expect(typeof directory).toBe('string');
    expect(existsSync(directory)).toBe(true);
  });
});
