/**
 * The participant's admin routes as `provision` calls them (Canton 3.5's JSON Ledger API; shapes of the
 * official 3.5.1 OpenAPI). Every call names the request and the answer when it fails, and what to check.
 * Writes are counted, so a run can say (and the tests can check) that it changed nothing.
 */
import { TargetUnreachableError, resolveRequest, type ClientResponse, type EndpointRequest, type TargetClient } from '../client/http.js';
import { ProvisionError } from './provision-error.js';

export type Right =
  | { kind: { ParticipantAdmin: { value: Record<string, never> } } }
  | { kind: { CanActAs: { value: { party: string } } } }
  | { kind: { CanReadAs: { value: { party: string } } } }
  | { kind: { CanExecuteAs: { value: { party: string } } } }
  | { kind: { CanReadAsAnyParty: { value: Record<string, never> } } };

export interface UserRecord {
  id: string;
  primaryParty?: string;
  isDeactivated?: boolean;
  metadata?: { resourceVersion?: string; annotations?: Record<string, string> };
}

export function actAs(party: string): Right {
  return { kind: { CanActAs: { value: { party } } } };
}
export function readAs(party: string): Right {
  return { kind: { CanReadAs: { value: { party } } } };
}
export function executeAs(party: string): Right {
  return { kind: { CanExecuteAs: { value: { party } } } };
}
export function readAsAnyParty(): Right {
  return { kind: { CanReadAsAnyParty: { value: {} } } };
}

/** A right as a comparable string: `CanActAs:alice::1220…`, `ParticipantAdmin`. */
export function rightKey(right: { kind?: Record<string, { value?: { party?: string } }> }): string {
  const [kind, variant] = Object.entries(right.kind ?? {})[0] ?? ['Empty', {}];
  return variant?.value?.party === undefined ? kind : `${kind}:${variant.value.party}`;
}

/** How long a write may take: longer than Canton's own waits (party allocation, vetting after an upload). */
const WRITE_TIMEOUT_MS = 180_000;

export class Node {
  /** Requests that changed the node (POST, PATCH, DELETE that succeeded). */
  writes = 0;

  constructor(
    private readonly client: TargetClient,
    /** The user whose token authorizes the admin calls. */
    readonly adminUser: string,
  ) {}

  /** Sends `request` (an endpoint of the descriptors) as the admin user; an answer outside `okStatuses` is a ProvisionError. */
  async send(input: EndpointRequest, what: string, okStatuses = [200]): Promise<ClientResponse> {
    const request = resolveRequest({ user: this.adminUser, ...input });
    const write = request.method !== 'GET';
    let response: ClientResponse;
    try {
      // Canton answers some writes only once they took effect (a party allocation can take minutes, a DAR
      // upload waits for vetting): a write gets far longer than the run's request timeout.
      response = await this.client.send({ ...(write ? { timeoutMs: WRITE_TIMEOUT_MS } : {}), ...request });
    } catch (error) {
      if (write && error instanceof TargetUnreachableError) {
        throw new ProvisionError(
          `${what}: no answer (${error.message}). The node may still have carried it out: run provision again, it reuses what exists`,
        );
      }
      throw error;
    }
    if (!okStatuses.includes(response.status)) throw failure(what, response);
    if (request.method !== 'GET' && response.status === 200) this.writes += 1;
    return response;
  }

  async participantUid(): Promise<string> {
    const response = await this.send({ endpoint: 'parties.participant-id' }, 'reading the participant id');
    return response.json<{ participantId: string }>().participantId;
  }

  async connectedSynchronizers(): Promise<string[]> {
    const response = await this.send({ endpoint: 'connected-synchronizers' }, 'reading the connected synchronizers');
    return (response.json<{ connectedSynchronizers?: { synchronizerId: string }[] }>().connectedSynchronizers ?? []).map(
      (entry) => entry.synchronizerId,
    );
  }

  async ledgerEnd(): Promise<number> {
    const response = await this.send({ endpoint: 'ledger-end' }, 'reading the ledger end');
    return Number(response.json<{ offset: number }>().offset);
  }

  async packageIds(): Promise<string[]> {
    const response = await this.send({ endpoint: 'packages-list' }, 'listing the packages');
    return response.json<{ packageIds?: string[] }>().packageIds ?? [];
  }

