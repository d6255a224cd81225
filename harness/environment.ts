/**
 * Everything a suite needs to talk to the target, built once per worker from the run context:
 * the client (counting requests), tokens, fixtures, features and the profile's validators.
 */
import { createTokenProvider, type TokenProvider } from '../client/auth.js';
import { TargetClient, type ClientRequest, type ClientResponse } from '../client/http.js';
import type { Features, Fixtures, ProfileName, UserFixture } from '../config/types.js';
import { createValidators } from '../specification/validate.js';
import type { TargetAbilities } from './requirements.js';
import { readRunContext } from './run-context.js';

export type Validators = ReturnType<typeof createValidators>;

export interface SuiteEnvironment {
  client: TargetClient;
  tokens: TokenProvider;
  fixtures: Fixtures;
  features: Features;
  profile: ProfileName;
  validators: Validators;
  abilities: TargetAbilities;
  /** Sends a request (and counts it). */
  send(request: ClientRequest): Promise<ClientResponse>;
  requestCount(): number;
  /** The id of a fixture party by alias. */
  party(alias: string): string;
  /** The first active fixture user matching the predicate; throws naming what the fixtures lack. */
  userWhere(description: string, predicate: (user: UserFixture) => boolean): UserFixture;
}

/**
 * The fixtures lack what a test needs (a user with some right, a party alias). Not the target's fault: the
 * test is skipped with this reason, so the user can complete the fixtures.
 */
export class FixtureGapError extends Error {
  readonly code = 'FIXTURE_GAP';
  constructor(message: string) {
    super(message);
    this.name = 'FixtureGapError';
  }
}

let environment: SuiteEnvironment | undefined;

export async function getSuiteEnvironment(): Promise<SuiteEnvironment> {
  if (environment) return environment;
  const context = readRunContext();
  const { target, run } = context.config;
  const tokens = createTokenProvider(target.auth, target.fixtures);
  const client = new TargetClient(context.endpoints, tokens, Math.round(run.requestTimeoutMs * run.timeoutScale));
  let requests = 0;
  const parties = new Map(target.fixtures.parties.map((party) => [party.alias, party.id]));
  environment = {
    client,
    tokens,
    fixtures: target.fixtures,
    features: target.features,
    profile: run.profile,
    validators: createValidators(run.profile),
    abilities: { features: target.features, canMintTokens: tokens.canMint, hasScan: context.endpoints.scan !== undefined },
    send: (request) => {
      requests++;
      return client.send(request);
    },
    requestCount: () => requests,
    party: (alias) => {
      const id = parties.get(alias);
      if (id === undefined) throw new FixtureGapError(`the fixtures have no party with alias "${alias}"`);
      return id;
    },
    userWhere: (description, predicate) => {
      const user = target.fixtures.users.find((candidate) => !candidate.isDeactivated && predicate(candidate));
      if (!user) throw new FixtureGapError(`the fixtures have no active user who ${description}; add one to the fixtures file`);
      return user;
    },
  };
  return environment;
}
