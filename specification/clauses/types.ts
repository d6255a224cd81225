/**
 * The shape of one clause: a single statement of behaviour of the spec (or of real Canton/Splice, for the
 * stricter `canton` profile), quoted so that a failing check can point at the sentence it enforces.
 */

import type { DescriptorName } from '../endpoints.js';
import type { Requirement } from '../requirements.js';

/**
 * `spec`: required by the spec. `canton`: real Canton/Splice behaviour, checked by the `canton` profile only.
 * `not-shown`: the spec is explicitly silent here; recorded so reports can list it, never checked.
 */
export type ClauseLevel = 'spec' | 'canton' | 'not-shown';

export type ClauseKind = 'endpoint' | 'resource' | 'union' | 'limit' | 'error' | 'auth' | 'versioning' | 'state' | 'format' | 'event';

/**
 * What a target must offer (or be configured as) before a clause can be checked: the one vocabulary of tests, clauses
 * and endpoint descriptors (specification/requirements.ts). An endpoint's clauses take theirs from its descriptor
 * (`endpointRequirements`), so a version is written once.
 */
export type FeatureTag = Requirement;

/**
 * Where the written spec and real Canton 3.5 disagree (facts: verified-against-real.md §2). The `canton`
 * profile expects Canton's behaviour; the `spec` profile expects the spec's and reports Canton's as a
 * deviation, apart from failures.
 */
export interface ClauseConflict {
  /** What the spec expects. */
  spec: string;
  /** What Canton 3.5 does. */
  canton: string;
  /** Source files and lines, or the official client, that show Canton's behaviour. */
  evidence: string;
}

export interface Clause<Id extends string = string> {
  /** Stable and readable: `<endpoint-or-resource>.<field>.<rule>`; canton-profile ids start with `canton.`. */
  id: Id;
  /** The sentence or table row it comes from, verbatim; for `canton`, the fact paraphrased tightly with its facts-doc section. */
  text: string;
  /** Spec section heading path, e.g. `Endpoints > POST {base_url}/v2/commands/submit-and-wait`. */
  section: string;
  /** The endpoint's descriptor (specification/endpoints.ts); reports show it as `POST /v2/commands/submit-and-wait` (`endpointLabel`). */
  endpoint?: DescriptorName;
  /** `Duration`, `EventFormat`, `User`, `JsUnassignedEvent`, ... */
  resource?: string;
  level: ClauseLevel;
  kind: ClauseKind;
  /** False when no black-box test can check it; `untestableReason` then says why. */
  testable: boolean;
  untestableReason?: string;
  features?: FeatureTag[];
  /** Set on a conflict clause: the spec says one thing, Canton 3.5 does another. */
  conflict?: ClauseConflict;
}
