import fc from 'fast-check';
import type { UserFixture } from '../../config/types.js';
import { invalidRequests, validRequests } from '../../generators/index.js';
import { contentTypeConformance, notAServerError, positiveDataAcceptance } from '../../checks/basic.js';
import { errorBodyConformance } from '../../checks/error-body.js';
import { negativeDataRejection } from '../../checks/rejection.js';
import { responseSchemaConformance } from '../../checks/schema.js';
import { expectThat } from '../../checks/assertion.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { rejectsInvalidBodies } from './support/properties.js';
import { generatorContext, postJson, sendGenerated } from './support/requests.js';
import { FixtureGapError } from '../../harness/environment.js';

const PATH = '/v2/updates/update-by-offset';
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
        'trace-context.traceparent.w3c-format',
        'trace-context.tracestate.optional',
      ],
      checks: ['positive_data_acceptance', 'response_schema_conformance', 'error_body_conformance', 'not_a_server_error'],
    },
    async (context) => {
      const valid = validRequests(generatorContext(context.fixtures), 'accepted')[ENDPOINT];
      await context.forAll(valid, async (request) => {
        const response = await sendGenerated(context, request, request.asUser ?? null);
        notAServerError(response, 'update-by-offset.exists');
        if (response.status === 200) {
          contentTypeConformance(response, 'json', 'update-by-offset.exists');
          responseSchemaConformance(context.validators, response, 'GetUpdateResponse', 'update.allowed-variants');
        } else {
          const error = errorBodyConformance(context, response, 'update-by-offset.update-not-found', {
            code: 'UPDATE_NOT_FOUND',
            cantonClauseId: 'canton.update-by-offset.update-not-found-404',
          });
          expectThat(
            error.code === 'UPDATE_NOT_FOUND',
            'positive_data_acceptance',
            'update-by-offset.update-not-found',
            `a valid lookup may only fail with UPDATE_NOT_FOUND, got ${error.code}: ${error.cause}`,
            response,
          );
        }
      });
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
        'update.Reassignment.variant',
        'limits.offsets.positive',
        'update-by-offset.offset.positive',
        'canton.json.protocol-int64-numbers',
      ],
      checks: ['positive_data_acceptance', 'response_schema_conformance', 'content_type_conformance'],
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
        const response = await postJson(context, PATH, { offset, updateFormat: everythingOf(alice) }, user.id);
        positiveDataAcceptance(response, 'update-by-offset.exists');
        contentTypeConformance(response, 'json', 'update-by-offset.response.shape');
        const body = responseSchemaConformance(context.validators, response, 'GetUpdateResponse', 'update-by-offset.response.shape') as {
          update: Json;
        };
        expectThat(
          Object.keys(body.update)[0] === variant,
          'response_schema_conformance',
          'events.update-records',
          `the seeded update at offset ${offset} is a ${variant}, got ${Object.keys(body.update).join(', ')}`,
          response,
        );
        const shown = offsetOf(body);
        expectThat(
          shown !== undefined && BigInt(shown as number) === BigInt(offset),
          'response_schema_conformance',
          'events.lookup-one-by-offset',
          `the update returned for offset ${offset} must be the one at that offset, but it shows offset ${JSON.stringify(shown ?? null)}`,
          response,
        );
        if (context.profile === 'canton') {
          expectThat(
            typeof shown === 'number',
            'response_schema_conformance',
            'canton.json.protocol-int64-numbers',
            `offset must be a JSON number, got ${typeof shown}`,
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
      ],
      checks: ['error_body_conformance', 'not_a_server_error'],
    },
    async (context) => {
      const user = aliceReader(context);
      const alice = context.party('alice');
      const cases: [unknown, Json, string, string][] = [[2n ** 62n, everythingOf(alice), user.id, 'update-by-offset.update-not-found']];
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
        const response = await postJson(context, PATH, { offset, updateFormat: format }, sender);
        notAServerError(response, clauseId);
        const error = errorBodyConformance(context, response, clauseId, {
          code: 'UPDATE_NOT_FOUND',
          cantonClauseId: 'canton.update-by-offset.update-not-found-404',
        });
        expectThat(
          error.code === 'UPDATE_NOT_FOUND',
          'error_body_conformance',
          clauseId,
          `expected UPDATE_NOT_FOUND, got ${error.code}: ${error.cause}`,
          response,
        );
        if (context.profile === 'canton') {
          const resources = (response.json() as { resources?: unknown }).resources;
          expectThat(
            Array.isArray(resources) &&
              resources.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string')),
            'error_body_conformance',
            'canton.errors.body.resources-pairs',
            `resources must be [string, string] pairs, got ${JSON.stringify(resources)}`,
            response,
          );
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
      checks: ['negative_data_rejection', 'error_body_conformance'],
    },
    async (context) => {
      const user = aliceReader(context);
      const format = everythingOf(context.party('alice'));
      await context.forAll(
        fc.oneof(fc.constant(0), fc.integer({ min: -(2 ** 40), max: -1 })),
        async (offset) => {
          const response = await postJson(context, PATH, { offset, updateFormat: format }, user.id);
          negativeDataRejection(
            context,
            response,
            'update-by-offset.offset.positive',
            { kind: 'body', name: 'offset' },
            { form: 'error', code: 'NON_POSITIVE_OFFSET', cantonClauseId: 'canton.update-by-offset.non-positive-offset-400' },
          );
        },
        { numRuns: 10 },
      );
      const missing = await postJson(context, PATH, { updateFormat: format }, user.id);
      negativeDataRejection(
        context,
        missing,
        'update-by-offset.offset.required',
        { kind: 'body', name: 'offset' },
        { form: 'error', code: 'NON_POSITIVE_OFFSET', cantonClauseId: 'canton.update-by-offset.relaxed-missing-fields' },
      );
    },
  );

  conformanceTest(
    {
      name: 'int64 offsets may be sent as numeric strings',
      endpoint: ENDPOINT,
      clauses: ['canton.json.protocol-int64-string-input'],
      checks: ['positive_data_acceptance'],
    },
    async (context) => {
      const offset = context.fixtures.seededUpdates.transactionOffset ?? context.fixtures.seededUpdates.topologyOffset;
      if (offset === undefined) throw new FixtureGapError('the fixtures seed no update (seededUpdates); add one to look it up');
      const response = await postJson(
        context,
        PATH,
        { offset: String(offset), updateFormat: everythingOf(context.party('alice')) },
        aliceReader(context).id,
      );
      positiveDataAcceptance(response, 'canton.json.protocol-int64-string-input');
    },
  );

  conformanceTest(
    {
      name: 'rejects every invalid body as its rule says',
      endpoint: ENDPOINT,
      clauses: [
        'update-by-offset.errors.default-body',
        'errors.400-text-plain',
        'errors.400-text-names-body',
        'canton.errors.400-text.json-path-detail',
      ],
      checks: ['negative_data_rejection', 'error_body_conformance', 'not_a_server_error'],
    },
    async (context) => {
      const invalid = invalidRequests(generatorContext(context.fixtures))[ENDPOINT];
      if (invalid === undefined) throw new Error('generators: no invalid update-by-offset requests are defined');
      await rejectsInvalidBodies(context, invalid, {
        schema: 'UpdateByOffsetRequest',
        user: aliceReader(context).id,
        fallbackClause: 'update-by-offset.errors.default-body',
      });
    },
  );
});
