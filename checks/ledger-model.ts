/**
 * The ledger model: what the ledger must look like, built only from what the run itself did, never from the target's
 * code. It learns from the run's own submissions (commands, actAs, readAs, the template rules of `template-rules.ts`)
 * and the answers to them, and holds every recorded exchange against what it predicts (canton profile):
 *
 * - a submit-and-wait answered 200 is a transaction at its completion offset: a submission answered before another was
 *   sent has the smaller offset; one update id per offset; a contract the run saw archived before the request was sent
 *   is not usable (the submission must be rejected);
 * - an update read by offset: its offset and each event's; one update id per offset for every reader; record time
 *   non-decreasing along offsets (per synchronizer); node ids distinct, ascending, exercise ranges nested; witnesses
 *   among the requesting parties; a created event's signatories and observers from its template's expressions, a
 *   signatory never among the observers;
 * - and, for a transaction the run submitted itself: which events each reader sees, in node order, of which kind,
 *   with which witnesses, create arguments, exercises (contract, choice, argument, actors, consuming, result), node
 *   ranges, and the commandId only in a submitter's view.
 *
 * Where the node may choose (ids, times, the order of independent events), the model states a constraint, not a value.
 * A disagreement fails the rule's clause with the model's expectation, the answer and the JSON path of the field.
 * The model lives as long as the worker that runs the tests: what one test submitted, another test's reads are held to.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ClauseId } from '../specification/clauses.js';
import { matchEndpoint } from '../specification/endpoints.js';
import { parseJsonLossless } from '../specification/json.js';
import { assertClause } from './assertion.js';
import { judgeClauses, showValue, type ModelViolation } from './model-judgement.js';
import type { CheckName } from './names.js';
import { requestJson, type ClassifiedExchange, type ObservedExchange, type ResponseCheckContext } from './response-checks.js';
import { PackageModel } from './package-model.js';
import { ScanModel } from './scan-model.js';
import { UserModel } from './user-model.js';
import {
  RULES_PACKAGE,
  choiceRule,
  packageNameOf,
  qualifiedName,
  templateRule,
  type DamlRecord,
  type PredictedCreate,
} from './template-rules.js';

const CHECK: CheckName = 'stateful_consistency';

/** The codes Canton refuses a submission using an inactive contract with (as explicit-disclosure.suite.ts accepts). */
const INACTIVE_CONTRACT_CODES: ReadonlySet<string> = new Set([
  'CONTRACT_NOT_FOUND',
  'CONTRACT_NOT_ACTIVE',
  'LOCAL_VERDICT_INACTIVE_CONTRACTS',
]);

type Json = Record<string, unknown>;

/** One node the model predicts for a submitted transaction, in pre-order. */
interface ModelNode {
  kind: 'create' | 'exercise';
  template: string | undefined;
  /** The package name of its template (the rules are keyed by it); undefined when not known. */
  packageName: string | undefined;
  /** Index of the parent exercise among the predicted nodes. */
  parent: number | undefined;
  /** Index of its last descendant (itself when it has none). */
  lastDescendant: number;
  // create
  argument?: DamlRecord;
  sets?: readonly string[];
  signatories?: string[];
  observers?: string[];
  // exercise
  contractId?: string;
  choice?: string;
  choiceArgument?: unknown;
  consuming?: boolean;
  actors?: string[];
  result?: 'created-contract-id' | 'unit' | 'unknown';
  /** Informees of the node itself; undefined when the model does not know them. */
  informees: string[] | undefined;
}

interface KnownSubmission {
  offset: number;
  updateId: string;
  actAs: string[];
  commandId: string;
  workflowId: string;
  minLedgerTimeAbs: number | undefined;
  /** The relative minimum ledger time asked for (ms), if any. */
  minLedgerTimeRelMs: number | undefined;
  /** Only creates and no minimum ledger time: its ledger time is the node's clock when it took the submission. */
  plainCreates: boolean;
  sentAt: number;
  answeredAt: number;
  /** The predicted nodes, or undefined when a command is one the model does not predict. */
  nodes: ModelNode[] | undefined;
  /** Whether its ledger time has told the model about the node's clock already. */
  learnedClock?: boolean;
}

interface KnownContract {
  template: string | undefined;
  packageName: string | undefined;
  argument: DamlRecord;
  signatories: string[];
  observers: string[];
  /** When the run learned that it was archived (ms, performance.now()). */
  archivedAt?: number;
}

type Violation = ModelViolation;

/** The clauses of the model's rules. */
export const MODEL_CLAUSES = [
  'canton.model.offsets-follow-completion',
  'canton.model.one-update-id-per-offset',
  'canton.model.record-time-monotone',
  'canton.model.event-kinds',
  'canton.model.node-ids',
  'canton.model.witness-parties',
  'canton.model.stakeholders',
  'canton.model.create-argument',
  'canton.model.exercise',
  'canton.model.archived-not-usable',
  'canton.model.interface-views',
  'canton.semantics.command-id.submitters-only',
] as const satisfies readonly ClauseId[];

const show = showValue;
const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : undefined;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
const setKey = (values: readonly string[]): string => [...new Set(values)].sort().join('|');
const unique = (values: readonly string[]): string[] => [...new Set(values)];

/** Packages whose choices declare no choice observers: CantonExamples (the rules' package) and the suite's interfaces DAR. */
const NO_CHOICE_OBSERVERS: ReadonlySet<string> = new Set([RULES_PACKAGE, 'conformance-interfaces']);

/** The margin of the minimum-ledger-time rule for the clocks' resolutions (the rule is about seconds). */
const MINIMUM_LEDGER_TIME_MARGIN_MS = 250;

/** A protobuf Duration as JSON (`{seconds, nanos}`, numbers or strings) in ms; undefined when it is not one. */
function durationMs(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const seconds = Number((value as Json)['seconds'] ?? 0);
  const nanos = Number((value as Json)['nanos'] ?? 0);
  return Number.isFinite(seconds) && Number.isFinite(nanos) ? seconds * 1000 + nanos / 1e6 : undefined;
}

/**
 * Daml values compared as the JSON API may write them: Numerics by value (Canton may write `5.` or `5.0`), Timestamps
 * by instant (Canton writes ISO_DATE_TIME, trailing fraction zeros dropped: JsonCodec.scala), a missing optional as None.
 */
export function damlEqual(expected: unknown, actual: unknown, sets: readonly string[] = []): boolean {
  if (expected === undefined || expected === null) return actual === undefined || actual === null;
  if (typeof expected === 'string' && typeof actual === 'string') {
    const decimal = /^-?\d+(\.\d*)?$/;
    if (decimal.test(expected) && decimal.test(actual))
      return Number(expected) === Number(actual) && normalDecimal(expected) === normalDecimal(actual);
    const [left, right] = [nanosOf(expected), nanosOf(actual)];
    if (left !== undefined && right !== undefined) return left === right;
    return expected === actual;
  }
  if (Array.isArray(expected))
    return Array.isArray(actual) && expected.length === actual.length && expected.every((item, index) => damlEqual(item, actual[index]));
  if (typeof expected === 'object') {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    const left = expected as Json;
    const right = actual as Json;
    return [...new Set([...Object.keys(left), ...Object.keys(right)])].every((key) =>
      sets.includes(key) && Array.isArray(left[key]) && Array.isArray(right[key])
        ? setKey(strings(left[key])) === setKey(strings(right[key])) && (left[key] as unknown[]).length === (right[key] as unknown[]).length
        : damlEqual(left[key], right[key]),
    );
  }
  if (typeof expected === 'number' || typeof expected === 'bigint') return String(expected) === String(actual);
  return isDeepStrictEqual(expected, actual);
}

/** An ISO date-time (`…T…(.fraction)(Z|±hh:mm)`) as nanoseconds since the epoch; undefined for any other string. */
function nanosOf(value: string): bigint | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (match === null) return undefined;
  const millis = Date.parse(`${match[1]}${match[3]}`);
  return Number.isNaN(millis) ? undefined : BigInt(millis) * 1_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
}

function normalDecimal(value: string): string {
  const [whole, fraction = ''] = value.replace(/^-/, '').split('.');
  const sign = value.startsWith('-') && /[1-9]/.test(value) ? '-' : '';
  return `${sign}${String(BigInt(whole!))}.${fraction.replace(/0+$/, '')}`;
}

/** How a party's filter matches a template: surely, surely not, or it depends on what the model does not know. */
type Match = 'yes' | 'no' | 'maybe';

