/**
 * error_body_conformance: area A errors carry the default error body (JsCantonError); scan errors carry
 * `{error: string}`. In the canton profile, the HTTP status must be the one Canton derives from the body's
 * category (or, for redacted errors, its gRPC code), and an expected error code must match.
 */
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import type { ProfileName } from '../config/types.js';
import type { Validators } from '../specification/validate.js';
import { assertClause } from './assertion.js';
import { contentTypeConformance } from './basic.js';
import { httpStatusOfCategory, httpStatusOfGrpcCode } from './http-status.js';
import { evidenceFor } from './engine-credits.js';
import { parseBody, responseSchemaConformance } from './schema.js';
import { cantonErrorCode } from '../specification/error-codes.js';

export interface JsCantonErrorBody {
  code: string;
  cause: string;
  errorCategory: number;
  grpcCodeValue?: number | null;
  context: Record<string, string>;
}

export interface ExpectedCantonError {
  /** Error code, e.g. UPDATE_NOT_FOUND; `NA` for redacted errors. */
  code?: string;
  /** The clause of the canton profile that names the code/status. */
  cantonClauseId?: ClauseId;
}

export function errorBodyConformance(
  environment: { validators: Validators; profile: ProfileName },
  response: ClientResponse,
  clauseId: ClauseId,
  expected: ExpectedCantonError = {},
): JsCantonErrorBody {
  assertClause('error_body_conformance', clauseId, response.status >= 400, `expected an error, got status ${response.status}`, response);
  contentTypeConformance(response, 'json', clauseId);
  const body = responseSchemaConformance(environment.validators, response, 'JsCantonError', clauseId) as JsCantonErrorBody;
  if (environment.profile === 'canton') {
    const cantonClause = expected.cantonClauseId ?? 'canton.errors.status-follows-category';
    // A redacted error without its gRPC code has no status to follow (Number(null) would read as OK, 200).
    const grpcStatus =
      body.grpcCodeValue === null || body.grpcCodeValue === undefined ? undefined : httpStatusOfGrpcCode[Number(body.grpcCodeValue)];
    const status = body.errorCategory === -1 ? grpcStatus : httpStatusOfCategory[body.errorCategory];
    assertClause(
      'error_body_conformance',
      cantonClause,
      status === response.status,
      `HTTP status ${response.status} does not follow the error (errorCategory ${body.errorCategory}, grpcCodeValue ${String(body.grpcCodeValue)} → ${String(status)})`,
      response,
    );
    errorCodeTaxonomy(body, response);
    if (expected.code !== undefined) {
      assertClause(
        'error_body_conformance',
        cantonClause,
        body.code === expected.code,
        `expected error code ${expected.code}, got ${body.code} (${body.cause})`,
        response,
      );
    }
  }
  return body;
}

/**
 * A test's own expectation of an error: the request was refused (status 4xx/5xx; `notAServerError` rules out a 5xx),
 * and in the canton profile, where the test names them, with the expected code, its status following its category
 * (`cantonClauseId`). The answer itself (application/json, the JsCantonError schema, the canton taxonomy) is the check
 * engine's (`checks/response-checks.ts`), which credits `clauseId` too for this exchange. Returns the body as parsed,
 * for the test's further assertions (a body that is not JSON fails `clauseId`).
 */
export function expectError(
  environment: { profile: ProfileName },
  response: ClientResponse,
  clauseId: ClauseId,
  expected: ExpectedCantonError = {},
): JsCantonErrorBody {
  assertClause('error_body_conformance', clauseId, response.status >= 400, `expected an error, got status ${response.status}`, response);
  evidenceFor(response, [clauseId]);
  const body = parseBody(response, clauseId) as JsCantonErrorBody;
  if (environment.profile === 'canton' && expected.cantonClauseId !== undefined) {
    const cantonClause = expected.cantonClauseId;
    const grpcStatus =
      body.grpcCodeValue === null || body.grpcCodeValue === undefined ? undefined : httpStatusOfGrpcCode[Number(body.grpcCodeValue)];
    const status = body.errorCategory === -1 ? grpcStatus : httpStatusOfCategory[body.errorCategory];
    assertClause(
      'error_body_conformance',
      cantonClause,
      status === response.status,
      `HTTP status ${response.status} does not follow the error (errorCategory ${body.errorCategory}, grpcCodeValue ${String(body.grpcCodeValue)} → ${String(status)})`,
      response,
    );
  }
  if (environment.profile === 'canton' && expected.code !== undefined) {
    assertClause(
      'error_body_conformance',
      expected.cantonClauseId ?? 'canton.errors.status-follows-category',
      body.code === expected.code,
      `expected error code ${expected.code}, got ${body.code} (${body.cause})`,
      response,
    );
  }
  return body;
}

