/**
 * The `UpdateFormat` of update lookups: decoded as Canton's relaxed protobuf codec does (missing fields
 * take their defaults; wrong JSON types are 400 text/plain), then validated (JSON 400) and resolved
 * against the model package (unknown template or interface: 404 TEMPLATES_OR_INTERFACES_NOT_FOUND).
 */
import { LedgerApiError, missingField, invalidArgument } from '../canton-errors.js';
import {
  asObject,
  decodeFailure,
  fieldPath,
  indexPath,
  isAbsent,
  oneOfKeys,
  optionalArray,
  optionalBoolean,
  optionalObject,
  optionalString,
  optionalStringArray,
  type JsonObject,
} from '../http/decode.js';
import { parseIdentifier, resolveIdentifier, type ParsedIdentifier } from './identifiers.js';
import { templateVersions, type InterfaceDefinition, type ModelPackage, type TemplateDefinition } from './package-model.js';

// ---- decoded (syntactic) form ----

type IdentifierFilterInput =
  | { kind: 'empty' }
  | { kind: 'wildcard'; includeCreatedEventBlob: boolean }
  | { kind: 'template'; templateId: ParsedIdentifier; includeCreatedEventBlob: boolean }
  | { kind: 'interface'; interfaceId: ParsedIdentifier; includeInterfaceView: boolean; includeCreatedEventBlob: boolean };

interface EventFormatInput {
  filtersByParty: [string, IdentifierFilterInput[]][];
  filtersForAnyParty: IdentifierFilterInput[] | undefined;
  verbose: boolean;
}

