/**
 * Renders one stored update as the JSON API writes it (`{update: {<Variant>: {value: ...}}}`), filtered
 * by an `UpdateFormat`. Returns `undefined` when the format filters out every event, which the caller
 * answers as UPDATE_NOT_FOUND. Rendering touches only the update asked for.
 */
import type { Faults } from '../faults.js';
import { createdEventBlob } from './created-event-blob.js';
import { subtreeEnd, type Contract, type TransactionNode } from './engine.js';
import { packageIdForm } from './identifiers.js';
import { homeOf, viewOf, type ModelPackage } from './package-model.js';
import type { CheckpointUpdate, ReassignmentUpdate, StoredUpdate, TopologyUpdate, TransactionUpdate } from './store.js';
import type { EventFormat, ResolvedFilter, UpdateFormat } from './update-format.js';
import type { InterfaceDefinition, TemplateDefinition } from './package-model.js';

type Json = Record<string, unknown>;

export interface RenderContext {
  pkg: ModelPackage;
  faults: Faults;
}

interface TemplateMatch {
  blob: boolean;
  views: InterfaceDefinition[];
  interfaces: InterfaceDefinition[];
}

function matchFilter(filter: ResolvedFilter, template: TemplateDefinition, faults: Faults): TemplateMatch | undefined {
  let matched = false;
  let blob = false;
  const views: InterfaceDefinition[] = [];
  const interfaces: InterfaceDefinition[] = [];
  if (filter.wildcardBlob !== undefined) {
    matched = true;
    blob ||= filter.wildcardBlob;
  }
  const templateBlob = filter.templates.get(template);
  if (templateBlob !== undefined) {
    matched = true;
    blob ||= templateBlob;
  }
  for (const [iface, flags] of filter.interfaces) {
    const implemented = viewOf(template, iface) !== undefined;
    if (!implemented && !faults.has('interface-filter-matches-all')) continue;
    matched = true;
    blob ||= flags.blob;
    if (!implemented) continue;
    interfaces.push(iface);
    // Holdout fault `holdout3-interface-view-unrequested`: the view is added whether the filter asks for it or not.
    if (flags.view || faults.has('holdout3-interface-view-unrequested')) views.push(iface);
  }
  // Fault `filter-flags-from-unmatched-filters`: the blob flags of filters that do not match the contract count too.
  if (matched && faults.has('filter-flags-from-unmatched-filters')) {
    blob ||= [...filter.templates.values()].some(Boolean) || [...filter.interfaces.values()].some((flags) => flags.blob);
  }
  return matched ? { blob, views, interfaces } : undefined;
}

interface EventMatch extends TemplateMatch {
  witnessParties: string[];
}

/**
 * Which filter parties see an event of `template` whose relevant parties (stakeholders, or witnesses for
 * ledger effects) are `relevant`, and what the matching filters ask to include.
 */
