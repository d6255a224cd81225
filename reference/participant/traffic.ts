/**
 * `GET /v2/traffic/accounts/{account-id}` (only with traffic enforcement enabled): the balance of the
 * fixture traffic account, for callers with act-as or execute-as rights for the account's party.
 */
import type { Fixtures } from '../../config/types.js';
import { DecodeFailure, LedgerApiError } from '../canton-errors.js';
import type { Faults } from '../faults.js';
import { canActAs, canExecuteAs, requireCaller, requirePermission } from '../http/auth-context.js';
import type { RefRequest, RefResponse, Route } from '../http/types.js';
import { isLedgerString } from '../string-formats.js';
import { resolvePartyAlias } from './users.js';

interface TrafficAccount {
  accountId: string;
  party: string;
  balance: number;
}

export function trafficRoute(fixtures: Fixtures, faults: Faults): Route {
  const accounts = new Map<string, TrafficAccount>();
  const fixture = fixtures.trafficAccount;
  if (fixture !== undefined) {
    const party = resolvePartyAlias(fixtures, fixture.party, `fixtures trafficAccount '${fixture.accountId}'`);
    accounts.set(fixture.accountId, { accountId: fixture.accountId, party, balance: fixture.balance });
  }

  function handler(request: RefRequest): RefResponse {
    const accountId = request.params['account-id'] ?? '';
    if (!isLedgerString(accountId)) throw DecodeFailure.pathParameter();
    const caller = requireCaller(request.auth);
    const account = accounts.get(accountId);
    if (account === undefined) {
      throw new LedgerApiError('TRAFFIC_ACCOUNT_NOT_FOUND', `Traffic account ${accountId} not found`, {
        resources: [['TRAFFIC_ACCOUNT', accountId]],
      });
    }
    if (!faults.has('traffic-rights-not-checked')) {
      requirePermission(
        canActAs(caller, account.party) || canExecuteAs(caller, account.party),
        `reading traffic account ${accountId} needs act-as or execute-as rights for ${account.party}`,
      );
    }
    return { status: 200, body: { accountId: account.accountId, balance: account.balance } };
  }

  return { method: 'GET', pattern: '/v2/traffic/accounts/{account-id}', handler };
}
