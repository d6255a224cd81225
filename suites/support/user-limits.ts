/**
 * What the user-management suites (`suites/participant/user-management.suite.ts`, `user-annotations.suite.ts`) share:
 * the endpoint and requirements of their tests, the user record of an answer, and the verdict on an invalid creation or
 * update by its control and Canton's cause for its rule.
 */
import { positiveDataAcceptance } from '../../checks/basic.js';
import { negativeDataRejection } from '../../checks/rejection.js';
import { answerBody } from '../../checks/schema.js';
import { expectText } from '../../checks/values.js';
import type { ClientResponse } from '../../client/http.js';
import { freshId, type InvalidValue } from '../../generators/index.js';
import { createUserBody, type UserCreation } from '../../generators/requests/users.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import type { Requirement } from '../../harness/library/requirements.js';
import type { ClauseId } from '../../specification/clauses.js';
import fc from 'fast-check';
import { adminUser, assertStillBreaks, cantonRejection, createUser, deleteUser, type UserRecord } from './user-management.js';

export const ENDPOINT = 'users';
export const REQUIRES: Requirement[] = ['userManagement', 'writes'];
export const limitClause = (clauseId: string): ClauseId => `canton.users.limits.${clauseId}` as ClauseId;

export function userOf(context: ConformanceContext, response: ClientResponse, clauseId: ClauseId): UserRecord {
  positiveDataAcceptance(response, clauseId);
  return (answerBody(response, clauseId, 'GetUserResponse') as { user: UserRecord }).user;
}

/** Annotations as a sorted list of entries, so that two maps compare equal whatever their key order. */
export const entries = (annotations: Record<string, string> | undefined): [string, string][] =>
  Object.entries(annotations ?? {}).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));

/** Creates a user and returns it, or fails the clause; the caller deletes it. */
export async function created(context: ConformanceContext, admin: string, creation: UserCreation, clauseId: ClauseId): Promise<UserRecord> {
  return userOf(context, await createUser(context, admin, createUserBody(creation)), clauseId);
}

/** The control of a rejected creation: a fresh user without annotations, created and deleted again. */
export async function controlCreation(context: ConformanceContext, admin: string): Promise<ClientResponse> {
  const id = freshId('lc-user');
  const response = await createUser(context, admin, createUserBody({ id, annotations: {} }));
  if (response.status === 200) await deleteUser(context, admin, id);
  return response;
}

const causeOf = (response: ClientResponse): string => {
  try {
    return String((JSON.parse(response.text) as { cause?: unknown }).cause ?? '');
  } catch {
    return '';
  }
};

/**
 * Judges the answer to an invalid creation or update by its control; once credited, the error's cause must
 * be the one Canton gives for that rule (not merely some INVALID_ARGUMENT).
 */
export async function rejectedByItsRule(
  context: ConformanceContext,
  invalid: InvalidValue<UserCreation>,
  clauseId: ClauseId,
  response: ClientResponse,
  control: () => Promise<ClientResponse>,
  code?: string,
): Promise<void> {
  const expected = cantonRejection(invalid, invalid.value);
  const outcome = await negativeDataRejection(context, {
    rule: { ...invalid, clauseId },
    response,
    control,
    endpoint: ENDPOINT,
    errorBodyClause: clauseId,
    canton: { form: 'error', code: code ?? expected.code, cantonClauseId: clauseId },
  });
  if (outcome === 'credited')
    expectText(clauseId, `${invalid.rule}: the error's cause`, causeOf(response), { pattern: expected.cause }, response);
}

/**
 * Creates a user with every invalid value the rules draw (each rule tried), deletes any the node accepted, and judges
 * each answer by its rule (rejectedByItsRule, with a valid creation as control).
 */
export async function invalidCreationsRejected(
  context: ConformanceContext,
  rules: fc.Arbitrary<InvalidValue<UserCreation>>[],
): Promise<void> {
  const admin = adminUser(context);
  await context.forEachRule(rules, async (invalid) => {
    assertStillBreaks(invalid, invalid.value);
    const response = await createUser(context, admin, createUserBody(invalid.value));
    if (response.status === 200) await deleteUser(context, admin, invalid.value.id);
    await rejectedByItsRule(context, invalid, limitClause(invalid.clauseId), response, () => controlCreation(context, admin));
  });
}
