import { fieldClausesOf } from '../../specification/schema-fields.js';
import { evidenceFor } from '../../checks/engine-credits.js';
import { answerBody } from '../../checks/schema.js';
import fc from 'fast-check';
import type { UserFixture } from '../../config/types.js';
import { invalidRequestRules, lookupWithFilter, validRequests, type FilterVariant, type GeneratedRequest } from '../../generators/index.js';
import { acceptedAsWellFormed, notAServerError, positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { readMatchesWrite } from '../../checks/stateful.js';
import { expectCount, expectValue, expectValueMatches } from '../../checks/values.js';
import type { ClauseId } from '../../specification/clauses.js';
import { definiteAnswerConformance, expectErrorCode, updateNotFoundDetails, expectError } from '../../checks/error-body.js';
import { errorCodeOf, negativeDataRejection } from '../../checks/rejection.js';
import { statusOfCategory } from '../../checks/http-status.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { rejectsInvalidRequests } from '../support/properties.js';
import { generatorContext, postJson, sendGenerated } from '../support/requests.js';
import { FixtureGapError } from '../../harness/library/environment.js';

const ENDPOINT = 'update-by-offset';

type Json = Record<string, unknown>;

/** A user who may read as alice (the owner of the seeded Iou). */
function aliceReader(context: ConformanceContext): UserFixture {
  return context.userWhere('can read as alice', (user) => user.rights.actAs.includes('alice') || user.rights.readAs.includes('alice'));
}

/** A format showing everything `party` may see: its transactions (ACS delta), reassignments and topology events. */
function everythingOf(party: string, shape = 'TRANSACTION_SHAPE_ACS_DELTA'): Json {
  const filters = { [party]: { cumulative: [{ identifierFilter: { WildcardFilter: { value: { includeCreatedEventBlob: false } } } }] } };
  return {
    includeTransactions: { eventFormat: { filtersByParty: filters, verbose: true }, transactionShape: shape },
    includeReassignments: { filtersByParty: filters },
    includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties: [party] } },
  };
}

/** The offset of a seeded update (any kind), to look up read-only. */
function seededOffset(context: ConformanceContext): number {
  const seeded = context.fixtures.seededUpdates;
  const offset = seeded.transactionOffset ?? seeded.topologyOffset ?? seeded.checkpointOffset;
  if (offset === undefined) throw new FixtureGapError('the fixtures seed no update (seededUpdates); add one to look it up');
  return offset;
}

const VARIANT_CLAUSE: Record<string, ClauseId> = {
  Transaction: 'update.Transaction.variant',
  TopologyTransaction: 'update.TopologyTransaction.shape',
  Reassignment: 'update.Reassignment.variant',
  OffsetCheckpoint: 'update.OffsetCheckpoint.shape',
};

/** The clauses a lookup proves by using a part of UpdateFormat the way the spec allows (answered, not rejected as malformed). */
function clausesProvedByLookup(body: Json): ClauseId[] {
  const proved: ClauseId[] = [
    'update-by-offset.offset.required',
    'update-by-offset.offset.int64',
    'update-by-offset.updateFormat.required',
  ];
  const format = body['updateFormat'] as Json;
  const eventFormats: Json[] = [];
  if (format['includeTransactions'] !== undefined) {
    proved.push(
      'update-format.includeTransactions.optional',
      'transaction-format.eventFormat.required',
      'transaction-format.transactionShape.required',
      'transaction-format.transactionShape.allowed-values',
    );
    eventFormats.push((format['includeTransactions'] as Json)['eventFormat'] as Json);
  }
  if (format['includeReassignments'] !== undefined) {
    proved.push('update-format.includeReassignments.optional');
    eventFormats.push(format['includeReassignments'] as Json);
  }
  if (format['includeTopologyEvents'] !== undefined)
    proved.push('update-format.includeTopologyEvents.optional', 'update-format.includeTopologyEvents.shape');
  for (const eventFormat of eventFormats) {
    const byParty = eventFormat['filtersByParty'] as Record<string, Json> | undefined;
    if (byParty !== undefined) {
      proved.push('event-format.filtersByParty.optional');
      if (Object.keys(byParty).length === 0) proved.push('event-format.filtersByParty.may-be-empty');
    }
    if (eventFormat['verbose'] !== undefined) proved.push('event-format.verbose.optional-boolean');
    const filters = [
      ...Object.values(byParty ?? {}),
      ...(eventFormat['filtersForAnyParty'] ? [eventFormat['filtersForAnyParty'] as Json] : []),
    ];
    for (const filter of filters) {
      const cumulative = filter['cumulative'] as Json[] | undefined;
      if (cumulative === undefined) continue;
      proved.push('filters.cumulative.optional');
      if (cumulative.length === 0) proved.push('filters.cumulative.may-be-empty');
      for (const entry of cumulative) {
        proved.push('cumulative-filter.identifierFilter.shape', 'identifier-filter.exactly-one-key', 'identifier-filter.allowed-keys');
        const [variant, value] = Object.entries(entry['identifierFilter'] as Json)[0] ?? [];
        if (variant === 'Empty') proved.push('identifier-filter.Empty.shape');
        if (variant === 'WildcardFilter') proved.push('identifier-filter.WildcardFilter.shape');
        if (variant === 'TemplateFilter') {
          proved.push(
            'identifier-filter.TemplateFilter.shape',
            'identifier-filter.TemplateFilter.templateId.required',
            'identifier-filter.TemplateFilter.templateId.known-template',
          );
        }
        if (variant === 'InterfaceFilter') {
          proved.push(
            'identifier-filter.InterfaceFilter.shape',
            'identifier-filter.InterfaceFilter.interfaceId.required',
            'identifier-filter.InterfaceFilter.interfaceId.known-interface',
            'identifier-filter.InterfaceFilter.interfaceId.reference-formats',
          );
        }
        void value;
      }
    }
  }
  return proved;
}

