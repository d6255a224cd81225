/**
 * Stateful property tests of the scan over time (issue 27): random sequences of scan reads (the latest aggregated round,
 * the DSO and its open mining round, the total and per-round rewards, the top validators), run against the scan and a
 * model of what the sequence read so far. Rounds may advance between any two reads, so the model states constraints,
 * never a round: rounds never go back; a closed round keeps its figure; the total covers the figures of the rounds it
 * must include (checks/scan-model.ts `TOTAL_CACHE_ROUNDS` behind the earliest latest round: the total is cached); the
 * open round is not below the closed one; a leaderboard is ordered, no longer than its limit, and once a longer limit
 * showed k validators, a limit of at most k shows that many. Every exchange is also held by the engine against the
 * worker's scan model (checks/scan-model.ts).
 *
 * Only the endpoints the configured scan release serves are drawn (the leaderboard is gone from 0.6.6, the round
 * aggregates from 0.6.7; the DSO is everywhere). A failure is shrunk by fast-check to the shortest sequence that shows it
 * and named as a script with the seed; `ledger-conformance replay <test id>` reruns it. Budget: `--cases` / 25 sequences
 * (at least two): two fixed steps, one to four random reads, two fixed steps (reads at once where they are
 * independent), the sequences run concurrently (reads change nothing).
 */
import fc from 'fast-check';
import type { ClientResponse } from '../../client/http.js';
import { TOTAL_CACHE_ROUNDS, amountUnits } from '../../checks/scan-model.js';
import { agreesWithModel } from '../../checks/stateful.js';
import { coverage } from '../support/coverage-sequence.js';
import { runModelSequence } from '../support/model-sequence.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { missingRequirement } from '../../harness/library/requirements.js';
import { endpointRequirements } from '../../specification/endpoints.js';
import { parseJsonObject } from '../../specification/json.js';
import { getScan, type ScanEndpointName } from '../support/scan-requests.js';

const CLAUSE = 'canton.model.stateful-scan';

interface ScanSequenceModel {
  latest: bigint | undefined;
  /** The first latest round the sequence read (the total must include the rounds TOTAL_CACHE_ROUNDS behind it). */
  firstLatest: bigint | undefined;
  open: bigint | undefined;
  figures: Map<bigint, bigint>;
  total: bigint | undefined;
  /** The most validators a leaderboard showed, and whether that answer was cut by its limit. */
  validators: { shown: number; complete: boolean } | undefined;
}

interface ScanReal {
  context: ConformanceContext;
  served: ReadonlySet<ScanEndpointName>;
  log: string[];
}

type Json = Record<string, unknown>;

function agree(condition: boolean, detail: string, response?: ClientResponse): asserts condition {
  agreesWithModel(CLAUSE, condition, detail, response);
}

const bodyOf = (response: ClientResponse): Json | undefined => parseJsonObject(response.text);

function integer(value: unknown): bigint | undefined {
  const text = typeof value === 'number' || typeof value === 'bigint' ? String(value) : typeof value === 'string' ? value : undefined;
  return text !== undefined && /^-?\d+$/.test(text) ? BigInt(text) : undefined;
}

abstract class ScanRead implements fc.AsyncCommand<ScanSequenceModel, ScanReal> {
  abstract readonly endpoint: ScanEndpointName;
  check(): boolean {
    return true;
  }
  abstract run(model: ScanSequenceModel, real: ScanReal): Promise<void>;
  abstract toString(): string;
  /** Whether the scan serves this read; a read of a removed endpoint is skipped (logged as such). */
  protected served(real: ScanReal): boolean {
    if (real.served.has(this.endpoint)) return true;
    real.log.push(`${this.toString()} (not served by scan ${real.context.features.scanVersion}: skipped)`);
    return false;
  }
}

class ReadLatest extends ScanRead {
  readonly endpoint = 'scan.round-of-latest-data' as const;
  async run(model: ScanSequenceModel, real: ScanReal): Promise<void> {
    if (!this.served(real)) return;
    real.log.push(this.toString());
    const response = await getScan(real.context, this.endpoint);
    const round = integer(bodyOf(response)?.['round']);
    agree(
      response.status === 200 && round !== undefined && (model.latest === undefined || round >= model.latest),
      `${this}: the model expects 200 with a round of at least ${model.latest ?? 0} (rounds never go back); answered ${response.status} ${response.text.slice(0, 200)}`,
      response,
    );
    model.latest = round;
    model.firstLatest ??= round;
  }
  toString(): string {
    return 'read the latest aggregated round';
  }
}

