/**
 * Building blocks of the stateful flows: submit a command as a fixture user, and read an update back
 * with a chosen filter and shape.
 *
 * A helper that asserts credits a fixed clause for what it checks (a create accepted, a write visible at its
 * completion offset), so a test that uses it declares those clauses too (`CREATED_IOU_CLAUSES`), and a
 * failure in a set-up step fails the clause the step checks, not the clause the test is about.
 */
import type { ClientResponse } from '../../client/http.js';
import { parseJsonLossless } from '../../specification/json.js';
import type { ConformanceContext } from '../../harness/library/conformance-test.js';
import { acceptedWith, positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { expectErrorCode, updateNotFoundDetails, type JsCantonErrorBody, expectError } from '../../checks/error-body.js';
import { sameUpdateAtOffset, writeVisible } from '../../checks/stateful.js';
import { expectValue } from '../../checks/values.js';
import { specConflict, type ConflictSide } from '../../checks/conflict.js';
import { errorCodeOf } from '../../checks/rejection.js';
import type { ClauseId } from '../../specification/clauses.js';
import { freshId } from '../../generators/index.js';

export type Shape = 'TRANSACTION_SHAPE_ACS_DELTA' | 'TRANSACTION_SHAPE_LEDGER_EFFECTS';

export interface Submitted {
  response: ClientResponse;
  updateId: string;
  completionOffset: number;
  commandId: string;
}

export type JsonObject = Record<string, unknown>;

/** What `createIouAndFindIt` asserts: the create is accepted and is the transaction at its completion offset. */
export const CREATED_IOU_CLAUSES: ClauseId[] = [
  'command.CreateCommand.fields-required',
  'submit-and-wait.summary.waits-for-result',
  'update.Transaction.variant',
];

/** What `expectUpdateNotFound` asserts besides the clause it is given (canton profile only). */
export const UPDATE_NOT_FOUND_CANTON_CLAUSES: ClauseId[] = [
  'canton.update-by-offset.update-not-found-404',
  'canton.update-by-offset.update-not-found-details',
];

/** Submits commands and expects them accepted (200), credited to `clauseId`; returns the completion. */
export async function submit(
  context: ConformanceContext,
  options: {
    user: string;
    actAs: string[];
    readAs?: string[];
    commands: unknown[];
    commandId?: string;
    clauseId: ClauseId;
    extra?: JsonObject;
    /** Extra request headers (e.g. a W3C `traceparent`). */
    headers?: Record<string, string>;
  },
): Promise<Submitted> {
  const commandId = options.commandId ?? freshId('flow');
  const response = await context.send({
    endpoint: 'submit-and-wait',
    user: options.user,
    ...(options.headers ? { headers: options.headers } : {}),
    body: {
      commands: options.commands,
      commandId,
      actAs: options.actAs,
      ...(options.readAs ? { readAs: options.readAs } : {}),
      ...(options.extra ?? {}),
    },
  });
  acceptedWith(response, 200, options.clauseId);
  const body = parseJsonLossless(response.text) as { updateId: string; completionOffset: number | bigint };
  return { response, updateId: body.updateId, completionOffset: Number(body.completionOffset), commandId };
}

export function iouCreate(context: ConformanceContext, payer: string, owner: string, amount = '100.0', viewers: string[] = []): unknown {
  return {
    CreateCommand: {
      templateId: context.fixtures.templates.iou.templateId,
      createArguments: { payer, owner, amount: { value: amount, currency: 'USD' }, viewers },
    },
  };
}

export function wildcardFilter(includeCreatedEventBlob = false): JsonObject {
  return { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob } } } };
}

export function transactionFormat(parties: Record<string, JsonObject[]>, shape: Shape, verbose = true): JsonObject {
  return transactionFormatOf(
    Object.fromEntries(Object.entries(parties).map(([party, cumulative]) => [party, { cumulative }])),
    shape,
    verbose,
  );
}

/** The same, with each party's filter given whole (`{ cumulative: [...] }`). */
export function transactionFormatOf(filtersByParty: Record<string, JsonObject>, shape: Shape, verbose = true): JsonObject {
  return { includeTransactions: { eventFormat: { filtersByParty, verbose }, transactionShape: shape } };
}

export async function updateByOffset(
  context: ConformanceContext,
  user: string,
  offset: number,
  updateFormat: JsonObject,
): Promise<ClientResponse> {
  return context.send({ endpoint: 'update-by-offset', user, body: { offset, updateFormat } });
}

/** The transaction at `offset` as `party` sees it (a wildcard filter), in `shape`. */
export async function partyView(
  context: ConformanceContext,
  user: string,
  offset: number,
  party: string,
  shape: Shape,
): Promise<ClientResponse> {
  return updateByOffset(context, user, offset, transactionFormat({ [party]: [wildcardFilter()] }, shape));
}

export type TransactionEvent = [kind: string, payload: JsonObject];

/** The Transaction of an update-by-offset body, if it holds one (no assertion: for searches). */
export function transactionIn(body: unknown): { value: JsonObject; events: TransactionEvent[] } | undefined {
  const update = (body as { update?: Record<string, { value?: JsonObject }> } | undefined)?.update;
  if (update === undefined || update === null || !('Transaction' in update)) return undefined;
  const value = update.Transaction?.value ?? {};
  const events = ((value.events as JsonObject[] | undefined) ?? []).map((event): TransactionEvent => {
    const [kind, payload] = Object.entries(event)[0] ?? ['?', {}];
    return [kind, payload as JsonObject];
  });
  return { value, events };
}

