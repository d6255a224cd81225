/**
 * Interactive submission, as a Canton 3.5 participant does it:
 * - `POST /v2/interactive-submission/prepare` interprets commands without committing and answers the
 *   `PreparedTransaction` protobuf (base64; prepared-transaction.ts) with its hash under hashing scheme V2
 *   (transaction-hash.ts), the hash the external parties sign. V3 is refused as on a synchronizer of
 *   protocol version 34, which supports V2 only (FAILED_TO_PREPARE_TRANSACTION).
 * - `POST .../execute` decodes the prepared transaction it is given, hashes it again, verifies the
 *   parties' Ed25519 signatures against that hash and their keys' fingerprints, and commits exactly that
 *   transaction: answered `{}` at once, committed on a later turn of the event loop.
 * - `POST .../executeAndWait` does the same and answers once committed, with the update id and offset.
 *
 * The participant keeps each transaction it prepared under its hash: a prepared transaction changed by
 * the client hashes differently and is refused as one this participant did not prepare.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { LedgerApiError, missingField, invalidField, invalidArgument } from '../canton-errors.js';
import { fingerprintProblem, parseUniqueIdentifier, partyProblem } from '../string-formats.js';
import { canExecuteAs, requireCaller, requirePermission } from '../http/auth-context.js';
import { parseJsonBody } from '../http/body.js';
import {
  asObject,
  decodeFailure,
  fieldPath,
  indexPath,
  isAbsent,
  oneOfKeys,
  optionalBoolean,
  optionalObject,
  optionalString,
  requireArray,
  requireInt64,
  requireObject,
  requireString,
  type JsonObject,
} from '../http/decode.js';
import type { RefRequest, RefResponse } from '../http/types.js';
import { decodeDurationMs, decodeTimestamp, requireLedgerString, validateUserIdFormat } from './command-decode.js';
import type { Contract, InterpretedTransaction, TransactionNode } from './engine.js';
import { formatTimestamp, type LedgerState } from './ledger-state.js';
import { preparedTransactionOf } from './prepared-transaction.js';
import { decodePreparedTransaction, encodePreparedTransaction, type PreparedTransactionMessage } from './protobuf-messages.js';
import { externalPartyKeys, type SigningKey } from './signing-keys.js';
import { DeduplicationTable, type DeduplicationWindow } from './store.js';
import { authorizeSubmission, decodeCommandsPart } from './submission.js';
import { deduplicationWindow, effectiveTime } from './submit.js';
import { hashPreparedTransactionV2, TransactionHashError } from './transaction-hash.js';

const HASHING_SCHEME_VERSIONS = ['HASHING_SCHEME_VERSION_UNSPECIFIED', 'HASHING_SCHEME_VERSION_V2', 'HASHING_SCHEME_VERSION_V3'] as const;
const PREPARED_HASHING_SCHEME = 'HASHING_SCHEME_VERSION_V2';
/** Canton's refusal of V3 on the reference's synchronizer (InteractiveSubmission.UnsupportedHashingSchemeVersion). */
const V3_UNSUPPORTED =
  'Hashing scheme version V3 is not supported on protocol version 34. Minimum protocol version for hashing version V3: 35. ' +
  'Supported hashing version on protocol version 34: V2';
const ACCEPTED_SIGNATURE_FORMATS = new Set(['SIGNATURE_FORMAT_CONCAT', 'SIGNATURE_FORMAT_RAW']);
const ED25519 = 'SIGNING_ALGORITHM_SPEC_ED25519';
/** Prepared transactions kept for execution; the oldest are forgotten beyond this many. */
const MAX_PREPARED = 10_000;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

interface PreparedSubmission {
  tx: InterpretedTransaction;
  userId: string;
  commandId: string;
  actAs: string[];
  hash: Buffer;
  /** The metadata's transaction uuid (fault `execute-metadata-not-hashed` finds the submission by it). */
  transactionUuid: string;
}

interface AcceptedExecution {
  tx: InterpretedTransaction;
  prepared: PreparedSubmission;
  submissionId: string;
  changeId: string;
}

interface PartySignature {
  party: string;
  signatures: { format: string; signature: string; signedBy: string; signingAlgorithmSpec: string }[];
}

