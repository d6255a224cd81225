/**
 * Which reading of the interface a schema set enforces.
 * - `spec`: exactly what `interfaces.md` states, and nothing where it is silent (silence must not fail a
 *   target): optional fields may be absent or `null`, int64 may be a number or a numeric string, fields of
 *   "not shown" shapes are open.
 * - `canton`: additionally what a real Canton participant / Splice scan does (facts docs): int64 in
 *   responses are JSON numbers, JsCantonError writes every optional key (as `null` when unset),
 *   the rewards amount has exactly 10 decimals, scan faucet counters are int64, and so on.
 *
 * Same names as config's `ProfileName`; defined here because spec/ imports nothing from other areas.
 */
export type SchemaProfile = 'spec' | 'canton';
