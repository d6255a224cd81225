/**
 * Party management as Canton 3.5's JSON API serves it (JsPartyManagementService over
 * ApiPartyManagementService): the participant id, allocating a local party, listing and reading party
 * details, and onboarding an external party (generate-topology, then allocate with the party's
 * signature of the topology multi-hash).
 *
 * Allocating is admin-only; generate-topology is open to any authenticated caller (Canton's
 * `RequiredClaim.Public`). A party allocated here becomes known to the ledger, which records its
 * topology transaction (see Ledger.allocateParty).
 */
import { createPublicKey, randomUUID, verify as verifySignature, type KeyObject } from 'node:crypto';
import type { Fixtures } from '../../config/types.js';
import { LedgerApiError, invalidArgument, invalidField } from '../canton-errors.js';
import { requireCaller, requirePermission, canReadAs } from '../http/auth-context.js';
import { parseJsonBody } from '../http/body.js';
import { asObject, indexPath } from '../http/decode.js';
import { decodePageToken, encodePageToken } from './page-token.js';
import type { AuthenticatedCaller, RefRequest, RefResponse, Route } from '../http/types.js';
import {
  decodeObjectMeta,
  int32Query,
  relaxedArray,
  relaxedBoolean,
  relaxedMessage,
  relaxedString,
  requireKnownIdentityProvider,
  requireParty,
  requireValidAnnotations,
} from './admin-validation.js';
import { isPartyHint, isUniqueIdentifier, userIdProblem } from '../string-formats.js';
import {
  PERMISSIONS,
  decodePartyToParticipant,
  encodePartyToParticipant,
  keyFingerprint,
  multiTransactionHash,
  transactionHash,
  type PartyToParticipantTransaction,
} from './topology.js';
import type { Users } from './users.js';

