/**
 * Valid requests break no rule and pass the spec's schemas; invalid requests break exactly the rule their
 * tag names (judged by the independent checker) and fail the schemas where a schema can say so.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidRequestRules, validRequests, ENDPOINT_NAMES, type EndpointName } from '../../generators/index.js';
import { invalidAnnotationRules } from '../../generators/invalid/annotations.js';
import { annotations } from '../../generators/primitives/annotations.js';
import { clauseIds } from '../../specification/clauses.js';
import { endpointDescriptor } from '../../specification/endpoints.js';
import { createValidators, type SchemaName } from '../../specification/validate.js';
import { brokenAnnotationRules, brokenRules } from './rule-checker.js';
import { referenceContext, referenceFixtures, SEED } from './support.js';

const context = referenceContext();
const fixtures = referenceFixtures();
/** The request body schema of an endpoint: its descriptor's `request` (specification/endpoints.ts). */
const bodySchema = (endpoint: EndpointName): SchemaName | undefined => endpointDescriptor(endpoint).request;
/** Rules the JSON Schemas express; for these an invalid body must also fail schema validation. */
const SCHEMA_EXPRESSIBLE = new Set([
  'submit-and-wait.commands.non-empty',
  'submit-and-wait.actAs.non-empty',
  'submit-and-wait.commands.required',
  'submit-and-wait.commandId.required',
  'submit-and-wait.actAs.required',
  'user-id.limit.max-128',
  'user-id.limit.charset',
  'user-id.limit.non-empty',
  'submit-and-wait.submissionId.string',
  'submit-and-wait.synchronizerId.string',
  'submit-and-wait.tapsMaxPasses.integer',
  'submit-and-wait.packageIdSelectionPreference.strings',
  'submit-and-wait.minLedgerTimeAbs.timestamp',
  'command.exactly-one-key',
  'command.allowed-keys',
  'command.CreateAndExerciseCommand.fields-required',
  'command.CreateCommand.fields-required',
  'command.ExerciseByKeyCommand.fields-required',
  'command.ExerciseCommand.fields-required',
  'deduplication-period.exactly-one-key',
  'deduplication-period.allowed-keys',
  'deduplication-period.DeduplicationOffset.execute-form-only',
  'deduplication-period.Empty.execute-form-only',
  'duration.seconds.required-int64',
  'duration.nanos.required-int32',
  'execute.partySignatures.signatures.non-empty',
  'single-party-signatures.signatures.non-empty',
  'signature.signature.non-empty',
  'execute.preparedTransaction.required',
  'execute.partySignatures.required',
  'execute.submissionId.required',
  'execute.hashingSchemeVersion.required',
  'execute.partySignatures.signatures.required',
  'single-party-signatures.party.required',
  'single-party-signatures.signatures.required',
  'signature.format.required',
  'signature.signature.required',
  'signature.signedBy.required',
  'signature.signingAlgorithmSpec.required',
  'min-ledger-time.time.exactly-one-key',
  'min-ledger-time.time.allowed-keys',
  'min-ledger-time.time.shape',
  'min-ledger-time.time.MinLedgerTimeAbs.shape',
  'execute.hashingSchemeVersion.allowed-values',
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
]);

const validators = { spec: createValidators('spec'), canton: createValidators('canton') };

function schemaErrors(schema: SchemaName, body: unknown, profile: 'spec' | 'canton') {
  const result = validators[profile].validate(schema, body);
  return result.valid ? [] : result.errors.map((error) => `${error.path} ${error.rule}: ${error.message}`);
}

describe.each(['schema', 'accepted'] as const)('valid %s requests', (mode) => {
  const arbitraries = validRequests(context, mode);
  it.each(ENDPOINT_NAMES)('%s: no rule broken, schemas pass', (endpoint) => {
    const schema = bodySchema(endpoint);
    const cheap = !endpoint.startsWith('dars') && !endpoint.startsWith('packages');
    fc.assert(
      fc.property(arbitraries[endpoint], (request) => {
        expect(brokenRules(request)).toEqual([]);
        if (schema !== undefined) {
          expect(schemaErrors(schema, request.body, 'spec')).toEqual([]);
          expect(schemaErrors(schema, request.body, 'canton')).toEqual([]);
        }
      }),
      { seed: SEED, numRuns: cheap ? 1000 : 100 },
    );
  });
});

describe('accepted DAR requests', () => {
  it('name the fixture synchronizer whenever they vet (else Canton auto-detects one, which fails with 0 or 2+), and omit it only when they do not', () => {
    const accepted = validRequests(context, 'accepted');
    const queries: Record<string, string>[] = [];
    for (const endpoint of ['dars-upload', 'packages-upload', 'dars-validate'] as const) {
      fc.assert(
        fc.property(accepted[endpoint], (request) => {
          const query = request.query ?? {};
          queries.push(query);
          const vets = endpoint === 'dars-validate' || query['vetAllPackages'] !== 'false';
          if (vets) expect(query['synchronizerId']).toBe(context.synchronizerId);
        }),
        { seed: SEED, numRuns: 100 },
      );
    }
    // Leaving the synchronizer out, and naming it without vetting, are still drawn.
    expect(queries.some((query) => query['vetAllPackages'] === 'false' && query['synchronizerId'] === undefined)).toBe(true);
    expect(queries.some((query) => query['vetAllPackages'] === 'false' && query['synchronizerId'] !== undefined)).toBe(true);
  });
});

