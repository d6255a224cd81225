/**
 * The updates the fixtures say are already on the ledger (`seededUpdates`): topology transactions,
 * a reassignment and an offset checkpoint, looked up by offset and rendered as the spec shows them.
 * Read-only: nothing here writes to the ledger.
 */
import { fieldClausesOf } from '../../specification/schema-fields.js';
import { answerBody } from '../../checks/schema.js';
import type { ClientResponse } from '../../client/http.js';
import type { Fixtures, UserFixture } from '../../config/types.js';
import { notAServerError, positiveDataAcceptance } from '../../checks/basic.js';
import { expectErrorCode } from '../../checks/error-body.js';
import { expectCount, expectOneOf, expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import type { ClauseId } from '../../specification/clauses.js';
import {
  UPDATE_NOT_FOUND_CANTON_CLAUSES,
  expectUpdateNotFound,
  transactionFormat,
  updateByOffset,
  wildcardFilter,
  type JsonObject,
} from '../support/ledger.js';

type SeededKind = keyof Fixtures['seededUpdates'];

const PERMISSIONS = [
  'PARTICIPANT_PERMISSION_UNSPECIFIED',
  'PARTICIPANT_PERMISSION_SUBMISSION',
  'PARTICIPANT_PERMISSION_CONFIRMATION',
  'PARTICIPANT_PERMISSION_OBSERVATION',
];
const UPDATE_RECORDS = ['Transaction', 'Reassignment', 'TopologyTransaction', 'OffsetCheckpoint'];
/** The shape clause of each participant-authorization event (`Empty` carries no fields). */
const TOPOLOGY_EVENT_SHAPES = {
  ParticipantAuthorizationAdded: 'topology-event.ParticipantAuthorizationAdded.shape',
  ParticipantAuthorizationChanged: 'topology-event.ParticipantAuthorizationChanged.shape',
  ParticipantAuthorizationOnboarding: 'topology-event.ParticipantAuthorizationOnboarding.shape',
  ParticipantAuthorizationRevoked: 'topology-event.ParticipantAuthorizationRevoked.shape',
} as const satisfies Record<string, ClauseId>;
type AuthorizationEventKind = keyof typeof TOPOLOGY_EVENT_SHAPES;
const TOPOLOGY_KEYS = ['Empty', ...Object.keys(TOPOLOGY_EVENT_SHAPES)];
/** How many offsets after `topologyOffset` the multi-hosted party's topology is looked for. */
const TOPOLOGY_WINDOW = 16;

/** What `variantOf` asserts besides the clause it is given. */
const VARIANT_CLAUSES: ClauseId[] = ['update.exactly-one-variant', 'update.allowed-variants'];
/** What `checkTopologyTransaction` asserts for a topology transaction of `ParticipantAuthorizationAdded` events. */
const TOPOLOGY_TRANSACTION_CLAUSES: ClauseId[] = [
  'topology-transaction.updateId.required',
  'topology-transaction.offset.positive',
  'events.lookup-one-by-offset',
  'topology-transaction.synchronizerId.required',
  'topology-transaction.recordTime.required',
  'topology-transaction.events.non-empty',
  'topology-event.exactly-one-key',
  'topology-event.allowed-keys',
  'topology-event.ParticipantAuthorizationAdded.shape',
  'topology-event.fields.required-strings',
  'topology-event.participantPermission.allowed-values',
  'state.participant-permission.values',
];

const nonEmptyString = (value: unknown): boolean => typeof value === 'string' && value.length > 0;

function seededOffset(context: ConformanceContext, kind: SeededKind): number {
  const offset = context.fixtures.seededUpdates[kind];
  if (offset === undefined) context.skip(`the fixtures name no seeded ${kind.replace(/Offset$/, '')} offset (seededUpdates.${kind})`);
  return offset;
}

const canRead = (user: UserFixture, alias: string): boolean => user.rights.actAs.includes(alias) || user.rights.readAs.includes(alias);

/** Non-external fixture parties hosted on this participant. */
function localAliases(context: ConformanceContext): string[] {
  return context.fixtures.parties
    .filter(
      (party) =>
        !party.external && (!party.hostedOn || party.hostedOn.some((hosting) => hosting.participantId === context.fixtures.participantId)),
    )
    .map((party) => party.alias);
}

/** A user reading at least one of `aliases`, and the aliases it reads. */
function readerOf(context: ConformanceContext, aliases: string[], description: string): { user: string; aliases: string[] } {
  const user = context.userWhere(description, (candidate) => aliases.some((alias) => canRead(candidate, alias)));
  return { user: user.id, aliases: aliases.filter((alias) => canRead(user, alias)) };
}

function topologyFormat(parties: string[]): JsonObject {
  return { includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties } } };
}

