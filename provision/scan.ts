/**
 * Scan ids of the fixtures, asked of the scan itself where it can answer and taken from flags where it
 * cannot: the DSO's synchronizer (`GET /v0/dso`, its DsoRules' synchronizer), a known participant (the
 * one hosting the SV's party) and the SV's mediator, each classified by its traffic status (top-up in
 * progress while `total_limit` differs from `total_purchased`), the SV's party (hosted on one participant)
 * and the DSO's party when several participants host it. The unknown ids are made up and checked to be
 * unknown.
 */
import { createHash } from 'node:crypto';
import type { TargetClient } from '../client/http.js';
import type { Fixtures } from '../config/types.js';
import { ProvisionError } from './provision-error.js';

export interface ScanFlags {
  synchronizerId?: string;
  topUpInProgress?: string;
  topUpComplete?: string;
  singleHostedParty?: string;
  multiHostedParty?: string;
}

interface ContractWithState {
  contract?: { payload?: Record<string, unknown> };
  domain_id?: string;
}

interface DsoInfo {
  sv_party_id?: string;
  dso_party_id?: string;
  dso_rules?: ContractWithState;
  amulet_rules?: ContractWithState;
  sv_node_states?: ContractWithState[];
}

/** The SV's mediator on the synchronizer, from its SvNodeState (`synchronizerNodes` as [key, value] pairs or an object). */
function mediatorOf(info: DsoInfo, synchronizerId: string): string | undefined {
  for (const state of info.sv_node_states ?? []) {
    const nodes = (state.contract?.payload?.state as { synchronizerNodes?: unknown } | undefined)?.synchronizerNodes;
    const entries: [unknown, unknown][] = Array.isArray(nodes) ? (nodes as [unknown, unknown][]) : Object.entries(nodes ?? {});
    for (const [key, value] of entries) {
      const mediatorId = (value as { mediator?: { mediatorId?: unknown } } | undefined)?.mediator?.mediatorId;
      if (key === synchronizerId && typeof mediatorId === 'string') return mediatorId;
    }
  }
  return undefined;
}

function madeUp(kind: string, seed: string): string {
  return createHash('sha256').update(`ledger-conformance ${kind} ${seed}`).digest('hex');
}

export async function discoverScanIds(
  client: TargetClient,
  flags: ScanFlags,
  seed: string,
  log: (line: string) => void,
): Promise<Fixtures['scan']> {
  const dsoResponse = await client.send({ endpoint: 'scan.dso' });
  const info: DsoInfo = dsoResponse.status === 200 ? dsoResponse.json<DsoInfo>() : {};
  if (dsoResponse.status !== 200) log(`  scan: GET /v0/dso answered ${dsoResponse.status}; scan ids come from the --scan-* flags`);

  const synchronizerId = flags.synchronizerId ?? info.dso_rules?.domain_id ?? info.amulet_rules?.domain_id;
  if (synchronizerId === undefined) {
    throw new ProvisionError('the scan did not name the DSO synchronizer (GET /v0/dso): give it with --scan-synchronizer ID');
  }
  const participantsOf = async (party: string): Promise<string[]> => {
    const response = await client.send({ endpoint: 'scan.participant-id-v1', params: { domain_id: synchronizerId, party_id: party } });
    return response.status === 200 ? (response.json<{ participant_ids?: string[] }>().participant_ids ?? []) : [];
  };
  const trafficOf = async (member: string) => {
    const response = await client.send({ endpoint: 'scan.traffic-status', params: { domain_id: synchronizerId, member_id: member } });
    if (response.status !== 200) return undefined;
    return response.json<{ traffic_status: { actual: { total_limit: number }; target: { total_purchased: number } } }>().traffic_status;
  };

  const singleHosted = flags.singleHostedParty ?? info.sv_party_id;
  if (singleHosted === undefined)
    throw new ProvisionError(
      'the scan did not name the SV party (GET /v0/dso): give a party hosted on one participant with --scan-single-hosted-party',
    );
  const members = new Set<string>();
  for (const participant of await participantsOf(singleHosted)) members.add(participant);
  const mediator = mediatorOf(info, synchronizerId);
  if (mediator !== undefined) members.add(mediator);
  let topUpInProgress = flags.topUpInProgress;
  let topUpComplete = flags.topUpComplete;
  for (const member of members) {
    const traffic = await trafficOf(member);
    if (traffic === undefined) continue;
    if (traffic.actual.total_limit === traffic.target.total_purchased) topUpComplete ??= member;
    else topUpInProgress ??= member;
  }
  let multiHosted = flags.multiHostedParty;
  if (multiHosted === undefined && info.dso_party_id !== undefined && (await participantsOf(info.dso_party_id)).length > 1) {
    multiHosted = info.dso_party_id;
  }

  const [, namespace = madeUp('namespace', seed)] = synchronizerId.split('::');
  let unknownMember = `PAR::ledger-conformance-nobody::1220${madeUp('member', seed)}`;
  if ((await trafficOf(unknownMember)) !== undefined)
    unknownMember = `PAR::ledger-conformance-nobody-${Date.now()}::1220${madeUp('member', `${seed}${Date.now()}`)}`;
  const unknownParty = `ledger-conformance-nobody::${namespace}`;
  if ((await participantsOf(unknownParty)).length > 0) {
    throw new ProvisionError(`the made-up party ${unknownParty} is known to the scan; give a different --prefix`);
  }
  for (const [key, value] of Object.entries({ topUpInProgress, topUpComplete, multiHosted })) {
    if (value === undefined) log(`  scan: no ${key} member/party found; give one with the --scan-* flags, or its tests are skipped`);
  }
  return {
    synchronizerId,
    members: {
      ...(topUpInProgress === undefined ? {} : { topUpInProgress }),
      ...(topUpComplete === undefined ? {} : { topUpComplete }),
      unknown: unknownMember,
    },
    parties: { singleHosted, ...(multiHosted === undefined ? {} : { multiHosted }), unknown: unknownParty },
  };
}
