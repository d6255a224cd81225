/**
 * The updates the fixtures say are already on the ledger (`seededUpdates`): topology transactions,
 * a reassignment and an offset checkpoint, looked up by offset and rendered as the spec shows them.
 * Read-only: nothing here writes to the ledger.
 */
import type { ClientResponse } from '../../client/http.js';
import type { Fixtures, UserFixture } from '../../config/types.js';
import { notAServerError } from '../../checks/basic.js';
import { errorBodyConformance } from '../../checks/error-body.js';
import { responseSchemaConformance } from '../../checks/schema.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import { transactionFormat, updateByOffset, wildcardFilter, type JsonObject } from './support.js';

type SeededKind = keyof Fixtures['seededUpdates'];

const PERMISSIONS = [
  'PARTICIPANT_PERMISSION_UNSPECIFIED',
  'PARTICIPANT_PERMISSION_SUBMISSION',
  'PARTICIPANT_PERMISSION_CONFIRMATION',
  'PARTICIPANT_PERMISSION_OBSERVATION',
];
const TOPOLOGY_KEYS = [
  'Empty',
  'ParticipantAuthorizationAdded',
  'ParticipantAuthorizationChanged',
  'ParticipantAuthorizationOnboarding',
  'ParticipantAuthorizationRevoked',
];
/** How many offsets after `topologyOffset` the multi-hosted party's topology is looked for. */
const TOPOLOGY_WINDOW = 16;

function seededOffset(ctx: ConformanceContext, kind: SeededKind): number {
  const offset = ctx.fixtures.seededUpdates[kind];
  if (offset === undefined) ctx.skip(`the fixtures name no seeded ${kind.replace(/Offset$/, '')} offset (seededUpdates.${kind})`);
  return offset;
}

const canRead = (user: UserFixture, alias: string): boolean => user.rights.actAs.includes(alias) || user.rights.readAs.includes(alias);

/** Non-external fixture parties hosted on this participant. */
function localAliases(ctx: ConformanceContext): string[] {
  return ctx.fixtures.parties
    .filter(
      (party) =>
        !party.external && (!party.hostedOn || party.hostedOn.some((hosting) => hosting.participantId === ctx.fixtures.participantId)),
    )
    .map((party) => party.alias);
}

/** A user reading at least one of `aliases`, and the aliases it reads. */
function readerOf(ctx: ConformanceContext, aliases: string[], description: string): { user: string; aliases: string[] } {
  const user = ctx.userWhere(description, (candidate) => aliases.some((alias) => canRead(candidate, alias)));
  return { user: user.id, aliases: aliases.filter((alias) => canRead(user, alias)) };
}

function topologyFormat(parties: string[]): JsonObject {
  return { includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties } } };
}

/** The single variant of `{update: {...}}`, after the response matched GetUpdateResponse. */
function variantOf(ctx: ConformanceContext, response: ClientResponse, clauseId: string): [string, JsonObject] {
  expectThat(
    response.status === 200,
    'positive_data_acceptance',
    clauseId,
    `expected the seeded update, got ${response.status}: ${response.text.slice(0, 300)}`,
    response,
  );
  const body = responseSchemaConformance(ctx.validators, response, 'GetUpdateResponse', clauseId) as {
    update?: Record<string, { value?: JsonObject }>;
  };
  const keys = Object.keys(body.update ?? {});
  expectThat(
    keys.length === 1,
    'response_schema_conformance',
    'update.exactly-one-variant',
    `the update has ${keys.length} variants (${keys.join(', ')})`,
    response,
  );
  const key = keys[0]!;
  return [key, body.update![key]!.value ?? {}];
}

function expectNonEmptyString(value: unknown, clauseId: string, what: string, response: ClientResponse): void {
  expectThat(
    typeof value === 'string' && value.length > 0,
    'response_schema_conformance',
    clauseId,
    `${what} must be a non-empty string, got ${JSON.stringify(value)}`,
    response,
  );
}

interface TopologyEventValue {
  kind: string;
  partyId?: string;
  participantId?: string;
  participantPermission?: string;
}

