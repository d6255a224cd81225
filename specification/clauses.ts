/**
 * The spec as data: every statement of behaviour of the spec (and, for the `canton` profile, of real
 * Canton/Splice) as one clause with a stable id. Suites cite these ids; reports group results by them.
 */
import { authClauses } from './clauses/auth.js';
import { cantonClientRouteClauses } from './clauses/canton-client-routes.js';
import { cantonExternalSigningClauses } from './clauses/canton-external-signing.js';
import { cantonInteractiveClauses } from './clauses/canton-interactive.js';
import { cantonParticipantClauses } from './clauses/canton-participant.js';
import { cantonScanClauses } from './clauses/canton-scan.js';
import { conflictClauses } from './clauses/conflicts.js';
import { contractsAndEventsClauses } from './clauses/contracts-and-events.js';
import { suiteModelClauses } from './clauses/suite-models.js';
import { cantonUserClauses } from './clauses/canton-users.js';
import { errorClauses } from './clauses/error-model.js';
import { generalClauses } from './clauses/general.js';
import { ledgerModelClauses, modelRuleClauses, statefulClauses, userModelClauses } from './clauses/ledger-model.js';
import { limitClauses } from './clauses/limits.js';
import { participantEndpointClauses } from './clauses/participant-endpoints.js';
import { recordResourceClauses } from './clauses/resources-records.js';
import { submissionResourceClauses } from './clauses/resources-submission.js';
import { updateResourceClauses } from './clauses/resources-updates.js';
import { scanClauses } from './clauses/scan.js';
import { packageModelClauses, scanModelClauses } from './clauses/scan-package-model.js';
import { semanticsCommandsClauses } from './clauses/semantics-commands.js';
import { semanticsVisibilityClauses } from './clauses/semantics-visibility.js';
import { valueNestingClauses } from './clauses/value-nesting.js';
import { versioningClauses } from './clauses/versioning.js';
import { vettingClauses } from './clauses/vetting.js';
import type { Clause } from './clauses/types.js';

export type { Clause, ClauseConflict, ClauseKind, ClauseLevel, FeatureTag } from './clauses/types.js';

const registry = [
  ...generalClauses,
  ...submissionResourceClauses,
  ...updateResourceClauses,
  ...recordResourceClauses,
  ...participantEndpointClauses,
  ...scanClauses,
  ...authClauses,
  ...errorClauses,
  ...limitClauses,
  ...versioningClauses,
  ...cantonParticipantClauses,
  ...cantonScanClauses,
  ...conflictClauses,
  ...cantonInteractiveClauses,
  ...cantonExternalSigningClauses,
  ...cantonClientRouteClauses,
  ...cantonUserClauses,
  ...semanticsCommandsClauses,
  ...valueNestingClauses,
  ...semanticsVisibilityClauses,
  ...vettingClauses,
  ...contractsAndEventsClauses,
  ...suiteModelClauses,
  ...ledgerModelClauses,
  ...modelRuleClauses,
  ...statefulClauses,
  ...userModelClauses,
  ...packageModelClauses,
  ...scanModelClauses,
] as const;

/** Every clause id of the registry: a typo in a suite, a generator tag or a check is a type error. */
export type ClauseId = (typeof registry)[number]['id'];

export const clauses: readonly Clause<ClauseId>[] = Object.freeze(registry);

const clausesById: ReadonlyMap<string, Clause<ClauseId>> = indexById(clauses);

export const clauseIds: ReadonlySet<string> = new Set(clausesById.keys());

/** Whether a string (from a report file or a command line) is a clause id of the registry. */
export function isClauseId(id: string): id is ClauseId {
  return clausesById.has(id);
}

function indexById(all: readonly Clause<ClauseId>[]): Map<string, Clause<ClauseId>> {
  const byId = new Map<string, Clause<ClauseId>>();
  for (const entry of all) {
    if (byId.has(entry.id))
      throw new Error(`Clause registry: the id "${entry.id}" is defined twice (specification/clauses/*.ts); give each clause its own id.`);
    byId.set(entry.id, entry);
  }
  return byId;
}

/** The clause with this id; throws when the id is not in the registry, naming close matches. */
export function clause(id: ClauseId): Clause<ClauseId> {
  const found = clausesById.get(id);
  if (found !== undefined) return found;
  const suggestions = closestIds(id, 5);
  const hint = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(', ')}?` : '';
  throw new Error(
    `Unknown clause id "${id}": it is not in the clause registry (specification/clauses.ts).${hint} ` +
      'Cite an existing id, or add the clause to specification/clauses/ (or request it in specification/clauses-needed.txt).',
  );
}

/** Clauses checked under a profile: `spec` checks the spec's own clauses; `canton` adds the Canton/Splice ones. */
export function clausesForProfile(profile: 'spec' | 'canton'): Clause<ClauseId>[] {
  return clauses.filter((entry) => entry.level === 'spec' || (profile === 'canton' && entry.level === 'canton'));
}

/** Ids sharing the longest dotted prefix with `id`, so a typo or a guessed id points at what exists. */
function closestIds(id: string, limit: number): string[] {
  const wanted = id.split('.');
  const sharedSegments = (candidate: string): number => {
    const segments = candidate.split('.');
    let shared = 0;
    while (shared < wanted.length && segments[shared] === wanted[shared]) shared += 1;
    return shared;
  };
  return [...clauseIds]
    .map((candidate) => ({ candidate, score: sharedSegments(candidate) }))
    .filter(({ score }) => score > 0)
    .sort((left, right) => right.score - left.score || left.candidate.localeCompare(right.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
