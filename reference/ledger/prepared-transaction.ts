/**
 * The `PreparedTransaction` of an interpreted transaction: what prepare shows the external party and
 * what its signature covers. Nodes keep the engine's ids (Daml's pre-order numbering, which the executed transaction's
 * events show too); fetch and fetch-by-key nodes are listed as Canton lists them (a Fetch node, a child of its exercise),
 * lookup-by-key nodes are not (their ids unused: Canton's encoder refuses QueryByKey nodes of LF 2.1, the version the
 * reference writes, and V2 hashing refuses LookupByKey nodes). Every create and exercise has a random 32-byte seed;
 * values are enriched (record ids, field labels); the metadata names the submitters, the command, the synchronizer, a
 * fresh transaction uuid, the preparation time and every ledger contract the transaction exercises or fetches (with its
 * `createdEventBlob`), as Canton's PreparedTransactionEncoder writes them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createdEventBlobBytes, SERIALIZATION_VERSION } from './created-event-blob.js';
import {
  subtreeEnd,
  type Contract,
  type ExerciseNode,
  type FetchNode,
  type InterpretedTransaction,
  type TransactionNode,
} from './engine.js';
import { homeOf, type ChoiceDefinition, type ModelPackage } from './package-model.js';
import { epochMicros, identifierOf, toLedgerApiValue } from './proto-values.js';
import type {
  CreateMessage,
  FetchMessage,
  InputContractMessage,
  PreparedTransactionMessage,
  TransactionNodeMessage,
} from './protobuf-messages.js';

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

/** The fields Canton's Create and Fetch nodes both give a contract: who it is, and its parties (sorted). */
function contractFields(pkg: ModelPackage, contract: Contract) {
  const home = homeOf(pkg, contract.template);
  return {
    home,
    identity: {
      lf_version: SERIALIZATION_VERSION,
      contract_id: contract.contractId,
      package_name: home.name,
      template_id: identifierOf(home.id, contract.template.qualifiedName),
    },
    parties: { signatories: sorted(contract.signatories), stakeholders: sorted([...contract.signatories, ...contract.observers]) },
  };
}

function createMessage(pkg: ModelPackage, contract: Contract): CreateMessage {
  const { home, identity, parties } = contractFields(pkg, contract);
  return { ...identity, argument: toLedgerApiValue(contract.template.argumentType, contract.argument, home.id), ...parties };
}

/** A node of the prepared transaction: a create or exercise of the transaction, or one of its fetch nodes. */
type PreparedNode = TransactionNode | (FetchNode & { kind: 'fetch' });

/** The transaction's nodes and its fetch nodes in node-id order (Daml's pre-order: a fetch is a leaf). */
function preparedNodes(tx: InterpretedTransaction): PreparedNode[] {
  const fetches: PreparedNode[] = tx.fetches.map((fetch) => ({ ...fetch, kind: 'fetch' as const }));
  return [...tx.nodes, ...fetches].sort((left, right) => left.nodeId - right.nodeId);
}

/** Ids of the nodes of `nodes[from..end)` directly below their parent (or of the roots): each child's subtree skipped. */
function childIds(nodes: readonly PreparedNode[], from: number, end: number): string[] {
  const children: string[] = [];
  for (let index = from; index < end; index = subtreeEnd(nodes, index)) children.push(String(nodes[index]!.nodeId));
  return children;
}

/** Canton's Fetch node (PreparedTransactionEncoder fetchTransformer): parties sorted; no key, as LF 2.1 nodes have none. */
function fetchMessage(pkg: ModelPackage, fetch: FetchNode): FetchMessage {
  const { identity, parties } = contractFields(pkg, fetch.contract);
  return { ...identity, ...parties, acting_parties: sorted(fetch.actingParties) };
}

function nodeMessage(pkg: ModelPackage, nodes: readonly PreparedNode[], index: number): TransactionNodeMessage {
  const node = nodes[index]!;
  if (node.kind === 'create') return { node_id: String(node.nodeId), v1: { create: createMessage(pkg, node.contract) } };
  if (node.kind === 'fetch') return { node_id: String(node.nodeId), v1: { fetch: fetchMessage(pkg, node) } };
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

/** The ledger contracts (not created by `tx` itself) that `tx` exercises or fetches, once each (Transaction.inputContracts). */
function inputContracts(tx: InterpretedTransaction, nodes: readonly PreparedNode[]): Contract[] {
  const used = new Map<string, Contract>();
  for (const node of nodes) if (tx.inputs.has(node.contract.contractId)) used.set(node.contract.contractId, node.contract);
  return [...used.values()];
}

export function preparedTransactionOf(
  pkg: ModelPackage,
  tx: InterpretedTransaction,
  submitter: PreparedSubmitter,
): PreparedTransactionMessage {
  const nodes = preparedNodes(tx);
  const inputs: InputContractMessage[] = inputContracts(tx, nodes).map((contract) => ({
    v1: createMessage(pkg, contract),
    created_at: epochMicros(contract.createdAt).toString(),
    event_blob: createdEventBlobBytes(pkg, contract),
  }));
  return {
    transaction: {
      version: SERIALIZATION_VERSION,
      roots: childIds(nodes, 0, nodes.length),
      nodes: nodes.map((_, index) => nodeMessage(pkg, nodes, index)),
      // Creates and exercises have seeds; fetches none.
      node_seeds: tx.nodes.map((node) => ({ node_id: node.nodeId, seed: randomBytes(32) })),
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
