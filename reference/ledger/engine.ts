/**
 * Command interpretation: runs the commands of one submission against the active contracts, all or
 * nothing, and returns the transaction (nodes in pre-order, as Daml numbers them) without changing the
 * ledger. Creates and exercises are recorded with Daml's node ids, which count the fetch, fetch-by-key and lookup-by-key
 * nodes too (so ids can have gaps); fetch nodes are kept apart (`fetches`, for prepared transactions), lookup-by-key
 * nodes not at all. Checks what Daml's engine checks: argument types, ensure clauses, authorization of creates and
 * exercises, visibility of used contracts to the submitters and contract activeness. Keys are not unique, as in Canton
 * 3.5 (NUCK): a lookup by key takes the most recent active contract with the key the submission sees (`lookupKey`).
 */
import { LedgerApiError } from '../canton-errors.js';
import { packageIdForm, resolveIdentifier, resolveTemplate, type ParsedIdentifier, type VersionSelection } from './identifiers.js';
import {
  homeOf,
  sameUpgradableTemplate,
  viewOf,
  type ChoiceDefinition,
  type InterfaceDefinition,
  type ModelPackage,
  type TemplateDefinition,
} from './package-model.js';
import {
  MAXIMUM_NESTING,
  checkValue,
  mapTimestamps,
  nestsDeeperThan,
  rejectNonSuffixedContractId,
  type DamlRecord,
  type DamlType,
  type DamlValue,
} from './values.js';

export interface ContractKey {
  value: DamlRecord;
  /** Template and key value, as one string: the key index entry. */
  identity: string;
  maintainers: readonly string[];
}

export interface Contract {
  contractId: string;
  template: TemplateDefinition;
  argument: DamlRecord;
  signatories: readonly string[];
  /** Observers that are not signatories (Canton never lists a signatory as observer). */
  observers: readonly string[];
  key?: ContractKey;
  createdAt: string;
}

export interface CreateNode {
  kind: 'create';
  nodeId: number;
  contract: Contract;
  /** Informees of the node and of its ancestors: the parties that see it (ledger-effects witnesses). */
  witnesses: readonly string[];
}

export interface ExerciseNode {
  kind: 'exercise';
  nodeId: number;
  contract: Contract;
  /** The interface the choice was exercised through, if any. */
  iface?: InterfaceDefinition;
  choice: string;
  choiceArgument: DamlValue;
  consuming: boolean;
  actingParties: readonly string[];
  result: DamlValue;
  lastDescendantNodeId: number;
  witnesses: readonly string[];
}

export type TransactionNode = CreateNode | ExerciseNode;

/**
 * A fetch or fetch-by-key in a choice body (Daml's Fetch node, PartialTransaction.insertFetch): not among `nodes` (it makes
 * no event), kept for the prepared transaction, which lists it as Canton does. Its acting parties are the body's
 * authorizers that are stakeholders of the fetched contract.
 */
export interface FetchNode {
  nodeId: number;
  contract: Contract;
  actingParties: readonly string[];
}

/**
 * The index in `nodes` (in node-id order: the transaction's nodes, or a prepared transaction's with its fetch nodes) just
 * after the subtree of `nodes[index]`. Node ids are Daml's (fetch and lookup-by-key nodes, which are not in the
 * transaction's nodes, take ids too), so they are not indexes and a subtree is found by its id range.
 */
export function subtreeEnd(nodes: readonly { nodeId: number; kind: string; lastDescendantNodeId?: number }[], index: number): number {
  const node = nodes[index]!;
  let end = index + 1;
  const last = node.kind === 'exercise' ? node.lastDescendantNodeId : undefined;
  if (last !== undefined) while (end < nodes.length && nodes[end]!.nodeId <= last) end += 1;
  return end;
}

export interface InterpretedTransaction {
  nodes: readonly TransactionNode[];
  /** The fetch and fetch-by-key nodes, in node-id order; their ids are the gaps of `nodes`' (lookup-by-key ids stay gaps). */
  fetches: readonly FetchNode[];
  effectiveAt: string;
  /** Contracts consumed by the transaction (ledger contracts and transient ones). */
  consumed: ReadonlySet<string>;
  /** Contracts created by the transaction, including transient ones. */
  created: ReadonlyMap<string, Contract>;
  /** Ledger contracts the transaction read or consumed: they must still be active when it commits. */
  inputs: ReadonlySet<string>;
  /** Every party the transaction names as a stakeholder or actor. */
  informees: ReadonlySet<string>;
}

export type Command =
  | { kind: 'create'; templateId: ParsedIdentifier; createArguments: unknown; path: string }
  | { kind: 'exercise'; templateId: ParsedIdentifier; contractId: string; choice: string; choiceArgument: unknown; path: string }
  | {
      kind: 'createAndExercise';
      templateId: ParsedIdentifier;
      createArguments: unknown;
      choice: string;
      choiceArgument: unknown;
      path: string;
    }
  | { kind: 'exerciseByKey'; templateId: ParsedIdentifier; contractKey: unknown; choice: string; choiceArgument: unknown; path: string };

/** The ledger as the engine reads it. */
export interface LedgerView {
  /** An active contract (or, under the `interpretation-error-200` fault, an archived one too). */
  contract(contractId: string): Contract | undefined;
  /** The active contracts with a key, most recent first (Canton 3.5 keys are not unique). */
  contractIdsByKey(identity: string): readonly string[];
  /** A contract this ledger archived (for a disclosed contract that is no longer active). */
  archived(contractId: string): Contract | undefined;
}

