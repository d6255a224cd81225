/**
 * Event, transaction and update formats (the filters of update lookups).
 *
 * `schema` values may name any syntactically valid template, interface or party. `accepted` values name
 * only what the target knows (the fixture package's template and interface, fixture parties), and never
 * repeat a template, interface or wildcard filter in one cumulative list (the spec's SHOULD NOT).
 */
import fc from 'fast-check';
import { boundedArray, PLAIN_OBJECTS } from './boundaries.js';
import { knownIdentifier, qualifiedIdentifier } from './identifiers.js';
import { partyIdString } from './strings.js';
import type { Mode } from './unions.js';

export const IDENTIFIER_FILTER_VARIANTS = ['Empty', 'InterfaceFilter', 'TemplateFilter', 'WildcardFilter'] as const;
export const TRANSACTION_SHAPES = [
  'TRANSACTION_SHAPE_UNSPECIFIED',
  'TRANSACTION_SHAPE_ACS_DELTA',
  'TRANSACTION_SHAPE_LEDGER_EFFECTS',
] as const;

/** What a format may name. */
export interface FormatVocabulary {
  templateIds: fc.Arbitrary<string>;
  interfaceIds: fc.Arbitrary<string>;
  parties: fc.Arbitrary<string>;
}

export function schemaVocabulary(): FormatVocabulary {
  return { templateIds: qualifiedIdentifier(), interfaceIds: qualifiedIdentifier(), parties: partyIdString() };
}

export function knownVocabulary(known: {
  templateIds: string[];
  interfaceId: string;
  packageId: string;
  partyIds: string[];
}): FormatVocabulary {
  return {
    templateIds: fc.oneof(...known.templateIds.map((id) => knownIdentifier(id, known.packageId))),
    interfaceIds: knownIdentifier(known.interfaceId, known.packageId),
    parties: fc.constantFrom(...known.partyIds),
  };
}

const optionalBoolean = fc.option(fc.boolean(), { nil: undefined });

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

export function identifierFilter(vocabulary: FormatVocabulary, variant?: (typeof IDENTIFIER_FILTER_VARIANTS)[number]) {
  const byVariant = {
    Empty: fc.constant({ Empty: {} }),
    InterfaceFilter: fc
      .record({ interfaceId: vocabulary.interfaceIds, includeInterfaceView: optionalBoolean, includeCreatedEventBlob: optionalBoolean })
      .map((value) => ({ InterfaceFilter: { value: withoutUndefined(value) } })),
    TemplateFilter: fc
      .record({ templateId: vocabulary.templateIds, includeCreatedEventBlob: optionalBoolean })
      .map((value) => ({ TemplateFilter: { value: withoutUndefined(value) } })),
    WildcardFilter: fc
      .record({ includeCreatedEventBlob: optionalBoolean })
      .map((value) => ({ WildcardFilter: { value: withoutUndefined(value) } })),
  } satisfies Record<(typeof IDENTIFIER_FILTER_VARIANTS)[number], fc.Arbitrary<Record<string, unknown>>>;
  return variant === undefined ? fc.oneof(...Object.values(byVariant)) : byVariant[variant];
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
  return fc.record(
    {
      filtersByParty: fc.dictionary(vocabulary.parties, filters(vocabulary, mode), { maxKeys: 3, ...PLAIN_OBJECTS }),
      filtersForAnyParty: filters(vocabulary, mode),
      verbose: fc.boolean(),
    },
    { requiredKeys: [], ...PLAIN_OBJECTS },
  );
}

export function transactionFormat(vocabulary: FormatVocabulary, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    { eventFormat: eventFormat(vocabulary, mode), transactionShape: fc.constantFrom(...TRANSACTION_SHAPES) },
    PLAIN_OBJECTS,
  );
}

export function updateFormat(vocabulary: FormatVocabulary, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      includeTransactions: transactionFormat(vocabulary, mode),
      includeReassignments: eventFormat(vocabulary, mode),
      includeTopologyEvents: fc
        .array(vocabulary.parties, { maxLength: 3 })
        .map((parties) => ({ includeParticipantAuthorizationEvents: { parties } })),
    },
    { requiredKeys: [], ...PLAIN_OBJECTS },
  );
}
