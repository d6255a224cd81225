/**
 * Everything a suite needs to talk to the target, built once per worker from the run context:
 * the client (counting requests), tokens, fixtures, features and the profile's validators.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TokenProvider } from '../../client/auth.js';
import {
  connectTarget,
  resolveRequest,
  type AnyClientRequest,
  type ClientResponse,
  type TargetClient,
  type TransportFault,
} from '../../client/http.js';
import { operationOf, type ObservedExchange } from '../../checks/response-checks.js';
import { LedgerModel } from '../../checks/ledger-model.js';
import type { Features, Fixtures, ProfileName, UserFixture } from '../../config/types.js';
import { createValidators } from '../../specification/validate.js';
import type { TargetAbilities } from './requirements.js';
import type { TransportFaultRecord } from './results.js';
import { OffsetGuard, lookupOffset, type OwedLookup } from './offset-guard.js';
import { readRunContext, type RunTiming } from './run-context.js';
import type { RunConfig } from '../../config/types.js';

export type Validators = ReturnType<typeof createValidators>;

export interface SuiteEnvironment {
  client: TargetClient;
  tokens: TokenProvider;
  fixtures: Fixtures;
  features: Features;
  profile: ProfileName;
  validators: Validators;
  abilities: TargetAbilities;
  /**
   * Sends a request (and counts it): `{ endpoint: 'submit-and-wait', params, query, body, user }` names the endpoint by
   * its descriptor (specification/endpoints.ts); `{ api, method, path }` spells it (for requests off the descriptors,
   * such as unknown paths).
   */
  send(request: AnyClientRequest): Promise<ClientResponse>;
  requestCount(): number;
  /** Requests of this worker now in flight, and when one last started or ended (ms since the epoch). */
  activity(): { inFlight: number; lastActivity: number };
  /** Every transport fault this worker met so far (the harness takes each test's share). */
  transportFaults(): readonly TransportFaultRecord[];
  /** The run's timing (request timeout, idle limit, requests in flight). */
  timing: RunTiming;
  /** The id of a fixture party by alias. */
  party(alias: string): string;
  /** The first active fixture user matching the predicate; throws naming what the fixtures lack. */
  userWhere(description: string, predicate: (user: UserFixture) => boolean): UserFixture;
}

/**
 * The fixtures lack what a test needs (a user with some right, a party alias). Not the target's fault: the
 * test is skipped with this reason, so the user can complete the fixtures.
 */
export class FixtureGapError extends Error {
  readonly code = 'FIXTURE_GAP';
  constructor(message: string) {
    super(message);
    this.name = 'FixtureGapError';
  }
}

let environment: SuiteEnvironment | undefined;

/** The worker's ledger model (checks/ledger-model.ts): what every test of this worker submitted, its reads are held to. */
let ledgerModel: LedgerModel | undefined;

export function workerLedgerModel(): LedgerModel {
  return (ledgerModel ??= new LedgerModel());
}

/** What one test sent and met, counted across its awaits (tests of a file may run side by side). */
export interface TestScope {
  requests: number;
  faults: TransportFaultRecord[];
  /** Every answered request, for the check engine (`checks/response-checks.ts`), when the harness collects them. */
  exchanges?: ObservedExchange[];
  /** Submissions answered to the test whose offset lookup is still owed (harness/library/offset-guard.ts). */
  owedOffsets?: Set<OwedLookup>;
  /** The first wrong offset the guard found for this test: its failure, whatever the body did with the error. */
  offsetFailure?: unknown;
}

const testScopes = new AsyncLocalStorage<TestScope>();

/** Runs `body` counting its requests and transport faults into `scope`. */
export function withTestScope<T>(scope: TestScope, body: () => T): T {
  return testScopes.run(scope, body);
}

/**
 * Settles `owed` offset lookups of `scope` (all at once); a wrong offset is thrown (the first one owed, in the order the
 * submissions were answered) and kept as the scope's failure, which the test ends with even if the body caught it (only
 * the requests that waited for that lookup throw it: a property's other cases, and its shrinking, go on as they would). `answer` is the answer of the request that waited for
 * them, which settles a lookup by itself when it shows the submission's transaction at its offset.
 */
async function settleOwed(
  scope: TestScope,
  owed: readonly OwedLookup[],
  answer?: { request: Parameters<OwedLookup['settledBy']>[0]; response: ClientResponse },
): Promise<void> {
  const verdicts = await Promise.allSettled(
    owed.map((lookup) => (answer !== undefined && lookup.settledBy(answer.request, answer.response) ? undefined : lookup.verdict())),
  );
  let first: PromiseRejectedResult | undefined;
  owed.forEach((lookup, index) => {
    const verdict = verdicts[index]!;
    if (verdict.status === 'rejected') first ??= verdict;
    scope.owedOffsets?.delete(lookup);
  });
  if (first === undefined) return;
  scope.offsetFailure ??= first.reason;
  throw first.reason;
}

/**
 * When a test's body has ended: settles every offset lookup the test still owes, and throws the first wrong offset the
 * guard found for it (also one the body caught). Run inside the test's scope and assertion recorder.
 */
export async function settleOffsetChecks(scope: TestScope): Promise<void> {
  await settleOwed(scope, [...(scope.owedOffsets ?? [])]);
  if (scope.offsetFailure !== undefined) throw scope.offsetFailure;
}

