/**
 * How invalid requests are built: a valid request with one part (body, query or path parameter) replaced by an invalid
 * value that carries its tag. The rules of each endpoint are listed in generators/endpoints.ts.
 */
import fc from 'fast-check';
import { requestOf, JSON_CONTENT, OCTET_STREAM } from '../requests/valid-requests.js';
import type { EndpointName, GeneratedRequest, InvalidRequest } from '../requests/types.js';
import { invalidDarRules } from './dar.js';
import type { InvalidBody, InvalidTag, InvalidValue } from './mutation.js';

export function tagOf(invalid: InvalidValue): InvalidTag {
  return {
    clauseId: invalid.clauseId,
    rule: invalid.rule,
    part: invalid.part,
    violation: invalid.violation,
    ...(invalid.alsoBreaks ? { alsoBreaks: invalid.alsoBreaks } : {}),
    ...(invalid.reportedAs ? { reportedAs: invalid.reportedAs } : {}),
  };
}

export function jsonBodyRequests(endpoint: EndpointName, rules: fc.Arbitrary<InvalidBody>[]): fc.Arbitrary<InvalidRequest>[] {
  return rules.map((rule) =>
    rule.map((invalid) => {
      const user = invalid.asUser !== undefined ? { asUser: invalid.asUser } : {};
      return {
        ...requestOf(endpoint, { headers: { ...JSON_CONTENT }, body: invalid.value, ...user }),
        invalid: tagOf(invalid),
        base: requestOf(endpoint, { headers: { ...JSON_CONTENT }, body: invalid.base, ...user }),
        mutation: invalid.mutation,
      };
    }),
  );
}

/** Puts an invalid query or path parameter into a valid request of the same endpoint. */
export function withParameter(
  valid: fc.Arbitrary<GeneratedRequest>,
  rule: fc.Arbitrary<InvalidValue<string>>,
): fc.Arbitrary<InvalidRequest> {
  return fc.tuple(valid, rule).map(([request, invalid]) => {
    const { name, kind } = invalid.part;
    const parts = {
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      query: kind === 'query' ? { ...request.query, [name]: invalid.value } : { ...request.query },
      pathParams: kind === 'path' ? { ...request.pathParams, [name]: invalid.value } : { ...request.pathParams },
    };
    const user = request.asUser !== undefined ? { asUser: request.asUser } : {};
    return { ...requestOf(request.endpoint, { ...parts, ...user }), invalid: tagOf(invalid), base: request };
  });
}

export function darBodies(
  endpoint: 'dars-upload' | 'packages-upload' | 'dars-validate',
  valid: fc.Arbitrary<GeneratedRequest>,
): fc.Arbitrary<InvalidRequest>[] {
  return invalidDarRules().map((rule) =>
    fc.tuple(valid, rule).map(([base, invalid]) => ({
      ...requestOf(endpoint, { ...(base.query ? { query: base.query } : {}), headers: { ...OCTET_STREAM }, body: invalid.value }),
      invalid: tagOf(invalid),
      base,
    })),
  );
}
