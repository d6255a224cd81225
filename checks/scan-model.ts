/**
 * The scan part of the model (canton profile): built only from the scan answers the run read, it holds every later read
 * to what the earlier ones showed. "Earlier" means answered before the later request was sent: reads under way together
 * may be served in either order, and a round may advance between any two reads, so the model states constraints, never
 * a round:
 * - rounds never go back: the latest aggregated round (round-of-latest-data) and its effectiveAt (one time per round), the
 *   open mining round of GET /v0/dso; a round reported aggregated is not "No data has been made available yet" later;
 * - figures per round against the cumulative figure: a closed round's rewards-collected figure never changes; the total
 *   (no round) never decreases; the figures of distinct rounds the total must include sum to no more than it. Which
 *   rounds the total must include: those at least `TOTAL_CACHE_ROUNDS` behind the earliest latest round read before the
 *   total was sent (Splice caches the total for 2 minutes, so it may lag the latest round that much);
 * - endpoints read at about the same time agree: the open mining round of the dso is never below a latest aggregated
 *   round answered before the dso was requested (a round is aggregated only after it closed).
 * One scan's caches never go back; a load balancer over several scans is not a scan this model certifies.
 */
import type { ClauseId } from '../specification/clauses.js';
import { matchEndpoint } from '../specification/endpoints.js';
import { parseJsonObject } from '../specification/json.js';
import { judgeClauses, type ModelViolation } from './model-judgement.js';
import type { ObservedExchange } from './response-checks.js';

/** How many rounds the cached total may lag the latest round read before it (see the header). */
export const TOTAL_CACHE_ROUNDS = 2n;

interface RoundRead {
  round: bigint;
  /** effectiveAt in microseconds since the epoch, when shown. */
  effectiveAtMicros: bigint | undefined;
  effectiveAt: string | undefined;
  answeredAt: number;
}

type Violation = ModelViolation;

type Json = Record<string, unknown>;

/** An exact integer from a JSON number (lossless) or a decimal string, else undefined. */
function integer(value: unknown): bigint | undefined {
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : undefined;
  return text !== undefined && /^-?\d+$/.test(text.trim()) ? BigInt(text.trim()) : undefined;
}

/** A decimal amount as an exact integer of 10^-10 units (Daml Numeric 10), else undefined. */
export function amountUnits(amount: unknown): bigint | undefined {
  if (typeof amount !== 'string') return undefined;
  const match = /^(-?)(\d+)(?:\.(\d{0,10}))?$/.exec(amount);
  if (!match) return undefined;
  const value = BigInt(match[2]!) * 10n ** 10n + BigInt((match[3] ?? '').padEnd(10, '0') || '0');
  return match[1] === '-' ? -value : value;
}

/** An ISO_OFFSET_DATE_TIME in microseconds since the epoch (fraction of up to 9 digits, cut to 6), else undefined. */
export function instantMicros(text: unknown): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!match) return undefined;
  const seconds = Date.parse(`${match[1]}${match[3] === 'Z' ? 'Z' : match[3]}`);
  if (Number.isNaN(seconds)) return undefined;
  return BigInt(seconds) * 1000n + BigInt((match[2] ?? '').padEnd(9, '0').slice(0, 6) || '0');
}

export class ScanModel {
  private readonly latest: RoundRead[] = [];
  private readonly open: { round: bigint; answeredAt: number }[] = [];
  /** Per-round figures (rounds >= 0) as first read, in 10^-10 units. */
  private readonly figures = new Map<bigint, { units: bigint; answeredAt: number }>();
  private readonly totals: { units: bigint; sentAt: number; answeredAt: number }[] = [];

  /** Judges a test's scan reads in the order they were answered, each against what was answered before it was sent. */
  applyAll(exchanges: readonly ObservedExchange[]): boolean {
    const ordered = exchanges
      .filter((exchange) => exchange.api === 'scan')
      .sort((left, right) => (left.answeredAt ?? 0) - (right.answeredAt ?? 0));
    let applied = false;
    for (const exchange of ordered) applied = this.apply(exchange) || applied;
    return applied;
  }

