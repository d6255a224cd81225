/**
 * The `PreparedTransaction` of an interpreted transaction: what prepare shows the external party and
 * what its signature covers. Nodes keep the engine's ids (Daml's pre-order numbering, which the executed transaction's
 * events show too); the fetch and lookup-by-key nodes Canton also lists are left out, their ids unused. Every create and
 * exercise has a random 32-byte seed; values are enriched (record ids, field labels); the metadata names the submitters,
 * the command, the synchronizer, a fresh transaction uuid, the preparation time and every ledger contract
 * the transaction uses (with its `createdEventBlob`), as Canton's PreparedTransactionEncoder writes them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createdEventBlobBytes, SERIALIZATION_VERSION } from './created-event-blob.js';
import { subtreeEnd, type Contract, type ExerciseNode, type InterpretedTransaction, type TransactionNode } from './engine.js';
import { homeOf, type ChoiceDefinition, type ModelPackage } from './package-model.js';
import { epochMicros, identifierOf, toLedgerApiValue } from './proto-values.js';
import type { CreateMessage, InputContractMessage, PreparedTransactionMessage, TransactionNodeMessage } from './protobuf-messages.js';

export interface PreparedSubmitter {
  actAs: readonly string[];
  commandId: string;
  synchronizerId: string;
  /** When the transaction was prepared. */
  preparedAt: Date;
}

const sorted = (parties: Iterable<string>): string[] => [...new Set(parties)].sort();

/** The choice an exercise node ran (through its interface, if any). */
export function choiceOf(node: ExerciseNode): ChoiceDefinition {
  const choices = node.iface ? node.iface.choices : node.contract.template.choices;
  const choice = choices.get(node.choice);
  if (choice === undefined) throw new Error(`the engine exercised ${node.choice}, which its template or interface does not define`);
  return choice;
}

function createMessage(pkg: ModelPackage, contract: Contract): CreateMessage {
  const home = homeOf(pkg, contract.template);
  return {
    lf_version: SERIALIZATION_VERSION,
    contract_id: contract.contractId,
    package_name: home.name,
    template_id: identifierOf(home.id, contract.template.qualifiedName),
    argument: toLedgerApiValue(contract.template.argumentType, contract.argument, home.id),
    signatories: sorted(contract.signatories),
    stakeholders: sorted([...contract.signatories, ...contract.observers]),
  };
}

/** Ids of the nodes of `nodes[from..end)` directly below their parent (or of the roots): each child's subtree skipped. */
function childIds(nodes: readonly TransactionNode[], from: number, end: number): string[] {
  const children: string[] = [];
  for (let index = from; index < end; index = subtreeEnd(nodes, index)) children.push(String(nodes[index]!.nodeId));
  return children;
}

function nodeMessage(pkg: ModelPackage, nodes: readonly TransactionNode[], index: number): TransactionNodeMessage {
  const node = nodes[index]!;
  if (node.kind === 'create') return { node_id: String(node.nodeId), v1: { create: createMessage(pkg, node.contract) } };
  const { contract } = node;
  const choice = choiceOf(node);
  const home = homeOf(pkg, contract.template);
  // An interface choice's argument and result types are the interface package's.
  const choiceHome = node.iface ? homeOf(pkg, node.iface) : home;
  return {
    node_id: String(node.nodeId),
    v1: {
      exercise: {
        lf_version: SERIALIZATION_VERSION,
        contract_id: contract.contractId,
        package_name: home.name,
        template_id: identifierOf(home.id, contract.template.qualifiedName),
        signatories: sorted(contract.signatories),
        stakeholders: sorted([...contract.signatories, ...contract.observers]),
        acting_parties: sorted(node.actingParties),
        ...(node.iface ? { interface_id: identifierOf(homeOf(pkg, node.iface).id, node.iface.qualifiedName) } : {}),
        choice_id: node.choice,
        chosen_value: toLedgerApiValue(choice.argumentType, node.choiceArgument, choiceHome.id),
        consuming: node.consuming,
        children: childIds(nodes, index + 1, subtreeEnd(nodes, index)),
        exercise_result: toLedgerApiValue(choice.resultType, node.result, choiceHome.id),
        choice_observers: [],
      },
    },
  };
}

/** The ledger contracts (not created by `tx` itself) that `tx` exercises, once each. */
function inputContracts(tx: InterpretedTransaction): Contract[] {
  const used = new Map<string, Contract>();
  for (const node of tx.nodes) if (tx.inputs.has(node.contract.contractId)) used.set(node.contract.contractId, node.contract);
  return [...used.values()];
}

export function preparedTransactionOf(
  pkg: ModelPackage,
  tx: InterpretedTransaction,
  submitter: PreparedSubmitter,
): PreparedTransactionMessage {
  const { nodes } = tx;
  const inputs: InputContractMessage[] = inputContracts(tx).map((contract) => ({
    v1: createMessage(pkg, contract),
    created_at: epochMicros(contract.createdAt).toString(),
    event_blob: createdEventBlobBytes(pkg, contract),
  }));
  return {
    transaction: {
      version: SERIALIZATION_VERSION,
      roots: childIds(nodes, 0, nodes.length),
      nodes: nodes.map((_, index) => nodeMessage(pkg, nodes, index)),
      node_seeds: nodes.map((node) => ({ node_id: node.nodeId, seed: randomBytes(32) })),
    },
    metadata: {
      submitter_info: { act_as: [...submitter.actAs], command_id: submitter.commandId },
      synchronizer_id: submitter.synchronizerId,
      mediator_group: 0,
      transaction_uuid: randomUUID(),
      preparation_time: (BigInt(submitter.preparedAt.getTime()) * 1000n).toString(),
      input_contracts: inputs,
    },
  };
}
