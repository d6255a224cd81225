/**
 * The check no participant can pass by accident: the hash an external party is asked to sign is the hash
 * of the transaction it is shown. A prepare answer is decoded and its hashing-scheme-V2 hash recomputed
 * with the official Canton Network decoder and hasher (`@canton-network/core-tx-visualizer`), independently
 * of the target; the decoded transaction must carry the commands that were submitted.
 *
 * The official hasher reads an Int64 value through `parseInt`, so it cannot be trusted for Int64 values
 * beyond 2^53; the suites prepare no such value.
 */
import { decodePreparedTransaction, hashPreparedTransaction } from '@canton-network/core-tx-visualizer';
import type { ClientResponse } from '../client/http.js';
import type { ClauseId } from '../specification/clauses.js';
import { assertClause, recordInconclusive } from './assertion.js';

export const HASH_MATCHES_TRANSACTION: ClauseId = 'canton.interactive.prepared-hash-matches-transaction';
export const TRANSACTION_SHOWS_COMMANDS: ClauseId = 'canton.interactive.prepared-transaction-shows-commands';

type PreparedTransaction = ReturnType<typeof decodePreparedTransaction>;
type DamlTransactionNode = NonNullable<PreparedTransaction['transaction']>['nodes'][number];
type NodeType = Extract<DamlTransactionNode['versionedNode'], { oneofKind: 'v1' }>['v1']['nodeType'];
type CreateNode = Extract<NodeType, { oneofKind: 'create' }>['create'];
type ExerciseNode = Extract<NodeType, { oneofKind: 'exercise' }>['exercise'];
type Value = NonNullable<CreateNode['argument']>;
type Identifier = NonNullable<CreateNode['templateId']>;

/** What was submitted to prepare, in the JSON API's form. */
export interface SubmittedPreparation {
  commands: readonly Record<string, unknown>[];
  actAs: readonly string[];
  commandId: string;
  /**
   * The create-argument fields holding the signatories of the created contracts (the fixtures' template
   * `signatories`), when known: the shown contracts must have exactly those signatories.
   */
  signatoryFields?: readonly string[];
}

export interface PreparedAnswer {
  preparedTransaction: string;
  preparedTransactionHash: string;
}

/** Decodes the prepared transaction; fails the command clause when it is not a `PreparedTransaction` protobuf. */
function decoded(response: ClientResponse, answer: PreparedAnswer): PreparedTransaction {
  try {
    return decodePreparedTransaction(answer.preparedTransaction);
  } catch (error) {
    assertClause(
      'prepared_transaction_integrity',
      TRANSACTION_SHOWS_COMMANDS,
      false,
      `preparedTransaction is not base64 of a protobuf PreparedTransaction: ${error instanceof Error ? error.message : String(error)}`,
      response,
    );
  }
}

/**
 * Fails the target unless `preparedTransactionHash` is the V2 hash of `preparedTransaction` and the
 * transaction shows the submitted commands, act-as parties and command id.
 */
export async function preparedTransactionIntegrity(
  response: ClientResponse,
  answer: PreparedAnswer,
  submitted: SubmittedPreparation,
): Promise<void> {
  const transaction = decoded(response, answer);
  let recomputed: string;
  try {
    recomputed = await hashPreparedTransaction(transaction, 'hex');
  } catch (error) {
    assertClause(
      'prepared_transaction_integrity',
      HASH_MATCHES_TRANSACTION,
      false,
      `the prepared transaction cannot be hashed under hashing scheme V2: ${error instanceof Error ? error.message : String(error)}`,
      response,
    );
  }
  const asked = Buffer.from(answer.preparedTransactionHash, 'base64').toString('hex');
  assertClause(
    'prepared_transaction_integrity',
    HASH_MATCHES_TRANSACTION,
    asked === recomputed,
    `the external party is asked to sign ${asked}, but the V2 hash of the prepared transaction it is shown is ${recomputed}`,
    response,
  );
  const mismatch = commandsMismatch(transaction, submitted);
  assertClause(
    'prepared_transaction_integrity',
    TRANSACTION_SHOWS_COMMANDS,
    mismatch === undefined,
    `the prepared transaction does not show what was submitted: ${mismatch}`,
    response,
  );
}

export const TRANSACTION_SHOWS_FETCHES: ClauseId = 'canton.interactive.prepared-transaction-shows-fetches';

/**
 * Fails the target unless the prepared transaction shows a Fetch node of the ledger contract `fetched` (its contract
 * id and template, `<package>:Module:Entity`) listed among the children of an exercise, and lists that contract among
 * its metadata's input contracts (Canton's Transaction.inputContracts counts fetched contracts).
 */
