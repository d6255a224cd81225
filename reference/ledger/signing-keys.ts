/**
 * The external parties' signing keys, as the participant's topology knows them: each Ed25519 public key
 * under its Canton fingerprint, which is what a signature's `signedBy` names.
 */
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import type { Fixtures } from '../../config/types.js';

/** Canton's `HashPurpose.PublicKeyFingerprint`. */
const PUBLIC_KEY_FINGERPRINT_PURPOSE = 12;
/** Multihash prefix of a SHA-256 digest: algorithm 0x12, length 0x20. */
const SHA256_MULTIHASH_PREFIX = '1220';

/** `"1220"` + hex(SHA-256(int32 big-endian 12 ‖ raw public key)): the fingerprint Canton gives a key. */
export function keyFingerprint(rawPublicKey: Uint8Array): string {
  const purpose = Buffer.alloc(4);
  purpose.writeInt32BE(PUBLIC_KEY_FINGERPRINT_PURPOSE);
  return SHA256_MULTIHASH_PREFIX + createHash('sha256').update(purpose).update(rawPublicKey).digest('hex');
}

export interface SigningKey {
  key: KeyObject;
  fingerprint: string;
}

/** The signing key of every external fixture party, by party id. */
export function externalPartyKeys(fixtures: Fixtures): Map<string, SigningKey> {
  const keys = new Map<string, SigningKey>();
  for (const party of fixtures.parties) {
    if (!party.external) continue;
    const raw = Buffer.from(party.external.publicKey, 'base64');
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
    keys.set(party.id, { key, fingerprint: keyFingerprint(raw) });
  }
  return keys;
}
