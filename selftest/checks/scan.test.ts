/** The scan checks against hand-made answers: what each credits, what it blames, and when it stays inconclusive. */
import { applyResponseChecks } from '../../checks/response-checks.js';
import { describe, expect, it } from 'vitest';
import type { ClientResponse } from '../../client/http.js';
import { CheckFailure, withAssertionRecorder, type AssertionEvent } from '../../checks/assertion.js';
import {
  circePrettyErrorBody,
  scanControlAccepted,
  scanErrorAnswer,
  scanErrorMessage,
  scanRejection,
  scanResponseSchemaConformance,
} from '../../checks/scan.js';
import { createValidators } from '../../specification/validate.js';
import { failure, htmlPage, recording, redacted401, stopOfSwitchedOff } from './support.js';

const validators = createValidators('canton');

function answer(status: number, contentType: string, text: string): ClientResponse {
  return {
    status,
    headers: { 'content-type': contentType },
    contentType,
    text,
    durationMs: 1,
    request: { method: 'GET', url: 'http://127.0.0.1:1/api/scan/v0/x', headers: {} },
    json: <T>() => JSON.parse(text) as T,
  };
}

/** Runs `body` with a recorder; returns what it recorded as `clause outcome` lines. */
function recorded(body: () => void): string[] {
  const events: AssertionEvent[] = [];
  withAssertionRecorder({ record: (event) => events.push(event), enabled: () => true }, body);
  return events.map((event) => `${event.clause} ${event.outcome}`);
}

function failureOf(body: () => void): CheckFailure {
  try {
    recorded(body);
  } catch (error) {
    if (error instanceof CheckFailure) return error;
    throw error;
  }
  throw new Error('expected a check failure');
}

const trafficFields = {
  '/traffic_status/actual/total_limit': ['member-traffic-status.actual.total_limit.required-int64'],
  '/traffic_status': ['member-traffic-status.shape'],
} as const;

describe('scanResponseSchemaConformance', () => {
  it('credits the body clause and every field clause the body has', () => {
    const ok = answer(
      200,
      'application/json',
      '{"traffic_status":{"actual":{"total_consumed":1,"total_limit":2},"target":{"total_purchased":2}}}',
    );
    expect(
      recorded(() =>
        scanResponseSchemaConformance(
          validators,
          ok,
          'GetMemberTrafficStatusResponse',
          'scan.traffic-status.response.shape',
          trafficFields,
        ),
      ),
    ).toEqual([
      'scan.traffic-status.response.shape passed',
      'member-traffic-status.actual.total_limit.required-int64 passed',
      'member-traffic-status.shape passed',
    ]);
  });

  it('credits no item clause for an empty array', () => {
    const empty = answer(200, 'application/json', '{"participant_ids":[]}');
    expect(
      recorded(() =>
        scanResponseSchemaConformance(validators, empty, 'GetPartyToParticipantResponseV1', 'scan.participant-id-v1.response.shape', {
          '/participant_ids/': ['scan.participant-id-v1.response.participant-id-format'],
        }),
      ),
    ).toEqual(['scan.participant-id-v1.response.shape passed']);
  });

  it('blames the innermost field clause of the first error', () => {
    const bad = answer(
      200,
      'application/json',
      '{"traffic_status":{"actual":{"total_consumed":1,"total_limit":"2"},"target":{"total_purchased":2}}}',
    );
    const failure = failureOf(() =>
      scanResponseSchemaConformance(validators, bad, 'GetMemberTrafficStatusResponse', 'scan.traffic-status.response.shape', trafficFields),
    );
    expect(failure.clauseId).toBe('member-traffic-status.actual.total_limit.required-int64');
  });
});

describe('scanErrorAnswer and the message checks', () => {
  const pretty = answer(404, 'application/json', '{\n  "error" : "No traffic state found for member PAR::x::1220abcdef12..."\n}');

  it('asserts the status and the {error} body for each clause, and returns the message', () => {
    let message = '';
    const lines = recorded(() => {
      message = scanErrorAnswer(pretty, {
        statuses: [404],
        statusClauses: ['errors.scan.declared-statuses'],
        bodyClauses: ['errors.scan.error-body'],
      });
    });
    expect(message).toBe('No traffic state found for member PAR::x::1220abcdef12...');
    expect(new Set(lines)).toEqual(new Set(['errors.scan.declared-statuses passed', 'errors.scan.error-body passed']));
  });

  it('fails a text/plain error and a status the clause does not declare', () => {
    const text = answer(404, 'text/plain; charset=UTF-8', 'The requested resource could not be found.');
    const expected = {
      statuses: [404],
      statusClauses: ['errors.scan.declared-statuses'],
      bodyClauses: ['errors.scan.error-body'],
    } as const;
    expect(failureOf(() => scanErrorAnswer(text, expected)).clauseId).toBe('errors.scan.error-body');
    expect(failureOf(() => scanErrorAnswer({ ...pretty, status: 403 }, expected)).clauseId).toBe('errors.scan.declared-statuses');
  });

  it('accepts a message matching any of the accepted forms', () => {
    const clause = 'canton.scan.participant-id-v0.unknown-domain-message';
    const accepted = [{ pattern: /^TOPOLOGY_STORE_NOT_FOUND\(11,[^)]*\): / }, { startsWith: 'No PartyToParticipant state for ' }] as const;
    expect(recorded(() => scanErrorMessage(pretty, 'No PartyToParticipant state for a::b on domain c::d', accepted, clause))).toEqual([
      `${clause} passed`,
    ]);
    expect(failureOf(() => scanErrorMessage(pretty, 'Party not found: a::b', accepted, clause)).clauseId).toBe(clause);
  });

  it("recognises circe's pretty-printed body and rejects compact JSON", () => {
    expect(recorded(() => circePrettyErrorBody(pretty, 'canton.scan.error-body-pretty-json'))).toEqual([
      'canton.scan.error-body-pretty-json passed',
    ]);
    const compact = answer(404, 'application/json', '{"error":"x"}');
    expect(failureOf(() => circePrettyErrorBody(compact, 'canton.scan.error-body-pretty-json')).clauseId).toBe(
      'canton.scan.error-body-pretty-json',
    );
  });
});

