/**
 * `npm run bench:generators`: valid and invalid bodies generated per second on one core (this process,
 * no workers) for the largest bodies. Target: 10,000 submit-and-wait bodies/s, so generation never
 * limits a load run.
 *
 * Two ways of generating are measured:
 * - `generate`: how a load run draws values, `arbitrary.generate(new fc.Random(xoroshiro128plus(seed)))`
 *   one after the other without bias (fast-check's bias only applies inside property runs);
 * - `fc.sample`: how a property run draws them (new random stream per value, bias growing with the run
 *   index), in batches of 100 so that, as in a property run, few values are alive at a time (a batch of
 *   thousands mostly measures the garbage collector promoting the retained batch).
 *
 * Rates are per CPU-second of this process (`process.cpuUsage`, which also counts the garbage collector's
 * helper threads, so it never flatters): on a machine shared with other work, wall-clock rates say more
 * about the neighbours than about the generators. Wall-clock rates are printed too. Each rate is measured
 * in several rounds; the median is judged, the range printed.
 */
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { loadFixtures } from '../config/fixtures-loader.js';
import { generatorContextFromFixtures } from '../generators/context.js';
import { invalidRequests } from '../generators/index.js';
import { executeBody } from '../generators/requests/execute.js';
import { submitAndWaitBody } from '../generators/requests/submit-and-wait.js';
import { updateByOffsetBody } from '../generators/requests/update-by-offset.js';

const TARGET_SUBMIT_AND_WAIT_PER_SECOND = 10_000;
const ROUNDS = 5;
const ROUND_MS = 400;
const SAMPLE_BATCH = 100;

const fixtures = loadFixtures(resolve(import.meta.dirname, '../config/fixtures/reference.yaml'), process.cwd(), {}, 'fixtures');
const context = generatorContextFromFixtures(fixtures);

interface Rate {
  perCpuSecond: number;
  perWallSecond: number;
}

/** Runs `step` (which generates `perStep` values) for one round; rates over CPU and wall time. */
function round(step: () => void, perStep: number): Rate {
  let generated = 0;
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  while (performance.now() - wallStart < ROUND_MS) {
    step();
    generated += perStep;
  }
  const wallSeconds = (performance.now() - wallStart) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  return { perCpuSecond: generated / ((cpu.user + cpu.system) / 1e6), perWallSecond: generated / wallSeconds };
}

function viaGenerate(arbitrary: fc.Arbitrary<unknown>, roundIndex: number): Rate {
  const random = new fc.Random(xoroshiro128plus(roundIndex));
  return round(() => {
    for (let index = 0; index < 100; index++) arbitrary.generate(random, undefined);
  }, 100);
}

function viaSample(arbitrary: fc.Arbitrary<unknown>, roundIndex: number): Rate {
  let seed = roundIndex * 1_000_000;
  return round(() => {
    fc.sample(arbitrary, { seed: seed++, numRuns: SAMPLE_BATCH });
  }, SAMPLE_BATCH);
}

interface Summary {
  median: number;
  min: number;
  max: number;
  wallMedian: number;
}

function measure(measureRound: (roundIndex: number) => Rate): Summary {
  measureRound(-1); // warm-up: let the JIT settle before the measured rounds
  const rates = Array.from({ length: ROUNDS }, (_unused, index) => measureRound(index));
  const cpu = rates.map((rate) => rate.perCpuSecond).sort((a, b) => a - b);
  const wall = rates.map((rate) => rate.perWallSecond).sort((a, b) => a - b);
  const middle = Math.floor(ROUNDS / 2);
  return { median: cpu[middle]!, min: cpu[0]!, max: cpu[ROUNDS - 1]!, wallMedian: wall[middle]! };
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
  { name: 'submit-and-wait, invalid', arbitrary: invalid['submit-and-wait']!, target: TARGET_SUBMIT_AND_WAIT_PER_SECOND },
  { name: 'execute, all optional fields (schema-valid)', arbitrary: executeBody(context, { allOptionalFields: true }) },
  { name: 'execute, invalid', arbitrary: invalid.execute! },
  { name: 'update-by-offset (schema-valid)', arbitrary: updateByOffsetBody(context) },
  { name: 'update-by-offset, invalid', arbitrary: invalid['update-by-offset']! },
];

const format = (rate: number) => Math.round(rate).toLocaleString('en-US');
const describe = (summary: Summary) =>
  `${format(summary.median).padStart(8)}/s (${format(summary.min)}–${format(summary.max)}; wall ${format(summary.wallMedian)}/s)`;

const [load1] = loadavg();
console.log(
  `generator throughput on one core, per CPU-second: median of ${ROUNDS} rounds of ${ROUND_MS} ms (range; wall-clock median)\n` +
    `load average ${load1!.toFixed(1)} on ${availableParallelism()} cores` +
    (load1! > availableParallelism() ? ' — busy machine: CPU-time rates hold, wall-clock rates are depressed' : ''),
);
let missed = false;
for (const { name, arbitrary, target } of cases) {
  const generated = measure((index) => viaGenerate(arbitrary, index));
  const sampled = measure((index) => viaSample(arbitrary, index));
  let verdict = '';
  if (target !== undefined) {
    const slowest = Math.min(generated.median, sampled.median);
    verdict = `  ${slowest >= target ? 'PASS' : 'MISS'} (target ≥ ${format(target)}/s)`;
    if (slowest < target) missed = true;
  }
  console.log(`${name}${verdict}\n  generate  ${describe(generated)}\n  fc.sample ${describe(sampled)}`);
}
process.exitCode = missed ? 1 : 0;