export interface InterpretOptions {
  pkg: ModelPackage;
  /** How a package-name reference picks a version of an upgrade lineage (the submission's packageIdSelectionPreference). */
  versions?: VersionSelection;
  /** On under the `upgrade-exercise-keeps-contract-version` fault. */
  exerciseKeepsContractVersion?: boolean;
  view: LedgerView;
  actAs: readonly string[];
  readAs: readonly string[];
  effectiveAt: string;
  newContractId: () => string;
  isKnownParty: (party: string) => boolean;
  /** Party ids to share with the values of new contracts (see `ValueCheckOptions.knownParties`). */
  partyIds?: ReadonlyMap<string, string>;
  checkPreconditions: boolean;
  /** Off under the `controller-not-checked` fault: a choice's controllers need not authorize it. */
  checkControllers?: boolean;
  /** Off under the `double-spend-same-transaction` fault: a contract consumed earlier in the transaction stays usable. */
  checkConsumedInTransaction?: boolean;
  /** Contracts disclosed to the submission (explicit disclosure): visible to it whoever its submitters are. */
  disclosed?: ReadonlySet<string>;
  /** On under the `exercise-hidden-from-observers` fault: a consuming exercise is shown to signatories and actors only. */
  hideConsumingFromObservers?: boolean;
  /** On under the holdout fault `holdout-non-consuming-witnesses-include-observers`: a non-consuming exercise's observers see it. */
  nonConsumingShownToObservers?: boolean;
  /** On under the `contract-key-not-found-wrong-code` fault: a missing key is CONTRACT_NOT_FOUND. */
  keyNotFoundAsContractNotFound?: boolean;
  /** On under the `key-lookup-ignores-visibility` fault: an exercise by key finds a contract the submitters cannot see. */
  keyLookupIgnoresVisibility?: boolean;
  /** On under the `contract-keys-unique` fault: a create whose key an active contract has is DUPLICATE_CONTRACT_KEY. */
  uniqueKeys?: boolean;
  /** On under the `contract-key-lookup-oldest` fault: a lookup by key takes the oldest of the contracts with the key. */
  keyLookupOldest?: boolean;
  /** On under the `local-key-lookup-checks-visibility` fault: a key lookup finds a contract of this transaction only if a submitter is its stakeholder. */
  localKeysNeedVisibility?: boolean;
  /** On under the `fetch-authorization-not-checked` fault: a fetch needs no stakeholder among the authorizers. */
  fetchAuthorizationNotChecked?: boolean;
  /** On under the `lookup-by-key-authorization-not-checked` fault: a lookup by key needs none of the key's maintainers' authority. */
  lookupByKeyAuthorizationNotChecked?: boolean;
  /** On under the `fetch-type-not-checked` fault: a fetch in a choice body takes a contract of any template. */
  fetchTypeNotChecked?: boolean;
  /** On under the `create-first-signatory-only` fault: a create needs its first signatory's authority only. */
  firstSignatoryOnly?: boolean;
  /** On under the `nested-witnesses-not-inherited` fault: a nested node is shown to its own informees only, not its ancestors'. */
  witnessesNotInherited?: boolean;
  /** On under the `observers-list-signatories` fault: a signatory who is also a declared observer is listed among the observers. */
  observersKeepSignatories?: boolean;
  /** On under the `create-and-exercise-arguments-wrong-code` fault: its create arguments' errors are INVALID_ARGUMENT. */
  createAndExerciseWrongCode?: boolean;
  /** On under the `timestamp-millis` fault: created contracts keep their Timestamps to the millisecond only. */
  timestampsToMillis?: boolean;
  /** On under the `variant-tag-error-wrong-code` fault: a variant error of the JSON layer is COMMAND_PREPROCESSING_FAILED. */
  variantErrorWrongCode?: boolean;
  /** On under the `record-fields-as-submitted` fault: a created contract keeps its top-level fields in the request's order. */
  recordFieldsAsSubmitted?: boolean;
  /** On under the `assert-not-checked` fault: a failing Daml assert does not stop the choice. */
  ignoreAsserts?: boolean;
  /** On under the `divulged-contract-usable` fault: a fetch in a choice body sees contracts the submitters cannot see. */
  fetchIgnoresVisibility?: boolean;
  /** On under the `fetch-sees-archived` fault: a fetch in a choice body returns an archived contract. */
  fetchSeesArchived?: boolean;
  /** On under the `disclosed-archived-accepted` fault: a disclosed contract is used even after it was archived. */
  acceptArchivedDisclosed?: boolean;
  /** The value nesting limit: Daml-LF's 100 (`MAXIMUM_NESTING`); 101 under the `value-nesting-limit-101` fault. */
  nestingLimit?: number;
  /** On under the `value-nesting-result-unchecked` fault: an exercise result is not held to the nesting limit. */
  resultNestingUnchecked?: boolean;
}

/** Who made a value: the command (checked by the engine's preprocessing) or the interpreter (a choice body, a key). */
type Origin = 'command' | 'interpreter';