/**
 * The single variant of `{update: {...}}`: the lookup is accepted and matches GetUpdateResponse (both
 * credited to `clauseId`), and the update holds exactly one of the allowed variants.
 */
function variantOf(context: ConformanceContext, response: ClientResponse, clauseId: ClauseId): [string, JsonObject] {
  positiveDataAcceptance(response, clauseId);
  const body = answerBody(response, clauseId) as {
    update?: Record<string, { value?: JsonObject }>;
  };
  const keys = Object.keys(body.update ?? {});
  expectCount('update.exactly-one-variant', 'the variants of the update', keys, { exactly: 1 }, response);
  const key = keys[0]!;
  expectOneOf('update.allowed-variants', 'the update variant', key, UPDATE_RECORDS, response);
  return [key, body.update![key]!.value ?? {}];
}

function expectNonEmptyString(value: unknown, clauseId: ClauseId, what: string, response: ClientResponse): void {
  expectValueMatches(clauseId, what, value, nonEmptyString, 'a non-empty string', response);
}

interface TopologyEventValue {
  kind: string;
  partyId?: string;
  participantId?: string;
  participantPermission?: string;
}

/** Checks one topology event against the spec's table and returns it flattened. */
function checkTopologyEvent(event: JsonObject, response: ClientResponse): TopologyEventValue {
  const keys = Object.keys((event.event as JsonObject | undefined) ?? {});
  expectCount('topology-event.exactly-one-key', 'the keys of a topology event', keys, { exactly: 1 }, response);
  const kind = keys[0]!;
  expectOneOf('topology-event.allowed-keys', 'the topology event', kind, TOPOLOGY_KEYS, response);
  if (kind === 'Empty') return { kind };
  const value = ((event.event as JsonObject)[kind] as { value?: Record<string, unknown> }).value ?? {};
  const shapeClause = TOPOLOGY_EVENT_SHAPES[kind as AuthorizationEventKind];
  expectNonEmptyString(value.partyId, shapeClause, `${kind}.partyId`, response);
  expectNonEmptyString(value.participantId, shapeClause, `${kind}.participantId`, response);
  if (kind === 'ParticipantAuthorizationRevoked')
    return { kind, partyId: String(value.partyId), participantId: String(value.participantId) };
  expectValueMatches(
    'topology-event.fields.required-strings',
    `${kind}.participantPermission`,
    value.participantPermission,
    (permission) => typeof permission === 'string',
    'a string',
    response,
  );
  expectOneOf(
    'topology-event.participantPermission.allowed-values',
    `${kind}.participantPermission`,
    value.participantPermission,
    PERMISSIONS,
    response,
  );
  expectOneOf('state.participant-permission.values', `the permission ${kind} carries`, value.participantPermission, PERMISSIONS, response);
  return {
    kind,
    partyId: String(value.partyId),
    participantId: String(value.participantId),
    participantPermission: String(value.participantPermission),
  };
}

function checkTopologyTransaction(value: JsonObject, offset: number, response: ClientResponse): TopologyEventValue[] {
  expectNonEmptyString(value.updateId, 'topology-transaction.updateId.required', 'updateId', response);
  expectValueMatches(
    'topology-transaction.offset.positive',
    'offset',
    value.offset,
    (written) => Number(written) > 0,
    'positive',
    response,
  );
  expectValue('events.lookup-one-by-offset', `the offset of the update looked up at ${offset}`, value.offset, offset, response);
  expectNonEmptyString(value.synchronizerId, 'topology-transaction.synchronizerId.required', 'synchronizerId', response);
  expectNonEmptyString(value.recordTime, 'topology-transaction.recordTime.required', 'recordTime', response);
  const events = (value.events as JsonObject[] | undefined) ?? [];
  expectCount('topology-transaction.events.non-empty', 'events', events, { min: 1 }, response);
  return events.map((event) => checkTopologyEvent(event, response));
}

