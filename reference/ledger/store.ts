/**
 * The ledger's state: the update log (one entry per offset, looked up by index), the active contracts
 * with their key index, and the command deduplication table. Every mutation is synchronous, so a
 * commit (activeness check, dedup check, append) can never interleave with another one.
 */
import { LedgerApiError } from '../canton-errors.js';
import type { Contract, InterpretedTransaction, LedgerView, TransactionNode } from './engine.js';

export interface TraceContext {
  traceparent: string;
  tracestate: string | null;
}

export interface TransactionUpdate {
  kind: 'transaction';
  offset: number;
  updateId: string;
  commandId: string;
  workflowId: string;
  userId: string;
  actAs: readonly string[];
  submissionId: string;
  effectiveAt: string;
  recordTime: string;
  synchronizerId: string;
  nodes: readonly TransactionNode[];
  consumed: ReadonlySet<string>;
  created: ReadonlyMap<string, Contract>;
  traceContext: TraceContext;
  /** Hex hash of the prepared transaction, for externally signed (executed) transactions. */
  externalTransactionHash: string | null;
  paidTrafficCost: number;
}

export interface UnassignedEventRecord {
  reassignmentId: string;
  contract: Contract;
  source: string;
  target: string;
  submitter: string;
  reassignmentCounter: number;
  assignmentExclusivity: string | null;
  nodeId: number;
}

export interface ReassignmentUpdate {
  kind: 'reassignment';
  offset: number;
  updateId: string;
  commandId: string;
  workflowId: string;
  submitter: string;
  recordTime: string;
  synchronizerId: string;
  events: readonly UnassignedEventRecord[];
  traceContext: TraceContext;
  paidTrafficCost: number;
}

export type TopologyEventKind =
  | 'ParticipantAuthorizationAdded'
  | 'ParticipantAuthorizationChanged'
  | 'ParticipantAuthorizationOnboarding'
  | 'ParticipantAuthorizationRevoked';

export interface TopologyEventRecord {
  kind: TopologyEventKind;
  partyId: string;
  participantId: string;
  /** Absent for revocations. */
  participantPermission?: string;
}

export interface TopologyUpdate {
  kind: 'topology';
  offset: number;
  updateId: string;
  synchronizerId: string;
  recordTime: string;
  events: readonly TopologyEventRecord[];
  traceContext: TraceContext;
}

export interface CheckpointUpdate {
  kind: 'checkpoint';
  offset: number;
  synchronizerTimes: readonly { synchronizerId: string; recordTime: string }[];
}

export type StoredUpdate = TransactionUpdate | ReassignmentUpdate | TopologyUpdate | CheckpointUpdate;

/** Updates by offset. Offsets start at 1 and are dense, so the log is an array indexed by offset. */
export class UpdateLog {
  private readonly updates: (StoredUpdate | undefined)[] = [undefined];

  get end(): number {
    return this.updates.length - 1;
  }

  get nextOffset(): number {
    return this.updates.length;
  }

  append(update: StoredUpdate): void {
    if (update.offset !== this.nextOffset) throw new Error(`update offset ${update.offset} is not the next offset ${this.nextOffset}`);
    this.updates.push(update);
  }

  at(offset: number): StoredUpdate | undefined {
    return Number.isSafeInteger(offset) && offset > 0 ? this.updates[offset] : undefined;
  }
}

/** The active contracts, keys, and (for the `interpretation-error-200` fault) the archived ones. */
export class ContractStore {
  private readonly active = new Map<string, Contract>();
  private readonly archived = new Map<string, Contract>();
  /**
   * Key identity → the active contracts with that key, oldest first. Canton 3.5 keys are not unique (NUCK): several
   * active contracts may share one, and a lookup by key takes the most recent (see `contractIdsByKey`).
   */
  private readonly keys = new Map<string, string[]>();

  private readonly activeView: LedgerView = {
    contract: (contractId) => this.active.get(contractId),
    contractIdsByKey: (identity) => this.contractIdsByKey(identity),
    archived: (contractId) => this.archived.get(contractId),
  };

  private readonly viewWithArchived: LedgerView = {
    contract: (contractId) => this.active.get(contractId) ?? this.archived.get(contractId),
    contractIdsByKey: (identity) => this.contractIdsByKey(identity),
    archived: (contractId) => this.archived.get(contractId),
  };

  view(includeArchived: boolean): LedgerView {
    return includeArchived ? this.viewWithArchived : this.activeView;
  }

  isActive(contractId: string): boolean {
    return this.active.has(contractId);
  }

  /**
   * The active contracts with a key, most recent first: the participant's key lookup orders them by event sequential id,
   * newest first (ContractStorageBackendTemplate.scala:103 `ORDER BY event_sequential_id DESC`, the key cache keeping the
   * newest, ContractStateCaches.scala:139-152).
   */
  private contractIdsByKey(identity: string): readonly string[] {
    const holders = this.keys.get(identity);
    return holders === undefined ? [] : [...holders].reverse();
  }

