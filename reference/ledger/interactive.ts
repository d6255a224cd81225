/**
 * Interactive submission: `POST /v2/interactive-submission/prepare` interprets commands without
 * committing and returns the prepared transaction with its SHA-256 hash; `POST .../execute` takes it
 * back with the external parties' Ed25519 signatures over that hash, answers `{}` at once and commits
 * asynchronously at a new offset.
 *
 * The prepared bytes are a JSON serialisation of the interpreted transaction. The participant keeps the
 * interpreted transaction keyed by the hash, so changing any byte of the prepared transaction makes it
 * unknown (INVALID_ARGUMENT), as a hash mismatch does in Canton.
 */
import { createHash, createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import { LedgerApiError } from '../errors.js';
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
import {
  decodeDurationMs,
  decodeTimestamp,
  invalidField,
  missingField,
  requireLedgerString,
  validateUserIdFormat,
} from './command-decode.js';
import type { Contract, InterpretedTransaction, TransactionNode } from './engine.js';
import { packageIdForm } from './identifiers.js';
import { formatTimestamp, type LedgerState } from './ledger-state.js';
import { DeduplicationTable, type DeduplicationWindow } from './store.js';
import { authorizeSubmission, decodeCommandsPart } from './submission.js';
import { deduplicationWindow, effectiveTime } from './submit.js';

const HASHING_SCHEME_VERSIONS = ['HASHING_SCHEME_VERSION_UNSPECIFIED', 'HASHING_SCHEME_VERSION_V2', 'HASHING_SCHEME_VERSION_V3'] as const;
const PREPARED_HASHING_SCHEME = 'HASHING_SCHEME_VERSION_V2';
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
  hashHex: string;
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
    return {
      party: requireString(entry, 'party', at),
      signatures: requireArray(entry, 'signatures', at).map((signature, signatureIndex) => {
        const signatureAt = indexPath(signaturesPath, signatureIndex);
        const obj = asObject(signature, signatureAt);
        return {
          format: requireString(obj, 'format', signatureAt),
          signature: requireString(obj, 'signature', signatureAt),
          signedBy: requireString(obj, 'signedBy', signatureAt),
          signingAlgorithmSpec: requireString(obj, 'signingAlgorithmSpec', signatureAt),
        };
      }),
    };
  });
  let deduplication: ExecuteRequest['deduplication'];
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

function invalidArgument(message: string): LedgerApiError {
  return new LedgerApiError('INVALID_ARGUMENT', `The submitted request has invalid arguments: ${message}`);
}

/** The bytes a client receives and signs the hash of: a self-describing JSON view of the transaction. */
function serialisePrepared(state: LedgerState, prepared: Omit<PreparedSubmission, 'hashHex' | 'hash'>, synchronizerId: string): Buffer {
  const describeNode = (node: TransactionNode): unknown => {
    const templateId = packageIdForm(state.pkg, node.contract.template.qualifiedName);
    return node.kind === 'create'
      ? {
          nodeId: node.nodeId,
          create: {
            contractId: node.contract.contractId,
            templateId,
            argument: node.contract.argument,
            signatories: node.contract.signatories,
            observers: node.contract.observers,
          },
        }
      : {
          nodeId: node.nodeId,
          exercise: {
            contractId: node.contract.contractId,
            templateId,
            choice: node.choice,
            choiceArgument: node.choiceArgument,
            actingParties: node.actingParties,
            consuming: node.consuming,
            result: node.result,
          },
        };
  };
  return Buffer.from(
    JSON.stringify({
      format: 'reference-prepared-transaction/1',
      nonce: randomBytes(16).toString('hex'),
      hashingSchemeVersion: PREPARED_HASHING_SCHEME,
      userId: prepared.userId,
      commandId: prepared.commandId,
      actAs: prepared.actAs,
      synchronizerId,
      effectiveAt: prepared.tx.effectiveAt,
      nodes: prepared.tx.nodes.map(describeNode),
    }),
  );
}

/** The transaction with its ledger effective time (and its contracts' `createdAt`) moved to `effectiveAt`. */
function retime(tx: InterpretedTransaction, effectiveAt: string): InterpretedTransaction {
  if (tx.effectiveAt === effectiveAt) return tx;
  const created = new Map<string, Contract>([...tx.created].map(([id, contract]) => [id, { ...contract, createdAt: effectiveAt }]));
  const nodes = tx.nodes.map((node): TransactionNode => ({ ...node, contract: created.get(node.contract.contractId) ?? node.contract }));
  return { ...tx, effectiveAt, created, nodes };
}

