/**
 * The reference target's ledger: the model package, the update log seeded from the fixtures, and the
 * routes submit-and-wait, update-by-offset, ledger-end and interactive prepare/execute/executeAndWait.
 */
import type { Fixtures } from '../../config/types.js';
import type { DarPackage } from '../dar/parse.js';
import type { Faults } from '../faults.js';
import { requireCaller } from '../http/auth-context.js';
import type { RefRequest, RefResponse, Route } from '../http/types.js';
import { InteractiveSubmission } from './interactive.js';
import { LedgerState } from './ledger-state.js';
import { seedLedger } from './seed.js';
import { SubmitAndWaitHandler } from './submit.js';
import { appendSyntheticTransactions } from './synthetic.js';
import { handleUpdateByOffset } from './update-by-offset.js';

export interface LedgerOptions {
  fixtures: Fixtures;
  faults: Faults;
  /** The ledger clock (effective and record times); the system clock when absent. */
  now?: () => Date;
  /** The model package holds only what Canton's CantonExamples.dar holds (`createModelPackage`). */
  cantonExamplesOnly?: boolean;
}

export class Ledger {
  private readonly state: LedgerState;
  private readonly submitAndWait: SubmitAndWaitHandler;
  private readonly interactive: InteractiveSubmission;

  constructor(options: LedgerOptions) {
    this.state = new LedgerState(options.fixtures, options.faults, options.now ?? (() => new Date()), options.cantonExamplesOnly);
    // A target started bare (fixtures naming no seeded updates) starts with an empty ledger.
    if (Object.values(options.fixtures.seededUpdates).some((offset) => offset !== undefined)) seedLedger(this.state);
    this.submitAndWait = new SubmitAndWaitHandler(this.state);
    this.interactive = new InteractiveSubmission(this.state);
  }

  routes(): Route[] {
    return [
      { method: 'POST', pattern: '/v2/commands/submit-and-wait', handler: (request) => this.submitAndWait.handle(request) },
      { method: 'POST', pattern: '/v2/updates/update-by-offset', handler: (request) => handleUpdateByOffset(this.state, request) },
      { method: 'POST', pattern: '/v2/interactive-submission/prepare', handler: (request) => this.interactive.prepare(request) },
      { method: 'POST', pattern: '/v2/interactive-submission/execute', handler: (request) => this.interactive.execute(request) },
      {
        method: 'POST',
        pattern: '/v2/interactive-submission/executeAndWait',
        handler: (request) => this.interactive.executeAndWait(request),
      },
      { method: 'GET', pattern: '/v2/state/ledger-end', handler: (request) => this.ledgerEndResponse(request) },
    ];
  }

  /** Packages an upload vetted: the suite models among them become executable (`suite-models.ts`). */
  packagesVetted(packages: readonly DarPackage[]): void {
    this.state.packagesVetted(packages);
  }

  /** The ledger stops executing these packages (only under the holdout fault `holdout4-reupload-unvetted-unvets`). */
  packagesUnvetted(packages: readonly DarPackage[]): void {
    this.state.packagesUnvetted(packages);
  }

  /** Whether the party is known to the ledger (a fixture party, or allocated since). */
  hasParty(party: string): boolean {
    return this.state.knownParties.has(party);
  }

  /**
   * Hosts a newly allocated party on this participant: the party becomes usable in commands, its topology
   * transaction (ParticipantAuthorizationAdded) is appended, followed by an offset checkpoint as the
   * synchronizer's time moves on. An external party's key verifies its interactive submissions.
   * Returns the offset of the topology transaction.
   */
  allocateParty(party: string, permission: string, externalKey?: { rawPublicKey: Uint8Array; fingerprint: string }): number {
    const { state } = this;
    state.addParty(party);
    if (externalKey) this.interactive.registerKey(party, externalKey.rawPublicKey, externalKey.fingerprint);
    const recordTime = state.nextRecordTime();
    const offset = state.log.nextOffset;
    const updateId = state.newUpdateId(offset);
    state.log.append({
      kind: 'topology',
      offset,
      updateId,
      synchronizerId: state.fixtures.synchronizerId,
      recordTime,
      events: [
        {
          kind: 'ParticipantAuthorizationAdded',
          partyId: party,
          participantId: state.fixtures.participantId,
          participantPermission: permission,
        },
      ],
      traceContext: state.newTraceContext(updateId),
    });
    state.log.append({
      kind: 'checkpoint',
      offset: state.log.nextOffset,
      synchronizerTimes: [{ synchronizerId: state.fixtures.synchronizerId, recordTime }],
    });
    return offset;
  }

  /** `GET /v2/state/ledger-end`: any valid token (RequiredClaim.Public); offset 0 only for an empty ledger. */
  private ledgerEndResponse(request: RefRequest): RefResponse {
    requireCaller(request.auth);
    // Holdout fault `holdout-ledger-end-lags`: the newest update is not counted yet.
    const end = this.state.log.end;
    return { status: 200, body: { offset: this.state.faults.has('holdout-ledger-end-lags') && end > 0 ? end - 1 : end } };
  }

  /** The offset of the last update (6 right after seeding). */
  ledgerEnd(): number {
    return this.state.log.end;
  }

  /** Appends `count` synthetic transactions (benchmarks of lookups over a large log); returns the new end. */
  appendSyntheticUpdates(count: number): number {
    return appendSyntheticTransactions(this.state, count);
  }

  async close(): Promise<void> {
    this.interactive.close();
  }
}
