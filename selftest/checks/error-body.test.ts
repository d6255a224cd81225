/** error_body_conformance (checks/error-body.ts) against hand-made error answers, in the spec and the canton profile. */
import { describe, expect, it } from 'vitest';
import {
  definiteAnswerConformance,
  duplicateCommandDetails,
  errorBodyConformance,
  expectErrorCode,
  redactedErrorDetails,
  scanErrorBodyConformance,
  updateNotFoundDetails,
  type JsCantonErrorBody,
} from '../../checks/error-body.js';
import {
  answer,
  cantonError,
  environment,
  failure,
  htmlPage,
  jsonAnswer,
  JSON_TYPE,
  missingCommandIdText,
  recorded,
  recording,
  redacted401,
  redacted403,
  redactedBody,
  stopOfSwitchedOff,
  submitted,
} from './support.js';

const CLAUSE = 'submit-and-wait.errors.default-body';
const CHECK = 'error_body_conformance';

/** What a valid JsCantonError credits: each field's clause, then the body's own clause. */
const validBodyEvents = (clause: string) => [
  ...[
    'errors.body.code.required-string',
    'errors.body.cause.required-string',
    'errors.body.correlationId.optional-string',
    'errors.body.traceId.optional-string',
    'errors.body.context.required-string-map',
    'errors.body.resources.optional-string-pairs',
    'errors.body.errorCategory.required-int32',
    'errors.body.grpcCodeValue.optional-int32',
    'errors.body.retryInfo.optional-string',
    'errors.body.definiteAnswer.optional-boolean',
  ].map((field) => `response_schema_conformance ${field} passed`),
  `response_schema_conformance ${clause} passed`,
];

const statusAndType = (clause: string) => [`${CHECK} ${clause} passed`, `content_type_conformance ${clause} passed`];