export class InteractiveSubmission {
  private readonly prepared = new Map<string, PreparedSubmission>();
  private readonly publicKeys = new Map<string, { key: KeyObject; fingerprint: string }>();
  private readonly pending = new Set<NodeJS.Immediate>();

  constructor(private readonly state: LedgerState) {
    for (const party of state.fixtures.parties) {
      if (party.external) this.registerKey(party.id, Buffer.from(party.external.publicKey, 'base64'), party.external.fingerprint);
    }
  }

  /** The Ed25519 key (raw 32 bytes) an external party signs its transactions with. */
  registerKey(party: string, rawPublicKey: Uint8Array, fingerprint: string): void {
    const x = Buffer.from(rawPublicKey).toString('base64url');
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
    this.publicKeys.set(party, { key, fingerprint });
  }

  prepare(request: RefRequest): RefResponse {
    const { state } = this;
    const body = asObject(parseJsonBody(request), '');
    const part = decodeCommandsPart(body);
    optionalBoolean(body, 'verboseHashing', '');
    optionalString(body, 'maxRecordTime', '');
    const minLedgerTime = decodeMinLedgerTime(body, '');
    const { userId, actAs } = authorizeSubmission(request.auth, part, canExecuteAs, state.faults);
    const tx = state.interpret(part.commands, actAs, part.readAs, effectiveTime(state.now(), minLedgerTime.abs, minLedgerTime.relMs));
    const submission = { tx, userId, commandId: part.commandId, actAs };
    const bytes = serialisePrepared(state, submission, part.synchronizerId || state.fixtures.synchronizerId);
    const hash = createHash('sha256').update(bytes).digest();
    this.remember({ ...submission, hash, hashHex: hash.toString('hex') });
    return {
      status: 200,
      body: {
        preparedTransaction: bytes.toString('base64'),
        preparedTransactionHash: hash.toString('base64'),
        hashingSchemeVersion: PREPARED_HASHING_SCHEME,
        hashingDetails: null,
        costEstimation: null,
      },
    };
  }

  /** `POST .../execute`: answers `{}` at once and commits on a later turn of the event loop. */
  execute(request: RefRequest): RefResponse {
    const accepted = this.accept(request);
    const handle = setImmediate(() => {
      this.pending.delete(handle);
      this.commit(accepted);
    });
    this.pending.add(handle);
    return { status: 200, body: {} };
  }

  /** `POST .../executeAndWait`: commits before answering, with the update id and offset of the commit. */
  executeAndWait(request: RefRequest): RefResponse {
    const committed = this.commit(this.accept(request));
    if (committed instanceof LedgerApiError) throw committed;
    return { status: 200, body: { updateId: committed.updateId, completionOffset: committed.offset } };
  }

