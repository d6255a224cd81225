/**
 * Ed25519 keys of external parties, the client side of Canton's onboarding: the key fingerprint (the
 * party's namespace and the `signedBy` of its signatures), the check that a topology multi-hash covers
 * exactly the transactions it came with, and the signature over it.
 *
 * Canton's hashes: SHA-256 over the purpose as a 4-byte big-endian int, then the data, serialized as a
 * multihash (`0x12 0x20` + digest). Fingerprint: purpose 12 over the raw 32-byte key. A topology
 * transaction's hash: purpose 11 over its serialized bytes. The multi-hash: purpose 55 over the count
 * and the transaction hashes in the order of their hex, each prefixed with its length.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

const PURPOSE_TOPOLOGY_TRANSACTION = 11;
const PURPOSE_PUBLIC_KEY_FINGERPRINT = 12;
const PURPOSE_MULTI_TOPOLOGY_TRANSACTION = 55;

export interface PartyKey {
  /** PKCS#8 DER, base64 (the fixtures' `external.privateKey`). */
  privateKey: string;
  /** Raw 32 bytes, base64 (the fixtures' `external.publicKey`). */
  publicKey: string;
  /** DER SubjectPublicKeyInfo, base64 (what generate-topology takes). */
  spkiPublicKey: string;
  fingerprint: string;
}

function int32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}

function purposeHash(purpose: number, ...parts: Uint8Array[]): Buffer {
  const hash = createHash('sha256').update(int32(purpose));
  for (const part of parts) hash.update(part);
  return Buffer.concat([Buffer.from([0x12, 0x20]), hash.digest()]);
}

/** Canton's fingerprint of a public key: `1220` + hex(SHA-256(int32 12 ‖ raw key)). */
export function fingerprintOf(rawPublicKey: Uint8Array): string {
  return purposeHash(PURPOSE_PUBLIC_KEY_FINGERPRINT, rawPublicKey).toString('hex');
}

function describe(privateKey: KeyObject): PartyKey {
  const publicKey = createPublicKey(privateKey);
  const raw = Buffer.from(String(publicKey.export({ format: 'jwk' }).x), 'base64url');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: raw.toString('base64'),
    spkiPublicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    fingerprint: fingerprintOf(raw),
  };
}

export function generatePartyKey(): PartyKey {
  return describe(generateKeyPairSync('ed25519').privateKey);
}

/** The key of a PKCS#8 DER (base64) private key, as written to `.env` by an earlier run. */
export function partyKeyFrom(privateKeyBase64: string): PartyKey {
  const key = createPrivateKey({ key: Buffer.from(privateKeyBase64, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`expected an Ed25519 private key, got ${key.asymmetricKeyType}`);
  return describe(key);
}

/** The multi-hash of serialized topology transactions, computed here rather than trusted from the node. */
export function multiHashOf(serializedTransactions: readonly Uint8Array[]): Buffer {
  const hashes = [
    ...new Set(serializedTransactions.map((bytes) => purposeHash(PURPOSE_TOPOLOGY_TRANSACTION, bytes).toString('hex'))),
  ].sort();
  const parts = hashes.flatMap((hex) => [int32(hex.length / 2), Buffer.from(hex, 'hex')]);
  return purposeHash(PURPOSE_MULTI_TOPOLOGY_TRANSACTION, int32(hashes.length), ...parts);
}

/** Ed25519 signature (base64) of `data` with the party's key. */
export function signWith(key: PartyKey, data: Uint8Array): string {
  const privateKey = createPrivateKey({ key: Buffer.from(key.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
  return sign(null, data, privateKey).toString('base64');
}
