/** The response-level checks (checks/basic.ts) against hand-made answers: what each credits, fails or leaves inconclusive. */
import { describe, expect, it } from 'vitest';
import {
  acceptedAsWellFormed,
  acceptedWith,
  contentTypeConformance,
  exactContentType,
  notAServerError,
  notServed,
  positiveDataAcceptance,
  statusCodeConformance,
  statusInRange,
  statusOrConnectionReset,
} from '../../checks/basic.js';
import {
  answer,
  control,
  failure,
  htmlPage,
  jsonAnswer,
  lines,
  missingCommandIdText,
  recorded,
  recording,
  redacted401,
  redacted403,
  stopOfSwitchedOff,
  submitted,
  textAnswer,
} from './support.js';

const CLAUSE = 'submit-and-wait.exists';

describe('notAServerError', () => {
  it('credits nothing for a 2xx, a 400 text, an HTML page below 500 or a redacted 401', async () => {
    for (const response of [submitted(), missingCommandIdText(), htmlPage(404), redacted401()]) {
      expect(await recorded(() => notAServerError(response, CLAUSE))).toEqual([]);
    }
  });

  it('fails the clause on a 5xx and keeps the exchange for the report', async () => {
    const thrown = await failure(() => notAServerError(htmlPage(502), CLAUSE));
    expect(thrown.check).toBe('not_a_server_error');
    expect(thrown.clauseId).toBe(CLAUSE);
    expect(thrown.detail).toBe('the target answered a server error: 502 text/html; charset=utf-8: <html><body>Bad Gateway</body></html>');
    expect(thrown.exchange?.response?.status).toBe(502);
    expect(thrown.exchange?.request.url).toBe('http://127.0.0.1:7575/v2/commands/submit-and-wait');
    expect(thrown.exchange?.request.headers.authorization).not.toContain('secret-token');
    expect(thrown.events).toEqual([]);
  });

  it('names a missing content type', async () => {
    const thrown = await failure(() => notAServerError(answer({ status: 500, contentType: '', text: '' }), CLAUSE));
    expect(thrown.detail).toBe('the target answered a server error: 500 (no content type): ');
  });

  it('switched off: stops the test on a 5xx, records nothing on a 2xx', async () => {
    const stop = await stopOfSwitchedOff(() => notAServerError(jsonAnswer(500, { code: 'X' }), CLAUSE), 'not_a_server_error');
    expect(stop.clauseId).toBe(CLAUSE);
    expect((await recording(() => notAServerError(submitted(), CLAUSE), ['not_a_server_error'])).events).toEqual([]);
  });
});

describe('statusCodeConformance, statusInRange, statusOrConnectionReset', () => {
  it('credits an allowed status: a 2xx JSON answer and a redacted 403', async () => {
    expect(await recorded(() => statusCodeConformance(submitted(), [200], CLAUSE))).toEqual([`status_code_conformance ${CLAUSE} passed`]);
    expect(await recorded(() => statusCodeConformance(redacted403(), [401, 403], 'canton.auth.unknown-user-403'))).toEqual([
      'status_code_conformance canton.auth.unknown-user-403 passed',
    ]);
  });

  it('fails a 400 text where 200 is expected, quoting the answer', async () => {
    const thrown = await failure(() => statusCodeConformance(missingCommandIdText(), [200, 201], CLAUSE));
    expect(thrown.check).toBe('status_code_conformance');
    expect(thrown.clauseId).toBe(CLAUSE);
    expect(thrown.detail).toBe(
      "expected status 200 or 201, got 400 text/plain; charset=UTF-8: Invalid value for: body (Missing required field at 'commandId')",
    );
    expect(thrown.exchange?.response?.body).toBe(missingCommandIdText().text);
  });

  it('statusInRange credits any 4xx (a redacted 401, a 400 text) and fails a 2xx', async () => {
    expect(await recorded(() => statusInRange(redacted401(), 400, 499, CLAUSE))).toEqual([`status_code_conformance ${CLAUSE} passed`]);
    expect(await recorded(() => statusInRange(missingCommandIdText(), 400, 499, CLAUSE))).toEqual([
      `status_code_conformance ${CLAUSE} passed`,
    ]);
    const thrown = await failure(() => statusInRange(submitted(), 400, 499, CLAUSE));
    expect(thrown.detail).toBe(
      'expected a status from 400 to 499, got 200 application/json: {"updateId":"1220abcd","completionOffset":42}',
    );
  });

  it('statusOrConnectionReset credits a reset, and judges an answer by its status', async () => {
    const clause = 'canton.http.body-over-8mib';
    expect(await recorded(() => statusOrConnectionReset('connection-reset', [500], clause))).toEqual([
      `status_code_conformance ${clause} passed`,
    ]);
    expect(await recorded(() => statusOrConnectionReset(jsonAnswer(500, {}), [500], clause))).toEqual([
      `status_code_conformance ${clause} passed`,
    ]);
    expect((await failure(() => statusOrConnectionReset(jsonAnswer(413, {}), [500], clause))).detail).toMatch(
      /^expected status 500, got 413/,
    );
  });

  it('switched off: a wrong status stops the test, a right one records nothing', async () => {
    await stopOfSwitchedOff(() => statusCodeConformance(htmlPage(404), [200], CLAUSE), 'status_code_conformance');
    expect((await recording(() => statusCodeConformance(submitted(), [200], CLAUSE), ['status_code_conformance'])).events).toEqual([]);
  });
});

