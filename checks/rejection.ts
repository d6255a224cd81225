/**
 * negative_data_rejection: an invalid request is rejected for the rule it breaks.
 *
 * A rejection is evidence for a rule only when nothing else explains it. So every negative test sends, besides
 * the invalid request, its control: the same base without the mutation, which the target must accept in the
 * same run. The rule is credited (a passed assertion) only when
 * - the invalid request was rejected with a 4xx that is an input rejection (400), and
 * - the control was accepted, and
 * - the rejection does not name another part of the request (the 400 text's `at '<path>'`, or the field a JSON
 *   error's cause names).
 * Otherwise the assertion is inconclusive, with the reason (a 403, a 404 of something else, a control rejected
 * too): never passed. An invalid request that is accepted, or answered 5xx, fails the rule.
 *
 * When credited, the form of the rejection is checked too: the spec's 400 text naming the part or the default
 * error body, and in the canton profile the form and code Canton answers with (`canton-rejections.ts`).
 */
import type { ClientResponse } from '../client/http.js';
import type { ProfileName } from '../config/types.js';
import type { InvalidTag } from '../generators/index.js';
import type { ClauseId } from '../specification/clauses.js';
import { STRING_FORMATS } from '../specification/formats.js';
import type { SchemaName, Validators } from '../specification/validate.js';
import { assertClause, failUnlessAll, recordInconclusive, SuiteBug } from './assertion.js';
import { cantonRejectionOf, type CantonRejection } from './canton-rejections.js';
import { errorBodyConformance, errorCodeTaxonomy, expectErrorCode, type JsCantonErrorBody } from './error-body.js';

const CHECK = 'negative_data_rejection';

export type InvalidPart = InvalidTag['part'];

export interface NegativeCase {
  rule: InvalidTag;
  /** The answer to the invalid request. */
  response: ClientResponse;
  /** Sends the same base without the mutation (called only when the invalid request was rejected). */
  control: () => Promise<ClientResponse>;
  /** The endpoint's "default error body" clause, asserted on a JSON rejection. */
  errorBodyClause: ClauseId;
  /** Overrides what the canton profile expects (default: `cantonRejectionOf(rule, endpoint)`). */
  canton?: CantonRejection;
  /** The spec states the form of this rejection: a 400 text/plain (e.g. a body that is not JSON), asserted first. */
  specText?: ClauseId;
  /** The endpoint, for the canton expectations that depend on it. */
  endpoint: string;
  /** What the invalid request carries at the rule's part (for expectations that depend on the value). */
  value?: unknown;
  /** Other clauses that state the same rule (e.g. the Limits row and the field's row): judged by the same evidence. */
  sameRule?: readonly ClauseId[];
  /** Whether the control's answer shows the base was accepted (default: a 2xx; e.g. UPDATE_NOT_FOUND answers a valid lookup). */
  controlAccepted?: (response: ClientResponse) => boolean;
}

export type NegativeOutcome = 'credited' | 'inconclusive';

const brief = (response: ClientResponse): string =>
  `${response.status} ${response.contentType || '(no content type)'}: ${response.text.slice(0, 200).replace(/\s+/g, ' ')}`;

