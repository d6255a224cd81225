/**
 * The participant's ledger as one object: model package, update log, contracts, deduplication, clock
 * and id generation, and the synchronous commit that turns an interpreted transaction into an update.
 */
import type { Fixtures } from '../../config/types.js';
import type { Faults } from '../faults.js';
import { flatString } from '../flat-strings.js';
import { UniqueHexIds } from '../unique-ids.js';
import { interpret, type Command, type Contract, type InterpretedTransaction, type TransactionNode } from './engine.js';
import { createModelPackage, type ModelPackage } from './package-model.js';
import { modelForDeclaration, modelForPackage } from './suite-models.js';
import { compareVersions } from '../dar/packages.js';
import type { DarPackage } from '../dar/parse.js';
import { isPartyId } from '../string-formats.js';
import { ContractStore, DeduplicationTable, UpdateLog, type TraceContext, type TransactionUpdate } from './store.js';

/** Canton's default maximum deduplication duration (participant `max-deduplication-duration`). */
export const DEFAULT_MAX_DEDUPLICATION_MS = 7 * 24 * 3600 * 1000;

export interface SubmissionMetadata {
  commandId: string;
  workflowId: string;
  userId: string;
  actAs: readonly string[];
  submissionId: string;
  externalTransactionHash: string | null;
  /** The W3C trace id of the submission's `traceparent` header, when it carried a valid one. */
  traceId?: string;
}

let lastFormattedMs = Number.NaN;
let lastFormatted = '';

/** Java's Instant.toString: ISO-8601 UTC, fraction only when non-zero. */
export function formatTimestamp(date: Date): string {
  const ms = date.getTime();
  // Submissions within one millisecond share their timestamps: format each millisecond once.
  if (ms !== lastFormattedMs) {
    lastFormatted = date.toISOString().replace('.000Z', 'Z');
    lastFormattedMs = ms;
  }
  return lastFormatted;
}

/** Shared by every stored transaction that consumes nothing (most of them): an empty set per update adds up. */
const NO_CONTRACTS: ReadonlySet<string> = new Set();

function traceContextOf(updateId: string, traceId?: string): TraceContext {
  return { traceparent: flatString(`00-${traceId ?? updateId.slice(4, 36)}-${updateId.slice(36, 52)}-01`), tracestate: null };
}

/**
 * A committed transaction as the log keeps it. Its trace context and its map of created contracts are
 * derived (from the update id, from the create nodes) when asked for instead of stored: the log keeps
 * every update for good, and those would add four heap objects to each one.
 */
class CommittedTransaction implements TransactionUpdate {
  readonly kind = 'transaction';
  readonly commandId: string;
  readonly workflowId: string;
  readonly userId: string;
  readonly submissionId: string;
  readonly effectiveAt: string;
  readonly nodes: readonly TransactionNode[];
  readonly consumed: ReadonlySet<string>;
  readonly externalTransactionHash: string | null;
  readonly paidTrafficCost: number;
  /** The submission's trace id (its `traceparent`); without one the trace context is derived from the update id. */
  private readonly traceId: string | undefined;
  private createdCache: ReadonlyMap<string, Contract> | undefined = undefined;

  constructor(
    readonly offset: number,
    readonly updateId: string,
    readonly recordTime: string,
    readonly synchronizerId: string,
    tx: InterpretedTransaction,
    meta: SubmissionMetadata,
    readonly actAs: readonly string[],
  ) {
    this.commandId = meta.commandId;
    this.workflowId = meta.workflowId;
    this.userId = meta.userId;
    this.submissionId = meta.submissionId;
    this.effectiveAt = tx.effectiveAt;
    this.nodes = tx.nodes;
    this.consumed = tx.consumed.size === 0 ? NO_CONTRACTS : tx.consumed;
    this.externalTransactionHash = meta.externalTransactionHash;
    this.traceId = meta.traceId;
    // A stand-in for the traffic the submission cost: 100 bytes per node, like a small confirmation request.
    this.paidTrafficCost = 100 * Math.max(1, tx.nodes.length);
  }

  get traceContext(): TraceContext {
    return traceContextOf(this.updateId, this.traceId);
  }

  /** The contracts the transaction created (transient ones too), as the interpretation listed them. */
  get created(): ReadonlyMap<string, Contract> {
    if (this.createdCache === undefined) {
      const created = new Map<string, Contract>();
      for (const node of this.nodes) if (node.kind === 'create') created.set(node.contract.contractId, node.contract);
      this.createdCache = created;
    }
    return this.createdCache;
  }
}

