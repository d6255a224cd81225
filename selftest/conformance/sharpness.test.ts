/**
 * The suite is sharp: each fault injected into the reference target makes a run fail, naming the clause
 * the fault breaks; and a run with the same selection but no fault passes (so the failure is the fault's).
 *
 * The fault runs go through `fault-batch.ts`: two processes (one per core), each running its share of the faults one
 * after another exactly as `ledger-conformance run --inject-fault` does (config loading, runner, exit-code rule).
 * A CLI process per fault paid the tool's start-up about 90 times; the CLI itself is exercised by selftest/cli/.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { faultNames } from '../../reference/faults.js';
import { clauseIds } from '../../specification/clauses.js';
import type { FaultJob, FaultJobResult } from './fault-batch.js';
import { faultExpectations } from './faults.js';
import { configWithReferenceFeatures } from './support.js';

const BATCHES = 2;

describe('the fault table', () => {
  it('covers every fault of the reference target once (holdout faults only when registered), with clauses that exist', () => {
    // The holdout faults (docs/holdout.md) measure the suite against faults nobody named: only a few are registered here
    // (each costs a run); the rest stay runnable with --inject-fault and are measured by `npm run bench:holdout`.
    const registered = new Set(faultExpectations.map((entry) => entry.fault));
    const expected = faultNames.filter((name) => !/^holdout\d*-/.test(name) || registered.has(name));
    expect(faultExpectations.map((entry) => entry.fault).sort()).toEqual([...expected].sort());
    for (const entry of faultExpectations) {
      for (const id of entry.clauses) expect(clauseIds.has(id), `${entry.fault}: ${id}`).toBe(true);
    }
  });
});

let results: Map<string, Promise<FaultJobResult>> | undefined;

/** Starts the batches on first use; each fault's result is a promise its test awaits. */
function resultOf(fault: string): Promise<FaultJobResult> {
  if (!results) {
    const pending = new Map<string, { resolve(result: FaultJobResult): void; promise: Promise<FaultJobResult> }>();
    const jobs: FaultJob[] = faultExpectations.map((entry) => {
      let resolve!: (result: FaultJobResult) => void;
      const promise = new Promise<FaultJobResult>((done) => (resolve = done));
      pending.set(entry.fault, { resolve, promise });
      return {
        key: entry.fault,
        fault: entry.fault,
        profile: entry.profile,
        include: entry.include,
        ...(entry.features ? { config: configWithReferenceFeatures(entry.features) } : {}),
      };
    });
    const directory = mkdtempSync(join(tmpdir(), 'fault-batch-'));
    for (let batch = 0; batch < BATCHES; batch++) {
      const share = jobs.filter((_, index) => index % BATCHES === batch);
      const file = join(directory, `jobs-${batch}.json`);
      writeFileSync(file, JSON.stringify(share));
      const child = spawn(process.execPath, ['--import', 'tsx', join(process.cwd(), 'selftest/conformance/fault-batch.ts'), file], {
        cwd: process.cwd(),
        env: { ...process.env, CI: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
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
            summary: '',
            error: `the batch process ended (exit ${code}) before this fault's run:\n${stderr}`,
          });
      });
    }
    results = new Map([...pending].map(([key, entry]) => [key, entry.promise]));
  }
  return results.get(fault)!;
}

describe.concurrent('an injected fault is caught', { concurrent: true }, () => {
  it.each(faultExpectations)(
    '$fault ($profile profile)',
    async ({ fault, clauses, exclusive }) => {
      const { code, failedClauses: failed, summary, error } = await resultOf(fault);
      expect(error, `the run with ${fault} broke`).toBeUndefined();
      expect(code, `exit code of a run with ${fault} (${summary})`).toBe(1);
      expect(
        failed.some((id) => clauses.includes(id)),
        `${fault}: the failed clauses are ${failed.join(', ')}; expected one of ${clauses.join(', ')}`,
      ).toBe(true);
      if (exclusive)
        expect(
          failed.filter((id) => !clauses.includes(id)),
          `${fault}: clauses failed that the fault does not break`,
        ).toEqual([]);
    },
    600_000,
  );
});
