/**
 * The participant's users: seeded from the fixtures, then created, updated, deleted and granted rights
 * through the user-management routes (user-management.ts), with the semantics of Canton's
 * InMemoryUserManagementStore: resource versions count from 0 and change on every update, an update that
 * names a stale resource version fails, annotations merge (an empty value removes its key) and may not
 * exceed 256 KiB in total, rights are a set.
 *
 * A user's `caller` holds its rights as mutable sets: a token resolves to it, so a grant, a revocation or
 * a deactivation takes effect on the next request.
 */
import type { Fixtures, LedgerApiVersion, UserFixture } from '../../config/types.js';
import { LedgerApiError } from '../canton-errors.js';
import type { AuthenticatedCaller } from '../http/types.js';
import { mergeAnnotations, withinMaxAnnotationsSize } from './annotations.js';

/** Canton's default `max-rights-per-user`. */
export const MAX_RIGHTS_PER_USER = 1000;

export type UserRight =
  | { kind: 'ParticipantAdmin' }
  | { kind: 'IdentityProviderAdmin' }
  | { kind: 'CanReadAsAnyParty' }
  | { kind: 'CanExecuteAsAnyParty' }
  | { kind: 'CanActAs'; party: string }
  | { kind: 'CanReadAs'; party: string }
  | { kind: 'CanExecuteAs'; party: string };

/** The rights of a user, as the authorization checks read them (mutable: grants change them in place). */
export interface StoredRights {
  actAs: Set<string>;
  readAs: Set<string>;
  executeAs: Set<string>;
  admin: boolean;
  identityProviderAdmin: boolean;
  readAsAnyParty: boolean;
  executeAsAnyParty: boolean;
}

export interface ParticipantUser {
  id: string;
  /** Full party id, or '' when the user has none. */
  primaryParty: string;
  isDeactivated: boolean;
  annotations: Record<string, string>;
  identityProviderId: string;
  resourceVersion: number;
  primaryPartyAuthentication: boolean;
  /** The caller a token of this user authenticates as. */
  caller: AuthenticatedCaller & { rights: StoredRights };
}

export interface NewUser {
  id: string;
  primaryParty: string;
  isDeactivated: boolean;
  annotations: Record<string, string>;
  identityProviderId: string;
  primaryPartyAuthentication: boolean;
}

/** Fields an update changes (undefined: left as is), as Canton's UserUpdate. */
export interface UserUpdate {
  id: string;
  primaryParty?: string;
  isDeactivated?: boolean;
  primaryPartyAuthentication?: boolean;
  /** Merged into the existing annotations. */
  annotations?: Record<string, string>;
  /** The resource version the client read; the update fails when it is no longer current. */
  resourceVersion?: number;
}

/** A party alias of the fixtures (or a full party id, left as is) as a full party id. */
export function resolvePartyAlias(fixtures: Fixtures, aliasOrId: string, where: string): string {
  const party = fixtures.parties.find((p) => p.alias === aliasOrId);
  if (party !== undefined) return party.id;
  if (aliasOrId.includes('::')) return aliasOrId;
  throw new Error(
    `${where} names party '${aliasOrId}', which is not an alias in the fixtures' parties; ` +
      `add it to parties or use one of: ${fixtures.parties.map((p) => p.alias).join(', ')}`,
  );
}

function emptyRights(): StoredRights {
  return {
    actAs: new Set(),
    readAs: new Set(),
    executeAs: new Set(),
    admin: false,
    identityProviderAdmin: false,
    readAsAnyParty: false,
    executeAsAnyParty: false,
  };
}

function fixtureRights(fixtures: Fixtures, user: UserFixture): UserRight[] {
  const where = `fixtures user '${user.id}'`;
  const resolve = (alias: string): string => resolvePartyAlias(fixtures, alias, where);
  return [
    ...(user.rights.admin ? [{ kind: 'ParticipantAdmin' as const }] : []),
    ...(user.rights.readAsAnyParty ? [{ kind: 'CanReadAsAnyParty' as const }] : []),
    ...user.rights.actAs.map((alias) => ({ kind: 'CanActAs' as const, party: resolve(alias) })),
    ...user.rights.readAs.map((alias) => ({ kind: 'CanReadAs' as const, party: resolve(alias) })),
    ...user.rights.executeAs.map((alias) => ({ kind: 'CanExecuteAs' as const, party: resolve(alias) })),
  ];
}

