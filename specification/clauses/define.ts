/**
 * Small builders so each area file reads as a list of (id, kind, quoted text) with the section, endpoint and
 * resource stated once per group instead of on every clause.
 */
import type { Clause, ClauseKind, ClauseLevel, FeatureTag } from './types.js';

export interface GroupDefaults {
  section: string;
  endpoint?: string;
  resource?: string;
  level?: ClauseLevel;
  features?: FeatureTag[];
}

export interface ClauseOptions {
  /** Marks the clause untestable, with this reason. */
  untestable?: string;
  features?: FeatureTag[];
  endpoint?: string;
  resource?: string;
  section?: string;
}

export type ClauseBuilder = (id: string, kind: ClauseKind, text: string, options?: ClauseOptions) => Clause;

export function clauseGroup(defaults: GroupDefaults): ClauseBuilder {
  return (id, kind, text, options = {}) => {
    const built: Clause = {
      id,
      text,
      section: options.section ?? defaults.section,
      level: defaults.level ?? 'spec',
      kind,
      testable: options.untestable === undefined,
    };
    const endpoint = options.endpoint ?? defaults.endpoint;
    const resource = options.resource ?? defaults.resource;
    const features = [...(defaults.features ?? []), ...(options.features ?? [])];
    if (endpoint !== undefined) built.endpoint = endpoint;
    if (resource !== undefined) built.resource = resource;
    if (options.untestable !== undefined) built.untestableReason = options.untestable;
    if (features.length > 0) built.features = [...new Set(features)];
    return built;
  };
}

const NOT_SHOWN_REASON = 'the spec states explicitly that this is not shown; recorded, never checked';

/** A statement the spec deliberately leaves open (`...: not shown.`). */
export function notShownGroup(defaults: Omit<GroupDefaults, 'level' | 'features'>): ClauseBuilder {
  const build = clauseGroup({ ...defaults, level: 'not-shown' });
  return (id, kind, text, options = {}) => build(id, kind, text, { untestable: NOT_SHOWN_REASON, ...options });
}

/** Real Canton/Splice behaviour beyond the spec, checked only by the `canton` profile. */
export function cantonGroup(defaults: Omit<GroupDefaults, 'level'>): ClauseBuilder {
  return clauseGroup({ ...defaults, level: 'canton' });
}
