/**
 * Event, transaction and update formats (the filters of update lookups).
 *
 * `schema` values may name any syntactically valid template, interface or party. `accepted` values are
 * what a node carries out for the user who sends them: they name only what the target knows (the fixture
 * package's templates and interface) and only parties that user may read as (`filtersByParty`; and
 * `filtersForAnyParty`, beside an absent, empty or filled `filtersByParty`, only for a user with Canton's
 * CanReadAsAnyParty right; topology events of named parties, since an empty list means every party), ask for something (Canton rejects an empty update format and an event
 * format without filters), name a transaction shape (Canton rejects TRANSACTION_SHAPE_UNSPECIFIED), and
 * never repeat a template, interface or wildcard filter in one cumulative list (the spec's SHOULD NOT).
 */
import fc from 'fast-check';
import { boundedArray, PLAIN_OBJECTS } from './boundaries.js';
import { qualifiedIdentifier } from './identifiers.js';
import { partyIdString } from './strings.js';
import type { Mode } from './unions.js';

export const IDENTIFIER_FILTER_VARIANTS = ['Empty', 'InterfaceFilter', 'TemplateFilter', 'WildcardFilter'] as const;
export const TRANSACTION_SHAPES = [
  'TRANSACTION_SHAPE_UNSPECIFIED',
  'TRANSACTION_SHAPE_ACS_DELTA',
  'TRANSACTION_SHAPE_LEDGER_EFFECTS',
] as const;
/** The shapes a node carries out (it rejects the unspecified one). */
export const ACCEPTED_TRANSACTION_SHAPES = ['TRANSACTION_SHAPE_ACS_DELTA', 'TRANSACTION_SHAPE_LEDGER_EFFECTS'] as const;

/** Most parties one format names (filter map keys, topology event parties). */
const MAX_PARTIES = 3;

/** What a format may name. */
export interface FormatVocabulary {
  templateIds: fc.Arbitrary<string>;
  /** Absent when the target has no interface to name (no interface filter is made then). */
  interfaceIds?: fc.Arbitrary<string>;
  parties: fc.Arbitrary<string>;
  /** How many distinct values `parties` has (unbounded for schema vocabularies). */
  partyCount: number;
  /** Whether the sender may read as any party (`filtersForAnyParty` in accepted formats). */
  anyParty: boolean;
}

export function schemaVocabulary(): FormatVocabulary {
  return {
    templateIds: qualifiedIdentifier(),
    interfaceIds: qualifiedIdentifier(),
    parties: partyIdString(),
    partyCount: Infinity,
    anyParty: true,
  };
}

/**
 * Names that a node resolves for the sender. Filters name templates and interfaces by package name only:
 * Canton 3.5 refuses a package-id reference in a filter (400 INVALID_FIELD packageId, FormatValidator
 * `validateNameTypeConRef`), which the spec still allows — a conflict clause of its own
 * (`identifier-filter.package-id-format.accepted`), tested apart.
 */
export function knownVocabulary(known: {
  templateIds: string[];
  interfaceId?: string;
  /** The parties the format may name: for `accepted` formats, those its sender may read as. */
  partyIds: string[];
  /** The sender may read as any party (default: no). */
  anyParty?: boolean;
}): FormatVocabulary {
  const partyIds = [...new Set(known.partyIds)];
  if (partyIds.length === 0) throw new Error('generators: a format vocabulary needs at least one party');
  return {
    templateIds: fc.constantFrom(...known.templateIds),
    ...(known.interfaceId === undefined ? {} : { interfaceIds: fc.constant(known.interfaceId) }),
    parties: fc.constantFrom(...partyIds),
    partyCount: partyIds.length,
    anyParty: known.anyParty ?? false,
  };
}

const optionalBoolean = fc.option(fc.boolean(), { nil: undefined });

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

export function identifierFilter(vocabulary: FormatVocabulary, variant?: (typeof IDENTIFIER_FILTER_VARIANTS)[number]) {
  const interfaceIds = vocabulary.interfaceIds;
  const byVariant = {
    Empty: fc.constant({ Empty: {} }),
    InterfaceFilter:
      interfaceIds === undefined
        ? undefined
        : fc
            .record({ interfaceId: interfaceIds, includeInterfaceView: optionalBoolean, includeCreatedEventBlob: optionalBoolean })
            .map((value) => ({ InterfaceFilter: { value: withoutUndefined(value) } })),
    TemplateFilter: fc
      .record({ templateId: vocabulary.templateIds, includeCreatedEventBlob: optionalBoolean })
      .map((value) => ({ TemplateFilter: { value: withoutUndefined(value) } })),
    WildcardFilter: fc
      .record({ includeCreatedEventBlob: optionalBoolean })
      .map((value) => ({ WildcardFilter: { value: withoutUndefined(value) } })),
  } satisfies Record<(typeof IDENTIFIER_FILTER_VARIANTS)[number], fc.Arbitrary<Record<string, unknown>> | undefined>;
  const available = Object.values(byVariant).filter((arbitrary) => arbitrary !== undefined);
  if (variant === undefined) return fc.oneof(...available);
  const chosen = byVariant[variant];
  if (chosen === undefined) throw new Error(`generators: no ${variant} can be made: the vocabulary names no interface`);
  return chosen;
}

