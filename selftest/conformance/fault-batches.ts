/**
 * Runs fault jobs through `fault-batch.ts` processes (one per core by default) and hands back each job's result as a
 * promise. Used by the sharpness self-test and by `scripts/narrow-fault-runs.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ListedTest } from '../../harness/runner/runner.js';
import type { FaultJob, FaultJobResult } from './fault-batch.js';
import type { FaultExpectation } from './faults.js';
import { configWithReferenceFeatures } from './support.js';

/** Where the narrowed selections live: for a fault, the ids of the tests that catch it (scripts/narrow-fault-runs.ts). */
export const narrowedSelectionFile = join(process.cwd(), 'selftest/conformance/fault-selection.json');

export function readNarrowedSelection(): Record<string, string[]> {
  return JSON.parse(readFileSync(narrowedSelectionFile, 'utf8')) as Record<string, string[]>;
}

/** The job of one table entry: its narrowed selection when one is given, else the entry's own `include`. */
export function jobOf(entry: FaultExpectation, narrowed?: readonly string[]): FaultJob {
  return {
    key: entry.fault,
    fault: entry.fault,
    profile: entry.profile,
    include: narrowed ? [...narrowed] : entry.include,
    ...(entry.features ? { config: configWithReferenceFeatures(entry.features) } : {}),
  };
}

/** Why a fault run does not show what the entry expects, or undefined when it does. */
export function missedExpectation(entry: FaultExpectation, result: FaultJobResult): string | undefined {
  if (result.error !== undefined) return `the run with ${entry.fault} broke: ${result.error}`;
  if (result.code !== 1) return `exit code of a run with ${entry.fault} is ${result.code}, not 1 (${result.summary})`;
  if (!result.failedClauses.some((id) => entry.clauses.includes(id)))
    return `${entry.fault}: the failed clauses are ${result.failedClauses.join(', ')}; expected one of ${entry.clauses.join(', ')}`;
  const others = result.failedClauses.filter((id) => !entry.clauses.includes(id));
  if (entry.exclusive && others.length > 0) return `${entry.fault}: clauses failed that the fault does not break: ${others.join(', ')}`;
  return undefined;
}

/**
 * Starts `batches` processes sharing `jobs` round-robin; each job's result resolves its promise. `listed` (the canton
 * profile's tests, `listTests`) spares each process listing them again.
 */
export function runFaultBatches(
  jobs: readonly FaultJob[],
  batches = 2,
  listed?: readonly ListedTest[],
): Map<string, Promise<FaultJobResult>> {
  const pending = new Map<string, { resolve(result: FaultJobResult): void; promise: Promise<FaultJobResult> }>();
  for (const job of jobs) {
    let resolve!: (result: FaultJobResult) => void;
    const promise = new Promise<FaultJobResult>((done) => (resolve = done));
    pending.set(job.key, { resolve, promise });
  }
  const directory = mkdtempSync(join(tmpdir(), 'fault-batch-'));
  const listing = join(directory, 'listed.json');
  if (listed) writeFileSync(listing, JSON.stringify(listed));
  for (let batch = 0; batch < batches; batch++) {
    const share = jobs.filter((_, index) => index % batches === batch);
    if (share.length === 0) continue;
    const file = join(directory, `jobs-${batch}.json`);
    writeFileSync(file, JSON.stringify(share));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(process.cwd(), 'selftest/conformance/fault-batch.ts'), file, ...(listed ? [listing] : [])],
      {
        cwd: process.cwd(),
        env: { ...process.env, CI: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8_000)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const result = JSON.parse(line) as FaultJobResult;
      pending.get(result.key)?.resolve(result);
    });
    child.on('close', (code) => {
      // A batch that died leaves its remaining faults with the reason, instead of a hang until the timeout.
      for (const job of share)
        pending.get(job.key)!.resolve({
          key: job.key,
          code: -1,
          failedClauses: [],
          failedTests: [],
          summary: '',
          error: `the batch process ended (exit ${code}) before this fault's run:\n${stderr}`,
        });
    });
  }
  return new Map([...pending].map(([key, entry]) => [key, entry.promise]));
}