export function preparedFetchShown(
  response: ClientResponse,
  answer: PreparedAnswer,
  fetched: { contractId: string; templateId: string },
): void {
  const prepared = decoded(response, answer);
  const nodes = (prepared.transaction?.nodes ?? []).flatMap((node) =>
    node.versionedNode.oneofKind === 'v1' ? [{ nodeId: node.nodeId, type: node.versionedNode.v1.nodeType }] : [],
  );
  const fetch = nodes.find((node) => node.type.oneofKind === 'fetch' && node.type.fetch.contractId === fetched.contractId);
  const kinds = nodes.map((node) => `${node.nodeId}:${node.type.oneofKind ?? 'none'}`).join(', ');
  assertClause(
    'prepared_transaction_integrity',
    TRANSACTION_SHOWS_FETCHES,
    fetch !== undefined,
    `the prepared transaction shows no Fetch node of the fetched contract ${fetched.contractId} (its nodes: ${kinds})`,
    response,
  );
  const template = fetch.type.oneofKind === 'fetch' ? fetch.type.fetch.templateId : undefined;
  const qualified = fetched.templateId.split(':').slice(1).join(':');
  assertClause(
    'prepared_transaction_integrity',
    TRANSACTION_SHOWS_FETCHES,
    template !== undefined && `${template.moduleName}:${template.entityName}` === qualified,
    `the Fetch node ${fetch.nodeId} is of ${template ? `${template.moduleName}:${template.entityName}` : 'no template'}, not ${qualified}`,
    response,
  );
  const parent = nodes.find((node) => node.type.oneofKind === 'exercise' && node.type.exercise.children.includes(fetch.nodeId));
  assertClause(
    'prepared_transaction_integrity',
    TRANSACTION_SHOWS_FETCHES,
    parent !== undefined,
    `the Fetch node ${fetch.nodeId} is among the children of no exercise node (its nodes: ${kinds})`,
    response,
  );
  const inputs = (prepared.metadata?.inputContracts ?? []).map(({ contract }) =>
    contract.oneofKind === 'v1' ? contract.v1.contractId : undefined,
  );
  assertClause(
    'prepared_transaction_integrity',
    TRANSACTION_SHOWS_FETCHES,
    inputs.includes(fetched.contractId),
    `the fetched ledger contract ${fetched.contractId} is not among the input contracts ${JSON.stringify(inputs)}`,
    response,
  );
}

export const HASHING_SCHEME_V2 = 'HASHING_SCHEME_VERSION_V2';

/**
 * The hash check by the hashing scheme the answer names: the label must be the scheme the prepare asked for (Canton
 * hashes with the requested scheme, V2 when none is asked: ExternalTransactionProcessor.processPrepare), a V2 hash
 * is recomputed (`preparedTransactionIntegrity`), and a hash under any other scheme (V3) is never taken on its
 * label: this tool has no independent V3 hasher, so the hash is recorded as unverified (inconclusive) while the
 * transaction is still held to what was submitted.
 */
export async function preparedHashByScheme(
  response: ClientResponse,
  answer: PreparedAnswer & { hashingSchemeVersion?: string },
  submitted: SubmittedPreparation,
  requested: string = HASHING_SCHEME_V2,
): Promise<void> {
  const label = answer.hashingSchemeVersion ?? HASHING_SCHEME_V2;
  // Only a mismatch is recorded: a matching label proves nothing of the hash, and must not credit the clause.
  if (label !== requested) {
    assertClause(
      'prepared_transaction_integrity',
      HASH_MATCHES_TRANSACTION,
      false,
      `the prepare asked for ${requested} but names its hash ${label}`,
      response,
    );
  }
  if (label === HASHING_SCHEME_V2) {
    await preparedTransactionIntegrity(response, answer, submitted);
    return;
  }
  const mismatch = commandsMismatch(decoded(response, answer), submitted);
  assertClause(
    'prepared_transaction_integrity',
    TRANSACTION_SHOWS_COMMANDS,
    mismatch === undefined,
    `the prepared transaction does not show what was submitted: ${mismatch}`,
    response,
  );
  recordInconclusive(
    'prepared_transaction_integrity',
    HASH_MATCHES_TRANSACTION,
    `the prepare answered a ${label} hash; this tool recomputes only V2 hashes, so the hash the party would sign is unverified (never taken on its label)`,
    response,
  );
}