  /** Everything execute checks before the commit: decoding, rights, signatures, deduplication. */
  private accept(request: RefRequest): AcceptedExecution {
    const { state } = this;
    const execute = decodeExecuteRequest(asObject(parseJsonBody(request), ''));
    const caller = requireCaller(request.auth);
    const submissionId = requireLedgerString(execute.submissionId, 'submission_id');
    const prepared = this.lookup(execute.preparedTransaction);
    const userId = execute.userId === undefined || execute.userId === '' ? caller.userId : execute.userId;
    requirePermission(
      userId === caller.userId || caller.rights.admin,
      `user id ${userId} does not match the token's user ${caller.userId}`,
    );
    validateUserIdFormat(userId);
    const signingParties = execute.partySignatures.map((entry) => entry.party);
    for (const party of new Set([...signingParties, ...prepared.actAs])) {
      requirePermission(canExecuteAs(caller, party), `cannot act or execute as ${party}`);
    }
    if (execute.hashingSchemeVersion === 'HASHING_SCHEME_VERSION_UNSPECIFIED') {
      throw invalidField('hashing_scheme_version', `must be set (the transaction was prepared with ${PREPARED_HASHING_SCHEME})`);
    }
    if (execute.hashingSchemeVersion !== PREPARED_HASHING_SCHEME) {
      throw invalidArgument(
        `hashingSchemeVersion ${execute.hashingSchemeVersion} does not match the version the transaction was prepared with (${PREPARED_HASHING_SCHEME})`,
      );
    }
    this.verifySignatures(execute.partySignatures, prepared);
    const window = this.window(execute.deduplication);
    const changeId = DeduplicationTable.changeId(prepared.userId, prepared.actAs, prepared.commandId);
    const now = state.now();
    if (!state.faults.has('dedup-ignored')) state.dedup.check(changeId, window, now.getTime());
    const effectiveAt = formatTimestamp(
      new Date(
        Math.max(Date.parse(prepared.tx.effectiveAt), effectiveTime(now, execute.minLedgerTime.abs, execute.minLedgerTime.relMs).getTime()),
      ),
    );
    state.dedup.markInFlight(changeId, submissionId);
    return { tx: retime(prepared.tx, effectiveAt), prepared, submissionId, changeId };
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
        externalTransactionHash: prepared.hashHex,
      },
      changeId,
    );
  }

  private remember(submission: PreparedSubmission): void {
    this.prepared.set(submission.hashHex, submission);
    if (this.prepared.size > MAX_PREPARED) {
      const oldest = this.prepared.keys().next().value;
      if (oldest !== undefined) this.prepared.delete(oldest);
    }
  }

  private lookup(preparedTransaction: string): PreparedSubmission {
    if (preparedTransaction === '') throw missingField('prepared_transaction');
    if (!BASE64.test(preparedTransaction)) throw invalidArgument('preparedTransaction is not valid base64');
    const hashHex = createHash('sha256').update(Buffer.from(preparedTransaction, 'base64')).digest('hex');
    const prepared = this.prepared.get(hashHex);
    if (!prepared) {
      throw invalidArgument(
        'preparedTransaction was not prepared by this participant or was modified after preparation (its hash matches no prepared transaction)',
      );
    }
    return prepared;
  }

  private window(deduplication: ExecuteRequest['deduplication']): DeduplicationWindow {
    if (deduplication?.kind === 'offset') {
      if (deduplication.offset < 0n) throw invalidField('deduplication_period', 'the deduplication offset must not be negative');
      return { kind: 'offset', afterOffset: Number(deduplication.offset) };
    }
    return deduplicationWindow(this.state, deduplication?.kind === 'duration' ? deduplication.milliseconds : undefined);
  }

  /**
   * Every listed signature must verify: Ed25519 over the prepared transaction hash, by the key registered
   * for the party; every acting party of the transaction must have signed.
   */
  private verifySignatures(partySignatures: PartySignature[], prepared: PreparedSubmission): void {
    const acceptEmpty = this.state.faults.has('execute-empty-signatures-accepted');
    const skipVerification = this.state.faults.has('execute-signature-not-verified');
    if (partySignatures.length === 0 && !acceptEmpty) throw missingField('party_signatures.signatures');
    const signed = new Set<string>();
    for (const [index, entry] of partySignatures.entries()) {
      if (entry.signatures.length === 0) {
        if (acceptEmpty) continue;
        throw missingField(`party_signatures.signatures[${index}].signatures`);
      }
      const registered = this.publicKeys.get(entry.party);
      if (!registered)
        throw invalidArgument(`party ${entry.party} has no registered signing key (it is not an external party of this participant)`);
      for (const signature of entry.signatures) {
        if (!ACCEPTED_SIGNATURE_FORMATS.has(signature.format)) {
          throw invalidArgument(
            `signature format ${signature.format} of party ${entry.party} is not supported for Ed25519 (use SIGNATURE_FORMAT_CONCAT or SIGNATURE_FORMAT_RAW)`,
          );
        }
        if (signature.signingAlgorithmSpec !== ED25519) {
          throw invalidArgument(
            `signing algorithm ${signature.signingAlgorithmSpec} of party ${entry.party} does not match its key (expected ${ED25519})`,
          );
        }
        if (signature.signedBy !== registered.fingerprint) {
          throw invalidArgument(
            `signature of party ${entry.party} is signed by ${signature.signedBy}, which is not the party's key ${registered.fingerprint}`,
          );
        }
        if (signature.signature === '' || !BASE64.test(signature.signature)) {
          throw invalidArgument(`signature of party ${entry.party} is empty or not base64`);
        }
        if (!skipVerification && !verifiesEd25519(prepared.hash, registered.key, signature.signature)) {
          throw invalidArgument(
            `invalid signature of party ${entry.party}: it does not verify against the prepared transaction hash with key ${registered.fingerprint}`,
          );
        }
      }
      signed.add(entry.party);
    }
    if (acceptEmpty) return;
    const unsigned = prepared.actAs.filter((party) => !signed.has(party));
    if (unsigned.length > 0) throw invalidArgument(`missing signatures of the acting parties ${unsigned.join(', ')}`);
  }
}