export class LedgerState {
  readonly pkg: ModelPackage;
  readonly log = new UpdateLog();
  readonly contracts = new ContractStore();
  readonly dedup: DeduplicationTable;
  /** Parties of the fixtures and those allocated since (party management). */
  readonly knownParties: Set<string>;
  /** The known party ids, each by itself: values and act-as lists of stored updates share these copies. */
  readonly partyIds: Map<string, string>;
  private readonly singlePartyLists: Map<string, readonly string[]>;
  readonly maxDeduplicationMs = DEFAULT_MAX_DEDUPLICATION_MS;
  private readonly contractIds = new UniqueHexIds();
  private readonly updateIds = new UniqueHexIds();
  private readonly submissionIds = new UniqueHexIds();
  private contractCounter = 0;
  /** The record time of the last update appended: record time never decreases along offsets. */
  private lastRecordMs = 0;
  private recordTimes = 0;
  /** The update id of the first transaction of each command id (holdout fault `holdout4-update-id-per-command-id`). */
  private readonly updateIdsByCommandId = new Map<string, string>();
  // Made once: closures made per submission cost an allocation (and under tsx a name definition) each.
  private readonly contractIdFactory = (): string => this.newContractId();
  private readonly isKnownParty = (party: string): boolean => this.knownParties.has(party);

  constructor(
    readonly fixtures: Fixtures,
    readonly faults: Faults,
    readonly now: () => Date,
    cantonExamplesOnly = false,
  ) {
    this.pkg = createModelPackage(fixtures.package, cantonExamplesOnly);
    this.dedup = new DeduplicationTable(!faults.has('duplicate-command-not-definite'));
    this.knownParties = new Set();
    this.partyIds = new Map();
    this.singlePartyLists = new Map();
    for (const party of fixtures.parties) this.addParty(party.id);
    // The suite DARs the fixtures say the node has (as `provision` uploaded them): executed from the start.
    for (const declared of Object.values(fixtures.suitePackages ?? {})) {
      const model = modelForDeclaration(
        { ...declared, templates: declared.templates ?? [], interfaces: declared.interfaces ?? [] },
        faults,
      );
      if (model !== undefined && model.name !== this.pkg.name) this.pkg.others.set(model.name, model);
    }
  }

  /**
   * Packages an upload vetted: each that is one of the suite's models (`modelForPackage`) is executed from now on,
   * reached by its package name or id. A package name keeps the model first vetted (the suite's models have one version).
   */
  packagesVetted(packages: readonly DarPackage[]): void {
    for (const candidate of packages) {
      if (candidate.name === undefined || candidate.name === this.pkg.name) continue;
      const known = this.pkg.others.get(candidate.name);
      if (
        known !== undefined &&
        (known.version === undefined || (known.lineage ?? [known]).some((other) => other.id === candidate.packageId))
      )
        continue;
      const model = modelForPackage(candidate, this.faults);
      if (model === undefined) continue;
      if (known === undefined) {
        this.pkg.others.set(model.name, model);
        continue;
      }
      // Another version of a name the ledger executes (an upgrade): the lineage, lowest version first, shared by all
      // its versions; the name reaches the highest (a package-name reference without preference, Canton's default).
      const all = [...(known.lineage ?? [known]), model].sort((a, b) => compareVersions(a.version ?? '0', b.version ?? '0'));
      // Holdout fault `holdout4-upgrade-unvets-older`: only the highest version of the name stays vetted.
      const lineage = this.faults.has('holdout4-upgrade-unvets-older') ? all.slice(-1) : all;
      for (const version of lineage) version.lineage = lineage;
      this.pkg.others.set(model.name, lineage[lineage.length - 1]!);
    }
  }

  /** Holdout fault `holdout4-reupload-unvetted-unvets`: the ledger stops executing these packages. */
  packagesUnvetted(packages: readonly DarPackage[]): void {
    for (const candidate of packages) {
      if (candidate.name === undefined || candidate.name === this.pkg.name) continue;
      const known = this.pkg.others.get(candidate.name);
      if (known === undefined) continue;
      const lineage = known.lineage ?? [known];
      const remaining = lineage.filter((version) => version.id !== candidate.packageId);
      if (remaining.length === lineage.length) continue;
      if (remaining.length === 0) {
        this.pkg.others.delete(candidate.name);
        continue;
      }
      for (const version of remaining) version.lineage = remaining;
      this.pkg.others.set(candidate.name, remaining[remaining.length - 1]!);
    }
  }

  /** Makes a party known (a fixture party, or one allocated through party management). */
  addParty(party: string): void {
    this.knownParties.add(party);
    // Only well-formed ids: a malformed fixture id must still fail a value check as before.
    if (!isPartyId(party)) return;
    this.partyIds.set(party, party);
    this.singlePartyLists.set(party, Object.freeze([party]));
  }

