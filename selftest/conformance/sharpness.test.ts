/**
 * The suite is sharp: each fault injected into the reference target makes a run fail, naming the clause
 * the fault breaks; and a run with the same selection but no fault passes (so the failure is the fault's).
 *
 * The fault runs go through `fault-batch.ts`: two processes (one per core), each running its share of the faults one
 * after another exactly as `ledger-conformance run --inject-fault` does (config loading, runner, exit-code rule).
 * A CLI process per fault paid the tool's start-up about 90 times; the CLI itself is exercised by selftest/cli/.
 *
 * A fault runs only the tests that catch it when `fault-selection.json` names them (`npm run faults:narrow` writes it
 * from runs with each entry's own `include`, keeping a narrowed selection only when it still shows what the entry
 * expects); a fault it does not name runs the entry's `include`. The table stays the truth: a narrowed selection must lie
 * inside its entry's `include`.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { selectedBy } from '../../harness/library/selection.js';
import { listTests, type ListedTest } from '../../harness/runner/runner.js';
import { faultNames } from '../../reference/faults.js';
import { clauseIds } from '../../specification/clauses.js';
import type { FaultJobResult } from './fault-batch.js';
import { jobOf, missedExpectation, readNarrowedSelection, runFaultBatches } from './fault-batches.js';
import { faultExpectations } from './faults.js';

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

  it('narrows a fault only to tests its entry selects', async () => {
    const narrowed = readNarrowedSelection();
    const listed = await cantonTests();
    const byId = new Map(listed.map((test) => [test.id, test]));
    for (const [fault, ids] of Object.entries(narrowed)) {
      const entry = faultExpectations.find((candidate) => candidate.fault === fault);
      expect(entry, `fault-selection.json names ${fault}, which the table does not list`).toBeDefined();
      expect(ids.length, fault).toBeGreaterThan(0);
      for (const id of ids) {
        const test = byId.get(id);
        expect(test, `${fault}: no test ${id} (npm run faults:narrow)`).toBeDefined();
        expect(
          entry!.include.length === 0 || selectedBy(entry!.include, test!),
          `${fault}: ${id} is outside ${entry!.include.join(', ')}`,
        ).toBe(true);
      }
    }
  });
});

let listing: Promise<ListedTest[]> | undefined;

/** The canton profile's tests, listed once for this file and the fault batches. */
function cantonTests(): Promise<ListedTest[]> {
  listing ??= loadConfig({ dotenvPath: false, overrides: { profile: 'canton' } }).then((config) => listTests(config));
  return listing;
}

let results: Promise<Map<string, Promise<FaultJobResult>>> | undefined;

/** Starts the batches on first use; each fault's result is a promise its test awaits. */
async function resultOf(fault: string): Promise<FaultJobResult> {
  results ??= cantonTests().then((listed) => {
    const narrowed = readNarrowedSelection();
    return runFaultBatches(
      faultExpectations.map((entry) => jobOf(entry, narrowed[entry.fault])),
      BATCHES,
      listed,
    );
  });
  return (await results).get(fault)!;
}

describe.concurrent('an injected fault is caught', { concurrent: true }, () => {
  it.each(faultExpectations)(
    '$fault ($profile profile)',
    async ({ fault }) => {
      const entry = faultExpectations.find((candidate) => candidate.fault === fault)!;
      const missed = missedExpectation(entry, await resultOf(fault));
      const hint = fault in readNarrowedSelection() ? ' (its narrowed selection may be stale: npm run faults:narrow)' : '';
      expect(missed === undefined ? undefined : missed + hint).toBeUndefined();
    },
    600_000,
  );
});