function matchEvent(
  format: EventFormat,
  template: TemplateDefinition,
  relevant: readonly string[],
  faults: Faults,
): EventMatch | undefined {
  const witnesses = new Set<string>();
  const result: TemplateMatch = { blob: false, views: [], interfaces: [] };
  // Holdout fault `holdout-interface-view-first-party-only`: only the first matching party filter's views count.
  let partyViewsTaken = false;
  const merge = (match: TemplateMatch, byParty = false): void => {
    result.blob ||= match.blob;
    const viewsCount = !(byParty && partyViewsTaken && faults.has('holdout-interface-view-first-party-only'));
    if (byParty) partyViewsTaken = true;
    if (viewsCount) for (const iface of match.views) if (!result.views.includes(iface)) result.views.push(iface);
    for (const iface of match.interfaces) if (!result.interfaces.includes(iface)) result.interfaces.push(iface);
  };
  const ignorePartyFilter = faults.has('party-filter-ignored');
  const byParty = format.anyParty !== undefined && faults.has('any-party-filter-overrides') ? [] : format.byParty;
  for (const [party, filter] of byParty) {
    if (!ignorePartyFilter && !relevant.includes(party)) continue;
    const candidates = faults.has('party-filters-shared') ? format.byParty.map(([, shared]) => shared) : [filter];
    const match = candidates.map((candidate) => matchFilter(candidate, template, faults)).find((found) => found !== undefined);
    if (!match) continue;
    witnesses.add(party);
    merge(match, true);
  }
  if (faults.has('blob-flag-from-any-party') && witnesses.size > 0) {
    result.blob ||= format.byParty.some(([, filter]) => filter.wildcardBlob === true);
  }
  if (format.anyParty) {
    const match = matchFilter(format.anyParty, template, faults);
    if (match) {
      // Holdout fault `holdout2-any-party-witnesses-signatories`: only the first relevant party (for a create, its signatory).
      for (const party of faults.has('holdout2-any-party-witnesses-signatories') ? relevant.slice(0, 1) : relevant) witnesses.add(party);
      merge(match);
    }
  }
  if (witnesses.size === 0) return undefined;
  // Canton lists as witnesses every requesting party among the relevant ones, whatever its own filter
  // (TemplatePartiesFilter.scala, EventStorageBackendTemplate.scala: witnesses intersected with all filter parties).
  for (const [party] of format.byParty) if (relevant.includes(party)) witnesses.add(party);
  // An any-party filter naming a wildcard, a template or an interface makes that set None (IndexServiceImpl.templateFilter,
  // TemplatePartiesFilter.allFilterParties): the witnesses are not narrowed at all, whichever filter showed the event.
  // Fault `any-party-witnesses-narrowed`: they are narrowed to the parties filtersByParty names when the any-party filter
  // does not match the event itself.
  const unnarrowed =
    format.anyParty !== undefined &&
    (format.anyParty.wildcardBlob !== undefined || format.anyParty.templates.size > 0 || format.anyParty.interfaces.size > 0);
  if (unnarrowed && !faults.has('any-party-witnesses-narrowed'))
    for (const party of faults.has('holdout2-any-party-witnesses-signatories') ? relevant.slice(0, 1) : relevant) witnesses.add(party);
  // Holdout fault `holdout-witnesses-first-reader-only`: only the first requesting party that sees the event is listed.
  if (faults.has('holdout-witnesses-first-reader-only')) return { ...result, witnessParties: [...witnesses].slice(0, 1) };
  return { ...result, witnessParties: [...witnesses] };
}

function stakeholders(contract: Contract): string[] {
  return [...contract.signatories, ...contract.observers];
}

function renderCreated(
  context: RenderContext,
  offset: number,
  nodeId: number,
  contract: Contract,
  match: EventMatch,
  acsDelta: boolean,
  staleArgument?: Contract['argument'],
  createdAtShown?: string,
): Json {
  const { pkg } = context;
  // Fault `observers-omit-viewers`: only the first observer (an Iou's owner) is listed. Fault `signatory-listed-as-observer`:
  // the observers are every stakeholder.
  const observers = context.faults.has('observers-omit-viewers')
    ? contract.observers.slice(0, 1)
    : context.faults.has('signatory-listed-as-observer')
      ? [...contract.signatories, ...contract.observers]
      : context.faults.has('holdout-observers-not-deduplicated') && contract.template.qualifiedName === 'Iou:Iou'
        ? iouObserversAsWritten(contract)
        : contract.observers;
  // Holdout fault `holdout2-viewers-hidden-from-observers`: a reader who is no signatory sees the viewers emptied.
  const hideViewers =
    context.faults.has('holdout2-viewers-hidden-from-observers') &&
    contract.template.qualifiedName === 'Iou:Iou' &&
    !match.witnessParties.some((party) => contract.signatories.includes(party));
  const argument = hideViewers ? { ...(staleArgument ?? contract.argument), viewers: [] } : (staleArgument ?? contract.argument);
  const home = homeOf(pkg, contract.template);
  // Holdout fault `holdout4-blob-signatories-only`: a reader who is none of the signatories gets no blob.
  const blobWithheld =
    context.faults.has('holdout4-blob-signatories-only') && !match.witnessParties.some((party) => contract.signatories.includes(party));
  const includeBlob = (match.blob && !blobWithheld) || context.faults.has('created-event-blob-always');
  return {
    CreatedEvent: {
      offset,
      nodeId,
      contractId: contract.contractId,
      templateId: packageIdForm(pkg, contract.template),
      // Fault `contract-key-rendered-wrong`: a keyed contract shows no key, a keyless one an empty record.
      contractKey: context.faults.has('contract-key-rendered-wrong') ? (contract.key ? null : {}) : (contract.key?.value ?? null),
      createArgument: shownValue(
        context,
        context.faults.has('numeric-rounded')
          ? roundedNumerics(argument)
          : context.faults.has('trailing-none-written-null')
            ? withNoneFields(contract)
            : argument,
      ),
      createdEventBlob: includeBlob ? createdEventBlob(pkg, contract) : '',
      interfaceViews: match.views.map((iface) => ({
        interfaceId: packageIdForm(pkg, iface),
        viewStatus: { code: 0, message: '', details: [] },
        viewValue: viewOf(contract.template, iface)!(contract.argument),
        implementationPackageId: home.id,
      })),
      witnessParties: match.witnessParties,
      signatories: contract.signatories,
      observers,
      createdAt: context.faults.has('created-at-not-effective-time')
        ? new Date(Date.parse(contract.createdAt) + 1000).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')
        : (createdAtShown ?? contract.createdAt),
      packageName: home.name,
      // The fault names another package (the id with its first hex digit changed).
      representativePackageId: context.faults.has('representative-package-id-not-contract-package')
        ? `${home.id[0] === '0' ? '1' : '0'}${home.id.slice(1)}`
        : home.id,
      acsDelta,
    },
  };
}

