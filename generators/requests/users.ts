/**
 * Requests of Canton's user-management routes (`POST /v2/users`, `PATCH /v2/users/{user-id}`), built on the
 * user-id and annotation generators of the Limits table: valid creations, and creations that break exactly
 * one rule of the table (an invalid user id, annotation key or value, an oversize annotation set), each
 * tagged with the Limits clause it breaks.
 *
 * A valid user id drawn from the seed may already exist on the node; the id of a creation that tests
 * annotations is fresh (`freshId`), so that its only fault is the one the tag names.
 */
import fc from 'fast-check';
import { invalidAnnotationRules } from '../invalid/annotations.js';
import type { ClauseId } from '../../specification/clauses.js';
import type { InvalidValue, Violation } from '../invalid/mutation.js';
import { invalidUserIds } from '../invalid/strings.js';
import { annotations, annotationsOfTotalSize, ANNOTATIONS } from '../primitives/annotations.js';
import { freshId } from '../primitives/fresh-ids.js';
import { userIdString } from '../primitives/strings.js';

export interface UserCreation {
  id: string;
  annotations: Record<string, string>;
}

/** The body of `POST /v2/users` (CreateUserRequest): the user, no rights. */
export function createUserBody(creation: UserCreation): { user: Record<string, unknown>; rights: unknown[] } {
  return { user: { id: creation.id, isDeactivated: false, metadata: { annotations: creation.annotations } }, rights: [] };
}

/** The body of `PATCH /v2/users/{id}` (UpdateUserRequest) changing only annotations (update mask metadata.annotations). */
export function updateAnnotationsBody(
  id: string,
  annotations: Record<string, string>,
  resourceVersion?: string,
): { user: Record<string, unknown>; updateMask: { paths: string[] } } {
  return {
    user: { id, metadata: { ...(resourceVersion === undefined ? {} : { resourceVersion }), annotations } },
    updateMask: { paths: ['metadata.annotations'] },
  };
}

/**
 * User ids a request cannot put in a URL path unchanged: URL parsing resolves the dot segments `.` and `..` (also
 * percent-encoded as `%2e`), so `/v2/users/..` reaches `/v2/` and `/v2/users/.` the list route, and encoding them
 * otherwise would make Canton read another id. They are valid user ids all the same.
 */
export const DOT_SEGMENT_USER_IDS: readonly string[] = ['.', '..'];

/**
 * A creation with a user id of the Limits table (boundaries 1 and 128 included) and no annotations. The suite reads
 * and deletes the user at `/v2/users/{id}`, so the dot segments are left out (`DOT_SEGMENT_USER_IDS`).
 */
export function userIdCreation(): fc.Arbitrary<UserCreation> {
  return userIdString()
    .filter((id) => !DOT_SEGMENT_USER_IDS.includes(id))
    .map((id) => ({ id, annotations: {} }));
}

/** A creation with a fresh id and valid annotations (empty, small, exactly 256 KiB). */
export function annotatedUserCreation(): fc.Arbitrary<UserCreation> {
  return annotations().map((valid) => ({ id: freshId('lc-user'), annotations: valid }));
}

/** Annotations exactly at the 256 KiB limit (accepted) under a fresh id. */
export function largestAnnotatedUserCreation(): fc.Arbitrary<UserCreation> {
  return annotationsOfTotalSize(ANNOTATIONS.totalMaxBytes).map((valid) => ({ id: freshId('lc-user'), annotations: valid }));
}

const USER_ID_PART = { kind: 'body', name: 'user.id' } as const;

/** Creations whose user id breaks one rule of the Limits table (and carry no annotations). */
export function invalidUserIdCreations(): fc.Arbitrary<InvalidValue<UserCreation>>[] {
  const tagged = (clauseId: ClauseId, rule: string, how: 'too-long' | 'forbidden-character' | 'empty', id: fc.Arbitrary<string>) => {
    const violation: Violation = { kind: 'format', format: 'user-id', how };
    return id.map((value): InvalidValue<UserCreation> => ({
      clauseId,
      rule,
      part: USER_ID_PART,
      violation,
      value: { id: value, annotations: {} },
    }));
  };
  return [
    tagged('user-id.limit.max-128', 'user id of 129 characters', 'too-long', invalidUserIds.tooLong()),
    tagged('user-id.limit.charset', 'user id with a forbidden character', 'forbidden-character', invalidUserIds.forbiddenCharacter()),
    tagged('user-id.limit.non-empty', 'empty user id', 'empty', invalidUserIds.empty()),
  ];
}

/** Creations under a fresh id whose annotations break one rule of the Limits table. */
export function invalidAnnotationCreations(): fc.Arbitrary<InvalidValue<UserCreation>>[] {
  return invalidAnnotationRules().map((rule) =>
    rule.map((invalid): InvalidValue<UserCreation> => ({
      ...invalid,
      part: { kind: 'body', name: 'user.metadata.annotations' },
      value: { id: freshId('lc-user'), annotations: invalid.value },
    })),
  );
}
