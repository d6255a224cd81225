/**
 * The `canton` profile for Canton's user-management routes (`POST /v2/users`, `PATCH /v2/users/{user-id}`):
 * the spec's Limits table on user ids and annotations (specification/clauses/limits.ts) as a real Canton 3.5
 * participant enforces them when users are created and updated. Each id is `canton.users.limits.` plus the
 * id of the Limits clause it enforces. Facts read from Canton's release-line-3.5 source
 * (ApiUserManagementService, FieldValidator, ResourceAnnotationValidator, InMemoryUserManagementStore,
 * UserManagementServiceErrors); the spec does not list these routes, so only the canton profile checks them.
 */
import { cantonGroup } from './define.js';

const users = cantonGroup({ section: 'Limits', endpoint: 'users.create', resource: 'User' });
const updates = cantonGroup({ section: 'Limits', endpoint: 'users.update', resource: 'ObjectMeta' });

const SOURCE = '(facts canton: Canton 3.5 source, ApiUserManagementService and FieldValidator)';
const ANNOTATIONS_SOURCE = '(facts canton: Canton 3.5 source, ResourceAnnotationValidator)';
const STORE_SOURCE = '(facts canton: Canton 3.5 source, InMemoryUserManagementStore and UserManagementServiceErrors)';

export const cantonUserClauses = [
  users(
    'canton.users.limits.user-id.limit.non-empty',
    'limit',
    `Limits, User id: non-empty. Creating a user with an empty id is rejected with 400 MISSING_FIELD naming the field id ${SOURCE}.`,
  ),
  users(
    'canton.users.limits.user-id.limit.max-128',
    'limit',
    `Limits, User id: at most 128 characters. A longer id is rejected with 400 INVALID_FIELD naming the field id: ` +
      `it does not match the regex [a-zA-Z0-9@^$.!\`\\-#+'~_|:\\(\\)]{1,128} ${SOURCE}.`,
  ),
  users(
    'canton.users.limits.user-id.limit.charset',
    'limit',
    `Limits, User id: each character an ASCII letter or digit or one of @ ^ $ . ! \` - # + ' ~ _ : ( ) |. An id with another ` +
      `character is rejected with 400 INVALID_FIELD naming the field id (the same regex) ${SOURCE}.`,
  ),
  users(
    'canton.users.limits.user-id.accepted',
    'limit',
    `Limits, User id: an id within the limits (1 to 128 characters of the allowed ones) is accepted: 200 with the created user, ` +
      `which reads back under that id ${SOURCE}.`,
  ),
  users(
    'canton.users.limits.annotations.total-size.max-256kb',
    'limit',
    `Limits, Annotations total size: at most 256 kb in UTF-8 over all keys and values. A larger set is rejected with 400 ` +
      `INVALID_ARGUMENT "annotations from field 'user.metadata.annotations' are larger than the limit of 256kb"; exactly 256 KiB is accepted ` +
      `${ANNOTATIONS_SOURCE}.`,
  ),
  users(
    'canton.users.limits.annotations.key.prefix-dns-subdomain-max-253',
    'limit',
    `Limits, Annotation key: the optional prefix is a DNS subdomain of at most 253 characters. A longer prefix is rejected with 400 ` +
      `INVALID_ARGUMENT "Key prefix segment '…' exceeds maximum length of 253 characters", one that is no DNS subdomain with ` +
      `"Key prefix segment '…' has invalid syntax" ${ANNOTATIONS_SOURCE}.`,
  ),
  users(
    'canton.users.limits.annotations.key.name-max-63',
    'limit',
    `Limits, Annotation key: the name has at most 63 characters. A longer name is rejected with 400 INVALID_ARGUMENT ` +
      `"Key name segment '…' exceeds maximum length of 63 characters" ${ANNOTATIONS_SOURCE}.`,
  ),
  users(
    'canton.users.limits.annotations.key.name-charset',
    'limit',
    `Limits, Annotation key: the name is made of letters, digits, ".", "-", "_". A name with another character is rejected with 400 ` +
      `INVALID_ARGUMENT "Key name segment '…' has invalid syntax" ${ANNOTATIONS_SOURCE}.`,
  ),
  users(
    'canton.users.limits.annotations.key.name-starts-ends-alphanumeric',
    'limit',
    `Limits, Annotation key: the name starts and ends with a letter or digit. Another first or last character is rejected with 400 ` +
      `INVALID_ARGUMENT "Key name segment '…' has invalid syntax" ${ANNOTATIONS_SOURCE}.`,
  ),
  users(
    'canton.users.limits.annotations.value.non-empty',
    'limit',
    `Limits, Annotation value: any non-empty string. Creating a user with an empty value is rejected with 400 INVALID_ARGUMENT ` +
      `"The value of an annotation is empty for key: '…'" ${ANNOTATIONS_SOURCE}.`,
  ),
  users(
    'canton.users.limits.annotations.accepted',
    'limit',
    `Limits, Annotation key and value: annotations within the limits (keys with and without prefix, of the longest lengths) are ` +
      `accepted on creation and read back as sent ${ANNOTATIONS_SOURCE}.`,
  ),
  updates(
    'canton.users.limits.annotations.value.empty-removes-key',
    'limit',
    `Limits, Annotation value: in an update, an empty value removes the key. A PATCH with update mask metadata.annotations ` +
      `merges the annotations sent into the user's and drops those whose value is empty ${STORE_SOURCE}.`,
  ),
  updates(
    'canton.users.limits.annotations.update.same-rules',
    'limit',
    `Limits, Annotation key: an update is checked by the same key rules and size limit as a creation (400 INVALID_ARGUMENT), ` +
      `empty values being allowed there ${ANNOTATIONS_SOURCE}.`,
  ),
  updates(
    'canton.users.limits.resource-version.concurrent-update-rejected',
    'state',
    `ObjectMeta resourceVersion: changes on every update; an update that passes back a resourceVersion other than the current one ` +
      `fails with 409 CONCURRENT_USER_UPDATE_DETECTED and changes nothing; one with the current version succeeds ${STORE_SOURCE}.`,
  ),
  users(
    'canton.users.admin-only',
    'auth',
    `Creating and updating users needs participant_admin rights (or identity-provider admin rights for its provider): a user ` +
      `token without them is denied with 403 (redacted PERMISSION_DENIED) before the gRPC layer validates the request; the ` +
      `JSON layer's own checks (a path id that does not match the body's, a malformed user id in the path) come first ${SOURCE}.`,
  ),
];
