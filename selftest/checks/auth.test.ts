/** auth_enforcement (checks/auth.ts): a denial credited only with its control, and Canton's 401/403 with the redacted body. */
import { describe, expect, it } from 'vitest';
import { authEnforcement, type AuthCase } from '../../checks/auth.js';
import {
  control,
  environment,
  failure,
  htmlPage,
  jsonAnswer,
  lines,
  missingCommandIdText,
  recording,
  redacted401,
  redacted403,
  redactedBody,
  stopOfSwitchedOff,
  submitted,
  textAnswer,
} from './support.js';
import type { ClientResponse } from '../../client/http.js';

const CHECK = 'auth_enforcement';
const RULE = 'auth.submit-and-wait.act-as';
const SAME_RULE = 'auth.bearer';

const authCase = (response: ClientResponse, controlAnswer: ClientResponse, extra: Partial<AuthCase> = {}) => {
  const send = control(controlAnswer);
  return { send, auth: { response, control: send, denial: 'unauthenticated', clauseId: RULE, ...extra } as AuthCase };
};

/** What errorBodyConformance and redactedErrorDetails record for a redacted body judged under `clause`. */
const redactedBodyEvents = (clause: string) => [
  `error_body_conformance ${clause} passed`,
  `content_type_conformance ${clause} passed`,
  ...[
    'code.required-string',
    'cause.required-string',
    'correlationId.optional-string',
    'traceId.optional-string',
    'context.required-string-map',
    'resources.optional-string-pairs',
    'errorCategory.required-int32',
    'grpcCodeValue.optional-int32',
    'retryInfo.optional-string',
    'definiteAnswer.optional-boolean',
  ].map((field) => `response_schema_conformance errors.body.${field} passed`),
  `response_schema_conformance ${clause} passed`,
  'error_body_conformance canton.errors.redacted-body passed',
  'error_body_conformance canton.errors.redacted-body passed',
  'error_body_conformance canton.errors.redacted-body passed',
  ...Array.from({ length: 4 }, () => 'error_body_conformance canton.errors.redacted-body.details passed'),
];

