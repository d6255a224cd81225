/**
 * Building blocks of the stateful flows: submit a command as a fixture user, and read an update back
 * with a chosen filter and shape.
 */
import type { ClientResponse } from '../../client/http.js';
import { parseJsonLossless } from '../../specification/json.js';
import type { ConformanceContext } from '../../harness/conformance-test.js';
import { acceptedWith } from '../../checks/basic.js';
import { writeVisible } from '../../checks/stateful.js';
import { expectValue } from '../../checks/values.js';
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

/** Submits commands and expects success; returns the completion. */
export async function submit(
  ctx: ConformanceContext,
  options: {
    user: string;
    actAs: string[];
    readAs?: string[];
    commands: unknown[];
    commandId?: string;
    clauseId: ClauseId;
    extra?: JsonObject;
  },
): Promise<Submitted> {
  const commandId = options.commandId ?? freshId('flow');
  const response = await ctx.send({
    api: 'participant',
    method: 'POST',
    path: '/v2/commands/submit-and-wait',
    user: options.user,
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

export function iouCreate(ctx: ConformanceContext, payer: string, owner: string, amount = '100.0', viewers: string[] = []): unknown {
  return {
    CreateCommand: {
      templateId: ctx.fixtures.templates.iou.templateId,
      createArguments: { payer, owner, amount: { value: amount, currency: 'USD' }, viewers },
    },
  };
}

export function wildcardFilter(includeCreatedEventBlob = false): JsonObject {
  return { identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob } } } };
}

export function transactionFormat(parties: Record<string, JsonObject[]>, shape: Shape, verbose = true): JsonObject {
  return {
    includeTransactions: {
      eventFormat: {
        filtersByParty: Object.fromEntries(Object.entries(parties).map(([party, cumulative]) => [party, { cumulative }])),
        verbose,
      },
      transactionShape: shape,
    },
  };
}

export async function updateByOffset(
  ctx: ConformanceContext,
  user: string,
  offset: number,
  updateFormat: JsonObject,
): Promise<ClientResponse> {
  return ctx.send({ api: 'participant', method: 'POST', path: '/v2/updates/update-by-offset', user, body: { offset, updateFormat } });
}

/** The events of a Transaction update, each as `[kind, payload]` (`CreatedEvent`, `ArchivedEvent`, `ExercisedEvent`). */
export function transactionOf(response: ClientResponse, clauseId: ClauseId): { value: JsonObject; events: [string, JsonObject][] } {
  const body = parseJsonLossless(response.text) as { update?: Record<string, { value?: JsonObject }> };
  expectValue(clauseId, 'the update variant', Object.keys(body.update ?? {}).join(', ') || undefined, 'Transaction', response);
  const transaction = body.update!.Transaction!.value ?? {};
  const events = ((transaction.events as JsonObject[] | undefined) ?? []).map((event) => {
    const [kind, payload] = Object.entries(event)[0] ?? ['?', {}];
    return [kind, payload as JsonObject] as [string, JsonObject];
  });
  return { value: transaction, events };
}

export function createdEvents(events: [string, JsonObject][]): JsonObject[] {
  return events.filter(([kind]) => kind === 'CreatedEvent').map(([, payload]) => payload);
}

/** Creates an Iou as `bank` (payer) for `owner` and returns its contract id, read back from the ledger. */
export async function createIouAndFindIt(
  ctx: ConformanceContext,
  owner: string,
  clauseId: ClauseId,
  viewers: string[] = [],
): Promise<{ submitted: Submitted; contractId: string; payer: string; bankUser: string }> {
  const payer = ctx.party('bank');
  const bankUser = ctx.userWhere('can act as bank', (user) => user.rights.actAs.includes('bank')).id;
  const submitted = await submit(ctx, {
    user: bankUser,
    actAs: [payer],
    commands: [iouCreate(ctx, payer, owner, '100.0', viewers)],
    clauseId,
  });
  const response = await updateByOffset(
    ctx,
    bankUser,
    submitted.completionOffset,
    transactionFormat({ [payer]: [wildcardFilter()] }, 'TRANSACTION_SHAPE_ACS_DELTA'),
  );
  const created = createdEvents(transactionOf(response, clauseId).events);
  writeVisible(clauseId, `created events of the Iou at offset ${submitted.completionOffset}`, created, 1, response);
  return { submitted, contractId: String(created[0]!.contractId), payer, bankUser };
}

export function expectSameParties(actual: unknown, expected: string[]): boolean {
  return Array.isArray(actual) && actual.length === expected.length && expected.every((party) => actual.includes(party));
}
