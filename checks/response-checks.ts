/**
 * The response-level checks the harness applies to every exchange a test records (as Schemathesis applies its
 * registered checks to every response): status class, content type, response schema, error body, the canton
 * error taxonomy and redaction. A test adds only its own semantic assertions.
 *
 * One shape: `apply(exchange, context)` asserts through `assertClause` / `failUnless` (so a failure is a
 * `CheckFailure` naming the exchange, a switched-off check asserts nothing) and returns whether the check applied.
 *
 * A check applies only where the spec (spec profile) or Canton 3.5 (canton profile) says what holds, so a real
 * node is never failed on an exchange the rule does not cover:
 * - only exchanges of a known endpoint (`matchEndpoint`): an unknown route, or a known path with another method
 *   (405), is the routing suites' business;
 * - never a route-not-found answer: Canton's legacy 404 `{"errors": [...]}` (a path that matches no route, e.g.
 *   the traffic route of a 3.5 node, facts verified-against-real C3), the traffic route when the target does not
 *   declare `trafficAccounts`, and a 404 of a scan path a Splice release removed (facts FF9: pekko's text 404);
 * - `node-state` (`/livez`, `/docs/openapi`, ...) is left out: what those answer is not stated;
 * - a 400 whose body is not JSON is Canton's decode failure: text/plain (spec Errors rule 1), never held to the
 *   error body schema;
 * - the canton checks (status follows the category, code taxonomy, redaction) only in the canton profile, and
 *   redaction only when the target checks tokens; the one code the JSON layer answers with a status of its own
 *   (the list limit, 413) is exempt from "status follows the category" at that status.
 * A check credits only clauses it asserts in full, testable and in the run's profile; where it only rules a
 * failure out, it uses `failUnless` (credits nothing).
 */
import type { Api, ClientResponse } from '../client/http.js';
import type { Features, ProfileName } from '../config/types.js';
import { clause as clauseOf, clauseIds, type ClauseId } from '../specification/clauses.js';
import {
  ENDPOINT_DESCRIPTORS,
  matchEndpoint,
  type DescriptorName,
  type EndpointDescriptor,
  type EndpointName,
} from '../specification/endpoints.js';
import { parseJsonLossless } from '../specification/json.js';
import { SCAN_FIELD_CLAUSES, type FieldClauses } from '../specification/schema-fields.js';
import type { SchemaName, Validators } from '../specification/validate.js';
import { assertClause, failUnless } from './assertion.js';
import { contentTypeConformance } from './basic.js';
import { evidencedBy, evidenceOf } from './engine-credits.js';
import { errorCodeTaxonomy, redactedErrorDetails, type JsCantonErrorBody } from './error-body.js';
import { httpStatusOfCategory, httpStatusOfGrpcCode } from './http-status.js';
import type { CheckName } from './names.js';
import { scanResponseSchemaConformance } from './scan.js';
import { responseSchemaConformance } from './schema.js';

/** One request a test sent and the answer it got, as the harness records it. */
export interface ObservedExchange {
  api: Api;
  method: string;
  /** The path below the API's base URL (without the query). */
  path: string;
  /**
   * The endpoint it went to, by its descriptor's name (as Schemathesis's `case.operation`), recorded with the exchange
   * (`operationOf`); an exchange recorded without one is matched by its method and path.
   */
  operation?: DescriptorName;
  response: ClientResponse;
  /** When the request went out and its answer came back (performance.now(), ms), for the order of submissions. */
  sentAt?: number;
  answeredAt?: number;
}

export interface ResponseCheckContext {
  profile: ProfileName;
  validators: Validators;
  features: Pick<Features, 'authorization' | 'trafficAccounts'>;
}

/** The exchange with what the checks derive from it once: its endpoint and its body as JSON. */
export interface ClassifiedExchange extends ObservedExchange {
  endpoint: EndpointName;
  /** The body parsed losslessly, or undefined when it is empty or not JSON. */
  json: unknown;
}

