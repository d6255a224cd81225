/**
 * The updates the reference starts with, as `seededUpdates` in the fixtures documents them:
 * 1 party allocations on this participant, 2 the multi-hosted party's other participants and the
 * external parties, 3 an onboarding completed and a revocation, 4 a transaction creating the fixture
 * Iou, 5 a reassignment unassigning that Iou to a second synchronizer, 6 an offset checkpoint.
 */
import { createHash } from 'node:crypto';
import type { Fixtures, PartyFixture } from '../../config/types.js';
import { parseIdentifier } from './identifiers.js';
import { formatTimestamp, type LedgerState } from './ledger-state.js';
import { DeduplicationTable, type TopologyEventRecord } from './store.js';

const SUBMISSION = 'PARTICIPANT_PERMISSION_SUBMISSION';
const CONFIRMATION = 'PARTICIPANT_PERMISSION_CONFIRMATION';
const OBSERVATION = 'PARTICIPANT_PERMISSION_OBSERVATION';

function namespaceOf(id: string): string {
  return id.slice(id.lastIndexOf('::') + 2);
}

/** The synchronizer the seeded Iou is unassigned to. */
export function secondSynchronizerId(fixtures: Fixtures): string {
  return `second-synchronizer::${namespaceOf(fixtures.synchronizerId)}`;
}

function hostedHere(fixtures: Fixtures, party: PartyFixture): string | undefined {
  if (party.external) return undefined;
  if (!party.hostedOn) return SUBMISSION;
  return party.hostedOn.find((hosting) => hosting.participantId === fixtures.participantId)?.permission;
}

function topologyEvents(fixtures: Fixtures): [TopologyEventRecord[], TopologyEventRecord[], TopologyEventRecord[]] {
  const here = fixtures.participantId;
  const fourthParticipant = `PAR::participant4::${namespaceOf(here)}`;
  const allocations: TopologyEventRecord[] = [];
  const elsewhere: TopologyEventRecord[] = [];
  const later: TopologyEventRecord[] = [];
  for (const party of fixtures.parties) {
    const permission = hostedHere(fixtures, party);
    if (permission)
      allocations.push({
        kind: 'ParticipantAuthorizationAdded',
        partyId: party.id,
        participantId: here,
        participantPermission: permission,
      });
    if (party.external) {
      elsewhere.push({
        kind: 'ParticipantAuthorizationAdded',
        partyId: party.id,
        participantId: here,
        participantPermission: CONFIRMATION,
      });
    }
    const others = (party.hostedOn ?? []).filter((hosting) => hosting.participantId !== here);
    others.forEach((hosting, index) => {
      // The first other participant was added outright; the next ones went through onboarding first.
      const kind = index === 0 ? 'ParticipantAuthorizationAdded' : 'ParticipantAuthorizationOnboarding';
      elsewhere.push({ kind, partyId: party.id, participantId: hosting.participantId, participantPermission: hosting.permission });
      if (kind === 'ParticipantAuthorizationOnboarding') {
        later.push({
          kind: 'ParticipantAuthorizationChanged',
          partyId: party.id,
          participantId: hosting.participantId,
          participantPermission: hosting.permission,
        });
      }
    });
  }
  // A temporary extra hosting of a party, revoked again at offset 3.
  const revoked = fixtures.parties.find((party) => party.hostedOn && party.hostedOn.length > 1) ?? fixtures.parties[0];
  if (revoked) {
    elsewhere.push({
      kind: 'ParticipantAuthorizationAdded',
      partyId: revoked.id,
      participantId: fourthParticipant,
      participantPermission: OBSERVATION,
    });
    later.push({ kind: 'ParticipantAuthorizationRevoked', partyId: revoked.id, participantId: fourthParticipant });
  }
  return [allocations, elsewhere, later];
}

function aliasOf(fixtures: Fixtures, partyId: string): string | undefined {
  return fixtures.parties.find((party) => party.id === partyId)?.alias;
}

/** Appends the seeded updates at offsets 1 to 6 of an empty ledger. */
export function seedLedger(state: LedgerState): void {
  const { fixtures } = state;
  const now = state.now();
  // Record time never decreases along offsets: each update takes the ledger's next record time.
  let recordTime = state.nextRecordTime();

  for (const events of topologyEvents(fixtures)) {
    const offset = state.log.nextOffset;
    const updateId = state.newUpdateId(offset);
    state.log.append({
      kind: 'topology',
      offset,
      updateId,
      synchronizerId: fixtures.synchronizerId,
      recordTime,
      events,
      traceContext: state.newTraceContext(updateId),
    });
  }

  const iouFixture = fixtures.templates.iou;
  const payer = String(iouFixture.createArguments.payer);
  const command = {
    kind: 'create' as const,
    templateId: parseIdentifier(iouFixture.templateId, 'templates.iou.templateId'),
    createArguments: iouFixture.createArguments,
    path: 'seed',
  };
  const tx = state.interpret([command], [payer], [], now);
  const payerAlias = aliasOf(fixtures, payer);
  const userId = fixtures.users.find((user) => payerAlias !== undefined && user.rights.actAs.includes(payerAlias))?.id ?? 'reference-seed';
  const commandId = 'reference-seed-iou';
  state.commitTransaction(
    tx,
    { commandId, workflowId: 'reference-seed', userId, actAs: [payer], submissionId: 'reference-seed-iou', externalTransactionHash: null },
    DeduplicationTable.changeId(userId, [payer], commandId),
  );

  const iou = [...tx.created.values()][0];
  if (!iou) throw new Error('seeding: the fixture Iou create produced no contract');
  state.contracts.unassign(iou.contractId);
  recordTime = state.nextRecordTime();
  const reassignmentOffset = state.log.nextOffset;
  const reassignmentUpdateId = state.newUpdateId(reassignmentOffset);
  state.log.append({
    kind: 'reassignment',
    offset: reassignmentOffset,
    updateId: reassignmentUpdateId,
    commandId: 'reference-seed-unassign',
    workflowId: 'reference-seed',
    submitter: payer,
    recordTime,
    synchronizerId: fixtures.synchronizerId,
    events: [
      {
        reassignmentId: createHash('sha256').update(`unassign:${iou.contractId}`).digest('hex'),
        contract: iou,
        source: fixtures.synchronizerId,
        target: secondSynchronizerId(fixtures),
        submitter: payer,
        reassignmentCounter: 1,
        assignmentExclusivity: formatTimestamp(new Date(now.getTime() + 60_000)),
        nodeId: 0,
      },
    ],
    traceContext: state.newTraceContext(reassignmentUpdateId),
    paidTrafficCost: 100,
  });

  state.log.append({
    kind: 'checkpoint',
    offset: state.log.nextOffset,
    synchronizerTimes: [{ synchronizerId: fixtures.synchronizerId, recordTime }],
  });
}
