/**
 * Hand-made answers and a recording recorder for the unit tests of the checks: each test calls a check
 * directly, with no server, and asserts exactly what it recorded or threw.
 */
import { expect } from 'vitest';
import type { ClientResponse } from '../../client/http.js';
import type { ProfileName } from '../../config/types.js';
import {
  CheckFailure,
  SwitchedOffCheckStop,
  withAssertionRecorder,
  type AssertionEvent,
  type AssertionRecorder,
} from '../../checks/assertion.js';
import type { CheckName } from '../../checks/names.js';
import { isClauseId } from '../../specification/clauses.js';
import { createValidators, type Validators } from '../../specification/validate.js';

export const JSON_TYPE = 'application/json';
/** The content type Canton writes on its 400 decode failures. */
export const TEXT_TYPE = 'text/plain; charset=UTF-8';

export interface AnswerOptions {
  status: number;
  /** `''` for an answer without a Content-Type header. */
  contentType: string;
  text: string;
  method?: 'GET' | 'POST';
  path?: string;
  requestBody?: string;
}

/** A response as `TargetClient.send` returns it, with the request it answered (so `recordExchange` works). */
export function answer(options: AnswerOptions): ClientResponse {
  const { status, contentType, text } = options;
  const url = `http://127.0.0.1:7575${options.path ?? '/v2/commands/submit-and-wait'}`;
  return {
    status,
    headers: contentType === '' ? {} : { 'content-type': contentType },
    contentType,
    text,
    durationMs: 3,
    request: {
      method: options.method ?? 'POST',
      url,
      headers: { accept: '*/*', authorization: 'Bearer secret-token', 'content-type': JSON_TYPE },
      ...(options.requestBody === undefined ? {} : { body: options.requestBody }),
    },
    json: <T>() => JSON.parse(text) as T,
  };
}

export const jsonAnswer = (status: number, body: unknown, path?: string): ClientResponse =>
  answer({ status, contentType: JSON_TYPE, text: JSON.stringify(body), ...(path === undefined ? {} : { path }) });

export const textAnswer = (status: number, text: string, contentType = TEXT_TYPE): ClientResponse => answer({ status, contentType, text });

/** A 2xx JSON answer: what submit-and-wait returns. */
export const submitted = (): ClientResponse => jsonAnswer(200, { updateId: '1220abcd', completionOffset: 42 });

/** Canton's 400 decode failure for a body without `commandId`. */
export const missingCommandIdText = (): ClientResponse =>
  textAnswer(400, "Invalid value for: body (Missing required field at 'commandId')");

/** An HTML page where JSON is expected (a proxy's error page). */
export const htmlPage = (status = 502): ClientResponse =>
  answer({ status, contentType: 'text/html; charset=utf-8', text: '<html><body>Bad Gateway</body></html>' });

/** The redacted body Canton writes for 401 (grpc 16) and 403 (grpc 7): facts verified-against-real §4. */
export function redactedBody(grpcCodeValue: 16 | 7, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code: 'NA',
    cause: 'A security-sensitive error has been received',
    // An authorization error's correlation id is its trace id (verified-against-real C1).
    correlationId: '4bf92f3577b34da6a3ce929d0e0e4736',
    traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    context: {},
    resources: [],
    errorCategory: -1,
    grpcCodeValue,
    retryInfo: null,
    definiteAnswer: null,
    ...overrides,
  };
}

export const redacted401 = (overrides: Record<string, unknown> = {}): ClientResponse => jsonAnswer(401, redactedBody(16, overrides));
export const redacted403 = (overrides: Record<string, unknown> = {}): ClientResponse => jsonAnswer(403, redactedBody(7, overrides));

/** A full (not redacted) Canton error body as Canton writes it, every optional key present. */
export function cantonError(code: string, errorCategory: number, grpcCodeValue: number, overrides: Record<string, unknown> = {}) {
  return {
    code,
    cause: `the cause of ${code}`,
    correlationId: 'corr-1',
    traceId: 'trace-1',
    context: { participant: 'participant1' },
    resources: [],
    errorCategory,
    grpcCodeValue,
    retryInfo: null,
    definiteAnswer: null,
    ...overrides,
  };
}

export interface Environment {
  validators: Validators;
  profile: ProfileName;
}

export const environment = (profile: ProfileName): Environment => ({ validators: createValidators(profile), profile });

export interface Recording<T> {
  events: AssertionEvent[];
  /** What the check returned, when it did not throw. */
  result?: T;
  /** What it threw, when it did. */
  error?: unknown;
}

/**
 * Runs `body` (a check call, sync or async) under a recorder that keeps every event; a check listed in
 * `switchedOff` is disabled (`run --exclude-checks`). Every clause recorded or failed must be in the registry
 * (`ClauseId` does not catch a typo on its own: some clause files widen it to `string`).
 */
export async function recording<T>(body: () => T | Promise<T>, switchedOff: readonly CheckName[] = []): Promise<Recording<Awaited<T>>> {
  const events: AssertionEvent[] = [];
  const recorder: AssertionRecorder = {
    record: (event) => events.push(event),
    enabled: (check) => !switchedOff.includes(check),
  };
  let outcome: Recording<Awaited<T>>;
  try {
    outcome = { events, result: await withAssertionRecorder(recorder, body) };
  } catch (error) {
    outcome = { events, error };
  }
  const failed = outcome.error instanceof CheckFailure || outcome.error instanceof SwitchedOffCheckStop ? [outcome.error.clauseId] : [];
  for (const clause of [...events.map((event) => event.clause), ...failed])
    expect(isClauseId(clause), `${clause} is a clause id`).toBe(true);
  return outcome;
}

/** The events as `check clause outcome` lines, in order. */
export const lines = (events: readonly AssertionEvent[]): string[] =>
  events.map((event) => `${event.check} ${event.clause} ${event.outcome}`);

/** What a check recorded, in order, after asserting it threw nothing. */
export async function recorded(body: () => unknown): Promise<string[]> {
  const { events, error } = await recording(body);
  expect(error).toBeUndefined();
  return lines(events);
}

/** The CheckFailure a check threw (the test fails if it threw nothing or something else). */
export async function failure(body: () => unknown, switchedOff: readonly CheckName[] = []): Promise<CheckFailure & { events: string[] }> {
  const { events, error } = await recording(body, switchedOff);
  expect(error).toBeInstanceOf(CheckFailure);
  return Object.assign(error as CheckFailure, { events: lines(events) });
}

/** The SwitchedOffCheckStop a switched-off check threw, and that nothing of that check was recorded. */
export async function stopOfSwitchedOff(body: () => unknown, check: CheckName): Promise<SwitchedOffCheckStop> {
  const { events, error } = await recording(body, [check]);
  expect(error).toBeInstanceOf(SwitchedOffCheckStop);
  expect(events.filter((event) => event.check === check)).toEqual([]);
  return error as SwitchedOffCheckStop;
}

/** A control request that answers `response` and counts its calls. */
export function control(response: ClientResponse): (() => Promise<ClientResponse>) & { calls: number } {
  const send = Object.assign(
    async () => {
      send.calls += 1;
      return response;
    },
    { calls: 0 },
  );
  return send;
}