export interface ResponseCheck {
  /** Short id, e.g. `content-type`. */
  id: string;
  /** The registered check whose assertions it makes (and which `--checks` / `--exclude-checks` switch). */
  check: CheckName;
  description: string;
  /** Asserts what holds for this exchange; returns whether the check applied to it. */
  apply(exchange: ClassifiedExchange, context: ResponseCheckContext): boolean;
}

const mediaType = (response: ClientResponse): string => response.contentType.split(';')[0]!.trim().toLowerCase();
const success = (status: number): boolean => status >= 200 && status < 300;

/** A clause the engine may credit: testable and in the run's profile. */
function creditable(clauseId: ClauseId, profile: ProfileName): boolean {
  const entry = clauseOf(clauseId);
  return entry.testable && (entry.level === 'spec' || (entry.level === 'canton' && profile === 'canton'));
}

/** The descriptor of an endpoint the engine knows by its own name, or undefined for a group (`users`, `node-state`). */
function descriptorOf(endpoint: EndpointName): EndpointDescriptor | undefined {
  return Object.hasOwn(ENDPOINT_DESCRIPTORS, endpoint)
    ? (ENDPOINT_DESCRIPTORS[endpoint as keyof typeof ENDPOINT_DESCRIPTORS] as EndpointDescriptor)
    : undefined;
}

/** Canton's legacy 404 of a path that matches no route: `{"errors":["HttpMethod(GET), uri: ..."],...}`. */
function isLegacyNotFound(exchange: ClassifiedExchange): boolean {
  const body = exchange.json as { errors?: unknown } | undefined;
  return exchange.response.status === 404 && typeof body === 'object' && body !== null && Array.isArray(body.errors);
}

/** The answer says no such route exists here, whatever the endpoint table says: no response check applies. */
export function isRouteNotFound(exchange: ClassifiedExchange, context: ResponseCheckContext): boolean {
  const descriptor = descriptorOf(exchange.endpoint);
  // A route the target declares it does not serve (the traffic route of a Canton 3.5 node).
  if (descriptor?.requires?.includes('trafficAccounts') && !context.features.trafficAccounts) return true;
  if (exchange.api === 'participant') return isLegacyNotFound(exchange);
  // The scan paths a Splice release removed (`removedIn`): their 404 is pekko's route-not-found answer (facts FF9), not a lookup's.
  return exchange.response.status === 404 && descriptor?.removedIn !== undefined;
}

const statusClass: ResponseCheck = {
  id: 'status-class',
  check: 'status_code_conformance',
  description: 'an endpoint answers with a final status of class 2xx, 4xx or 5xx (a 1xx or a redirect is not an answer of the interface)',
  apply({ api, endpoint, response }) {
    if (endpoint === 'node-state') return false;
    const { status } = response;
    failUnless(
      'status_code_conformance',
      api === 'scan' ? 'format.area-b.base-url' : 'format.area-a.base-url',
      success(status) || (status >= 400 && status < 600),
      `the endpoint ${endpoint} answered ${status} ${response.contentType || '(no content type)'}: not an answer of the interface at the base URL`,
      response,
    );
    return true;
  },
};

/**
 * The clauses a content type of this answer bears on, the endpoint's own first (the clause of its 200 body or its
 * error body, the scan's "responses JSON"), then the general rule: what the suites' own content-type calls credited
 * per endpoint, so a check of the content type credits the same clauses for the same exchanges.
 */
function contentClauses(exchange: ClassifiedExchange, context: ResponseCheckContext): ClauseId[] {
  const { api, endpoint, response } = exchange;
  const own: (ClauseId | undefined)[] = success(response.status)
    ? [endpoint === 'readyz' ? 'readyz.response.text-plain' : successSchemaOf(endpoint)?.clause]
    : [api === 'scan' ? 'errors.scan.error-body' : defaultErrorBodyClauseOf(endpoint)];
  if (api === 'scan') own.push('scan.responses.json');
  own.push(...evidencedBy(response));
  // The general rule first, as the engine asserted it before it credited the endpoints' clauses; readiness's own clause
  // first, as its suite asserted it.
  const readiness = endpoint === 'readyz' && success(response.status);
  const ordered = readiness ? [...own, 'format.readiness-plain-text' as const] : ['format.json-bodies' as const, ...own];
  const clauses = ordered.filter((clauseId): clauseId is ClauseId => clauseId !== undefined && creditable(clauseId, context.profile));
  return [...new Set(clauses)];
}