/** Checks one topology event against the spec's table and returns it flattened. */
function checkTopologyEvent(event: JsonObject, response: ClientResponse): TopologyEventValue {
  const wrapper = event.event as JsonObject | undefined;
  const keys = Object.keys(wrapper ?? {});
  expectThat(
    keys.length === 1,
    'response_schema_conformance',
    'topology-event.exactly-one-key',
    `a topology event has ${keys.length} keys: ${JSON.stringify(event)}`,
    response,
  );
  const kind = keys[0]!;
  expectThat(
    TOPOLOGY_KEYS.includes(kind),
    'response_schema_conformance',
    'topology-event.allowed-keys',
    `unknown topology event ${kind}`,
    response,
  );
  if (kind === 'Empty') return { kind };
  const value = (wrapper![kind] as { value?: Record<string, unknown> }).value ?? {};
  const shapeClause = `topology-event.${kind}.shape`;
  expectNonEmptyString(value.partyId, shapeClause, `${kind}.partyId`, response);
  expectNonEmptyString(value.participantId, shapeClause, `${kind}.participantId`, response);
  if (kind === 'ParticipantAuthorizationRevoked')
    return { kind, partyId: String(value.partyId), participantId: String(value.participantId) };
  expectThat(
    typeof value.participantPermission === 'string',
    'response_schema_conformance',
    'topology-event.fields.required-strings',
    `${kind}.participantPermission must be a string, got ${JSON.stringify(value.participantPermission)}`,
    response,
  );
  expectThat(
    PERMISSIONS.includes(value.participantPermission),
    'response_schema_conformance',
    'topology-event.participantPermission.allowed-values',
    `participantPermission ${value.participantPermission} is not an allowed value`,
    response,
  );
  return {
    kind,
    partyId: String(value.partyId),
    participantId: String(value.participantId),
    participantPermission: value.participantPermission,
  };
}

function checkTopologyTransaction(value: JsonObject, offset: number, response: ClientResponse): TopologyEventValue[] {
  expectNonEmptyString(value.updateId, 'topology-transaction.updateId.required', 'updateId', response);
  expectThat(
    Number(value.offset) === offset && offset > 0,
    'stateful_consistency',
    'topology-transaction.offset.positive',
    `the topology transaction looked up at offset ${offset} says offset ${String(value.offset)}`,
    response,
  );
  expectNonEmptyString(value.synchronizerId, 'topology-transaction.synchronizerId.required', 'synchronizerId', response);
  expectNonEmptyString(value.recordTime, 'topology-transaction.recordTime.required', 'recordTime', response);
  const events = value.events as JsonObject[] | undefined;
  expectThat(
    Array.isArray(events) && events.length > 0,
    'response_schema_conformance',
    'topology-transaction.events.non-empty',
    'the topology transaction has no events',
    response,
  );
  return events.map((event) => checkTopologyEvent(event, response));
}

/** The Iou fixture's payer and owner: the stakeholders of the seeded (reassigned) Iou. */
function iouStakeholders(ctx: ConformanceContext): string[] {
  const args = ctx.fixtures.templates.iou.createArguments;
  return [args.payer, args.owner].filter((party): party is string => typeof party === 'string');
}

function aliasOf(ctx: ConformanceContext, partyId: string): string | undefined {
  return ctx.fixtures.parties.find((party) => party.id === partyId)?.alias;
}