interface ExecuteRequest {
  preparedTransaction: string;
  partySignatures: PartySignature[];
  deduplication: { kind: 'duration'; milliseconds: number } | { kind: 'offset'; offset: bigint } | { kind: 'empty' } | undefined;
  submissionId: string;
  userId: string | undefined;
  hashingSchemeVersion: string;
  minLedgerTime: { abs?: Date; relMs?: number };
}

/** `{time: {Empty | MinLedgerTimeAbs{value} | MinLedgerTimeRel{value: Duration}}}` */
function decodeMinLedgerTime(body: JsonObject, path: string): { abs?: Date; relMs?: number } {
  const minLedgerTime = optionalObject(body, 'minLedgerTime', path);
  if (!minLedgerTime) return {};
  const at = fieldPath(path, 'minLedgerTime');
  if (isAbsent(minLedgerTime, 'time')) return {};
  const timePath = fieldPath(at, 'time');
  const { key, value } = oneOfKeys(minLedgerTime.time, ['Empty', 'MinLedgerTimeAbs', 'MinLedgerTimeRel'] as const, 'Time', timePath);
  if (key === 'Empty') return {};
  const variantPath = fieldPath(timePath, key);
  const wrapper = asObject(value, variantPath);
  if (key === 'MinLedgerTimeAbs')
    return { abs: decodeTimestamp(requireString(wrapper, 'value', variantPath), fieldPath(variantPath, 'value')) };
  return { relMs: decodeDurationMs(wrapper.value, fieldPath(variantPath, 'value')) };
}

function decodeExecuteRequest(body: JsonObject): ExecuteRequest {
  const preparedTransaction = requireString(body, 'preparedTransaction', '');
  const partySignaturesObject = requireObject(body, 'partySignatures', '');
  const listPath = 'partySignatures.signatures';
  const partySignatures = requireArray(partySignaturesObject, 'signatures', 'partySignatures').map((element, index) => {
    const at = indexPath(listPath, index);
    const entry = asObject(element, at);
    const signaturesPath = fieldPath(at, 'signatures');
    // SinglePartySignatures and Signature use Canton's relaxed codec: a missing string is "" (and fails in
    // validation, as INVALID_FIELD), while a missing enum still fails decoding.
    return {
      party: optionalString(entry, 'party', at) ?? '',
      signatures: requireArray(entry, 'signatures', at).map((signature, signatureIndex) => {
        const signatureAt = indexPath(signaturesPath, signatureIndex);
        const obj = asObject(signature, signatureAt);
        return {
          format: requireString(obj, 'format', signatureAt),
          signature: requireString(obj, 'signature', signatureAt),
          signedBy: optionalString(obj, 'signedBy', signatureAt) ?? '',
          signingAlgorithmSpec: requireString(obj, 'signingAlgorithmSpec', signatureAt),
        };
      }),
    };
  });
  let deduplication: ExecuteRequest['deduplication'];
  // As Canton 3.5: JsExecuteSubmissionRequest has no default for it, so it is required (the spec says optional).
  if (body['deduplicationPeriod'] === undefined) throw decodeFailure('Missing required field', 'deduplicationPeriod');
  const period = optionalObject(body, 'deduplicationPeriod', '');
  if (period) {
    const { key, value } = oneOfKeys(
      period,
      ['DeduplicationDuration', 'DeduplicationOffset', 'Empty'] as const,
      'DeduplicationPeriod',
      'deduplicationPeriod',
    );
    const at = fieldPath('deduplicationPeriod', key);
    if (key === 'Empty') deduplication = { kind: 'empty' };
    else if (key === 'DeduplicationDuration')
      deduplication = { kind: 'duration', milliseconds: decodeDurationMs(asObject(value, at).value, fieldPath(at, 'value')) };
    else deduplication = { kind: 'offset', offset: requireInt64(asObject(value, at), 'value', at) };
  }
  const submissionId = requireString(body, 'submissionId', '');
  const userId = optionalString(body, 'userId', '');
  const hashingSchemeVersion = requireString(body, 'hashingSchemeVersion', '');
  if (!(HASHING_SCHEME_VERSIONS as readonly string[]).includes(hashingSchemeVersion)) {
    throw decodeFailure(`Unknown value '${hashingSchemeVersion}' for enum HashingSchemeVersion`, 'hashingSchemeVersion');
  }
  return {
    preparedTransaction,
    partySignatures,
    deduplication,
    submissionId,
    userId,
    hashingSchemeVersion,
    minLedgerTime: decodeMinLedgerTime(body, ''),
  };
}

