/**
 * Small builders so each area file reads as a list of (id, kind, quoted text) with the section, endpoint and
 * resource stated once per group instead of on every clause.
 */
import type { DescriptorName } from '../endpoints.js';
import type { Clause, ClauseConflict, ClauseKind, ClauseLevel, FeatureTag } from './types.js';

export interface GroupDefaults {
  section: string;
  endpoint?: DescriptorName;
  resource?: string;
  level?: ClauseLevel;
  features?: FeatureTag[];
}

export interface ClauseOptions {
  /** Marks the clause untestable, with this reason. */
  untestable?: string;
  features?: FeatureTag[];
  endpoint?: DescriptorName;
  resource?: string;
  section?: string;
  /** Makes it a conflict clause: what the spec says, what Canton 3.5 does, and the evidence. */
  conflict?: ClauseConflict;
}

/** Generic in the id, so the registry's ids form the `ClauseId` type and `tsc` rejects a typo. */
export type ClauseBuilder = <const Id extends string>(id: Id, kind: ClauseKind, text: string, options?: ClauseOptions) => Clause<Id>;

export function clauseGroup(defaults: GroupDefaults): ClauseBuilder {
  return <const Id extends string>(id: Id, kind: ClauseKind, text: string, options: ClauseOptions = {}): Clause<Id> => {
    const built: Clause<Id> = {
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
    if (options.conflict !== undefined) built.conflict = options.conflict;
    return built;
  };
}

const NOT_SHOWN_REASON = 'the spec states explicitly that this is not shown; recorded, never checked';

/** A statement the spec deliberately leaves open (`...: not shown.`). */
export function notShownGroup(defaults: Omit<GroupDefaults, 'level' | 'features'>): ClauseBuilder {
  const build = clauseGroup({ ...defaults, level: 'not-shown' });
  return <const Id extends string>(id: Id, kind: ClauseKind, text: string, options: ClauseOptions = {}) =>
    build(id, kind, text, { untestable: NOT_SHOWN_REASON, ...options });
}

/** Real Canton/Splice behaviour beyond the spec, checked only by the `canton` profile. */
export function cantonGroup(defaults: Omit<GroupDefaults, 'level'>): ClauseBuilder {
  return clauseGroup({ ...defaults, level: 'canton' });
}
