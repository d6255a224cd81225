/**
 * The reference target's ledger: the model package, the update log seeded from the fixtures, and the
 * routes submit-and-wait, update-by-offset, ledger-end and interactive prepare/execute/executeAndWait.
 */
import type { Fixtures } from '../../config/types.js';
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
}

export class Ledger {
  private readonly state: LedgerState;
  private readonly submitAndWait: SubmitAndWaitHandler;
  private readonly interactive: InteractiveSubmission;

  constructor(options: LedgerOptions) {
    this.state = new LedgerState(options.fixtures, options.faults, options.now ?? (() => new Date()));
    seedLedger(this.state);
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

  /** `GET /v2/state/ledger-end`: any valid token (RequiredClaim.Public); offset 0 only for an empty ledger. */
  private ledgerEndResponse(request: RefRequest): RefResponse {
    requireCaller(request.auth);
    return { status: 200, body: { offset: this.state.log.end } };
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