describe('errorBodyConformance', () => {
  it('fails a 2xx JSON answer: it is no error', async () => {
    for (const profile of ['spec', 'canton'] as const) {
      const thrown = await failure(() => errorBodyConformance(environment(profile), submitted(), CLAUSE));
      expect([thrown.check, thrown.clauseId, thrown.detail]).toEqual([CHECK, CLAUSE, 'expected an error, got status 200']);
      expect(thrown.events).toEqual([]);
    }
  });

  it("fails a 400 text/plain on the body's content type (the status was right)", async () => {
    const thrown = await failure(() => errorBodyConformance(environment('canton'), missingCommandIdText(), CLAUSE));
    expect([thrown.check, thrown.clauseId, thrown.detail]).toEqual([
      'content_type_conformance',
      CLAUSE,
      'expected application/json, got "text/plain; charset=UTF-8" (status 400)',
    ]);
    expect(thrown.events).toEqual([`${CHECK} ${CLAUSE} passed`]);
  });

  it('fails an HTML error page and an error without a content type on the content type', async () => {
    expect((await failure(() => errorBodyConformance(environment('spec'), htmlPage(), CLAUSE))).check).toBe('content_type_conformance');
    const bare = answer({ status: 404, contentType: '', text: '{"code":"X"}' });
    expect((await failure(() => errorBodyConformance(environment('spec'), bare, CLAUSE))).detail).toBe(
      'expected application/json, got "" (status 404)',
    );
  });

  it('fails JSON that does not parse on the schema check of the clause', async () => {
    const broken = answer({ status: 400, contentType: JSON_TYPE, text: '{"code":' });
    const thrown = await failure(() => errorBodyConformance(environment('spec'), broken, CLAUSE));
    expect([thrown.check, thrown.clauseId]).toEqual(['response_schema_conformance', CLAUSE]);
    expect(thrown.detail).toMatch(/^the body is not JSON: /);
  });

  it("credits Canton's redacted 401 and 403 (spec profile: no canton clause)", async () => {
    for (const response of [redacted401(), redacted403()]) {
      const { events, result, error } = await recording(() => errorBodyConformance(environment('spec'), response, CLAUSE));
      expect(error).toBeUndefined();
      expect(events.map((event) => `${event.check} ${event.clause} ${event.outcome}`)).toEqual([
        ...statusAndType(CLAUSE),
        ...validBodyEvents(CLAUSE),
      ]);
      expect(result).toMatchObject({ code: 'NA', errorCategory: -1 });
    }
  });

  it('canton profile: the status of a redacted error follows its gRPC code (16 → 401, 7 → 403), and the code is checked', async () => {
    const expected = { code: 'NA', cantonClauseId: 'canton.errors.redacted-body' } as const;
    for (const response of [redacted401(), redacted403()]) {
      expect(await recorded(() => errorBodyConformance(environment('canton'), response, CLAUSE, expected))).toEqual([
        ...statusAndType(CLAUSE),
        ...validBodyEvents(CLAUSE),
        `${CHECK} canton.errors.redacted-body passed`,
        `${CHECK} canton.errors.redacted-body passed`,
      ]);
    }
  });

  it('canton profile: a 403 carrying grpc 16 (unauthenticated) fails the status rule', async () => {
    const swapped = jsonAnswer(403, redactedBody(16));
    const thrown = await failure(() => errorBodyConformance(environment('canton'), swapped, CLAUSE));
    expect([thrown.check, thrown.clauseId, thrown.detail]).toEqual([
      CHECK,
      'canton.errors.status-follows-category',
      'HTTP status 403 does not follow the error (errorCategory -1, grpcCodeValue 16 → 401)',
    ]);
    expect(await recorded(() => errorBodyConformance(environment('spec'), swapped, CLAUSE))).toEqual([
      ...statusAndType(CLAUSE),
      ...validBodyEvents(CLAUSE),
    ]);
  });

  it('canton profile: a redacted error without its gRPC code has no status to follow', async () => {
    const thrown = await failure(() => errorBodyConformance(environment('canton'), redacted401({ grpcCodeValue: null }), CLAUSE));
    expect([thrown.clauseId, thrown.detail]).toEqual([
      'canton.errors.status-follows-category',
      'HTTP status 401 does not follow the error (errorCategory -1, grpcCodeValue null → undefined)',
    ]);
  });

  it('canton profile: a categorised error follows its category, and a wrong code fails the named clause', async () => {
    const notFound = jsonAnswer(404, cantonError('UPDATE_NOT_FOUND', 11, 5));
    const clause = 'canton.update-by-offset.update-not-found-details';
    expect(await recorded(() => errorBodyConformance(environment('canton'), notFound, CLAUSE, { code: 'UPDATE_NOT_FOUND' }))).toEqual([
      ...statusAndType(CLAUSE),
      ...validBodyEvents(CLAUSE),
      `${CHECK} canton.errors.status-follows-category passed`,
      `${CHECK} canton.errors.code-taxonomy passed`,
      `${CHECK} canton.errors.status-follows-category passed`,
    ]);
    const asBadRequest = { ...notFound, status: 400 };
    expect((await failure(() => errorBodyConformance(environment('canton'), asBadRequest, CLAUSE))).detail).toBe(
      'HTTP status 400 does not follow the error (errorCategory 11, grpcCodeValue 5 → 404)',
    );
    const wrongCode = await failure(() =>
      errorBodyConformance(environment('canton'), notFound, CLAUSE, { code: 'CONTRACT_NOT_FOUND', cantonClauseId: clause }),
    );
    expect([wrongCode.clauseId, wrongCode.detail]).toEqual([
      clause,
      'expected error code CONTRACT_NOT_FOUND, got UPDATE_NOT_FOUND (the cause of UPDATE_NOT_FOUND)',
    ]);
  });

  it('canton profile: the taxonomy catches a code answered with the wrong category, gRPC code or retry advice', async () => {
    const TAXONOMY = 'canton.errors.code-taxonomy';
    // DUPLICATE_COMMAND answered in ContentionOnSharedResources: the same 409, so only the taxonomy sees it.
    const wrongCategory = jsonAnswer(409, cantonError('DUPLICATE_COMMAND', 2, 10, { retryInfo: '1 second' }));
    const thrown = await failure(() => errorBodyConformance(environment('canton'), wrongCategory, CLAUSE));
    expect([thrown.clauseId, thrown.detail]).toEqual([
      TAXONOMY,
      'DUPLICATE_COMMAND is defined in category 10 InvalidGivenCurrentSystemStateResourceExists (gRPC 6, HTTP 409, not retryable: ' +
        'no retryInfo; Canton 3.5 LE/groups/ConsistencyErrors.scala:32), got errorCategory 2, grpcCodeValue 10, retryInfo "1 second"',
    ]);
    expect(thrown.events).toContain(`${CHECK} canton.errors.status-follows-category passed`);
    // The right category with a retryInfo a non-retryable category never has, or another gRPC code.
    const retryAdvice = await failure(() =>
      errorBodyConformance(
        environment('canton'),
        jsonAnswer(404, cantonError('CONTRACT_NOT_FOUND', 11, 5, { retryInfo: '1 second' })),
        CLAUSE,
      ),
    );
    expect([retryAdvice.clauseId, retryAdvice.detail.endsWith('got retryInfo "1 second"')]).toEqual([TAXONOMY, true]);
    const grpc = await failure(() =>
      errorBodyConformance(environment('canton'), jsonAnswer(400, cantonError('INVALID_FIELD', 8, 9)), CLAUSE),
    );
    expect([grpc.clauseId, grpc.detail.endsWith('got grpcCodeValue 9')]).toEqual([TAXONOMY, true]);
    // A retryable category must carry its retryInfo.
    const seekAfterEnd = await failure(() =>
      errorBodyConformance(environment('canton'), jsonAnswer(400, cantonError('OFFSET_AFTER_LEDGER_END', 12, 11)), CLAUSE),
    );
    expect([seekAfterEnd.clauseId, seekAfterEnd.detail.endsWith('got retryInfo null')]).toEqual([TAXONOMY, true]);
    // Codes the table does not know, and the spec profile, assert nothing of it.
    const unknown = await recorded(() =>
      errorBodyConformance(environment('canton'), jsonAnswer(400, cantonError('SOME_NEW_CODE', 9, 9)), CLAUSE),
    );
    expect(unknown.some((event) => event.includes(TAXONOMY))).toBe(false);
    const spec = await recorded(() => errorBodyConformance(environment('spec'), wrongCategory, CLAUSE));
    expect(spec.some((event) => event.includes(TAXONOMY))).toBe(false);
  });

  it('canton profile requires every optional key written (null when unset); the spec profile does not', async () => {
    const { correlationId: _dropped, ...withoutCorrelation } = redactedBody(7);
    const response = jsonAnswer(403, withoutCorrelation);
    const thrown = await failure(() => errorBodyConformance(environment('canton'), response, CLAUSE));
    expect([thrown.check, thrown.clauseId]).toEqual(['response_schema_conformance', 'errors.body.correlationId.optional-string']);
    expect(thrown.detail).toContain('/correlationId  required  is required but absent');
    expect(await recorded(() => errorBodyConformance(environment('spec'), response, CLAUSE))).toEqual([
      ...statusAndType(CLAUSE),
      ...validBodyEvents(CLAUSE),
    ]);
  });

  it('blames the field that broke: an errorCategory written as a string (canton) or not a number at all (spec)', async () => {
    const quoted = jsonAnswer(400, cantonError('INVALID_ARGUMENT', 8, 3, { errorCategory: '8' }));
    const thrown = await failure(() => errorBodyConformance(environment('canton'), quoted, CLAUSE));
    expect([thrown.check, thrown.clauseId]).toEqual(['response_schema_conformance', 'errors.body.errorCategory.required-int32']);
    expect(thrown.events).toEqual(statusAndType(CLAUSE));
    // The spec profile accepts an integer spelled as a numeric string.
    expect(await recorded(() => errorBodyConformance(environment('spec'), quoted, CLAUSE))).toEqual([
      ...statusAndType(CLAUSE),
      ...validBodyEvents(CLAUSE),
    ]);
    const words = jsonAnswer(400, cantonError('INVALID_ARGUMENT', 8, 3, { errorCategory: 'eight' }));
    expect((await failure(() => errorBodyConformance(environment('spec'), words, CLAUSE))).clauseId).toBe(
      'errors.body.errorCategory.required-int32',
    );
  });

  it('switched off: an answer that is no error stops the test; a good one records only the other checks', async () => {
    await stopOfSwitchedOff(() => errorBodyConformance(environment('canton'), submitted(), CLAUSE), CHECK);
    const { events, error } = await recording(() => errorBodyConformance(environment('canton'), redacted401(), CLAUSE), [CHECK]);
    expect(error).toBeUndefined();
    expect(events.map((event) => `${event.check} ${event.clause}`)).toEqual([
      `content_type_conformance ${CLAUSE}`,
      ...validBodyEvents(CLAUSE).map((line) => line.replace(/ passed$/, '')),
    ]);
  });
});

