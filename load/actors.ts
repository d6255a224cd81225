/**
 * Who acts in the load scenarios: the configured users that may submit commands, each paired with a
 * party it acts as, and the request headers (with that user's token) to send on its behalf.
 */
import type { Fixtures, TemplateFixture } from '../config/types.js';
import type { TokenProvider } from '../client/auth.js';
import { ToolError } from '../config/tool-errors.js';

export interface Actor {
  userId: string;
  /** Full party id the user acts as. */
  party: string;
  /** JSON request headers with the user's bearer token; one object per actor, reused per request. */
  headers: Record<string, string>;
}

export class ScenarioSetupError extends ToolError {
  constructor(message: string) {
    super('LOAD_SCENARIO_SETUP', message);
  }
}

/**
 * One actor per active user with act-as rights (its first act-as party), optionally restricted to
 * `onlyUsers`.
 */
export async function resolveActors(fixtures: Fixtures, tokens: Pick<TokenProvider, 'tokenFor'>, onlyUsers?: string[]): Promise<Actor[]> {
  const actors: Actor[] = [];
  for (const user of fixtures.users) {
    if (user.isDeactivated || user.rights.actAs.length === 0) continue;
    if (onlyUsers && !onlyUsers.includes(user.id)) continue;
    const party = partyId(fixtures, user.rights.actAs[0]!);
    const token = await tokens.tokenFor(user.id);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    actors.push({ userId: user.id, party, headers });
  }
  if (actors.length === 0) {
    const which = onlyUsers ? `among ${onlyUsers.join(', ')} ` : '';
    throw new ScenarioSetupError(
      `load: no active fixture user ${which}has act-as rights; add one under users[].rights.actAs in the fixtures (or fix load.scenarios.<name>.users)`,
    );
  }
  return actors;
}

/** Accepts a party alias or a full party id. */
export function partyId(fixtures: Fixtures, aliasOrId: string): string {
  return fixtures.parties.find((party) => party.alias === aliasOrId)?.id ?? aliasOrId;
}

/**
 * The template's create arguments with every party in them — a `{{party:ALIAS}}` placeholder or an
 * already resolved fixture party id — replaced by the acting party, so the actor alone can authorize
 * the create (it is signatory and stakeholder) whatever the template's signatory fields are.
 */
export function createArgumentsFor(template: TemplateFixture, fixtures: Fixtures, party: string): Record<string, unknown> {
  const knownParties = new Set(fixtures.parties.map((fixtureParty) => fixtureParty.id));
  const substitute = (value: unknown): unknown => {
    if (typeof value === 'string') return /^\{\{party:[^}]+\}\}$/.test(value) || knownParties.has(value) ? party : value;
    if (Array.isArray(value)) return value.map(substitute);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, substitute(inner)]));
    }
    return value;
  };
  return substitute(template.createArguments) as Record<string, unknown>;
}