describe('accepted update formats', () => {
  type Json = Record<string, any>;
  /** The parties a fixture user may read as, from the fixtures (not the generator context). */
  const readable = (userId: string | undefined): Set<string> => {
    const user = fixtures.users.find((candidate) => candidate.id === userId && !candidate.isDeactivated);
    if (user?.rights.readAsAnyParty) return new Set(fixtures.parties.map((party) => party.id));
    const aliases = user ? [...user.rights.actAs, ...user.rights.readAs] : [];
    return new Set(aliases.map((alias) => fixtures.parties.find((party) => party.alias === alias)!.id));
  };
  const readsAsAnyParty = (userId: string | undefined): boolean =>
    fixtures.users.some((candidate) => candidate.id === userId && !candidate.isDeactivated && candidate.rights.readAsAnyParty);
  it('ask for something, name a shape, and name only parties their sender may read as', () => {
    fc.assert(
      fc.property(validRequests(context, 'accepted')['update-by-offset'], (request) => {
        const format = (request.body as Json)['updateFormat'] as Json;
        const parties = readable(request.asUser);
        expect(parties.size).toBeGreaterThan(0);
        expect(Object.keys(format).length).toBeGreaterThan(0);
        const eventFormats = [format['includeTransactions']?.eventFormat, format['includeReassignments']].filter(
          (value) => value !== undefined,
        ) as Json[];
        if (format['includeTransactions']) expect(format['includeTransactions'].transactionShape).not.toBe('TRANSACTION_SHAPE_UNSPECIFIED');
        for (const eventFormat of eventFormats) {
          // Filters for any party only from a user with the CanReadAsAnyParty right; otherwise at least one party.
          if (!readsAsAnyParty(request.asUser)) expect(eventFormat['filtersForAnyParty']).toBeUndefined();
          const named = Object.keys(eventFormat['filtersByParty'] ?? {});
          if (eventFormat['filtersForAnyParty'] === undefined) expect(named.length).toBeGreaterThan(0);
          for (const party of named) expect(parties.has(party)).toBe(true);
        }
        const topologyParties = format['includeTopologyEvents']?.includeParticipantAuthorizationEvents?.parties as string[] | undefined;
        if (format['includeTopologyEvents']) {
          expect(topologyParties?.length).toBeGreaterThan(0);
          for (const party of topologyParties!) expect(parties.has(party)).toBe(true);
        }
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
});

describe('invalid requests', () => {
  const rules = invalidRequestRules(context);
  it.each(ENDPOINT_NAMES.filter((endpoint) => rules[endpoint].length > 0))('%s: each breaks exactly its tagged rule', (endpoint) => {
    const schema = bodySchema(endpoint);
    for (const rule of rules[endpoint]) {
      fc.assert(
        fc.property(rule, (request) => {
          expect(brokenRules(request), request.invalid.rule).toEqual([request.invalid.clauseId]);
          if (schema !== undefined && SCHEMA_EXPRESSIBLE.has(request.invalid.clauseId)) {
            expect(schemaErrors(schema, request.body, 'spec').length, request.invalid.rule).toBeGreaterThan(0);
          }
        }),
        { seed: SEED, numRuns: 60 },
      );
    }
  });

  it('every tagged clause id exists in the clause registry', () => {
    const tagged = new Set<string>();
    for (const endpoint of ENDPOINT_NAMES) {
      for (const rule of rules[endpoint])
        for (const request of fc.sample(rule, { seed: SEED, numRuns: 5 })) tagged.add(request.invalid.clauseId);
    }
    for (const rule of invalidAnnotationRules())
      for (const value of fc.sample(rule, { seed: SEED, numRuns: 2 })) tagged.add(value.clauseId);
    expect([...tagged].filter((id) => !clauseIds.has(id))).toEqual([]);
  });
});

describe('annotations', () => {
  it('valid maps break no rule', () => {
    fc.assert(
      fc.property(annotations(), (map) => {
        expect(brokenAnnotationRules(map)).toEqual([]);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
  it('each invalid map breaks exactly its tagged rule', () => {
    for (const rule of invalidAnnotationRules()) {
      fc.assert(
        fc.property(rule, (invalid) => {
          expect(brokenAnnotationRules(invalid.value), invalid.rule).toEqual([invalid.clauseId]);
        }),
        {
          seed: SEED,
          numRuns: 30,
        },
      );
    }
  });
});