/** A key's identity: Canton's GlobalKey, the template's package name and qualified name and the key value. */
export function keyIdentity(template: TemplateDefinition, key: DamlValue): string {
  return `${template.home?.name ?? ''}\u0000${template.qualifiedName}\u0000${JSON.stringify(key)}`;
}

function contractNotFound(contractId: string): LedgerApiError {
  return new LedgerApiError('CONTRACT_NOT_FOUND', `Contract could not be found with id ${contractId}`, {
    resources: [['CONTRACT_ID', contractId]],
  });
}

/** Interprets `commands` atomically; throws the first error as a `LedgerApiError`. */
export function interpret(commands: readonly Command[], options: InterpretOptions): InterpretedTransaction {
  return new Interpretation(options).run(commands);
}

class Interpretation {
  private readonly nodes: TransactionNode[] = [];
  private readonly fetches: FetchNode[] = [];
  /**
   * The next node id. Daml numbers every node of the transaction in pre-order, its fetch, fetch-by-key and
   * lookup-by-key (QueryByKey) nodes too (PartialTransaction.insertFetch, insertQueryByKey); the reference records
   * creates and exercises only, so their ids have gaps where Canton's have those nodes.
   */
  private nextNodeId = 0;
  private readonly consumed = new Set<string>();
  private readonly created = new Map<string, Contract>();
  private readonly inputs = new Set<string>();
  private readonly informees = new Set<string>();
  /** Key identity → the contracts this transaction created with that key, oldest first (consumed ones included). */
  private readonly localKeys = new Map<string, string[]>();
  /** The submitters' act-as and read-as parties; built on first use (creating alone never needs it). */
  private readersCache: ReadonlySet<string> | undefined;

  constructor(private readonly options: InterpretOptions) {}

  private get readers(): ReadonlySet<string> {
    this.readersCache ??= new Set([...this.options.actAs, ...this.options.readAs]);
    return this.readersCache;
  }

  run(commands: readonly Command[]): InterpretedTransaction {
    const authorizers = new Set(this.options.actAs);
    for (const command of commands) this.runCommand(command, authorizers);
    const unknown: string[] = [];
    for (const party of this.informees) if (!this.options.isKnownParty(party)) unknown.push(party);
    if (unknown.length > 0) {
      throw new LedgerApiError(
        'UNKNOWN_INFORMEES',
        `The participant is not connected to any synchronizer where the given informees are known: ${unknown.join(', ')}`,
        { context: { unknownInformees: unknown.join(', ') } },
      );
    }
    return {
      // Copies of exact size: arrays grown by push keep spare capacity, and transactions are kept for good.
      nodes: this.nodes.slice(),
      fetches: this.fetches.slice(),
      effectiveAt: this.options.effectiveAt,
      consumed: this.consumed,
      created: this.created,
      inputs: this.inputs,
      informees: this.informees,
    };
  }

  private runCommand(command: Command, authorizers: ReadonlySet<string>): void {
    const { pkg } = this.options;
    switch (command.kind) {
      case 'create': {
        const template = resolveTemplate(pkg, command.templateId, this.options.versions);
        this.create(template, command.createArguments, authorizers, [], `${command.path}.createArguments`, 'command');
        return;
      }
      case 'createAndExercise': {
        const template = resolveTemplate(pkg, command.templateId, this.options.versions);
        const choice = findTemplateChoice(template, command.choice);
        let contractId: string;
        try {
          contractId = this.create(template, command.createArguments, authorizers, [], `${command.path}.createArguments`, 'command');
        } catch (error) {
          if (this.options.createAndExerciseWrongCode && error instanceof LedgerApiError && error.code === 'COMMAND_PREPROCESSING_FAILED') {
            throw new LedgerApiError('INVALID_ARGUMENT', error.errorCause);
          }
          throw error;
        }
        const contract = this.created.get(contractId) as Contract;
        this.exercise(contract, choice, undefined, command.choiceArgument, authorizers, `${command.path}.choiceArgument`, 'command');
        return;
      }
      case 'exercise': {
        const resolved = resolveIdentifier(pkg, command.templateId, 'command', this.options.versions);
        rejectNonSuffixedContractId(command.contractId);
        let contract = this.fetchVisible(command.contractId);
        if (resolved.kind === 'template') {
          let choice = findTemplateChoice(resolved.template, command.choice);
          if (!sameUpgradableTemplate(pkg, contract.template, resolved.template)) {
            throw wronglyTyped(contract.contractId, packageIdForm(pkg, resolved.template), packageIdForm(pkg, contract.template));
          }
          // A contract of another version of the template (an upgrade lineage) is exercised as the version the command
          // names: its argument read as that version's (an added trailing optional field absent, None), its events
          // naming that package. Fault `upgrade-exercise-keeps-contract-version`: it runs as the version it was created with.
          if (contract.template !== resolved.template) {
            if (this.options.exerciseKeepsContractVersion) choice = findTemplateChoice(contract.template, command.choice);
            else contract = { ...contract, template: resolved.template, argument: downgraded(pkg, contract, resolved.template) };
          }
          this.exercise(contract, choice, undefined, command.choiceArgument, authorizers, `${command.path}.choiceArgument`, 'command');
        } else {
          const choice = resolved.iface.choices.get(command.choice);
          if (!choice) {
            throw new LedgerApiError(
              'COMMAND_PREPROCESSING_FAILED',
              `Couldn't find requested choice ${command.choice} for interface ${resolved.iface.qualifiedName}`,
            );
          }
          if (viewOf(contract.template, resolved.iface) === undefined) {
            // CommandExecutionErrors.Interpreter.ContractDoesNotImplementInterface, its cause Pretty.scala's.
            throw new LedgerApiError(
              'CONTRACT_DOES_NOT_IMPLEMENT_INTERFACE',
              `Interpretation error: Error: Update failed due to contract ${contract.contractId} not implementing an interface\nExpected contract to implement interface ${shortTypeConId(packageIdForm(pkg, resolved.iface))} but contract has type ${shortTypeConId(packageIdForm(pkg, contract.template))}`,
            );
          }
          this.exercise(contract, choice, resolved.iface, command.choiceArgument, authorizers, `${command.path}.choiceArgument`, 'command');
        }
        return;
      }
      case 'exerciseByKey': {
        const template = resolveTemplate(pkg, command.templateId, this.options.versions);
        const choice = findTemplateChoice(template, command.choice);
        if (!template.key) {
          throw new LedgerApiError('COMMAND_PREPROCESSING_FAILED', `Template ${template.qualifiedName} does not have a contract key`);
        }
        const keyValue = checkValue(template.key.type, command.contractKey, {
          path: `${command.path}.contractKey`,
          knownParties: this.options.partyIds,
        });
        this.checkNesting(template.key.type, keyValue, 'command');
        const contract = this.lookupKey(keyIdentity(template, keyValue));
        if (!contract) throw keyNotFound(this.options.pkg, template, keyValue, this.options.keyNotFoundAsContractNotFound);
        this.exercise(contract, choice, undefined, command.choiceArgument, authorizers, `${command.path}.choiceArgument`, 'command');
        return;
      }
    }
  }

