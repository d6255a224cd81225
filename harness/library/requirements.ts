/**
 * What a test needs from the target: the one vocabulary of specification/requirements.ts (shared with the clauses and
 * the endpoint descriptors), re-exported where the suites import it.
 */
export {
  compareVersions,
  missingRequirement,
  requirementLabel,
  REQUIREMENT_NAMES,
  type Requirement,
  type RequirementName,
  type TargetAbilities,
} from '../../specification/requirements.js';