  apply(exchange: ObservedExchange): boolean {
    const descriptor = exchange.operation ?? matchEndpoint(exchange.api, exchange.method, exchange.path);
    const body = parseJsonObject(exchange.response.text);
    const sentAt = exchange.sentAt ?? 0;
    const answeredAt = exchange.answeredAt ?? 0;
    const status = exchange.response.status;
    if (descriptor === 'scan.round-of-latest-data' && status === 200 && body !== undefined) return this.latestRound(exchange, body);
    if (descriptor === 'scan.dso' && status === 200 && body !== undefined) return this.dso(exchange, body);
    if (descriptor !== 'scan.rewards-collected') return false;
    const round = integer(new URL(exchange.response.request.url).searchParams.get('round') ?? undefined);
    const hasRound = new URL(exchange.response.request.url).searchParams.has('round');
    if (hasRound && round === undefined) return false;
    if (status === 404 && round !== undefined) {
      // "No data" for a round a read answered before this was sent reported aggregated.
      const aggregated = this.before(this.latest, sentAt).find((read) => read.round >= round);
      if (aggregated === undefined || !exchange.response.text.includes('No data has been made available yet')) return false;
      this.judge(
        exchange,
        ['canton.model.scan-rounds-monotone'],
        [
          {
            clause: 'canton.model.scan-rounds-monotone',
            path: '$.error',
            expected: `the figure of round ${round}: round-of-latest-data reported round ${aggregated.round} aggregated before this was requested`,
            actual: parseJsonObject(exchange.response.text)?.['error'],
          },
        ],
      );
      return true;
    }
    const units = status === 200 ? amountUnits(body?.['amount']) : undefined;
    if (units === undefined) return false;
    return round === undefined ? this.total(exchange, units, sentAt, answeredAt) : this.figure(exchange, round, units, sentAt, answeredAt);
  }

  private before<T extends { answeredAt: number }>(reads: readonly T[], sentAt: number): T[] {
    return reads.filter((read) => read.answeredAt < sentAt);
  }

  private latestRound(exchange: ObservedExchange, body: Json): boolean {
    const round = integer(body['round']);
    if (round === undefined) return false;
    const effectiveAt = typeof body['effectiveAt'] === 'string' ? body['effectiveAt'] : undefined;
    const read: RoundRead = { round, effectiveAt, effectiveAtMicros: instantMicros(effectiveAt), answeredAt: exchange.answeredAt ?? 0 };
    const earlier = this.before(this.latest, exchange.sentAt ?? 0);
    this.latest.push(read);
    const violations: Violation[] = [];
    const highest = earlier.reduce<RoundRead | undefined>(
      (max, each) => (max === undefined || each.round > max.round ? each : max),
      undefined,
    );
    if (highest !== undefined && round < highest.round) {
      violations.push({
        clause: 'canton.model.scan-rounds-monotone',
        path: '$.round',
        expected: `at least ${highest.round}, the latest round an earlier read showed`,
        actual: body['round'],
      });
    }
    for (const other of earlier) {
      if (other.effectiveAtMicros === undefined || read.effectiveAtMicros === undefined) continue;
      const same = other.round === round && other.effectiveAtMicros !== read.effectiveAtMicros;
      const backwards = other.round < round && read.effectiveAtMicros < other.effectiveAtMicros;
      if (same || backwards) {
        violations.push({
          clause: 'canton.model.scan-rounds-monotone',
          path: '$.effectiveAt',
          expected: same
            ? `${other.effectiveAt}, when round ${round} became effective as an earlier read showed (one time per round)`
            : `no earlier than ${other.effectiveAt}, the effectiveAt of the earlier round ${other.round}`,
          actual: effectiveAt,
        });
        break;
      }
    }
    if (earlier.length === 0) return false;
    this.judge(exchange, ['canton.model.scan-rounds-monotone'], violations);
    return true;
  }

  private dso(exchange: ObservedExchange, body: Json): boolean {
    const contract = ((body['latest_mining_round'] as Json | undefined)?.['contract'] as Json | undefined) ?? {};
    const number = ((contract['payload'] as Json | undefined)?.['round'] as Json | undefined)?.['number'];
    const round = integer(number);
    if (round === undefined) return false;
    const sentAt = exchange.sentAt ?? 0;
    const earlierOpen = this.before(this.open, sentAt);
    const earlierClosed = this.before(this.latest, sentAt);
    this.open.push({ round, answeredAt: exchange.answeredAt ?? 0 });
    const violations: Violation[] = [];
    const highestOpen = earlierOpen.reduce<bigint | undefined>(
      (max, each) => (max === undefined || each.round > max ? each.round : max),
      undefined,
    );
    if (highestOpen !== undefined && round < highestOpen) {
      violations.push({
        clause: 'canton.model.scan-rounds-monotone',
        path: '$.latest_mining_round.contract.payload.round.number',
        expected: `at least ${highestOpen}, the open mining round an earlier read showed`,
        actual: number,
      });
    }
    const highestClosed = earlierClosed.reduce<bigint | undefined>(
      (max, each) => (max === undefined || each.round > max ? each.round : max),
      undefined,
    );
    if (highestClosed !== undefined && round < highestClosed) {
      violations.push({
        clause: 'canton.model.scan-open-closed-rounds',
        path: '$.latest_mining_round.contract.payload.round.number',
        expected: `at least ${highestClosed}, the latest aggregated (closed) round round-of-latest-data answered before this was requested`,
        actual: number,
      });
    }
    const judged: ClauseId[] = [
      ...(earlierOpen.length > 0 ? (['canton.model.scan-rounds-monotone'] as const) : []),
      ...(earlierClosed.length > 0 ? (['canton.model.scan-open-closed-rounds'] as const) : []),
    ];
    this.judge(exchange, judged, violations);
    return judged.length > 0;
  }