  private create(
    template: TemplateDefinition,
    argumentJson: unknown,
    authorizers: ReadonlySet<string>,
    parentWitnesses: readonly string[],
    path: string,
    origin: Origin,
  ): string {
    let argument: DamlRecord;
    try {
      argument = checkValue(template.argumentType, argumentJson, { path, knownParties: this.options.partyIds }) as DamlRecord;
    } catch (error) {
      if (this.options.variantErrorWrongCode && error instanceof LedgerApiError && /variant/i.test(error.errorCause)) {
        throw new LedgerApiError('COMMAND_PREPROCESSING_FAILED', error.errorCause);
      }
      throw error;
    }
    this.checkNesting(template.argumentType, argument, origin);
    if (this.options.recordFieldsAsSubmitted && typeof argumentJson === 'object' && argumentJson !== null) {
      const ordered = argument;
      argument = Object.fromEntries(Object.keys(argumentJson).flatMap((name) => (name in ordered ? [[name, ordered[name]!]] : [])));
    }
    if (this.options.timestampsToMillis) {
      argument = mapTimestamps(template.argumentType, argument, (time) =>
        time.replace(/\.(\d{1,3})\d*Z$/, (_, millis: string) =>
          millis.replace(/0+$/, '') === '' ? 'Z' : `.${millis.replace(/0+$/, '')}Z`,
        ),
      ) as DamlRecord;
    }
    const nodeId = this.nextNodeId;
    if (this.options.checkPreconditions && !template.ensure(argument)) {
      throw new LedgerApiError(
        'TEMPLATE_PRECONDITION_VIOLATED',
        `Interpretation error: Error: Template precondition violated in: create of ${template.qualifiedName} (node ${nodeId})`,
      );
    }
    // Daml's signatories are a set: a party named twice signs once.
    const signatories = [...new Set(template.signatories(argument))];
    const observers = this.options.observersKeepSignatories
      ? [...new Set(template.observers(argument))]
      : [...new Set(without(template.observers(argument), signatories))];
    let key: ContractKey | undefined;
    if (template.key) {
      const value = template.key.of(argument);
      // The key is the interpreter's value, whoever wrote the contract (ContractKeysDeeplyNestedValueIT.scala:76).
      this.checkNesting(template.key.type, value, 'interpreter');
      key = { value, identity: keyIdentity(template, value), maintainers: template.key.maintainers(value) };
    }
    // Fault `create-first-signatory-only`: only the first signatory's authority is required.
    const required = this.options.firstSignatoryOnly ? signatories.slice(0, 1) : signatories;
    requireAuthorization(nodeId, this.options.pkg, template, key ? [...required, ...key.maintainers] : required, authorizers);
    // Fault `contract-keys-unique`: the unique-key ledger of Daml 2 (Canton 3.5 accepts a second contract with a key in use).
    if (key && this.options.uniqueKeys && this.lookupKey(key.identity, true) !== undefined) {
      throw new LedgerApiError(
        'DUPLICATE_CONTRACT_KEY',
        `Inconsistent: Duplicate contract key: GlobalKey(${template.qualifiedName}, ${JSON.stringify(key.value)})`,
        { resources: [['TEMPLATE_ID', template.qualifiedName]] },
      );
    }
    const contract: Contract = {
      contractId: this.options.newContractId(),
      template,
      argument,
      signatories,
      observers,
      createdAt: this.options.effectiveAt,
    };
    if (key) contract.key = key;
    for (const party of signatories) this.informees.add(party);
    for (const party of observers) this.informees.add(party);
    this.created.set(contract.contractId, contract);
    if (key) {
      const local = this.localKeys.get(key.identity);
      if (local === undefined) this.localKeys.set(key.identity, [contract.contractId]);
      else local.push(contract.contractId);
    }
    const inherited = this.options.witnessesNotInherited ? [] : parentWitnesses;
    this.nodes.push({ kind: 'create', nodeId, contract, witnesses: union(inherited, signatories, observers) });
    this.nextNodeId += 1;
    return contract.contractId;
  }

