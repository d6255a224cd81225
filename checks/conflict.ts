/**
 * spec_conflict: a clause where the written spec and Canton 3.5 disagree (facts: verified-against-real.md
 * §2). The caller classifies the target's answer as what the spec expects, what Canton does, or neither.
 * - canton profile: Canton's behaviour passes; anything else fails.
 * - spec profile: the spec's behaviour passes; Canton's is recorded as a deviation ("deviates from the spec as
 *   Canton 3.5 does"), reported apart from failures; anything else fails.
 */
import type { ClientResponse } from '../client/http.js';
import type { ProfileName } from '../config/types.js';
import { clause, type ClauseId } from '../specification/clauses.js';
import { assertClause, recordDeviation } from './assertion.js';

export type ConflictSide = 'spec' | 'canton' | 'neither';

export function specConflict(
  environment: { profile: ProfileName },
  clauseId: ClauseId,
  observed: ConflictSide,
  /** What the target did, in words ("accepted it with 200", "rejected it with 400 text"). */
  behaviour: string,
  response?: ClientResponse,
): void {
  const conflict = clause(clauseId).conflict;
  if (conflict === undefined)
    throw new Error(`spec_conflict: ${clauseId} is not a conflict clause (it has no \`conflict\` in the registry)`);
  if (environment.profile === 'canton') {
    assertClause('spec_conflict', clauseId, observed === 'canton', `Canton 3.5: ${conflict.canton}; the target ${behaviour}`, response);
    return;
  }
  if (observed === 'canton') {
    recordDeviation(
      'spec_conflict',
      clauseId,
      `the target ${behaviour}, as Canton 3.5 does (${conflict.canton}); the spec: ${conflict.spec}`,
      response,
    );
    return;
  }
  assertClause(
    'spec_conflict',
    clauseId,
    observed === 'spec',
    `the spec: ${conflict.spec}; Canton 3.5: ${conflict.canton}; the target ${behaviour}, which is neither`,
    response,
  );
}