function verifiesEd25519(message: Buffer, key: KeyObject, signatureBase64: string): boolean {
  try {
    return verify(null, message, key, Buffer.from(signatureBase64, 'base64'));
  } catch {
    // A signature of the wrong length is rejected by OpenSSL with an exception: it does not verify.
    return false;
  }
}

/** SubmitRequestValidator.validatePartySignatures: each party id, then each signature's `signedBy` fingerprint. */
function validatePartySignatures(partySignatures: PartySignature[]): void {
  for (const entry of partySignatures) {
    const problem = partyProblem(entry.party);
    if (problem !== undefined) throw invalidField('SinglePartySignatures.party', problem);
    for (const signature of entry.signatures) {
      const fingerprint = fingerprintProblem(signature.signedBy);
      if (fingerprint !== undefined) throw invalidField('SinglePartySignatures.signature', fingerprint);
    }
  }
}

function failedToExecute(reason: string): LedgerApiError {
  return new LedgerApiError('FAILED_TO_EXECUTE_TRANSACTION', `The participant failed to execute the transaction: ${reason}`);
}

/** `1220…`: a hash as Canton prints it in messages (multihash, hex). */
function multihashHex(hash: Buffer): string {
  return `1220${hash.toString('hex')}`;
}

/**
 * The transaction whose hash the party is asked to sign under the `prepare-hash-mismatch` fault: the
 * shown one with the argument of its first create replaced (what a dishonest participant would slip in).
 */
function tamperedTwin(shown: PreparedTransactionMessage): PreparedTransactionMessage {
  const twin = structuredClone(shown);
  const node = twin.transaction?.nodes?.find((candidate) => candidate.v1 !== undefined && 'create' in candidate.v1);
  if (node?.v1 && 'create' in node.v1) node.v1.create.argument = { text: 'not the transaction you were shown' };
  else if (twin.metadata) twin.metadata.transaction_uuid = '00000000-0000-0000-0000-000000000000';
  return twin;
}

/** Under the `prepare-fetch-nodes-dropped` fault: the shown transaction without its Fetch nodes, nor their ids as children. */
function dropFetchNodes(transaction: NonNullable<PreparedTransactionMessage['transaction']>): void {
  const fetched = new Set(
    (transaction.nodes ?? []).filter((node) => node.v1 !== undefined && 'fetch' in node.v1).map((node) => node.node_id),
  );
  transaction.nodes = (transaction.nodes ?? []).filter((node) => !fetched.has(node.node_id));
  for (const node of transaction.nodes) {
    if (node.v1 && 'exercise' in node.v1) node.v1.exercise.children = (node.v1.exercise.children ?? []).filter((id) => !fetched.has(id));
  }
}