  private exercise(
    contract: Contract,
    choice: ChoiceDefinition,
    iface: InterfaceDefinition | undefined,
    argumentJson: unknown,
    authorizers: ReadonlySet<string>,
    path: string,
    origin: Origin,
    parentWitnesses: readonly string[] = [],
  ): void {
    // Canton reads a null choice argument as {}.
    const choiceArgument = checkValue(choice.argumentType, argumentJson ?? {}, { path, knownParties: this.options.partyIds }) as DamlRecord;
    this.checkNesting(choice.argumentType, choiceArgument, origin);
    const subject = iface ? viewOf(contract.template, iface)!(contract.argument) : contract.argument;
    const actingParties = [...new Set(choice.controllers(subject, choiceArgument, contract.signatories))];
    const choiceObservers = choice.observers?.(subject, choiceArgument) ?? [];
    const nodeId = this.nextNodeId;
    if (this.options.checkControllers !== false)
      requireAuthorization(nodeId, this.options.pkg, contract.template, actingParties, authorizers);
    const nodeInformees =
      (choice.consuming && !this.options.hideConsumingFromObservers) || (!choice.consuming && this.options.nonConsumingShownToObservers)
        ? [...contract.signatories, ...contract.observers, ...actingParties, ...choiceObservers]
        : [...contract.signatories, ...actingParties, ...choiceObservers];
    const witnesses = union(this.options.witnessesNotInherited ? [] : parentWitnesses, nodeInformees);
    for (const party of actingParties) this.informees.add(party);
    for (const party of choiceObservers) this.informees.add(party);
    const node: ExerciseNode = {
      kind: 'exercise',
      nodeId,
      contract,
      ...(iface ? { iface } : {}),
      choice: choice.name,
      choiceArgument,
      consuming: choice.consuming,
      actingParties,
      result: null,
      lastDescendantNodeId: nodeId,
      witnesses,
    };
    this.nodes.push(node);
    this.nextNodeId += 1;
    if (choice.consuming) {
      this.consumed.add(contract.contractId);
    }
    const bodyAuthorizers = new Set([...actingParties, ...contract.signatories]);
    const bodyPath = `${path} (body of ${choice.name})`;
    // Daml's fetch (also by key) needs one of the fetched contract's stakeholders among the authorizers (readAs lends only
    // visibility); the cause is Pretty.prettyFailedAuthorization's (no template id). Fault
    // `fetch-authorization-not-checked`: any authorizer will do.
    /** The fetch node of a fetch (also by key), which takes the next node id. */
    const recordFetch = (fetched: Contract): void => {
      const stakeholders = new Set([...fetched.signatories, ...fetched.observers]);
      const actingParties = [...bodyAuthorizers].filter((party) => stakeholders.has(party));
      this.fetches.push({ nodeId: this.nextNodeId, contract: fetched, actingParties });
      this.nextNodeId += 1;
    };
    const authorizeFetch = (fetched: Contract): void => {
      const stakeholders = [...fetched.signatories, ...fetched.observers];
      if (!this.options.fetchAuthorizationNotChecked && !stakeholders.some((party) => bodyAuthorizers.has(party))) {
        throw new LedgerApiError(
          'DAML_AUTHORIZATION_ERROR',
          `Interpretation error: Error: node NodeId(${this.nextNodeId}) requires one of the stakeholders TreeSet(${[...new Set(stakeholders)].join(', ')}) of the fetched contract to be an authorizer, but authorizers were TreeSet(${[...bodyAuthorizers].join(', ')})`,
        );
      }
    };
    // `exercise` and `exerciseByKey` of a body: the choice exercised on the contract found, its result returned.
    const exerciseInBody = (target: Contract, name: string, argument: DamlValue): DamlValue => {
      const before = this.nodes.length;
      this.exercise(
        target,
        findTemplateChoice(target.template, name),
        undefined,
        argument,
        bodyAuthorizers,
        bodyPath,
        'interpreter',
        witnesses,
      );
      return (this.nodes[before] as ExerciseNode).result;
    };
    node.result = choice.body(
      {
        self: contract.contractId,
        create: (template, argument) => this.create(template, argument, bodyAuthorizers, witnesses, bodyPath, 'interpreter'),
        fetch: (contractId, expected) => {
          const fetched = this.fetchInBody(contractId);
          authorizeFetch(fetched);
          // Fault `fetch-type-not-checked`: a fetch takes a contract of any template.
          if (expected !== undefined && fetched.template.qualifiedName !== expected && !this.options.fetchTypeNotChecked) {
            // The expected template is the choice's package's (a body names templates of its own package).
            const expectedId = packageIdForm(this.options.pkg, { qualifiedName: expected, home: contract.template.home });
            throw wronglyTyped(contractId, expectedId, packageIdForm(this.options.pkg, fetched.template));
          }
          recordFetch(fetched);
          return fetched.argument;
        },
        exercise: (contractId, name, argument) => exerciseInBody(this.fetchVisible(contractId), name, argument),
        exerciseByKey: (template, key, name, argument) => {
          const target = this.lookupKey(keyIdentity(template, key));
          if (!target) throw keyNotFound(this.options.pkg, template, key, this.options.keyNotFoundAsContractNotFound);
          return exerciseInBody(target, name, argument);
        },
        fetchByKey: (template, key) => {
          // SBuiltinFun.scala KeyOperation.Fetch: the lookup itself needs no authority; the fetch that follows does.
          const target = this.lookupKey(keyIdentity(template, key));
          if (!target) throw keyNotFound(this.options.pkg, template, key, this.options.keyNotFoundAsContractNotFound);
          authorizeFetch(target);
          recordFetch(target); // the fetch node (by key; the key lookup before it makes no node)
          return { contractId: target.contractId, argument: target.argument };
        },
        queryNByKey: (template, key, n) => {
          // SBuiltinFun.scala KeyOperation.QueryNByKey: authorizeQueryByKey, the key's maintainers among the authorizers
          // (Pretty.scala:372), then at most n contracts in the lookup's order.
          const maintainers = [...new Set(template.key?.maintainers(key) ?? [])];
          // Fault `lookup-by-key-authorization-not-checked`: no maintainer's authority needed.
          if (!this.options.lookupByKeyAuthorizationNotChecked && !maintainers.every((party) => bodyAuthorizers.has(party))) {
            throw new LedgerApiError(
              'DAML_AUTHORIZATION_ERROR',
              `Interpretation error: Error: node NodeId(${this.nextNodeId}) (${packageIdForm(this.options.pkg, template)}) requires authorizers ${maintainers.join(',')} for lookup by key, but it only has ${[...bodyAuthorizers].join(',')}`,
            );
          }
          const found = this.lookupKeys(keyIdentity(template, key), n);
          this.nextNodeId += 1; // the QueryByKey node
          return found.map((contract) => ({ contractId: contract.contractId, argument: contract.argument }));
        },
        failWithStatus: (errorId, category, message) => {
          // Daml-LF's FAIL_WITH_STATUS: CommandExecutionErrors.Interpreter.FailureStatus, the category the code gives, the
          // cause Pretty.prettyDamlException renders ("User failure: <id> (error category <n>): <message>").
          throw new LedgerApiError(
            'DAML_FAILURE',
            `Interpretation error: Error: User failure: ${errorId} (error category ${category}): ${message}`,
            {
              context: {
                error_id: errorId,
                exercise_trace: `in choice ${contract.template.qualifiedName}:${choice.name} on contract ${contract.contractId.slice(0, 10)} (#${nodeId})`,
              },
            },
          );
        },
        ledgerTime: () => this.options.effectiveAt,
        assert: (condition) => {
          // Daml's assert (FailureStatus "Assertion failed", CommandExecutionErrors.scala:851; LAPITT CSReturnStackTrace).
          // Fault `assert-not-checked`: a failing assert lets the choice go on.
          if (condition || this.options.ignoreAsserts) return;
          throw new LedgerApiError('DAML_FAILURE', 'Interpretation error: Error: Assertion failed', {
            context: {
              exercise_trace: `in choice ${contract.template.qualifiedName}:${choice.name} on contract ${contract.contractId.slice(0, 10)} (#${nodeId})`,
            },
          });
        },
      },
      subject,
      choiceArgument,
    );
    // Fault `value-nesting-result-unchecked`: a result nested too deep is kept.
    if (!this.options.resultNestingUnchecked) this.checkNesting(choice.resultType, node.result, 'interpreter');
    node.lastDescendantNodeId = this.nextNodeId - 1;
  }