/**
 * A lookup with an empty filtersByParty beside filters for any party, sent by a user who may read as any party
 * (when the fixtures have one): every seed then asserts that filtersByParty may be empty.
 */
function emptyByPartyExample(context: ConformanceContext, valid: fc.Arbitrary<GeneratedRequest>): GeneratedRequest[] {
  const reader = context.fixtures.users.find((user) => user.rights.readAsAnyParty && !user.isDeactivated);
  const [template] = fc.sample(valid, { numRuns: 1, seed: context.seed });
  if (reader === undefined || template === undefined) return [];
  const eventFormat = { filtersByParty: {}, filtersForAnyParty: { cumulative: [] }, verbose: true };
  const offset = context.fixtures.seededUpdates.transactionOffset ?? 1;
  return [
    {
      ...template,
      asUser: reader.id,
      body: { offset, updateFormat: { includeTransactions: { eventFormat, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' } } },
    },
  ];
}

/**
 * One lookup with a filter of each identifier-filter variant the fixtures allow (an interface filter only with an
 * interface): every seed, at any --cases, asserts what each variant proves, instead of leaving it to the draw.
 */
function filterVariantExamples(context: ConformanceContext, valid: fc.Arbitrary<GeneratedRequest>): GeneratedRequest[] {
  const generation = generatorContext(context.fixtures);
  const [template] = fc.sample(valid, { numRuns: 1, seed: context.seed });
  if (template === undefined || generation.readingUsers.length === 0) return [];
  const variants: FilterVariant[] = [
    'Empty',
    'TemplateFilter',
    'WildcardFilter',
    ...(generation.interfaceId ? (['InterfaceFilter'] as const) : []),
  ];
  return variants.flatMap((variant) =>
    fc
      .sample(lookupWithFilter(generation, variant), { numRuns: 1, seed: context.seed })
      .map(({ asUser, body }) => ({ ...template, asUser, body })),
  );
}

const INTERFACE_FILTER_CLAUSES: ClauseId[] = [
  'identifier-filter.InterfaceFilter.shape',
  'identifier-filter.InterfaceFilter.interfaceId.required',
  'identifier-filter.InterfaceFilter.interfaceId.known-interface',
  'identifier-filter.InterfaceFilter.interfaceId.reference-formats',
];

/** Without an interface in the fixtures no interface filter is sent: its clauses are skipped, with the reason. */
function waiveInterfaceFiltersWithoutInterface(context: ConformanceContext, clauses: readonly ClauseId[]): void {
  if (context.fixtures.templates.assetInterface !== undefined) return;
  context.waive(
    clauses.filter((clause) => INTERFACE_FILTER_CLAUSES.includes(clause)),
    "the fixtures name no interface (templates.assetInterface), so no interface filter is sent; Canton's CantonExamples has none",
  );
}

/** The offset the returned update carries (every variant shows one). */
function offsetOf(body: unknown): unknown {
  const update = (body as { update?: Json }).update ?? {};
  const variant = Object.values(update)[0] as { value?: Json } | undefined;
  return variant?.value?.['offset'];
}

conformanceSuite('update-by-offset', () => {
  conformanceTest(
    {
      name: 'answers valid lookups with an update or UPDATE_NOT_FOUND',
      endpoint: ENDPOINT,
      clauses: [
        'update-by-offset.exists',
        'update-by-offset.offset.required',
        'update-by-offset.offset.int64',
        'update-by-offset.updateFormat.required',
        'update-by-offset.update-not-found',
        'errors.update-not-found',
        'update-format.includeTransactions.optional',
        'update-format.includeReassignments.optional',
        'update-format.includeTopologyEvents.optional',
        'update-format.includeTopologyEvents.shape',
        'transaction-format.eventFormat.required',
        'transaction-format.transactionShape.required',
        'transaction-format.transactionShape.allowed-values',
        'event-format.filtersByParty.optional',
        'event-format.filtersByParty.may-be-empty',
        'event-format.verbose.optional-boolean',
        'filters.cumulative.optional',
        'filters.cumulative.may-be-empty',
        'cumulative-filter.identifierFilter.shape',
        'identifier-filter.exactly-one-key',
        'identifier-filter.allowed-keys',
        'identifier-filter.Empty.shape',
        'identifier-filter.InterfaceFilter.shape',
        'identifier-filter.InterfaceFilter.interfaceId.required',
        'identifier-filter.InterfaceFilter.interfaceId.known-interface',
        'identifier-filter.InterfaceFilter.interfaceId.reference-formats',
        'identifier-filter.TemplateFilter.shape',
        'identifier-filter.TemplateFilter.templateId.required',
        'identifier-filter.TemplateFilter.templateId.known-template',
        'identifier-filter.WildcardFilter.shape',
        'update-by-offset.errors.default-body',
        'update.exactly-one-variant',
        'update.allowed-variants',
        ...fieldClausesOf('TraceContext'),
      ],
    },
    async (context) => {
      waiveInterfaceFiltersWithoutInterface(context, INTERFACE_FILTER_CLAUSES);
      const valid = validRequests(generatorContext(context.fixtures), 'accepted')[ENDPOINT];
      await context.forAll(
        valid,
        async (request) => {
          const response = await sendGenerated(context, request, request.asUser ?? null);
          notAServerError(response, 'update-by-offset.exists');
          if (response.status === 200) {
            evidenceFor(response, ['update-by-offset.exists']);
            const answer = answerBody(response, 'update.allowed-variants') as {
              update?: Json;
            };
            expectCount(
              'update.exactly-one-variant',
              'the variants of the update',
              Object.keys(answer.update ?? {}),
              { exactly: 1 },
              response,
            );
          } else {
            const error = expectError(context, response, 'update-by-offset.errors.default-body');
            // A valid lookup may only fail with UPDATE_NOT_FOUND (nothing at the offset, or nothing visible).
            expectErrorCode(error, 'UPDATE_NOT_FOUND', 'update-by-offset.update-not-found', response);
            expectErrorCode(error, 'UPDATE_NOT_FOUND', 'errors.update-not-found', response);
          }
          // Either answer shows the lookup's format was accepted as well-formed.
          acceptedAsWellFormed(
            response,
            errorCodeOf(response) === 'UPDATE_NOT_FOUND',
            'update-by-offset.exists',
            clausesProvedByLookup(request.body as Json),
          );
        },
        { examples: [...emptyByPartyExample(context, valid), ...filterVariantExamples(context, valid)] },
      );
    },
  );

  conformanceTest(
    {
      name: 'returns each seeded update at its offset',
      endpoint: ENDPOINT,
      clauses: [
        'update-by-offset.response.shape',
        'events.lookup-one-by-offset',
        'events.update-records',
        'update.Transaction.variant',
        'update.OffsetCheckpoint.shape',
        'update.TopologyTransaction.shape',
        // (a seeded reassignment, when the fixtures have one, is checked too; its clauses belong to the test that needs it)
        'limits.offsets.positive',
        'update-by-offset.offset.positive',
        'canton.json.protocol-int64-numbers',
        'canton.created-event.official-required-fields',
      ],
    },
    async (context) => {
      const alice = context.party('alice');
      const user = aliceReader(context);
      const seeded = context.fixtures.seededUpdates;
      const expected: [number | undefined, string][] = [
        [seeded.transactionOffset, 'Transaction'],
        [seeded.topologyOffset, 'TopologyTransaction'],
        [seeded.reassignmentOffset, 'Reassignment'],
        [seeded.checkpointOffset, 'OffsetCheckpoint'],
      ];
      for (const [offset, variant] of expected) {
        if (offset === undefined) continue;
        const response = await postJson(context, 'update-by-offset', { offset, updateFormat: everythingOf(alice) }, user.id);
        positiveDataAcceptance(response, 'update-by-offset.exists');
        const body = answerBody(response, 'update-by-offset.response.shape') as {
          update: Json;
        };
        expectValue(
          'events.update-records',
          `the variant of the seeded update at offset ${offset}`,
          Object.keys(body.update).join(', '),
          variant,
          response,
        );
        expectValue(
          VARIANT_CLAUSE[variant]!,
          `the variant of the seeded update at offset ${offset}`,
          Object.keys(body.update).join(', '),
          variant,
          response,
        );
        const shown = offsetOf(body);
        readMatchesWrite('events.lookup-one-by-offset', `the offset of the update looked up at ${offset}`, offset, shown, response);
        expectValueMatches(
          'limits.offsets.positive',
          'the offset of the update',
          shown,
          (value) => (typeof value === 'number' || typeof value === 'bigint') && BigInt(value) > 0n,
          'a positive integer',
          response,
        );
        expectValueMatches(
          'update-by-offset.offset.positive',
          'the offset of the update',
          shown,
          (value) => (typeof value === 'number' || typeof value === 'bigint') && BigInt(value) > 0n,
          'a positive integer',
          response,
        );
        if (context.profile === 'canton') {
          expectValueMatches(
            'canton.json.protocol-int64-numbers',
            'offset',
            shown,
            (value) => typeof value === 'number' || typeof value === 'bigint',
            'a JSON number',
            response,
          );
        }
      }
    },
  );

  conformanceTest(
    {
      name: 'an offset with nothing, or nothing visible, is UPDATE_NOT_FOUND',
      endpoint: ENDPOINT,
      clauses: [
        'update-by-offset.update-not-found',
        'errors.update-not-found',
        'update-by-offset.update-not-found.all-filtered',
        'canton.update-by-offset.update-not-found-404',
        'canton.errors.category-11-404',
        'canton.errors.body.resources-pairs',
        'canton.update-by-offset.update-not-found-details',
        'canton.errors.definite-answer',
      ],
    },
    async (context) => {
      const user = aliceReader(context);
      const alice = context.party('alice');
      const cases: [unknown, Json, string, ClauseId][] = [[2n ** 62n, everythingOf(alice), user.id, 'update-by-offset.update-not-found']];
      // The seeded Iou (payer bank, owner alice) has no event carol may see: everything is filtered out for her.
      const transaction = context.fixtures.seededUpdates.transactionOffset;
      const carolReader = context.fixtures.users.find(
        (u) => !u.isDeactivated && (u.rights.readAs.includes('carol') || u.rights.actAs.includes('carol')),
      );
      if (transaction !== undefined && carolReader !== undefined) {
        const carol = context.party('carol');
        const onlyTransactions = { includeTransactions: everythingOf(carol)['includeTransactions'] } as Json;
        cases.push([transaction, onlyTransactions, carolReader.id, 'update-by-offset.update-not-found.all-filtered']);
      }
      for (const [offset, format, sender, clauseId] of cases) {
        const response = await postJson(context, 'update-by-offset', { offset, updateFormat: format }, sender);
        notAServerError(response, clauseId);
        const error = expectError(context, response, 'update-by-offset.errors.default-body', {
          code: 'UPDATE_NOT_FOUND',
          cantonClauseId: 'canton.update-by-offset.update-not-found-404',
        });
        expectErrorCode(error, 'UPDATE_NOT_FOUND', clauseId, response);
        expectErrorCode(error, 'UPDATE_NOT_FOUND', 'errors.update-not-found', response);
        if (context.profile === 'canton') {
          statusCodeConformance(response, [statusOfCategory(11)], 'canton.errors.category-11-404');
          const resources = (response.json() as { resources?: unknown }).resources;
          expectValueMatches(
            'canton.errors.body.resources-pairs',
            'resources',
            resources,
            (value) =>
              Array.isArray(value) &&
              value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string')),
            '[string, string] pairs',
            response,
          );
          updateNotFoundDetails(error, offset as number | bigint, response);
          definiteAnswerConformance(error, 'grpc', response);
        }
      }
    },
  );

  conformanceTest(
    {
      name: 'a non-positive offset is NON_POSITIVE_OFFSET, also when it is missing',
      endpoint: ENDPOINT,
      clauses: [
        'update-by-offset.offset.positive',
        'limits.offsets.positive',
        'canton.update-by-offset.non-positive-offset-400',
        'canton.update-by-offset.relaxed-missing-fields',
      ],
    },
    async (context) => {
      const user = aliceReader(context);
      const format = everythingOf(context.party('alice'));
      const control = () => postJson(context, 'update-by-offset', { offset: seededOffset(context), updateFormat: format }, user.id);
      await context.forAll(
        fc.oneof(fc.constant(0), fc.integer({ min: -(2 ** 40), max: -1 })),
        async (offset) => {
          const response = await postJson(context, 'update-by-offset', { offset, updateFormat: format }, user.id);
          await negativeDataRejection(context, {
            rule: {
              clauseId: 'update-by-offset.offset.positive',
              rule: 'offset 0 or negative',
              violation: { kind: 'range', bound: 'positive' },
              part: { kind: 'body', name: 'offset' },
            },
            response,
            control,
            errorBodyClause: 'update-by-offset.errors.default-body',
            endpoint: ENDPOINT,
            canton: { form: 'error', code: 'NON_POSITIVE_OFFSET', cantonClauseId: 'canton.update-by-offset.non-positive-offset-400' },
          });
        },
        { numRuns: 10 },
      );
      const missing = await postJson(context, 'update-by-offset', { updateFormat: format }, user.id);
      await negativeDataRejection(context, {
        rule: {
          clauseId: 'limits.offsets.positive',
          rule: 'missing offset (0 by the protobuf default)',
          violation: { kind: 'missing' },
          part: { kind: 'body', name: 'offset' },
        },
        response: missing,
        control,
        errorBodyClause: 'update-by-offset.errors.default-body',
        endpoint: ENDPOINT,
        canton: { form: 'error', code: 'NON_POSITIVE_OFFSET', cantonClauseId: 'canton.update-by-offset.relaxed-missing-fields' },
      });
    },
  );

  conformanceTest(
    {
      name: 'int64 offsets may be sent as numeric strings',
      endpoint: ENDPOINT,
      clauses: ['canton.json.protocol-int64-string-input'],
    },
    async (context) => {
      const offset = seededOffset(context);
      const response = await postJson(
        context,
        'update-by-offset',
        { offset: String(offset), updateFormat: everythingOf(context.party('alice')) },
        aliceReader(context).id,
      );
      positiveDataAcceptance(response, 'canton.json.protocol-int64-string-input');
    },
  );

  conformanceTest(
    {
      name: 'rejects every invalid body for its rule (control: the same lookup without the mutation is answered)',
      endpoint: ENDPOINT,
      clauses: [
        'update-by-offset.errors.default-body',
        'errors.400-text-names-part',
        'update-by-offset.offset.positive',
        'update-by-offset.offset.int64',
        'update-by-offset.offset.required',
        'update-by-offset.updateFormat.required',
        'transaction-format.eventFormat.required',
        'transaction-format.transactionShape.required',
        'transaction-format.transactionShape.allowed-values',
        'identifier-filter.exactly-one-key',
        'identifier-filter.allowed-keys',
        'identifier-filter.TemplateFilter.templateId.required',
        'identifier-filter.InterfaceFilter.interfaceId.required',
        'identifier-filter.InterfaceFilter.interfaceId.reference-formats',
        'canton.errors.400-text.json-path-detail',
      ],
    },
    async (context) => {
      waiveInterfaceFiltersWithoutInterface(context, INTERFACE_FILTER_CLAUSES);
      const invalid = invalidRequestRules(generatorContext(context.fixtures))[ENDPOINT];
      // A lookup of an offset with nothing visible is a valid request answered UPDATE_NOT_FOUND: that still
      // shows the base was accepted as well-formed, so it counts as an accepted control.
      await rejectsInvalidRequests(context, invalid, {
        endpoint: ENDPOINT,
        errorBodyClause: 'update-by-offset.errors.default-body',
        schema: 'UpdateByOffsetRequest',
        user: null,
        answeredAsValid: (response) => response.status === 404 && errorCodeOf(response) === 'UPDATE_NOT_FOUND',
        readOnly: true,
      });
    },
  );
});