function filterMatch(filter: unknown, template: string | undefined): Match {
  const cumulative = (filter as { cumulative?: unknown } | undefined)?.cumulative;
  if (!Array.isArray(cumulative) || cumulative.length === 0) return 'maybe';
  let result: Match = 'no';
  for (const entry of cumulative) {
    const identifier = (entry as { identifierFilter?: Json } | undefined)?.identifierFilter ?? {};
    if ('WildcardFilter' in identifier) return 'yes';
    const templateFilter = identifier['TemplateFilter'] as { value?: { templateId?: unknown } } | undefined;
    if (templateFilter !== undefined) {
      const named = qualifiedName(templateFilter.value?.templateId);
      if (template !== undefined && named === template) return 'yes';
      if (template === undefined) result = 'maybe';
      continue;
    }
    result = 'maybe';
  }
  return result;
}

/** The identifier filters of a cumulative filter. */
function identifierFilters(filter: unknown): Json[] {
  const cumulative = (filter as { cumulative?: unknown } | undefined)?.cumulative;
  return Array.isArray(cumulative)
    ? cumulative.map((entry) => ((entry as { identifierFilter?: Json } | undefined)?.identifierFilter ?? {}) as Json)
    : [];
}

/**
 * A party's filter that surely puts it among the parties Canton narrows witnesses to (TemplatePartiesFilter.allFilterParties):
 * a wildcard, or a template filter (a template the node knows, or the request is refused). An interface filter counts only
 * when some template implements the interface, which the model does not assume.
 */
function namesParty(filter: unknown): boolean {
  return identifierFilters(filter).some((entry) => 'WildcardFilter' in entry || 'TemplateFilter' in entry);
}

/** An any-party filter with a wildcard or a template filter: Canton narrows no witness and hides no commandId then. */
function surelyUnnarrowed(anyParty: unknown): boolean {
  return namesParty(anyParty);
}

interface ReadRequest {
  offset: number | undefined;
  shape: 'ACS_DELTA' | 'LEDGER_EFFECTS' | undefined;
  byParty: Map<string, unknown>;
  anyParty: unknown;
  /** Values are compared (arguments, template expressions on them) only in a verbose answer, whose records carry labels. */
  verbose: boolean;
}

function readRequestOf(exchange: ObservedExchange): ReadRequest | undefined {
  const body = requestJson(exchange) as Json | undefined;
  if (body === undefined) return undefined;
  const transactions = ((body['updateFormat'] as Json | undefined)?.['includeTransactions'] as Json | undefined) ?? undefined;
  const eventFormat = (transactions?.['eventFormat'] as Json | undefined) ?? {};
  const shapeText = transactions?.['transactionShape'];
  const byParty = new Map<string, unknown>(Object.entries((eventFormat['filtersByParty'] as Json | undefined) ?? {}));
  return {
    offset: asNumber(body['offset']),
    shape:
      shapeText === 'TRANSACTION_SHAPE_ACS_DELTA'
        ? 'ACS_DELTA'
        : shapeText === 'TRANSACTION_SHAPE_LEDGER_EFFECTS'
          ? 'LEDGER_EFFECTS'
          : undefined,
    byParty,
    anyParty: eventFormat['filtersForAnyParty'],
    verbose: eventFormat['verbose'] === true,
  };
}

/** The events of a transaction answer as [kind, payload, path]. */
function eventsOf(value: Json, base: string): [string, Json, string][] {
  const events = Array.isArray(value['events']) ? (value['events'] as Json[]) : [];
  return events.map((event, index) => {
    const [kind, payload] = Object.entries(event ?? {})[0] ?? ['?', {}];
    return [kind, (payload ?? {}) as Json, `${base}.events[${index}].${kind}`];
  });
}

export class LedgerModel {
  private readonly submissions = new Map<number, KnownSubmission>();
  private readonly updateIds = new Map<number, string>();
  private readonly offsetsByUpdateId = new Map<string, number>();
  /** Record times (ms) by synchronizer, then by offset. */
  private readonly recordTimes = new Map<string, Map<number, { ms: number; text: string }>>();
  private readonly contracts = new Map<string, KnownContract>();
  /** Package id to package name, as the events the run read show them (templateId beside packageName). */
  private readonly packageNames = new Map<string, string>();
  /** The interface id (package-id form) a filter's reference (`#name:Module:Entity` or an id) named, as views showed it. */
  private readonly interfaceIds = new Map<string, string>();
  /** The interfaces (package-id form) each template (its templateId as events write it) implements, as answers showed. */
  private readonly implemented = new Map<string, Set<string>>();
  /** The users the run created, and what it did to them since (its own model check, `user-model`). */
  readonly users = new UserModel();
  /** The packages the run uploaded and validated, and what it listed (`package-model`). */
  readonly packages = new PackageModel();
  /** The scan rounds and figures the run read (`scan-model`). */
  readonly scan = new ScanModel();

  /** Holds every exchange against the model and learns from it, in the order they were answered. */
  apply(
    exchanges: readonly ObservedExchange[],
    context: ResponseCheckContext,
    classify: (exchange: ObservedExchange) => ClassifiedExchange | undefined,
  ): boolean {
    if (context.profile !== 'canton') return false;
    let applied = false;
    // What templates implement is learned from every read of the test first: reads sent together are judged alike.
    for (const exchange of exchanges) this.learnInterfaces(exchange);
    for (const exchange of exchanges) {
      applied = this.ledgerEnd(exchange) || applied;
      const classified = classify(exchange);
      if (classified === undefined) continue;
      const timed = { ...classified, sentAt: exchange.sentAt ?? 0, answeredAt: exchange.answeredAt ?? 0 };
      if (classified.endpoint === 'submit-and-wait' && classified.response.status >= 400) {
        applied = this.rejected(timed) || applied;
        continue;
      }
      if (classified.response.status !== 200 || classified.json === undefined) continue;
      if (classified.endpoint === 'submit-and-wait') applied = this.submitted(timed) || applied;
      else if (classified.endpoint === 'update-by-offset') applied = this.read(timed) || applied;
    }
    return applied;
  }

  /** Ledger ends the run read (offset, when the request went out), and updates it found (offset, when answered). */
  private readonly ends: { offset: number; sentAt: number }[] = [];
  private readonly found: { offset: number; answeredAt: number; exchange: ObservedExchange }[] = [];
  /** Completion offsets of the run's submissions (offset, when answered): the ledger end read after one is never below it. */
  private readonly completions: { offset: number; answeredAt: number }[] = [];
  /**
   * What the run learned of the node's clock against its own (ms, node minus tool): at least `low`, at most `high`, from the
   * ledger times of transactions of creates alone submitted without a minimum ledger time (their ledger time is the node's
   * clock when it took the submission, between the tool's send and answer).
   */
  private clockSkew: { low: number; high: number } | undefined;

  /**
   * The answer for an offset past the end: an update found at offset o, then a ledger end below o read after that answer
   * (the ledger end never goes back), means the update was found past the end.
   */
  private ledgerEnd(exchange: ObservedExchange): boolean {
    const descriptor = exchange.operation ?? matchEndpoint(exchange.api, exchange.method, exchange.path);
    if (exchange.response.status !== 200) return false;
    let body: Json | undefined;
    try {
      body = parseJsonLossless(exchange.response.text) as Json;
    } catch {
      return false;
    }
    if (descriptor === 'ledger-end') {
      const offset = asNumber(body?.['offset']);
      if (offset === undefined) return false;
      const end = { offset, sentAt: exchange.sentAt ?? 0 };
      this.ends.push(end);
      const earlier = this.found.filter((entry) => entry.answeredAt < end.sentAt);
      const completed = this.completions.filter((entry) => entry.answeredAt < end.sentAt);
      if (earlier.length === 0 && completed.length === 0) return false;
      const past = earlier.find((entry) => entry.offset > end.offset);
      const committed = completed.find((entry) => entry.offset > end.offset);
      assertClause(
        CHECK,
        'canton.model.offset-past-end',
        past === undefined && committed === undefined,
        past !== undefined
          ? `the ledger model disagrees at $.offset of the ledger end: the model expects at least ${past.offset}, where an earlier lookup found an update; the answer has ${offset}`
          : `the ledger model disagrees at $.offset of the ledger end: the model expects at least ${committed?.offset ?? '?'}, the completion offset of a submission answered before this request was sent; the answer has ${offset}`,
        exchange.response,
      );
      return true;
    }
    if (descriptor === 'submit-and-wait') {
      const offset = asNumber(body?.['completionOffset']);
      if (offset === undefined) return false;
      this.completions.push({ offset, answeredAt: exchange.answeredAt ?? 0 });
      if (this.completions.length > 10_000) this.completions.shift();
      return false;
    }
    if (descriptor === 'update-by-offset') {
      const offset = asNumber((requestJson(exchange) as Json | undefined)?.['offset']);
      if (offset === undefined) return false;
      this.found.push({ offset, answeredAt: exchange.answeredAt ?? 0, exchange });
      if (this.found.length > 10_000) this.found.shift();
    }
    return false;
  }

