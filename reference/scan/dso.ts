/**
 * `GET /v0/dso`: the DSO's information as Splice's scan answers it (GetDsoInfoResponse): the SV's and the
 * DSO's parties, and contracts on the DSO's synchronizer (DsoRules, AmuletRules, the latest mining round,
 * one SvNodeState per SV). Clients, `provision` among them, read the DSO's synchronizer and the SV's
 * mediator from it; the contracts carry only the fields that say so.
 */
import type { ScanContext } from './handlers.js';
import { type ScanResponse, jsonOk } from './responses.js';

function contract(templateId: string, contractId: string, payload: Record<string, unknown>, createdAt: string) {
  return { template_id: templateId, contract_id: contractId, payload, created_event_blob: '', created_at: createdAt };
}

export function dsoInfo(context: ScanContext): ScanResponse {
  const { data } = context;
  const { svPartyId, dsoPartyId, mediatorId, svName } = data.dso;
  const synchronizer = data.synchronizerId;
  const createdAt = data.latestRound.effectiveAt;
  const onSynchronizer = (payload: ReturnType<typeof contract>) => ({ contract: payload, domain_id: synchronizer });
  const contractId = (name: string): string => `00${Buffer.from(`${name}@${synchronizer}`).toString('hex').slice(0, 64).padEnd(64, '0')}`;
  return jsonOk({
    sv_user: `${svName}-user`,
    sv_party_id: svPartyId,
    dso_party_id: dsoPartyId,
    voting_threshold: 1,
    latest_mining_round: onSynchronizer(
      contract(
        'Splice.Round:OpenMiningRound',
        contractId('round'),
        {
          dso: dsoPartyId,
          round: { number: String(data.latestRound.round - (context.faults.has('holdout-scan-open-round-behind-closed') ? 1 : 0)) },
        },
        createdAt,
      ),
    ),
    amulet_rules: onSynchronizer(contract('Splice.AmuletRules:AmuletRules', contractId('amulet-rules'), { dso: dsoPartyId }, createdAt)),
    dso_rules: onSynchronizer(
      contract('Splice.DsoRules:DsoRules', contractId('dso-rules'), { dso: dsoPartyId, svs: [[svPartyId, { name: svName }]] }, createdAt),
    ),
    sv_node_states: [
      onSynchronizer(
        contract(
          'Splice.DSO.SvState:SvNodeState',
          contractId('sv-node-state'),
          {
            dso: dsoPartyId,
            sv: svPartyId,
            svName,
            // A Daml `Map Text SynchronizerNodeConfig`: an array of [key, value] pairs in Splice's JSON.
            state: { synchronizerNodes: [[synchronizer, { mediator: { mediatorId } }]] },
          },
          createdAt,
        ),
      ),
    ],
  });
}