/**
 * The Transaction a lookup is expected to find: the lookup is accepted (credited to `clauseId`, the rule
 * that says it finds something) and the update is a Transaction (credited to `variantClauseId`).
 */
export function transactionOf(
  response: ClientResponse,
  clauseId: ClauseId,
  variantClauseId: ClauseId = 'update.Transaction.variant',
): { value: JsonObject; events: TransactionEvent[] } {
  positiveDataAcceptance(response, clauseId);
  const body = parseJsonLossless(response.text) as { update?: Record<string, unknown> } | undefined;
  expectValue(variantClauseId, 'the update variant', Object.keys(body?.update ?? {}).join(', ') || undefined, 'Transaction', response);
  return transactionIn(body)!;
}

/** A `#package-name:Module:Entity` reference rewritten in the package-id format (`<packageId>:Module:Entity`). */
export const packageIdFormat = (templateId: string, packageId: string): string => templateId.replace(/^#[^:]+/, packageId);

/**
 * A lookup whose filter names its template or interface in the package-id format: the spec accepts it and
 * matches (`creates` of them expected), Canton 3.5 refuses it with 400 INVALID_FIELD (a conflict clause).
 */
export function judgePackageIdFilter(context: ConformanceContext, response: ClientResponse, creates: number, what: string): void {
  const body = response.status === 200 ? transactionIn(parseJsonLossless(response.text)) : undefined;
  const matched = body === undefined ? 0 : createdEvents(body.events).length;
  const side: ConflictSide =
    response.status === 200 && matched === creates
      ? 'spec'
      : response.status === 400 && errorCodeOf(response) === 'INVALID_FIELD'
        ? 'canton'
        : 'neither';
  const answer = `${response.status} ${response.contentType}: ${response.text.slice(0, 200)}`;
  specConflict(
    context,
    'identifier-filter.package-id-format.accepted',
    side,
    `answered a ${what} in the package-id format with ${answer}${response.status === 200 ? ` (${matched} creates matched, ${creates} expected)` : ''}`,
    response,
  );
}

export function createdEvents(events: TransactionEvent[]): JsonObject[] {
  return events.filter(([kind]) => kind === 'CreatedEvent').map(([, payload]) => payload);
}

export function eventKinds(events: TransactionEvent[]): string[] {
  return events.map(([kind]) => kind);
}

/** Creates an Iou as `bank` (payer) for `owner` and returns its contract id, read back from the ledger. */
export async function createIouAndFindIt(
  context: ConformanceContext,
  owner: string,
  viewers: string[] = [],
): Promise<{ submitted: Submitted; contractId: string; payer: string; bankUser: string }> {
  const payer = context.party('bank');
  const bankUser = context.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
  const submitted = await submit(context, {
    user: bankUser,
    actAs: [payer],
    commands: [iouCreate(context, payer, owner, '100.0', viewers)],
    clauseId: 'command.CreateCommand.fields-required',
  });
  const response = await partyView(context, bankUser, submitted.completionOffset, payer, 'TRANSACTION_SHAPE_ACS_DELTA');
  const { value, events } = transactionOf(response, 'submit-and-wait.summary.waits-for-result');
  sameUpdateAtOffset(
    'submit-and-wait.summary.waits-for-result',
    { updateId: submitted.updateId, offset: submitted.completionOffset },
    { updateId: value.updateId },
    response,
  );
  const created = createdEvents(events);
  writeVisible(
    'submit-and-wait.summary.waits-for-result',
    `created events of the Iou at offset ${submitted.completionOffset}`,
    created,
    1,
    response,
  );
  return { submitted, contractId: String(created[0]!.contractId), payer, bankUser };
}

/**
 * A lookup whose update is filtered out (or absent) answers UPDATE_NOT_FOUND: an error with the default
 * error body and that code, credited to `clauseId`; in the canton profile also 404 with Canton's cause and
 * the OFFSET resource.
 */
export function expectUpdateNotFound(
  context: ConformanceContext,
  response: ClientResponse,
  offset: number,
  clauseId: ClauseId,
): JsCantonErrorBody {
  const error = expectError(context, response, clauseId, {
    code: 'UPDATE_NOT_FOUND',
    cantonClauseId: 'canton.update-by-offset.update-not-found-404',
  });
  expectErrorCode(error, 'UPDATE_NOT_FOUND', clauseId, response);
  if (context.profile === 'canton') {
    statusCodeConformance(response, [404], 'canton.update-by-offset.update-not-found-404');
    updateNotFoundDetails(error, offset, response);
  }
  return error;
}

/**
 * The interface of the fixtures (one Iou implements), or a skip: Canton's own CantonExamples (Daml-LF 2.1)
 * declares no interface, so a node provisioned with it has none.
 */
export function assetInterface(context: ConformanceContext): NonNullable<ConformanceContext['fixtures']['templates']['assetInterface']> {
  const iface = context.fixtures.templates.assetInterface;
  if (iface === undefined) {
    return context.skip("the fixtures name no interface (templates.assetInterface); Canton's CantonExamples has none");
  }
  return iface;
}