function hasRight(rights: StoredRights, right: UserRight): boolean {
  switch (right.kind) {
    case 'ParticipantAdmin':
      return rights.admin;
    case 'IdentityProviderAdmin':
      return rights.identityProviderAdmin;
    case 'CanReadAsAnyParty':
      return rights.readAsAnyParty;
    case 'CanExecuteAsAnyParty':
      return rights.executeAsAnyParty;
    case 'CanActAs':
      return rights.actAs.has(right.party);
    case 'CanReadAs':
      return rights.readAs.has(right.party);
    case 'CanExecuteAs':
      return rights.executeAs.has(right.party);
  }
}

function setRight(rights: StoredRights, right: UserRight, present: boolean): void {
  const change = (set: Set<string>, party: string): void => void (present ? set.add(party) : set.delete(party));
  switch (right.kind) {
    case 'ParticipantAdmin':
      rights.admin = present;
      return;
    case 'IdentityProviderAdmin':
      rights.identityProviderAdmin = present;
      return;
    case 'CanReadAsAnyParty':
      rights.readAsAnyParty = present;
      return;
    case 'CanExecuteAsAnyParty':
      rights.executeAsAnyParty = present;
      return;
    case 'CanActAs':
      return change(rights.actAs, right.party);
    case 'CanReadAs':
      return change(rights.readAs, right.party);
    case 'CanExecuteAs':
      return change(rights.executeAs, right.party);
  }
}

/** A user's rights as a list: flags first, then the per-party rights in the order they were granted. */
export function rightsOf(rights: StoredRights): UserRight[] {
  const flags: UserRight[] = [
    ...(rights.admin ? [{ kind: 'ParticipantAdmin' as const }] : []),
    ...(rights.identityProviderAdmin ? [{ kind: 'IdentityProviderAdmin' as const }] : []),
    ...(rights.readAsAnyParty ? [{ kind: 'CanReadAsAnyParty' as const }] : []),
    ...(rights.executeAsAnyParty ? [{ kind: 'CanExecuteAsAnyParty' as const }] : []),
  ];
  return [
    ...flags,
    ...[...rights.actAs].map((party) => ({ kind: 'CanActAs' as const, party })),
    ...[...rights.readAs].map((party) => ({ kind: 'CanReadAs' as const, party })),
    ...[...rights.executeAs].map((party) => ({ kind: 'CanExecuteAs' as const, party })),
  ];
}