  /** Asserts each clause the model judged on this exchange once: passed, or failed at its first violation. */
  private judge(exchange: ClassifiedExchange, judged: ReadonlySet<ClauseId>, violations: readonly Violation[]): void {
    judgeClauses(
      'ledger',
      MODEL_CLAUSES.filter((clause) => judged.has(clause)),
      violations,
      exchange.response,
      true,
    );
  }

  private noteUpdateId(offset: number, updateId: unknown, path: string, violations: Violation[]): void {
    if (typeof updateId !== 'string') return;
    const known = this.updateIds.get(offset);
    if (known !== undefined && known !== updateId) {
      violations.push({
        clause: 'canton.model.one-update-id-per-offset',
        path,
        expected: `the updateId ${known} seen for offset ${offset}`,
        actual: updateId,
      });
    }
    const otherOffset = this.offsetsByUpdateId.get(updateId);
    if (otherOffset !== undefined && otherOffset !== offset) {
      violations.push({
        clause: 'canton.model.one-update-id-per-offset',
        path,
        expected: `an updateId of its own (${updateId} is offset ${otherOffset}'s)`,
        actual: updateId,
      });
    }
    if (known === undefined) this.updateIds.set(offset, updateId);
    if (otherOffset === undefined) this.offsetsByUpdateId.set(updateId, offset);
  }

  private noteRecordTime(synchronizer: unknown, offset: number, recordTime: unknown, path: string, violations: Violation[]): void {
    if (typeof synchronizer !== 'string' || typeof recordTime !== 'string') return;
    const ms = Date.parse(recordTime);
    if (Number.isNaN(ms)) return;
    let times = this.recordTimes.get(synchronizer);
    if (times === undefined) this.recordTimes.set(synchronizer, (times = new Map()));
    for (const [other, time] of times) {
      if ((other < offset && time.ms > ms) || (other > offset && time.ms < ms)) {
        violations.push({
          clause: 'canton.model.record-time-monotone',
          path,
          expected: `a record time ${other < offset ? 'not before' : 'not after'} ${time.text}, the record time at offset ${other} on ${synchronizer}`,
          actual: recordTime,
        });
        return;
      }
    }
    times.set(offset, { ms, text: recordTime });
  }

  /** The contracts a submission exercises that the run saw archived before it was sent, with the path of each. */
  private archivedUses(body: Json | undefined, sentAt: number): { contractId: string; path: string }[] {
    const commands = Array.isArray(body?.['commands']) ? (body['commands'] as Json[]) : [];
    return commands.flatMap((command, index) => {
      const contractId = (command?.['ExerciseCommand'] as Json | undefined)?.['contractId'];
      const archivedAt = typeof contractId === 'string' ? this.contracts.get(contractId)?.archivedAt : undefined;
      return archivedAt !== undefined && archivedAt < sentAt
        ? [{ contractId: contractId as string, path: `request $.commands[${index}].ExerciseCommand.contractId` }]
        : [];
    });
  }

  /**
   * A rejected submit-and-wait: the rule on archived contracts holds when it used one and was refused for it, a 4xx with
   * one of the codes Canton gives an inactive contract. Any other refusal (a 5xx, another code) is not credited.
   */
  private rejected(exchange: ClassifiedExchange & { sentAt: number; answeredAt: number }): boolean {
    if (this.archivedUses(requestJson(exchange) as Json | undefined, exchange.sentAt).length === 0) return false;
    const status = exchange.response.status;
    const code = (exchange.json as Json | undefined)?.['code'];
    if (status < 400 || status >= 500 || typeof code !== 'string' || !INACTIVE_CONTRACT_CODES.has(code)) return false;
    this.judge(exchange, new Set<ClauseId>(['canton.model.archived-not-usable']), []);
    return true;
  }

  /** A submit-and-wait answered 200: its transaction, what it predicts, and the order of completions. */
  private submitted(exchange: ClassifiedExchange & { sentAt: number; answeredAt: number }): boolean {
    const body = requestJson(exchange) as Json | undefined;
    const answer = exchange.json as Json;
    const offset = asNumber(answer['completionOffset']);
    const updateId = answer['updateId'];
    if (body === undefined || offset === undefined || typeof updateId !== 'string') return false;
    const violations: Violation[] = [];
    const judged = new Set<ClauseId>(['canton.model.offsets-follow-completion', 'canton.model.one-update-id-per-offset']);
    for (const other of this.submissions.values()) {
      const before = other.answeredAt < exchange.sentAt && other.offset >= offset;
      const after = exchange.answeredAt < other.sentAt && other.offset <= offset;
      if (before || after) {
        violations.push({
          clause: 'canton.model.offsets-follow-completion',
          path: '$.completionOffset',
          expected: `an offset ${before ? 'after' : 'before'} ${other.offset}, the completion of a submission answered ${before ? 'before this one was sent' : 'after this one was answered'}`,
          actual: offset,
        });
        break;
      }
    }
    this.noteUpdateId(offset, updateId, '$.updateId', violations);
    const commands = Array.isArray(body['commands']) ? (body['commands'] as Json[]) : [];
    // Contracts this submission uses that the run saw archived before it was sent.
    for (const use of this.archivedUses(body, exchange.sentAt)) {
      judged.add('canton.model.archived-not-usable');
      violations.push({
        clause: 'canton.model.archived-not-usable',
        path: use.path,
        expected: `a rejection: the contract ${use.contractId} was archived before this submission was sent`,
        actual: `200 ${show(answer)}`,
      });
    }
    const nodes = this.predict(commands);
    const minAbs = typeof body['minLedgerTimeAbs'] === 'string' ? Date.parse(body['minLedgerTimeAbs']) : Number.NaN;
    const minRel = durationMs(body['minLedgerTimeRel']);
    this.submissions.set(offset, {
      offset,
      updateId,
      actAs: strings(body['actAs']),
      commandId: typeof body['commandId'] === 'string' ? body['commandId'] : '',
      workflowId: typeof body['workflowId'] === 'string' ? body['workflowId'] : '',
      minLedgerTimeAbs: Number.isNaN(minAbs) ? undefined : minAbs,
      minLedgerTimeRelMs: minRel,
      plainCreates:
        Number.isNaN(minAbs) &&
        body['minLedgerTimeRel'] === undefined &&
        commands.length > 0 &&
        commands.every((command) => command?.['CreateCommand'] !== undefined),
      sentAt: exchange.sentAt,
      answeredAt: exchange.answeredAt,
      nodes,
    });
    // What it consumed is archived from now on.
    for (const node of nodes ?? []) {
      if (node.kind === 'exercise' && node.consuming && node.contractId !== undefined) {
        const contract = this.contracts.get(node.contractId);
        if (contract !== undefined && contract.archivedAt === undefined) contract.archivedAt = exchange.answeredAt;
      }
    }
    this.judge(exchange, judged, violations);
    return true;
  }

  /**
   * The package name of a template id: its own (`#name:…`), the event's `packageName`, or what the run learned of its
   * package id from earlier events; undefined when none tells.
   */
  private packageName(templateId: unknown, named?: unknown): string | undefined {
    const own = packageNameOf(templateId);
    if (own !== undefined) return own;
    const id = typeof templateId === 'string' ? templateId.split(':')[0] : undefined;
    if (typeof named === 'string' && named !== '') {
      if (id !== undefined && id !== '') this.packageNames.set(id, named);
      return named;
    }
    return id === undefined ? undefined : this.packageNames.get(id);
  }

