/**
 * The scan model (checks/scan-model.ts) on hand-made scan answers: rounds never go back between reads (and a round keeps
 * its effectiveAt), a closed round keeps its figure, the total never decreases and covers the figures of the rounds it
 * must include, the open round of the DSO is not below the closed one. Rounds advancing between reads, reads under way
 * together and the total's cache lag are legitimate and never judged.
 */
import { describe, expect, it } from 'vitest';
import type { ClientResponse } from '../../client/http.js';
import type { ObservedExchange } from '../../checks/response-checks.js';
import { ScanModel, TOTAL_CACHE_ROUNDS, amountUnits, instantMicros } from '../../checks/scan-model.js';
import { JSON_TYPE, failure, recorded } from './support.js';

const BASE = 'http://127.0.0.1:7576/api/scan';

function scan(path: string, body: unknown, times: [number, number], status = 200, query = ''): ObservedExchange {
  const response: ClientResponse = {
    status,
    headers: { 'content-type': JSON_TYPE },
    contentType: JSON_TYPE,
    text: JSON.stringify(body),
    durationMs: 3,
    request: { method: 'GET', url: `${BASE}${path}${query}`, headers: {} },
    json: <T>() => JSON.parse(JSON.stringify(body)) as T,
  };
  return { api: 'scan', method: 'GET', path, response, sentAt: times[0], answeredAt: times[1] };
}

const latest = (round: number, effectiveAt: string, times: [number, number]) =>
  scan('/v0/round-of-latest-data', { round, effectiveAt }, times);
const dso = (round: number, times: [number, number]) =>
  scan('/v0/dso', { latest_mining_round: { contract: { payload: { round: { number: String(round) } } } } }, times);
const total = (amount: string, times: [number, number]) => scan('/v0/rewards-collected', { amount }, times);
const figure = (round: number, amount: string, times: [number, number]) =>
  scan('/v0/rewards-collected', { amount }, times, 200, `?round=${round}`);

const run = (exchanges: readonly ObservedExchange[]) => new ScanModel().applyAll(exchanges);
const T1 = '2024-06-05T20:00:00.12345Z';
const T2 = '2024-06-05T20:10:00.5Z';

describe('the scan model: rounds over time', () => {
  it('fails a latest round below one an earlier read showed; a round that advanced is fine', async () => {
    expect(await recorded(() => run([latest(120, T1, [0, 1]), latest(121, T2, [2, 3])]))).toEqual([
      'stateful_consistency canton.model.scan-rounds-monotone passed',
    ]);
    const thrown = await failure(() => run([latest(121, T2, [0, 1]), latest(120, T1, [2, 3])]));
    expect(thrown.clauseId).toBe('canton.model.scan-rounds-monotone');
    expect(thrown.message).toContain('$.round');
    // Reads under way together may be served in either order: not judged.
    expect(await recorded(() => run([latest(121, T2, [0, 3]), latest(120, T1, [1, 2])]))).toEqual([]);
  });

  it('holds a round to one effectiveAt, compared as an instant', async () => {
    const thrown = await failure(() => run([latest(120, T1, [0, 1]), latest(120, T2, [2, 3])]));
    expect(thrown.message).toContain('$.effectiveAt');
    expect(instantMicros('2024-06-05T20:00:00.1234500Z')).toBe(instantMicros(T1));
    expect(await recorded(() => run([latest(120, T1, [0, 1]), latest(120, '2024-06-05T20:00:00.123450Z', [2, 3])]))).toEqual([
      'stateful_consistency canton.model.scan-rounds-monotone passed',
    ]);
  });

  it("fails an open mining round that goes back, or is below a closed round answered before the DSO's request", async () => {
    expect((await failure(() => run([dso(123, [0, 1]), dso(122, [2, 3])]))).clauseId).toBe('canton.model.scan-rounds-monotone');
    expect((await failure(() => run([latest(120, T1, [0, 1]), dso(119, [2, 3])]))).clauseId).toBe('canton.model.scan-open-closed-rounds');
    expect(await recorded(() => run([latest(120, T1, [0, 1]), dso(123, [2, 3])]))).toEqual([
      'stateful_consistency canton.model.scan-open-closed-rounds passed',
    ]);
  });

  it('fails "No data" for a round reported aggregated before the request', async () => {
    const noData = scan('/v0/rewards-collected', { error: 'No data has been made available yet' }, [2, 3], 404, '?round=120');
    expect((await failure(() => run([latest(120, T1, [0, 1]), noData]))).clauseId).toBe('canton.model.scan-rounds-monotone');
    const future = scan('/v0/rewards-collected', { error: 'No data has been made available yet' }, [2, 3], 404, '?round=121');
    expect(await recorded(() => run([latest(120, T1, [0, 1]), future]))).toEqual([]);
  });
});

describe('the scan model: figures per round and in total', () => {
  it('holds a closed round to the figure an earlier read showed', async () => {
    expect((await failure(() => run([figure(7, '1.5000000000', [0, 1]), figure(7, '1.5000000001', [2, 3])]))).clauseId).toBe(
      'canton.model.scan-round-figures',
    );
  });

  it('fails a total that decreases', async () => {
    expect((await failure(() => run([total('10.0000000000', [0, 1]), total('9.9999999999', [2, 3])]))).clauseId).toBe(
      'canton.model.scan-round-figures',
    );
  });

  it('fails per-round figures reported cumulative: their sum over rounds the total includes exceeds it', async () => {
    const L = 10;
    const head = [latest(L, T1, [0, 1]), total('30.0000000000', [2, 3])];
    // Rounds 7 and 8 are at least TOTAL_CACHE_ROUNDS behind 10: the total includes them.
    expect(BigInt(L - 2)).toBeLessThanOrEqual(BigInt(L) - TOTAL_CACHE_ROUNDS);
    const perRound = [figure(7, '4.0000000000', [4, 5]), figure(8, '5.0000000000', [4, 6])];
    expect(await recorded(() => run([...head, ...perRound]))).toContain('stateful_consistency canton.model.scan-round-figures passed');
    const cumulative = [figure(7, '25.0000000000', [4, 5]), figure(8, '29.0000000000', [4, 6])];
    const thrown = await failure(() => run([...head, ...cumulative]));
    expect(thrown.clauseId).toBe('canton.model.scan-round-figures');
    expect(thrown.message).toContain('cumulative');
    // The latest rounds may lie beyond a cached total: not counted.
    expect(await recorded(() => run([...head, figure(9, '25.0000000000', [4, 5]), figure(10, '29.0000000000', [4, 6])]))).not.toContain(
      'stateful_consistency canton.model.scan-round-figures failed',
    );
  });

  it('reads Numeric 10 amounts exactly', () => {
    expect(amountUnits('1.5')).toBe(15_000_000_000n);
    expect(amountUnits('0.0000000001')).toBe(1n);
    expect(amountUnits('x')).toBeUndefined();
  });
});