/** The prepared transaction of an execute request: base64 of a `PreparedTransaction` protobuf. */
function decodePrepared(preparedTransaction: string): PreparedTransactionMessage {
  if (preparedTransaction === '') throw missingField('prepared_transaction');
  if (!BASE64.test(preparedTransaction)) throw invalidArgument('preparedTransaction is not valid base64');
  try {
    return decodePreparedTransaction(Buffer.from(preparedTransaction, 'base64'));
  } catch (error) {
    throw invalidArgument(
      `preparedTransaction is not a PreparedTransaction protobuf: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The transaction with its ledger effective time (and its contracts' `createdAt`) moved to `effectiveAt`. */
function retime(tx: InterpretedTransaction, effectiveAt: string): InterpretedTransaction {
  if (tx.effectiveAt === effectiveAt) return tx;
  const created = new Map<string, Contract>([...tx.created].map(([id, contract]) => [id, { ...contract, createdAt: effectiveAt }]));
  const nodes = tx.nodes.map((node): TransactionNode => ({ ...node, contract: created.get(node.contract.contractId) ?? node.contract }));
  return { ...tx, effectiveAt, created, nodes };
}

/**
 * Synchronizer.fromLogicalOrPhysicalString: a logical id (a unique identifier `id::namespace`) or a physical one
 * (`id::namespace::<protocol version>-<serial>`); the logical id it names, or undefined when it is neither.
 */
function logicalSynchronizerId(text: string): string | undefined {
  if (parseUniqueIdentifier(text).ok) return text;
  const parts = text.split('::');
  if (parts.length !== 3 || !/^\d+-\d+$/.test(parts[2]!)) return undefined;
  const logical = `${parts[0]}::${parts[1]}`;
  return parseUniqueIdentifier(logical).ok ? logical : undefined;
}

/** The contracts a prepared transaction uses but does not create (Transaction.inputContracts). */
function usedInputContracts(prepared: PreparedTransactionMessage): Set<string> {
  const created = new Set<string>();
  const used = new Set<string>();
  for (const node of prepared.transaction?.nodes ?? []) {
    const v1 = node.v1;
    if (v1 === undefined) continue;
    if ('create' in v1 && v1.create.contract_id) created.add(v1.create.contract_id);
    if ('exercise' in v1 && v1.exercise.contract_id && !created.has(v1.exercise.contract_id)) used.add(v1.exercise.contract_id);
    if ('fetch' in v1 && v1.fetch.contract_id && !created.has(v1.fetch.contract_id)) used.add(v1.fetch.contract_id);
  }
  return used;
}

/** A prepare's cost estimation, from the size of what the synchronizer would carry (CostEstimation of the Ledger API). */
function costEstimation(encoded: Uint8Array, signatures: number, now: Date): JsonObject {
  const request = encoded.length + 100 * signatures;
  const response = 250;
  return {
    estimationTimestamp: now.toISOString(),
    confirmationRequestTrafficCostEstimation: request,
    confirmationResponseTrafficCostEstimation: response,
    totalTrafficCostEstimation: request + response,
  };
}

/**
 * How long an executed transaction takes to be sequenced and committed after execute answered: the window in which
 * its change id is in flight (a retry then is SUBMISSION_ALREADY_IN_FLIGHT, category 2, retry after 1 s).
 */
export const SEQUENCING_DELAY_MS = 40;

export class InteractiveSubmission {
  /** Prepared transactions by the hex of their hash. */
  private readonly prepared = new Map<string, PreparedSubmission>();
  private readonly signingKeys: Map<string, SigningKey>;
  private readonly pending = new Set<NodeJS.Timeout>();

  constructor(private readonly state: LedgerState) {
    this.signingKeys = externalPartyKeys(state.fixtures);
  }

  /** The Ed25519 key (raw 32 bytes) an external party allocated since start signs its transactions with. */
  registerKey(party: string, rawPublicKey: Uint8Array, fingerprint: string): void {
    const x = Buffer.from(rawPublicKey).toString('base64url');
    this.signingKeys.set(party, { key: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' }), fingerprint });
  }

  prepare(request: RefRequest): RefResponse {
    const { state } = this;
    const body = asObject(parseJsonBody(request), '');
    const part = decodeCommandsPart(body, state.faults);
    // JsPrepareSubmissionRequest declares both without a default, so circe requires them, although the
    // official OpenAPI marks them optional (tapir's schema makes every Seq optional).
    requireString(body, 'synchronizerId', '');
    requireArray(body, 'packageIdSelectionPreference', '');
    const verboseHashing = optionalBoolean(body, 'verboseHashing', '') ?? false;
    optionalString(body, 'maxRecordTime', '');
    const minLedgerTime = decodeMinLedgerTime(body, '');
    const hints = optionalObject(body, 'estimateTrafficCost', '');
    // CostEstimationHints.fromProto: an estimation unless the hints disable it (none given: estimate).
    const estimate = !(hints !== undefined && optionalBoolean(hints, 'disabled', 'estimateTrafficCost') === true);
    const hashingSchemeVersion = optionalString(body, 'hashingSchemeVersion', '');
    if (hashingSchemeVersion !== undefined && !(HASHING_SCHEME_VERSIONS as readonly string[]).includes(hashingSchemeVersion)) {
      throw decodeFailure(`Unknown value '${hashingSchemeVersion}' for enum HashingSchemeVersion`, 'hashingSchemeVersion');
    }
    const { userId, actAs } = authorizeSubmission(request.auth, part, canExecuteAs, state.faults);
    if (hashingSchemeVersion === 'HASHING_SCHEME_VERSION_UNSPECIFIED') throw invalidField('hashing_scheme_version', 'Unspecified version');
    const preparedAt = state.now();
    // Fault `prepare-visibility-not-checked`: the prepare reads as every party, so any contract is visible to it.
    const readAs = state.faults.has('prepare-visibility-not-checked') ? [...part.readAs, ...state.partyIds.values()] : part.readAs;
    // Disclosed contracts lend visibility to a prepare as to a submission (ExplicitDisclosureIT; ISS ...ExplicitDisclosure).
    const tx = state.interpret(
      part.commands,
      actAs,
      readAs,
      effectiveTime(preparedAt, minLedgerTime.abs, minLedgerTime.relMs),
      part.disclosedContractIds,
      part.packageIdSelectionPreference,
    );
    // Canton hashes after interpreting: a V3 request fails only then, on the synchronizer's protocol version.
    if (hashingSchemeVersion === 'HASHING_SCHEME_VERSION_V3') {
      throw new LedgerApiError('FAILED_TO_PREPARE_TRANSACTION', `The participant failed to prepare the transaction: ${V3_UNSUPPORTED}`);
    }
    const requestedSynchronizer = part.synchronizerId || state.fixtures.synchronizerId;
    const shown = preparedTransactionOf(state.pkg, tx, {
      actAs,
      commandId: part.commandId,
      // Fault `prepare-synchronizer-not-reflected`: the metadata names another (well-formed) synchronizer.
      synchronizerId: state.faults.has('prepare-synchronizer-not-reflected') ? `other-${requestedSynchronizer}` : requestedSynchronizer,
      preparedAt,
    });
    // Fault `prepare-input-contracts-omitted`: the metadata lists none of the contracts the transaction uses.
    if (state.faults.has('prepare-input-contracts-omitted') && shown.metadata) shown.metadata.input_contracts = [];
    // Fault `prepare-fetch-nodes-dropped`: the transaction shown has no Fetch node (nor its id among its exercise's children).
    if (state.faults.has('prepare-fetch-nodes-dropped') && shown.transaction) dropFetchNodes(shown.transaction);
    const hash = hashPreparedTransactionV2(shown);
    this.remember({ tx, userId, commandId: part.commandId, actAs, hash, transactionUuid: shown.metadata?.transaction_uuid ?? '' });
    const askedToSign = state.faults.has('prepare-hash-mismatch') ? hashPreparedTransactionV2(tamperedTwin(shown)) : hash;
    const encoded = encodePreparedTransaction(shown);
    // Fault `prepare-cost-estimation-missing`: no estimation, also when none was disabled.
    const withEstimation = estimate && !state.faults.has('prepare-cost-estimation-missing');
    return {
      status: 200,
      body: {
        preparedTransaction: Buffer.from(encoded).toString('base64'),
        preparedTransactionHash: askedToSign.toString('base64'),
        hashingSchemeVersion: PREPARED_HASHING_SCHEME,
        hashingDetails: verboseHashing
          ? 'Verbose hashing is disabled on this participant. Contact the node administrator for more details.'
          : null,
        costEstimation: withEstimation ? costEstimation(encoded, actAs.length, preparedAt) : null,
      },
    };
  }

  /** `POST .../execute`: answers `{}` at once and commits on a later turn of the event loop. */
  execute(request: RefRequest): RefResponse {
    const accepted = this.acceptOrRelabel(request);
    // A change id already committed is acknowledged and rejected later, on the completion stream (see below).
    if (accepted === 'committed-duplicate') return { status: 200, body: {} };
    // The change id stays in flight until the transaction is sequenced and committed (Canton 3.5: in flight until
    // sequenced, facts verified-against-real §8 R4): the reference's sequencing takes SEQUENCING_DELAY_MS. Fault
    // `in-flight-released-early`: the change id leaves the in-flight table at once, so a retry in that window is
    // accepted and committed a second time.
    if (this.state.faults.has('in-flight-released-early')) this.state.dedup.clearInFlight(accepted.changeId);
    const handle = setTimeout(() => {
      this.pending.delete(handle);
      this.commit(accepted);
    }, SEQUENCING_DELAY_MS);
    this.pending.add(handle);
    return { status: 200, body: {} };
  }

  /** `POST .../executeAndWait`: commits before answering, with the update id and offset of the commit. */
  executeAndWait(request: RefRequest): RefResponse {
    const accepted = this.accept(request);
    // executeAndWait waits for the completion, which for an already committed change id is DUPLICATE_COMMAND.
    // Fault `execute-and-wait-duplicate-committed`: the change id is not deduplicated by executeAndWait.
    if (accepted === 'committed-duplicate' && this.state.faults.has('execute-and-wait-duplicate-committed')) {
      const again = this.acceptUndeduplicated(request);
      const committed = this.commit(again);
      if (committed instanceof LedgerApiError) throw committed;
      return { status: 200, body: { updateId: committed.updateId, completionOffset: committed.offset } };
    }
    if (accepted === 'committed-duplicate') {
      throw new LedgerApiError('DUPLICATE_COMMAND', 'A command with the given command id has already been successfully processed', {
        definiteAnswer: !this.state.faults.has('duplicate-command-not-definite'),
      });
    }
    const committed = this.commit(accepted);
    if (committed instanceof LedgerApiError) throw committed;
    return { status: 200, body: { updateId: committed.updateId, completionOffset: committed.offset } };
  }

  /** Fault `execute-refusal-wrong-code`: execute's FAILED_TO_EXECUTE_TRANSACTION answered as INVALID_ARGUMENT (same 400). */
  private acceptOrRelabel(request: RefRequest): ReturnType<InteractiveSubmission['accept']> {
    try {
      return this.accept(request);
    } catch (error) {
      if (
        !(error instanceof LedgerApiError) ||
        error.code !== 'FAILED_TO_EXECUTE_TRANSACTION' ||
        !this.state.faults.has('execute-refusal-wrong-code')
      )
        throw error;
      throw new LedgerApiError('INVALID_ARGUMENT', `The submitted request has invalid arguments: ${error.errorCause}`);
    }
  }

  /**
   * Everything execute checks before the commit, in Canton's order: decoding, rights over the prepared
   * transaction's act-as parties, the hashing scheme, the signatures against the hash of the transaction
   * as received, that this participant prepared it, deduplication.
   */
  private accept(request: RefRequest): AcceptedExecution | 'committed-duplicate' {
    const { state } = this;
    const execute = decodeExecuteRequest(asObject(parseJsonBody(request), ''));
    const caller = requireCaller(request.auth);
    const received = decodePrepared(execute.preparedTransaction);
    const actAs = received.metadata?.submitter_info?.act_as ?? [];
    const userId = execute.userId === undefined || execute.userId === '' ? caller.userId : execute.userId;
    requirePermission(
      userId === caller.userId || caller.rights.admin,
      `user id ${userId} does not match the token's user ${caller.userId}`,
    );
    validateUserIdFormat(userId);
    // The claims come from the prepared transaction's act-as parties (InteractiveSubmissionServiceAuthorization),
    // not from who signed.
    for (const party of new Set(actAs)) requirePermission(canExecuteAs(caller, party), `cannot act or execute as ${party}`);
    validatePartySignatures(execute.partySignatures);
    const submissionId = requireLedgerString(execute.submissionId, 'submission_id');
    if (execute.hashingSchemeVersion === 'HASHING_SCHEME_VERSION_UNSPECIFIED')
      throw invalidField('hashing_scheme_version', 'Unspecified version');
    if (execute.hashingSchemeVersion === 'HASHING_SCHEME_VERSION_V3') throw failedToExecute(V3_UNSUPPORTED);
    const synchronizer = this.receivedSynchronizer(received);
    this.checkInputContracts(received);
    const written = received.metadata?.synchronizer_id ?? '';
    // ExternalTransactionProcessor.scala:286-307 (Canton 3.5): on protocol version 34 the metadata must name the logical id.
    if (synchronizer === state.fixtures.synchronizerId && written !== synchronizer) {
      throw failedToExecute(
        `The selected synchronizer ${synchronizer}::34-0 is on Protocol Version 34. Please use a Logical Synchronizer ID in the prepared transaction metadata on PVs <= 34`,
      );
    }
    if (synchronizer !== undefined && synchronizer !== state.fixtures.synchronizerId) {
      throw failedToExecute(
        `Cannot find a physical synchronizer for ${synchronizer}. Make sure the participant is connected to the synchronizer.`,
      );
    }
    const hash = this.hashOfReceived(received);
    this.verifySignatures(execute.partySignatures, actAs, hash);
    const prepared = this.prepared.get(hash.toString('hex'));
    if (prepared === undefined) {
      throw failedToExecute(
        `this participant did not prepare the transaction ${multihashHex(hash)}, or the transaction was changed after it was prepared`,
      );
    }
    const window = this.window(execute.deduplication);
    const changeId = DeduplicationTable.changeId(prepared.userId, prepared.actAs, prepared.commandId);
    const now = state.now();
    if (!state.faults.has('dedup-ignored') && this.isCommittedDuplicate(changeId, window, now)) return 'committed-duplicate';
    const effectiveAt = formatTimestamp(
      new Date(
        Math.max(Date.parse(prepared.tx.effectiveAt), effectiveTime(now, execute.minLedgerTime.abs, execute.minLedgerTime.relMs).getTime()),
      ),
    );
    state.dedup.markInFlight(changeId, submissionId);
    return { tx: retime(prepared.tx, effectiveAt), prepared, submissionId, changeId };
  }

  /** What `accept` answers for a change id already committed, under fault `execute-and-wait-duplicate-committed`. */
  private acceptUndeduplicated(request: RefRequest): AcceptedExecution {
    const execute = decodeExecuteRequest(asObject(parseJsonBody(request), ''));
    const prepared = this.prepared.get(this.hashOfReceived(decodePrepared(execute.preparedTransaction)).toString('hex'))!;
    const changeId = DeduplicationTable.changeId(prepared.userId, prepared.actAs, prepared.commandId);
    return { tx: prepared.tx, prepared, submissionId: execute.submissionId, changeId };
  }

  /**
   * SubmitRequestValidator.validateExecute: the metadata's synchronizer id must be a logical or physical synchronizer
   * id (INVALID_FIELD); the logical id it names, or undefined under fault `execute-synchronizer-id-not-validated`.
   */
  private receivedSynchronizer(received: PreparedTransactionMessage): string | undefined {
    const text = received.metadata?.synchronizer_id ?? '';
    const logical = logicalSynchronizerId(text);
    if (logical !== undefined || this.state.faults.has('execute-synchronizer-id-not-validated')) return logical;
    throw invalidField(
      'synchronizer_id',
      `Unable to convert field \`synchronizer_id\`: Unable to parse \`${text}\` as physical synchronizer id`,
    );
  }

  /**
   * PreparedTransactionDecoder.decode: the metadata's input contracts are exactly the contracts the transaction uses
   * (checked before any signature). Skipped under fault `execute-input-contracts-not-checked`.
   */
  private checkInputContracts(received: PreparedTransactionMessage): void {
    if (this.state.faults.has('execute-input-contracts-not-checked')) return;
    const used = usedInputContracts(received);
    const given = new Set((received.metadata?.input_contracts ?? []).map((input) => input.v1?.contract_id ?? ''));
    const mismatch = 'Provided input contracts do not match the input contracts in the transaction';
    const missing = [...used].filter((id) => !given.has(id));
    if (missing.length > 0) throw failedToExecute(`${mismatch}: Missing input contracts: ${missing.join(',')}`);
    const superfluous = [...given].filter((id) => !used.has(id));
    if (superfluous.length > 0) throw failedToExecute(`${mismatch}: Superfluous input contracts: ${superfluous.join(',')}`);
  }

  /**
   * The hash of the prepared transaction as received, which the signatures must verify against. Fault
   * `execute-metadata-not-hashed`: the hash of the transaction prepared under the same transaction uuid instead (an
   * edited metadata goes unnoticed).
   */
  private hashOfReceived(received: PreparedTransactionMessage): Buffer {
    if (this.state.faults.has('execute-metadata-not-hashed')) {
      const uuid = received.metadata?.transaction_uuid;
      const known = [...this.prepared.values()].find((candidate) => candidate.transactionUuid === uuid);
      if (known !== undefined) return known.hash;
    }
    try {
      return hashPreparedTransactionV2(received);
    } catch (error) {
      if (error instanceof TransactionHashError) throw failedToExecute(`the prepared transaction cannot be hashed: ${error.message}`);
      throw error;
    }
  }

  /**
   * Canton registers an execute as in flight before deduplicating it, and reports every error after that
   * registration only on the completion stream: a change id still in flight is rejected here (409
   * SUBMISSION_ALREADY_IN_FLIGHT), while one already committed is acknowledged and then rejected with
   * DUPLICATE_COMMAND as a completion, which this endpoint never shows. Either way nothing is committed again.
   */
  private isCommittedDuplicate(changeId: string, window: DeduplicationWindow, now: Date): boolean {
    try {
      this.state.dedup.check(changeId, window, now.getTime());
      return false;
    } catch (error) {
      if (error instanceof LedgerApiError && error.code === 'DUPLICATE_COMMAND') return true;
      throw error;
    }
  }

  /** Stops pending commits (the ledger is closing). */
  close(): void {
    for (const handle of this.pending) clearTimeout(handle);
    this.pending.clear();
  }

  /** Commits an accepted execution; a conflict with what was committed since prepare rejects it instead. */
  private commit({ tx, prepared, submissionId, changeId }: AcceptedExecution): { updateId: string; offset: number } | LedgerApiError {
    const { state } = this;
    state.dedup.clearInFlight(changeId);
    // The transaction was interpreted at prepare time; like Canton's conflict detection, it is rejected
    // (nothing is committed) when a contract it uses was archived or a key it creates was taken since.
    const conflict = state.contracts.conflict(tx, state.faults.has('contract-keys-unique'));
    if (conflict !== undefined) return conflict;
    return state.commitTransaction(
      tx,
      {
        commandId: prepared.commandId,
        workflowId: '',
        userId: prepared.userId,
        actAs: prepared.actAs,
        submissionId,
        // Fault `external-hash-not-prepared`: the hash of another transaction (the bytes reversed).
        externalTransactionHash: (state.faults.has('external-hash-not-prepared')
          ? Buffer.from(prepared.hash).reverse()
          : prepared.hash
        ).toString('base64'),
      },
      changeId,
    );
  }

  private remember(submission: PreparedSubmission): void {
    this.prepared.set(submission.hash.toString('hex'), submission);
    if (this.prepared.size > MAX_PREPARED) {
      const oldest = this.prepared.keys().next().value;
      if (oldest !== undefined) this.prepared.delete(oldest);
    }
  }

  private window(deduplication: ExecuteRequest['deduplication']): DeduplicationWindow {
    if (deduplication?.kind === 'offset') {
      if (deduplication.offset < 0n) throw invalidField('deduplication_period', 'the deduplication offset must not be negative');
      return { kind: 'offset', afterOffset: Number(deduplication.offset) };
    }
    return deduplicationWindow(this.state, deduplication?.kind === 'duration' ? deduplication.milliseconds : undefined);
  }

  /**
   * Canton's check of external signatures: every act-as party signed, and each has at least one valid
   * signature (its threshold is 1): Ed25519 over `hash` by its registered key, which `signedBy` names by
   * fingerprint. Invalid signatures beside a valid one do not fail; signatures of other parties are ignored.
   */
  private verifySignatures(partySignatures: PartySignature[], actAs: readonly string[], hash: Buffer): void {
    const acceptEmpty = this.state.faults.has('execute-empty-signatures-accepted');
    const skipVerification = this.state.faults.has('execute-signature-not-verified');
    const byParty = new Map<string, PartySignature['signatures']>();
    for (const entry of partySignatures) byParty.set(entry.party, [...(byParty.get(entry.party) ?? []), ...entry.signatures]);
    const unsigned = actAs.filter((party) => !byParty.has(party));
    if (unsigned.length > 0 && !acceptEmpty) {
      throw failedToExecute(`The following actAs parties did not provide an external signature: ${unsigned.join(', ')}`);
    }
    for (const [party, signatures] of byParty) {
      if (!actAs.includes(party) || (acceptEmpty && signatures.length === 0)) continue;
      const registered = this.signingKeys.get(party);
      if (registered === undefined) throw failedToExecute(`Could not find party signing keys for ${party}.`);
      const valid = signatures.filter(
        (signature) =>
          signature.signedBy === registered.fingerprint &&
          ACCEPTED_SIGNATURE_FORMATS.has(signature.format) &&
          signature.signingAlgorithmSpec === ED25519 &&
          (skipVerification || (BASE64.test(signature.signature) && verifiesEd25519(hash, registered.key, signature.signature))),
      ).length;
      if (valid === 0) {
        throw failedToExecute(
          `Received 0 valid signatures from distinct keys (${signatures.length} invalid), but expected at least 1 valid for ${party}. ` +
            `Transaction hash to be signed: ${multihashHex(hash)}. Ensure the correct transaction hash is signed with the correct key(s).`,
        );
      }
    }
  }
}
