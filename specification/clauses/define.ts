/**
 * Small builders so each area file reads as a list of (id, kind, quoted text) with the section, endpoint and
 * resource stated once per group instead of on every clause.
 */
import { ENDPOINT_DESCRIPTORS, type DescriptorName } from '../endpoints.js';
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

/** Each clause cites the facts file that maps the Canton battery case it follows (beside its Canton source lines). */
export function citingFacts(build: ClauseBuilder): ClauseBuilder {
  return (id, kind, text, options) => build(id, kind, `${text} (facts canton: lapitt-coverage.md)`, options);
}

/**
 * The canton clauses of one endpoint, citing the facts: their section is the spec's heading of the endpoint
 * (`Endpoints > POST {base_url}/v2/commands/submit-and-wait`), read off its descriptor.
 */
export function cantonEndpointClauses(endpoint: DescriptorName, features?: GroupDefaults['features']): ClauseBuilder {
  const { method, path } = ENDPOINT_DESCRIPTORS[endpoint];
  return citingFacts(cantonGroup({ section: `Endpoints > ${method} {base_url}${path}`, endpoint, ...(features ? { features } : {}) }));
}
