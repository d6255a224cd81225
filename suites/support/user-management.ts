/**
 * Support of the user-management suite: calls of Canton's user routes as the fixtures' participant
 * administrator, the re-check that a (shrunk) generated creation still breaks the Limits rule its tag names
 * (by the suite's reading of the Limits, specification/formats.ts), and the rejection Canton gives for each rule.
 */
import { SuiteBug } from '../../checks/assertion.js';
import type { ClientResponse } from '../../client/http.js';
import type { InvalidTag } from '../../generators/index.js';
import type { UserCreation } from '../../generators/requests/users.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import { endpointPath } from '../../specification/endpoints.js';
import {
  ANNOTATION_KEY,
  ANNOTATIONS_MAX_BYTES,
  annotationKeyParts,
  annotationNameHasAlphanumericEnds,
  annotationNameHasValidCharacters,
  annotationNameWithinMaxLength,
  annotationsByteSize,
  isAnnotationKeyPrefix,
  isAnnotationValue,
  isUserId,
} from '../../specification/formats.js';

export interface UserRecord {
  id: string;
  metadata?: { resourceVersion?: string; annotations?: Record<string, string> };
}

/** The path of one user (`users.get`), its id encoded: what the user routes are sent to. */
export const usersPath = (id: string): string => endpointPath('users.get', { 'user-id': id });

/** The fixtures' participant administrator (the user the suite manages users as). */
export function adminUser(context: ConformanceContext): string {
  return context.userWhere('is a participant administrator (rights.admin)', (user) => user.rights.admin).id;
}

/** A user right to act as `party` (the JSON API's Right, as granted on creation or by the rights endpoint). */
export function canActAs(party: string): { kind: { CanActAs: { value: { party: string } } } } {
  return { kind: { CanActAs: { value: { party } } } };
}

export function createUser(context: ConformanceContext, asUser: string, body: unknown): Promise<ClientResponse> {
  return context.send({ endpoint: 'users.create', user: asUser, body });
}

export function updateUser(context: ConformanceContext, asUser: string, id: string, body: unknown): Promise<ClientResponse> {
  return context.send({ endpoint: 'users.update', params: { 'user-id': id }, user: asUser, body });
}

export function getUser(context: ConformanceContext, asUser: string, id: string): Promise<ClientResponse> {
  return context.send({ endpoint: 'users.get', params: { 'user-id': id }, user: asUser });
}

/** Deletes a user this suite created (never one it did not). */
export async function deleteUser(context: ConformanceContext, asUser: string, id: string): Promise<void> {
  await context.send({ endpoint: 'users.delete', params: { 'user-id': id }, user: asUser });
}

/** Whether `annotations` break the Limits rule `clauseId` (one of the annotation rows). */
function annotationRuleBroken(clauseId: string, annotations: Record<string, string>): boolean {
  const entries = Object.entries(annotations);
  const parts = entries.map(([key]) => annotationKeyParts(key));
  switch (clauseId) {
    case 'annotations.total-size.max-256kb':
      return annotationsByteSize(annotations) > ANNOTATIONS_MAX_BYTES;
    case 'annotations.key.prefix-dns-subdomain-max-253':
      return parts.some((part) => part.prefix !== undefined && !isAnnotationKeyPrefix(part.prefix));
    case 'annotations.key.name-max-63':
      return parts.some((part) => !annotationNameWithinMaxLength(part.name));
    case 'annotations.key.name-charset':
      return parts.some((part) => !annotationNameHasValidCharacters(part.name));
    case 'annotations.key.name-starts-ends-alphanumeric':
      return parts.some((part) => !annotationNameHasAlphanumericEnds(part.name));
    case 'annotations.value.non-empty':
      return entries.some(([, value]) => !isAnnotationValue(value));
    default:
      return false;
  }
}

/**
 * Re-checks, before a rejection is judged, that the (possibly shrunk) creation still breaks the rule its tag
 * names; one that no longer does is a generator bug, reported as a suite error and never as the target's fault.
 */
export function assertStillBreaks(tag: InvalidTag, creation: UserCreation): void {
  const broken = tag.clauseId.startsWith('user-id.limit.')
    ? !isUserId(creation.id)
    : annotationRuleBroken(tag.clauseId, creation.annotations);
  if (!broken) throw new SuiteBug(`the creation no longer breaks ${tag.clauseId} ("${tag.rule}"); a bug of the user generators`);
}

/**
 * Canton's rejection of a creation that breaks `tag`'s rule: the error code and the cause that names the
 * rule. A prefix can break both prefix rules (a generated non-DNS prefix grown past 253 characters):
 * Canton checks the length first, so the value decides which cause is due.
 */
export function cantonRejection(tag: InvalidTag, creation: UserCreation): { code: string; cause: RegExp } {
  switch (tag.clauseId) {
    case 'user-id.limit.non-empty':
      return { code: 'MISSING_FIELD', cause: /missing a mandatory field: id$/ };
    case 'user-id.limit.max-128':
    case 'user-id.limit.charset':
      return { code: 'INVALID_FIELD', cause: /Invalid field id: User ID ".*" does not match regex/s };
    case 'annotations.total-size.max-256kb':
      return { code: 'INVALID_ARGUMENT', cause: /annotations from field 'user\.metadata\.annotations' are larger than the limit of 256kb/ };
    case 'annotations.key.prefix-dns-subdomain-max-253':
      return {
        code: 'INVALID_ARGUMENT',
        cause: Object.keys(creation.annotations).some(
          (key) => (annotationKeyParts(key).prefix?.length ?? 0) > ANNOTATION_KEY.prefixMaxLength,
        )
          ? /Key prefix segment '.*' exceeds maximum length of 253 characters/s
          : /Key prefix segment '.*' has invalid syntax/s,
      };
    case 'annotations.key.name-max-63':
      return { code: 'INVALID_ARGUMENT', cause: /Key name segment '.*' exceeds maximum length of 63 characters/s };
    case 'annotations.key.name-charset':
    case 'annotations.key.name-starts-ends-alphanumeric':
      return { code: 'INVALID_ARGUMENT', cause: /Key name segment '.*' has invalid syntax/s };
    case 'annotations.value.non-empty':
      return { code: 'INVALID_ARGUMENT', cause: /The value of an annotation is empty for key: '.*'/s };
    default:
      throw new Error(`user-management suite: no Canton rejection known for the rule ${tag.clauseId} (${tag.rule})`);
  }
}
