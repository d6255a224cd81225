/**
 * Canton's fingerprint of a public key, the namespace of an external party's id and the `signedBy` of its
 * signatures: "1220" (the SHA-256 multihash prefix) + hex(SHA-256(int32 big-endian 12 ‖ raw public key)),
 * 12 being Canton's hash purpose `PublicKeyFingerprint`. A plain SHA-256 of the key is not it.
 */
import { createHash } from 'node:crypto';

const PUBLIC_KEY_FINGERPRINT_PURPOSE = 12;

/** The fingerprint of a raw public key given as base64 (e.g. the 32 bytes of an Ed25519 key). */
export function cantonKeyFingerprint(publicKeyBase64: string): string {
  const purpose = Buffer.alloc(4);
  purpose.writeInt32BE(PUBLIC_KEY_FINGERPRINT_PURPOSE);
  return `1220${createHash('sha256').update(purpose).update(Buffer.from(publicKeyBase64, 'base64')).digest('hex')}`;
}