  /** The nodes the commands produce, in pre-order; undefined when one of them is beyond the model. */
  private predict(commands: readonly Json[]): ModelNode[] | undefined {
    const nodes: ModelNode[] = [];
    const addCreate = (create: PredictedCreate, parent: number | undefined, packageName: string | undefined): void => {
      const rule = templateRule(packageName, create.template);
      const signatories = rule ? unique(rule.signatories(create.argument)) : undefined;
      const observers =
        rule && signatories ? unique(rule.observers(create.argument)).filter((party) => !signatories.includes(party)) : undefined;
      nodes.push({
        kind: 'create',
        template: create.template,
        packageName,
        parent,
        lastDescendant: nodes.length,
        argument: create.argument,
        ...(create.sets ? { sets: create.sets } : {}),
        ...(signatories && observers ? { signatories, observers } : {}),
        informees: signatories && observers ? [...signatories, ...observers] : undefined,
      });
    };
    for (const command of commands) {
      const create = command?.['CreateCommand'] as Json | undefined;
      const exercise = command?.['ExerciseCommand'] as Json | undefined;
      if (create !== undefined) {
        const template = qualifiedName(create['templateId']);
        const argument = create['createArguments'];
        if (template === undefined || typeof argument !== 'object' || argument === null) return undefined;
        addCreate({ template, argument: argument as DamlRecord }, undefined, this.packageName(create['templateId']));
      } else if (exercise !== undefined) {
        const contractId = exercise['contractId'];
        const contract = typeof contractId === 'string' ? this.contracts.get(contractId) : undefined;
        const template = qualifiedName(exercise['templateId']);
        const packageName = this.packageName(exercise['templateId']);
        const rule = choiceRule(packageName, template, exercise['choice']);
        if (contract === undefined || rule === undefined || contract.template !== template) return undefined;
        // A choice of its own (not Archive) is predicted only for a contract known to be of the rules' package.
        if (exercise['choice'] !== 'Archive' && contract.packageName !== packageName) return undefined;
        const choiceArgument = (exercise['choiceArgument'] ?? {}) as DamlRecord;
        const actors = unique(rule.controllers(contract.argument, choiceArgument, contract.signatories));
        const choiceObservers = rule.observers?.(contract.argument, choiceArgument) ?? [];
        const informees = unique(
          rule.consuming
            ? [...contract.signatories, ...contract.observers, ...actors, ...choiceObservers]
            : [...contract.signatories, ...actors, ...choiceObservers],
        );
        const index = nodes.length;
        const node: ModelNode = {
          kind: 'exercise',
          template,
          packageName,
          parent: undefined,
          lastDescendant: index,
          contractId: contractId as string,
          choice: exercise['choice'] as string,
          choiceArgument: exercise['choiceArgument'] ?? {},
          consuming: rule.consuming,
          actors,
          result: rule.result,
          informees,
        };
        nodes.push(node);
        const children = rule.creates?.(contract.argument, choiceArgument);
        if (children === undefined) return undefined;
        for (const child of children) addCreate(child, index, packageName);
        node.lastDescendant = nodes.length - 1;
      } else return undefined;
    }
    return nodes;
  }

  /** Who must, may and must not see a node, for this request and shape. */
  private audience(
    nodes: readonly ModelNode[],
    index: number,
    request: ReadRequest,
    shape: 'ACS_DELTA' | 'LEDGER_EFFECTS',
  ): {
    /** The parties the event must list among its witnesses when it is shown. */
    required: Set<string>;
    /** Whether the event must be shown (a filter surely matching it applies to one of its informees). */
    must: boolean;
    /** Empty when no filter of the request can show the node; undefined when the model does not know its informees. */
    allowed: Set<string> | undefined;
  } {
    const node = nodes[index]!;
    let informees: string[] | undefined = node.informees;
    if (shape === 'LEDGER_EFFECTS') {
      for (let parent = node.parent; parent !== undefined && informees !== undefined; parent = nodes[parent]!.parent) {
        const above = nodes[parent]!.informees;
        informees = above === undefined ? undefined : unique([...informees, ...above]);
      }
    } else if (node.kind === 'exercise') {
      // The ACS delta shows a consuming exercise as an archive, to the contract's stakeholders.
      const contract = node.contractId === undefined ? undefined : this.contracts.get(node.contractId);
      informees = contract === undefined ? undefined : [...contract.signatories, ...contract.observers];
    }
    const required = new Set<string>();
    const allowed = new Set<string>();
    if (informees === undefined) return { required, must: false, allowed: undefined };
    // Canton narrows the witnesses to the parties the request names whatever their own filter
    // (TemplatePartiesFilter.allFilterParties: the wildcard parties and every party of a template's filter;
    // EventStorageBackendTemplate.filterWitnesses, TransactionLogUpdatesConversions), and not at all when
    // filtersForAnyParty holds a wildcard or a template filter (a template of the any-party filter maps to None:
    // IndexServiceImpl.templateFilter / wildcardFilter). The stored witnesses of a node are its disclosure
    // (UpdateToDbDto: Blinding.blind, the node's own informees and those of the ancestors the participant sees) and, in
    // the ACS delta, the contract's stakeholders. A transaction the run submitted here has an actAs party among the
    // informees of every root node, so the participant holds every node and its disclosure is complete. So a shown event
    // lists every informee that is named with a wildcard or template filter (or whose filter matches it), and every
    // informee under such an any-party filter; a party named with interface filters only is among allFilterParties only
    // if some template implements the interface: it may be listed. The node is shown at all only if some informee's
    // filter (or the any-party filter) may match its template; it must be when one surely does.
    const unnarrowed = request.anyParty !== undefined && surelyUnnarrowed(request.anyParty);
    let shown = false;
    let must = false;
    for (const [party, filter] of request.byParty) {
      if (!informees.includes(party)) continue;
      const match = filterMatch(filter, node.template);
      if (match === 'yes') must = true;
      if (match !== 'no') shown = true;
      allowed.add(party);
      if (match === 'yes' || namesParty(filter)) required.add(party);
    }
    if (request.anyParty !== undefined) {
      const match = informees.length > 0 ? filterMatch(request.anyParty, node.template) : 'no';
      if (match !== 'no') shown = true;
      if (match === 'yes') must = true;
      for (const party of informees) allowed.add(party);
      if (unnarrowed) for (const party of informees) required.add(party);
    }
    return { required, must, allowed: shown ? allowed : new Set() };
  }

  /** An update read by offset. */
  private read(exchange: ClassifiedExchange & { sentAt: number; answeredAt: number }): boolean {
    const request = readRequestOf(exchange);
    const update = (exchange.json as Json)['update'] as Json | undefined;
    if (request === undefined || update === undefined || update === null) return false;
    const [variant, wrapped] = Object.entries(update)[0] ?? [];
    const value = (wrapped as { value?: Json } | undefined)?.value;
    if (variant === undefined || value === undefined) return false;
    const base = `$.update.${variant}.value`;
    const violations: Violation[] = [];
    const judged = new Set<ClauseId>(['canton.model.offsets-follow-completion']);
    const offset = asNumber(value['offset']);
    if (request.offset !== undefined && offset !== undefined && offset !== request.offset) {
      violations.push({
        clause: 'canton.model.offsets-follow-completion',
        path: `${base}.offset`,
        expected: `the offset looked up, ${request.offset}`,
        actual: offset,
      });
    }
    const at = offset ?? request.offset;
    if (at === undefined) return false;
    if (variant === 'OffsetCheckpoint') {
      judged.add('canton.model.record-time-monotone');
      const times = Array.isArray(value['synchronizerTimes']) ? (value['synchronizerTimes'] as Json[]) : [];
      times.forEach((time, index) =>
        this.noteRecordTime(time['synchronizerId'], at, time['recordTime'], `${base}.synchronizerTimes[${index}].recordTime`, violations),
      );
      this.judge(exchange, judged, violations);
      return true;
    }
    judged.add('canton.model.one-update-id-per-offset').add('canton.model.record-time-monotone');
    this.noteUpdateId(at, value['updateId'], `${base}.updateId`, violations);
    this.noteRecordTime(value['synchronizerId'], at, value['recordTime'], `${base}.recordTime`, violations);
    if (variant === 'Transaction') this.transaction(value, base, at, request, judged, violations, exchange.answeredAt);
    this.judge(exchange, judged, violations);
    return true;
  }