  /**
   * Daml-LF's value nesting limit (100, `Value.MAXIMUM_NESTING`): a command's value nested deeper fails the engine's
   * preprocessing, COMMAND_PREPROCESSING_FAILED (ValueTranslator.scala:88, Error.scala:129); a value the interpreter
   * makes (a create or choice argument in a choice body, a choice result, a contract key) fails its translation to a
   * transaction value, VALUE_NESTING (SValue.scala:71; CommandExecutionErrors.scala:824); DeeplyNestedValueIT.scala:85-155.
   */
  private checkNesting(type: DamlType, value: DamlValue, origin: Origin): void {
    const limit = this.options.nestingLimit ?? MAXIMUM_NESTING;
    if (!nestsDeeperThan(type, value, limit)) return;
    if (origin === 'command') {
      throw new LedgerApiError('COMMAND_PREPROCESSING_FAILED', `Provided value exceeds maximum nesting level of ${MAXIMUM_NESTING}`);
    }
    throw new LedgerApiError('VALUE_NESTING', `Interpretation error: Error: Value exceeds maximum nesting value of ${MAXIMUM_NESTING}`);
  }

  private isVisible(contract: Contract): boolean {
    if (this.created.has(contract.contractId)) return true;
    if (this.options.disclosed?.has(contract.contractId)) return true;
    return this.isStakeholderVisible(contract);
  }

  /** Whether a submitter (actAs, readAs) is a stakeholder of the contract. */
  private isStakeholderVisible(contract: Contract): boolean {
    return contract.signatories.some((party) => this.readers.has(party)) || contract.observers.some((party) => this.readers.has(party));
  }