/** The JSON error's code, when the body is a JsCantonError. */
export function errorCodeOf(response: ClientResponse): string | undefined {
  if (!response.contentType.toLowerCase().startsWith('application/json')) return undefined;
  try {
    const code = (JSON.parse(response.text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Path segments of `commands[0].CreateCommand.templateId` → ['commands', '0', 'CreateCommand', 'templateId']. */
function segments(path: string): string[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => match[2] ?? match[1]!);
}

/** One path is the other, or lies inside it (a union's key below the union, a list entry below the list). */
function samePart(left: string, right: string): boolean {
  const a = segments(left);
  const b = segments(right);
  const shorter = Math.min(a.length, b.length);
  return shorter > 0 && a.slice(0, shorter).every((segment, index) => segment === b[index]);
}

/** The fields Canton names for a malformed template or interface id: the identifier's parts. */
const IDENTIFIER_PARTS = ['modulename', 'entityname', 'package', 'packageid'];

/** `commandId`, `command_id`, `CommandId` compare equal. */
const normalisedField = (name: string): string => name.replaceAll('_', '').toLowerCase();

/**
 * Why this rejection may not be for the rule, or undefined when it may. A 403/401 is an authorization answer,
 * a 404/409 a lookup or state answer; a 400 text names the path it failed at, a JSON error's cause the field.
 */
function otherReason(response: ClientResponse, rule: InvalidTag): string | undefined {
  const { status } = response;
  const code = errorCodeOf(response);
  const what = `${status}${code ? ` ${code}` : ''}`;
  if (status === 401 || status === 403) {
    const also =
      rule.alsoBreaks === 'authorization' ? ' (the mutated value is also one the caller may not use when authorization is on)' : '';
    return `rejected with ${what}: an authorization answer is not evidence of "${rule.rule}"${also}`;
  }
  if (status !== 400) return `rejected with ${what}, not an input rejection (400): not evidence of "${rule.rule}"`;
  if (rule.part.kind !== 'body' || rule.part.name === 'body') return undefined;
  const isText = response.contentType.toLowerCase().startsWith('text/plain');
  if (isText) {
    const named = [...response.text.matchAll(/ at '([^']*)'/g)].map((match) => match[1]!);
    if (named.length > 0 && !named.some((path) => samePart(path, rule.part.name))) {
      return `the 400 names ${named.map((path) => `'${path}'`).join(', ')}, not '${rule.part.name}' where the mutation is`;
    }
    return undefined;
  }
  let cause: string;
  try {
    cause = String((JSON.parse(response.text) as { cause?: unknown }).cause ?? '');
  } catch {
    return undefined;
  }
  // A field may be qualified by its message (`SinglePartySignatures.party`): its last name is the field.
  const fields = [
    ...cause.matchAll(/(?:Invalid|Missing|missing a mandatory) field:? ([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)/g),
  ].map((match) => match[1]!.split('.').pop()!);
  const ours = segments(rule.part.name).map(normalisedField);
  // An identifier's own parts (FieldValidator.validateTypeConRef): module_name, entity_name, "package reference".
  if (/(templateid|interfaceid)$/.test(ours[ours.length - 1] ?? '')) ours.push(...IDENTIFIER_PARTS);
  ours.push(...(rule.reportedAs ?? []).map(normalisedField));
  if (fields.length > 0 && !fields.some((field) => ours.includes(normalisedField(field)))) {
    return `the error's cause names the field ${fields.join(', ')}, not a field of '${rule.part.name}' where the mutation is`;
  }
  return undefined;
}

/** The words a 400 text body must contain to name the invalid part (spec Errors rule 1). */
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

/**
 * Judges the answer to an invalid request, sending the control when it was rejected. Returns whether the
 * rule was credited; a failure throws (CheckFailure).
 */
export async function negativeDataRejection(
  environment: { validators: Validators; profile: ProfileName },
  negative: NegativeCase,
): Promise<NegativeOutcome> {
  const { rule, response } = negative;
  const clauses = [rule.clauseId, ...(negative.sameRule ?? [])];
  failUnlessAll(
    CHECK,
    clauses,
    response.status < 200 || response.status >= 300,
    `an invalid request (${rule.rule}) was accepted: ${brief(response)}`,
    response,
  );
  failUnlessAll(
    CHECK,
    clauses,
    response.status < 500,
    `an invalid request (${rule.rule}) caused a server error: ${brief(response)}`,
    response,
  );
  const control = await negative.control();
  const accepted = negative.controlAccepted ?? ((answer: ClientResponse) => answer.status >= 200 && answer.status < 300);
  if (!accepted(control)) {
    const reason = `the control request (the same base without the mutation) was rejected too (${brief(control)}), so the rejection proves nothing about "${rule.rule}"`;
    for (const clauseId of clauses) recordInconclusive(CHECK, clauseId, reason, control);
    return 'inconclusive';
  }
  const other = otherReason(response, rule);
  if (other !== undefined) {
    for (const clauseId of clauses) recordInconclusive(CHECK, clauseId, other, response);
    cantonStatusOfInconclusive(environment, negative);
    return 'inconclusive';
  }
  for (const clauseId of clauses) assertClause(CHECK, clauseId, true, '');
  rejectionForm(environment, negative);
  return 'credited';
}

/**
 * A rejection that proves nothing about the rule may still contradict what Canton answers: in the canton profile,
 * with the control accepted, a 404 or 409 where Canton rejects the input with a 400 fails Canton's clause. An
 * authorization answer (401/403) does not: Canton may check authorization first.
 */
function cantonStatusOfInconclusive(environment: { profile: ProfileName }, negative: NegativeCase): void {
  const { rule, response } = negative;
  // An uncredited rejection's error body is still held to the error taxonomy (every error body of a run is).
  if (environment.profile === 'canton') taxonomyOfAnyErrorBody(response);
  if (environment.profile !== 'canton' || [400, 401, 403].includes(response.status)) return;
  const canton = negative.canton ?? cantonRejectionOf(rule, negative.endpoint, negative.value);
  if (canton.form === 'either') return;
  const expected = canton.form === 'text' ? 'a 400 text/plain decode failure' : `400 ${[canton.code].flat().join(' or ')}`;
  assertClause(
    CHECK,
    canton.cantonClauseId,
    false,
    `Canton rejects this input (${rule.rule}) with ${expected}, got ${brief(response)}`,
    response,
  );
}

function taxonomyOfAnyErrorBody(response: ClientResponse): void {
  if (errorCodeOf(response) === undefined) return;
  const body = JSON.parse(response.text) as Partial<JsCantonErrorBody>;
  if (typeof body.errorCategory !== 'number') return;
  errorCodeTaxonomy(body as JsCantonErrorBody, response);
}

/** The spec's form of a credited rejection, and in the canton profile Canton's exact form. */
function rejectionForm(environment: { validators: Validators; profile: ProfileName }, negative: NegativeCase): void {
  const { rule, response } = negative;
  const isText = response.contentType.toLowerCase().startsWith('text/plain');
  if (negative.specText !== undefined) {
    assertClause(
      CHECK,
      negative.specText,
      isText,
      `the spec answers this input (${rule.rule}) with a 400 text/plain, got ${brief(response)}`,
      response,
    );
  }
  if (isText) {
    const words = partWords(rule.part);
    assertClause(
      CHECK,
      'errors.400-text-names-part',
      words.some((word) => response.text.toLowerCase().includes(word.toLowerCase())),
      `the 400 text does not name the invalid part (${rule.part.kind} ${rule.part.name}): "${response.text.slice(0, 200)}"`,
      response,
    );
  }
  const canton = negative.canton ?? cantonRejectionOf(rule, negative.endpoint, negative.value);
  const body = isText ? undefined : errorBodyConformance(environment, response, negative.errorBodyClause);
  if (environment.profile !== 'canton' || canton.form === 'either') return;
  if (canton.form === 'text') {
    assertClause(
      CHECK,
      canton.cantonClauseId,
      isText,
      `Canton rejects this input (${rule.rule}) with a 400 text/plain decode failure, got ${brief(response)}`,
      response,
    );
    if (isText && rule.part.kind === 'query') {
      assertClause(
        CHECK,
        'canton.errors.400-text.query-parameter-format',
        response.text === `Invalid value for: query parameter ${rule.part.name}`,
        `Canton words it exactly "Invalid value for: query parameter ${rule.part.name}", got ${JSON.stringify(response.text.slice(0, 200))}`,
        response,
      );
    }
    return;
  }
  assertClause(
    CHECK,
    canton.cantonClauseId,
    body !== undefined,
    `Canton rejects this input (${rule.rule}) with error ${[canton.code].flat().join(' or ')}, got ${brief(response)}`,
    response,
  );
  expectErrorCode(body!, canton.code, canton.cantonClauseId, response);
}

/**
 * The independent re-check of a (possibly shrunk) invalid body before its rejection is judged: the body fails
 * its request schema, or the value at the tagged part breaks the string format its violation names. A value
 * that no longer breaks its rule is a generator bug (a suite error), never the target's failure.
 */
export function assertStillInvalid(validators: Validators, schema: SchemaName, rule: InvalidTag, body: unknown): void {
  if (!validators.validate(schema, body).valid) return;
  const { violation } = rule;
  if (violation.kind === 'format' && !STRING_FORMATS[violation.format](valueAt(body, rule.part.name))) return;
  if (violation.kind === 'empty-string' && valueAt(body, rule.part.name) === '') return;
  throw new SuiteBug(
    `the input no longer breaks its rule ${rule.clauseId} ("${rule.rule}") after shrinking; this is a bug of the generator, not of the target`,
  );
}

/** The value at a part name such as `commands[0].CreateCommand.templateId` (undefined when absent). */
export function valueAt(body: unknown, name: string): unknown {
  let current = body;
  for (const step of segments(name)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}
