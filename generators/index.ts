/**
 * The generators' registry: valid and invalid requests per endpoint (short names as in the clause
 * registry), so suites iterate every endpoint the same way. Everything is a pure function of the
 * `GeneratorContext` (build it once with `generatorContextFromFixtures`).
 */
import fc from 'fast-check';
import type { GeneratorContext } from './context.js';
import { invalidRequestRules, validRequestArbitraries } from './endpoints.js';
import { ENDPOINT_NAMES, type EndpointName, type GeneratedRequest, type InvalidRequest } from './requests/types.js';
import type { Mode } from './primitives/unions.js';

export { generatorContextFromFixtures, type GeneratorContext } from './context.js';
export { ENDPOINT_NAMES, type EndpointName, type GeneratedRequest, type InvalidRequest } from './requests/types.js';
export type { InvalidTag, InvalidValue, Violation, BodyMutation } from './invalid/mutation.js';
export { applyMutation } from './invalid/mutation.js';
export type { Mode } from './primitives/unions.js';
export { invalidRequestRules } from './endpoints.js';
export { invalidAnnotationRules } from './invalid/annotations.js';
export { submitAndWaitBody, submitAndWaitCase } from './requests/submit-and-wait.js';
export { exerciseMutations, type ExerciseMutation } from './invalid/submit-and-wait.js';
export { executeBody, executeCase, withPreparedSubmission } from './requests/execute.js';
export { updateByOffsetBody, updateByOffsetCase } from './requests/update-by-offset.js';
export { caseWithFilter as lookupWithFilter, type FilterVariant } from './invalid/update-by-offset.js';
export * from './primitives.js';
export { freshId } from './primitives/fresh-ids.js';

/**
 * Valid requests per endpoint. `schema` (default): anything the spec allows, which a target must not
 * reject as malformed. `accepted`: additionally what the target really carries out when the request is
 * sent with the token of its `asUser` (see each request module for where the two differ). Accepted
 * values carry fresh ids (`primitives/fresh-ids.ts`): everything but those ids follows from the seed.
 */
export function validRequests(context: GeneratorContext, mode: Mode = 'schema'): Record<EndpointName, fc.Arbitrary<GeneratedRequest>> {
  return validRequestArbitraries(context, mode);
}

/** Invalid requests per endpoint (each breaks one tagged rule); absent for endpoints without input. */
export function invalidRequests(context: GeneratorContext): Partial<Record<EndpointName, fc.Arbitrary<InvalidRequest>>> {
  const rules = invalidRequestRules(context);
  const result: Partial<Record<EndpointName, fc.Arbitrary<InvalidRequest>>> = {};
  for (const endpoint of ENDPOINT_NAMES) {
    const endpointRules = rules[endpoint];
    if (endpointRules.length > 0) result[endpoint] = fc.oneof(...endpointRules);
  }
  return result;
}
