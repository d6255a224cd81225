/**
 * Party and synchronizer ids the participant-id suites send: the fixture parties, ids Canton cannot parse
 * (each with the part it breaks), and a fingerprint prefix of a known party.
 */
import type { Fixtures } from '../../config/types.js';

/** Party ids that are not `identifier::fingerprint` in Canton's grammar (and not Daml-LF parties). */
export const malformedPartyIds: readonly string[] = [
  'no-namespace',
  '::1220abcd', // empty identifier
  'Alice::', // empty fingerprint
  'Al!ce::1220abcd', // outside the Daml-LF party alphabet
  `${'a'.repeat(250)}::1220abcd`, // longer than 255 characters
];

/** Synchronizer ids that are not `identifier::fingerprint`. */
export const malformedSynchronizerIds: readonly string[] = [
  'no-delimiter',
  '::1220abcd', // empty identifier
  'global-synchronizer::', // empty fingerprint
  'bad!char::1220abcd', // outside the identifier alphabet
];

/** The single-hosted fixture party with its fingerprint cut short: a prefix, not the party. */
export function fingerprintPrefixOf(party: string): string {
  const split = party.indexOf('::');
  const fingerprint = party.slice(split + 2);
  return `${party.slice(0, split)}::${fingerprint.slice(0, Math.max(1, Math.floor(fingerprint.length / 2)))}`;
}

/** The participants the fixtures say host `party`, when they say so (`hostedOn`). */
export function declaredHosts(fixtures: Fixtures, party: string): string[] | undefined {
  return fixtures.parties.find((entry) => entry.id === party)?.hostedOn?.map((host) => host.participantId);
}

/** A well-formed synchronizer id that is not the target's. */
export const UNKNOWN_SYNCHRONIZER_ID = 'unknown-synchronizer::1220000000000000000000000000000000000000000000000000000000000000beef';