/** Credits the clauses the test named for this answer (`evidenceFor`) once the body check of `clauseId` passed on it. */
function creditEvidence(check: CheckName, response: ClientResponse, clauseId: ClauseId, context: ResponseCheckContext): void {
  for (const extra of evidencedBy(response)) {
    if (extra !== clauseId && creditable(extra, context.profile)) assertClause(check, extra, true, '', response);
  }
}

const contentType: ResponseCheck = {
  id: 'content-type',
  check: 'content_type_conformance',
  description:
    "a JSON body (every 2xx body but readiness, every JSON error) is application/json; readiness is text/plain; an area A 400 that is not JSON is text/plain; each credited to the endpoint's own clause as well",
  apply(exchange, context) {
    const { api, endpoint, response, json } = exchange;
    if (endpoint === 'node-state' || response.text.length === 0) return false;
    const { status } = response;
    if (success(status)) {
      const clauses = contentClauses(exchange, context);
      if (clauses.length === 0) return false;
      const expected = endpoint === 'readyz' ? 'text' : 'json';
      for (const clauseId of clauses) contentTypeConformance(response, expected, clauseId);
      return true;
    }
    if (status < 400) return false;
    if (json !== undefined) {
      for (const clauseId of contentClauses(exchange, context)) contentTypeConformance(response, 'json', clauseId);
      return true;
    }
    if (api !== 'participant' || status !== 400) return false;
    // Only rules a mislabelled answer out: "the 400 responses of area A are plain text" is credited by the
    // tests that send malformed input on purpose.
    failUnless(
      'content_type_conformance',
      'format.area-a-400-plain-text',
      mediaType(response) === 'text/plain',
      `a 400 whose body is not JSON is the plain-text answer of Errors rule 1, so text/plain; got "${response.contentType}"`,
      response,
    );
    return true;
  },
};

/**
 * The clause stating a certified endpoint's 200 body: `<endpoint>.response.shape` (or `.response.200`, as the spec's
 * "Response 200: X" lines are named), for an endpoint whose descriptor names its `response` schema. Derived, not listed:
 * a certified endpoint with a response schema and no such clause fails `selftest/checks/response-checks.test.ts`.
 */
export function successSchemaOf(endpoint: EndpointName): { schema: SchemaName; clause: ClauseId; scan: boolean } | undefined {
  const descriptor = descriptorOf(endpoint);
  if (descriptor?.generated !== true || descriptor.response === undefined) return undefined;
  const clause = [`${endpoint}.response.shape`, `${endpoint}.response.200`].find((id) => clauseIds.has(id)) as ClauseId | undefined;
  return clause === undefined ? undefined : { schema: descriptor.response, clause, scan: descriptor.api === 'scan' };
}

/** The clauses of a scan answer's fields (specification/schema-fields.ts), those of the run's profile. */
function scanFieldClauses(schema: SchemaName, context: ResponseCheckContext): FieldClauses {
  return Object.fromEntries(
    Object.entries(SCAN_FIELD_CLAUSES[schema] ?? {}).map(([pointer, clauses]) => [
      pointer,
      clauses.filter((clauseId) => creditable(clauseId, context.profile)),
    ]),
  );
}

/** The schema a test named for a 2xx answer of an endpoint the table above has none for (`evidenceFor`). */
function testNamedSchema(response: ClientResponse): { schema: SchemaName; clause: ClauseId; scan?: true } | undefined {
  const named = evidenceOf(response);
  const clause = named?.clauses[0];
  return named?.schema === undefined || clause === undefined ? undefined : { schema: named.schema, clause };
}

