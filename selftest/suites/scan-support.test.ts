/** Scan suite support: a scan that has aggregated no round yet skips the round-based tests with the reason. */
import { describe, expect, it } from 'vitest';
import { skipWithoutAggregatedRound } from '../../suites/support/scan-responses.js';
import { answer, jsonAnswer } from '../checks/support.js';

class Skipped extends Error {}
const context = {
  skip(reason: string): never {
    throw new Skipped(reason);
  },
};

describe('skipWithoutAggregatedRound', () => {
  it("skips on Splice's 404 before the first aggregated round, with the reason", () => {
    const noRound = jsonAnswer(404, { error: 'No data has been made available yet' });
    expect(() => skipWithoutAggregatedRound(context, noRound, 'round-of-latest-data')).toThrow(Skipped);
    expect(() => skipWithoutAggregatedRound(context, noRound, 'round-of-latest-data')).toThrow(
      /aggregated no round yet.*round-of-latest-data/,
    );
  });

  it('lets every other answer through to the test, which judges it', () => {
    const others = [
      jsonAnswer(200, { round: 5, effectiveAt: '2026-01-01T00:00:00Z' }),
      jsonAnswer(404, { error: 'Not found' }),
      jsonAnswer(500, { error: 'No data has been made available yet' }),
      answer({ status: 404, contentType: 'text/plain', text: 'No data has been made available yet' }),
    ];
    for (const response of others) expect(() => skipWithoutAggregatedRound(context, response, 'round-of-latest-data')).not.toThrow();
  });
});