  private figure(exchange: ObservedExchange, round: bigint, units: bigint, sentAt: number, answeredAt: number): boolean {
    if (round < 0n) return false;
    const known = this.figures.get(round);
    if (known === undefined) {
      this.figures.set(round, { units, answeredAt });
      return this.recheckTotals(exchange);
    }
    if (known.answeredAt >= sentAt) return this.recheckTotals(exchange);
    this.judge(
      exchange,
      ['canton.model.scan-round-figures'],
      known.units === units
        ? []
        : [
            {
              clause: 'canton.model.scan-round-figures',
              path: '$.amount',
              expected: `${formatUnits(known.units)}, the figure of the closed round ${round} an earlier read showed`,
              actual: parseJsonObject(exchange.response.text)?.['amount'],
            },
          ],
    );
    return true;
  }

  private total(exchange: ObservedExchange, units: bigint, sentAt: number, answeredAt: number): boolean {
    const earlier = this.before(this.totals, sentAt);
    this.totals.push({ units, sentAt, answeredAt });
    const highest = earlier.reduce<bigint | undefined>(
      (max, each) => (max === undefined || each.units > max ? each.units : max),
      undefined,
    );
    const violations: Violation[] =
      highest !== undefined && units < highest
        ? [
            {
              clause: 'canton.model.scan-round-figures',
              path: '$.amount',
              expected: `at least ${formatUnits(highest)}, the cumulative total an earlier read showed`,
              actual: parseJsonObject(exchange.response.text)?.['amount'],
            },
          ]
        : [];
    const sum = this.sumViolation(this.totals.at(-1)!);
    if (sum !== undefined) violations.push(sum);
    const judged = earlier.length > 0 || this.includedRounds(this.totals.at(-1)!).length >= 2;
    if (judged) this.judge(exchange, ['canton.model.scan-round-figures'], violations);
    return judged;
  }

  /** The rounds with a known figure that the total must include, with their figures. */
  private includedRounds(total: { sentAt: number }): bigint[] {
    const earliest = this.before(this.latest, total.sentAt).reduce<bigint | undefined>(
      (min, each) => (min === undefined || each.round < min ? each.round : min),
      undefined,
    );
    if (earliest === undefined) return [];
    return [...this.figures.keys()].filter((round) => round <= earliest - TOTAL_CACHE_ROUNDS);
  }

  private sumViolation(total: { units: bigint; sentAt: number }): Violation | undefined {
    const rounds = this.includedRounds(total);
    if (rounds.length < 2) return undefined;
    const sum = rounds.reduce((acc, round) => acc + this.figures.get(round)!.units, 0n);
    if (sum <= total.units) return undefined;
    return {
      clause: 'canton.model.scan-round-figures',
      path: '$.amount',
      expected:
        `at least ${formatUnits(sum)}, the sum of the figures of the ${rounds.length} rounds read that it must include ` +
        `(${rounds.length > 6 ? `${rounds.slice(0, 3).join(', ')}, ..., ${rounds.at(-1)}` : rounds.join(', ')}): a per-round figure reported cumulative?`,
      actual: formatUnits(total.units),
    };
  }

  /**
   * After a new per-round figure, every total read so far is held to the figures known now (a closed round's figure does
   * not change, so a figure read after the total is the one the total included). A failure is the figure's exchange, which
   * completed the sum.
   */
  private recheckTotals(exchange: ObservedExchange): boolean {
    let applied = false;
    for (const total of this.totals) {
      if (this.includedRounds(total).length < 2) continue;
      applied = true;
      const violation = this.sumViolation(total);
      this.judge(exchange, ['canton.model.scan-round-figures'], violation === undefined ? [] : [violation]);
    }
    return applied;
  }

  private judge(exchange: ObservedExchange, judged: readonly ClauseId[], violations: readonly Violation[]): void {
    judgeClauses('scan', judged, violations, exchange.response);
  }
}

function formatUnits(units: bigint): string {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  return `${negative ? '-' : ''}${magnitude / 10n ** 10n}.${String(magnitude % 10n ** 10n).padStart(10, '0')}`;
}