function renderTransactionEvents(
  context: RenderContext,
  update: TransactionUpdate,
  format: NonNullable<UpdateFormat['transactions']>,
): Json[] {
  const { pkg, faults } = context;
  const events: Json[] = [];
  const interfaceIds = (interfaces: InterfaceDefinition[]): string[] => interfaces.map((iface) => packageIdForm(pkg, iface));
  // Fault `child-create-argument-stale`: a contract a choice body creates is shown with the argument of the contract the
  // choice was exercised on (same template).
  let exercised: Contract | undefined;
  const staleFor = (node: TransactionNode): Contract['argument'] | undefined =>
    faults.has('child-create-argument-stale') && node.kind === 'create' && exercised?.template === node.contract.template
      ? exercised.argument
      : undefined;
  const shape = new TreeShape(update.nodes, faults);
  let lastExerciseAt: number | undefined;
  // The root (command) of each event pushed, for the holdout fault `holdout4-commands-listed-last-first`.
  const eventRoots: number[] = [];
  let currentRoot = 0;
  for (const node of update.nodes as readonly TransactionNode[]) {
    const contract = node.contract;
    const nodeId = shape.shownNodeId(node.nodeId);
    const stale = staleFor(node);
    // Holdout fault `holdout4-child-created-at-inherited`: a create in a choice body takes the exercised contract's createdAt.
    const createdAtShown =
      faults.has('holdout4-child-created-at-inherited') && node.kind === 'create' && shape.isNested(node.nodeId) && exercised
        ? exercised.createdAt
        : undefined;
    if (node.kind === 'exercise') exercised = contract;
    while (eventRoots.length < events.length) eventRoots.push(currentRoot);
    currentRoot = shape.rootOf(node.nodeId);
    const transient =
      update.consumed.has(contract.contractId) && update.created.has(contract.contractId) && !faults.has('transient-in-acs-delta');
    if (format.shape === 'ACS_DELTA') {
      if (transient) continue;
      if (node.kind === 'create') {
        const match = matchEvent(format.eventFormat, contract.template, stakeholders(contract), faults);
        if (match) events.push(renderCreated(context, update.offset, nodeId, contract, match, true, stale, createdAtShown));
      } else if (node.consuming) {
        const archiveFormat = faults.has('template-filter-acs-archives-dropped')
          ? withoutTemplateFilters(format.eventFormat)
          : format.eventFormat;
        // Holdout fault `holdout4-archive-to-signatories-only`: the archive goes to the signatories only.
        const archiveAudience = faults.has('holdout4-archive-to-signatories-only') ? [...contract.signatories] : stakeholders(contract);
        const match = matchEvent(archiveFormat, contract.template, archiveAudience, faults);
        if (!match) continue;
        events.push({
          ArchivedEvent: {
            offset: faults.has('consumed-event-offset-stale') ? update.offset - 1 : update.offset,
            nodeId,
            contractId: contract.contractId,
            templateId: packageIdForm(pkg, contract.template),
            witnessParties: match.witnessParties,
            packageName: homeOf(pkg, contract.template).name,
            implementedInterfaces: interfaceIds(match.interfaces),
          },
        });
      }
      continue;
    }
    const eventFormat =
      node.kind !== 'create' && faults.has('template-filter-creates-only')
        ? withoutTemplateFilters(format.eventFormat)
        : format.eventFormat;
    const witnesses = node.kind === 'create' && faults.has('ledger-effects-stakeholders-only') ? stakeholders(contract) : node.witnesses;
    const match = matchEvent(eventFormat, contract.template, witnesses, faults);
    if (!match) continue;
    // Holdout fault `holdout3-transient-create-hidden`: a contract archived by its own transaction is not shown created.
    if (node.kind === 'create' && faults.has('holdout3-transient-create-hidden') && update.consumed.has(contract.contractId)) continue;
    if (node.kind === 'create') {
      const rendered = renderCreated(
        context,
        update.offset,
        nodeId,
        contract,
        match,
        !update.consumed.has(contract.contractId),
        stale,
        createdAtShown,
      );
      // Holdout fault `holdout2-child-listed-before-exercise`: a create inside a choice body goes before its exercise.
      if (faults.has('holdout2-child-listed-before-exercise') && shape.isNested(node.nodeId) && lastExerciseAt !== undefined) {
        events.splice(lastExerciseAt, 0, rendered);
        lastExerciseAt += 1;
      } else events.push(rendered);
    } else {
      lastExerciseAt = events.length;
      events.push({
        ExercisedEvent: {
          offset: faults.has('consumed-event-offset-stale') ? update.offset - 1 : update.offset,
          nodeId,
          contractId: contract.contractId,
          templateId: packageIdForm(pkg, contract.template),
          // Fault `exercised-interface-id-wrong`: an interface exercise names no interface, a template exercise the template.
          interfaceId: faults.has('exercised-interface-id-wrong')
            ? node.iface
              ? null
              : packageIdForm(pkg, contract.template)
            : node.iface
              ? packageIdForm(pkg, node.iface)
              : null,
          choice: node.choice,
          // Holdout fault `holdout3-choice-argument-actors-only`: a reader who is no actor sees an empty argument.
          choiceArgument:
            faults.has('holdout3-choice-argument-actors-only') && !match.witnessParties.some((party) => node.actingParties.includes(party))
              ? {}
              : shownValue(context, node.choiceArgument),
          // Holdout fault `holdout-acting-parties-with-signatories`: the signatories are listed as actors too.
          actingParties: faults.has('holdout-acting-parties-with-signatories')
            ? [...new Set([...node.actingParties, ...contract.signatories])]
            : node.actingParties,
          // Holdout fault `holdout2-nested-exercise-not-consuming`.
          consuming: faults.has('holdout2-nested-exercise-not-consuming') && shape.isNested(node.nodeId) ? false : node.consuming,
          witnessParties: match.witnessParties,
          // Fault `last-descendant-wrong`: every exercise claims no descendants (the tree comes out flat).
          lastDescendantNodeId: faults.has('last-descendant-wrong') ? nodeId : shape.shownLastDescendant(node),
          // Fault `exercise-result-consumed-id`: a choice returning a contract id is shown returning the exercised contract's.
          exerciseResult:
            faults.has('exercise-result-consumed-id') && typeof node.result === 'string'
              ? contract.contractId
              : faults.has('holdout-nested-exercise-result-unit') && shape.isNested(node.nodeId)
                ? {}
                : faults.has('holdout4-exercise-result-of-last-nested')
                  ? lastNestedResult(update.nodes, node)
                  : node.result,
          packageName: faults.has('package-name-wrong-on-exercised')
            ? `${homeOf(pkg, contract.template).name}-other`
            : homeOf(pkg, contract.template).name,
          implementedInterfaces: interfaceIds(match.interfaces),
          acsDelta: node.consuming && !update.created.has(contract.contractId),
        },
      });
    }
  }
  // Holdout fault `holdout4-commands-listed-last-first`: the commands' groups of events in reverse order.
  if (faults.has('holdout4-commands-listed-last-first')) {
    while (eventRoots.length < events.length) eventRoots.push(currentRoot);
    const roots = [...new Set(eventRoots)].sort((a, b) => b - a);
    return roots.flatMap((root) => events.filter((_, index) => eventRoots[index] === root));
  }
  return events;
}

