/**
 * `npm run faults:narrow [-- FAULT...]`: for each fault of the sharpness table (selftest/conformance/faults.ts), or only
 * the faults named, runs the entry's own `include` with the fault injected, keeps the ids of the tests that failed, runs
 * those tests alone with the fault, and records them in selftest/conformance/fault-selection.json only when that
 * narrowed run still shows what the entry expects (exit 1, one of its clauses failed, nothing else when exclusive).
 * The sharpness self-test then runs only those tests for the fault, which is most of its time saved.
 *
 * Left broad: entries whose `include` is empty (a whole run, kept whole on purpose), entries the narrowing does not
 * shrink, and faults the broad run does not catch as the table expects (the sharpness self-test reports those).
 */
import { writeFileSync } from 'node:fs';
import prettier from 'prettier';
import {
  jobOf,
  missedExpectation,
  narrowedSelectionFile,
  readNarrowedSelection,
  runFaultBatches,
} from '../selftest/conformance/fault-batches.js';
import { faultExpectations } from '../selftest/conformance/faults.js';

const named = process.argv.slice(2);
const unknown = named.filter((fault) => !faultExpectations.some((entry) => entry.fault === fault));
if (unknown.length > 0) {
  process.stderr.write(`not in the fault table (selftest/conformance/faults.ts): ${unknown.join(', ')}\n`);
  process.exit(2);
}
const entries = faultExpectations.filter((entry) => entry.include.length > 0 && (named.length === 0 || named.includes(entry.fault)));
const selection = readNarrowedSelection();
for (const entry of entries) delete selection[entry.fault];

process.stdout.write(`${entries.length} faults: broad runs...\n`);
const broad = runFaultBatches(entries.map((entry) => jobOf(entry)));
const candidates = new Map<string, string[]>();
for (const entry of entries) {
  const result = await broad.get(entry.fault)!;
  const missed = missedExpectation(entry, result);
  if (missed !== undefined) process.stdout.write(`  left broad: ${missed.split('\n')[0]}\n`);
  else if (result.failedTests.length > 0) candidates.set(entry.fault, [...new Set(result.failedTests)].sort());
}
process.stdout.write(`${candidates.size} faults: narrowed runs...\n`);
const narrow = runFaultBatches(
  entries.filter((entry) => candidates.has(entry.fault)).map((entry) => jobOf(entry, candidates.get(entry.fault))),
);
for (const entry of entries) {
  if (!candidates.has(entry.fault)) continue;
  const missed = missedExpectation(entry, await narrow.get(entry.fault)!);
  if (missed === undefined) selection[entry.fault] = candidates.get(entry.fault)!;
  else process.stdout.write(`  left broad (the tests alone do not show it): ${missed.split('\n')[0]}\n`);
}
const sorted = Object.fromEntries(Object.entries(selection).sort(([a], [b]) => a.localeCompare(b)));
// Written as Prettier writes it, so the static self-test's format check holds without a second step.
const options = (await prettier.resolveConfig(narrowedSelectionFile)) ?? {};
writeFileSync(narrowedSelectionFile, await prettier.format(JSON.stringify(sorted), { ...options, filepath: narrowedSelectionFile }));
process.stdout.write(`${Object.keys(sorted).length} faults narrowed in ${narrowedSelectionFile}\n`);