/**
 * The canton profile's error taxonomy (specification/error-codes.ts): a body naming a code Canton 3.5 defines
 * carries that code's category, the category's gRPC code, and a retryInfo exactly when the category is
 * retryable. A redacted body (category -1) and a code the table does not know assert nothing.
 */
export function errorCodeTaxonomy(body: JsCantonErrorBody, response: ClientResponse): void {
  if (body.errorCategory === -1) return;
  const known = cantonErrorCode(body.code);
  if (known === undefined) return;
  const expected = known.category;
  const retryInfo = (body as { retryInfo?: unknown }).retryInfo;
  const hasRetryInfo = typeof retryInfo === 'string' && retryInfo.length > 0;
  const grpc = body.grpcCodeValue;
  const problems = [
    body.errorCategory === expected.id ? undefined : `errorCategory ${body.errorCategory}`,
    grpc === null || grpc === undefined || Number(grpc) === expected.grpcCode ? undefined : `grpcCodeValue ${String(grpc)}`,
    hasRetryInfo === expected.retryable ? undefined : `retryInfo ${JSON.stringify(retryInfo)}`,
  ].filter((problem) => problem !== undefined);
  assertClause(
    'error_body_conformance',
    'canton.errors.code-taxonomy',
    problems.length === 0,
    `${body.code} is defined in category ${expected.id} ${expected.name} (gRPC ${expected.grpcCode}, HTTP ${expected.httpStatus}, ` +
      `${expected.retryable ? 'retryable: a retryInfo' : 'not retryable: no retryInfo'}; Canton 3.5 ${known.source}), got ${problems.join(', ')}`,
    response,
  );
}

export function scanErrorBodyConformance(validators: Validators, response: ClientResponse, clauseId: ClauseId): { error: string } {
  assertClause('error_body_conformance', clauseId, response.status >= 400, `expected an error, got status ${response.status}`, response);
  contentTypeConformance(response, 'json', clauseId);
  return responseSchemaConformance(validators, response, 'ScanErrorResponse', clauseId) as { error: string };
}

/** The error's `code` is `code` (or one of `codes`, where a real node may legitimately answer either). */
export function expectErrorCode(
  body: JsCantonErrorBody,
  codes: string | readonly string[],
  clauseId: ClauseId,
  response: ClientResponse,
): void {
  const allowed = typeof codes === 'string' ? [codes] : codes;
  assertClause(
    'error_body_conformance',
    clauseId,
    allowed.includes(body.code),
    `expected error code ${allowed.join(' or ')}, got ${body.code} (${body.cause})`,
    response,
  );
}

interface FullErrorBody extends JsCantonErrorBody {
  correlationId?: string | null;
  traceId?: string | null;
  resources?: [string, string][] | null;
  definiteAnswer?: boolean | null;
}

const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value.length > 0;

/**
 * Canton's redacted 401/403 body (facts verified-against-real §4): code NA, the fixed cause, category -1,
 * `context` `{}` (for token problems only `ledger_api_error`), `resources` `[]`, correlation and trace ids each a
 * string or null, and equal when both are strings (verified-against-real C1).
 */
export function redactedErrorDetails(body: JsCantonErrorBody, response: ClientResponse): void {
  const full = body as FullErrorBody;
  const clauseId = 'canton.errors.redacted-body.details';
  assertClause(
    'error_body_conformance',
    'canton.errors.redacted-body',
    full.code === 'NA' && full.cause === 'A security-sensitive error has been received' && full.errorCategory === -1,
    `a redacted error has code NA, cause "A security-sensitive error has been received" and errorCategory -1; got ${full.code}, "${full.cause}", ${full.errorCategory}`,
    response,
  );
  const contextKeys = Object.keys(full.context ?? {});
  assertClause(
    'error_body_conformance',
    clauseId,
    contextKeys.every((key) => key === 'ledger_api_error'),
    `a redacted error's context is {} (or only ledger_api_error for token problems), got keys ${JSON.stringify(contextKeys)}`,
    response,
  );
  assertClause(
    'error_body_conformance',
    clauseId,
    Array.isArray(full.resources) && full.resources.length === 0,
    `a redacted error's resources are [], got ${JSON.stringify(full.resources)}`,
    response,
  );
  // Both optional (verified-against-real C1): null when the request carried no trace context; otherwise the
  // correlation id of an authorization error is its trace id (ErrorLoggingContext.correlationId = traceContext.traceId).
  const isId = (value: unknown): boolean => value === null || value === undefined || nonEmpty(value);
  const ids = `${JSON.stringify(full.correlationId ?? null)} and ${JSON.stringify(full.traceId ?? null)}`;
  assertClause(
    'error_body_conformance',
    clauseId,
    isId(full.correlationId) && isId(full.traceId),
    `a redacted error's correlationId and traceId are each a non-empty string or null, got ${ids}`,
    response,
  );
  if (nonEmpty(full.correlationId) && nonEmpty(full.traceId)) {
    assertClause(
      'error_body_conformance',
      clauseId,
      full.correlationId === full.traceId,
      `a redacted authorization error's correlationId is its traceId (Canton's correlation id is the trace id), got ${ids}`,
      response,
    );
  }
}

