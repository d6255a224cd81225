/**
 * `npm run bench:holdout`: how often the canton profile fails a node with a fault nobody named. Runs
 * `ledger-conformance run --profile canton --inject-fault NAME` for every holdout fault of the reference
 * (`holdout-*` in `reference/faults.ts`, listed in docs/holdout.md), each a whole run as a certifier would
 * make it (random seed unless `--seed`), and prints, per fault, whether the verdict failed and which tests
 * failed, then caught/total. Not part of `npm test`: a run is about a minute of CPU.
 *
 * A run that failed only through transport faults (a reset, a timeout: the machine, not the fault) counts as `flaky`, not
 * caught: rerun it.
 *
 * Options: `--only <substrings>` (faults whose name contains one of them, comma-separated), `--parallel <n>` (runs at once; 1 by default,
 * the machine is shared), `--seed <n>`, `--out <dir>` (report folders; a temp folder by default).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faultNames } from '../reference/faults.js';

interface Outcome {
  fault: string;
  caught: boolean;
  /** Failed only through transport faults: not the fault's doing. */
  flaky: boolean;
  verdict: string;
  seed: number | undefined;
  failed: string[];
  error?: string;
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index < 0 ? undefined : process.argv[index + 1];
}

const only = option('only');
const parallel = Math.max(1, Number(option('parallel') ?? '1'));
const seed = option('seed');
const out = option('out') ?? mkdtempSync(join(tmpdir(), 'holdout-'));
const wanted = only?.split(',').filter((part) => part !== '');
const faults = faultNames.filter(
  (name) => /^holdout\d*-/.test(name) && (wanted === undefined || wanted.some((part) => name.includes(part))),
);

function runOne(fault: string): Promise<Outcome> {
  const reportDir = join(out, fault);
  const args = ['bin/ledger-conformance.mjs', 'run', '--profile', 'canton', '--inject-fault', fault, '--report-dir', reportDir];
  if (seed !== undefined) args.push('--seed', seed);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: process.cwd(), env: { ...process.env, CI: 'true' }, stdio: 'ignore' });
    child.on('close', () => {
      try {
        const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as {
          verdict: string;
          seed?: number;
          tests: { id: string; outcome: string; failure?: { check?: string }; assertions?: { clause: string; failed: number }[] }[];
        };
        const failing = report.tests.filter((test) => test.outcome === 'failed' || test.outcome === 'error');
        const flaky = failing.length > 0 && failing.every((test) => test.failure?.check === 'http_transport');
        const failed = failing.map((test) => {
          const clauses = (test.assertions ?? []).filter((entry) => entry.failed > 0).map((entry) => entry.clause);
          return `${test.id}${test.outcome === 'error' ? ' (error)' : ''}${clauses.length > 0 ? ` [${clauses.join(', ')}]` : ''}`;
        });
        resolve({ fault, caught: report.verdict !== 'certified' && !flaky, flaky, verdict: report.verdict, seed: report.seed, failed });
      } catch (error) {
        resolve({ fault, caught: false, flaky: false, verdict: 'no report', seed: undefined, failed: [], error: String(error) });
      }
    });
  });
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  const queue = [...faults];
  const worker = async (): Promise<void> => {
    for (let fault = queue.shift(); fault !== undefined; fault = queue.shift()) {
      const outcome = await runOne(fault);
      outcomes.push(outcome);
      console.log(
        `${outcome.caught ? 'CAUGHT' : outcome.flaky ? 'flaky ' : 'missed'}  ${fault}  (verdict ${outcome.verdict}, seed ${outcome.seed ?? '?'})${outcome.error ? ` ${outcome.error}` : ''}`,
      );
      for (const test of outcome.failed) console.log(`          ${test}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, faults.length) }, worker));
  const caught = outcomes.filter((outcome) => outcome.caught).length;
  const flaky = outcomes.filter((outcome) => outcome.flaky).length;
  console.log(
    `\nholdout faults caught: ${caught}/${outcomes.length}${flaky > 0 ? ` (${flaky} flaky: rerun them)` : ''} (reports in ${out})`,
  );
}

await main();
