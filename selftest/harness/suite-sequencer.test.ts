import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { longSuiteFiles } from '../../harness/runner/suite-sequencer.js';

describe('the suite files a run starts first', () => {
  it('are suite files that exist, each named once (a renamed file would silently start late again)', () => {
    expect(new Set(longSuiteFiles).size).toBe(longSuiteFiles.length);
    for (const file of longSuiteFiles) expect(existsSync(file), file).toBe(true);
  });
});
