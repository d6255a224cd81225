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
import { LedgerApiError, missingField, invalidField, invalidArgument } from '../errors.js';
import { fingerprintProblem, partyProblem } from '../formats.js';
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

export class InteractiveSubmission {
  /** Prepared transactions by the hex of their hash. */
  private readonly prepared = new Map<string, PreparedSubmission>();
  private readonly signingKeys: Map<string, SigningKey>;
  private readonly pending = new Set<NodeJS.Immediate>();

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
    );
    // Canton hashes after interpreting: a V3 request fails only then, on the synchronizer's protocol version.
    if (hashingSchemeVersion === 'HASHING_SCHEME_VERSION_V3') {
      throw new LedgerApiError('FAILED_TO_PREPARE_TRANSACTION', `The participant failed to prepare the transaction: ${V3_UNSUPPORTED}`);
    }
    const shown = preparedTransactionOf(state.pkg, tx, {
      actAs,
      commandId: part.commandId,
      synchronizerId: part.synchronizerId || state.fixtures.synchronizerId,
      preparedAt,
    });
    const hash = hashPreparedTransactionV2(shown);
    this.remember({ tx, userId, commandId: part.commandId, actAs, hash });
    const askedToSign = state.faults.has('prepare-hash-mismatch') ? hashPreparedTransactionV2(tamperedTwin(shown)) : hash;
    return {
      status: 200,
      body: {
        preparedTransaction: Buffer.from(encodePreparedTransaction(shown)).toString('base64'),
        preparedTransactionHash: askedToSign.toString('base64'),
        hashingSchemeVersion: PREPARED_HASHING_SCHEME,
        hashingDetails: verboseHashing
          ? 'Verbose hashing is disabled on this participant. Contact the node administrator for more details.'
          : null,
        costEstimation: null,
      },
    };
  }

  /** `POST .../execute`: answers `{}` at once and commits on a later turn of the event loop. */
  execute(request: RefRequest): RefResponse {
    const accepted = this.acceptOrRelabel(request);
    // A change id already committed is acknowledged and rejected later, on the completion stream (see below).
    if (accepted === 'committed-duplicate') return { status: 200, body: {} };
    const handle = setImmediate(() => {
      this.pending.delete(handle);
      this.commit(accepted);
    });
    this.pending.add(handle);
    return { status: 200, body: {} };
  }

  /** `POST .../executeAndWait`: commits before answering, with the update id and offset of the commit. */
  executeAndWait(request: RefRequest): RefResponse {
    const accepted = this.accept(request);
    // executeAndWait waits for the completion, which for an already committed change id is DUPLICATE_COMMAND.
    if (accepted === 'committed-duplicate') {
      throw new LedgerApiError('DUPLICATE_COMMAND', 'A command with the given command id has already been successfully processed');
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
    let hash: Buffer;
    try {
      hash = hashPreparedTransactionV2(received);
    } catch (error) {
      if (error instanceof TransactionHashError) throw failedToExecute(`the prepared transaction cannot be hashed: ${error.message}`);
      throw error;
    }
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
    for (const handle of this.pending) clearImmediate(handle);
    this.pending.clear();
  }

  /** Commits an accepted execution; a conflict with what was committed since prepare rejects it instead. */
  private commit({ tx, prepared, submissionId, changeId }: AcceptedExecution): { updateId: string; offset: number } | LedgerApiError {
    const { state } = this;
    state.dedup.clearInFlight(changeId);
    // The transaction was interpreted at prepare time; like Canton's conflict detection, it is rejected
    // (nothing is committed) when a contract it uses was archived or a key it creates was taken since.
    const conflict = state.contracts.conflict(tx);
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
