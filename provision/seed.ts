/**
 * The ledger updates the read-only tests look up (`seededUpdates`), and the model's templates.
 *
 * - transactionOffset: a transaction creating the Iou of the fixtures, submitted by the bank's user.
 * - topologyOffset: the topology transaction of a party allocation, found by looking up the offsets of
 *   this run's allocations (or, when the parties existed already, the last offsets) for their events.
 * - checkpointOffset: an offset checkpoint in the same window, where the node serves one by offset.
 * An offset recorded by an earlier run is kept when it still holds what it should.
 *
 * Templates are found without writing: an update lookup filtered by a template (or interface) the node
 * does not know is answered 404, one it knows is not.
 */
import type { TargetClient } from '../client/http.js';
import { ProvisionError } from './provision-error.js';

/** How many offsets back the topology transaction of an existing party is looked for. */
const LOOK_BACK = 200;

type JsonObject = Record<string, unknown>;

export interface SeedContext {
  client: TargetClient;
  log: (line: string) => void;
}

function wildcard(parties: string[]): JsonObject {
  return Object.fromEntries(parties.map((party) => [party, { cumulative: [{ identifierFilter: { WildcardFilter: { value: {} } } }] }]));
}

function transactions(filtersByParty: JsonObject): JsonObject {
  return { includeTransactions: { eventFormat: { filtersByParty, verbose: true }, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' } };
}

function topology(parties: string[]): JsonObject {
  return { includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties } } };
}

/** The variant of the update at `offset` under `format` (as `user`), or the error code / status. */
async function updateKind(context: SeedContext, user: string, offset: number, format: JsonObject): Promise<string> {
  const response = await context.client.send({
    endpoint: 'update-by-offset',
    user,
    body: { offset, updateFormat: format },
  });
  if (response.status === 200) return Object.keys(response.json<{ update?: JsonObject }>().update ?? {})[0] ?? 'none';
  try {
    return response.json<{ code?: string }>().code ?? String(response.status);
  } catch {
    return String(response.status);
  }
}

export async function isTransactionVisible(
  context: SeedContext,
  user: string,
  parties: string[],
  offset: number | undefined,
): Promise<boolean> {
  return offset !== undefined && (await updateKind(context, user, offset, transactions(wildcard(parties)))) === 'Transaction';
}

export async function submitIou(
  context: SeedContext,
  user: string,
  payer: string,
  createArguments: JsonObject,
  templateId: string,
  prefix: string,
): Promise<number> {
  const response = await context.client.send({
    endpoint: 'submit-and-wait',
    user,
    body: {
      commands: [{ CreateCommand: { templateId, createArguments } }],
      commandId: `${prefix}-seed-iou-${Date.now()}`,
      actAs: [payer],
    },
  });
  if (response.status !== 200) {
    throw new ProvisionError(
      `seeding the Iou transaction (${templateId}) as ${user} failed: ${response.status} ${response.text.slice(0, 400)}\n` +
        '  check that the DAR given with --dar holds the CantonExamples templates',
    );
  }
  return Number(response.json<{ completionOffset: number }>().completionOffset);
}

/** The first offset in (from, to], newest first when `newestFirst`, whose update is of `kind` under `format`. */
async function find(
  context: SeedContext,
  user: string,
  from: number,
  to: number,
  kind: string,
  format: JsonObject,
  newestFirst: boolean,
): Promise<number | undefined> {
  const offsets = Array.from({ length: Math.max(0, to - from) }, (_, index) => from + 1 + index);
  if (newestFirst) offsets.reverse();
  for (const offset of offsets) if ((await updateKind(context, user, offset, format)) === kind) return offset;
  return undefined;
}

export async function findTopologyOffset(
  context: SeedContext,
  reader: { user: string; parties: string[] },
  window: { from: number; to: number },
  previous: number | undefined,
): Promise<number | undefined> {
  const format = topology(reader.parties);
  if (previous !== undefined && (await updateKind(context, reader.user, previous, format)) === 'TopologyTransaction') return previous;
  const inWindow =
    window.to > window.from ? await find(context, reader.user, window.from, window.to, 'TopologyTransaction', format, false) : undefined;
  return inWindow ?? (await find(context, reader.user, Math.max(0, window.to - LOOK_BACK), window.to, 'TopologyTransaction', format, true));
}

export async function findCheckpointOffset(
  context: SeedContext,
  reader: { user: string; parties: string[] },
  window: { from: number; to: number },
  previous: number | undefined,
): Promise<number | undefined> {
  const format = transactions(wildcard(reader.parties));
  if (previous !== undefined && (await updateKind(context, reader.user, previous, format)) === 'OffsetCheckpoint') return previous;
  return find(context, reader.user, Math.max(0, window.from), window.to, 'OffsetCheckpoint', format, false);
}

/** Whether the node knows a template (or interface) id: a lookup filtered by it is not answered 404. */
export async function knowsIdentifier(
  context: SeedContext,
  user: string,
  party: string,
  offset: number,
  id: string,
  isInterface: boolean,
): Promise<boolean> {
  const identifierFilter = isInterface
    ? { InterfaceFilter: { value: { interfaceId: id, includeInterfaceView: true } } }
    : { TemplateFilter: { value: { templateId: id } } };
  const code = await updateKind(context, user, offset, transactions({ [party]: { cumulative: [{ identifierFilter }] } }));
  return ![
    'TEMPLATES_OR_INTERFACES_NOT_FOUND',
    'PACKAGE_NAMES_NOT_FOUND',
    'NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME',
    'NO_INTERFACE_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME',
    'PACKAGE_NOT_FOUND',
    '404',
  ].includes(code);
}