const TRANSACTION_SHAPES = ['TRANSACTION_SHAPE_UNSPECIFIED', 'TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const;
type TransactionShapeName = (typeof TRANSACTION_SHAPES)[number];

export interface UpdateFormatInput {
  transactions: { eventFormat: EventFormatInput | undefined; shape: TransactionShapeName } | undefined;
  reassignments: EventFormatInput | undefined;
  /** Parties of `includeParticipantAuthorizationEvents`; empty means every party. */
  topologyParties: string[] | undefined;
}

function decodeIdentifierFilter(value: unknown, path: string): IdentifierFilterInput {
  const cumulative = asObject(value, path);
  if (isAbsent(cumulative, 'identifierFilter')) return { kind: 'empty' };
  const at = fieldPath(path, 'identifierFilter');
  const { key, value: variant } = oneOfKeys(
    cumulative.identifierFilter,
    ['Empty', 'TemplateFilter', 'InterfaceFilter', 'WildcardFilter'] as const,
    'IdentifierFilter',
    at,
  );
  if (key === 'Empty') return { kind: 'empty' };
  const variantPath = fieldPath(at, key);
  const wrapper = asObject(variant, variantPath);
  const valuePath = fieldPath(variantPath, 'value');
  const inner = isAbsent(wrapper, 'value') ? {} : asObject(wrapper.value, valuePath);
  const includeCreatedEventBlob = optionalBoolean(inner, 'includeCreatedEventBlob', valuePath) ?? false;
  const identifier = (name: string): ParsedIdentifier =>
    parseIdentifier(optionalString(inner, name, valuePath) ?? '', fieldPath(valuePath, name));
  switch (key) {
    case 'WildcardFilter':
      return { kind: 'wildcard', includeCreatedEventBlob };
    case 'TemplateFilter':
      return { kind: 'template', templateId: identifier('templateId'), includeCreatedEventBlob };
    case 'InterfaceFilter':
      return {
        kind: 'interface',
        interfaceId: identifier('interfaceId'),
        includeInterfaceView: optionalBoolean(inner, 'includeInterfaceView', valuePath) ?? false,
        includeCreatedEventBlob,
      };
  }
}

function decodeFilters(value: unknown, path: string): IdentifierFilterInput[] {
  const filters = asObject(value, path);
  const cumulativePath = fieldPath(path, 'cumulative');
  return (optionalArray(filters, 'cumulative', path) ?? []).map((element, index) =>
    decodeIdentifierFilter(element, indexPath(cumulativePath, index)),
  );
}

function decodeEventFormat(obj: JsonObject, path: string): EventFormatInput {
  const byParty = optionalObject(obj, 'filtersByParty', path) ?? {};
  const byPartyPath = fieldPath(path, 'filtersByParty');
  const anyParty = optionalObject(obj, 'filtersForAnyParty', path);
  return {
    filtersByParty: Object.entries(byParty).map(([party, filters]) => [party, decodeFilters(filters, fieldPath(byPartyPath, party))]),
    filtersForAnyParty: anyParty === undefined ? undefined : decodeFilters(anyParty, fieldPath(path, 'filtersForAnyParty')),
    verbose: optionalBoolean(obj, 'verbose', path) ?? false,
  };
}

/** Decodes `updateFormat` (at `path`); `undefined` when the field is absent. */
export function decodeUpdateFormat(body: JsonObject, path: string): UpdateFormatInput | undefined {
  const format = optionalObject(body, 'updateFormat', path);
  if (!format) return undefined;
  const at = fieldPath(path, 'updateFormat');
  const transactions = optionalObject(format, 'includeTransactions', at);
  const transactionsPath = fieldPath(at, 'includeTransactions');
  let transactionFormat: UpdateFormatInput['transactions'];
  if (transactions) {
    const shape = optionalString(transactions, 'transactionShape', transactionsPath) ?? 'TRANSACTION_SHAPE_UNSPECIFIED';
    if (!(TRANSACTION_SHAPES as readonly string[]).includes(shape)) {
      throw decodeFailure(`Unknown value '${shape}' for enum TransactionShape`, fieldPath(transactionsPath, 'transactionShape'));
    }
    const eventFormat = optionalObject(transactions, 'eventFormat', transactionsPath);
    transactionFormat = {
      eventFormat: eventFormat === undefined ? undefined : decodeEventFormat(eventFormat, fieldPath(transactionsPath, 'eventFormat')),
      shape: shape as TransactionShapeName,
    };
  }
  const reassignments = optionalObject(format, 'includeReassignments', at);
  const topology = optionalObject(format, 'includeTopologyEvents', at);
  const topologyPath = fieldPath(at, 'includeTopologyEvents');
  const authorizationEvents = topology ? optionalObject(topology, 'includeParticipantAuthorizationEvents', topologyPath) : undefined;
  return {
    transactions: transactionFormat,
    reassignments: reassignments === undefined ? undefined : decodeEventFormat(reassignments, fieldPath(at, 'includeReassignments')),
    topologyParties:
      authorizationEvents === undefined
        ? undefined
        : (optionalStringArray(authorizationEvents, 'parties', fieldPath(topologyPath, 'includeParticipantAuthorizationEvents')) ?? []),
  };
}

/** The parties a format reads as (each needs read rights), and whether it reads as any party. */
export function partiesRead(format: UpdateFormatInput): { parties: Set<string>; anyParty: boolean } {
  const parties = new Set<string>();
  let anyParty = false;
  for (const eventFormat of [format.transactions?.eventFormat, format.reassignments]) {
    if (!eventFormat) continue;
    for (const [party] of eventFormat.filtersByParty) parties.add(party);
    if (eventFormat.filtersForAnyParty) anyParty = true;
  }
  if (format.topologyParties) {
    if (format.topologyParties.length === 0) anyParty = true;
    for (const party of format.topologyParties) parties.add(party);
  }
  return { parties, anyParty };
}

// ---- resolved (semantic) form ----

export interface InterfaceMatch {
  iface: InterfaceDefinition;
  includeView: boolean;
}

export interface ResolvedFilter {
  /** Blob flag of the wildcard filter; `undefined` when the filter has none. */
  wildcardBlob: boolean | undefined;
  templates: Map<TemplateDefinition, boolean>;
  interfaces: Map<InterfaceDefinition, { view: boolean; blob: boolean }>;
}

export interface EventFormat {
  byParty: [string, ResolvedFilter][];
  anyParty: ResolvedFilter | undefined;
  verbose: boolean;
}

export type TransactionShape = 'ACS_DELTA' | 'LEDGER_EFFECTS';

export interface UpdateFormat {
  transactions: { eventFormat: EventFormat; shape: TransactionShape } | undefined;
  reassignments: EventFormat | undefined;
  /** `undefined`: no topology events; empty set: every party's. */
  topologyParties: ReadonlySet<string> | undefined;
}

function resolveFilter(pkg: ModelPackage, inputs: IdentifierFilterInput[]): ResolvedFilter {
  const filter: ResolvedFilter = { wildcardBlob: undefined, templates: new Map(), interfaces: new Map() };
  for (const input of inputs) {
    switch (input.kind) {
      case 'empty':
        break;
      case 'wildcard':
        filter.wildcardBlob = (filter.wildcardBlob ?? false) || input.includeCreatedEventBlob;
        break;
      case 'template': {
        unknownForPackageName(pkg, input.templateId, 'template');
        const resolved = resolveIdentifier(pkg, input.templateId, 'filter');
        if (resolved.kind !== 'template')
          throw invalidArgument(`${input.templateId.text} is an interface, not a template (use an InterfaceFilter)`);
        // A filter names a template by package name: it matches the template in every vetted version of that name.
        for (const template of templateVersions(pkg, resolved.template))
          filter.templates.set(template, (filter.templates.get(template) ?? false) || input.includeCreatedEventBlob);
        break;
      }
      case 'interface': {
        unknownForPackageName(pkg, input.interfaceId, 'interface');
        const resolved = resolveIdentifier(pkg, input.interfaceId, 'filter');
        if (resolved.kind !== 'interface')
          throw invalidArgument(`${input.interfaceId.text} is a template, not an interface (use a TemplateFilter)`);
        const previous = filter.interfaces.get(resolved.iface);
        filter.interfaces.set(resolved.iface, {
          view: (previous?.view ?? false) || input.includeInterfaceView,
          blob: (previous?.blob ?? false) || input.includeCreatedEventBlob,
        });
        break;
      }
    }
  }
  // No identifier filter at all (or only Empty ones) is a wildcard without blobs.
  if (filter.wildcardBlob === undefined && filter.templates.size === 0 && filter.interfaces.size === 0) filter.wildcardBlob = false;
  return filter;
}

function resolveEventFormat(pkg: ModelPackage, input: EventFormatInput, field: string): EventFormat {
  if (input.filtersByParty.length === 0 && input.filtersForAnyParty === undefined) {
    throw invalidArgument(`${field}: filtersByParty and filtersForAnyParty cannot be empty simultaneously`);
  }
  return {
    byParty: input.filtersByParty.map(([party, filters]) => [party, resolveFilter(pkg, filters)]),
    anyParty: input.filtersForAnyParty === undefined ? undefined : resolveFilter(pkg, input.filtersForAnyParty),
    verbose: input.verbose,
  };
}

/** Validates and resolves a decoded format. */
export function resolveUpdateFormat(pkg: ModelPackage, input: UpdateFormatInput): UpdateFormat {
  let transactions: UpdateFormat['transactions'];
  if (input.transactions) {
    if (!input.transactions.eventFormat) throw missingField('update_format.include_transactions.event_format');
    if (input.transactions.shape === 'TRANSACTION_SHAPE_UNSPECIFIED') {
      throw invalidArgument(
        'update_format.include_transactions.transaction_shape is TRANSACTION_SHAPE_UNSPECIFIED; use TRANSACTION_SHAPE_ACS_DELTA or TRANSACTION_SHAPE_LEDGER_EFFECTS',
      );
    }
    transactions = {
      eventFormat: resolveEventFormat(pkg, input.transactions.eventFormat, 'include_transactions.event_format'),
      shape: input.transactions.shape === 'TRANSACTION_SHAPE_ACS_DELTA' ? 'ACS_DELTA' : 'LEDGER_EFFECTS',
    };
  }
  const reassignments = input.reassignments ? resolveEventFormat(pkg, input.reassignments, 'include_reassignments') : undefined;
  const topologyParties = input.topologyParties === undefined ? undefined : new Set(input.topologyParties);
  if (!transactions && !reassignments && !topologyParties) {
    throw invalidArgument('update_format is empty: set at least one of includeTransactions, includeReassignments, includeTopologyEvents');
  }
  return { transactions, reassignments, topologyParties };
}

/**
 * A filter's `#name:Module:Entity` whose package name is known but names no template (interface) of that name:
 * NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME (NO_INTERFACE_FOR_...), as IndexServiceImpl.checkUnknownIdentifiers
 * (3.5, community/ledger/ledger-api-core/src/main/scala/com/digitalasset/canton/platform/index/IndexServiceImpl.scala:781-846)
 * answers update-by-offset. An unknown package name stays PACKAGE_NAMES_NOT_FOUND (resolveIdentifier).
 */
function unknownForPackageName(pkg: ModelPackage, id: ParsedIdentifier, kind: 'template' | 'interface'): void {
  if (!id.packageRef.startsWith('#')) return;
  const name = id.packageRef.slice(1);
  const home = name === pkg.name ? pkg : pkg.others.get(name);
  if (home === undefined) return;
  const known = kind === 'template' ? home.templates.has(id.qualifiedName) : home.interfaces.has(id.qualifiedName);
  if (known) return;
  const pair = `(${name},${id.qualifiedName})`;
  if (kind === 'template') {
    throw new LedgerApiError(
      'NO_TEMPLATES_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME',
      `The following package-name/template qualified-name pairs do not reference any template-id uploaded on this participant: [${pair}].`,
    );
  }
  throw new LedgerApiError(
    'NO_INTERFACE_FOR_PACKAGE_NAME_AND_QUALIFIED_NAME',
    `The following package-name/interface qualified-name pairs do not reference any interface-id uploaded on this participant: [${pair}].`,
  );
}