/** Canton's default `max-parties-page-size`. */
const MAX_PARTIES_PAGE_SIZE = 10_000;
const MAX_PARTY_HINT_LENGTH = 185;
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** What party management needs from the ledger (implemented by reference/ledger's Ledger). */
export interface PartyLedger {
  hasParty(party: string): boolean;
  allocateParty(party: string, permission: string, externalKey?: { rawPublicKey: Uint8Array; fingerprint: string }): number;
}

interface PartyRecord {
  party: string;
  isLocal: boolean;
  annotations: Record<string, string>;
  resourceVersion: number;
}

export interface PartyRoutesOptions {
  fixtures: Fixtures;
  users: Users;
  ledger: PartyLedger;
}

/** `participant1::1220…`: the participant's unique identifier, as `GET /v2/parties/participant-id` gives it. */
export function participantUid(participantId: string): string {
  return participantId.startsWith('PAR::') ? participantId.slice('PAR::'.length) : participantId;
}

function namespaceOf(uid: string): string {
  return uid.slice(uid.lastIndexOf('::') + 2);
}

function renderDetails(record: PartyRecord): Record<string, unknown> {
  return {
    party: record.party,
    isLocal: record.isLocal,
    localMetadata: { resourceVersion: String(record.resourceVersion), annotations: record.annotations },
    identityProviderId: '',
  };
}

function requireAdmin(caller: AuthenticatedCaller, action: string): void {
  requirePermission(caller.rights.admin, `${action} needs participant_admin rights`);
}

/** An Ed25519 public key given as DER SubjectPublicKeyInfo (or raw 32 bytes): its raw bytes and key object. */
function ed25519Key(format: string, keyData: string, keySpec: string): { raw: Buffer; spki: Buffer; key: KeyObject } {
  if (keySpec !== 'SIGNING_KEY_SPEC_EC_CURVE25519') {
    throw invalidArgument(
      `public_key: unsupported key spec ${keySpec || '(unset)'}; this participant accepts SIGNING_KEY_SPEC_EC_CURVE25519`,
    );
  }
  const bytes = Buffer.from(keyData, 'base64');
  let spki: Buffer;
  if (format === 'CRYPTO_KEY_FORMAT_DER_X509_SUBJECT_PUBLIC_KEY_INFO') spki = bytes;
  else if (format === 'CRYPTO_KEY_FORMAT_RAW' && bytes.length === 32) spki = Buffer.concat([ED25519_SPKI_PREFIX, bytes]);
  else throw invalidArgument(`public_key: unsupported key format ${format || '(unset)'} for an Ed25519 key`);
  let key: KeyObject;
  try {
    key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  } catch (error) {
    throw invalidArgument(`public_key: not a DER SubjectPublicKeyInfo Ed25519 key (${(error as Error).message})`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw invalidArgument(`public_key: expected an Ed25519 key, got ${key.asymmetricKeyType}`);
  const jwk = key.export({ format: 'jwk' });
  return { raw: Buffer.from(String(jwk.x), 'base64url'), spki, key };
}

interface DecodedSignature {
  format: string;
  signature: Buffer;
  signedBy: string;
  signingAlgorithmSpec: string;
}

function decodeSignature(value: unknown, path: string): DecodedSignature {
  const obj = asObject(value, path);
  return {
    format: relaxedString(obj, 'format', path),
    signature: Buffer.from(relaxedString(obj, 'signature', path), 'base64'),
    signedBy: relaxedString(obj, 'signedBy', path),
    signingAlgorithmSpec: relaxedString(obj, 'signingAlgorithmSpec', path),
  };
}

export function partyRoutes(options: PartyRoutesOptions): Route[] {
  const { fixtures, users, ledger } = options;
  const uid = participantUid(fixtures.participantId);
  const records = new Map<string, PartyRecord>();
  for (const party of fixtures.parties) {
    const hostedHere = party.hostedOn === undefined || party.hostedOn.some((host) => host.participantId === fixtures.participantId);
    records.set(party.id, { party: party.id, isLocal: hostedHere, annotations: {}, resourceVersion: 0 });
  }

  function connectedSynchronizer(value: string, field: string): void {
    if (value === '' || value === fixtures.synchronizerId) return;
    if (!isUniqueIdentifier(value))
      throw invalidField(field, `Invalid unique identifier \`${value}\`: expected <identifier>::<fingerprint>`);
    throw invalidArgument(`This node is not connected to the requested synchronizer ${value}.`);
  }

  function requireUserIfGiven(userId: string): void {
    if (userId === '') return;
    const problem = userIdProblem(userId);
    if (problem !== undefined) throw invalidField('user_id', problem);
    users.require("checking user's existence", userId);
  }

  function alreadyAllocated(party: string): LedgerApiError {
    return invalidArgument(`Party already exists: party ${party} is already allocated on this node`);
  }

  /** Records a new party, hosts it on the ledger and gives `userId` (if any) act-as rights for it. */
  function host(
    party: string,
    permission: string,
    annotations: Record<string, string>,
    userId: string,
    externalKey?: { rawPublicKey: Uint8Array; fingerprint: string },
  ): PartyRecord {
    ledger.allocateParty(party, permission, externalKey);
    const record: PartyRecord = { party, isLocal: true, annotations, resourceVersion: 0 };
    records.set(party, record);
    if (userId !== '') users.grant(userId, [{ kind: 'CanActAs', party }]);
    return record;
  }

  function participantId(request: RefRequest): RefResponse {
    requireCaller(request.auth);
    return { status: 200, body: { participantId: uid } };
  }

  function allocate(request: RefRequest): RefResponse {
    const body = asObject(parseJsonBody(request), '');
    const hint = relaxedString(body, 'partyIdHint', '');
    const metadata = decodeObjectMeta(relaxedMessage(body, 'localMetadata', ''), 'localMetadata');
    const identityProviderId = relaxedString(body, 'identityProviderId', '');
    const synchronizerId = relaxedString(body, 'synchronizerId', '');
    const userId = relaxedString(body, 'userId', '');
    requireAdmin(requireCaller(request.auth), 'allocating a party');
    if (hint !== '') requireParty(hint);
    if (metadata.resourceVersion !== '') throw invalidArgument('field local_metadata.resource_version must be not set');
    requireValidAnnotations(metadata.annotations, false, 'local_metadata.annotations');
    connectedSynchronizer(synchronizerId, 'synchronizer_id');
    const name = hint === '' ? `party-${randomUUID()}` : hint;
    if (name.length > MAX_PARTY_HINT_LENGTH || name.includes('::')) {
      throw invalidArgument(`Invalid party ID: the party hint "${name}" must be at most ${MAX_PARTY_HINT_LENGTH} characters without "::"`);
    }
    const party = `${name}::${namespaceOf(uid)}`;
    requireKnownIdentityProvider(identityProviderId, 'identity_provider_id');
    requireUserIfGiven(userId);
    if (ledger.hasParty(party)) throw alreadyAllocated(party);
    const record = host(party, 'PARTICIPANT_PERMISSION_SUBMISSION', metadata.annotations, userId);
    return { status: 200, body: { partyDetails: renderDetails(record) } };
  }

  function list(request: RefRequest): RefResponse {
    const pageSize = int32Query(request, 'pageSize');
    const pageToken = request.query.get('pageToken') ?? '';
    const filter = request.query.get('filter-party') ?? '';
    requireAdmin(requireCaller(request.auth), 'listing parties');
    const after = decodePageToken(pageToken);
    if (pageSize < 0) throw invalidArgument('Page size must be non-negative');
    if (pageSize > MAX_PARTIES_PAGE_SIZE)
      throw invalidArgument(`Page size must not exceed the server's maximum of ${MAX_PARTIES_PAGE_SIZE}`);
    if (filter !== '') requireParty(filter);
    const size = pageSize === 0 ? MAX_PARTIES_PAGE_SIZE : pageSize;
    const page = [...records.values()]
      .filter((record) => (after === undefined || record.party > after) && record.party.startsWith(filter))
      .sort((left, right) => (left.party < right.party ? -1 : left.party > right.party ? 1 : 0))
      .slice(0, size);
    const last = page[page.length - 1];
    return {
      status: 200,
      body: {
        partyDetails: page.map(renderDetails),
        nextPageToken: page.length < size || last === undefined ? '' : encodePageToken(last.party),
      },
    };
  }

  function details(request: RefRequest): RefResponse {
    const requested = [request.params.party ?? '', ...request.query.getAll('parties')];
    const caller = requireCaller(request.auth);
    requirePermission(
      caller.rights.admin || requested.every((party) => canReadAs(caller, party)),
      'reading party details needs participant_admin rights or read-as rights for every party asked for',
    );
    requireKnownIdentityProvider(request.query.get('identity-provider-id') ?? '', 'identity_provider_id');
    for (const party of requested) requireParty(party);
    const found = [...new Set(requested)].map((party) => records.get(party)).filter((record) => record !== undefined);
    return { status: 200, body: { partyDetails: found.map(renderDetails) } };
  }

  function generateTopology(request: RefRequest): RefResponse {
    const body = asObject(parseJsonBody(request), '');
    const synchronizer = relaxedString(body, 'synchronizer', '');
    const partyHint = relaxedString(body, 'partyHint', '');
    const publicKey = relaxedMessage(body, 'publicKey', '');
    const observationOnly = relaxedBoolean(body, 'localParticipantObservationOnly', '');
    const otherConfirming = relaxedArray(body, 'otherConfirmingParticipantUids', '');
    const observing = relaxedArray(body, 'observingParticipantUids', '');
    requireCaller(request.auth);
    if (publicKey === undefined) throw invalidArgument('Field `public_key` is not set');
    const key = ed25519Key(
      relaxedString(publicKey, 'format', 'publicKey'),
      relaxedString(publicKey, 'keyData', 'publicKey'),
      relaxedString(publicKey, 'keySpec', 'publicKey'),
    );
    if (!isUniqueIdentifier(synchronizer))
      throw invalidArgument(`Invalid unique identifier \`${synchronizer}\`: expected <identifier>::<fingerprint>`);
    if (synchronizer !== fixtures.synchronizerId) throw invalidArgument(`Unknown or not connected synchronizer ${synchronizer}`);
    if (partyHint === '') throw invalidArgument('Party hint is empty');
    if (!isPartyHint(partyHint)) {
      throw invalidArgument(`party_hint: "${partyHint}" is not a valid unique identifier part`);
    }
    if (otherConfirming.length > 0 || observing.length > 0) {
      throw invalidArgument(
        'this participant hosts external parties by itself only: otherConfirmingParticipantUids and observingParticipantUids must be empty',
      );
    }
    const fingerprint = keyFingerprint(key.raw);
    const party = `${partyHint}::${fingerprint}`;
    const permission = observationOnly ? PERMISSIONS.PARTICIPANT_PERMISSION_OBSERVATION : PERMISSIONS.PARTICIPANT_PERMISSION_CONFIRMATION;
    const transaction = encodePartyToParticipant(party, uid, permission, key.spki);
    return {
      status: 200,
      body: {
        partyId: party,
        publicKeyFingerprint: fingerprint,
        topologyTransactions: [Buffer.from(transaction).toString('base64')],
        multiHash: multiTransactionHash([transaction]).toString('base64'),
      },
    };
  }

  /** Whether `signature` is the key's valid Ed25519 signature of `hash`. */
  function signs(signature: DecodedSignature, fingerprint: string, key: KeyObject, hash: Buffer): boolean {
    return signature.signedBy === fingerprint && verifySignature(null, hash, key, signature.signature);
  }

  function allocateExternal(request: RefRequest): RefResponse {
    const body = asObject(parseJsonBody(request), '');
    const synchronizer = relaxedString(body, 'synchronizer', '');
    const onboarding = relaxedArray(body, 'onboardingTransactions', '').map((value, index) => {
      const path = indexPath('onboardingTransactions', index);
      const entry = asObject(value, path);
      return {
        bytes: Buffer.from(relaxedString(entry, 'transaction', path), 'base64'),
        signatures: relaxedArray(entry, 'signatures', path).map((signature, i) =>
          decodeSignature(signature, indexPath(`${path}.signatures`, i)),
        ),
      };
    });
    const multiHashSignatures = relaxedArray(body, 'multiHashSignatures', '').map((signature, index) =>
      decodeSignature(signature, indexPath('multiHashSignatures', index)),
    );
    const identityProviderId = relaxedString(body, 'identityProviderId', '');
    const userId = relaxedString(body, 'userId', '');
    requireAdmin(requireCaller(request.auth), 'allocating an external party');
    if (!isUniqueIdentifier(synchronizer)) throw invalidField('synchronizer', `Invalid unique identifier \`${synchronizer}\``);
    if (synchronizer !== fixtures.synchronizerId)
      throw invalidArgument(`This node is not connected to the requested synchronizer ${synchronizer}.`);
    if (onboarding.length === 0) throw invalidField('onboarding_transactions.transactions', 'Transactions field is empty');
    const parsed: PartyToParticipantTransaction[] = onboarding.map(({ bytes }) => {
      try {
        return decodePartyToParticipant(bytes);
      } catch (error) {
        throw invalidField('onboarding_transactions.transaction', `Invalid transaction: ${(error as Error).message}`);
      }
    });
    for (const transaction of parsed) {
      if (transaction.operation !== 1)
        throw invalidField('onboarding_transactions.transaction', 'Onboarding topology transactions must be Replace operations');
      if (transaction.serial !== 1)
        throw invalidField('onboarding_transactions.transaction.serial', 'Onboarding transaction serial must be 1');
    }
    if (parsed.length !== 1) throw invalidArgument(`Only one transaction of type PartyToParticipant can be provided, got ${parsed.length}`);
    const mapping = parsed[0]!;
    requireKnownIdentityProvider(identityProviderId, 'identity_provider_id');
    requireUserIfGiven(userId);
    const hosting = mapping.participants.find((host) => host.participantUid === uid);
    if (hosting === undefined) {
      throw invalidArgument(
        `The party is to be hosted on participants that do not include this participant (${uid}). Submit the allocation request on a hosting participant instead.`,
      );
    }
    if (hosting.permission === PERMISSIONS.PARTICIPANT_PERMISSION_SUBMISSION) {
      throw invalidArgument(
        `The PartyToParticipant transaction must not contain any node with Submission permission. Nodes with submission permission: ${uid}`,
      );
    }
    const signingKey = mapping.signingKeys[0];
    if (signingKey === undefined) throw invalidArgument('Missing Protocol usage on signing keys');
    const key = ed25519Key(
      signingKey.format === 4 ? 'CRYPTO_KEY_FORMAT_DER_X509_SUBJECT_PUBLIC_KEY_INFO' : 'CRYPTO_KEY_FORMAT_RAW',
      Buffer.from(signingKey.publicKey).toString('base64'),
      signingKey.keySpec === 1 ? 'SIGNING_KEY_SPEC_EC_CURVE25519' : String(signingKey.keySpec),
    );
    const fingerprint = keyFingerprint(key.raw);
    const namespace = namespaceOf(mapping.party);
    if (namespace !== fingerprint) {
      throw invalidArgument(`The Party namespace (${namespace}) does not match the PartyToParticipant namespace (${fingerprint})`);
    }
    const bytes = onboarding.map((transaction) => transaction.bytes);
    const multiHash = multiTransactionHash(bytes);
    const authorized =
      multiHashSignatures.some((signature) => signs(signature, fingerprint, key.key, multiHash)) ||
      onboarding[0]!.signatures.some((signature) => signs(signature, fingerprint, key.key, transactionHash(bytes[0]!)));
    if (!authorized) {
      throw invalidArgument(
        `The onboarding transactions are not authorized by the party's namespace key ${fingerprint}: ` +
          'sign the multi-hash (multiHashSignatures) or each transaction with it',
      );
    }
    if (ledger.hasParty(mapping.party)) throw alreadyAllocated(mapping.party);
    const permission =
      hosting.permission === PERMISSIONS.PARTICIPANT_PERMISSION_OBSERVATION
        ? 'PARTICIPANT_PERMISSION_OBSERVATION'
        : 'PARTICIPANT_PERMISSION_CONFIRMATION';
    host(mapping.party, permission, {}, userId, { rawPublicKey: key.raw, fingerprint });
    return { status: 200, body: { partyId: mapping.party } };
  }

  return [
    { method: 'GET', pattern: '/v2/parties/participant-id', handler: participantId },
    { method: 'POST', pattern: '/v2/parties', handler: allocate },
    { method: 'GET', pattern: '/v2/parties', handler: list },
    { method: 'GET', pattern: '/v2/parties/{party}', handler: details },
    { method: 'POST', pattern: '/v2/parties/external/generate-topology', handler: generateTopology },
    { method: 'POST', pattern: '/v2/parties/external/allocate', handler: allocateExternal },
  ];
}
