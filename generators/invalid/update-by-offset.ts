/**
 * Update-by-offset bodies that break exactly one rule of the spec each. Filter rules act on a
 * transaction format whose `filtersForAnyParty` holds one filter of the variant under test.
 */
import fc from 'fast-check';
import type { GeneratorContext } from '../context.js';
import {
  eventFormat,
  identifierFilter,
  schemaVocabulary,
  TRANSACTION_SHAPES,
  type IDENTIFIER_FILTER_VARIANTS,
} from '../primitives/formats.js';
import { INT64_MAX } from '../primitives/numbers.js';
import { updateByOffsetBody } from '../requests/update-by-offset.js';
import { invalidBody, invalidBodyFixed, setAt, type InvalidValue } from './mutation.js';
import { invalidQualifiedIdentifier } from './strings.js';

type FilterVariant = (typeof IDENTIFIER_FILTER_VARIANTS)[number];

const TRANSACTIONS = ['updateFormat', 'includeTransactions'] as const;
const FIRST_FILTER = [...TRANSACTIONS, 'eventFormat', 'filtersForAnyParty', 'cumulative', 0, 'identifierFilter'] as const;

/** A valid body whose transaction format carries one filter of `variant` at FIRST_FILTER. */
function bodyWithFilter(context: GeneratorContext, variant: FilterVariant): fc.Arbitrary<Record<string, unknown>> {
  const vocabulary = schemaVocabulary();
  return fc
    .tuple(
      updateByOffsetBody(context),
      eventFormat(vocabulary, 'schema'),
      identifierFilter(vocabulary, variant),
      fc.constantFrom(...TRANSACTION_SHAPES),
    )
    .map(
      ([body, format, filter, transactionShape]) =>
        setAt(body, TRANSACTIONS, {
          eventFormat: { ...format, filtersForAnyParty: { cumulative: [{ identifierFilter: filter }] } },
          transactionShape,
        }) as Record<string, unknown>,
    );
}

export function invalidUpdateByOffsetRules(context: GeneratorContext): fc.Arbitrary<InvalidValue>[] {
  const base = updateByOffsetBody(context);
  const withTemplateFilter = bodyWithFilter(context, 'TemplateFilter');
  const withInterfaceFilter = bodyWithFilter(context, 'InterfaceFilter');
  const replace = (clauseId: string, rule: string, at: readonly (string | number)[], value: fc.Arbitrary<unknown>, on = base) =>
    invalidBody({ clauseId, rule, base: on, extra: value, mutate: (_body, set) => ({ at, set }) });
  const remove = (clauseId: string, rule: string, at: readonly (string | number)[], on = base) =>
    invalidBodyFixed(clauseId, rule, on, () => ({ at, remove: true }));

  return [
    replace('update-by-offset.offset.positive', 'offset 0', ['offset'], fc.constant(0)),
    replace('update-by-offset.offset.positive', 'negative offset', ['offset'], fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 })),
    replace('update-by-offset.offset.int64', 'offset of 2^63 (beyond int64)', ['offset'], fc.constantFrom(INT64_MAX + 1n, 2n ** 64n)),
    replace('update-by-offset.offset.int64', 'offset as a non-numeric string', ['offset'], fc.constantFrom('abc', 'latest', '')),
    replace('update-by-offset.offset.int64', 'fractional offset', ['offset'], fc.constantFrom(1.5, 7.25)),
    remove('update-by-offset.offset.required', 'missing offset', ['offset']),
    remove('update-by-offset.updateFormat.required', 'missing updateFormat', ['updateFormat']),
    remove(
      'transaction-format.eventFormat.required',
      'transaction format without eventFormat',
      [...TRANSACTIONS, 'eventFormat'],
      withTemplateFilter,
    ),
    remove(
      'transaction-format.transactionShape.required',
      'transaction format without transactionShape',
      [...TRANSACTIONS, 'transactionShape'],
      withTemplateFilter,
    ),
    replace(
      'transaction-format.transactionShape.allowed-values',
      'unknown transaction shape',
      [...TRANSACTIONS, 'transactionShape'],
      fc.constantFrom('TRANSACTION_SHAPE_TREE', 'ACS_DELTA', 'transaction_shape_acs_delta'),
      withTemplateFilter,
    ),
    replace(
      'identifier-filter.exactly-one-key',
      'identifier filter with two keys',
      FIRST_FILTER,
      fc.constant({ Empty: {}, WildcardFilter: { value: {} } }),
      withTemplateFilter,
    ),
    replace('identifier-filter.exactly-one-key', 'identifier filter without a key', FIRST_FILTER, fc.constant({}), withTemplateFilter),
    replace(
      'identifier-filter.allowed-keys',
      'identifier filter with an unknown key',
      FIRST_FILTER,
      fc.constantFrom({ PackageFilter: { value: {} } }, { Wildcard: { value: {} } }),
      withTemplateFilter,
    ),
    remove(
      'identifier-filter.TemplateFilter.templateId.required',
      'template filter without templateId',
      [...FIRST_FILTER, 'TemplateFilter', 'value', 'templateId'],
      withTemplateFilter,
    ),
    remove(
      'identifier-filter.InterfaceFilter.interfaceId.required',
      'interface filter without interfaceId',
      [...FIRST_FILTER, 'InterfaceFilter', 'value', 'interfaceId'],
      withInterfaceFilter,
    ),
    replace(
      'identifier-filter.InterfaceFilter.interfaceId.reference-formats',
      'interface id in neither reference format',
      [...FIRST_FILTER, 'InterfaceFilter', 'value', 'interfaceId'],
      invalidQualifiedIdentifier(),
      withInterfaceFilter,
    ),
  ];
}