/** Holdout fault `holdout4-exercise-result-of-last-nested`: the result of the last exercise in the body, else its own. */
function lastNestedResult(nodes: readonly TransactionNode[], node: TransactionNode & { kind: 'exercise' }): unknown {
  let result = node.result;
  for (const child of nodes) {
    if (child.kind === 'exercise' && child.nodeId > node.nodeId && child.nodeId <= node.lastDescendantNodeId) result = child.result;
  }
  return result;
}

/**
 * The tree of a transaction's nodes (pre-order; ids are Daml's, with gaps where fetch and lookup nodes go), for the holdout faults that number or measure it wrong:
 * `holdout-node-ids-per-command` (each command's nodes numbered from 0), `holdout-last-descendant-skips-nested`.
 */
class TreeShape {
  private rootsCache: number[] | undefined;
  private postOrderCache: Map<number, number> | undefined;

  constructor(
    private readonly nodes: readonly TransactionNode[],
    private readonly faults: Faults,
  ) {}

  /** The node ids of the roots (one per command). */
  private get roots(): number[] {
    if (this.rootsCache === undefined) {
      const roots: number[] = [];
      for (let index = 0; index < this.nodes.length; index = subtreeEnd(this.nodes, index)) roots.push(this.nodes[index]!.nodeId);
      this.rootsCache = roots;
    }
    return this.rootsCache;
  }