describe('scanErrorBodyConformance', () => {
  const clause = 'errors.scan.error-body';

  it('credits {error} and returns it', async () => {
    const { events, result } = await recording(() =>
      scanErrorBodyConformance(environment('canton').validators, jsonAnswer(404, { error: 'not found' }), clause),
    );
    expect(result).toEqual({ error: 'not found' });
    expect(events.map((event) => `${event.check} ${event.outcome}`)).toEqual([
      `${CHECK} passed`,
      'content_type_conformance passed',
      'response_schema_conformance passed',
    ]);
  });

  it("fails a 2xx, a text/plain 404 and a participant's JsCantonError", async () => {
    const validators = environment('canton').validators;
    expect((await failure(() => scanErrorBodyConformance(validators, jsonAnswer(200, { error: 'x' }), clause))).detail).toBe(
      'expected an error, got status 200',
    );
    const text = answer({ status: 404, contentType: 'text/plain; charset=UTF-8', text: 'The requested resource could not be found.' });
    expect((await failure(() => scanErrorBodyConformance(validators, text, clause))).check).toBe('content_type_conformance');
    const participant = await failure(() => scanErrorBodyConformance(validators, redacted403(), clause));
    expect([participant.check, participant.clauseId]).toEqual(['response_schema_conformance', clause]);
  });
});

