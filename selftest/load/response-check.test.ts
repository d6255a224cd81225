import { describe, expect, it } from 'vitest';
import { testRecorder } from './support.js';

const submitted = { statuses: [200], schema: 'SubmitAndWaitResponse' } as const;
const notFound = { statuses: [404], errorCode: 'UPDATE_NOT_FOUND', schema: 'JsCantonError' } as const;
const notFoundBody = JSON.stringify({
  code: 'UPDATE_NOT_FOUND',
  cause: 'Update not found, or not visible.',
  correlationId: null,
  traceId: 'a',
  context: { category: '11' },
  resources: [['OFFSET', '7']],
  errorCategory: 11,
  grpcCodeValue: 5,
  retryInfo: null,
  definiteAnswer: null,
});

describe('responses checked while loading', () => {
  it('a fast wrong answer (200 with the wrong shape) is an error, not throughput', () => {
    const recorder = testRecorder();
    recorder.recordResponse(submitted, 200, JSON.stringify({ updateId: 'u1', completionOffset: 7 }), 100);
    recorder.recordResponse(submitted, 200, JSON.stringify({ status: 'ok' }), 100);
    expect(recorder.counts).toMatchObject({ ok: 1, errors: 1, schemaFailures: 1 });
    expect(recorder.checker.schemaCheck.firstFailures[0]).toMatch(/SubmitAndWaitResponse/);
  });

  it('an unexpected status and a wrong error code are errors; the expected error answer is not', () => {
    const recorder = testRecorder();
    recorder.recordResponse(submitted, 500, '{"code":"INTERNAL"}', 100);
    recorder.recordResponse(notFound, 404, notFoundBody, 100);
    recorder.recordResponse(notFound, 404, notFoundBody.replace('UPDATE_NOT_FOUND', 'OFFSET_OUT_OF_RANGE'), 100);
    expect(recorder.counts).toMatchObject({ ok: 1, errors: 2, unexpectedStatus: 1, wrongErrorCode: 1 });
    expect(recorder.statusCodes).toEqual({ '404': 2, '500': 1 });
    expect(recorder.errorCodes).toEqual({ INTERNAL: 1, UPDATE_NOT_FOUND: 1, OFFSET_OUT_OF_RANGE: 1 });
  });

  it('checks the first 20 bodies, then about 1%', () => {
    const recorder = testRecorder();
    for (let index = 0; index < 2020; index += 1)
      recorder.recordResponse(submitted, 200, JSON.stringify({ updateId: 'u', completionOffset: index + 1 }), 100);
    expect(recorder.checker.schemaCheck.sampled).toBe(20 + 20);
    expect(recorder.checker.schemaCheck.passed).toBe(40);
  });
});