  rootOf(nodeId: number): number {
    let root = 0;
    for (const candidate of this.roots) if (candidate <= nodeId) root = candidate;
    return root;
  }

  isNested(nodeId: number): boolean {
    return !this.roots.includes(nodeId);
  }

  shownNodeId(nodeId: number): number {
    if (this.faults.has('holdout3-node-ids-post-order')) return this.postOrder.get(nodeId) ?? nodeId;
    return this.faults.has('holdout-node-ids-per-command') ? nodeId - this.rootOf(nodeId) : nodeId;
  }

  /**
   * Holdout fault `holdout3-node-ids-post-order`: each node's id is the count of nodes completed before it, so an
   * exercise comes after its body's nodes (and is the last of its own subtree).
   */
  private get postOrder(): Map<number, number> {
    if (this.postOrderCache === undefined) {
      const ids = new Map<number, number>();
      let next = 0;
      // Visits the subtree of nodes[index]; returns the index after it.
      const visit = (index: number): number => {
        const end = subtreeEnd(this.nodes, index);
        for (let child = index + 1; child < end;) child = visit(child);
        ids.set(this.nodes[index]!.nodeId, next);
        next += 1;
        return end;
      };
      for (let index = 0; index < this.nodes.length;) index = visit(index);
      this.postOrderCache = ids;
    }
    return this.postOrderCache;
  }

  shownLastDescendant(node: TransactionNode & { kind: 'exercise' }): number {
    // Under `holdout3-node-ids-post-order` an exercise is the last node of its subtree.
    if (this.faults.has('holdout3-node-ids-post-order')) return this.shownNodeId(node.nodeId);
    let last = node.lastDescendantNodeId;
    if (this.faults.has('holdout-last-descendant-skips-nested')) {
      const subtree = this.nodes.filter((child) => child.nodeId > node.nodeId && child.nodeId <= last);
      // One less than the last recorded descendant (an event: a later fetch's id would keep every event in range).
      if (subtree.some((child) => child.kind === 'exercise')) last = subtree[subtree.length - 1]!.nodeId - 1;
    }
    return this.faults.has('holdout-node-ids-per-command') ? last - this.rootOf(node.nodeId) : last;
  }
}

/** Holdout fault `holdout-observers-not-deduplicated`: an Iou's observer expression (owner :: viewers) as a list. */
function iouObserversAsWritten(contract: Contract): string[] {
  const argument = contract.argument as Record<string, unknown>;
  const viewers = Array.isArray(argument.viewers) ? (argument.viewers as string[]) : [];
  return [argument.owner as string, ...viewers].filter((party) => !contract.signatories.includes(party));
}

