/**
 * What submit-and-wait and interactive prepare share: decoding the commands part of the request body,
 * then Canton's order of checks after decoding: the caller (401), its rights over the parties (403),
 * the user id, and the mandatory non-empty lists (JSON 400 MISSING_FIELD).
 */
import { invalidArgument, invalidField, missingField } from '../canton-errors.js';
import { parseUniqueIdentifier } from '../string-formats.js';
import { decodeFatContractInstanceIdentity } from './protobuf-messages.js';
import { contractAuthenticationData } from './created-event-blob.js';
import { LedgerApiError } from '../canton-errors.js';
import type { Faults } from '../faults.js';
import { canReadAs, requireCaller, requirePermission } from '../http/auth-context.js';
import {
  asObject,
  indexPath,
  optionalArray,
  optionalInt32,
  optionalString,
  optionalStringArray,
  requireArray,
  requireString,
  requireStringArray,
  type JsonObject,
} from '../http/decode.js';
import type { AuthContext, AuthenticatedCaller } from '../http/types.js';
import { decodeCommands, requireLedgerString, validateUserIdFormat } from './command-decode.js';
import type { Command } from './engine.js';

export interface CommandsPart {
  commands: Command[];
  commandId: string;
  actAs: string[];
  readAs: string[];
  userId: string | undefined;
  synchronizerId: string | undefined;
  /** The contract ids of the disclosed contracts (their blobs validated): usable though the submitters cannot see them. */
  disclosedContractIds: ReadonlySet<string>;
  /** Package ids a package-name reference prefers among the versions of its name (upgrades). */
  packageIdSelectionPreference: readonly string[];
}

/** Decodes the fields common to `JsCommands` and `JsPrepareSubmissionRequest` (400 text on failure). */
export function decodeCommandsPart(body: JsonObject, faults?: Faults): CommandsPart {
  const commands = decodeCommands(requireArray(body, 'commands', ''), 'commands');
  const commandId = requireString(body, 'commandId', '');
  const actAs = requireStringArray(body, 'actAs', '');
  const readAs = optionalStringArray(body, 'readAs', '') ?? [];
  const userId = optionalString(body, 'userId', '');
  const synchronizerId = optionalString(body, 'synchronizerId', '');
  const packageIdSelectionPreference = optionalStringArray(body, 'packageIdSelectionPreference', '') ?? [];
  optionalInt32(body, 'tapsMaxPasses', '');
  const disclosed = decodeDisclosedContracts(body);
  decodePrefetchContractKeys(body);
  // gRPC validation (JSON 400 errors), after the body decoded: CommandsValidator's synchronizer id, then
  // ValidateDisclosedContracts.
  if (synchronizerId) {
    const parsed = parseUniqueIdentifier(synchronizerId);
    if (!parsed.ok) throw invalidField('synchronizer_id', parsed.message);
  }
  if (!faults?.has('disclosed-blob-not-validated')) {
    for (const contract of disclosed) validateDisclosedContract(contract, !faults?.has('disclosed-authentication-not-checked'));
  }
  // Fault `disclosure-ignored`: a disclosed contract lends no visibility.
  const disclosedContractIds = new Set(
    faults?.has('disclosure-ignored') ? [] : disclosed.flatMap((contract) => (contract.contractId ? [contract.contractId] : [])),
  );
  return { commands, commandId, actAs, readAs, userId, synchronizerId, disclosedContractIds, packageIdSelectionPreference };
}

interface DisclosedContractPart {
  contractId: string | undefined;
  createdEventBlob: string | undefined;
}

// Disclosed contracts are validated as Canton's ValidateDisclosedContracts does (the blob present, decodable and
// naming the contract id given); the reference's model has no other use for them (every contract it knows is
// local), so they do not change interpretation. Prefetched keys are decoded for their shape.
function decodeDisclosedContracts(body: JsonObject): DisclosedContractPart[] {
  const list = optionalArray(body, 'disclosedContracts', '') ?? [];
  return list.map((element, index) => {
    const at = indexPath('disclosedContracts', index);
    const obj = asObject(element, at);
    for (const name of ['templateId', 'synchronizerId']) optionalString(obj, name, at);
    return { contractId: optionalString(obj, 'contractId', at), createdEventBlob: optionalString(obj, 'createdEventBlob', at) };
  });
}