const responseSchema: ResponseCheck = {
  id: 'response-schema',
  check: 'response_schema_conformance',
  description: "a 2xx body matches its endpoint's response schema; each record's fields are credited to their own clauses",
  apply({ endpoint, response }, context) {
    const expected = successSchemaOf(endpoint) ?? testNamedSchema(response);
    if (expected === undefined || !success(response.status) || !creditable(expected.clause, context.profile)) return false;
    if (expected.scan)
      scanResponseSchemaConformance(
        context.validators,
        response,
        expected.schema,
        expected.clause,
        scanFieldClauses(expected.schema, context),
      );
    else responseSchemaConformance(context.validators, response, expected.schema, expected.clause);
    creditEvidence('response_schema_conformance', response, expected.clause, context);
    return true;
  },
};

/**
 * A certified area A endpoint's "can return the default error body" clause, `<endpoint>.errors.default-body` (the
 * clause checklist, selftest/clauses/coverage.test.ts, holds every certified area A endpoint to having it).
 */
export function defaultErrorBodyClauseOf(endpoint: EndpointName): ClauseId | undefined {
  const descriptor = descriptorOf(endpoint);
  if (descriptor?.generated !== true || descriptor.api !== 'participant') return undefined;
  const id = `${endpoint}.errors.default-body`;
  return clauseIds.has(id) ? (id as ClauseId) : undefined;
}

const errorBody: ResponseCheck = {
  id: 'error-body',
  // The body's shape is a schema (as errorBodyConformance asserts it, through responseSchemaConformance).
  check: 'response_schema_conformance',
  description: 'a JSON error of an area A endpoint is the default error body (JsCantonError); a JSON error of the scan is {error: string}',
  apply({ api, endpoint, response, json }, context) {
    if (response.status < 400 || json === undefined) return false;
    if (api === 'scan') {
      if (!creditable('errors.scan.error-body', context.profile)) return false;
      responseSchemaConformance(context.validators, response, 'ScanErrorResponse', 'errors.scan.error-body');
      creditEvidence('response_schema_conformance', response, 'errors.scan.error-body', context);
      return true;
    }
    // An endpoint without a default-body clause of its own (the user writes, ...) is checked where its test named
    // the clause the error is evidence for.
    const clauseId = [defaultErrorBodyClauseOf(endpoint), ...evidencedBy(response)].find(
      (candidate) => candidate !== undefined && creditable(candidate, context.profile),
    );
    if (clauseId === undefined) return false;
    responseSchemaConformance(context.validators, response, 'JsCantonError', clauseId);
    creditEvidence('response_schema_conformance', response, clauseId, context);
    return true;
  },
};

/** The body, when it is a JsCantonError as far as the canton checks need one (a string code, a numeric category). */
function cantonErrorOf({ api, response, json }: ClassifiedExchange): JsCantonErrorBody | undefined {
  if (api !== 'participant' || response.status < 400 || typeof json !== 'object' || json === null) return undefined;
  const body = json as Partial<JsCantonErrorBody>;
  return typeof body.code === 'string' && typeof body.errorCategory === 'number' ? (body as JsCantonErrorBody) : undefined;
}

/**
 * Codes the JSON layer answers with a status of its own, not the one of their category: the list limit of a
 * stream read as a list is 413 in ContentionOnSharedResources (category 2, 409) (Canton 3.5
 * community/ledger/ledger-json-api/src/main/scala/com/digitalasset/canton/http/json/v2/Endpoints.scala:204-222 handleListLimit,
 * community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/ledger/error/JsonApiErrors.scala:50-53).
 */
const OWN_STATUS_CODES: Readonly<Record<string, number>> = { JSON_API_MAXIMUM_LIST_ELEMENTS_NUMBER_REACHED: 413 };