/** How the decoded transaction differs from the submission, or undefined when it shows it. */
export function commandsMismatch(prepared: PreparedTransaction, submitted: SubmittedPreparation): string | undefined {
  const info = prepared.metadata?.submitterInfo;
  if (info === undefined) return 'its metadata has no submitter info';
  if ([...info.actAs].sort().join() !== [...submitted.actAs].sort().join()) {
    return `it is submitted as ${JSON.stringify(info.actAs)}, not as ${JSON.stringify(submitted.actAs)}`;
  }
  if (info.commandId !== submitted.commandId) return `its command id is ${info.commandId}, not ${submitted.commandId}`;
  const nodes = new Map((prepared.transaction?.nodes ?? []).map((node) => [node.nodeId, node]));
  const roots = [...(prepared.transaction?.roots ?? [])];
  const nextRoot = (): NodeType | undefined => {
    const node = nodes.get(roots.shift() ?? '')?.versionedNode;
    return node?.oneofKind === 'v1' ? node.v1.nodeType : undefined;
  };
  for (const [index, command] of submitted.commands.entries()) {
    const [kind, body] = Object.entries(command)[0] ?? [];
    const fields = (body ?? {}) as Record<string, unknown>;
    const at = `commands[${index}] (${kind})`;
    if (kind === 'CreateCommand' || kind === 'CreateAndExerciseCommand') {
      const node = nextRoot();
      if (node?.oneofKind !== 'create') return `${at}: no root create node for it`;
      const problem = createMismatch(node.create, fields, submitted.signatoryFields);
      if (problem !== undefined) return `${at}: ${problem}`;
    }
    if (kind === 'ExerciseCommand' || kind === 'CreateAndExerciseCommand' || kind === 'ExerciseByKeyCommand') {
      const node = nextRoot();
      if (node?.oneofKind !== 'exercise') return `${at}: no root exercise node for it`;
      const problem = exerciseMismatch(node.exercise, fields, kind === 'ExerciseCommand');
      if (problem !== undefined) return `${at}: ${problem}`;
    }
  }
  if (roots.length > 0) return `it has root nodes no command asked for: ${roots.join(', ')}`;
  return undefined;
}

function createMismatch(
  create: CreateNode,
  command: Record<string, unknown>,
  signatoryFields: readonly string[] | undefined,
): string | undefined {
  const template = templateMismatch(create.templateId, create.packageName, command.templateId);
  if (template !== undefined) return template;
  const argument = valueMismatch(create.argument, command.createArguments, 'createArguments');
  if (argument !== undefined) return argument;
  if (signatoryFields === undefined) return undefined;
  const createArguments = (command.createArguments ?? {}) as Record<string, unknown>;
  const signatories = [...new Set(signatoryFields.map((field) => String(createArguments[field])))];
  if ([...create.signatories].sort().join() !== signatories.sort().join()) {
    return `the created contract's signatories are ${JSON.stringify(create.signatories)}, expected ${JSON.stringify(signatories)}`;
  }
  return undefined;
}

function exerciseMismatch(exercise: ExerciseNode, command: Record<string, unknown>, byContractId: boolean): string | undefined {
  // An exercise through an interface names the interface; the node then holds it as interface_id.
  const named = exercise.interfaceId ?? exercise.templateId;
  const template = templateMismatch(named, exercise.packageName, command.templateId);
  if (template !== undefined) return template;
  if (byContractId && exercise.contractId !== command.contractId)
    return `it exercises ${exercise.contractId}, not ${String(command.contractId)}`;
  if (exercise.choiceId !== command.choice) return `it exercises choice ${exercise.choiceId}, not ${String(command.choice)}`;
  return valueMismatch(exercise.chosenValue, command.choiceArgument ?? {}, 'choiceArgument');
}

/** `#<package-name>:Module:Entity` or `<package-id>:Module:Entity` against a node's identifier. */
function templateMismatch(id: Identifier | undefined, packageName: string, submitted: unknown): string | undefined {
  if (id === undefined) return 'the node names no template';
  const text = String(submitted);
  const [reference = '', ...qualified] = text.split(':');
  const shown = `${id.packageId}:${id.moduleName}:${id.entityName}`;
  const samePackage = reference.startsWith('#') ? reference.slice(1) === packageName : reference === id.packageId;
  return samePackage && qualified.join(':') === `${id.moduleName}:${id.entityName}`
    ? undefined
    : `the node is of ${shown} (package ${packageName}), not ${text}`;
}