/** The distinct rights of a list (a request may name one twice; Canton turns the list into a set). */
export function distinctRights(rights: readonly UserRight[]): UserRight[] {
  const seen = new Set<string>();
  return rights.filter((right) => {
    const key = 'party' in right ? `${right.kind}:${right.party}` : right.kind;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function userNotFound(operation: string, userId: string): LedgerApiError {
  return new LedgerApiError('USER_NOT_FOUND', `${operation} failed for unknown user "${userId}"`, { resources: [['USER', userId]] });
}

export class Users {
  private readonly byId = new Map<string, ParticipantUser>();

  constructor(fixtures: Fixtures) {
    for (const user of fixtures.users) {
      this.insert(
        {
          id: user.id,
          primaryParty: user.primaryParty === undefined ? '' : resolvePartyAlias(fixtures, user.primaryParty, `fixtures user '${user.id}'`),
          isDeactivated: user.isDeactivated,
          annotations: { ...user.metadata.annotations },
          identityProviderId: user.identityProviderId,
          primaryPartyAuthentication: false,
        },
        fixtureRights(fixtures, user),
      );
    }
  }

  get(id: string): ParticipantUser | undefined {
    return this.byId.get(id);
  }

  /** Every user, in the order they were created. */
  all(): readonly ParticipantUser[] {
    return [...this.byId.values()];
  }

  /** The first active participant administrator, if any. */
  firstAdmin(): ParticipantUser | undefined {
    return this.all().find((user) => user.caller.rights.admin && !user.isDeactivated);
  }

  /** Users ordered by id (Canton pages through them so), after `afterId` when given, at most `limit`. */
  page(afterId: string | undefined, limit: number): ParticipantUser[] {
    return [...this.byId.values()]
      .filter((user) => afterId === undefined || user.id > afterId)
      .sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0))
      .slice(0, limit);
  }

  create(user: NewUser, rights: readonly UserRight[]): ParticipantUser {
    const operation = 'creating user';
    if (this.byId.has(user.id)) {
      throw new LedgerApiError('USER_ALREADY_EXISTS', `${operation} failed, as user "${user.id}" already exists`, {
        resources: [['USER', user.id]],
      });
    }
    if (!withinMaxAnnotationsSize(user.annotations)) throw this.annotationsTooLarge(user.id);
    if (distinctRights(rights).length > MAX_RIGHTS_PER_USER) throw this.tooManyRights(operation, user.id);
    return this.insert(user, rights);
  }

  update(update: UserUpdate): ParticipantUser {
    const user = this.require('updating user', update.id);
    const annotations = update.annotations === undefined ? user.annotations : mergeAnnotations(user.annotations, update.annotations);
    if (!withinMaxAnnotationsSize(annotations)) throw this.annotationsTooLarge(user.id);
    if (update.resourceVersion !== undefined && update.resourceVersion !== user.resourceVersion) {
      throw new LedgerApiError(
        'CONCURRENT_USER_UPDATE_DETECTED',
        `Update operation for user '${user.id}' failed due to a concurrent update to the same user`,
        { resources: [['USER', user.id]] },
      );
    }
    if (update.primaryParty !== undefined) user.primaryParty = update.primaryParty;
    if (update.isDeactivated !== undefined) user.isDeactivated = update.isDeactivated;
    if (update.primaryPartyAuthentication !== undefined) user.primaryPartyAuthentication = update.primaryPartyAuthentication;
    user.annotations = annotations;
    user.resourceVersion += 1;
    return user;
  }

  delete(id: string): void {
    this.require('deleting user', id);
    this.byId.delete(id);
  }

  /** Grants `rights`; returns those the user did not have before. */
  grant(id: string, rights: readonly UserRight[]): UserRight[] {
    const operation = 'grant user rights';
    const user = this.require(operation, id);
    const granted = distinctRights(rights).filter((right) => !hasRight(user.caller.rights, right));
    if (rightsOf(user.caller.rights).length + granted.length > MAX_RIGHTS_PER_USER) throw this.tooManyRights(operation, id);
    for (const right of granted) setRight(user.caller.rights, right, true);
    return granted;
  }

  /** Revokes `rights`; returns those the user had. */
  revoke(id: string, rights: readonly UserRight[]): UserRight[] {
    const user = this.require('revoke user rights', id);
    const revoked = distinctRights(rights).filter((right) => hasRight(user.caller.rights, right));
    for (const right of revoked) setRight(user.caller.rights, right, false);
    return revoked;
  }

  /** The user, or USER_NOT_FOUND naming the operation as Canton does. */
  require(operation: string, id: string): ParticipantUser {
    const user = this.byId.get(id);
    if (user === undefined) throw userNotFound(operation, id);
    return user;
  }

  private insert(user: NewUser, rights: readonly UserRight[]): ParticipantUser {
    const stored = emptyRights();
    for (const right of rights) setRight(stored, right, true);
    const created: ParticipantUser = { ...user, resourceVersion: 0, caller: { userId: user.id, rights: stored } };
    this.byId.set(user.id, created);
    return created;
  }

  private annotationsTooLarge(userId: string): LedgerApiError {
    return new LedgerApiError('MAX_USER_ANNOTATIONS_SIZE_EXCEEDED', `Maximum annotations size for user '${userId}' has been exceeded`, {
      resources: [['USER', userId]],
    });
  }

  private tooManyRights(operation: string, userId: string): LedgerApiError {
    return new LedgerApiError('TOO_MANY_USER_RIGHTS', `${operation} failed, as user "${userId}" would have too many rights.`, {
      resources: [['USER', userId]],
    });
  }
}

/**
 * The `User` message as Canton's JSON API writes it: proto3 strings are '' when unset (never omitted),
 * `metadata` is always present, `primaryPartyAuthentication` exists from Ledger API 3.5 on.
 */
export function renderUser(user: ParticipantUser, version: LedgerApiVersion): Record<string, unknown> {
  const rendered: Record<string, unknown> = {
    id: user.id,
    primaryParty: user.primaryParty,
    isDeactivated: user.isDeactivated,
    metadata: { resourceVersion: String(user.resourceVersion), annotations: user.annotations },
    identityProviderId: user.identityProviderId,
  };
  if (version !== '3.4') rendered.primaryPartyAuthentication = user.primaryPartyAuthentication;
  return rendered;
}

/** A right as the JSON API writes it: `{kind: {CanActAs: {value: {party}}}}`. */
export function renderRight(right: UserRight): Record<string, unknown> {
  const value = 'party' in right ? { party: right.party } : {};
  return { kind: { [right.kind]: { value } } };
}