  private fetchActive(contractId: string): Contract | undefined {
    if (this.consumed.has(contractId)) return undefined;
    const local = this.created.get(contractId);
    if (local) return local;
    const contract = this.options.view.contract(contractId);
    if (contract) this.inputs.add(contractId);
    return contract;
  }

  private fetchVisible(contractId: string): Contract {
    // CommandExecutionErrors.Interpreter.ContractNotActive (3.5): consumed earlier in this transaction.
    if (this.consumed.has(contractId) && this.options.checkConsumedInTransaction !== false) {
      // The cause as Pretty.scala ContractNotActive writes it: the template id short, the consuming node.
      const consumed = this.created.get(contractId) ?? this.options.view.contract(contractId);
      const template = consumed === undefined ? 'unknown template' : shortTypeConId(packageIdForm(this.options.pkg, consumed.template));
      const consumer = this.nodes.find((node) => node.kind === 'exercise' && node.consuming && node.contract.contractId === contractId);
      throw new LedgerApiError(
        'CONTRACT_NOT_ACTIVE',
        `Interpretation error: Error: Update failed due to fetch of an inactive contract ${contractId} (${template}).\nThe contract had been consumed in sub-transaction #NodeId(${consumer?.nodeId ?? '?'}):`,
        { resources: [['CONTRACT_ID', contractId]] },
      );
    }
    const contract =
      this.options.checkConsumedInTransaction === false
        ? (this.created.get(contractId) ?? this.options.view.contract(contractId))
        : this.fetchActive(contractId);
    if (!contract && this.options.disclosed?.has(contractId)) {
      const archived = this.options.view.archived(contractId);
      if (archived && this.options.acceptArchivedDisclosed) return archived;
      // Disclosed contracts skip the store lookup (StoreBackedCommandInterpreter, ContractsSynchronizerData.scala:54);
      // the confirming participant's activeness check then rejects the archived input (LocalRejectError.scala:108, 3.5).
      if (archived) {
        throw new LedgerApiError(
          'LOCAL_VERDICT_INACTIVE_CONTRACTS',
          `Rejected transaction is referring to inactive contracts ${contractId}`,
          {
            resources: [['CONTRACT_ID', contractId]],
          },
        );
      }
    }
    // A contract the submitters cannot see is reported like a missing one (no information leaks).
    if (!contract || !this.isVisible(contract)) throw contractNotFound(contractId);
    return contract;
  }

  /** A Daml `fetch` in a choice body: the visibility and activeness checks of any other use, unless a fault is on. */
  private fetchInBody(contractId: string): Contract {
    if (this.options.fetchSeesArchived && !this.consumed.has(contractId)) {
      const archived = this.options.view.archived(contractId);
      if (archived && this.isVisible(archived)) return archived;
    }
    if (this.options.fetchIgnoresVisibility) {
      const contract = this.fetchActive(contractId);
      if (contract) return contract;
    }
    return this.fetchVisible(contractId);
  }

  /**
   * What a fetch or exercise by key finds: the first active contract with the key that the submission sees, in Canton 3.5's
   * order (keys are not unique, NUCK): those created earlier in this transaction, most recent first; then those disclosed
   * to the submission, in the order given; then the ledger's, most recent first, among those the submitters (actAs, readAs)
   * are stakeholders of (NextGenContractStateMachine.scala activeKeyMapping: local keys before key inputs;
   * StoreBackedCommandInterpreter.scala disclosedOrStoreNKeyLookup: disclosed before the store; the store newest first,
   * ContractStorageBackendTemplate.scala:103, filtered by the readers, MutableCacheBackedContractStore.scala toContractKeyPage;
   * SBuiltinFun.scala KeyOperation.Fetch takes the head; Canton's own NUCKTests.daml exerciseByMultiple and
   * lookupNByKeyMultiple assert this order). `anyVisibility` (and the `key-lookup-ignores-visibility` fault) takes the
   * first whoever sees it.
   */
  private lookupKey(identity: string, anyVisibility = this.options.keyLookupIgnoresVisibility === true): Contract | undefined {
    return this.lookupKeys(identity, 1, anyVisibility)[0];
  }

  /** The first `n` contracts a lookup by key finds, in the order `lookupKey` describes. */
  private lookupKeys(identity: string, n: number, anyVisibility = this.options.keyLookupIgnoresVisibility === true): Contract[] {
    const { view, disclosed } = this.options;
    const local = [...(this.localKeys.get(identity) ?? [])].reverse();
    const disclosedWithKey = [...(disclosed ?? [])].filter((contractId) => view.contract(contractId)?.key?.identity === identity);
    const ledger = view.contractIdsByKey(identity).filter((contractId) => !disclosed?.has(contractId));
    const candidates = [...local, ...disclosedWithKey, ...ledger];
    // Fault `contract-key-lookup-oldest`: the oldest first.
    if (this.options.keyLookupOldest) candidates.reverse();
    const found: Contract[] = [];
    for (const contractId of candidates) {
      if (found.length >= n) break;
      if (this.consumed.has(contractId)) continue;
      const created = this.created.get(contractId);
      const contract = created ?? view.contract(contractId);
      if (!contract) continue;
      // Contracts created in this transaction are found whoever sees them (ContractKeysIT CKLocal*KeyVisibility); fault
      // `local-key-lookup-checks-visibility`: only if a submitter is a stakeholder.
      const visible =
        anyVisibility || (created && this.options.localKeysNeedVisibility ? this.isStakeholderVisible(created) : this.isVisible(contract));
      if (!visible) continue;
      if (!created) this.inputs.add(contractId);
      found.push(contract);
    }
    return found;
  }
}