describe('authEnforcement: the denial and its control', () => {
  it('fails a 2xx (the request was served without credentials) in every clause of the rule, without sending the control', async () => {
    const { send, auth } = authCase(submitted(), submitted(), { sameRule: [SAME_RULE] });
    const thrown = await failure(() => authEnforcement(environment('spec'), auth));
    expect([thrown.check, thrown.clauseId]).toEqual([CHECK, RULE]);
    expect(thrown.detail).toBe('expected the request to be denied (4xx), got 200: {"updateId":"1220abcd","completionOffset":42}');
    expect(thrown.events).toEqual([`${CHECK} ${SAME_RULE} failed`]);
    expect(send.calls).toBe(0);
  });

  it('fails a 5xx (an HTML error page) the same way', async () => {
    const { send, auth } = authCase(htmlPage(500), submitted());
    const thrown = await failure(() => authEnforcement(environment('canton'), auth));
    expect(thrown.detail).toBe('expected the request to be denied (4xx), got 500: <html><body>Bad Gateway</body></html>');
    expect(send.calls).toBe(0);
  });

  it('spec profile: a redacted 401 with the control served credits the rule and its other clauses, nothing of Canton', async () => {
    const { send, auth } = authCase(redacted401(), submitted(), { sameRule: [SAME_RULE] });
    const { events, result, error } = await recording(() => authEnforcement(environment('spec'), auth));
    expect(error).toBeUndefined();
    expect(result).toBe('credited');
    expect(lines(events)).toEqual([`${CHECK} ${RULE} passed`, `${CHECK} ${SAME_RULE} passed`]);
    expect(send.calls).toBe(1);
  });

  it('spec profile: the spec states no status, so a 400 text denial is credited too', async () => {
    const { auth } = authCase(missingCommandIdText(), submitted());
    const { events, result } = await recording(() => authEnforcement(environment('spec'), auth));
    expect(result).toBe('credited');
    expect(lines(events)).toEqual([`${CHECK} ${RULE} passed`]);
  });

  it('is inconclusive, with the control in the reason, when the control is refused too', async () => {
    for (const profile of ['spec', 'canton'] as const) {
      const { auth } = authCase(redacted403(), redacted403(), { sameRule: [SAME_RULE] });
      const { events, result, error } = await recording(() => authEnforcement(environment(profile), auth));
      expect(error).toBeUndefined();
      expect(result).toBe('inconclusive');
      expect(lines(events)).toEqual([`${CHECK} ${RULE} inconclusive`, `${CHECK} ${SAME_RULE} inconclusive`]);
      expect(events[0]!.reason).toMatch(
        /^the same request with valid credentials and rights \(the control\) was not served either \(403: \{"code":"NA",/,
      );
      expect(events[0]!.reason).toMatch(/: the denial proves nothing$/);
      expect(events[0]!.exchange?.response?.status).toBe(403);
    }
  });

  it('takes the caller’s word for what a served control is', async () => {
    const notFound = jsonAnswer(404, { code: 'UPDATE_NOT_FOUND' });
    const { auth } = authCase(redacted401(), notFound, { controlAccepted: (answer) => answer.status === 404 });
    expect((await recording(() => authEnforcement(environment('spec'), auth))).result).toBe('credited');
    const { auth: strict } = authCase(redacted401(), notFound);
    expect((await recording(() => authEnforcement(environment('spec'), strict))).result).toBe('inconclusive');
  });
});

describe('authEnforcement: canton profile', () => {
  it('a redacted 401 for an unauthenticated request: the rule, Canton 401, category 6 and the redacted body', async () => {
    const { auth } = authCase(redacted401(), submitted());
    const { events, result, error } = await recording(() => authEnforcement(environment('canton'), auth));
    expect(error).toBeUndefined();
    expect(result).toBe('credited');
    expect(lines(events)).toEqual([
      `${CHECK} ${RULE} passed`,
      `${CHECK} canton.auth.unauthenticated-401 passed`,
      `${CHECK} canton.errors.category-6-401 passed`,
      ...redactedBodyEvents('canton.auth.unauthenticated-401'),
    ]);
  });

  it('where either denial is legitimate, a redacted 403 credits permission denied only', async () => {
    const { auth } = authCase(redacted403(), submitted(), { denial: ['unauthenticated', 'permission-denied'] });
    const { events, result } = await recording(() => authEnforcement(environment('canton'), auth));
    expect(result).toBe('credited');
    expect(lines(events)).toEqual([
      `${CHECK} ${RULE} passed`,
      `${CHECK} canton.auth.permission-denied-403 passed`,
      `${CHECK} canton.errors.category-7-403 passed`,
      ...redactedBodyEvents('canton.auth.permission-denied-403'),
    ]);
  });

  it('a 403 where Canton answers 401 fails the 401 clause after crediting the rule', async () => {
    const { auth } = authCase(redacted403(), submitted());
    const thrown = await failure(() => authEnforcement(environment('canton'), auth));
    expect([thrown.check, thrown.clauseId]).toEqual([CHECK, 'canton.auth.unauthenticated-401']);
    expect(thrown.detail).toMatch(/^Canton answers 401 here, got 403: \{"code":"NA"/);
    expect(thrown.events).toEqual([`${CHECK} ${RULE} passed`]);
  });

  it('a 400 text where Canton answers 401 or 403 fails the first clause named', async () => {
    const { auth } = authCase(missingCommandIdText(), submitted(), { denial: ['permission-denied', 'unauthenticated'] });
    const thrown = await failure(() => authEnforcement(environment('canton'), auth));
    expect([thrown.clauseId, thrown.detail]).toEqual([
      'canton.auth.permission-denied-403',
      `Canton answers 403 or 401 here, got 400: Invalid value for: body (Missing required field at 'commandId')`,
    ]);
  });

  it('a 401 in text/plain fails the body of the 401 clause (content type)', async () => {
    const { auth } = authCase(textAnswer(401, 'The supplied authentication is invalid'), submitted());
    const thrown = await failure(() => authEnforcement(environment('canton'), auth));
    expect([thrown.check, thrown.clauseId]).toEqual(['content_type_conformance', 'canton.auth.unauthenticated-401']);
    expect(thrown.events).toEqual([
      `${CHECK} ${RULE} passed`,
      `${CHECK} canton.auth.unauthenticated-401 passed`,
      `${CHECK} canton.errors.category-6-401 passed`,
      'error_body_conformance canton.auth.unauthenticated-401 passed',
    ]);
  });

  it('a 401 with an unredacted body fails the redacted-body clause', async () => {
    const { auth } = authCase(
      jsonAnswer(401, redactedBody(16, { code: 'UNAUTHENTICATED', cause: 'token expired', errorCategory: 6 })),
      submitted(),
    );
    const thrown = await failure(() => authEnforcement(environment('canton'), auth));
    expect([thrown.check, thrown.clauseId, thrown.detail]).toEqual([
      'error_body_conformance',
      'canton.errors.redacted-body',
      'expected error code NA, got UNAUTHENTICATED (token expired)',
    ]);
  });

  it('a 403 carrying grpc 16 fails the status rule of the redacted body', async () => {
    const { auth } = authCase(jsonAnswer(403, redactedBody(16)), submitted(), { denial: 'permission-denied' });
    const thrown = await failure(() => authEnforcement(environment('canton'), auth));
    expect([thrown.clauseId, thrown.detail]).toEqual([
      'canton.errors.redacted-body',
      'HTTP status 403 does not follow the error (errorCategory -1, grpcCodeValue 16 → 401)',
    ]);
  });
});

describe('authEnforcement switched off', () => {
  it('stops the test when the request was served, records nothing of its own otherwise', async () => {
    await stopOfSwitchedOff(() => authEnforcement(environment('spec'), authCase(submitted(), submitted()).auth), CHECK);
    const refused = await recording(() => authEnforcement(environment('spec'), authCase(redacted401(), redacted401()).auth), [CHECK]);
    expect([refused.result, refused.events]).toEqual(['inconclusive', []]);
    const credited = await recording(() => authEnforcement(environment('spec'), authCase(redacted401(), submitted()).auth), [CHECK]);
    expect([credited.result, credited.events]).toEqual(['credited', []]);
  });

  it('canton profile: the error-body checks that stay on still record', async () => {
    const { events, result } = await recording(
      () => authEnforcement(environment('canton'), authCase(redacted401(), submitted()).auth),
      [CHECK],
    );
    expect(result).toBe('credited');
    expect(lines(events)).toEqual(redactedBodyEvents('canton.auth.unauthenticated-401'));
  });

  it('canton profile: a status Canton would not answer stops the test', async () => {
    const stop = await stopOfSwitchedOff(() => authEnforcement(environment('canton'), authCase(redacted403(), submitted()).auth), CHECK);
    expect(stop.clauseId).toBe('canton.auth.unauthenticated-401');
  });
});