  private transaction(
    value: Json,
    base: string,
    offset: number,
    request: ReadRequest,
    judged: Set<ClauseId>,
    violations: Violation[],
    readAt: number,
  ): void {
    const events = eventsOf(value, base);
    const requested = [...request.byParty.keys()];
    judged.add('canton.model.node-ids').add('canton.model.witness-parties').add('canton.model.stakeholders');
    // Structural rules, for any transaction.
    let previous = -1;
    const ranges: [number, number, string][] = [];
    for (const [kind, event, path] of events) {
      const eventOffset = asNumber(event['offset']);
      if (eventOffset !== undefined && eventOffset !== offset) {
        violations.push({
          clause: 'canton.model.offsets-follow-completion',
          path: `${path}.offset`,
          expected: `the transaction's offset ${offset}`,
          actual: eventOffset,
        });
      }
      const nodeId = asNumber(event['nodeId']);
      if (nodeId !== undefined) {
        if (nodeId <= previous)
          violations.push({
            clause: 'canton.model.node-ids',
            path: `${path}.nodeId`,
            expected: `a node id above ${previous}, the one before it`,
            actual: nodeId,
          });
        previous = Math.max(previous, nodeId);
        if (kind === 'ExercisedEvent') {
          const last = asNumber(event['lastDescendantNodeId']);
          if (last === undefined || last < nodeId) {
            violations.push({
              clause: 'canton.model.node-ids',
              path: `${path}.lastDescendantNodeId`,
              expected: `a last descendant at or after its node id ${nodeId}`,
              actual: event['lastDescendantNodeId'],
            });
          } else {
            for (const [start, end, other] of ranges) {
              if (nodeId <= end && last > end && nodeId > start) {
                violations.push({
                  clause: 'canton.model.node-ids',
                  path: `${path}.lastDescendantNodeId`,
                  expected: `a range [${nodeId}, ${last}] nested in or disjoint from [${start}, ${end}] (${other})`,
                  actual: last,
                });
              }
            }
            ranges.push([nodeId, last, path]);
          }
        }
      }
      const witnesses = strings(event['witnessParties']);
      this.noDuplicates(kind, event, path, judged, violations);
      if (kind === 'ExercisedEvent' && request.shape === 'LEDGER_EFFECTS') {
        this.exercisedByRule(event, path, events, judged, violations);
        this.rootExerciseWitnesses(event, path, events, request, judged, violations);
      }
      if (request.anyParty === undefined) {
        const outside = witnesses.filter((party) => !request.byParty.has(party));
        if (outside.length > 0)
          violations.push({
            clause: 'canton.model.witness-parties',
            path: `${path}.witnessParties`,
            expected: `parties among those requested (${requested.join(', ')})`,
            actual: witnesses,
          });
      }
      if (kind === 'CreatedEvent') this.createdStructure(event, path, request, witnesses, violations);
    }
    this.interfaceViews(events, request, judged, violations);
    // commandId: only a submitter's view, for a transaction the run submitted.
    const known = this.submissions.get(offset);
    if (known !== undefined) {
      judged.add('canton.semantics.command-id.submitters-only');
      // Canton shows the commandId when a submitter is among the parties the request names, and to every request whose
      // any-party filter holds a wildcard or a template filter (EventStorageBackendTemplate.submittersInQueryingParties:
      // no narrowing, and the submitters are stored for a submission made here). An any-party filter of interfaces only
      // may or may not speak for a submitter: either answer is accepted then.
      const submitter =
        known.actAs.some((party) => request.byParty.has(party)) || (request.anyParty !== undefined && surelyUnnarrowed(request.anyParty));
      const commandId = value['commandId'];
      const shownId = typeof commandId === 'string' && commandId !== '';
      const wrong =
        request.anyParty !== undefined && !submitter
          ? shownId && commandId !== known.commandId
          : submitter
            ? commandId !== known.commandId
            : shownId;
      if (wrong) {
        violations.push({
          clause: 'canton.semantics.command-id.submitters-only',
          path: `${base}.commandId`,
          expected: submitter
            ? `the submitted commandId ${known.commandId} (the request reads as a submitter)`
            : `no commandId: the request reads as none of the submitters (${known.actAs.join(', ')})`,
          actual: commandId,
        });
      }
      // The workflowId is stored with the transaction and shown to every reader, submitter or not
      // (EventStorageBackendTemplate.workflowId is read unfiltered; TransactionLogUpdatesConversions.toTransaction).
      const workflowId = value['workflowId'];
      const shownWorkflow = typeof workflowId === 'string' ? workflowId : '';
      if (shownWorkflow !== known.workflowId && (shownWorkflow !== '' || known.workflowId !== '')) {
        violations.push({
          clause: 'canton.model.event-kinds',
          path: `${base}.workflowId`,
          expected:
            known.workflowId === ''
              ? 'no workflowId (the submission had none)'
              : `the submitted workflowId ${show(known.workflowId)}, for every reader`,
          actual: workflowId,
        });
      }
      if (shownWorkflow !== '' || known.workflowId !== '') judged.add('canton.model.event-kinds');
      if (
        known.minLedgerTimeAbs !== undefined &&
        typeof value['effectiveAt'] === 'string' &&
        Date.parse(value['effectiveAt']) < known.minLedgerTimeAbs
      ) {
        violations.push({
          clause: 'canton.model.record-time-monotone',
          path: `${base}.effectiveAt`,
          expected: `a ledger time at or after the submission's minLedgerTimeAbs ${new Date(known.minLedgerTimeAbs).toISOString()}`,
          actual: value['effectiveAt'],
        });
      }
      this.ledgerTime(known, value['effectiveAt'], `${base}.effectiveAt`, judged, violations);
      if (known.nodes !== undefined && request.shape !== undefined)
        this.predicted(known.nodes, events, request, request.shape, judged, violations, value['effectiveAt']);
    }
    // Learn the contracts it shows (and the package names of the package ids it names).
    for (const [kind, event] of events) {
      this.packageName(event['templateId'], event['packageName']);
      const contractId = event['contractId'];
      if (typeof contractId !== 'string') continue;
      if (
        kind === 'CreatedEvent' &&
        request.verbose &&
        !this.contracts.has(contractId) &&
        typeof event['createArgument'] === 'object' &&
        event['createArgument'] !== null
      ) {
        this.contracts.set(contractId, {
          template: qualifiedName(event['templateId']),
          packageName: this.packageName(event['templateId'], event['packageName']),
          argument: event['createArgument'] as DamlRecord,
          signatories: strings(event['signatories']),
          observers: strings(event['observers']),
        });
      }
      const archived = kind === 'ArchivedEvent' || (kind === 'ExercisedEvent' && event['consuming'] === true);
      const contract = this.contracts.get(contractId);
      if (archived && contract !== undefined && contract.archivedAt === undefined) contract.archivedAt = known?.answeredAt ?? readAt;
    }
  }

  /**
   * Ledger time against the minimum the submission asked for: at least minLedgerTimeAbs, and at least minLedgerTimeRel after
   * the node took the submission. The node's clock is not the tool's: the run bounds their difference from transactions of
   * creates alone (their ledger time is the node's clock between send and answer), and judges the relative minimum only
   * once those bounds agree (a node on static time, whose clock does not run, leaves them crossed: nothing is judged).
   */
  private ledgerTime(known: KnownSubmission, effectiveAt: unknown, path: string, judged: Set<ClauseId>, violations: Violation[]): void {
    const at = typeof effectiveAt === 'string' ? nanosOf(effectiveAt) : undefined;
    if (at === undefined) return;
    const ms = Number(at / 1_000_000n);
    const wall = (time: number): number => performance.timeOrigin + time;
    if (known.plainCreates && !known.learnedClock) {
      known.learnedClock = true;
      const low = ms - wall(known.answeredAt);
      const high = ms - wall(known.sentAt);
      this.clockSkew =
        this.clockSkew === undefined
          ? { low, high }
          : { low: Math.max(this.clockSkew.low, low), high: Math.min(this.clockSkew.high, high) };
    }
    const skew = this.clockSkew;
    if (known.minLedgerTimeRelMs === undefined || known.minLedgerTimeRelMs <= 0 || skew === undefined || skew.low > skew.high) return;
    judged.add('canton.model.record-time-monotone');
    // A margin for the clocks' resolutions: the rule is about seconds.
    const least = wall(known.sentAt) + skew.low + known.minLedgerTimeRelMs - MINIMUM_LEDGER_TIME_MARGIN_MS;
    if (ms < least) {
      violations.push({
        clause: 'canton.model.record-time-monotone',
        path,
        expected: `a ledger time at least minLedgerTimeRel (${known.minLedgerTimeRelMs} ms) after the node took the submission: not before ${new Date(least).toISOString()} (the node's clock runs ${Math.round(skew.low)} ms or more ahead of the tool's, as the run's creates show)`,
        actual: effectiveAt,
      });
    }
  }