describe('contentTypeConformance and exactContentType', () => {
  const clause = 'errors.400-text-plain';

  it('credits application/json (any case, with parameters) as JSON and text/plain as text', async () => {
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
      expect(await recorded(() => contentTypeConformance(answer({ status: 200, contentType, text: '{}' }), 'json', clause))).toEqual([
        `content_type_conformance ${clause} passed`,
      ]);
    }
    expect(await recorded(() => contentTypeConformance(missingCommandIdText(), 'text', clause))).toEqual([
      `content_type_conformance ${clause} passed`,
    ]);
  });

  it('fails a 400 text where JSON is expected, and JSON where text is expected', async () => {
    const asJson = await failure(() => contentTypeConformance(missingCommandIdText(), 'json', clause));
    expect([asJson.check, asJson.clauseId, asJson.detail]).toEqual([
      'content_type_conformance',
      clause,
      'expected application/json, got "text/plain; charset=UTF-8" (status 400)',
    ]);
    const asText = await failure(() => contentTypeConformance(redacted401(), 'text', clause));
    expect(asText.detail).toBe('expected text/plain, got "application/json" (status 401)');
  });

  it('fails text/html and a missing content type for either expectation', async () => {
    for (const expected of ['json', 'text'] as const) {
      expect((await failure(() => contentTypeConformance(htmlPage(), expected, clause))).clauseId).toBe(clause);
      const none = await failure(() => contentTypeConformance(answer({ status: 200, contentType: '', text: '{}' }), expected, clause));
      expect(none.detail).toMatch(/got "" \(status 200\)$/);
    }
  });

  it('fails a media type that only begins like the expected one', async () => {
    const patch = answer({ status: 200, contentType: 'application/json-patch+json', text: '[]' });
    expect((await failure(() => contentTypeConformance(patch, 'json', clause))).detail).toBe(
      'expected application/json, got "application/json-patch+json" (status 200)',
    );
    const plainish = answer({ status: 400, contentType: 'text/plainish', text: 'x' });
    expect((await failure(() => contentTypeConformance(plainish, 'text', clause))).clauseId).toBe(clause);
  });

  it("exactContentType holds Canton's exact spelling", async () => {
    const cantonText = /^text\/plain; ?charset=utf-8$/i;
    const exact = 'canton.errors.400-text.content-type';
    expect(await recorded(() => exactContentType(missingCommandIdText(), cantonText, 'text/plain; charset=UTF-8', exact))).toEqual([
      `content_type_conformance ${exact} passed`,
    ]);
    const bare = textAnswer(400, 'Invalid value for: body', 'text/plain');
    expect((await failure(() => exactContentType(bare, cantonText, 'text/plain; charset=UTF-8', exact))).detail).toBe(
      'expected text/plain; charset=UTF-8, got "text/plain"',
    );
  });

  it('switched off: a wrong type stops the test, a right one records nothing', async () => {
    await stopOfSwitchedOff(() => contentTypeConformance(htmlPage(), 'json', clause), 'content_type_conformance');
    expect((await recording(() => contentTypeConformance(submitted(), 'json', clause), ['content_type_conformance'])).events).toEqual([]);
  });
});

