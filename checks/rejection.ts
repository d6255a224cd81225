/**
 * negative_data_rejection: an invalid request is rejected the way its clause says — never 2xx, never 5xx;
 * either 400 text/plain naming the invalid part (spec errors rule 1) or the default error body. In the canton
 * profile the exact form Canton uses is required (decode failure text, or the named error code).
 *
 * The caller re-checks that the final (shrunk) input is still invalid before calling this (see
 * `assertStillInvalid`): a check must never blame the target for an input that is in fact valid.
 */
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import type { ProfileName } from '../config/types.js';
import type { Validators } from '../specification/validate.js';
import { assertClause, SuiteBug } from './assertion.js';
import { errorBodyConformance } from './error-body.js';

export interface InvalidPart {
  kind: 'body' | 'query' | 'path' | 'header';
  name: string;
}

/** How real Canton rejects a given invalid input (canton profile). */
export type CantonRejection =
  { form: 'text'; cantonClauseId: ClauseId } | { form: 'error'; code: string; cantonClauseId: ClauseId } | { form: 'either' };

/** The words a 400 text body must contain to name the invalid part. */
export function partWords(part: InvalidPart): string[] {
  switch (part.kind) {
    case 'body':
      return ['body'];
    case 'query':
      return [part.name];
    case 'header':
      return [part.name.toLowerCase()];
    case 'path':
      return ['invalid value'];
  }
}

export function negativeDataRejection(
  environment: { validators: Validators; profile: ProfileName },
  response: ClientResponse,
  clauseId: ClauseId,
  part: InvalidPart,
  canton: CantonRejection = { form: 'either' },
): void {
  const check = 'negative_data_rejection';
  assertClause(
    check,
    clauseId,
    response.status < 200 || response.status >= 300,
    `an invalid request (${part.kind} ${part.name}) was accepted with ${response.status}`,
    response,
  );
  assertClause(
    check,
    clauseId,
    response.status < 500,
    `an invalid request (${part.kind} ${part.name}) caused a server error ${response.status}: ${response.text.slice(0, 300)}`,
    response,
  );
  const isText = response.contentType.toLowerCase().startsWith('text/plain');
  if (isText) {
    assertClause(
      check,
      'errors.400-text-names-part',
      response.status === 400,
      `a text/plain rejection must be 400, got ${response.status}`,
      response,
    );
    const text = response.text.toLowerCase();
    const words = partWords(part);
    assertClause(
      check,
      'errors.400-text-names-part',
      words.some((word) => text.includes(word.toLowerCase())),
      `the 400 text does not name the invalid part (${part.kind} ${part.name}): "${response.text.slice(0, 200)}"`,
      response,
    );
  } else {
    errorBodyConformance(
      environment,
      response,
      clauseId,
      canton.form === 'error' ? { code: canton.code, cantonClauseId: canton.cantonClauseId } : {},
    );
  }
  if (environment.profile === 'canton' && canton.form !== 'either') {
    assertClause(
      check,
      canton.cantonClauseId,
      canton.form === 'text' ? isText : !isText,
      canton.form === 'text'
        ? `Canton rejects this input with a 400 text/plain decode failure, got ${response.status} ${response.contentType}`
        : `Canton rejects this input with error ${canton.code}, got ${response.status} ${response.contentType}: ${response.text.slice(0, 200)}`,
      response,
    );
  }
}

/** Re-check that a (shrunk) input is really invalid before judging the target's answer to it. */
export function assertStillInvalid(stillInvalid: boolean, clauseId: ClauseId, description: string): void {
  if (!stillInvalid) {
    throw new SuiteBug(
      `the input no longer breaks its rule ${clauseId} after shrinking (${description}); this is a bug of the generator, not of the target`,
    );
  }
}
