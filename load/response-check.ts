/**
 * Judges each response while the load runs: expected status, expected error code, and — for a sample —
 * the response schema. A fast wrong answer is an error, not throughput.
 */
import type { ResponseExpectation } from './types.js';
import type { ResponseValidator } from './spec-validator.js';

export type ResponseVerdict = 'ok' | 'unexpected-status' | 'wrong-error-code' | 'schema-failure';

export interface SchemaCheckStats {
  sampled: number;
  passed: number;
  failed: number;
  /** The first few failure messages, to say what was wrong. */
  firstFailures: string[];
}

export interface ResponseCheckerOptions {
  /** Share of responses (with a schema to check) whose body is schema-checked (0.01 = 1%). */
  sampleRate?: number;
  /** The first N such responses are always checked. */
  alwaysCheckFirst?: number;
  validate: ResponseValidator;
}

const keptFailureMessages = 5;

export class ResponseChecker {
  readonly schemaCheck: SchemaCheckStats = { sampled: 0, passed: 0, failed: 0, firstFailures: [] };
  private readonly sampleEvery: number;
  private readonly alwaysCheckFirst: number;
  private readonly validate: ResponseValidator;
  private checkable = 0;

  constructor(options: ResponseCheckerOptions) {
    const sampleRate = options.sampleRate ?? 0.01;
    this.sampleEvery = sampleRate > 0 ? Math.max(1, Math.round(1 / sampleRate)) : Number.POSITIVE_INFINITY;
    this.alwaysCheckFirst = options.alwaysCheckFirst ?? 20;
    this.validate = options.validate;
  }

  /** Judges one response; `errorCode` is the `code` of an error body, when there is one. */
  judge(expect: ResponseExpectation, status: number, body: string, errorCode: string | undefined): ResponseVerdict {
    if (!expect.statuses.includes(status)) return 'unexpected-status';
    if (expect.errorCode !== undefined && errorCode !== expect.errorCode) return 'wrong-error-code';
    if (expect.schema === undefined) return 'ok';
    this.checkable += 1;
    if (this.checkable > this.alwaysCheckFirst && this.checkable % this.sampleEvery !== 0) return 'ok';
    this.schemaCheck.sampled += 1;
    const failure = this.validate(expect.schema, body);
    if (failure === undefined) {
      this.schemaCheck.passed += 1;
      return 'ok';
    }
    this.schemaCheck.failed += 1;
    if (this.schemaCheck.firstFailures.length < keptFailureMessages) this.schemaCheck.firstFailures.push(failure);
    return 'schema-failure';
  }
}

/** The `code` of a JsCantonError-like body; cheap for non-JSON bodies. */
export function errorCodeOf(status: number, body: string): string | undefined {
  if (status < 400 || body.length === 0 || body.charCodeAt(0) !== 123 /* { */) return undefined;
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}