describe('expectErrorCode', () => {
  const body = cantonError('DUPLICATE_COMMAND', 10, 6) as JsCantonErrorBody;
  const clause = 'canton.submit-and-wait.duplicate-command-409';
  const response = jsonAnswer(409, body);

  it('credits the code or one of several', async () => {
    expect(await recorded(() => expectErrorCode(body, 'DUPLICATE_COMMAND', clause, response))).toEqual([`${CHECK} ${clause} passed`]);
    expect(await recorded(() => expectErrorCode(body, ['SUBMISSION_ALREADY_IN_FLIGHT', 'DUPLICATE_COMMAND'], clause, response))).toEqual([
      `${CHECK} ${clause} passed`,
    ]);
  });

  it('fails another code, naming the allowed ones and the cause', async () => {
    const thrown = await failure(() =>
      expectErrorCode(redacted403().json(), ['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT'], clause, response),
    );
    expect(thrown.detail).toBe(
      'expected error code DUPLICATE_COMMAND or SUBMISSION_ALREADY_IN_FLIGHT, got NA (A security-sensitive error has been received)',
    );
  });
});

describe('redactedErrorDetails', () => {
  const details = 'canton.errors.redacted-body.details';

  it("credits Canton's redacted 401 and 403 bodies, and a token problem's ledger_api_error context", async () => {
    const expected = [`${CHECK} canton.errors.redacted-body passed`, ...Array.from({ length: 4 }, () => `${CHECK} ${details} passed`)];
    for (const response of [redacted401(), redacted403(), redacted403({ context: { ledger_api_error: 'invalid token' } })]) {
      expect(await recorded(() => redactedErrorDetails(response.json(), response))).toEqual(expected);
    }
  });

  it('fails an unredacted PERMISSION_DENIED on the redacted-body clause', async () => {
    const unredacted = jsonAnswer(403, cantonError('PERMISSION_DENIED', 7, 7));
    const thrown = await failure(() => redactedErrorDetails(unredacted.json(), unredacted));
    expect([thrown.clauseId, thrown.detail]).toEqual([
      'canton.errors.redacted-body',
      'a redacted error has code NA, cause "A security-sensitive error has been received" and errorCategory -1; got PERMISSION_DENIED, "the cause of PERMISSION_DENIED", 7',
    ]);
  });

  it('fails a context with other keys, resources that are not [] and missing ids, each on the details clause', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { context: { participant: 'p1' } },
        `a redacted error's context is {} (or only ledger_api_error for token problems), got keys ["participant"]`,
      ],
      [{ resources: null }, `a redacted error's resources are [], got null`],
      [{ resources: [['PARTY', 'alice']] }, `a redacted error's resources are [], got [["PARTY","alice"]]`],
      [
        { traceId: '' },
        `a redacted error's correlationId and traceId are each a non-empty string or null, got "4bf92f3577b34da6a3ce929d0e0e4736" and ""`,
      ],
      [
        { correlationId: 'a1b2c3d4-corr' },
        `a redacted authorization error's correlationId is its traceId (Canton's correlation id is the trace id), got "a1b2c3d4-corr" and "4bf92f3577b34da6a3ce929d0e0e4736"`,
      ],
    ];
    for (const [overrides, detail] of cases) {
      const response = redacted401(overrides);
      const thrown = await failure(() => redactedErrorDetails(response.json(), response));
      expect([thrown.clauseId, thrown.detail]).toEqual([details, detail]);
    }
  });

  it('passes null ids (a request without trace context, verified-against-real C1), and one null id beside a string', async () => {
    for (const overrides of [{ correlationId: null, traceId: null }, { correlationId: null }, { traceId: null }]) {
      const response = redacted401(overrides);
      expect(await recorded(() => redactedErrorDetails(response.json(), response))).not.toContainEqual(expect.stringMatching(/failed/));
    }
  });

  it('switched off: an unredacted body stops the test, a redacted one records nothing', async () => {
    const unredacted = jsonAnswer(401, cantonError('UNAUTHENTICATED', 6, 16));
    await stopOfSwitchedOff(() => redactedErrorDetails(unredacted.json(), unredacted), CHECK);
    expect((await recording(() => redactedErrorDetails(redacted401().json(), redacted401()), [CHECK])).events).toEqual([]);
  });
});