describe('positiveDataAcceptance, acceptedAsWellFormed, acceptedWith', () => {
  const optional = 'submit-and-wait.userId.optional';

  it('credits a 2xx and each clause it also proves, once', async () => {
    expect(await recorded(() => positiveDataAcceptance(submitted(), CLAUSE, [optional, optional]))).toEqual([
      `positive_data_acceptance ${CLAUSE} passed`,
      `positive_data_acceptance ${optional} passed`,
    ]);
  });

  it('fails a 400 text, a redacted 403 and an HTML page, crediting none of the other clauses', async () => {
    for (const response of [missingCommandIdText(), redacted403(), htmlPage()]) {
      const thrown = await failure(() => positiveDataAcceptance(response, CLAUSE, [optional]));
      expect([thrown.check, thrown.clauseId]).toEqual(['positive_data_acceptance', CLAUSE]);
      expect(thrown.detail).toMatch(new RegExp(`^a valid request was not accepted: ${response.status} `));
      expect(thrown.events).toEqual([]);
    }
  });

  it('acceptedAsWellFormed credits a named semantic answer, not any error', async () => {
    const notFound = jsonAnswer(404, { code: 'UPDATE_NOT_FOUND' });
    expect(await recorded(() => acceptedAsWellFormed(notFound, true, 'update-by-offset.exists', [optional]))).toEqual([
      'positive_data_acceptance update-by-offset.exists passed',
      `positive_data_acceptance ${optional} passed`,
    ]);
    const thrown = await failure(() => acceptedAsWellFormed(notFound, false, 'update-by-offset.exists'));
    expect(thrown.detail).toBe('a valid request was rejected: 404 application/json: {"code":"UPDATE_NOT_FOUND"}');
  });

  it('acceptedWith wants the exact status', async () => {
    expect(await recorded(() => acceptedWith(submitted(), 200, CLAUSE))).toEqual([`positive_data_acceptance ${CLAUSE} passed`]);
    expect((await failure(() => acceptedWith(jsonAnswer(201, {}), 200, CLAUSE))).detail).toBe('expected 200, got 201 application/json: {}');
  });

  it('switched off: a refusal stops the test, an acceptance records nothing (not even the other clauses)', async () => {
    await stopOfSwitchedOff(() => positiveDataAcceptance(redacted401(), CLAUSE, [optional]), 'positive_data_acceptance');
    const { events } = await recording(() => positiveDataAcceptance(submitted(), CLAUSE, [optional]), ['positive_data_acceptance']);
    expect(events).toEqual([]);
  });
});

describe('notServed', () => {
  const clauses = ['versioning.area-a.prefix-v2', 'format.area-a.base-url'] as const;
  const notFound = () => textAnswer(404, 'The requested resource could not be found.');

  it('credits every clause when the refusal is a 4xx and the control is served', async () => {
    const known = control(submitted());
    const { events, result } = await recording(() => notServed(notFound(), known, clauses));
    expect(result).toBe('credited');
    expect(lines(events)).toEqual(clauses.map((clause) => `status_code_conformance ${clause} passed`));
    expect(known.calls).toBe(1);
  });

  it('is inconclusive, with the control in the reason, when the control is refused too (a redacted 401)', async () => {
    const { events, result } = await recording(() => notServed(notFound(), control(redacted401()), clauses));
    expect(result).toBe('inconclusive');
    expect(lines(events)).toEqual(clauses.map((clause) => `status_code_conformance ${clause} inconclusive`));
    expect(events[0]!.reason).toMatch(/^the control \(a known path, same caller\) was not served either \(401 application\/json: /);
    expect(events[0]!.reason).toMatch(/: the refusal proves nothing$/);
    expect(events[0]!.exchange?.response?.status).toBe(401);
  });

  it('fails the first clause on a 2xx or a 5xx without asking the control', async () => {
    for (const response of [submitted(), htmlPage(503)]) {
      const known = control(submitted());
      const thrown = await failure(() => notServed(response, known, clauses));
      expect([thrown.check, thrown.clauseId]).toEqual(['status_code_conformance', clauses[0]]);
      expect(thrown.detail).toMatch(new RegExp(`^expected a 4xx \\(not served\\), got ${response.status} `));
      expect(thrown.events).toEqual([]);
      expect(known.calls).toBe(0);
    }
  });

  it('switched off: a 2xx stops the test; a refused control records nothing', async () => {
    await stopOfSwitchedOff(() => notServed(submitted(), control(submitted()), clauses), 'status_code_conformance');
    const { events, result } = await recording(() => notServed(notFound(), control(redacted403()), clauses), ['status_code_conformance']);
    expect(result).toBe('inconclusive');
    expect(events).toEqual([]);
  });
});
