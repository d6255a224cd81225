/**
 * The two properties every participant endpoint suite runs over generated requests: each invalid case
 * is rejected the way its clause (and, in the canton profile, real Canton) says.
 */
import type fc from 'fast-check';
import type { InvalidRequest } from '../../../generators/index.js';
import type { SchemaName } from '../../../specification/validate.js';
import { assertStillInvalid, negativeDataRejection } from '../../../checks/rejection.js';
import type { ConformanceContext } from '../../../harness/conformance-test.js';
import { cantonRejectionOf } from './canton-rejections.js';
import { registryClause, sendGenerated } from './requests.js';
import { bodyStillInvalid, valueAt } from './still-invalid.js';

export interface InvalidBodyOptions {
  /** The request schema the body must fail (the independent re-check). */
  schema: SchemaName;
  /** The fixture user who sends every case. */
  user: string;
  /** The clause named when a tag's clause is not in the registry. */
  fallbackClause: string;
}

/** Every generated invalid JSON body is rejected (never 2xx, never 5xx), as its clause says. */
export async function rejectsInvalidBodies(
  context: ConformanceContext,
  invalid: fc.Arbitrary<InvalidRequest>,
  options: InvalidBodyOptions,
): Promise<void> {
  await context.forAll(invalid, async (request) => {
    const clauseId = registryClause(request.invalid.clauseId, options.fallbackClause, context.profile);
    assertStillInvalid(bodyStillInvalid(context.validators, options.schema, request.invalid, request.body), clauseId, request.invalid.rule);
    const response = await sendGenerated(context, request, options.user);
    negativeDataRejection(
      context,
      response,
      clauseId,
      request.invalid.part,
      cantonRejectionOf(request.invalid, valueAt(request.body, request.invalid.part.name)),
    );
  });
}