describe('updateNotFoundDetails, duplicateCommandDetails, definiteAnswerConformance', () => {
  it("updateNotFoundDetails credits Canton's cause and the OFFSET resource of the offset looked up", async () => {
    const clause = 'canton.update-by-offset.update-not-found-details';
    const body = cantonError('UPDATE_NOT_FOUND', 11, 5, {
      cause: 'Update not found, or not visible.',
      resources: [['OFFSET', '9007199254740993']],
    });
    const response = jsonAnswer(404, body);
    expect(await recorded(() => updateNotFoundDetails(body, 9007199254740993n, response))).toEqual([
      `${CHECK} ${clause} passed`,
      `${CHECK} ${clause} passed`,
    ]);
    expect((await failure(() => updateNotFoundDetails(body, 5, response))).detail).toBe(
      `UPDATE_NOT_FOUND's resources name the offset as ["OFFSET","5"], got [["OFFSET","9007199254740993"]]`,
    );
    // Only the stable prefix is asserted (verified-against-real C2): another release's wording passes, another cause fails.
    const reworded = { ...body, cause: 'Update not found.' };
    expect(await recorded(() => updateNotFoundDetails(reworded, 9007199254740993n, response))).toEqual([
      `${CHECK} ${clause} passed`,
      `${CHECK} ${clause} passed`,
    ]);
    const otherCause = { ...body, cause: 'Transaction not found' };
    expect((await failure(() => updateNotFoundDetails(otherCause, 9007199254740993n, response))).detail).toBe(
      `UPDATE_NOT_FOUND's cause starts with "Update not found", got "Transaction not found"`,
    );
  });

  it("duplicateCommandDetails wants the context to name the earlier submission, in 3.5's keys or the facts'", async () => {
    const clause = 'canton.deduplication.names-earlier-submission';
    const passed = [`${CHECK} ${clause} passed`];
    // Canton 3.5's DuplicateCommandReject.
    const real = cantonError('DUPLICATE_COMMAND', 10, 6, {
      context: { changeId: 'c', completion_offset: '42', accepted: 'true', existingSubmissionId: 'Some(sub-1)' },
    }) as JsCantonErrorBody;
    const response = jsonAnswer(409, real);
    expect(await recorded(() => duplicateCommandDetails(real, response))).toEqual(passed);
    expect(await recorded(() => duplicateCommandDetails(real, response, { submissionId: 'sub-1', completionOffset: 42 }))).toEqual(passed);
    // One matching identification is enough (the offset here), even when the other is of another submission.
    expect(await recorded(() => duplicateCommandDetails(real, response, { submissionId: 'sub-2', completionOffset: 42 }))).toEqual(passed);
    expect((await failure(() => duplicateCommandDetails(real, response, { submissionId: 'sub-2', completionOffset: 7 }))).detail).toBe(
      `DUPLICATE_COMMAND's context names the earlier submission (submission sub-2, completion offset 7) by existingSubmissionId, ` +
        `existing_submission_id or completion_offset, got ${JSON.stringify(real.context)}`,
    );
    // The key the facts file names.
    const facts = cantonError('DUPLICATE_COMMAND', 10, 6, { context: { existing_submission_id: 'sub-1' } }) as JsCantonErrorBody;
    expect(await recorded(() => duplicateCommandDetails(facts, jsonAnswer(409, facts), { submissionId: 'sub-1' }))).toEqual(passed);
    // Nothing that names it, or `None`.
    const none = cantonError('DUPLICATE_COMMAND', 10, 6, { context: { existingSubmissionId: 'None' } }) as JsCantonErrorBody;
    expect((await failure(() => duplicateCommandDetails(none, jsonAnswer(409, none)))).clauseId).toBe(clause);
    const without = cantonError('DUPLICATE_COMMAND', 10, 6) as JsCantonErrorBody;
    expect((await failure(() => duplicateCommandDetails(without, response))).detail).toBe(
      `DUPLICATE_COMMAND's context names the earlier submission by existingSubmissionId, existing_submission_id or completion_offset, got {"participant":"participant1"}`,
    );
  });

  it('definiteAnswerConformance: null (or absent) on the gRPC path, false from the JSON layer', async () => {
    const clause = 'canton.errors.definite-answer';
    const response = jsonAnswer(400, {});
    const withValue = (definiteAnswer: unknown) => cantonError('X', 8, 3, { definiteAnswer }) as JsCantonErrorBody;
    const { definiteAnswer: _absent, ...absent } = cantonError('X', 8, 3);
    expect(await recorded(() => definiteAnswerConformance(withValue(null), 'grpc', response))).toEqual([`${CHECK} ${clause} passed`]);
    expect(await recorded(() => definiteAnswerConformance(absent as JsCantonErrorBody, 'grpc', response))).toEqual([
      `${CHECK} ${clause} passed`,
    ]);
    expect(await recorded(() => definiteAnswerConformance(withValue(false), 'json-layer', response))).toEqual([
      `${CHECK} ${clause} passed`,
    ]);
    expect((await failure(() => definiteAnswerConformance(withValue(false), 'grpc', response))).detail).toBe(
      'definiteAnswer of an error of the gRPC path is null, got false',
    );
    expect((await failure(() => definiteAnswerConformance(withValue(null), 'json-layer', response))).detail).toBe(
      'definiteAnswer of an error of the JSON layer is false, got null',
    );
    expect((await failure(() => definiteAnswerConformance(absent as JsCantonErrorBody, 'json-layer', response))).detail).toBe(
      'definiteAnswer of an error of the JSON layer is false, got undefined',
    );
  });
});