/** ValidateDisclosedContracts.scala:109 (3.5): an empty blob is MISSING_FIELD; one that does not decode, INVALID_ARGUMENT. */
function validateDisclosedContract(disclosed: DisclosedContractPart, authenticate: boolean): void {
  const bytes = Buffer.from(disclosed.createdEventBlob ?? '', 'base64');
  if (bytes.length === 0) throw missingField('DisclosedContract.createdEventBlob');
  let decodedId: string;
  let authenticationData: Uint8Array;
  try {
    ({ contractId: decodedId, authenticationData } = decodeFatContractInstanceIdentity(bytes));
  } catch (error) {
    throw invalidArgument(`Unable to decode disclosed contract event payload: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (disclosed.contractId && disclosed.contractId !== decodedId) {
    throw invalidArgument(
      `Mismatch between DisclosedContract.contract_id (${disclosed.contractId}) and contract_id from decoded DisclosedContract.created_event_blob (${decodedId})`,
    );
  }
  // The contract id must authenticate the contract (TransactionRoutingError.scala:172 names the code, 3.5). Fault
  // `disclosed-authentication-not-checked`: another contract's authentication data is accepted.
  if (authenticate && !Buffer.from(authenticationData).equals(Buffer.from(contractAuthenticationData(decodedId)))) {
    throw new LedgerApiError(
      'DISCLOSED_CONTRACT_AUTHENTICATION_FAILED',
      `Disclosed contract authentication failed: the authentication data of ${decodedId} does not authenticate its contract id`,
    );
  }
}

function decodePrefetchContractKeys(body: JsonObject): void {
  const list = optionalArray(body, 'prefetchContractKeys', '') ?? [];
  list.forEach((element, index) => {
    const at = indexPath('prefetchContractKeys', index);
    const obj = asObject(element, at);
    optionalString(obj, 'templateId', at);
    optionalInt32(obj, 'limit', at);
  });
}

export interface AuthorizedSubmission {
  caller: AuthenticatedCaller;
  /** The user id the submission is recorded under (the request's, or the token's). */
  userId: string;
  actAs: string[];
}

/**
 * The checks Canton runs after decoding: a caller (401), `mayActAs` for every act-as party and read
 * rights for every read-as party (403), a user id matching the token unless the caller is an admin (403),
 * then non-empty `commands` and `actAs` (400 MISSING_FIELD) and a valid command id.
 */
export function authorizeSubmission(
  auth: AuthContext,
  part: CommandsPart,
  mayActAs: (caller: AuthenticatedCaller, party: string) => boolean,
  faults: Faults,
): AuthorizedSubmission {
  const caller = requireCaller(auth);
  const checked = faults.has('first-party-checked-only') ? part.actAs.slice(0, 1) : part.actAs;
  for (const party of checked) requirePermission(mayActAs(caller, party), `cannot act as ${party}`);
  for (const party of part.readAs) requirePermission(canReadAs(caller, party), `cannot read as ${party}`);
  const userId = part.userId === undefined || part.userId === '' ? caller.userId : part.userId;
  requirePermission(userId === caller.userId || caller.rights.admin, `user id ${userId} does not match the token's user ${caller.userId}`);
  validateUserIdFormat(userId);
  if (part.commands.length === 0 && !faults.has('submit-empty-commands-accepted')) throw missingField('commands');
  let actAs = part.actAs;
  if (actAs.length === 0) {
    if (!faults.has('submit-empty-actas-accepted')) throw missingField('act_as');
    actAs = [...caller.rights.actAs];
  }
  requireLedgerString(part.commandId, 'command_id');
  return { caller, userId, actAs };
}