conformanceSuite('flows / seeded updates', () => {
  conformanceTest(
    {
      name: 'a topology transaction, asked for with includeTopologyEvents, is rendered as the spec shows it',
      endpoint: 'update-by-offset',
      clauses: [
        'update.TopologyTransaction.shape',
        'update.exactly-one-variant',
        'update.allowed-variants',
        'update-format.includeTopologyEvents.optional',
        'update-format.includeTransactions.optional',
        'update-format.includeReassignments.optional',
        'update-format.includeTopologyEvents.shape',
        'topology-transaction.updateId.required',
        'topology-transaction.offset.positive',
        'topology-transaction.synchronizerId.required',
        'topology-transaction.recordTime.required',
        'topology-transaction.events.non-empty',
        'topology-transaction.traceContext.optional',
        'topology-event.exactly-one-key',
        'topology-event.allowed-keys',
        'topology-event.ParticipantAuthorizationAdded.shape',
        'topology-event.fields.required-strings',
        'topology-event.participantPermission.allowed-values',
        'state.participant-permission.values',
        'events.update-records',
        'events.lookup-one-by-offset',
        'update-by-offset.offset.required',
        'update-by-offset.offset.int64',
        'update-by-offset.offset.positive',
      ],
      checks: ['positive_data_acceptance', 'response_schema_conformance', 'stateful_consistency'],
    },
    async (ctx) => {
      const offset = seededOffset(ctx, 'topologyOffset');
      const reader = readerOf(ctx, localAliases(ctx), 'can read a party hosted on this participant');
      const parties = reader.aliases.map((alias) => ctx.party(alias));
      const response = await updateByOffset(ctx, reader.user, offset, topologyFormat(parties));
      const [variant, value] = variantOf(ctx, response, 'update.TopologyTransaction.shape');
      expectThat(
        variant === 'TopologyTransaction',
        'stateful_consistency',
        'update.TopologyTransaction.shape',
        `the seeded topology offset ${offset} holds a ${variant}, not a TopologyTransaction`,
        response,
      );
      checkTopologyTransaction(value, offset, response);
    },
  );

  conformanceTest(
    {
      name: 'the same topology offset without includeTopologyEvents is UPDATE_NOT_FOUND',
      endpoint: 'update-by-offset',
      clauses: [
        'update-by-offset.update-not-found.all-filtered',
        'update-format.includeTopologyEvents.optional',
        'canton.update-by-offset.update-not-found-404',
      ],
      checks: ['error_body_conformance', 'stateful_consistency'],
    },
    async (ctx) => {
      const offset = seededOffset(ctx, 'topologyOffset');
      const reader = readerOf(ctx, localAliases(ctx), 'can read a party hosted on this participant');
      const filters = Object.fromEntries(reader.aliases.map((alias) => [ctx.party(alias), [wildcardFilter()]]));
      const response = await updateByOffset(ctx, reader.user, offset, transactionFormat(filters, 'TRANSACTION_SHAPE_ACS_DELTA'));
      const error = errorBodyConformance(ctx, response, 'update-by-offset.update-not-found.all-filtered', {
        code: 'UPDATE_NOT_FOUND',
        cantonClauseId: 'canton.update-by-offset.update-not-found-404',
      });
      expectThat(
        error.code === 'UPDATE_NOT_FOUND',
        'stateful_consistency',
        'update-by-offset.update-not-found.all-filtered',
        `a topology transaction asked for with transactions only must be filtered out (UPDATE_NOT_FOUND), got ${error.code}`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'a reassignment is rendered with its unassigned event for a stakeholder, and hidden from others',
      endpoint: 'update-by-offset',
      clauses: [
        'update.Reassignment.variant',
        'update-format.includeReassignments.optional',
        'reassignment.recordTime.required',
        'reassignment.synchronizerId.required',
        'reassignment.traceContext.optional',
        'reassignment.paidTrafficCost.optional-int64',
        'unassigned-event.value-wrapper',
        'unassigned-event.reassignmentId.required',
        'unassigned-event.contractId.required',
        'unassigned-event.templateId.package-id-format',
        'unassigned-event.source.required',
        'unassigned-event.target.required',
        'unassigned-event.submitter.optional',
        'unassigned-event.reassignmentCounter.required-int64',
        'unassigned-event.assignmentExclusivity.optional',
        'unassigned-event.witnessParties.non-empty',
        'unassigned-event.packageName.required',
        'unassigned-event.offset.positive',
        'unassigned-event.nodeId.non-negative',
        'update-by-offset.update-not-found.all-filtered',
      ],
      checks: ['positive_data_acceptance', 'response_schema_conformance', 'stateful_consistency', 'error_body_conformance'],
      requires: ['reassignmentFixture'],
    },
    async (ctx) => {
      const offset = seededOffset(ctx, 'reassignmentOffset');
      const stakeholders = iouStakeholders(ctx)
        .map((party) => aliasOf(ctx, party))
        .filter((alias): alias is string => alias !== undefined);
      const reader = readerOf(ctx, stakeholders, 'can read a stakeholder of the Iou fixture (templates.iou payer or owner)');
      const filter = (aliases: string[]): JsonObject => ({
        includeReassignments: {
          filtersByParty: Object.fromEntries(aliases.map((alias) => [ctx.party(alias), { cumulative: [wildcardFilter()] }])),
          verbose: true,
        },
      });
      const response = await updateByOffset(ctx, reader.user, offset, filter(reader.aliases));
      const [variant, value] = variantOf(ctx, response, 'update.Reassignment.variant');
      expectThat(
        variant === 'Reassignment',
        'stateful_consistency',
        'update.Reassignment.variant',
        `the seeded reassignment offset ${offset} holds a ${variant}`,
        response,
      );
      expectNonEmptyString(value.recordTime, 'reassignment.recordTime.required', 'recordTime', response);
      expectNonEmptyString(value.synchronizerId, 'reassignment.synchronizerId.required', 'synchronizerId', response);
      const events = Object.values(value).find(
        (field): field is JsonObject[] =>
          Array.isArray(field) && field.some((entry) => typeof entry === 'object' && entry !== null && 'JsUnassignedEvent' in entry),
      );
      expectThat(
        events !== undefined,
        'stateful_consistency',
        'unassigned-event.value-wrapper',
        'the reassignment carries no JsUnassignedEvent (the seeded reassignment is an unassignment)',
        response,
      );
      const unassigned = events
        .filter((entry) => 'JsUnassignedEvent' in entry)
        .map((entry) => (entry.JsUnassignedEvent as { value: JsonObject }).value);
      const readParties = reader.aliases.map((alias) => ctx.party(alias));
      for (const event of unassigned) {
        expectThat(
          Number(event.reassignmentCounter) >= 1,
          'stateful_consistency',
          'unassigned-event.reassignmentCounter.required-int64',
          `an unassignment's reassignmentCounter must be at least 1 (creation is 0), got ${String(event.reassignmentCounter)}`,
          response,
        );
        const witnesses = event.witnessParties as string[];
        expectThat(
          witnesses.length > 0,
          'response_schema_conformance',
          'unassigned-event.witnessParties.non-empty',
          'witnessParties is empty',
          response,
        );
        expectThat(
          Number(event.offset) === offset,
          'stateful_consistency',
          'unassigned-event.offset.positive',
          `the unassigned event looked up at offset ${offset} says offset ${String(event.offset)}`,
          response,
        );
        expectThat(
          Number(event.nodeId) >= 0,
          'response_schema_conformance',
          'unassigned-event.nodeId.non-negative',
          `nodeId ${String(event.nodeId)} is negative`,
          response,
        );
        expectNonEmptyString(event.source, 'unassigned-event.source.required', 'source', response);
        expectNonEmptyString(event.target, 'unassigned-event.target.required', 'target', response);
        expectThat(
          event.source !== event.target,
          'stateful_consistency',
          'unassigned-event.target.required',
          `an unassignment moves a contract elsewhere, but source = target = ${String(event.source)}`,
          response,
        );
        const templateParts = String(event.templateId).split(':');
        expectThat(
          !String(event.templateId).startsWith('#') && templateParts.length === 3 && templateParts.every((part) => part.length > 0),
          'response_schema_conformance',
          'unassigned-event.templateId.package-id-format',
          `templateId ${String(event.templateId)} is not in package-id format <packageId>:<module>:<entity>`,
          response,
        );
        expectNonEmptyString(event.reassignmentId, 'unassigned-event.reassignmentId.required', 'reassignmentId', response);
        expectNonEmptyString(event.contractId, 'unassigned-event.contractId.required', 'contractId', response);
        expectNonEmptyString(event.packageName, 'unassigned-event.packageName.required', 'packageName', response);
      }
      const witnesses = new Set(unassigned.flatMap((event) => event.witnessParties as string[]));
      expectThat(
        readParties.some((party) => witnesses.has(party)),
        'stateful_consistency',
        'unassigned-event.witnessParties.non-empty',
        `the stakeholder filter parties (${readParties.join(', ')}) are not among the witnesses ${[...witnesses].join(', ')}`,
        response,
      );

      const outsiders = localAliases(ctx).filter(
        (alias) => !iouStakeholders(ctx).includes(ctx.party(alias)) && !witnesses.has(ctx.party(alias)),
      );
      const outsider = readerOf(ctx, outsiders, 'can read a party that is no stakeholder of the Iou fixture');
      const hidden = await updateByOffset(ctx, outsider.user, offset, filter(outsider.aliases));
      const error = errorBodyConformance(ctx, hidden, 'update-by-offset.update-not-found.all-filtered', {
        code: 'UPDATE_NOT_FOUND',
        cantonClauseId: 'canton.update-by-offset.update-not-found-404',
      });
      expectThat(
        error.code === 'UPDATE_NOT_FOUND',
        'stateful_consistency',
        'update-by-offset.update-not-found.all-filtered',
        `the reassignment must be hidden from non-stakeholders (${outsider.aliases.join(', ')}): UPDATE_NOT_FOUND, got ${error.code}`,
        hidden,
      );
    },
  );

  conformanceTest(
    {
      name: 'an offset checkpoint is rendered with its offset and synchronizer times',
      endpoint: 'update-by-offset',
      clauses: ['update.OffsetCheckpoint.shape', 'update.allowed-variants', 'events.update-records'],
      checks: ['positive_data_acceptance', 'response_schema_conformance', 'stateful_consistency'],
    },
    async (ctx) => {
      const offset = seededOffset(ctx, 'checkpointOffset');
      const reader = readerOf(ctx, localAliases(ctx), 'can read a party hosted on this participant');
      const filters = Object.fromEntries(reader.aliases.map((alias) => [ctx.party(alias), [wildcardFilter()]]));
      const response = await updateByOffset(ctx, reader.user, offset, transactionFormat(filters, 'TRANSACTION_SHAPE_ACS_DELTA'));
      const [variant, value] = variantOf(ctx, response, 'update.OffsetCheckpoint.shape');
      expectThat(
        variant === 'OffsetCheckpoint',
        'stateful_consistency',
        'update.OffsetCheckpoint.shape',
        `the seeded checkpoint offset ${offset} holds a ${variant}`,
        response,
      );
      expectThat(
        Number(value.offset) === offset,
        'stateful_consistency',
        'update.OffsetCheckpoint.shape',
        `the checkpoint looked up at offset ${offset} says ${String(value.offset)}`,
        response,
      );
      const times = value.synchronizerTimes as { synchronizerId?: unknown; recordTime?: unknown }[];
      expectThat(
        Array.isArray(times) && times.length > 0,
        'stateful_consistency',
        'update.OffsetCheckpoint.shape',
        'the checkpoint has no synchronizerTimes',
        response,
      );
      for (const time of times) {
        expectNonEmptyString(time.synchronizerId, 'update.OffsetCheckpoint.shape', 'synchronizerTimes[].synchronizerId', response);
        expectNonEmptyString(time.recordTime, 'update.OffsetCheckpoint.shape', 'synchronizerTimes[].recordTime', response);
      }
    },
  );

  conformanceTest(
    {
      name: "the multi-hosted party's topology events show each participant hosting it, with its permission",
      endpoint: 'update-by-offset',
      clauses: ['state.participant-permission.values', 'update.TopologyTransaction.shape'],
      checks: ['not_a_server_error', 'response_schema_conformance', 'stateful_consistency'],
      requires: ['multiHostedParty'],
    },
    async (ctx) => {
      const party = ctx.fixtures.parties.find((candidate) => (candidate.hostedOn?.length ?? 0) > 1);
      if (!party?.hostedOn) return ctx.skip('the fixtures name no party hosted on several participants (parties[].hostedOn)');
      const reader = readerOf(ctx, [party.alias], `can read the multi-hosted party ${party.alias}`);
      const first = ctx.fixtures.seededUpdates.topologyOffset ?? 1;
      const last = first + TOPOLOGY_WINDOW - 1;
      const seen: TopologyEventValue[] = [];
      let shown: ClientResponse | undefined;
      let latest: ClientResponse | undefined;
      for (let offset = first; offset <= last; offset++) {
        const response = await updateByOffset(ctx, reader.user, offset, topologyFormat([party.id]));
        latest = response;
        notAServerError(response, 'update.TopologyTransaction.shape');
        // Offsets without a topology event of the party are UPDATE_NOT_FOUND (all filtered): not ours to judge here.
        if (response.status !== 200) continue;
        const [variant, value] = variantOf(ctx, response, 'update.TopologyTransaction.shape');
        if (variant !== 'TopologyTransaction') continue;
        shown = response;
        seen.push(...checkTopologyTransaction(value, offset, response).filter((event) => event.partyId === party.id));
      }
      // The fixtures declare the party multi-hosted, so its hosting is on the ledger: finding none means the
      // target ignores includeTopologyEvents or the party filter (or seededUpdates.topologyOffset is wrong).
      expectThat(
        seen.length > 0,
        'stateful_consistency',
        'state.participant-permission.values',
        `asked for the participant authorization events of ${party.alias} (${party.id}) at offsets ${first}..${last} (from seededUpdates.topologyOffset), ` +
          "none came back: the target ignores includeTopologyEvents or its parties filter, or the fixtures' topologyOffset is wrong",
        latest,
      );
      for (const hosting of party.hostedOn) {
        expectThat(
          seen.some((event) => event.participantId === hosting.participantId && event.participantPermission === hosting.permission),
          'stateful_consistency',
          'state.participant-permission.values',
          `no topology event shows ${party.alias} hosted on ${hosting.participantId} with ${hosting.permission}; seen: ${seen.map((event) => `${event.kind} ${event.participantId} ${event.participantPermission ?? ''}`).join('; ')}`,
          shown,
        );
      }
      const participants = new Set(seen.map((event) => event.participantId));
      expectThat(
        participants.size > 1,
        'stateful_consistency',
        'state.participant-permission.values',
        `the topology events of ${party.alias} show only ${[...participants].join(', ')}`,
        shown,
      );
    },
  );
});