/** The format with its template filters left out (the fault `template-filter-creates-only`, for exercises). */
function withoutTemplateFilters(format: EventFormat): EventFormat {
  const strip = (filter: ResolvedFilter): ResolvedFilter => ({ ...filter, templates: new Map() });
  return {
    ...format,
    byParty: format.byParty.map(([party, filter]) => [party, strip(filter)]),
    anyParty: format.anyParty && strip(format.anyParty),
  };
}

/** Whether the requesting format speaks for a submitter (command id and traffic cost are theirs only). */
function readsAsSubmitter(format: EventFormat, submitters: readonly string[], faults: Faults): boolean {
  if (faults.has('command-id-shown-to-all')) return true;
  // Fault `any-party-command-id-hidden`: a request for any party speaks for a submitter only if filtersByParty names one.
  return (
    (format.anyParty !== undefined && !faults.has('any-party-command-id-hidden')) ||
    format.byParty.some(([party]) => submitters.includes(party))
  );
}

function renderTransaction(context: RenderContext, update: TransactionUpdate, format: UpdateFormat): Json | undefined {
  if (!format.transactions) return undefined;
  const events = renderTransactionEvents(context, update, format.transactions);
  // The fault: a transaction the reader would see in ledger effects but with no ACS-delta event is answered empty.
  const emptyShown =
    context.faults.has('empty-acs-delta-rendered') &&
    format.transactions.shape === 'ACS_DELTA' &&
    events.length === 0 &&
    renderTransactionEvents(context, update, { ...format.transactions, shape: 'LEDGER_EFFECTS' }).length > 0;
  if (events.length === 0 && !emptyShown) return undefined;
  const submitter = readsAsSubmitter(format.transactions.eventFormat, update.actAs, context.faults);
  const otherId = `${update.updateId.slice(0, -1)}${update.updateId.endsWith('0') ? '1' : '0'}`;
  // Fault `command-id-shown-to-observers`: a reader who is a stakeholder of a created contract sees the command id too.
  const observerReads =
    context.faults.has('command-id-shown-to-observers') &&
    format.transactions.eventFormat.byParty.some(([party]) =>
      update.nodes.some((node) => node.kind === 'create' && node.contract.observers.includes(party)),
    );
  const value: Json = {
    // Fault `update-id-per-reader`: a reader who is none of the submitters sees another updateId.
    updateId:
      (context.faults.has('update-id-per-shape') && format.transactions.shape === 'LEDGER_EFFECTS') ||
      (context.faults.has('update-id-per-reader') && !submitter)
        ? otherId
        : update.updateId,
    commandId: submitter || observerReads ? update.commandId : '',
    // Fault `workflow-id-submitters-only`: the workflowId is shown to a submitter's request only.
    workflowId: submitter || !context.faults.has('workflow-id-submitters-only') ? update.workflowId : '',
    // Holdout fault `holdout2-effective-at-record-time-for-others`.
    effectiveAt: context.faults.has('holdout2-effective-at-record-time-for-others') && !submitter ? update.recordTime : update.effectiveAt,
    events,
    offset: update.offset,
    synchronizerId: update.synchronizerId,
    traceContext: update.traceContext,
    recordTime: update.recordTime,
    externalTransactionHash: update.externalTransactionHash,
    paidTrafficCost: submitter || context.faults.has('paid-traffic-cost-shown-to-all') ? update.paidTrafficCost : null,
  };
  if (context.faults.has('update-missing-offset')) delete value.offset;
  return { Transaction: { value } };
}

