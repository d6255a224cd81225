/**
 * The participant's users, seeded from the fixtures. Fixture rights name party aliases; here they are
 * resolved once to full party ids, so an authorization check is a set lookup.
 */
import type { Fixtures, LedgerApiVersion, UserFixture } from '../../config/types.js';
import type { AuthenticatedCaller, UserRights } from '../http/types.js';

export interface ParticipantUser {
  id: string;
  /** Full party id, or '' when the user has none. */
  primaryParty: string;
  isDeactivated: boolean;
  annotations: Record<string, string>;
  identityProviderId: string;
  resourceVersion: string;
  /** The caller a token of this user authenticates as. */
  caller: AuthenticatedCaller;
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

function seedUser(fixtures: Fixtures, user: UserFixture): ParticipantUser {
  const where = `fixtures user '${user.id}'`;
  const resolveAll = (aliases: string[]): ReadonlySet<string> => new Set(aliases.map((alias) => resolvePartyAlias(fixtures, alias, where)));
  const rights: UserRights = {
    actAs: resolveAll(user.rights.actAs),
    readAs: resolveAll(user.rights.readAs),
    executeAs: resolveAll(user.rights.executeAs),
    admin: user.rights.admin,
  };
  return {
    id: user.id,
    primaryParty: user.primaryParty === undefined ? '' : resolvePartyAlias(fixtures, user.primaryParty, where),
    isDeactivated: user.isDeactivated,
    annotations: { ...user.metadata.annotations },
    identityProviderId: user.identityProviderId,
    resourceVersion: '1',
    caller: { userId: user.id, rights },
  };
}

export class Users {
  private readonly byId = new Map<string, ParticipantUser>();
  private readonly ordered: ParticipantUser[];

  constructor(fixtures: Fixtures) {
    this.ordered = fixtures.users.map((user) => seedUser(fixtures, user));
    for (const user of this.ordered) this.byId.set(user.id, user);
  }

  get(id: string): ParticipantUser | undefined {
    return this.byId.get(id);
  }

  all(): readonly ParticipantUser[] {
    return this.ordered;
  }

  /** The first active participant administrator of the fixtures, if any. */
  firstAdmin(): ParticipantUser | undefined {
    return this.ordered.find((user) => user.caller.rights.admin && !user.isDeactivated);
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
    metadata: { resourceVersion: user.resourceVersion, annotations: user.annotations },
    identityProviderId: user.identityProviderId,
  };
  if (version !== '3.4') rendered.primaryPartyAuthentication = false;
  return rendered;
}
