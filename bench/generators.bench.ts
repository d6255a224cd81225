/**
 * `npm run bench:generators`: valid and invalid cases generated per second, on one core, for the largest
 * bodies (submit-and-wait with every optional field, execute). Target: 10,000 submit-and-wait bodies/s.
 */
import { resolve } from 'node:path';
import fc from 'fast-check';
import { loadFixtures } from '../config/load.js';
import { generatorContextFromFixtures } from '../generators/context.js';
import { invalidRequests } from '../generators/index.js';
import { executeBody } from '../generators/requests/execute.js';
import { submitAndWaitBody } from '../generators/requests/submit-and-wait.js';

const TARGET_SUBMIT_AND_WAIT_PER_SECOND = 10_000;
const BATCH = 2_000;
const MIN_DURATION_MS = 2_000;

const fixtures = loadFixtures(resolve(import.meta.dirname, '../config/fixtures/reference.yaml'), process.cwd(), {}, 'fixtures');
const context = generatorContextFromFixtures(fixtures);

/** Cases per second: batches of `fc.sample` (the same generation path as a property run) for ≥ 2 s. */
function ratePerSecond(arbitrary: fc.Arbitrary<unknown>): number {
  fc.sample(arbitrary, { seed: 1, numRuns: 200 }); // warm-up
  let generated = 0;
  let seed = 0;
  const started = performance.now();
  while (performance.now() - started < MIN_DURATION_MS) {
    generated += fc.sample(arbitrary, { seed: seed++, numRuns: BATCH }).length;
  }
  return generated / ((performance.now() - started) / 1000);
}

const invalid = invalidRequests(context);
const cases: { name: string; arbitrary: fc.Arbitrary<unknown>; target?: number }[] = [
  {
    name: 'submit-and-wait, all optional fields (schema-valid)',
    arbitrary: submitAndWaitBody(context, { allOptionalFields: true }),
    target: TARGET_SUBMIT_AND_WAIT_PER_SECOND,
  },
  {
    name: 'submit-and-wait, all optional fields (accepted)',
    arbitrary: submitAndWaitBody(context, { mode: 'accepted', allOptionalFields: true }),
    target: TARGET_SUBMIT_AND_WAIT_PER_SECOND,
  },
  { name: 'submit-and-wait, invalid', arbitrary: invalid['submit-and-wait']! },
  { name: 'execute, all optional fields (schema-valid)', arbitrary: executeBody(context, { allOptionalFields: true }) },
  { name: 'execute, invalid', arbitrary: invalid.execute! },
];

let missed = false;
console.log(`generator throughput, one core, batches of ${BATCH}, at least ${MIN_DURATION_MS / 1000} s each`);
for (const { name, arbitrary, target } of cases) {
  const rate = ratePerSecond(arbitrary);
  const verdict = target === undefined ? '' : rate >= target ? `  PASS (target ≥ ${target}/s)` : `  MISS (target ≥ ${target}/s)`;
  if (target !== undefined && rate < target) missed = true;
  console.log(`${name.padEnd(56)} ${Math.round(rate).toLocaleString('en-US').padStart(9)} cases/s${verdict}`);
}
process.exitCode = missed ? 1 : 0;