  /**
   * A created event's interfaceViews: a view only of an interface that a filter applying to the event asked a view of (the
   * filter of a witness party, or the any-party filter), and one of each such interface the template implements, whichever
   * of the witnesses asked. What a template implements and which id a filter's `#name` reference stands for are learned from
   * earlier answers (views shown, implementedInterfaces), never assumed.
   */
  private interfaceViews(
    events: readonly [string, Json, string][],
    request: ReadRequest,
    judged: Set<ClauseId>,
    violations: Violation[],
  ): void {
    const asked = (filter: unknown): string[] => {
      const cumulative = (filter as { cumulative?: unknown } | undefined)?.cumulative;
      if (!Array.isArray(cumulative)) return [];
      return cumulative.flatMap((entry) => {
        const value = (
          (entry as { identifierFilter?: Json } | undefined)?.identifierFilter?.['InterfaceFilter'] as { value?: Json } | undefined
        )?.value;
        return value?.['includeInterfaceView'] === true && typeof value['interfaceId'] === 'string' ? [value['interfaceId']] : [];
      });
    };
    for (const [kind, event, path] of events) {
      const templateId = event['templateId'];
      if (typeof templateId !== 'string' || kind !== 'CreatedEvent') continue;
      const witnesses = strings(event['witnessParties']);
      const refs = unique([
        ...[...request.byParty].filter(([party]) => witnesses.includes(party)).flatMap(([, filter]) => asked(filter)),
        ...(request.anyParty === undefined ? [] : asked(request.anyParty)),
      ]);
      const views = Array.isArray(event['interfaceViews']) ? (event['interfaceViews'] as Json[]) : [];
      const shown = views.map((view) => view?.['interfaceId']).filter((id): id is string => typeof id === 'string');
      // Judged with evidence only: a filter asked a view, or the answer shows one.
      if (refs.length > 0 || shown.length > 0) judged.add('canton.model.interface-views');
      const unasked = shown.find((id) => !refs.some((ref) => qualifiedName(ref) === qualifiedName(id)));
      if (unasked !== undefined)
        violations.push({
          clause: 'canton.model.interface-views',
          path: `${path}.interfaceViews`,
          expected: `views only of the interfaces the filters of the witnesses asked a view of (${refs.join(', ') || 'none'})`,
          actual: shown,
        });
      const implemented = this.implemented.get(templateId);
      for (const ref of refs) {
        const id = this.interfaceIds.get(ref) ?? (ref.startsWith('#') ? undefined : ref);
        if (id !== undefined && implemented?.has(id) === true && !shown.includes(id))
          violations.push({
            clause: 'canton.model.interface-views',
            path: `${path}.interfaceViews`,
            expected: `a view of ${id}: a witness's filter asked it (${ref}), and ${templateId} implements it (an earlier answer showed it)`,
            actual: shown,
          });
      }
    }
  }

  /**
   * Learns from a read which interfaces templates implement (the views it shows, the implementedInterfaces of exercises and
   * archives) and which interface id a filter's reference stands for (a view of the one interface of that name it asked).
   */
  private learnInterfaces(exchange: ObservedExchange): void {
    const descriptor = exchange.operation ?? matchEndpoint(exchange.api, exchange.method, exchange.path);
    if (descriptor !== 'update-by-offset' || exchange.response.status !== 200) return;
    const request = readRequestOf(exchange);
    let body: Json | undefined;
    try {
      body = parseJsonLossless(exchange.response.text) as Json;
    } catch {
      return;
    }
    const value = (body?.['update'] as Json | undefined)?.['Transaction'] as { value?: Json } | undefined;
    if (request === undefined || value?.value === undefined) return;
    const refs = unique(
      [...request.byParty.values(), request.anyParty].flatMap((filter) => {
        const cumulative = (filter as { cumulative?: unknown } | undefined)?.cumulative;
        return Array.isArray(cumulative)
          ? cumulative.flatMap((entry) => {
              const id = (
                (entry as { identifierFilter?: Json } | undefined)?.identifierFilter?.['InterfaceFilter'] as { value?: Json } | undefined
              )?.value?.['interfaceId'];
              return typeof id === 'string' ? [id] : [];
            })
          : [];
      }),
    );
    const implement = (templateId: unknown, id: string): void => {
      if (typeof templateId !== 'string') return;
      let set = this.implemented.get(templateId);
      if (set === undefined) this.implemented.set(templateId, (set = new Set()));
      set.add(id);
    };
    for (const [kind, event] of eventsOf(value.value, '')) {
      if (kind !== 'CreatedEvent') {
        for (const id of strings(event['implementedInterfaces'])) implement(event['templateId'], id);
        continue;
      }
      const views = Array.isArray(event['interfaceViews']) ? (event['interfaceViews'] as Json[]) : [];
      for (const id of views.map((view) => view?.['interfaceId']).filter((entry): entry is string => typeof entry === 'string')) {
        implement(event['templateId'], id);
        const named = refs.filter((ref) => qualifiedName(ref) === qualifiedName(id));
        if (named.length === 1 && !this.interfaceIds.has(named[0]!)) this.interfaceIds.set(named[0]!, id);
      }
    }
  }

  /** Lists that are sets on the ledger (stakeholders, witnesses, actors, interfaces) hold each member once. */
  private noDuplicates(kind: string, event: Json, path: string, judged: Set<ClauseId>, violations: Violation[]): void {
    const fields: [string, ClauseId][] = [
      ['witnessParties', 'canton.model.witness-parties'],
      ['signatories', 'canton.model.stakeholders'],
      ['observers', 'canton.model.stakeholders'],
      ['actingParties', 'canton.model.exercise'],
      ['implementedInterfaces', 'canton.model.event-kinds'],
    ];
    for (const [field, clause] of fields) {
      const list = event[field];
      if (!Array.isArray(list)) continue;
      judged.add(clause);
      const seen = new Set<string>();
      const twice = list.find((entry) => {
        const key = show(entry);
        if (seen.has(key)) return true;
        seen.add(key);
        return false;
      });
      if (twice !== undefined)
        violations.push({
          clause,
          path: `${path}.${field}`,
          expected: `each member once (${kind}.${field} is a set on the ledger)`,
          actual: list,
        });
    }
  }

  /**
   * Every ExercisedEvent of a choice the template rules know, in any transaction read (also one the run did not submit, and a
   * choice exercised in another choice's body): consuming as the choice is, actingParties its controllers on the contract's
   * argument (when the run knows the contract), and the result what the body returns: the id of the contract it created
   * (when that create is in the view, inside the exercise's node range), or unit {}.
   */
  private exercisedByRule(
    event: Json,
    path: string,
    events: readonly [string, Json, string][],
    judged: Set<ClauseId>,
    violations: Violation[],
  ): void {
    const template = qualifiedName(event['templateId']);
    if (event['interfaceId'] !== undefined && event['interfaceId'] !== null && event['interfaceId'] !== '') return;
    const packageName = this.packageName(event['templateId'], event['packageName']);
    const rule = choiceRule(packageName, template, event['choice']);
    if (rule === undefined) return;
    // Controllers are stated for the rules' own templates only (another package's Archive may name other controllers).
    const ownTemplate = templateRule(packageName, template) !== undefined;
    judged.add('canton.model.exercise');
    if (event['consuming'] !== rule.consuming)
      violations.push({
        clause: 'canton.model.exercise',
        path: `${path}.consuming`,
        expected: `${rule.consuming}, as ${template} ${String(event['choice'])} is`,
        actual: event['consuming'],
      });
    const contractId = event['contractId'];
    const contract = typeof contractId === 'string' ? this.contracts.get(contractId) : undefined;
    const choiceArgument = (
      typeof event['choiceArgument'] === 'object' && event['choiceArgument'] !== null ? event['choiceArgument'] : {}
    ) as DamlRecord;
    if (ownTemplate && contract !== undefined && contract.template === template) {
      const actors = unique(rule.controllers(contract.argument, choiceArgument, contract.signatories));
      if (setKey(strings(event['actingParties'])) !== setKey(actors))
        violations.push({
          clause: 'canton.model.exercise',
          path: `${path}.actingParties`,
          expected: `the controllers of ${template} ${String(event['choice'])} on the contract's argument: ${show(actors)}`,
          actual: event['actingParties'],
        });
    }
    const result = event['exerciseResult'];
    if (rule.result === 'unit') {
      if (typeof result !== 'object' || result === null || Array.isArray(result) || Object.keys(result).length > 0)
        violations.push({ clause: 'canton.model.exercise', path: `${path}.exerciseResult`, expected: 'unit {}', actual: result });
      return;
    }
    const nodeId = asNumber(event['nodeId']);
    const last = asNumber(event['lastDescendantNodeId']);
    const createdTemplate = rule.creates?.(contract?.argument ?? {}, choiceArgument)[0]?.template;
    if (nodeId === undefined || last === undefined || createdTemplate === undefined) return;
    const child = events.find(
      ([kind, other]) =>
        kind === 'CreatedEvent' &&
        qualifiedName(other['templateId']) === createdTemplate &&
        (asNumber(other['nodeId']) ?? -1) > nodeId &&
        (asNumber(other['nodeId']) ?? Infinity) <= last,
    );
    if (child !== undefined && result !== child[1]['contractId'])
      violations.push({
        clause: 'canton.model.exercise',
        path: `${path}.exerciseResult`,
        expected: `the id of the ${createdTemplate} its body created, ${show(child[1]['contractId'])} (${child[2]})`,
        actual: result,
      });
  }

