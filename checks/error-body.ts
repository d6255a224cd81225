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
import { responseSchemaConformance } from './schema.js';

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
    const status = body.errorCategory === -1 ? httpStatusOfGrpcCode[Number(body.grpcCodeValue)] : httpStatusOfCategory[body.errorCategory];
    assertClause(
      'error_body_conformance',
      cantonClause,
      status === response.status,
      `HTTP status ${response.status} does not follow the error (errorCategory ${body.errorCategory}, grpcCodeValue ${String(body.grpcCodeValue)} → ${String(status)})`,
      response,
    );
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

export function scanErrorBodyConformance(validators: Validators, response: ClientResponse, clauseId: ClauseId): { error: string } {
  assertClause('error_body_conformance', clauseId, response.status >= 400, `expected an error, got status ${response.status}`, response);
  contentTypeConformance(response, 'json', clauseId);
  return responseSchemaConformance(validators, response, 'ScanErrorResponse', clauseId) as { error: string };
}
