/**
 * The one vocabulary of what a target must offer (or be configured as): a test's `requires`, a clause's `features` and
 * an endpoint descriptor's `requires` (specification/endpoints.ts) use the same words, and `missingRequirement` says why
 * a target lacks one. A test whose requirement the target lacks is skipped with that reason (and counted as skipped),
 * never failed and never silently dropped. Scan versions are written once, in the descriptors (`removedIn`,
 * `introducedIn`); clauses and tests derive their version requirements from there (`endpointRequirements`).
 */
import type { Features, Fixtures } from '../config/types.js';

export const REQUIREMENT_NAMES = [
  'trafficAccounts',
  'trafficAccountsDisabled',
  'interactiveSubmission',
  'authorization',
  'authorizationDisabled',
  'reassignmentFixture',
  'multiHostedParty',
  'writes',
  'syntheticDars',
  'singleSynchronizer',
  'userManagement',
  'mintTokens',
  'scan',
  'ledgerApi3.5',
  'topologyFixture',
  'transactionFixture',
  'checkpointFixture',
] as const;

export type RequirementName = (typeof REQUIREMENT_NAMES)[number];

/** A named feature, or the scan's version compared (semver order) with a release of Splice. */
export type Requirement = RequirementName | { scanVersionAtLeast: string } | { scanVersionBelow: string };

export interface TargetAbilities {
  features: Features;
  /** The seeded updates the fixtures name (`topologyFixture`, `transactionFixture`, `checkpointFixture`). */
  seededUpdates: Fixtures['seededUpdates'];
  canMintTokens: boolean;
  hasScan: boolean;
}

export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** `trafficAccounts`, `scan < 0.6.7`: how reports and messages show a requirement. */
export function requirementLabel(requirement: Requirement): string {
  if (typeof requirement === 'string') return requirement;
  return 'scanVersionAtLeast' in requirement ? `scan >= ${requirement.scanVersionAtLeast}` : `scan < ${requirement.scanVersionBelow}`;
}

/** The reason the target cannot run a test with this requirement, or undefined when it can. */
export function missingRequirement(requirement: Requirement, target: TargetAbilities): string | undefined {
  const { features } = target;
  if (typeof requirement === 'object') {
    if ('scanVersionAtLeast' in requirement) {
      return compareVersions(features.scanVersion, requirement.scanVersionAtLeast) >= 0
        ? undefined
        : `needs scan ${requirement.scanVersionAtLeast} or later (features.scanVersion is ${features.scanVersion})`;
    }
    return compareVersions(features.scanVersion, requirement.scanVersionBelow) < 0
      ? undefined
      : `needs a scan older than ${requirement.scanVersionBelow} (features.scanVersion is ${features.scanVersion})`;
  }
  switch (requirement) {
    case 'trafficAccounts':
      return features.trafficAccounts
        ? undefined
        : 'the target has no traffic endpoint (features.trafficAccounts: false; GET /v2/traffic/accounts/{id} is a Canton 3.6 feature, absent from 3.5)';
    case 'trafficAccountsDisabled':
      return features.trafficAccounts ? 'traffic accounts are enabled on the target (features.trafficAccounts: true)' : undefined;
    case 'interactiveSubmission':
      return features.interactiveSubmission ? undefined : 'interactive submission is not available (features.interactiveSubmission: false)';
    case 'authorization':
      return features.authorization ? undefined : 'ledger API authorization is disabled on the target (features.authorization: false)';
    case 'authorizationDisabled':
      return features.authorization
        ? 'needs a target without authorization (features.authorization: false): with authorization on, the mutated value is also one the caller may not use, and Canton answers that first (403), so the rejection cannot be credited to the rule'
        : undefined;
    case 'reassignmentFixture':
      return features.reassignmentFixture ? undefined : 'no seeded reassignment fixture (features.reassignmentFixture: false)';
    case 'multiHostedParty':
      return features.multiHostedParty ? undefined : 'no fixture party hosted on several participants (features.multiHostedParty: false)';
    case 'writes':
      return features.writes ? undefined : 'the run is read-only (--read-only): this test writes to the ledger';
    case 'syntheticDars':
      return features.syntheticDars
        ? undefined
        : 'the target does not accept the synthetic DARs this test builds (features.syntheticDars: false); ' +
            'only the embedded reference target does, a real node type-checks their Daml-LF';
    case 'singleSynchronizer':
      return features.connectedSynchronizers === 1
        ? undefined
        : `the participant is connected to ${features.connectedSynchronizers} synchronizers (features.connectedSynchronizers): Canton auto-detects the synchronizer only when it is connected to exactly one (PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER otherwise)`;
    case 'userManagement':
      return features.userManagement ? undefined : 'the suites may not manage users on the target (features.userManagement: false)';
    case 'mintTokens':
      return target.canMintTokens ? undefined : 'the auth provider cannot mint tokens (needs auth kind hs256, rs256 or es256)';
    case 'scan':
      return target.hasScan ? undefined : 'the target has no scan URL configured (targets.<name>.scan or SCAN_BASE_URL)';
    case 'ledgerApi3.5':
      return features.ledgerApiVersion === '3.5'
        ? undefined
        : `needs ledger API 3.5 (features.ledgerApiVersion is ${features.ledgerApiVersion})`;
    case 'topologyFixture':
      return target.seededUpdates.topologyOffset !== undefined
        ? undefined
        : 'the fixtures name no seeded topology update (seededUpdates.topologyOffset)';
    case 'transactionFixture':
      return target.seededUpdates.transactionOffset !== undefined
        ? undefined
        : 'the fixtures name no seeded transaction (seededUpdates.transactionOffset)';
    case 'checkpointFixture':
      return target.seededUpdates.checkpointOffset !== undefined
        ? undefined
        : 'the fixtures name no seeded offset checkpoint (seededUpdates.checkpointOffset)';
  }
}