/** UPDATE_NOT_FOUND's cause and its OFFSET resource naming the offset looked up (facts verified-against-real §4). */
export function updateNotFoundDetails(body: JsCantonErrorBody, offset: number | bigint, response: ClientResponse): void {
  const full = body as FullErrorBody;
  const clauseId = 'canton.update-by-offset.update-not-found-details';
  assertClause(
    'error_body_conformance',
    clauseId,
    // The stable prefix only (verified-against-real C2); 3.5 writes "Update not found, or not visible.".
    typeof full.cause === 'string' && full.cause.startsWith('Update not found'),
    `UPDATE_NOT_FOUND's cause starts with "Update not found", got ${JSON.stringify(full.cause)}`,
    response,
  );
  assertClause(
    'error_body_conformance',
    clauseId,
    Array.isArray(full.resources) && full.resources.some(([kind, value]) => kind === 'OFFSET' && value === String(offset)),
    `UPDATE_NOT_FOUND's resources name the offset as ["OFFSET","${offset}"], got ${JSON.stringify(full.resources)}`,
    response,
  );
}

/** What a test knows of the earlier, accepted submission of a change id. */
export interface EarlierSubmission {
  submissionId?: string;
  completionOffset?: number | string;
}

/**
 * DUPLICATE_COMMAND names the earlier submission in its context: Canton 3.5's DuplicateCommandReject by
 * `completion_offset` and `existingSubmissionId` (`Some(<id>)`), ConsistencyErrors.DuplicateCommand by
 * `existing_submission_id`. Any of them, when it matches what the test knows, is enough.
 */
export function duplicateCommandDetails(body: JsCantonErrorBody, response: ClientResponse, earlier: EarlierSubmission = {}): void {
  const context = body.context;
  const submissionIds = [context['existing_submission_id'], context['existingSubmissionId']].map((value) =>
    typeof value === 'string' ? value.replace(/^Some\((.*)\)$/, '$1') : undefined,
  );
  const offset = context['completion_offset'];
  const bySubmission = submissionIds.some(
    (value) => nonEmpty(value) && value !== 'None' && (earlier.submissionId === undefined || value === earlier.submissionId),
  );
  const byOffset = nonEmpty(offset) && (earlier.completionOffset === undefined || offset === String(earlier.completionOffset));
  const known = [
    earlier.submissionId === undefined ? undefined : `submission ${earlier.submissionId}`,
    earlier.completionOffset === undefined ? undefined : `completion offset ${earlier.completionOffset}`,
  ].filter((entry) => entry !== undefined);
  assertClause(
    'error_body_conformance',
    'canton.deduplication.names-earlier-submission',
    bySubmission || byOffset,
    `DUPLICATE_COMMAND's context names the earlier submission${known.length > 0 ? ` (${known.join(', ')})` : ''} by ` +
      `existingSubmissionId, existing_submission_id or completion_offset, got ${JSON.stringify(context)}`,
    response,
  );
}

/**
 * `definiteAnswer`: null for errors of the gRPC path, false for errors the JSON layer raises itself
 * (facts verified-against-real §4). `path` says which kind of error this is.
 */
export function definiteAnswerConformance(body: JsCantonErrorBody, path: 'grpc' | 'json-layer', response: ClientResponse): void {
  const value = (body as FullErrorBody).definiteAnswer;
  const expected = path === 'grpc' ? null : false;
  assertClause(
    'error_body_conformance',
    'canton.errors.definite-answer',
    value === expected || (path === 'grpc' && value === undefined),
    `definiteAnswer of an error of the ${path === 'grpc' ? 'gRPC path' : 'JSON layer'} is ${String(expected)}, got ${JSON.stringify(value)}`,
    response,
  );
}
