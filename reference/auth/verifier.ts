/**
 * The token verifier for the reference target's `auth` config: JWTs for hs256/rs256/es256, the fixture
 * users' fixed tokens for `static`, none when authorization is disabled.
 */
import type { AuthConfig, Fixtures } from '../../config/types.js';
import type { Faults } from '../faults.js';
import { createJwtVerifier, type TokenVerifier } from './jwt.js';

/** Tokens listed on the fixture users (auth kind `static`): each stands for its user. */
function createStaticVerifier(fixtures: Fixtures): TokenVerifier {
  const userByToken = new Map<string, string>();
  for (const user of fixtures.users) if (user.token !== undefined) userByToken.set(user.token, user.id);
  return {
    verify(token) {
      const userId = userByToken.get(token);
      return userId === undefined ? { valid: false, reason: 'not a token of any fixture user' } : { valid: true, userId };
    },
  };
}

/** `undefined` means authorization is disabled: every request is served as a wildcard caller. */
export function createTokenVerifier(
  auth: AuthConfig,
  authorizationEnabled: boolean,
  fixtures: Fixtures,
  faults: Faults,
): TokenVerifier | undefined {
  if (auth.kind === 'none' || !authorizationEnabled) return undefined;
  switch (auth.kind) {
    case 'static':
      return createStaticVerifier(fixtures);
    case 'oauth2':
      throw new Error(
        'the reference target cannot verify OAuth2 tokens: set targets.<reference>.auth.kind to hs256, rs256, es256, static or none',
      );
    default:
      return createJwtVerifier(auth, fixtures.participantId, faults);
  }
}
