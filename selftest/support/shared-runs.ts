/**
 * One folder per `npm test` (vitest's global set-up), where self-test files that need the very same conformance run
 * share it instead of each paying for it (selftest/conformance/support.ts `sharedConformanceRun`). The folder is made
 * before any file starts and removed after the last.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedRuns: string;
  }
}

export default function setup(project: TestProject): () => void {
  const directory = mkdtempSync(join(tmpdir(), 'selftest-shared-runs-'));
  project.provide('sharedRuns', directory);
  return () => rmSync(directory, { recursive: true, force: true });
}