  /**
   * The witnesses of an exercise shown as a root to readers who all read with a wildcard (so every node they are informees
   * of is shown, its ancestors too): its own informees only, the contract's signatories and the actors, and the contract's
   * observers only for a consuming choice. Judged for the packages whose choices declare no choice observers (the rules'
   * package and the suite's interfaces) on a contract the run saw created.
   */
  private rootExerciseWitnesses(
    event: Json,
    path: string,
    events: readonly [string, Json, string][],
    request: ReadRequest,
    judged: Set<ClauseId>,
    violations: Violation[],
  ): void {
    if (request.anyParty !== undefined || ![...request.byParty.values()].every((filter) => filterMatch(filter, undefined) === 'yes'))
      return;
    const packageName = this.packageName(event['templateId'], event['packageName']);
    if (packageName === undefined || !NO_CHOICE_OBSERVERS.has(packageName)) return;
    const contract = typeof event['contractId'] === 'string' ? this.contracts.get(event['contractId']) : undefined;
    const nodeId = asNumber(event['nodeId']);
    if (contract === undefined || nodeId === undefined) return;
    const nested = events.some(([kind, other]) => {
      const start = asNumber(other['nodeId']);
      const end = asNumber(other['lastDescendantNodeId']);
      return kind === 'ExercisedEvent' && start !== undefined && end !== undefined && start < nodeId && nodeId <= end;
    });
    if (nested) return;
    judged.add('canton.model.witness-parties');
    const consuming = event['consuming'] === true;
    const allowed = new Set([...contract.signatories, ...strings(event['actingParties']), ...(consuming ? contract.observers : [])]);
    const outside = strings(event['witnessParties']).filter((party) => !allowed.has(party));
    if (outside.length > 0)
      violations.push({
        clause: 'canton.model.witness-parties',
        path: `${path}.witnessParties`,
        expected: `the informees of this ${consuming ? 'consuming' : 'non-consuming'} exercise among the readers: the contract's signatories and the actors${consuming ? " and the contract's observers" : ' (not the observers)'}: ${show([...allowed])}`,
        actual: event['witnessParties'],
      });
  }

  /** A created event's stakeholders: from its template's expressions when the model knows it; never a signatory among observers. */
  private createdStructure(event: Json, path: string, request: ReadRequest, witnesses: string[], violations: Violation[]): void {
    const signatories = strings(event['signatories']);
    const observers = strings(event['observers']);
    const both = observers.filter((party) => signatories.includes(party));
    if (both.length > 0)
      violations.push({
        clause: 'canton.model.stakeholders',
        path: `${path}.observers`,
        expected: `no signatory among the observers (signatories ${signatories.join(', ')})`,
        actual: observers,
      });
    const template = qualifiedName(event['templateId']);
    const rule = request.verbose ? templateRule(this.packageName(event['templateId'], event['packageName']), template) : undefined;
    const argument = event['createArgument'];
    if (rule !== undefined && typeof argument === 'object' && argument !== null) {
      const expectedSignatories = unique(rule.signatories(argument as DamlRecord));
      const expectedObservers = unique(rule.observers(argument as DamlRecord)).filter((party) => !expectedSignatories.includes(party));
      if (setKey(signatories) !== setKey(expectedSignatories))
        violations.push({
          clause: 'canton.model.stakeholders',
          path: `${path}.signatories`,
          expected: `the signatories of ${template} on its argument: ${show(expectedSignatories)}`,
          actual: signatories,
        });
      if (setKey(observers) !== setKey(expectedObservers))
        violations.push({
          clause: 'canton.model.stakeholders',
          path: `${path}.observers`,
          expected: `the observers of ${template} on its argument, less its signatories: ${show(expectedObservers)}`,
          actual: observers,
        });
      if (request.shape === 'ACS_DELTA' && request.anyParty === undefined) {
        const stakeholders = [...expectedSignatories, ...expectedObservers];
        const outside = witnesses.filter((party) => !stakeholders.includes(party));
        if (outside.length > 0)
          violations.push({
            clause: 'canton.model.witness-parties',
            path: `${path}.witnessParties`,
            expected: `stakeholders only in the ACS delta (${stakeholders.join(', ')})`,
            actual: witnesses,
          });
      }
    }
  }

  /** The events of a transaction the run submitted, held against the nodes its commands produce. */
  private predicted(
    nodes: readonly ModelNode[],
    events: readonly [string, Json, string][],
    request: ReadRequest,
    shape: 'ACS_DELTA' | 'LEDGER_EFFECTS',
    judged: Set<ClauseId>,
    violations: Violation[],
    effectiveAt: unknown,
  ): void {
    judged.add('canton.model.event-kinds');
    // The nodes this shape shows at all: ACS delta shows creates not consumed in the transaction and consuming exercises
    // (as archives) of contracts created before it.
    const createdIds = new Map<number, string>();
    const shownNodes = nodes
      .map((node, index) => ({ node, index }))
      .filter(({ node }) => {
        if (shape === 'LEDGER_EFFECTS') return true;
        // A contract created here is never consumed in the same transaction (the model predicts no exercise of it).
        return node.kind === 'create' || node.consuming === true;
      });
    const expectedKind = (node: ModelNode): string =>
      node.kind === 'create' ? 'CreatedEvent' : shape === 'ACS_DELTA' ? 'ArchivedEvent' : 'ExercisedEvent';
    let cursor = 0;
    const matched = new Map<number, number>();
    for (const { node, index } of shownNodes) {
      const { required, must, allowed } = this.audience(nodes, index, request, shape);
      const event = events[cursor];
      // Without the node's informees the model cannot tell whether this reader sees it: a create is taken for this node
      // only if its template agrees and (verbose) no later create of that template is the one whose argument it carries;
      // otherwise the node is taken as unseen and skipped. An argument matching no create is still held to this node.
      const unknown = allowed === undefined;
      const argumentOf = (other: ModelNode): boolean =>
        other.argument !== undefined && damlEqual(other.argument, event?.[1]['createArgument'], other.sets);
      const laterOwns = (): boolean =>
        shownNodes.some(
          (other) => other.index > index && other.node.kind === 'create' && other.node.template === node.template && argumentOf(other.node),
        );
      const agrees =
        !unknown ||
        node.kind !== 'create' ||
        (event !== undefined &&
          qualifiedName(event[1]['templateId']) === node.template &&
          (!request.verbose || node.argument === undefined || argumentOf(node) || !laterOwns()));
      const fits =
        event !== undefined &&
        event[0] === expectedKind(node) &&
        (node.kind === 'create' || event[1]['contractId'] === node.contractId) &&
        agrees;
      const never = allowed !== undefined && allowed.size === 0;
      if (fits && !never) {
        matched.set(index, cursor);
        cursor++;
        this.matchedEvent(node, event, required, allowed, judged, violations, request.verbose, effectiveAt);
        // The id a choice returns is held against this event only when the match is sure (known informees, or the
        // argument compared): two creates of one template with unknown informees are otherwise told apart by position.
        const sure = !unknown || (request.verbose && node.argument !== undefined);
        if (node.kind === 'create' && sure && typeof event[1]['contractId'] === 'string') createdIds.set(index, event[1]['contractId']);
      } else if (must) {
        violations.push({
          clause: 'canton.model.event-kinds',
          path:
            event === undefined
              ? `${events[0]?.[2].replace(/\.events\[\d+\].*/, '') ?? '$.update.Transaction.value'}.events[${cursor}]`
              : `${event[2]}`,
          expected: `a ${expectedKind(node)}${node.template ? ` of ${node.template}` : ''}${node.contractId ? ` on ${node.contractId}` : ''} (node ${index} of the submitted commands), witnessed by ${[...required].join(', ')}`,
          actual: event === undefined ? 'no further event' : `${event[0]} ${show(event[1]['contractId'])}`,
        });
        return;
      }
    }
    if (cursor < events.length) {
      const [kind, payload, path] = events[cursor]!;
      violations.push({
        clause: 'canton.model.event-kinds',
        path,
        expected: 'no further event: the submitted commands produce none more that these parties see',
        actual: `${kind} ${show(payload['contractId'])}`,
      });
      return;
    }
    // Exercise results and node ranges, once every event is placed.
    for (const [index, position] of matched) {
      const node = nodes[index]!;
      if (node.kind !== 'exercise' || shape !== 'LEDGER_EFFECTS') continue;
      const [, event, path] = events[position]!;
      judged.add('canton.model.exercise');
      // Canton writes Unit as `{}` (facts canton-json-api: Unit); the result of an exercise is always there.
      const result = event['exerciseResult'];
      if (
        node.result === 'unit' &&
        (typeof result !== 'object' || result === null || Array.isArray(result) || Object.keys(result).length > 0)
      ) {
        violations.push({
          clause: 'canton.model.exercise',
          path: `${path}.exerciseResult`,
          expected: 'unit {}',
          actual: event['exerciseResult'],
        });
      }
      const firstChild = nodes.findIndex((candidate) => candidate.parent === index && candidate.kind === 'create');
      const childId = firstChild === -1 ? undefined : createdIds.get(firstChild);
      if (node.result === 'created-contract-id' && childId !== undefined && event['exerciseResult'] !== childId) {
        violations.push({
          clause: 'canton.model.exercise',
          path: `${path}.exerciseResult`,
          expected: `the id of the contract its body created, ${childId}`,
          actual: event['exerciseResult'],
        });
      }
      const nodeId = asNumber(event['nodeId']);
      const last = asNumber(event['lastDescendantNodeId']);
      if (nodeId === undefined || last === undefined) continue;
      for (const [other, otherPosition] of matched) {
        const otherId = asNumber(events[otherPosition]![1]['nodeId']);
        if (otherId === undefined || other === index) continue;
        const descendant = other > index && other <= node.lastDescendant;
        const inside = otherId > nodeId && otherId <= last;
        if (descendant !== inside) {
          violations.push({
            clause: 'canton.model.node-ids',
            path: `${path}.lastDescendantNodeId`,
            expected: `a range [${nodeId}, lastDescendantNodeId] that ${descendant ? 'holds' : 'leaves out'} node ${otherId} (${descendant ? 'created by this choice' : 'not a consequence of it'})`,
            actual: last,
          });
          break;
        }
      }
    }
  }

