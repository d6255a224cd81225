/**
 * User management as Canton 3.5's JSON API serves it (JsUserManagementService over
 * ApiUserManagementService): create, get, update, delete, list users; grant, revoke and list rights.
 *
 * Order of checks, as Canton: the body is decoded (400 text/plain); the JSON layer checks the user id of
 * the path (malformed, or not the one of the body: INVALID_ARGUMENT); then the token (401) and the
 * caller's rights (403: participant admin, or the user itself for reading its own record and rights);
 * then the request's fields (MISSING_FIELD / INVALID_FIELD / INVALID_ARGUMENT); then the store
 * (USER_NOT_FOUND, USER_ALREADY_EXISTS, CONCURRENT_USER_UPDATE_DETECTED, ...).
 */
import type { LedgerApiVersion } from '../../config/types.js';
import { LedgerApiError, invalidArgument, missingField } from '../canton-errors.js';
import { requireCaller, requirePermission } from '../http/auth-context.js';
import { parseJsonBody } from '../http/body.js';
import { asObject, indexPath, oneOfKeys, requireField, wrongType, type JsonObject } from '../http/decode.js';
import type { Faults } from '../faults.js';
import { userIdProblem } from '../string-formats.js';
import type { AuthenticatedCaller, RefRequest, RefResponse, Route } from '../http/types.js';
import { decodePageToken, encodePageToken } from './page-token.js';
import {
  decodeObjectMeta,
  int32Query,
  javaSplit,
  relaxedArray,
  relaxedBoolean,
  relaxedMessage,
  relaxedString,
  requireKnownIdentityProvider,
  requireParty,
  requireResourceVersion,
  requireUserId,
  requireValidAnnotations,
} from './admin-validation.js';
import { renderRight, renderUser, rightsOf, type UserRight, type Users } from './users.js';
import { withinMaxAnnotationsSize } from './annotations.js';

/** Canton's default `max-users-page-size`. */
const MAX_USERS_PAGE_SIZE = 1000;
const USER_ID_PATH = 'user-id';
const RIGHT_KINDS = [
  'CanActAs',
  'CanExecuteAs',
  'CanExecuteAsAnyParty',
  'CanReadAs',
  'CanReadAsAnyParty',
  'Empty',
  'IdentityProviderAdmin',
  'ParticipantAdmin',
] as const;

/** The user-update paths of Canton's UserPaths trie (proto field names). */
const USER_UPDATE_PATHS: readonly string[][] = [
  ['id'],
  ['primary_party'],
  ['is_deactivated'],
  ['metadata', 'annotations'],
  ['metadata', 'resource_version'],
  ['identity_provider_id'],
  ['primary_party_authentication'],
];

export interface UserManagementOptions {
  users: Users;
  ledgerApiVersion: LedgerApiVersion;
  faults: Faults;
}

function decodeRight(value: unknown, path: string): UserRight {
  const right = asObject(value, path);
  const kindPath = `${path}.kind`;
  const kindValue = Object.hasOwn(right, 'kind') && right.kind !== null ? right.kind : { Empty: {} };
  const { key, value: variant } = oneOfKeys(kindValue, RIGHT_KINDS, 'Kind', kindPath);
  if (key === 'Empty') {
    throw invalidArgument('unknown kind of right - check that the Ledger API version of the server is recent enough');
  }
  const variantPath = `${kindPath}.${key}`;
  const wrapper = asObject(variant, variantPath);
  const inner = asObject(requireField(wrapper, 'value', variantPath), `${variantPath}.value`);
  switch (key) {
    case 'ParticipantAdmin':
    case 'IdentityProviderAdmin':
    case 'CanReadAsAnyParty':
    case 'CanExecuteAsAnyParty':
      return { kind: key };
    case 'CanActAs':
    case 'CanReadAs':
    case 'CanExecuteAs':
      return { kind: key, party: relaxedString(inner, 'party', `${variantPath}.value`) };
  }
}

/** Rights decoded first (decode failures are 400 text), validated later (after authorization). */
function decodeRights(obj: JsonObject, field: string, path: string): (() => UserRight)[] {
  return relaxedArray(obj, field, path).map((value, index) => {
    const elementPath = indexPath(path === '' ? field : `${path}.${field}`, index);
    let decoded: UserRight | LedgerApiError;
    try {
      decoded = decodeRight(value, elementPath);
    } catch (error) {
      if (!(error instanceof LedgerApiError)) throw error;
      decoded = error;
    }
    return () => {
      if (decoded instanceof LedgerApiError) throw decoded;
      if ('party' in decoded) requireParty(decoded.party);
      return decoded;
    };
  });
}

