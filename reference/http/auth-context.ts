import { LedgerApiError } from '../canton-errors.js';
import type { AuthContext, AuthenticatedCaller } from './types.js';

/**
 * The caller of a request that needs authentication. Called by handlers after they decoded their input,
 * because Canton decodes the body before the gRPC layer rejects a missing or invalid token (401).
 */
export function requireCaller(auth: AuthContext): AuthenticatedCaller {
  if (auth.kind === 'authenticated') return auth.caller;
  throw new LedgerApiError(
    'UNAUTHENTICATED',
    auth.kind === 'anonymous' ? 'The command is missing a (valid) JWT token' : `Invalid token: ${auth.reason}`,
  );
}

/** 403 (redacted PERMISSION_DENIED) unless the check holds. */
export function requirePermission(allowed: boolean, reason: string): void {
  if (!allowed) throw new LedgerApiError('PERMISSION_DENIED', `Claims do not authorize: ${reason}`);
}

// Participant-admin rights do not grant act-as / read-as / execute-as (as in Canton: those are per party).
export function canActAs(caller: AuthenticatedCaller, party: string): boolean {
  return caller.rights.actAs.has(party);
}

export function canReadAs(caller: AuthenticatedCaller, party: string): boolean {
  return caller.rights.readAsAnyParty === true || caller.rights.readAs.has(party) || caller.rights.actAs.has(party);
}

export function canExecuteAs(caller: AuthenticatedCaller, party: string): boolean {
  return caller.rights.executeAsAnyParty === true || caller.rights.executeAs.has(party) || caller.rights.actAs.has(party);
}