  /**
   * Uploads and vets on `synchronizerId`: an upload that vets without one makes Canton auto-detect the synchronizer,
   * which it refuses on a node connected to 0 or 2+ (PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER).
   */
  async uploadDar(bytes: Uint8Array, path: string, synchronizerId: string): Promise<void> {
    await this.send({ endpoint: 'dars-upload', query: { synchronizerId }, body: bytes }, `uploading the DAR ${path}`);
  }

  async partyExists(party: string): Promise<boolean> {
    const response = await this.send({ endpoint: 'parties.get', params: { party } }, `looking up the party ${party}`);
    return (response.json<{ partyDetails?: { party: string }[] }>().partyDetails ?? []).some((details) => details.party === party);
  }

  async allocateParty(hint: string, synchronizerId: string): Promise<string> {
    const response = await this.send(
      { endpoint: 'parties.allocate', body: { partyIdHint: hint, synchronizerId } },
      `allocating the party ${hint}`,
    );
    return response.json<{ partyDetails: { party: string } }>().partyDetails.party;
  }

  async generateExternalTopology(
    synchronizer: string,
    partyHint: string,
    spkiPublicKey: string,
  ): Promise<{ partyId: string; publicKeyFingerprint: string; topologyTransactions: string[]; multiHash: string }> {
    const response = await this.send(
      {
        endpoint: 'parties.generate-topology',
        body: {
          synchronizer,
          partyHint,
          publicKey: {
            format: 'CRYPTO_KEY_FORMAT_DER_X509_SUBJECT_PUBLIC_KEY_INFO',
            keyData: spkiPublicKey,
            keySpec: 'SIGNING_KEY_SPEC_EC_CURVE25519',
          },
        },
      },
      `generating the onboarding topology of the external party ${partyHint}`,
    );
    // generate-topology writes nothing: it must not count as a change.
    this.writes -= 1;
    return response.json();
  }

  async allocateExternalParty(synchronizer: string, transactions: string[], signature: string, fingerprint: string): Promise<string> {
    const response = await this.send(
      {
        endpoint: 'parties.allocate-external',
        body: {
          synchronizer,
          onboardingTransactions: transactions.map((transaction) => ({ transaction })),
          multiHashSignatures: [
            { format: 'SIGNATURE_FORMAT_CONCAT', signature, signedBy: fingerprint, signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519' },
          ],
        },
      },
      'allocating an external party',
    );
    return response.json<{ partyId: string }>().partyId;
  }

  /** The user, or undefined when the node does not know it (404 USER_NOT_FOUND). */
  async user(id: string): Promise<UserRecord | undefined> {
    const response = await this.send({ endpoint: 'users.get', params: { 'user-id': id } }, `reading the user ${id}`, [200, 404]);
    return response.status === 404 ? undefined : response.json<{ user: UserRecord }>().user;
  }

  async rights(id: string): Promise<string[]> {
    const response = await this.send({ endpoint: 'users.rights', params: { 'user-id': id } }, `reading the rights of ${id}`);
    return (response.json<{ rights?: Parameters<typeof rightKey>[0][] }>().rights ?? []).map(rightKey);
  }

  async createUser(user: UserRecord, rights: Right[]): Promise<void> {
    await this.send({ endpoint: 'users.create', body: { user, rights } }, `creating the user ${user.id}`);
  }

  async grantRights(id: string, rights: Right[]): Promise<void> {
    await this.send(
      { endpoint: 'users.grant-rights', params: { 'user-id': id }, body: { userId: id, rights } },
      `granting rights to ${id}`,
    );
  }

  async updateUser(user: UserRecord, paths: string[]): Promise<void> {
    await this.send(
      { endpoint: 'users.update', params: { 'user-id': user.id }, body: { user, updateMask: { paths } } },
      `updating the user ${user.id}`,
    );
  }

  async deleteUser(id: string): Promise<void> {
    await this.send({ endpoint: 'users.delete', params: { 'user-id': id } }, `deleting the user ${id}`);
  }
}

function failure(what: string, response: ClientResponse): ProvisionError {
  const hint =
    response.status === 401
      ? ': the token was not accepted (check the auth settings of the target)'
      : response.status === 403
        ? ': the admin user has no participant_admin right (give --admin-user a user that has it)'
        : response.status === 404 && response.text.includes('HttpMethod')
          ? ': the node does not serve this route (is it a Canton 3.5 participant?)'
          : '';
  return new ProvisionError(
    `${what} failed${hint}\n  ${response.request.method} ${response.request.url} → ${response.status} ${response.text.slice(0, 400)}`,
  );
}