/** The participant-authorization events of a topology transaction, read without judging them. */
function authorizationEventsIn(value: JsonObject): TopologyEventValue[] {
  return ((value.events as JsonObject[] | undefined) ?? []).flatMap((event) => {
    const [kind, payload] = Object.entries((event.event as JsonObject | undefined) ?? {})[0] ?? [];
    const fields = (payload as { value?: Record<string, unknown> } | undefined)?.value;
    if (kind === undefined || fields === undefined) return [];
    return [
      {
        kind,
        partyId: String(fields.partyId),
        participantId: String(fields.participantId),
        ...(fields.participantPermission === undefined ? {} : { participantPermission: String(fields.participantPermission) }),
      },
    ];
  });
}

/** The Iou fixture's payer and owner: the stakeholders of the seeded (reassigned) Iou. */
function iouStakeholders(context: ConformanceContext): string[] {
  const args = context.fixtures.templates.iou.createArguments;
  return [args.payer, args.owner].filter((party): party is string => typeof party === 'string');
}

function aliasOf(context: ConformanceContext, partyId: string): string | undefined {
  return context.fixtures.parties.find((party) => party.id === partyId)?.alias;
}

conformanceSuite('flows / seeded updates', () => {
  conformanceTest(
    {
      name: 'a topology transaction, asked for with includeTopologyEvents, is rendered as the spec shows it',
      endpoint: 'update-by-offset',
      clauses: [
        'update-format.includeTopologyEvents.shape',
        'update-format.includeTransactions.optional',
        'update-format.includeReassignments.optional',
        'update.TopologyTransaction.shape',
        ...VARIANT_CLAUSES,
        'events.update-records',
        ...TOPOLOGY_TRANSACTION_CLAUSES,
        // The fields of JsTopologyTransaction the engine validates besides those the test reads itself.
        ...fieldClausesOf('JsTopologyTransaction').filter((clauseId) => !TOPOLOGY_TRANSACTION_CLAUSES.includes(clauseId)),
      ],
    },
    async (context) => {
      const offset = seededOffset(context, 'topologyOffset');
      const reader = readerOf(context, localAliases(context), 'can read a party hosted on this participant');
      const parties = reader.aliases.map((alias) => context.party(alias));
      const response = await updateByOffset(context, reader.user, offset, topologyFormat(parties));
      // Only includeTopologyEvents is sent: the other two formats may be left out.
      positiveDataAcceptance(response, 'update-format.includeTopologyEvents.shape');
      positiveDataAcceptance(response, 'update-format.includeTransactions.optional');
      positiveDataAcceptance(response, 'update-format.includeReassignments.optional');
      const [variant, value] = variantOf(context, response, 'update.TopologyTransaction.shape');
      expectValue(
        'update.TopologyTransaction.shape',
        `the update at the seeded topology offset ${offset}`,
        variant,
        'TopologyTransaction',
        response,
      );
      expectOneOf('events.update-records', 'the update record', variant, UPDATE_RECORDS, response);
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
        ...UPDATE_NOT_FOUND_CANTON_CLAUSES,
      ],
    },
    async (context) => {
      const offset = seededOffset(context, 'topologyOffset');
      const reader = readerOf(context, localAliases(context), 'can read a party hosted on this participant');
      const filters = Object.fromEntries(reader.aliases.map((alias) => [context.party(alias), [wildcardFilter()]]));
      const response = await updateByOffset(context, reader.user, offset, transactionFormat(filters, 'TRANSACTION_SHAPE_ACS_DELTA'));
      // Left out, includeTopologyEvents asks for no topology events: the lookup filters the update out rather
      // than rejecting the format.
      const error = expectUpdateNotFound(context, response, offset, 'update-by-offset.update-not-found.all-filtered');
      expectErrorCode(error, 'UPDATE_NOT_FOUND', 'update-format.includeTopologyEvents.optional', response);
    },
  );

  conformanceTest(
    {
      name: 'a reassignment is rendered with its unassigned event for a stakeholder, and hidden from others',
      endpoint: 'update-by-offset',
      clauses: [
        'update-format.includeTransactions.optional',
        'update-format.includeTopologyEvents.optional',
        'update.Reassignment.variant',
        ...VARIANT_CLAUSES,
        // The fields of the records the engine validates in the answer (specification/schema-fields.ts).
        ...fieldClausesOf('Reassignment'),
        ...fieldClausesOf('JsUnassignedEvent'),
        ...fieldClausesOf('UnassignedEvent'),
        'update-by-offset.update-not-found.all-filtered',
        ...UPDATE_NOT_FOUND_CANTON_CLAUSES,
      ],
      requires: ['reassignmentFixture'],
    },
    async (context) => {
      const offset = seededOffset(context, 'reassignmentOffset');
      const stakeholders = iouStakeholders(context)
        .map((party) => aliasOf(context, party))
        .filter((alias): alias is string => alias !== undefined);
      const reader = readerOf(context, stakeholders, 'can read a stakeholder of the Iou fixture (templates.iou payer or owner)');
      const filter = (aliases: string[]): JsonObject => ({
        includeReassignments: {
          filtersByParty: Object.fromEntries(aliases.map((alias) => [context.party(alias), { cumulative: [wildcardFilter()] }])),
          verbose: true,
        },
      });
      const response = await updateByOffset(context, reader.user, offset, filter(reader.aliases));
      // Only includeReassignments is sent: the other two formats may be left out.
      positiveDataAcceptance(response, 'update-format.includeTransactions.optional');
      positiveDataAcceptance(response, 'update-format.includeTopologyEvents.optional');
      const [variant, value] = variantOf(context, response, 'update.Reassignment.variant');
      expectValue(
        'update.Reassignment.variant',
        `the update at the seeded reassignment offset ${offset}`,
        variant,
        'Reassignment',
        response,
      );
      expectNonEmptyString(value.recordTime, 'reassignment.recordTime.required', 'recordTime', response);
      expectNonEmptyString(value.synchronizerId, 'reassignment.synchronizerId.required', 'synchronizerId', response);
      const entries = Object.values(value)
        .filter((field): field is JsonObject[] => Array.isArray(field))
        .flat()
        .filter((entry) => typeof entry === 'object' && entry !== null && 'JsUnassignedEvent' in entry);
      // The seeded reassignment is an unassignment.
      expectCount('unassigned-event.value-wrapper', 'the JsUnassignedEvent entries of the reassignment', entries, { min: 1 }, response);
      const unassigned = entries.map((entry) => (entry.JsUnassignedEvent as { value?: JsonObject }).value ?? {});
      const readParties = reader.aliases.map((alias) => context.party(alias));
      for (const event of unassigned) {
        expectValueMatches(
          'unassigned-event.reassignmentCounter.required-int64',
          "an unassignment's reassignmentCounter",
          event.reassignmentCounter,
          (counter) => Number(counter) >= 1,
          'at least 1 (creation is 0)',
          response,
        );
        const witnesses = (event.witnessParties as unknown[] | undefined) ?? [];
        expectCount('unassigned-event.witnessParties.non-empty', 'witnessParties', witnesses, { min: 1 }, response);
        expectValueMatches(
          'unassigned-event.witnessParties.non-empty',
          'witnessParties',
          witnesses,
          (parties) => readParties.some((party) => parties.includes(party)),
          `a list holding a stakeholder filter party (${readParties.join(', ')})`,
          response,
        );
        expectValueMatches(
          'unassigned-event.offset.positive',
          'offset of the unassigned event',
          event.offset,
          (written) => Number(written) === offset && offset > 0,
          `the positive offset it was looked up at (${offset})`,
          response,
        );
        expectValueMatches(
          'unassigned-event.nodeId.non-negative',
          'nodeId',
          event.nodeId,
          (nodeId) => Number(nodeId) >= 0,
          'non-negative',
          response,
        );
        expectNonEmptyString(event.source, 'unassigned-event.source.required', 'source', response);
        expectNonEmptyString(event.target, 'unassigned-event.target.required', 'target', response);
        expectValueMatches(
          'unassigned-event.target.required',
          'target',
          event.target,
          (target) => target !== event.source,
          `another synchronizer than the source ${String(event.source)}`,
          response,
        );
        expectValueMatches(
          'unassigned-event.templateId.package-id-format',
          'templateId',
          event.templateId,
          (templateId) => {
            const parts = String(templateId).split(':');
            return !String(templateId).startsWith('#') && parts.length === 3 && parts.every((part) => part.length > 0);
          },
          'in package-id format <packageId>:<module>:<entity>',
          response,
        );
        expectNonEmptyString(event.reassignmentId, 'unassigned-event.reassignmentId.required', 'reassignmentId', response);
        expectNonEmptyString(event.contractId, 'unassigned-event.contractId.required', 'contractId', response);
        expectNonEmptyString(event.packageName, 'unassigned-event.packageName.required', 'packageName', response);
      }

      const witnesses = new Set(unassigned.flatMap((event) => (event.witnessParties as string[] | undefined) ?? []));
      const outsiders = localAliases(context).filter(
        (alias) => !iouStakeholders(context).includes(context.party(alias)) && !witnesses.has(context.party(alias)),
      );
      const outsider = readerOf(context, outsiders, 'can read a party that is no stakeholder of the Iou fixture');
      const hidden = await updateByOffset(context, outsider.user, offset, filter(outsider.aliases));
      expectUpdateNotFound(context, hidden, offset, 'update-by-offset.update-not-found.all-filtered');
    },
  );

  conformanceTest(
    {
      name: 'an offset checkpoint is rendered with its offset and synchronizer times',
      endpoint: 'update-by-offset',
      clauses: ['update.OffsetCheckpoint.shape', ...VARIANT_CLAUSES, 'events.update-records', 'events.lookup-one-by-offset'],
    },
    async (context) => {
      const offset = seededOffset(context, 'checkpointOffset');
      const reader = readerOf(context, localAliases(context), 'can read a party hosted on this participant');
      const filters = Object.fromEntries(reader.aliases.map((alias) => [context.party(alias), [wildcardFilter()]]));
      const response = await updateByOffset(context, reader.user, offset, transactionFormat(filters, 'TRANSACTION_SHAPE_ACS_DELTA'));
      const [variant, value] = variantOf(context, response, 'update.OffsetCheckpoint.shape');
      expectValue(
        'update.OffsetCheckpoint.shape',
        `the update at the seeded checkpoint offset ${offset}`,
        variant,
        'OffsetCheckpoint',
        response,
      );
      expectOneOf('events.update-records', 'the update record', variant, UPDATE_RECORDS, response);
      expectValue('events.lookup-one-by-offset', `the offset of the checkpoint looked up at ${offset}`, value.offset, offset, response);
      const times = (value.synchronizerTimes as { synchronizerId?: unknown; recordTime?: unknown }[] | undefined) ?? [];
      expectCount('update.OffsetCheckpoint.shape', 'synchronizerTimes', times, { min: 1 }, response);
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
      clauses: ['state.participant-permission.values', 'update.TopologyTransaction.shape', ...VARIANT_CLAUSES],
      requires: ['multiHostedParty'],
    },
    async (context) => {
      const party = context.fixtures.parties.find((candidate) => (candidate.hostedOn?.length ?? 0) > 1);
      if (!party?.hostedOn) return context.skip('the fixtures name no party hosted on several participants (parties[].hostedOn)');
      const reader = readerOf(context, [party.alias], `can read the multi-hosted party ${party.alias}`);
      const first = context.fixtures.seededUpdates.topologyOffset ?? 1;
      const last = first + TOPOLOGY_WINDOW - 1;
      const seen: TopologyEventValue[] = [];
      let shown: ClientResponse | undefined;
      let latest: ClientResponse | undefined;
      for (let offset = first; offset <= last; offset++) {
        const response = await updateByOffset(context, reader.user, offset, topologyFormat([party.id]));
        latest = response;
        notAServerError(response, 'update.TopologyTransaction.shape');
        // Offsets without a topology event of the party are UPDATE_NOT_FOUND (all filtered): not ours to judge here.
        if (response.status !== 200) continue;
        const [variant, value] = variantOf(context, response, 'update.TopologyTransaction.shape');
        if (variant !== 'TopologyTransaction') continue;
        shown = response;
        seen.push(...authorizationEventsIn(value).filter((event) => event.partyId === party.id));
      }
      // The fixtures declare the party multi-hosted, so its hosting is on the ledger: finding none means the
      // target ignores includeTopologyEvents or the party filter (or seededUpdates.topologyOffset is wrong).
      expectCount(
        'state.participant-permission.values',
        `participant authorization events of ${party.alias} (${party.id}) at offsets ${first}..${last} (from seededUpdates.topologyOffset)`,
        seen,
        { min: 1 },
        latest,
      );
      for (const hosting of party.hostedOn) {
        expectValueMatches(
          'state.participant-permission.values',
          `the topology events of ${party.alias}`,
          seen,
          (events) =>
            events.some((event) => event.participantId === hosting.participantId && event.participantPermission === hosting.permission),
          `to show it hosted on ${hosting.participantId} with ${hosting.permission}`,
          shown,
        );
      }
    },
  );
});