/** A Numeric written without trailing zeros, for comparing `100.0` with `100.0000000000`. */
function canonicalDecimal(text: string): string {
  const [whole = '0', fraction = ''] = text.replace(/^\+/, '').split('.');
  const trimmedFraction = fraction.replace(/0+$/, '');
  const trimmedWhole = whole.replace(/^(-?)0+(?=\d)/, '$1');
  return trimmedFraction === '' ? trimmedWhole.replace(/^-0$/, '0') : `${trimmedWhole}.${trimmedFraction}`;
}

const DAY_MS = 24 * 3600 * 1000;

/** How a decoded value differs from the JSON submitted for it (the JSON API's encoding), or undefined. */
function valueMismatch(value: Value | undefined, json: unknown, path: string): string | undefined {
  if (value === undefined) return `${path}: the node has no value`;
  const differ = (shown: unknown) => `${path}: shown ${JSON.stringify(shown)}, submitted ${JSON.stringify(json)}`;
  const { sum } = value;
  switch (sum.oneofKind) {
    case 'unit':
      return json !== null && typeof json === 'object' && !Array.isArray(json) ? undefined : differ({});
    case 'bool':
      return sum.bool === json ? undefined : differ(sum.bool);
    case 'int64':
      return String(json) === sum.int64 ? undefined : differ(sum.int64);
    case 'numeric':
      return canonicalDecimal(String(json)) === canonicalDecimal(sum.numeric) ? undefined : differ(sum.numeric);
    case 'party':
      return sum.party === json ? undefined : differ(sum.party);
    case 'text':
      return sum.text === json ? undefined : differ(sum.text);
    case 'contractId':
      return sum.contractId === json ? undefined : differ(sum.contractId);
    case 'date':
      return typeof json === 'string' && Date.parse(`${json}T00:00:00Z`) === sum.date * DAY_MS ? undefined : differ(sum.date);
    case 'timestamp': {
      const submittedMs = typeof json === 'string' ? Date.parse(json) : Number.NaN;
      return Math.floor(Number(sum.timestamp) / 1000) === submittedMs ? undefined : differ(sum.timestamp);
    }
    case 'optional': {
      const inner = sum.optional.value;
      if (inner === undefined)
        return json === null || json === undefined || (Array.isArray(json) && json.length === 0) ? undefined : differ(null);
      // An optional inside an optional is written as a one-element array.
      const some = inner.sum.oneofKind === 'optional' && Array.isArray(json) ? json[0] : json;
      return valueMismatch(inner, some, path);
    }
    case 'list': {
      if (!Array.isArray(json) || json.length !== sum.list.elements.length) return differ(`a list of ${sum.list.elements.length}`);
      for (const [index, element] of sum.list.elements.entries()) {
        const problem = valueMismatch(element, json[index], `${path}[${index}]`);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    case 'textMap': {
      const object = (json ?? {}) as Record<string, unknown>;
      if (Object.keys(object).length !== sum.textMap.entries.length) return differ(`a map of ${sum.textMap.entries.length}`);
      for (const entry of sum.textMap.entries) {
        const problem = valueMismatch(entry.value, object[entry.key], `${path}.${entry.key}`);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    case 'genMap': {
      if (!Array.isArray(json) || json.length !== sum.genMap.entries.length) return differ(`a map of ${sum.genMap.entries.length}`);
      for (const [index, entry] of sum.genMap.entries.entries()) {
        const pair = json[index] as unknown[];
        const problem =
          valueMismatch(entry.key, pair?.[0], `${path}[${index}][0]`) ?? valueMismatch(entry.value, pair?.[1], `${path}[${index}][1]`);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    case 'record': {
      if (json === null || typeof json !== 'object' || Array.isArray(json)) return differ('a record');
      const object = json as Record<string, unknown>;
      const labels = new Set(sum.record.fields.map((field) => field.label));
      const unknown = Object.keys(object).filter((key) => !labels.has(key) && object[key] !== null);
      if (unknown.length > 0) return `${path}: the record shown has no field ${unknown.join(', ')}`;
      for (const field of sum.record.fields) {
        const problem = valueMismatch(field.value, object[field.label], `${path}.${field.label}`);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    case 'variant': {
      const variant = json as { tag?: unknown; value?: unknown } | null;
      if (variant?.tag !== sum.variant.constructor) return differ(sum.variant.constructor);
      return valueMismatch(sum.variant.value, variant.value, `${path}.value`);
    }
    case 'enum':
      return sum.enum.constructor === json ? undefined : differ(sum.enum.constructor);
    default:
      return `${path}: a value of no known kind`;
  }
}