  newContractId(): string {
    this.contractCounter += 1;
    return this.contractIds.forNumber(this.contractCounter, 64, '00', `ca10${this.contractCounter.toString(16).padStart(12, '0')}`);
  }

  newUpdateId(offset: number): string {
    return this.updateIds.forNumber(offset, 64, '1220');
  }

  /** The submission id of a submission that names none (Canton draws a random UUID). */
  newSubmissionId(): string {
    return this.submissionIds.nextUuid();
  }

  /** A W3C trace context for an update, its ids taken from the (already random-looking) update id. */
  newTraceContext(updateId: string): TraceContext {
    return traceContextOf(updateId);
  }

  /** `parties` with the fixture parties among them as the shared copies of their ids. */
  private withSharedPartyIds(parties: readonly string[]): readonly string[] {
    // The usual act-as list, one fixture party, is one shared array.
    const single = parties.length === 1 ? this.singlePartyLists.get(parties[0] as string) : undefined;
    if (single !== undefined) return single;
    const shared = new Array<string>(parties.length);
    for (let index = 0; index < parties.length; index += 1) {
      const party = parties[index] as string;
      shared[index] = this.partyIds.get(party) ?? party;
    }
    return shared;
  }

  /**
   * The record time of the next update: the synchronizer's (sequencing) time, which never decreases along offsets
   * (Canton 3.5 ParallelIndexerSubscription.scala:529; facts verified-against-real §8 R3). Ledger time may run ahead
   * of it (a minimum ledger time). Fault `record-time-follows-ledger-time`: the record time is
   * max(now, the transaction's ledger time), so the update after one with a minimum ledger time goes back in time.
   */
  nextRecordTime(effectiveAt?: string): string {
    const nowMs = this.now().getTime();
    if (this.faults.has('record-time-follows-ledger-time')) {
      return formatTimestamp(new Date(effectiveAt === undefined ? nowMs : Math.max(nowMs, Date.parse(effectiveAt))));
    }
    this.lastRecordMs = Math.max(this.lastRecordMs, nowMs);
    // Fault `record-time-goes-back`: every fourth update is stamped a second before the one before it.
    this.recordTimes += 1;
    if (this.faults.has('record-time-goes-back') && this.recordTimes % 4 === 0) return formatTimestamp(new Date(this.lastRecordMs - 1000));
    return formatTimestamp(new Date(this.lastRecordMs));
  }

  /** Interprets commands against the current active contracts; nothing changes on the ledger. */
  interpret(
    commands: readonly Command[],
    actAs: readonly string[],
    readAs: readonly string[],
    effectiveAt: Date,
    disclosed?: ReadonlySet<string>,
    packagePreference: readonly string[] = [],
  ): InterpretedTransaction {
    if (this.faults.has('contract-id-in-values-not-checked')) commands = commands.map(suffixArgumentContractIds);
    // Fault `submission-commands-truncated`: only the first ten commands of a submission are interpreted.
    const tx = interpret(this.faults.has('submission-commands-truncated') ? commands.slice(0, 10) : commands, {
      pkg: this.pkg,
      versions: {
        preference: packagePreference,
        preferenceIgnored: this.faults.has('upgrade-preference-ignored'),
        firstVersion: this.faults.has('upgrade-package-name-first-version'),
        packageIdIgnored: this.faults.has('upgrade-package-id-ignored'),
      },
      exerciseKeepsContractVersion: this.faults.has('upgrade-exercise-keeps-contract-version'),
      view: this.contracts.view(this.faults.has('interpretation-error-200') || this.faults.has('archived-contract-exercisable')),
      actAs,
      readAs,
      effectiveAt: formatTimestamp(effectiveAt),
      newContractId: this.contractIdFactory,
      isKnownParty: this.isKnownParty,
      partyIds: this.partyIds,
      checkPreconditions: !this.faults.has('precondition-not-checked'),
      checkControllers: !this.faults.has('controller-not-checked'),
      checkConsumedInTransaction: !this.faults.has('double-spend-same-transaction'),
      hideConsumingFromObservers: this.faults.has('exercise-hidden-from-observers'),
      nonConsumingShownToObservers: this.faults.has('holdout-non-consuming-witnesses-include-observers'),
      observersKeepSignatories: this.faults.has('observers-list-signatories'),
      witnessesNotInherited: this.faults.has('nested-witnesses-not-inherited'),
      firstSignatoryOnly: this.faults.has('create-first-signatory-only'),
      fetchTypeNotChecked: this.faults.has('fetch-type-not-checked'),
      fetchAuthorizationNotChecked: this.faults.has('fetch-authorization-not-checked'),
      lookupByKeyAuthorizationNotChecked: this.faults.has('lookup-by-key-authorization-not-checked'),
      keyNotFoundAsContractNotFound: this.faults.has('contract-key-not-found-wrong-code'),
      keyLookupIgnoresVisibility: this.faults.has('key-lookup-ignores-visibility'),
      uniqueKeys: this.faults.has('contract-keys-unique'),
      keyLookupOldest: this.faults.has('contract-key-lookup-oldest'),
      localKeysNeedVisibility: this.faults.has('local-key-lookup-checks-visibility'),
      createAndExerciseWrongCode: this.faults.has('create-and-exercise-arguments-wrong-code'),
      timestampsToMillis: this.faults.has('timestamp-millis'),
      ignoreAsserts: this.faults.has('assert-not-checked'),
      fetchIgnoresVisibility: this.faults.has('divulged-contract-usable'),
      fetchSeesArchived: this.faults.has('fetch-sees-archived'),
      recordFieldsAsSubmitted: this.faults.has('record-fields-as-submitted'),
      variantErrorWrongCode: this.faults.has('variant-tag-error-wrong-code'),
      ...(this.faults.has('value-nesting-limit-101') ? { nestingLimit: 101 } : {}),
      resultNestingUnchecked: this.faults.has('value-nesting-result-unchecked'),
      ...(disclosed && disclosed.size > 0 ? { disclosed, acceptArchivedDisclosed: this.faults.has('disclosed-archived-accepted') } : {}),
    });
    if (this.faults.has('non-consuming-choice-archives')) {
      for (const node of tx.nodes) {
        if (node.kind === 'exercise' && !node.consuming) {
          (node as { consuming: boolean }).consuming = true;
          (tx.consumed as Set<string>).add(node.contract.contractId);
        }
      }
    }
    return tx;
  }