  /**
   * Whether `tx`, interpreted earlier, still applies: its input contracts are active. Prepared (interactive) transactions
   * are checked so when they are executed. Keys do not conflict (Canton 3.5 keys are not unique); under the
   * `contract-keys-unique` fault (`uniqueKeys`) a key it creates must still be free, as on a unique-key ledger.
   */
  conflict(tx: InterpretedTransaction, uniqueKeys = false): LedgerApiError | undefined {
    for (const contractId of tx.inputs) {
      if (!this.active.has(contractId)) {
        return new LedgerApiError('CONTRACT_NOT_FOUND', `Contract could not be found with id ${contractId}`, {
          resources: [['CONTRACT_ID', contractId]],
        });
      }
    }
    if (!uniqueKeys) return undefined;
    for (const contract of tx.created.values()) {
      if (contract.key && !tx.consumed.has(contract.contractId)) {
        const holders = this.keys.get(contract.key.identity) ?? [];
        if (holders.some((holder) => !tx.consumed.has(holder))) {
          return new LedgerApiError(
            'DUPLICATE_CONTRACT_KEY',
            `Inconsistent: Duplicate contract key of template ${contract.template.qualifiedName}`,
          );
        }
      }
    }
    return undefined;
  }

  apply(tx: { consumed: ReadonlySet<string>; created: ReadonlyMap<string, Contract> }): void {
    for (const contractId of tx.consumed) {
      const contract = this.active.get(contractId) ?? tx.created.get(contractId);
      if (!contract) continue;
      this.active.delete(contractId);
      this.archived.set(contractId, contract);
      this.dropKey(contract);
    }
    for (const contract of tx.created.values()) {
      if (tx.consumed.has(contract.contractId)) continue;
      this.active.set(contract.contractId, contract);
      if (contract.key) {
        const holders = this.keys.get(contract.key.identity);
        if (holders === undefined) this.keys.set(contract.key.identity, [contract.contractId]);
        else holders.push(contract.contractId);
      }
    }
  }

  /** Removes a contract from this synchronizer's active set (it was unassigned to another one). */
  unassign(contractId: string): void {
    const contract = this.active.get(contractId);
    if (!contract) return;
    this.active.delete(contractId);
    this.dropKey(contract);
  }

  /** Takes a contract that is no longer active out of its key's holders. */
  private dropKey(contract: Contract): void {
    if (!contract.key) return;
    const holders = this.keys.get(contract.key.identity);
    if (holders === undefined) return;
    const rest = holders.filter((holder) => holder !== contract.contractId);
    if (rest.length === 0) this.keys.delete(contract.key.identity);
    else this.keys.set(contract.key.identity, rest);
  }
}

export interface CompletedChange {
  submissionId: string;
  offset: number;
  recordedAtMs: number;
}

/**
 * Command deduplication by change id: (user id, set of act-as parties, command id). Only successful
 * submissions occupy a change id; an accepted but not yet committed one (interactive execute) is in flight.
 */
export class DeduplicationTable {
  private readonly completed = new Map<string, CompletedChange>();
  private readonly inFlight = new Map<string, string>();

  /** `definiteDuplicates` false is the fault `duplicate-command-not-definite`. */
  constructor(private readonly definiteDuplicates = true) {}

  static changeId(userId: string, actAs: readonly string[], commandId: string): string {
    // One act-as party (the usual submission) needs no de-duplicating and sorting.
    return JSON.stringify([userId, actAs.length === 1 ? actAs : [...new Set(actAs)].sort(), commandId]);
  }

  /**
   * Throws DUPLICATE_COMMAND when the change id completed within the deduplication window, or
   * SUBMISSION_ALREADY_IN_FLIGHT when it is being committed.
   */
  check(changeId: string, window: DeduplicationWindow, nowMs: number): void {
    const inFlightSubmission = this.inFlight.get(changeId);
    if (inFlightSubmission !== undefined) {
      throw new LedgerApiError('SUBMISSION_ALREADY_IN_FLIGHT', 'The command is already being processed', {
        context: { existing_submission_id: inFlightSubmission },
      });
    }
    const previous = this.completed.get(changeId);
    if (!previous) return;
    const duplicate =
      window.kind === 'duration' ? nowMs - previous.recordedAtMs < window.milliseconds : previous.offset > window.afterOffset;
    if (duplicate) {
      // CommandDeduplicationError.DuplicateCommandReject: its context is its fields, as BaseError writes them.
      // A definite answer (CommandDeduplicationError.scala:26, 3.5; facts verified-against-real §8 R2).
      throw new LedgerApiError('DUPLICATE_COMMAND', 'Command submission already exists.', {
        definiteAnswer: this.definiteDuplicates,
        context: {
          changeId,
          completion_offset: String(previous.offset),
          accepted: 'true',
          existingSubmissionId: previous.submissionId === '' ? 'None' : `Some(${previous.submissionId})`,
        },
      });
    }
  }

  markInFlight(changeId: string, submissionId: string): void {
    this.inFlight.set(changeId, submissionId);
  }

  clearInFlight(changeId: string): void {
    this.inFlight.delete(changeId);
  }

  complete(changeId: string, change: CompletedChange): void {
    this.completed.set(changeId, change);
  }
}

export type DeduplicationWindow =
  | { kind: 'duration'; milliseconds: number }
  /** Deduplicate against completions after this offset. */
  | { kind: 'offset'; afterOffset: number };