class ReadDso extends ScanRead {
  readonly endpoint = 'scan.dso' as const;
  async run(model: ScanSequenceModel, real: ScanReal): Promise<void> {
    if (!this.served(real)) return;
    real.log.push(this.toString());
    const response = await getScan(real.context, this.endpoint);
    const contract = ((bodyOf(response)?.['latest_mining_round'] as Json | undefined)?.['contract'] as Json | undefined) ?? {};
    const round = integer(((contract['payload'] as Json | undefined)?.['round'] as Json | undefined)?.['number']);
    const floor = [model.open, model.latest].reduce<bigint | undefined>(
      (max, each) => (each === undefined ? max : max === undefined || each > max ? each : max),
      undefined,
    );
    agree(
      response.status === 200 && round !== undefined && (floor === undefined || round >= floor),
      `${this}: the model expects 200 with an open mining round of at least ${floor ?? 0} (the open round never goes back, nor below the latest closed round); answered ${response.status} ${response.text.slice(0, 200)}`,
      response,
    );
    model.open = round;
  }
  toString(): string {
    return 'read the DSO (its open mining round)';
  }
}

class ReadRewards extends ScanRead {
  readonly endpoint = 'scan.rewards-collected' as const;
  /** undefined: the total; else how many rounds behind the latest known round (0: the latest itself). */
  constructor(readonly behind: number | undefined) {
    super();
  }
  async run(model: ScanSequenceModel, real: ScanReal): Promise<void> {
    if (!this.served(real)) return;
    const round = this.behind === undefined || model.latest === undefined ? undefined : model.latest - BigInt(this.behind);
    if (this.behind !== undefined && (round === undefined || round < 0n)) {
      real.log.push(`${this.toString()} (no such round known yet: skipped)`);
      return;
    }
    real.log.push(round === undefined ? this.toString() : `read the rewards of round ${round}`);
    const response = await getScan(real.context, this.endpoint, {}, round === undefined ? undefined : { round: String(round) });
    const units = amountUnits(bodyOf(response)?.['amount']);
    agree(
      response.status === 200 && units !== undefined,
      `${this}: the model expects 200 with an amount (round ${round ?? 'none'} is aggregated); answered ${response.status} ${response.text.slice(0, 200)}`,
      response,
    );
    if (round !== undefined) {
      const known = model.figures.get(round);
      agree(
        known === undefined || known === units,
        `read the rewards of round ${round}: the model expects the figure read before (${known}, in 10^-10 units: a closed round keeps its figure); answered ${units}`,
        response,
      );
      model.figures.set(round, units);
    } else {
      agree(
        model.total === undefined || units >= model.total,
        `${this}: the model expects at least ${model.total} (in 10^-10 units: the cumulative total never decreases); answered ${units}`,
        response,
      );
      model.total = units;
    }
    if (model.total !== undefined && model.firstLatest !== undefined) {
      const bound = model.firstLatest - TOTAL_CACHE_ROUNDS;
      const included = [...model.figures].filter(([each]) => each <= bound);
      const sum = included.reduce((acc, [, figure]) => acc + figure, 0n);
      agree(
        included.length < 2 || sum <= model.total,
        `${this}: the model expects the total (${model.total}) to be at least the sum (${sum}) of the figures of rounds ${included.map(([each]) => each).join(', ')}, which it includes (in 10^-10 units)`,
        response,
      );
    }
  }
  toString(): string {
    return this.behind === undefined ? 'read the total rewards' : `read the rewards of the latest round - ${this.behind}`;
  }
}

class ReadTop extends ScanRead {
  readonly endpoint = 'scan.top-validators' as const;
  constructor(readonly limit: number) {
    super();
  }
  async run(model: ScanSequenceModel, real: ScanReal): Promise<void> {
    if (!this.served(real)) return;
    real.log.push(this.toString());
    const response = await getScan(real.context, this.endpoint, {}, { limit: String(this.limit) });
    const entries = bodyOf(response)?.['validatorsByReceivedFaucets'];
    const counts = Array.isArray(entries) ? entries.map((entry) => integer((entry as Json | undefined)?.['numRoundsCollected'])) : [];
    const ordered = counts.every((count, index) => count !== undefined && (index === 0 || count <= counts[index - 1]!));
    // Once an answer showed k validators, an answer for a limit of at most k shows as many as its limit (validators stay).
    const least = model.validators === undefined ? 0 : Math.min(this.limit, model.validators.shown);
    agree(
      response.status === 200 && Array.isArray(entries) && ordered && counts.length <= this.limit && counts.length >= least,
      `${this}: the model expects 200 with between ${least} and ${this.limit} validators, most rounds collected first; answered ${response.status} with ${counts.length} (${counts.join(', ')})`,
      response,
    );
    if (model.validators === undefined || counts.length > model.validators.shown)
      model.validators = { shown: counts.length, complete: counts.length < this.limit };
  }
  toString(): string {
    return `read the top ${this.limit} validators`;
  }
}