  /** One event placed on a predicted node: its witnesses, and what the model knows of its fields. */
  private matchedEvent(
    node: ModelNode,
    [kind, event, path]: [string, Json, string],
    required: Set<string>,
    allowed: Set<string> | undefined,
    judged: Set<ClauseId>,
    violations: Violation[],
    verbose: boolean,
    effectiveAt: unknown,
  ): void {
    const witnesses = strings(event['witnessParties']);
    const missing = [...required].filter((party) => !witnesses.includes(party));
    const extra = allowed === undefined ? [] : witnesses.filter((party) => !allowed.has(party));
    if (missing.length > 0 || extra.length > 0) {
      violations.push({
        clause: 'canton.model.witness-parties',
        path: `${path}.witnessParties`,
        expected: `the requesting parties among the node's informees: at least ${show([...required])}${allowed === undefined ? '' : `, at most ${show([...allowed])}`}`,
        actual: witnesses,
      });
    }
    if (qualifiedName(event['templateId']) !== node.template) {
      violations.push({
        clause: 'canton.model.event-kinds',
        path: `${path}.templateId`,
        expected: `a template ${node.template ?? '?'}`,
        actual: event['templateId'],
      });
    }
    if (kind === 'CreatedEvent') {
      // createdAt is the ledger effective time of the creating transaction (spec: CreatedEvent.createdAt); compared by
      // instant, as Canton drops trailing fraction zeros.
      const timed = typeof effectiveAt === 'string' && typeof event['createdAt'] === 'string';
      const named = node.packageName !== undefined && typeof event['packageName'] === 'string';
      if (timed || named || (node.argument !== undefined && verbose)) judged.add('canton.model.create-argument');
      if (timed && !damlEqual(effectiveAt, event['createdAt'])) {
        violations.push({
          clause: 'canton.model.create-argument',
          path: `${path}.createdAt`,
          expected: `the transaction's effectiveAt ${effectiveAt}`,
          actual: event['createdAt'],
        });
      }
      // packageName is the package of the template the command named (by #package-name, or learned for its package id).
      if (named && event['packageName'] !== node.packageName) {
        violations.push({
          clause: 'canton.model.create-argument',
          path: `${path}.packageName`,
          expected: `the package of the template the command named, ${node.packageName}`,
          actual: event['packageName'],
        });
      }
      if (node.argument !== undefined && verbose && !damlEqual(node.argument, event['createArgument'], node.sets)) {
        violations.push({
          clause: 'canton.model.create-argument',
          path: `${path}.createArgument`,
          expected: show(node.argument),
          actual: event['createArgument'],
        });
      }
      if (node.signatories !== undefined && setKey(strings(event['signatories'])) !== setKey(node.signatories)) {
        violations.push({
          clause: 'canton.model.stakeholders',
          path: `${path}.signatories`,
          expected: show(node.signatories),
          actual: event['signatories'],
        });
      }
      if (node.observers !== undefined && setKey(strings(event['observers'])) !== setKey(node.observers)) {
        violations.push({
          clause: 'canton.model.stakeholders',
          path: `${path}.observers`,
          expected: show(node.observers),
          actual: event['observers'],
        });
      }
    } else if (kind === 'ExercisedEvent') {
      if (event['choice'] !== node.choice)
        violations.push({ clause: 'canton.model.exercise', path: `${path}.choice`, expected: show(node.choice), actual: event['choice'] });
      if (event['consuming'] !== node.consuming)
        violations.push({
          clause: 'canton.model.exercise',
          path: `${path}.consuming`,
          expected: show(node.consuming),
          actual: event['consuming'],
        });
      if (node.actors !== undefined && setKey(strings(event['actingParties'])) !== setKey(node.actors)) {
        violations.push({
          clause: 'canton.model.exercise',
          path: `${path}.actingParties`,
          expected: `the choice's controllers ${show(node.actors)}`,
          actual: event['actingParties'],
        });
      }
      if (verbose && !damlEqual(node.choiceArgument, event['choiceArgument'] ?? {})) {
        violations.push({
          clause: 'canton.model.exercise',
          path: `${path}.choiceArgument`,
          expected: show(node.choiceArgument),
          actual: event['choiceArgument'],
        });
      }
    }
  }
}

/**
 * A model check as the registry lists it, registered the way the response checks are (`checks/response-checks.ts`):
 * its name, the check it asserts for, and `apply`, which holds a test's exchanges (in the order they were answered)
 * against the worker's models and learns from them; it returns whether it applied. The harness applies every one to
 * every exchange of every test after the response checks (canton profile: the models state what Canton does).
 */
export interface ModelCheck {
  id: string;
  check: CheckName;
  description: string;
  apply(
    model: LedgerModel,
    exchanges: readonly ObservedExchange[],
    context: ResponseCheckContext,
    classify: (exchange: ObservedExchange) => ClassifiedExchange | undefined,
  ): boolean;
}

export const MODEL_CHECKS: readonly ModelCheck[] = [
  {
    id: 'ledger-model',
    check: CHECK,
    description:
      "canton: every submit-and-wait and update-by-offset answer held against the ledger model built from the run's own submissions (offsets, update ids, record time, events, witnesses, stakeholders, arguments, exercises, node ids, archived contracts)",
    apply: (model, exchanges, context, classify) => model.apply(exchanges, context, classify),
  },
  {
    id: 'user-model',
    check: CHECK,
    description:
      "canton: every read of a user the run created held against the users model built from the run's own user writes (the record the last write answered, deleted users gone, rights granted less revoked; checks/user-model.ts)",
    apply: (model, exchanges, context) => {
      if (context.profile !== 'canton') return false;
      return model.users.applyAll(exchanges);
    },
  },
  {
    id: 'package-model',
    check: CHECK,
    description:
      "canton: every package list, validation and vetting upload held against the packages model built from the run's own uploads (uploaded packages listed, dependencies too, each once; validate stores nothing; an upload vets by default; checks/package-model.ts)",
    apply: (model, exchanges, context) => {
      if (context.profile !== 'canton') return false;
      return model.packages.applyAll(exchanges);
    },
  },
  {
    id: 'scan-model',
    check: CHECK,
    description:
      'canton: every scan read held against the scan model built from the earlier reads (rounds never go back, a closed round keeps its figure, the total never decreases and is at least the sum of the rounds it includes, the open round not below the closed one; checks/scan-model.ts)',
    apply: (model, exchanges, context) => {
      if (context.profile !== 'canton') return false;
      return model.scan.applyAll(exchanges);
    },
  },
];

/**
 * Applies the model checks to a test's exchanges (after its response checks): returns the checks that applied. The model
 * is the worker's, so what earlier tests submitted is known.
 */
export function applyModelChecks(
  model: LedgerModel,
  exchanges: readonly ObservedExchange[],
  context: ResponseCheckContext,
  enabled: (check: CheckName) => boolean,
  classify: (exchange: ObservedExchange) => ClassifiedExchange | undefined,
  checks: readonly ModelCheck[] = MODEL_CHECKS,
): Set<CheckName> {
  const applied = new Set<CheckName>();
  for (const entry of checks) {
    if (enabled(entry.check) && entry.apply(model, exchanges, context, classify)) applied.add(entry.check);
  }
  return applied;
}
