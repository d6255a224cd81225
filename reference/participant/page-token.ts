/**
 * The page tokens of the admin list routes, as Canton writes them: the base64url bytes of a one-field
 * protobuf message (`ListUsersPageTokenPayload{user_id_lower_bound_excl = 1}`,
 * `ListPartiesPageTokenPayload{party_id_lower_bound_excl = 1}`), a length-delimited string field 1.
 * The length is a varint: a party id may be up to 255 characters, longer than one varint byte holds.
 */
import { invalidArgument } from '../canton-errors.js';

export function encodePageToken(lowerBoundExclusive: string): string {
  const bytes = Buffer.from(lowerBoundExclusive, 'utf8');
  const length: number[] = [];
  let rest = bytes.length;
  while (rest >= 0x80) {
    length.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  length.push(rest);
  return Buffer.concat([Buffer.from([0x0a, ...length]), bytes]).toString('base64url');
}

/** The lower bound a page token carries; `undefined` for the empty token (the first page). */
export function decodePageToken(token: string): string | undefined {
  if (token === '') return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes[0] !== 0x0a) throw invalidArgument('Invalid page token');
  let length = 0;
  let at = 1;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    if (byte === undefined || shift > 28) throw invalidArgument('Invalid page token');
    length |= (byte & 0x7f) << shift;
    if (byte < 0x80) break;
  }
  if (bytes.length - at !== length) throw invalidArgument('Invalid page token');
  return bytes.subarray(at).toString('utf8');
}