  /**
   * Appends `tx` as the next transaction. Synchronous: the caller's dedup check and this append happen
   * in one turn of the event loop, so concurrent submissions of one change id cannot both succeed.
   */
  commitTransaction(tx: InterpretedTransaction, meta: SubmissionMetadata, changeId: string): TransactionUpdate {
    const offset = this.log.nextOffset;
    const nowMs = this.now().getTime();
    // Holdout fault `holdout2-executed-record-time-at-prepare`: an executed (externally signed) transaction keeps its prepare time.
    const recordTime =
      this.faults.has('holdout2-executed-record-time-at-prepare') && meta.externalTransactionHash !== null
        ? formatTimestamp(new Date(tx.effectiveAt))
        : this.nextRecordTime(tx.effectiveAt);
    // Holdout fault `holdout4-update-id-per-command-id`: a command id used before gets its earlier transaction's update id.
    const reused = this.faults.has('holdout4-update-id-per-command-id') ? this.updateIdsByCommandId.get(meta.commandId) : undefined;
    const update = new CommittedTransaction(
      offset,
      reused ?? this.newUpdateId(offset),
      recordTime,
      this.fixtures.synchronizerId,
      tx,
      meta,
      this.withSharedPartyIds(meta.actAs),
    );
    this.contracts.apply(tx);
    this.log.append(update);
    if (this.faults.has('holdout4-update-id-per-command-id') && reused === undefined && meta.commandId !== '')
      this.updateIdsByCommandId.set(meta.commandId, update.updateId);
    if (!this.faults.has('dedup-ignored')) {
      this.dedup.complete(changeId, { submissionId: meta.submissionId, offset, recordedAtMs: nowMs });
    }
    return update;
  }
}

/**
 * The fault `contract-id-in-values-not-checked`: non-suffixed V1 contract ids inside create and choice arguments are taken
 * (given a suffix, so the value checks pass); the exercise target is left alone.
 */
function suffixArgumentContractIds(command: Command): Command {
  const suffix = (json: unknown): unknown => {
    if (typeof json === 'string') return /^00[0-9a-f]{64}$/.test(json) ? `${json}${'00'.repeat(16)}` : json;
    if (Array.isArray(json)) return json.map(suffix);
    if (json !== null && typeof json === 'object')
      return Object.fromEntries(Object.entries(json).map(([key, value]) => [key, suffix(value)]));
    return json;
  };
  const changed: Record<string, unknown> = { ...command };
  if ('createArguments' in command) changed.createArguments = suffix(command.createArguments);
  if ('choiceArgument' in command) changed.choiceArgument = suffix(command.choiceArgument);
  return changed as unknown as Command;
}