describe('negative tests: scanRejection and its control', () => {
  it('credits a 4xx, and fails an acceptance or a server error', () => {
    const clause = 'scan.traffic-status.member_id.format';
    expect(recorded(() => scanRejection(answer(400, 'application/json', '{"error":"x"}'), clause, 'the member id "x"'))).toEqual([
      `${clause} passed`,
    ]);
    expect(failureOf(() => scanRejection(answer(200, 'application/json', '{}'), clause, 'x')).clauseId).toBe(clause);
    expect(failureOf(() => scanRejection(answer(500, 'application/json', '{"error":"x"}'), clause, 'x')).clauseId).toBe(clause);
  });

  it('records every clause inconclusive when the control was not accepted, and nothing when it was', () => {
    const clauses = ['scan.traffic-status.member_id.format', 'canton.scan.traffic-status.member-malformed-400'] as const;
    let accepted = true;
    expect(
      recorded(() => {
        accepted = scanControlAccepted(answer(403, 'application/json', '{"error":"forbidden"}'), clauses, 'a malformed member id');
      }),
    ).toEqual(clauses.map((clause) => `${clause} inconclusive`));
    expect(accepted).toBe(false);
    expect(recorded(() => expect(scanControlAccepted(answer(200, 'application/json', '{}'), clauses, 'x')).toBe(true))).toEqual([]);
  });
});

describe('the scan checks on answers of the wrong kind', () => {
  const expected = {
    statuses: [400, 404],
    statusClauses: ['errors.scan.declared-statuses'],
    bodyClauses: ['errors.scan.error-body'],
  } as const;

  it("fail an HTML page and a participant's redacted 401 where a scan body or {error} is expected", async () => {
    const html = htmlPage(404);
    const notJson = await failure(() =>
      scanResponseSchemaConformance(validators, html, 'GetMemberTrafficStatusResponse', 'scan.traffic-status.response.shape', {}),
    );
    expect([notJson.clauseId, notJson.detail.startsWith('the body is not JSON')]).toEqual(['scan.traffic-status.response.shape', true]);
    const htmlError = await failure(() => scanErrorAnswer(html, expected));
    expect([htmlError.check, htmlError.clauseId, htmlError.detail.startsWith('the body is not JSON')]).toEqual([
      'response_schema_conformance',
      'errors.scan.error-body',
      true,
    ]);
    // The {error} schema of a JSON error is the check engine's (selftest/checks/response-checks.test.ts): the
    // expectation only says the request was refused with a JSON answer, and names the clause the engine credits too.
    const redacted = { ...redacted401(), status: 404 };
    expect(recorded(() => scanErrorAnswer(redacted, expected))).toEqual([
      'errors.scan.declared-statuses passed',
      'errors.scan.error-body passed',
    ]);
    const engineFailure = await failure(() =>
      applyResponseChecks(
        [{ api: 'scan', method: 'GET', path: '/v0/top-validators-by-validator-faucets', response: redacted }],
        {
          profile: 'spec',
          validators,
          features: { authorization: true, trafficAccounts: false },
        },
        () => true,
      ),
    );
    expect([engineFailure.check, engineFailure.clauseId]).toEqual(['response_schema_conformance', 'errors.scan.error-body']);
  });

  it('scanRejection credits any 4xx (the scan shows no authorization) and fails a 5xx page', async () => {
    const clause = 'scan.traffic-status.member_id.format';
    expect(recorded(() => scanRejection(redacted401(), clause, 'x'))).toEqual([`${clause} passed`]);
    expect((await failure(() => scanRejection(htmlPage(502), clause, 'the member id "x"'))).detail).toBe(
      'the member id "x" must be rejected with a 4xx, got 502 text/html; charset=utf-8: <html><body>Bad Gateway</body></html>',
    );
  });

  it('switched off: scanRejection stops on an acceptance; an unaccepted control records nothing', async () => {
    const clause = 'scan.traffic-status.member_id.format';
    await stopOfSwitchedOff(() => scanRejection(answer(200, 'application/json', '{}'), clause, 'x'), 'negative_data_rejection');
    const { events, result } = await recording(() => scanControlAccepted(htmlPage(502), [clause], 'x'), ['negative_data_rejection']);
    expect([result, events]).toEqual([false, []]);
  });
});
