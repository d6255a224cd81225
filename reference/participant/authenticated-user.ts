/**
 * `GET /v2/authenticated-user`: the caller's own user record.
 *
 * The optional `identity-provider-id` must be a well-formed IDP id (else 400 text). When it names another
 * IDP than the user's, the answer is 404 USER_NOT_FOUND: Canton looks the user up within the named IDP
 * (UserManagementStore.getUser(id, idp)) and does not find it there.
 */
import type { LedgerApiVersion } from '../../config/types.js';
import { LedgerApiError } from '../canton-errors.js';
import type { Faults } from '../faults.js';
import { requireCaller } from '../http/auth-context.js';
import type { RefRequest, RefResponse, Route } from '../http/types.js';
import { isIdentityProviderId } from '../string-formats.js';
import { renderUser, type Users } from './users.js';

export interface AuthenticatedUserOptions {
  users: Users;
  ledgerApiVersion: LedgerApiVersion;
  faults: Faults;
}

const IDP_QUERY = 'identity-provider-id';

function userNotFound(userId: string): LedgerApiError {
  return new LedgerApiError('USER_NOT_FOUND', `getting user failed for unknown user "${userId}"`, {
    resources: [['USER', userId]],
  });
}

export function authenticatedUserRoute(options: AuthenticatedUserOptions): Route {
  const { users, faults } = options;
  /** Holdout fault `holdout-authenticated-user-cached`: each user's record as its first call answered it. */
  const cached = new Map<string, Record<string, unknown>>();

  function handler(request: RefRequest): RefResponse {
    const identityProviderId = request.query.get(IDP_QUERY);
    if (identityProviderId !== null && !isIdentityProviderId(identityProviderId)) {
      // As Canton 3.5 (FF1): the parameter always decodes; the Authorizer rejects the id as a token field.
      throw new LedgerApiError(
        'INVALID_TOKEN',
        `The submitted token has a field with invalid value: Invalid field identity_provider_id: "${identityProviderId}" is not a valid identity provider id`,
      );
    }
    const caller = requireCaller(request.auth);
    if (caller.userId === '') {
      // Authorization disabled: no user behind the request (Canton's Authorizer.defaultToAuthenticatedUser).
      throw new LedgerApiError(
        'INVALID_TOKEN',
        'The submitted request is missing a user-id: requests with an empty user-id are only supported if there is an authenticated user',
      );
    }
    const user = faults.has('authenticated-user-wrong-record') ? users.all()[0] : users.get(caller.userId);
    if (user === undefined) throw userNotFound(caller.userId);
    if (identityProviderId !== null && identityProviderId !== user.identityProviderId) throw userNotFound(user.id);
    const shown = renderUser(user, options.ledgerApiVersion);
    const rendered = faults.has('authenticated-user-annotations-dropped')
      ? { ...shown, metadata: { ...(shown['metadata'] as Record<string, unknown> | undefined), annotations: {} } }
      : shown;
    if (faults.has('holdout-authenticated-user-cached')) {
      if (!cached.has(user.id)) cached.set(user.id, rendered);
      return { status: 200, body: { user: cached.get(user.id) } };
    }
    return { status: 200, body: { user: rendered } };
  }

  return { method: 'GET', pattern: '/v2/authenticated-user', handler };
}
