/**
 * The negative property every participant endpoint suite runs over generated invalid requests: each is a
 * request the target accepts plus one mutation; it must be rejected for its rule, which is credited only when
 * the same request without the mutation (the control) is accepted in the same run (`checks/rejection.ts`).
 */
import fc from 'fast-check';
import type { ClientResponse } from '../../client/http.js';
import type { GeneratedRequest, InvalidRequest } from '../../generators/index.js';
import { clauseIds, type ClauseId } from '../../specification/clauses.js';
import { ENDPOINT_DESCRIPTORS, type EndpointDescriptor, type RequestEndpointName } from '../../specification/endpoints.js';
import type { SchemaName } from '../../specification/validate.js';
import { assertStillInvalid, negativeDataRejection, valueAt } from '../../checks/rejection.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import { sendGenerated } from './requests.js';

/**
 * What a negative test of an endpoint needs to know. What follows from the endpoint's descriptor
 * (specification/endpoints.ts) is derived when left out: its default-body clause, its request schema, whether it only
 * reads.
 */
export interface InvalidRequestOptions {
  endpoint: RequestEndpointName;
  /** The endpoint's "default error body" clause, asserted on JSON rejections; by default `<endpoint>.errors.default-body`. */
  errorBodyClause?: ClauseId;
  /** The request schema a JSON body must fail (the independent re-check of the shrunk input); by default the descriptor's `request`. */
  schema?: SchemaName;
  /** The user who sends requests that do not name one. */
  user: string | null;
  /**
   * Completes the base and the invalid request before they are sent (execute: a fresh prepared transaction and
   * its signature, with the mutation applied again on top).
   */
  complete?: (request: InvalidRequest) => Promise<{ invalid: GeneratedRequest; base: GeneratedRequest }>;
  /** A non-2xx answer that still shows the base was accepted as well-formed (e.g. UPDATE_NOT_FOUND); a 2xx always does. */
  answeredAsValid?: (response: ClientResponse) => boolean;
  /**
   * The endpoint only reads: each invalid request and its control go out together (the control is always sent); by
   * default the descriptor's `readOnly`.
   */
  readOnly?: boolean;
}

/** The options with what the descriptor says filled in. */
function withDescriptor(options: InvalidRequestOptions): InvalidRequestOptions & { errorBodyClause: ClauseId } {
  const { api, request, readOnly } = ENDPOINT_DESCRIPTORS[options.endpoint] as EndpointDescriptor;
  const derivedClause = api === 'participant' && clauseIds.has(`${options.endpoint}.errors.default-body`);
  const errorBodyClause = options.errorBodyClause ?? (derivedClause ? (`${options.endpoint}.errors.default-body` as ClauseId) : undefined);
  if (errorBodyClause === undefined) {
    throw new Error(`rejectsInvalidRequests(${options.endpoint}): the endpoint has no default-body clause; name the error body's clause`);
  }
  return {
    ...options,
    errorBodyClause,
    ...(options.schema === undefined && request !== undefined ? { schema: request } : {}),
    readOnly: options.readOnly ?? readOnly,
  };
}

/** Rules a target with authorization on may reject for authorization first (their rejection proves nothing). */
export function hiddenByAuthorization(rule: fc.Arbitrary<InvalidRequest>): boolean {
  const [sample] = fc.sample(rule, { numRuns: 1, seed: 0 });
  return sample?.invalid.alsoBreaks === 'authorization';
}

/**
 * Every rule is tried (not a random pick among them, which would leave some out on some seeds): each gets its
 * share of the run's cases, at least two.
 */
export async function rejectsInvalidRequests(
  context: ConformanceContext,
  rules: readonly fc.Arbitrary<InvalidRequest>[],
  given: InvalidRequestOptions,
): Promise<void> {
  const options = withDescriptor(given);
  await context.forEachRule(rules, async (generated) => {
    if (options.schema !== undefined && generated.invalid.part.kind === 'body') {
      assertStillInvalid(context.validators, options.schema, generated.invalid, generated.body);
    }
    const { invalid: request, base } = options.complete ? await options.complete(generated) : { invalid: generated, base: generated.base };
    const send = (what: GeneratedRequest): Promise<ClientResponse> => sendGenerated(context, what, what.asUser ?? options.user);
    // A read has no effect: its control need not wait for the invalid request's answer.
    const [response, early] = options.readOnly ? await Promise.all([send(request), send(base)]) : [await send(request), undefined];
    await negativeDataRejection(context, {
      rule: generated.invalid,
      response,
      control: () => (early !== undefined ? Promise.resolve(early) : send(base)),
      errorBodyClause: options.errorBodyClause,
      endpoint: options.endpoint,
      value: generated.invalid.part.kind === 'body' ? valueAt(request.body, generated.invalid.part.name) : undefined,
      controlAccepted: (answer) =>
        (answer.status >= 200 && answer.status < 300) || (options.answeredAsValid !== undefined && options.answeredAsValid(answer)),
    });
  });
}