const errorTaxonomy: ResponseCheck = {
  id: 'error-taxonomy',
  check: 'error_body_conformance',
  description:
    "canton: a JsCantonError's HTTP status follows its category (or, redacted, its gRPC code), and a code Canton 3.5 defines carries its category, gRPC code and retry advice (specification/error-codes.ts)",
  apply(exchange, context) {
    if (context.profile !== 'canton') return false;
    const body = cantonErrorOf(exchange);
    if (body === undefined) return false;
    const { response } = exchange;
    const grpc = body.grpcCodeValue === null || body.grpcCodeValue === undefined ? undefined : Number(body.grpcCodeValue);
    // A redacted error without its gRPC code has no status to follow.
    const status =
      body.errorCategory === -1 ? (grpc === undefined ? undefined : httpStatusOfGrpcCode[grpc]) : httpStatusOfCategory[body.errorCategory];
    const ownStatus = Object.hasOwn(OWN_STATUS_CODES, body.code) && OWN_STATUS_CODES[body.code] === response.status;
    if (!ownStatus && (status !== undefined || body.errorCategory !== -1)) {
      assertClause(
        'error_body_conformance',
        'canton.errors.status-follows-category',
        status === response.status,
        `HTTP status ${response.status} does not follow the error (errorCategory ${body.errorCategory}, grpcCodeValue ${String(body.grpcCodeValue)} → ${String(status)})`,
        response,
      );
    }
    errorCodeTaxonomy(body, response);
    return true;
  },
};

const redaction: ResponseCheck = {
  id: 'redaction',
  check: 'error_body_conformance',
  description:
    'canton, with token checks on: a 401 or 403 is redacted (code NA, the fixed cause, errorCategory -1, context {} or only ledger_api_error, resources [], correlationId = traceId or null)',
  apply(exchange, context) {
    if (context.profile !== 'canton' || !context.features.authorization) return false;
    if (exchange.response.status !== 401 && exchange.response.status !== 403) return false;
    const body = cantonErrorOf(exchange);
    if (body === undefined) return false;
    redactedErrorDetails(body, exchange.response);
    return true;
  },
};

/** The request body of an exchange as JSON, or undefined when it had none or it is not JSON. */
export function requestJson(exchange: ObservedExchange): unknown {
  const text = exchange.response.request.body;
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return parseJsonLossless(text);
  } catch {
    return undefined;
  }
}

/**
 * The codes of command interpretation, which the command submission service raises under the submission's error logging
 * context (its correlation id is the submission id): Canton 3.5 CommandSubmissionServiceImpl.scala:112-117.
 */
const INTERPRETATION_CODES: ReadonlySet<string> = new Set([
  'CONTRACT_NOT_FOUND',
  'DAML_INTERPRETATION_ERROR',
  'DAML_AUTHORIZATION_ERROR',
  'TEMPLATE_PRECONDITION_VIOLATED',
  'UNHANDLED_EXCEPTION',
  'DAML_FAILURE',
  'WRONGLY_TYPED_CONTRACT',
  'CONTRACT_KEY_NOT_FOUND',
  'DUPLICATE_CONTRACT_KEY',
]);

const submissionCorrelation: ResponseCheck = {
  id: 'submission-correlation-id',
  check: 'error_body_conformance',
  description:
    "canton: a submit-and-wait rejected by command interpretation whose request carries a submissionId has that submissionId as the error's correlationId (facts verified-against-real §8 R1)",
  apply(exchange, context) {
    if (context.profile !== 'canton' || exchange.endpoint !== 'submit-and-wait') return false;
    const body = cantonErrorOf(exchange);
    if (body === undefined || body.errorCategory === -1 || !INTERPRETATION_CODES.has(body.code)) return false;
    const request = requestJson(exchange) as { submissionId?: unknown } | undefined;
    const submissionId = request?.submissionId;
    if (typeof submissionId !== 'string' || submissionId === '') return false;
    const correlationId = (body as { correlationId?: unknown }).correlationId;
    assertClause(
      'error_body_conformance',
      'canton.errors.submission-correlation-id',
      correlationId === submissionId,
      `the submission ${submissionId} was rejected with ${body.code}, whose correlationId is ${JSON.stringify(correlationId ?? null)}, not the submissionId`,
      exchange.response,
    );
    return true;
  },
};