/** The timing of a run whose runner measured nothing (e.g. `run --list`). */
export function defaultTiming(run: RunConfig): RunTiming {
  const requestTimeoutMs = Math.round(run.requestTimeoutMs * run.timeoutScale);
  return {
    requestTimeoutMs,
    idleLimitMs: Math.max(60_000, 3 * requestTimeoutMs),
    inFlightPerWorker: run.inFlight,
    suiteWorkers: run.concurrency,
  };
}

/** A bound on requests in flight: a slot is held only while a request is on the wire. */
class Gate {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

export function transportFaultRecord(fault: TransportFault, retried: boolean): TransportFaultRecord {
  return {
    kind: fault.kind,
    method: fault.request.method,
    url: fault.request.url,
    elapsedMs: Math.round(fault.elapsedMs),
    message: fault.message,
    ...(retried ? { retried: true } : {}),
  };
}

export async function getSuiteEnvironment(): Promise<SuiteEnvironment> {
  if (environment) return environment;
  const context = readRunContext();
  const { target, run } = context.config;
  const timing = context.timing ?? defaultTiming(run);
  const faults: TransportFaultRecord[] = [];
  // This worker's one client and token provider (worker threads share no objects with the runner's).
  const client = connectTarget(target, context.endpoints, timing.requestTimeoutMs, {
    retries: run.retryTransport ?? 0,
    maxInFlight: timing.inFlightPerWorker,
    deadNodeMs: (run.deadNodeSeconds ?? 20) * 1000,
    onFault: (fault, retried) => {
      const record = transportFaultRecord(fault, retried);
      faults.push(record);
      testScopes.getStore()?.faults.push(record);
    },
  });
  const { tokens } = client;
  const gate = new Gate(timing.inFlightPerWorker);
  let requests = 0;
  let inFlight = 0;
  let lastActivity = Date.now();
  const parties = new Map(target.fixtures.parties.map((party) => [party.alias, party.id]));
  // Its lookups go through the gate and are counted like any request, but are not the test's exchanges.
  const offsetGuard = new OffsetGuard(async (lookup) => {
    requests++;
    await gate.acquire();
    inFlight++;
    lastActivity = Date.now();
    try {
      return await client.send(lookup);
    } finally {
      inFlight--;
      lastActivity = Date.now();
      gate.release();
    }
  });
  environment = {
    client,
    tokens,
    fixtures: target.fixtures,
    features: target.features,
    profile: run.profile,
    validators: createValidators(run.profile),
    abilities: {
      features: target.features,
      seededUpdates: target.fixtures.seededUpdates,
      canMintTokens: tokens.canMint,
      hasScan: context.endpoints.scan !== undefined,
    },
    send: async (request) => {
      requests++;
      const scope = testScopes.getStore();
      if (scope) scope.requests++;
      const plain = resolveRequest(request);
      // The offset lookups owed by submissions already answered to the test: this answer waits for them. Their lookups
      // go out beside this request, unless it is itself a read at that offset (which may settle it without them).
      const owed = [...(scope?.owedOffsets ?? [])];
      const reads = lookupOffset(plain);
      for (const lookup of owed) if (lookup.offset !== reads) lookup.start();
      await gate.acquire();
      inFlight++;
      lastActivity = Date.now();
      const floor = offsetGuard.watches(plain) ? offsetGuard.floor() : undefined;
      let response: ClientResponse;
      try {
        const sentAt = performance.now();
        response = await client.send(plain);
        const operation = operationOf(plain.api, plain.method, plain.path);
        const { api, method, path } = plain;
        scope?.exchanges?.push({ api, method, path, ...(operation ? { operation } : {}), response, sentAt, answeredAt: performance.now() });
      } finally {
        inFlight--;
        lastActivity = Date.now();
        gate.release();
      }
      // A submission's offset is checked before the test relies on it (harness/library/offset-guard.ts): the rules that
      // need no request as soon as it is answered (so the next submission's floor counts it), its lookup owed by the test
      // (settled before the answer of its next request), or now outside a test.
      let lookup: OwedLookup | undefined;
      let wrongOffset: unknown;
      if (floor !== undefined) {
        try {
          lookup = offsetGuard.answered(plain, response, floor);
        } catch (error) {
          wrongOffset = error;
        }
      }
      // What earlier submissions owe comes first: their answers came before this one.
      if (scope !== undefined && owed.length > 0) await settleOwed(scope, owed, { request: plain, response });
      if (wrongOffset !== undefined) {
        if (scope !== undefined) scope.offsetFailure ??= wrongOffset;
        throw wrongOffset;
      }
      if (lookup !== undefined) {
        if (scope === undefined) await lookup.verdict();
        else (scope.owedOffsets ??= new Set()).add(lookup);
      }
      return response;
    },
    requestCount: () => requests,
    activity: () => ({ inFlight, lastActivity }),
    transportFaults: () => faults,
    timing,
    party: (alias) => {
      const id = parties.get(alias);
      if (id === undefined) throw new FixtureGapError(`the fixtures have no party with alias "${alias}"`);
      return id;
    },
    userWhere: (description, predicate) => {
      const user = target.fixtures.users.find((candidate) => !candidate.isDeactivated && predicate(candidate));
      if (!user) throw new FixtureGapError(`the fixtures have no active user who ${description}; add one to the fixtures file`);
      return user;
    },
  };
  return environment;
}