/** Reads sent at once (reads change nothing; the model is applied as each answer arrives). */
class Together implements fc.AsyncCommand<ScanSequenceModel, ScanReal> {
  constructor(readonly reads: ScanRead[]) {}
  check(): boolean {
    return true;
  }
  async run(model: ScanSequenceModel, real: ScanReal): Promise<void> {
    await Promise.all(this.reads.map((each) => each.run(model, real)));
  }
  toString(): string {
    return `at once: ${this.reads.map(String).join('; ')}`;
  }
}

const read = fc.oneof(
  fc.constant(new ReadLatest()),
  fc.constant(new ReadDso()),
  fc.constant(new ReadRewards(undefined)),
  fc.nat(3).map((behind) => new ReadRewards(behind)),
  fc.constantFrom(1, 2, 5, 1000).map((limit) => new ReadTop(limit)),
);

/**
 * A sequence: fixed ends around one to four random reads, so every read variant the sequence knows is reached on every seed
 * (suites/support/coverage-sequence.ts: still shrinkable). At the start the latest round, then the DSO, the total and the
 * longest leaderboard at once; at the end the latest round again, then the DSO, the total, the latest round's figure, the one
 * before, two rounds the total includes and the shorter leaderboards (limits 1, 2, 5), at once.
 */
const sequences = fc.tuple(
  coverage<fc.AsyncCommand<ScanSequenceModel, ScanReal>>([
    fc.constant(new ReadLatest()),
    fc.constant(new Together([new ReadDso(), new ReadRewards(undefined), new ReadTop(1000)])),
  ]),
  fc.array(read, { minLength: 1, maxLength: 4 }),
  coverage<fc.AsyncCommand<ScanSequenceModel, ScanReal>>([
    fc.constant(new ReadLatest()),
    fc.constant(
      new Together([
        new ReadDso(),
        new ReadRewards(undefined),
        new ReadRewards(0),
        new ReadRewards(1),
        new ReadRewards(Number(TOTAL_CACHE_ROUNDS)),
        new ReadRewards(3),
        ...[1, 2, 5].map((limit) => new ReadTop(limit)),
      ]),
    ),
  ]),
);

/** The model's clauses that need the round aggregates (gone from scan 0.6.7). */
const AGGREGATE_CLAUSES = ['canton.model.scan-round-figures', 'canton.model.scan-open-closed-rounds'] as const;

conformanceSuite('scan / stateful', () => {
  conformanceTest(
    {
      name: 'random sequences of scan reads between rounds agree with the model step by step (rounds, figures per round and in total, leaderboards)',
      endpoint: 'scan.dso',
      // The scan model's rules (checks/scan-model.ts) are judged by the engine on these exchanges.
      clauses: [CLAUSE, 'canton.model.scan-rounds-monotone', ...AGGREGATE_CLAUSES],
      requires: endpointRequirements('scan.dso'),
    },
    async (context) => {
      const candidates: ScanEndpointName[] = ['scan.round-of-latest-data', 'scan.dso', 'scan.rewards-collected', 'scan.top-validators'];
      const served = new Set(
        candidates.filter((endpoint) =>
          endpointRequirements(endpoint).every((need) => missingRequirement(need, context.abilities) === undefined),
        ),
      );
      if (!served.has('scan.rewards-collected') || !served.has('scan.round-of-latest-data')) {
        context.waive(AGGREGATE_CLAUSES, `scan ${context.features.scanVersion} serves no round aggregates (removed in 0.6.7)`);
      }
      await context.forAll(
        sequences,
        async ([opening, steps, closing]) => {
          const real: ScanReal = { context, served, log: [] };
          const model: ScanSequenceModel = {
            latest: undefined,
            firstLatest: undefined,
            open: undefined,
            figures: new Map(),
            total: undefined,
            validators: undefined,
          };
          await runModelSequence(context.seed, model, real, [...opening, ...steps, ...closing]);
        },
        { numRuns: Math.max(2, Math.round(context.cases / 25)) },
      );
    },
  );
});
