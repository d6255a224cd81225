/**
 * Bulk updates for benchmarks: `n` transactions that share one interpreted body (an Iou create that is
 * never added to the active contracts) and differ only in offset and update id. Each costs a few dozen
 * bytes, so a million of them fit easily; lookups and rendering treat them like any other transaction.
 */
import type { Contract, TransactionNode } from './engine.js';
import { parseIdentifier } from './identifiers.js';
import { formatTimestamp, type LedgerState } from './ledger-state.js';
import type { TraceContext, TransactionUpdate } from './store.js';

interface SharedBody {
  nodes: readonly TransactionNode[];
  consumed: ReadonlySet<string>;
  created: ReadonlyMap<string, Contract>;
  actAs: readonly string[];
  effectiveAt: string;
  synchronizerId: string;
  traceContext: TraceContext;
}

class SyntheticTransaction implements TransactionUpdate {
  readonly kind = 'transaction';
  readonly commandId = 'synthetic';
  readonly workflowId = 'synthetic';
  readonly userId = 'synthetic';
  readonly submissionId = 'synthetic';
  readonly externalTransactionHash = null;
  readonly paidTrafficCost = 100;

  constructor(
    readonly offset: number,
    private readonly body: SharedBody,
  ) {}

  get updateId(): string {
    return `1220${this.offset.toString(16).padStart(64, '0')}`;
  }

  get actAs(): readonly string[] {
    return this.body.actAs;
  }
  get effectiveAt(): string {
    return this.body.effectiveAt;
  }
  get recordTime(): string {
    return this.body.effectiveAt;
  }
  get synchronizerId(): string {
    return this.body.synchronizerId;
  }
  get nodes(): readonly TransactionNode[] {
    return this.body.nodes;
  }
  get consumed(): ReadonlySet<string> {
    return this.body.consumed;
  }
  get created(): ReadonlyMap<string, Contract> {
    return this.body.created;
  }
  get traceContext(): TraceContext {
    return this.body.traceContext;
  }
}

/** Appends `count` synthetic Iou-create transactions; returns the new ledger end. */
export function appendSyntheticTransactions(state: LedgerState, count: number): number {
  const iou = state.fixtures.templates.iou;
  const payer = String(iou.createArguments.payer);
  const now = state.now();
  const tx = state.interpret(
    [
      {
        kind: 'create',
        templateId: parseIdentifier(iou.templateId, 'templates.iou.templateId'),
        createArguments: iou.createArguments,
        path: 'synthetic',
      },
    ],
    [payer],
    [],
    now,
  );
  const body: SharedBody = {
    nodes: tx.nodes,
    consumed: tx.consumed,
    created: tx.created,
    actAs: [payer],
    effectiveAt: formatTimestamp(now),
    synchronizerId: state.fixtures.synchronizerId,
    traceContext: state.newTraceContext(state.newUpdateId(0)),
  };
  for (let i = 0; i < count; i += 1) state.log.append(new SyntheticTransaction(state.log.nextOffset, body));
  return state.log.end;
}