interface DecodedUser {
  id: string;
  primaryParty: string;
  isDeactivated: boolean;
  metadata: { resourceVersion: string; annotations: Record<string, string> };
  identityProviderId: string;
  primaryPartyAuthentication: boolean;
}

function decodeUser(obj: JsonObject | undefined, path: string): DecodedUser | undefined {
  if (obj === undefined) return undefined;
  return {
    id: relaxedString(obj, 'id', path),
    primaryParty: relaxedString(obj, 'primaryParty', path),
    isDeactivated: relaxedBoolean(obj, 'isDeactivated', path),
    metadata: decodeObjectMeta(relaxedMessage(obj, 'metadata', path), `${path}.metadata`),
    identityProviderId: relaxedString(obj, 'identityProviderId', path),
    primaryPartyAuthentication: relaxedBoolean(obj, 'primaryPartyAuthentication', path),
  };
}

function decodeFieldMask(obj: JsonObject | undefined, path: string): string[] | undefined {
  if (obj === undefined) return undefined;
  return relaxedArray(obj, 'paths', path).map((value, index) => {
    if (typeof value !== 'string') throw wrongType(value, 'string', indexPath(`${path}.paths`, index));
    return value;
  });
}

function bodyObject(request: RefRequest): JsonObject {
  return asObject(parseJsonBody(request), '');
}

/** The JSON layer's check of the path's user id (before any authorization). */
function pathUserId(request: RefRequest): string {
  const userId = request.params[USER_ID_PATH] ?? '';
  const problem = userIdProblem(userId);
  if (problem !== undefined) throw invalidArgument(`Malformed ${USER_ID_PATH}: ${problem}`);
  return userId;
}

/** Scala's `Option` as the JSON layer prints it in its mismatch message. */
function scalaOption(value: string | undefined): string {
  return value === undefined ? 'None' : `Some(${value})`;
}

function unmatchedUserId(inPath: string, inBody: string | undefined): LedgerApiError {
  return invalidArgument(`${inPath} does not match user in body: ${scalaOption(inBody)} `);
}

function requireAdmin(caller: AuthenticatedCaller, action: string): void {
  requirePermission(caller.rights.admin, `${action} needs participant_admin rights`);
}

function requireAdminOrSelf(caller: AuthenticatedCaller, userId: string, action: string): void {
  requirePermission(caller.rights.admin || caller.userId === userId, `${action} needs participant_admin rights or to be that user`);
}

/** Canton's UpdateMapperBase: the mask's paths, checked against the user's update paths. */
function updateMask(userId: string, paths: string[]): Set<string> {
  const fail = (reason: string) =>
    new LedgerApiError('INVALID_USER_UPDATE_REQUEST', `Update operation for user id '${userId}' failed due to: ${reason}`, {
      resources: [['USER', userId]],
    });
  if (paths.length === 0) throw fail('The update mask contains no entries');
  const shorten = (text: string): string => (text.length > 53 ? `${text.slice(0, 50)}...` : text);
  const seen = new Set<string>();
  for (const raw of paths) {
    const segments = javaSplit(raw, '.');
    const known = USER_UPDATE_PATHS.some((full) => segments.length <= full.length && segments.every((segment, i) => full[i] === segment));
    if (!known) throw fail(`The update path: '${shorten(raw)}' points to an unknown field.`);
    const normalised = segments.join('.');
    if (seen.has(normalised)) throw fail(`The update path: '${shorten(raw)}' is duplicated.`);
    seen.add(normalised);
  }
  return seen;
}

/** How one field is updated: exactly named → set (even to the default); named by a parent path → set unless default. */
function fieldUpdate<T>(mask: Set<string>, path: string, value: T, isDefault: boolean): T | undefined {
  if (mask.has(path)) return value;
  const parents = path.split('.').slice(0, -1);
  for (let length = parents.length; length > 0; length -= 1) {
    if (mask.has(parents.slice(0, length).join('.'))) return isDefault ? undefined : value;
  }
  return undefined;
}

/** A users page token names a user id; one that does not is refused like an undecodable token. */
function decodeUserPageToken(token: string): string | undefined {
  const userId = decodePageToken(token);
  if (userId !== undefined && userIdProblem(userId) !== undefined) throw invalidArgument('Invalid page token');
  return userId;
}

