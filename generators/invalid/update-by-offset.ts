/**
 * Update-by-offset bodies that break exactly one rule of the spec each, each a lookup the target carries out
 * (an `accepted` case: a seeded or small offset, a format the sending user may read) plus one mutation. Filter
 * rules act on a transaction format whose one party filter holds one filter of the variant under test, over
 * the fixture package's templates and interface.
 */
import fc from 'fast-check';
import type { ClauseId } from '../../specification/clauses.js';
import type { GeneratorContext } from '../context.js';
import {
  ACCEPTED_TRANSACTION_SHAPES,
  identifierFilter,
  knownVocabulary,
  type IDENTIFIER_FILTER_VARIANTS,
} from '../primitives/update-formats.js';
import { INT64_MAX } from '../primitives/numbers.js';
import { acceptedCaseFor, updateByOffsetCase } from '../requests/update-by-offset.js';
import { invalidBody, setAt, type BaseCase, type InvalidBody, type Path, type Violation } from './mutation.js';
import { invalidQualifiedIdentifier } from './strings.js';

export type FilterVariant = (typeof IDENTIFIER_FILTER_VARIANTS)[number];
type Body = Record<string, unknown>;

const TRANSACTIONS = ['updateFormat', 'includeTransactions'] as const;

/** The path of the one identifier filter of a body made by `caseWithFilter`. */
function firstFilter(body: Body): Path {
  const filters = (((body['updateFormat'] as Body)['includeTransactions'] as Body)['eventFormat'] as Body)['filtersByParty'] as Body;
  const party = Object.keys(filters)[0]!;
  return [...TRANSACTIONS, 'eventFormat', 'filtersByParty', party, 'cumulative', 0, 'identifierFilter'];
}

/** Accepted lookups whose transaction format filters one party the sender may read as with one filter of `variant`. */
export function caseWithFilter(context: GeneratorContext, variant: FilterVariant): fc.Arbitrary<BaseCase<Body>> {
  return fc.oneof(
    ...context.readingUsers.map((user) => {
      const vocabulary = knownVocabulary({
        templateIds: Object.values(context.templateIds),
        interfaceId: context.interfaceId,
        partyIds: user.parties,
      });
      return fc
        .tuple(
          acceptedCaseFor(context, user),
          fc.constantFrom(...user.parties),
          identifierFilter(vocabulary, variant),
          fc.constantFrom(...ACCEPTED_TRANSACTION_SHAPES),
        )
        .map(([base, party, filter, transactionShape]) => {
          const eventFormat = { filtersByParty: { [party]: { cumulative: [{ identifierFilter: filter }] } }, verbose: false };
          return { asUser: user.userId, body: setAt(base.body, TRANSACTIONS, { eventFormat, transactionShape }) as Body };
        });
    }),
  );
}

export function invalidUpdateByOffsetRules(context: GeneratorContext): fc.Arbitrary<InvalidBody>[] {
  const base = updateByOffsetCase(context, 'accepted') as fc.Arbitrary<BaseCase<Body>>;
  const withTemplateFilter = caseWithFilter(context, 'TemplateFilter');
  // Interface filters need an interface of the target (Canton's CantonExamples has none).
  const withInterfaceFilter = context.interfaceId === undefined ? undefined : caseWithFilter(context, 'InterfaceFilter');
  type PathOf = Path | ((body: Body) => Path);
  const resolve = (at: PathOf, body: Body): Path => (typeof at === 'function' ? at(body) : at);
  const replace = (clauseId: ClauseId, rule: string, violation: Violation, at: PathOf, value: fc.Arbitrary<unknown>, on = base) =>
    invalidBody({ clauseId, rule, violation, base: on, extra: value, mutate: (body: Body, set) => ({ at: resolve(at, body), set }) });
  const remove = (clauseId: ClauseId, rule: string, at: PathOf, on = base) =>
    invalidBody({
      clauseId,
      rule,
      violation: { kind: 'missing' },
      base: on,
      extra: fc.constant(undefined),
      mutate: (body: Body) => ({ at: resolve(at, body), remove: true }),
    });

  return [
    replace('update-by-offset.offset.positive', 'offset 0', { kind: 'range', bound: 'positive' }, ['offset'], fc.constant(0)),
    replace(
      'update-by-offset.offset.positive',
      'negative offset',
      { kind: 'range', bound: 'positive' },
      ['offset'],
      fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }),
    ),
    replace(
      'update-by-offset.offset.int64',
      'offset of 2^63 (beyond int64)',
      { kind: 'range', bound: 'int64' },
      ['offset'],
      fc.constantFrom(INT64_MAX + 1n, 2n ** 64n),
    ),
    replace(
      'update-by-offset.offset.int64',
      'offset as a non-numeric string',
      { kind: 'wrong-type', expected: 'integer' },
      ['offset'],
      fc.constantFrom('abc', 'latest', ''),
    ),
    replace(
      'update-by-offset.offset.int64',
      'fractional offset',
      { kind: 'wrong-type', expected: 'integer' },
      ['offset'],
      fc.constantFrom(1.5, 7.25),
    ),
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
      { kind: 'enum' },
      [...TRANSACTIONS, 'transactionShape'],
      fc.constantFrom('TRANSACTION_SHAPE_TREE', 'ACS_DELTA', 'transaction_shape_acs_delta'),
      withTemplateFilter,
    ),
    replace(
      'identifier-filter.exactly-one-key',
      'identifier filter without a key',
      { kind: 'union', problem: 'no-key' },
      firstFilter,
      fc.constant({}),
      withTemplateFilter,
    ),
    replace(
      'identifier-filter.allowed-keys',
      'identifier filter with an unknown key',
      { kind: 'union', problem: 'unknown-key' },
      firstFilter,
      fc.constantFrom({ PackageFilter: { value: {} } }, { Wildcard: { value: {} } }),
      withTemplateFilter,
    ),
    remove(
      'identifier-filter.TemplateFilter.templateId.required',
      'template filter without templateId',
      (body: Body) => [...firstFilter(body), 'TemplateFilter', 'value', 'templateId'],
      withTemplateFilter,
    ),
    ...(withInterfaceFilter === undefined
      ? []
      : [
          remove(
            'identifier-filter.InterfaceFilter.interfaceId.required',
            'interface filter without interfaceId',
            (body: Body) => [...firstFilter(body), 'InterfaceFilter', 'value', 'interfaceId'],
            withInterfaceFilter,
          ),
          replace(
            'identifier-filter.InterfaceFilter.interfaceId.reference-formats',
            'interface id in neither reference format',
            { kind: 'format', format: 'qualified-identifier', how: 'malformed' },
            (body: Body) => [...firstFilter(body), 'InterfaceFilter', 'value', 'interfaceId'],
            invalidQualifiedIdentifier(),
            withInterfaceFilter,
          ),
        ]),
  ];
}