export function cumulativeFilter(vocabulary: FormatVocabulary): fc.Arbitrary<{ identifierFilter: Record<string, unknown> }> {
  return identifierFilter(vocabulary).map((filter) => ({ identifierFilter: filter }));
}

/** The identity of a filter for the "should not appear twice" rule. */
function filterIdentity(entry: { identifierFilter: Record<string, unknown> }): string {
  const [variant, body] = Object.entries(entry.identifierFilter)[0] ?? ['', {}];
  const value = (body as { value?: Record<string, unknown> }).value ?? {};
  return `${variant}:${String(value['templateId'] ?? value['interfaceId'] ?? '')}`;
}

export function filters(vocabulary: FormatVocabulary, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  const cumulative =
    mode === 'accepted'
      ? fc.uniqueArray(cumulativeFilter(vocabulary), { maxLength: 4, selector: filterIdentity })
      : boundedArray(cumulativeFilter(vocabulary), { minLength: 0, maxLength: 4 });
  return fc.record({ cumulative }, { requiredKeys: [], ...PLAIN_OBJECTS });
}

export function eventFormat(vocabulary: FormatVocabulary, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  const maxKeys = Math.min(MAX_PARTIES, vocabulary.partyCount);
  if (mode === 'accepted' && !vocabulary.anyParty) {
    return fc.record(
      {
        filtersByParty: fc.dictionary(vocabulary.parties, filters(vocabulary, mode), { minKeys: 1, maxKeys, ...PLAIN_OBJECTS }),
        verbose: fc.boolean(),
      },
      { requiredKeys: ['filtersByParty'], ...PLAIN_OBJECTS },
    );
  }
  if (mode === 'accepted') {
    // A reader as any party: filters for any party, beside no, an empty or a filled filtersByParty.
    return fc.record(
      {
        filtersByParty: fc.oneof(
          fc.constant({}),
          fc.dictionary(vocabulary.parties, filters(vocabulary, mode), { minKeys: 1, maxKeys, ...PLAIN_OBJECTS }),
        ),
        filtersForAnyParty: filters(vocabulary, mode),
        verbose: fc.boolean(),
      },
      { requiredKeys: ['filtersForAnyParty'], ...PLAIN_OBJECTS },
    );
  }
  return fc.record(
    {
      filtersByParty: fc.dictionary(vocabulary.parties, filters(vocabulary, mode), { maxKeys, ...PLAIN_OBJECTS }),
      filtersForAnyParty: filters(vocabulary, mode),
      verbose: fc.boolean(),
    },
    { requiredKeys: [], ...PLAIN_OBJECTS },
  );
}

export function transactionFormat(vocabulary: FormatVocabulary, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  const shapes = mode === 'accepted' ? ACCEPTED_TRANSACTION_SHAPES : TRANSACTION_SHAPES;
  return fc.record({ eventFormat: eventFormat(vocabulary, mode), transactionShape: fc.constantFrom(...shapes) }, PLAIN_OBJECTS);
}

function topologyEvents(vocabulary: FormatVocabulary, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  const maxLength = Math.min(MAX_PARTIES, vocabulary.partyCount);
  const parties =
    mode === 'accepted'
      ? fc.uniqueArray(vocabulary.parties, { minLength: 1, maxLength })
      : fc.array(vocabulary.parties, { maxLength: MAX_PARTIES });
  return parties.map((list) => ({ includeParticipantAuthorizationEvents: { parties: list } }));
}

const UPDATE_KINDS = ['includeTransactions', 'includeReassignments', 'includeTopologyEvents'] as const;

export function updateFormat(vocabulary: FormatVocabulary, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  const model = {
    includeTransactions: transactionFormat(vocabulary, mode),
    includeReassignments: eventFormat(vocabulary, mode),
    includeTopologyEvents: topologyEvents(vocabulary, mode),
  };
  if (mode === 'schema') return fc.record(model, { requiredKeys: [], ...PLAIN_OBJECTS });
  // Each kind in turn is the one surely asked for, the other two come half of the time.
  return fc.oneof(...UPDATE_KINDS.map((kind) => fc.record(model, { requiredKeys: [kind], ...PLAIN_OBJECTS })));
}