/**
 * No active contract with the key: CONTRACT_KEY_NOT_FOUND. Canton's cause names the GlobalKey as Scala prints it: template
 * id (with its package id), package name, the key as an LF value and its hash; the reference writes the key as JSON and no
 * hash. Fault `contract-key-not-found-wrong-code`: a missing key is reported as a missing contract.
 */
function keyNotFound(
  pkg: ModelPackage,
  template: TemplateDefinition,
  key: DamlValue,
  asContractNotFound: boolean | undefined,
): LedgerApiError {
  return new LedgerApiError(
    asContractNotFound ? 'CONTRACT_NOT_FOUND' : 'CONTRACT_KEY_NOT_FOUND',
    `dependency error: couldn't find key: GlobalKey(${packageIdForm(pkg, template)}, ${homeOf(pkg, template).name}, ${JSON.stringify(key)})`,
    { resources: [['TEMPLATE_ID', template.qualifiedName]] },
  );
}

function findTemplateChoice(template: TemplateDefinition, name: string): ChoiceDefinition {
  const choice = template.choices.get(name);
  if (!choice) {
    throw new LedgerApiError(
      'COMMAND_PREPROCESSING_FAILED',
      `Couldn't find requested choice ${name} for template ${template.qualifiedName}. Available choices: ${[...template.choices.keys()].join(', ')}`,
    );
  }
  return choice;
}

/**
 * A create's or exercise's required authorizers among the authorizers, else DAML_AUTHORIZATION_ERROR with the cause
 * Canton's engine writes (Pretty.prettyFailedAuthorization: the template id with its package id, no list of the missing).
 */
function requireAuthorization(
  nodeId: number,
  pkg: ModelPackage,
  template: TemplateDefinition,
  required: readonly string[],
  authorizers: ReadonlySet<string>,
): void {
  if (required.every((party) => authorizers.has(party))) return;
  throw new LedgerApiError(
    'DAML_AUTHORIZATION_ERROR',
    `Interpretation error: Error: node NodeId(${nodeId}) (${packageIdForm(pkg, template)}) requires authorizers ${[...new Set(required)].join(',')}, but only ${[...authorizers].join(',')} were given`,
  );
}

/**
 * The contract's argument read as `template`, an earlier version of its own: the fields that version does not declare
 * must be None (Canton's engine drops an optional field only then; a Some is INTERPRETATION_UPGRADE_ERROR_TRANSLATION_FAILED,
 * its cause the stable part of Canton's: Pretty.scala Upgrade.TranslationFailed, without the values it prints after).
 */
function downgraded(pkg: ModelPackage, contract: Contract, template: TemplateDefinition): DamlRecord {
  const declared = new Set(template.argumentType.fields.map((field) => field.name));
  const names = Object.keys(contract.argument);
  if (names.every((name) => declared.has(name))) return contract.argument;
  const index = names.findIndex((name) => !declared.has(name) && contract.argument[name] !== null);
  if (index < 0) return Object.fromEntries(Object.entries(contract.argument).filter(([name]) => declared.has(name)));
  throw new LedgerApiError(
    'INTERPRETATION_UPGRADE_ERROR_TRANSLATION_FAILED',
    `Interpretation error: Error: Translation of contract ${contract.contractId} to a value of type ${shortTypeConId(packageIdForm(pkg, template))} fails.\nReason: Type-checking fails  Found an optional contract field with a value of Some at index ${index}, may not be dropped during downgrading.`,
  );
}

/**
 * WRONGLY_TYPED_CONTRACT with the cause Canton's engine writes (Pretty.scala WronglyTypedContract): the contract id, then
 * on a second line both template ids as `Module:Entity@<first 8 characters of the package id>`.
 */
function wronglyTyped(contractId: string, expected: string, actual: string): LedgerApiError {
  return new LedgerApiError(
    'WRONGLY_TYPED_CONTRACT',
    `Interpretation error: Error: Update failed due to wrongly typed contract id ${contractId}\nExpected contract of type ${shortTypeConId(expected)} but got ${shortTypeConId(actual)}`,
  );
}

/** A template id as Canton's engine prints it in causes (Pretty.prettyTypeConId): `Module:Entity@<package id's first 8>`. */
function shortTypeConId(id: string): string {
  const colon = id.indexOf(':');
  return `${id.slice(colon + 1)}@${id.slice(0, Math.min(colon, 8))}`;
}

/** The parties of all lists, each once, in order of first appearance, in an array of exact size. */
function union(...lists: (readonly string[])[]): string[] {
  let total = 0;
  for (const list of lists) total += list.length;
  if (total > 16) return [...new Set(lists.flat())];
  const parties: string[] = [];
  for (const list of lists) for (const party of list) if (!parties.includes(party)) parties.push(party);
  return parties.slice();
}

/** `parties` without those in `excluded` (the list itself when nothing is excluded). */
function without(parties: string[], excluded: readonly string[]): string[] {
  for (const party of parties) if (excluded.includes(party)) return parties.filter((candidate) => !excluded.includes(candidate));
  return parties;
}
