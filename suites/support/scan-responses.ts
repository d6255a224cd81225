/**
 * What the scan suites share besides requests and ids: the acceptance of a request as documented, the
 * control request of a negative test, the undecodable-id probe of the participant-id lookups, and the
 * integer readings of a parsed body.
 */
import type { ClientResponse } from '../../client/http.js';
import { SuiteBug } from '../../checks/assertion.js';
import { positiveDataAcceptance } from '../../checks/basic.js';
import { scanControlAccepted, scanErrorAnswer, scanErrorMessage, scanRejection } from '../../checks/scan.js';
import type { ClauseId } from '../../specification/clauses.js';
import type { Validators } from '../../specification/validate.js';

/** A request sent as `clauses` describe it (path, parameters, no credentials) was accepted. */
export function acceptedFor(response: ClientResponse, clauses: readonly ClauseId[]): void {
  for (const clauseId of clauses) positiveDataAcceptance(response, clauseId);
}

/**
 * Sends the control of a negative test — the same request without the mutation — and says whether it was
 * accepted; when not, `clauses` are recorded inconclusive and the test must send no mutated request.
 */
export async function controlAccepted(
  sendControl: () => Promise<ClientResponse>,
  clauses: readonly ClauseId[],
  mutation: string,
): Promise<boolean> {
  return scanControlAccepted(await sendControl(), clauses, mutation);
}

/**
 * Canton's 400 for an id that does not decode: every one of `ids`, sent through `send`, is rejected, as
 * 400 `{error}` whose message starts with `prefix`; every assertion is of `clauseId`.
 */
export async function expectUndecodableIdsRejected(
  validators: Validators,
  ids: readonly string[],
  send: (id: string) => Promise<ClientResponse>,
  expected: { what: string; prefix: string; clauseId: ClauseId },
): Promise<void> {
  for (const id of ids) {
    const response = await send(id);
    scanRejection(response, expected.clauseId, `the ${expected.what} ${JSON.stringify(id)}`);
    const message = scanErrorAnswer(response, {
      statuses: [400],
      statusClauses: [expected.clauseId],
      bodyClauses: [expected.clauseId],
    });
    scanErrorMessage(response, message, [{ startsWith: expected.prefix }], expected.clauseId);
  }
}

/**
 * The re-check of a generated (possibly shrunk) invalid input before its rejection is judged: an input that
 * no longer breaks its rule is a bug of the generator (a suite error), never the target's failure.
 */
export function assertStillBreaksRule(stillInvalid: boolean, clauseId: ClauseId, input: string): void {
  if (!stillInvalid) {
    throw new SuiteBug(`${input} no longer breaks its rule ${clauseId} after shrinking; this is a bug of the generator, not of the target`);
  }
}

/** A JSON integer as parsed losslessly (number or bigint); anything else is not an integer on the wire. */
export function isJsonInteger(value: unknown): boolean {
  return typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value));
}

/** The exact value of an int64 that has passed the schema (number, bigint or numeric string). */
export function exactInteger(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' || typeof value === 'string') return BigInt(value);
  throw new TypeError(`not an integer: ${String(value)}`);
}

/** Splice's answer to a round-based request before the scan has aggregated any round (HttpScanHandler, ScanStore.ensureAggregated). */
const NO_ROUND_YET = 'No data has been made available yet';

/**
 * Skips the test when `response` says the scan has aggregated no round yet: on a fresh network every
 * round-based answer is then this 404 by design, so the test has nothing to check until a round closes.
 */
export function skipWithoutAggregatedRound(context: { skip(reason: string): never }, response: ClientResponse, what: string): void {
  if (response.status !== 404) return;
  let error: unknown;
  try {
    error = (JSON.parse(response.text) as { error?: unknown }).error;
  } catch {
    return;
  }
  if (error === NO_ROUND_YET) {
    context.skip(
      `the scan has aggregated no round yet: ${what} answered 404 {"error":"${NO_ROUND_YET}"} (a fresh network); run again once a round has closed`,
    );
  }
}