export function userManagementRoutes(options: UserManagementOptions): Route[] {
  const { users, ledgerApiVersion, faults } = options;
  const checkAnnotations = (annotations: Record<string, string>, allowEmptyValues: boolean): void => {
    if (!faults.has('user-annotation-rules-ignored')) requireValidAnnotations(annotations, allowEmptyValues, 'user.metadata.annotations');
  };
  const render = (user: Parameters<typeof renderUser>[0]) => renderUser(user, ledgerApiVersion);

  function create(request: RefRequest): RefResponse {
    const body = bodyObject(request);
    const user = decodeUser(relaxedMessage(body, 'user', ''), 'user');
    const rights = decodeRights(body, 'rights', '');
    requireAdmin(requireCaller(request.auth), 'creating a user');
    if (user === undefined) throw missingField('user');
    const id = requireUserId(user.id, 'id');
    if (user.metadata.resourceVersion !== '' && !faults.has('user-create-resource-version-ignored')) {
      throw invalidArgument('field user.metadata.resource_version must be not set');
    }
    if (faults.has('user-duplicate-create-replaces') && users.get(id) !== undefined) users.delete(id);
    checkAnnotations(user.metadata.annotations, false);
    if (user.primaryParty !== '') requireParty(user.primaryParty);
    const validRights = rights.map((validate) => validate());
    requireKnownIdentityProvider(user.identityProviderId, 'identity_provider_id');
    // Holdout fault `holdout-recreated-user-keeps-rights`: a user created again under a deleted id gets its old rights back.
    const kept = faults.has('holdout-recreated-user-keeps-rights') && users.get(id) === undefined ? deletedRights.get(id) : undefined;
    if (kept !== undefined) validRights.push(...kept);
    // Holdout fault `holdout4-create-keeps-first-right`: only the first right given is stored.
    if (faults.has('holdout4-create-keeps-first-right')) validRights.splice(1);
    const created = users.create(
      {
        id,
        primaryParty: user.primaryParty,
        // Holdout fault `holdout4-created-deactivated-ignored`: a user is always created active.
        isDeactivated: user.isDeactivated && !faults.has('holdout4-created-deactivated-ignored'),
        annotations: user.metadata.annotations,
        identityProviderId: '',
        primaryPartyAuthentication: user.primaryPartyAuthentication,
      },
      validRights,
    );
    createdRecords.set(created.id, render(created));
    return { status: 200, body: { user: render(created) } };
  }

  /** The users deleted since start, as they were (fault `user-deleted-still-listed` lists them). */
  const deletedUsers: Record<string, unknown>[] = [];
  /** Each user's record as created (holdout fault `holdout2-list-shows-created-record`). */
  const createdRecords = new Map<string, Record<string, unknown>>();
  /** The rights of each user deleted since start (holdout fault `holdout-recreated-user-keeps-rights`). */
  const deletedRights = new Map<string, UserRight[]>();

  function list(request: RefRequest): RefResponse {
    const pageSize = int32Query(request, 'pageSize');
    const pageToken = request.query.get('pageToken') ?? '';
    requireAdmin(requireCaller(request.auth), 'listing users');
    const after = decodeUserPageToken(pageToken);
    if (pageSize < 0) throw invalidArgument('Max page size must be non-negative');
    const size = pageSize === 0 ? MAX_USERS_PAGE_SIZE : Math.min(pageSize, MAX_USERS_PAGE_SIZE);
    // Holdout fault `holdout-page-token-skips-one`: a page after a token starts one user late.
    const page =
      after !== undefined && faults.has('holdout-page-token-skips-one') ? users.page(after, size + 1).slice(1) : users.page(after, size);
    const last = page[page.length - 1];
    // Fault `user-deleted-still-listed`: the last page lists the users deleted since start too.
    // Holdout fault `holdout2-list-shows-created-record`: each user as it was created.
    const rendered = page.map((entry) =>
      faults.has('holdout2-list-shows-created-record') ? (createdRecords.get(entry.id) ?? render(entry)) : render(entry),
    );
    if (faults.has('user-deleted-still-listed') && page.length < size) rendered.push(...deletedUsers);
    return {
      status: 200,
      body: { users: rendered, nextPageToken: page.length < size || last === undefined ? '' : encodePageToken(last.id) },
    };
  }

  function get(request: RefRequest): RefResponse {
    const userId = pathUserId(request);
    const identityProviderId = request.query.get('identity-provider-id') ?? '';
    requireAdminOrSelf(requireCaller(request.auth), userId, 'reading a user');
    requireKnownIdentityProvider(identityProviderId, 'identity_provider_id');
    const rendered = render(users.require('getting user', userId));
    // Fault `admin-user-annotated`: participant_admin reads back with an annotation Canton's default administrator lacks.
    if (faults.has('admin-user-annotated') && userId === 'participant_admin') {
      const metadata = rendered.metadata as { annotations?: Record<string, string> } | undefined;
      if (metadata) metadata.annotations = { ...metadata.annotations, 'set-up-by': 'reference' };
    }
    return { status: 200, body: { user: rendered } };
  }

  function update(request: RefRequest): RefResponse {
    const body = bodyObject(request);
    const user = decodeUser(relaxedMessage(body, 'user', ''), 'user');
    const mask = decodeFieldMask(relaxedMessage(body, 'updateMask', ''), 'updateMask');
    const inPath = request.params[USER_ID_PATH] ?? '';
    if (user?.id !== inPath) throw unmatchedUserId(inPath, user?.id);
    const caller = requireCaller(request.auth);
    requireAdmin(caller, 'updating a user');
    const id = requireUserId(user.id, 'user.id');
    if (mask === undefined) throw missingField('update_mask');
    if (user.primaryParty !== '') requireParty(user.primaryParty);
    requireKnownIdentityProvider(user.identityProviderId, 'identity_provider_id');
    const resourceVersion =
      user.metadata.resourceVersion === ''
        ? undefined
        : requireResourceVersion(user.metadata.resourceVersion, 'user.metadata.resource_version');
    // Fault `user-removal-key-syntax-unchecked`: the keys of removals (empty values) are not checked on update.
    checkAnnotations(
      faults.has('user-removal-key-syntax-unchecked')
        ? Object.fromEntries(Object.entries(user.metadata.annotations).filter(([, value]) => value !== ''))
        : user.metadata.annotations,
      true,
    );
    // Fault `user-removals-counted-in-size`: the keys of removals count toward the 256 kB limit on update.
    if (faults.has('user-removals-counted-in-size') && !withinMaxAnnotationsSize(user.metadata.annotations))
      throw invalidArgument('annotations from field user.metadata.annotations are larger than the limit of 256kb');
    const paths = faults.has('user-update-mask-unchecked') && mask.length > 0 ? new Set(mask) : updateMask(id, mask);
    const isDeactivated = faults.has('user-deactivation-not-updated')
      ? undefined
      : faults.has('holdout2-annotation-update-reactivates') && paths.has('metadata.annotations') && !paths.has('is_deactivated')
        ? false
        : fieldUpdate(paths, 'is_deactivated', user.isDeactivated, !user.isDeactivated);
    if (caller.userId === id && isDeactivated === true) throw invalidArgument('Requesting user cannot self-deactivate');
    const annotations = user.metadata.annotations;
    // Fault `user-update-not-persisted`: the answer is the updated user, the store keeps the fields it had.
    const before = users.get(id);
    const kept = before && {
      primaryParty: before.primaryParty,
      isDeactivated: before.isDeactivated,
      annotations: { ...before.annotations },
    };
    // Fault `user-absent-annotation-removal-refused`: an empty value for a key the user does not have is refused (Canton: a no-op).
    const absentKey = Object.keys(annotations).find((key) => annotations[key] === '' && !(key in (users.get(id)?.annotations ?? {})));
    if (faults.has('user-absent-annotation-removal-refused') && absentKey !== undefined)
      throw invalidArgument(`The annotation key ${absentKey} cannot be removed: the user has no such key`);
    const updated = users.update({
      id,
      primaryParty: fieldUpdate(paths, 'primary_party', user.primaryParty, user.primaryParty === ''),
      isDeactivated,
      primaryPartyAuthentication: fieldUpdate(
        paths,
        'primary_party_authentication',
        user.primaryPartyAuthentication,
        !user.primaryPartyAuthentication,
      ),
      // Holdout fault `holdout-mask-ignored-for-annotations`: the body's annotations are merged whatever the mask names.
      annotations:
        faults.has('holdout-mask-ignored-for-annotations') && Object.keys(annotations).length > 0
          ? annotations
          : fieldUpdate(paths, 'metadata.annotations', annotations, Object.keys(annotations).length === 0),
      ...(resourceVersion === undefined || faults.has('user-stale-update-accepted') ? {} : { resourceVersion }),
    });
    // Holdout fault `holdout3-resource-version-annotations-only`: the version moves only with the annotations.
    if (
      faults.has('holdout3-resource-version-annotations-only') &&
      kept &&
      JSON.stringify(kept.annotations) === JSON.stringify(updated.annotations)
    )
      updated.resourceVersion -= 1;
    const answer = render(updated);
    if (faults.has('user-update-not-persisted') && kept) Object.assign(updated, kept);
    return { status: 200, body: { user: answer } };
  }

  /**
   * Fault `user-concurrent-update-lost`: an update copies the user's fields, waits 50 ms, writes the copy back and then
   * applies itself, so of two updates of one user under way together the one that finished first is lost (both
   * answered 200). An update that runs alone is unaffected.
   */
  async function updateReadModifyWrite(request: RefRequest): Promise<RefResponse> {
    const copy = (user: ReturnType<typeof users.get>) =>
      user && { primaryParty: user.primaryParty, isDeactivated: user.isDeactivated, annotations: { ...user.annotations } };
    const stale = copy(users.get(request.params[USER_ID_PATH] ?? ''));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const current = users.get(request.params[USER_ID_PATH] ?? '');
    if (stale && current) Object.assign(current, stale);
    return update(request);
  }

  function remove(request: RefRequest): RefResponse {
    const userId = pathUserId(request);
    const caller = requireCaller(request.auth);
    requireAdmin(caller, 'deleting a user');
    if (caller.userId === userId) throw invalidArgument('Requesting user cannot delete itself');
    if (faults.has('user-delete-unknown-succeeds') && users.get(userId) === undefined) return { status: 200, body: {} };
    const removed = users.get(userId);
    users.delete(userId);
    if (removed) deletedRights.set(userId, rightsOf(removed.caller.rights));
    if (faults.has('user-deleted-still-listed') && removed) deletedUsers.push(render(removed));
    return { status: 200, body: faults.has('user-delete-answers-user') && removed ? { user: render(removed) } : {} };
  }

  function listRights(request: RefRequest): RefResponse {
    const userId = pathUserId(request);
    requireAdminOrSelf(requireCaller(request.auth), userId, 'listing the rights of a user');
    const user = users.require('list user rights', userId);
    return { status: 200, body: { rights: rightsOf(user.caller.rights).map(renderRight) } };
  }

  /** Grant and revoke share their request shape: `{userId, rights, identityProviderId}`. */
  function rightsRequest(request: RefRequest, action: string): { caller: AuthenticatedCaller; userId: string; rights: UserRight[] } {
    const body = bodyObject(request);
    const bodyUserId = relaxedString(body, 'userId', '');
    const rights = decodeRights(body, 'rights', '');
    const identityProviderId = relaxedString(body, 'identityProviderId', '');
    const inPath = request.params[USER_ID_PATH] ?? '';
    if (bodyUserId !== inPath) throw unmatchedUserId(inPath, bodyUserId);
    const caller = requireCaller(request.auth);
    requireAdmin(caller, action);
    const userId = requireUserId(bodyUserId, 'user_id');
    const validRights = rights.map((validate) => validate());
    requireKnownIdentityProvider(identityProviderId, 'identity_provider_id');
    return { caller, userId, rights: validRights };
  }

  function grant(request: RefRequest): RefResponse {
    const { userId, rights } = rightsRequest(request, 'granting user rights');
    const granted = users.grant(userId, rights);
    return { status: 200, body: { newlyGrantedRights: (faults.has('user-regrant-reported') ? rights : granted).map(renderRight) } };
  }

  function revoke(request: RefRequest): RefResponse {
    const { caller, userId, rights } = rightsRequest(request, 'revoking user rights');
    // Fault `user-empty-revoke-refused`: a revocation of no rights is refused (Canton: accepted, nothing revoked).
    if (faults.has('user-empty-revoke-refused') && rights.length === 0) throw invalidArgument('The rights to revoke must not be empty');
    if (caller.userId === userId && rights.some((right) => right.kind === 'ParticipantAdmin')) {
      throw invalidArgument('Requesting user cannot remove own admin rights');
    }
    const revoked = users.revoke(userId, rights);
    // Fault `user-revoke-not-applied`: the answer lists the rights revoked, the user keeps them.
    if (faults.has('user-revoke-not-applied')) users.grant(userId, revoked);
    return { status: 200, body: { newlyRevokedRights: revoked.map(renderRight) } };
  }

  return [
    { method: 'POST', pattern: '/v2/users', handler: create },
    { method: 'GET', pattern: '/v2/users', handler: list },
    { method: 'GET', pattern: '/v2/users/{user-id}', handler: get },
    {
      method: 'PATCH',
      pattern: '/v2/users/{user-id}',
      handler: faults.has('user-concurrent-update-lost') ? updateReadModifyWrite : update,
    },
    { method: 'DELETE', pattern: '/v2/users/{user-id}', handler: remove },
    { method: 'GET', pattern: '/v2/users/{user-id}/rights', handler: listRights },
    { method: 'POST', pattern: '/v2/users/{user-id}/rights', handler: grant },
    { method: 'PATCH', pattern: '/v2/users/{user-id}/rights', handler: revoke },
  ];
}
