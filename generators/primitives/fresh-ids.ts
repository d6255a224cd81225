/**
 * Ids no node has seen yet, for the parts of an `accepted` request that a node remembers: command ids
 * (deduplication), submission ids and contract key texts (DUPLICATE_CONTRACT_KEY).
 *
 * They are deliberately not drawn from fast-check's random stream, because a node rejects every repeat
 * (DUPLICATE_COMMAND, DUPLICATE_CONTRACT_KEY): a drawn id comes again in every run with the same seed
 * against the same node, a shrunk value keeps (or shrinks towards) the id its original already used,
 * and fast-check's bias favours the same small values. Instead each id is a prefix unique to this
 * process (time and randomness, so parallel workers and earlier runs never meet) and a counter.
 * Request generators assign them in their outermost `map`, which fast-check re-applies to every value
 * it produces, shrunk ones included: every value carries ids of its own. Everything else about a value
 * still follows from the seed.
 */
import fc from 'fast-check';
import { newProcessPrefix } from '../../client/fresh-id.js';

/**
 * Letters and digits only: valid in every id alphabet of the spec (LedgerString, Daml Text). Its shape is the
 * client's (`FRESH_ID_SHAPE`): a printed curl command sends fresh ids in place of these.
 */
const PROCESS_PREFIX = newProcessPrefix();

let issued = 0;

/** `${kind}-<process prefix>-<counter>`: unique among all ids this process makes. */
export function freshId(kind: string): string {
  issued += 1;
  return `${kind}-${PROCESS_PREFIX}-${issued.toString(36)}`;
}

/** Matches the unique part of every fresh id of this process (to compare values up to their fresh ids). */
export const FRESH_ID_SUFFIX = new RegExp(`-${PROCESS_PREFIX}-[0-9a-z]+`, 'g');

/**
 * What a record holds for an id until the outermost map assigns it a fresh one: the record still
 * decides whether an optional id field is present, and costs nothing to generate.
 */
export const FRESH_ID_PLACEHOLDER = fc.constant('fresh-id');