function renderReassignment(context: RenderContext, update: ReassignmentUpdate, format: UpdateFormat): Json | undefined {
  if (!format.reassignments) return undefined;
  const { pkg } = context;
  const eventFormat = format.reassignments;
  const events: Json[] = [];
  for (const event of update.events) {
    const match = matchEvent(eventFormat, event.contract.template, stakeholders(event.contract), context.faults);
    if (!match) continue;
    events.push({
      JsUnassignedEvent: {
        value: {
          reassignmentId: event.reassignmentId,
          contractId: event.contract.contractId,
          templateId: packageIdForm(pkg, event.contract.template),
          source: event.source,
          target: event.target,
          submitter: event.submitter,
          reassignmentCounter: event.reassignmentCounter,
          assignmentExclusivity: event.assignmentExclusivity,
          witnessParties: match.witnessParties,
          packageName: homeOf(pkg, event.contract.template).name,
          offset: update.offset,
          nodeId: event.nodeId,
        },
      },
    });
  }
  if (events.length === 0) return undefined;
  const submitter = readsAsSubmitter(eventFormat, [update.submitter], context.faults);
  return {
    Reassignment: {
      value: {
        updateId: update.updateId,
        commandId: submitter ? update.commandId : '',
        // Fault `workflow-id-submitters-only`: the workflowId is shown to a submitter's request only.
        workflowId: submitter || !context.faults.has('workflow-id-submitters-only') ? update.workflowId : '',
        offset: update.offset,
        events,
        traceContext: update.traceContext,
        recordTime: update.recordTime,
        synchronizerId: update.synchronizerId,
        paidTrafficCost: submitter ? update.paidTrafficCost : null,
      },
    },
  };
}

function renderTopology(update: TopologyUpdate, format: UpdateFormat, faults: Faults): Json | undefined {
  const parties = format.topologyParties;
  if (!parties) return undefined;
  const wildcard = parties.size === 0 ? !faults.has('topology-empty-parties-match-nothing') : faults.has('topology-party-filter-ignored');
  const events = update.events
    .filter((event) => wildcard || parties.has(event.partyId))
    .map((event) => ({
      event: {
        [event.kind]: {
          value:
            event.participantPermission === undefined
              ? { partyId: event.partyId, participantId: event.participantId }
              : { partyId: event.partyId, participantId: event.participantId, participantPermission: event.participantPermission },
        },
      },
    }));
  if (events.length === 0) return undefined;
  return {
    TopologyTransaction: {
      value: {
        updateId: update.updateId,
        offset: update.offset,
        synchronizerId: update.synchronizerId,
        recordTime: update.recordTime,
        events,
        traceContext: update.traceContext,
      },
    },
  };
}

function renderCheckpoint(update: CheckpointUpdate): Json {
  return { OffsetCheckpoint: { value: { offset: update.offset, synchronizerTimes: update.synchronizerTimes } } };
}

/** `{update: ...}` for `update` under `format`, or `undefined` when nothing of it is visible. */
export function renderUpdate(context: RenderContext, update: StoredUpdate, format: UpdateFormat): Json | undefined {
  let rendered: Json | undefined;
  switch (update.kind) {
    case 'transaction':
      rendered = renderTransaction(context, update, format);
      break;
    case 'reassignment':
      rendered = renderReassignment(context, update, format);
      break;
    case 'topology':
      rendered = renderTopology(update, format, context.faults);
      break;
    case 'checkpoint':
      // A checkpoint carries no events to filter: any valid (non-empty) format shows it.
      rendered = renderCheckpoint(update);
      break;
  }
  return rendered === undefined ? undefined : { update: rendered };
}

/** Fault `numeric-rounded`: every decimal string of a value read back through a double. */
/** Fault `trailing-none-written-null`: every Optional field of the contract holding None is written as null, trailing or not. */
function withNoneFields(contract: Contract): Json {
  const written: Record<string, unknown> = { ...(contract.argument as Record<string, unknown>) };
  for (const field of contract.template.argumentType.fields) {
    if (field.type.kind === 'Optional' && (written[field.name] === undefined || written[field.name] === null)) written[field.name] = null;
  }
  return written as Json;
}

/** Fault `large-collections-truncated`: lists and maps of more than 1 000 entries are shown cut to their first 1 000. */
function shownValue<T>(context: RenderContext, value: T): T {
  return context.faults.has('large-collections-truncated') ? (truncated(value) as T) : value;
}

function truncated(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 1000).map(truncated);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, 1000)
        .map(([key, entry]) => [key, truncated(entry)]),
    );
  }
  return value;
}

function roundedNumerics(value: unknown): unknown {
  if (typeof value === 'string') return /^-?\d+\.\d+$/.test(value) ? String(Number(value)) : value;
  if (Array.isArray(value)) return value.map(roundedNumerics);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, roundedNumerics(entry)]));
  }
  return value;
}
