/**
 * The participant's ledger as one object: model package, update log, contracts, deduplication, clock
 * and id generation, and the synchronous commit that turns an interpreted transaction into an update.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Fixtures } from '../../config/types.js';
import type { Faults } from '../faults.js';
import { interpret, type Command, type InterpretedTransaction } from './engine.js';
import { createModelPackage, type ModelPackage } from './package-model.js';
import {
  ContractStore,
  DeduplicationTable,
  UpdateLog,
  type TraceContext,
  type TransactionUpdate,
} from './store.js';

/** Canton's default maximum deduplication duration (participant `max-deduplication-duration`). */
export const DEFAULT_MAX_DEDUPLICATION_MS = 7 * 24 * 3600 * 1000;

export interface SubmissionMetadata {
  commandId: string;
  workflowId: string;
  userId: string;
  actAs: readonly string[];
  submissionId: string;
  externalTransactionHash: string | null;
}

/** Java's Instant.toString: ISO-8601 UTC, fraction only when non-zero. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}

export class LedgerState {
  readonly pkg: ModelPackage;
  readonly log = new UpdateLog();
  readonly contracts = new ContractStore();
  readonly dedup = new DeduplicationTable();
  readonly knownParties: ReadonlySet<string>;
  readonly maxDeduplicationMs = DEFAULT_MAX_DEDUPLICATION_MS;
  private readonly idSeed = randomBytes(16).toString('hex');
  private contractCounter = 0;

  constructor(
    readonly fixtures: Fixtures,
    readonly faults: Faults,
    readonly now: () => Date,
  ) {
    this.pkg = createModelPackage(fixtures.package);
    this.knownParties = new Set(fixtures.parties.map((party) => party.id));
  }

  newContractId(): string {
    this.contractCounter += 1;
    const discriminator = createHash('sha256').update(`${this.idSeed}:contract:${this.contractCounter}`).digest('hex');
    return `00${discriminator}ca10${this.contractCounter.toString(16).padStart(12, '0')}`;
  }

  newUpdateId(offset: number): string {
    return `1220${createHash('sha256').update(`${this.idSeed}:update:${offset}`).digest('hex')}`;
  }

  /** A W3C trace context for an update, its ids taken from the (already random) update id. */
  newTraceContext(updateId: string): TraceContext {
    return { traceparent: `00-${updateId.slice(4, 36)}-${updateId.slice(36, 52)}-01`, tracestate: null };
  }

  /** Interprets commands against the current active contracts; nothing changes on the ledger. */
  interpret(commands: readonly Command[], actAs: readonly string[], readAs: readonly string[], effectiveAt: Date): InterpretedTransaction {
    return interpret(commands, {
      pkg: this.pkg,
      view: this.contracts.view(this.faults.has('interpretation-error-200')),
      actAs,
      readAs,
      effectiveAt: formatTimestamp(effectiveAt),
      newContractId: () => this.newContractId(),
      isKnownParty: (party) => this.knownParties.has(party),
      checkPreconditions: !this.faults.has('precondition-not-checked'),
    });
  }

  /**
   * Appends `tx` as the next transaction. Synchronous: the caller's dedup check and this append happen
   * in one turn of the event loop, so concurrent submissions of one change id cannot both succeed.
   */
  commitTransaction(tx: InterpretedTransaction, meta: SubmissionMetadata, changeId: string): TransactionUpdate {
    const offset = this.log.nextOffset;
    const nowMs = this.now().getTime();
    const recordTime = formatTimestamp(new Date(Math.max(nowMs, Date.parse(tx.effectiveAt))));
    const updateId = this.newUpdateId(offset);
    const update: TransactionUpdate = {
      kind: 'transaction',
      offset,
      updateId,
      commandId: meta.commandId,
      workflowId: meta.workflowId,
      userId: meta.userId,
      actAs: meta.actAs,
      submissionId: meta.submissionId,
      effectiveAt: tx.effectiveAt,
      recordTime,
      synchronizerId: this.fixtures.synchronizerId,
      nodes: tx.nodes,
      consumed: tx.consumed,
      created: tx.created,
      traceContext: this.newTraceContext(updateId),
      externalTransactionHash: meta.externalTransactionHash,
      // A stand-in for the traffic the submission cost: 100 bytes per node, like a small confirmation request.
      paidTrafficCost: 100 * Math.max(1, tx.nodes.length),
    };
    this.contracts.apply(tx);
    this.log.append(update);
    if (!this.faults.has('dedup-ignored')) {
      this.dedup.complete(changeId, { submissionId: meta.submissionId, offset, recordedAtMs: nowMs });
    }
    return update;
  }
}