const duplicateDefinite: ResponseCheck = {
  id: 'duplicate-definite-answer',
  check: 'error_body_conformance',
  description: 'canton: DUPLICATE_COMMAND is a definite answer, context.definite_answer "true" (facts verified-against-real §8 R2)',
  apply(exchange, context) {
    if (context.profile !== 'canton') return false;
    const body = cantonErrorOf(exchange);
    if (body === undefined || body.code !== 'DUPLICATE_COMMAND') return false;
    const flag = (body.context as Record<string, unknown> | undefined)?.['definite_answer'];
    if (flag === undefined) return false;
    assertClause(
      'error_body_conformance',
      'canton.deduplication.duplicate-definite-answer',
      flag === 'true',
      `DUPLICATE_COMMAND is a definite answer: context.definite_answer must be "true", got ${JSON.stringify(flag)}`,
      exchange.response,
    );
    return true;
  },
};

/** The response-level checks, in the order the engine applies them to an exchange. */
export const RESPONSE_CHECKS: readonly ResponseCheck[] = [
  statusClass,
  contentType,
  responseSchema,
  errorBody,
  errorTaxonomy,
  redaction,
  submissionCorrelation,
  duplicateDefinite,
];

function parsedBody(response: ClientResponse): unknown {
  if (response.text.trim().length === 0) return undefined;
  try {
    return parseJsonLossless(response.text);
  } catch {
    return undefined;
  }
}

/**
 * The endpoint the engine knows an exchange as, or undefined when it checks none of it: a certified endpoint (its
 * descriptor is `generated`) by its own name, another as its descriptor's `checkedAs` says (the node's version as
 * itself, the user writes as `users`, the node-state reads as `node-state`, of which only error bodies are checked). The
 * other routes a test may call on its way (prepare, parties, the scan's DSO, ...) are not certified: no check applies.
 */
export function engineEndpoint(api: Api, method: string, path: string, operation?: DescriptorName): EndpointName | undefined {
  const name = operation ?? matchEndpoint(api, method, path);
  if (name === undefined) return undefined;
  const { generated, checkedAs } = ENDPOINT_DESCRIPTORS[name] as EndpointDescriptor;
  if (generated === true || checkedAs === 'itself') return name;
  return checkedAs;
}

/** The endpoint an exchange went to, by its descriptor's name: what the harness records with each exchange. */
export function operationOf(api: Api, method: string, path: string): DescriptorName | undefined {
  return matchEndpoint(api, method, path);
}

/** The exchange's endpoint and parsed body, or undefined when no response check can apply to it. */
export function classify(exchange: ObservedExchange, context: ResponseCheckContext): ClassifiedExchange | undefined {
  // An endpoint the engine does not certify is checked where a test named what its answer is evidence for.
  const endpoint =
    engineEndpoint(exchange.api, exchange.method, exchange.path, exchange.operation) ??
    (evidenceOf(exchange.response) === undefined
      ? undefined
      : (exchange.operation ?? matchEndpoint(exchange.api, exchange.method, exchange.path)));
  if (endpoint === undefined) return undefined;
  const classified: ClassifiedExchange = { ...exchange, endpoint, json: parsedBody(exchange.response) };
  // A test that names what the answer is evidence for (a lookup's {error} 404 of a scan path a release may remove) says
  // the route is there.
  return isRouteNotFound(classified, context) && evidenceOf(exchange.response) === undefined ? undefined : classified;
}

/**
 * Applies every enabled response check to every exchange, in order; a failure throws (`CheckFailure`) at the
 * first. Returns the checks that applied to at least one exchange.
 */
export function applyResponseChecks(
  exchanges: readonly ObservedExchange[],
  context: ResponseCheckContext,
  enabled: (check: CheckName) => boolean,
  checks: readonly ResponseCheck[] = RESPONSE_CHECKS,
): Set<CheckName> {
  const applied = new Set<CheckName>();
  const active = checks.filter((entry) => enabled(entry.check));
  if (active.length === 0) return applied;
  for (const exchange of exchanges) {
    const classified = classify(exchange, context);
    if (classified === undefined) continue;
    for (const entry of active) if (entry.apply(classified, context)) applied.add(entry.check);
  }
  return applied;
}
