import { contentTypeConformance, notAServerError, positiveDataAcceptance } from '../../checks/basic.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import { declaredHosts, fingerprintPrefixOf, malformedPartyIds, malformedSynchronizerIds } from './party-ids.js';
import { cantonErrorMessage, expectUndecodableIdsRejected, scanErrorAnswer, scanResponseSchema } from './scan-checks.js';
import { getScan, scanPaths } from './scan-requests.js';
import { FixtureGapError } from '../../harness/environment.js';

const ENDPOINT = 'scan.participant-id-v1';
const REQUIRES = ['scan', { scanVersionAtLeast: '0.5.17' }] as const;
const PARTICIPANT_ID = /^PAR::.+::.+$/s;

function participantIdV1(context: ConformanceContext, partyId: string, domainId = context.fixtures.scan.synchronizerId) {
  return getScan(context, scanPaths.participantIdV1(domainId, partyId));
}

/** 200 `{participant_ids}`, each `PAR::id::fingerprint`. */
async function hostingParticipants(context: ConformanceContext, partyId: string) {
  const response = await participantIdV1(context, partyId);
  notAServerError(response, 'scan.participant-id-v1.exists');
  positiveDataAcceptance(response, 'scan.participant-id-v1.exists');
  contentTypeConformance(response, 'json', 'scan.responses.json');
  const body = scanResponseSchema(
    context.validators,
    response,
    'GetPartyToParticipantResponseV1',
    'scan.participant-id-v1.response.shape',
    {
      '/participant_ids/': 'scan.participant-id-v1.response.participant-id-format',
    },
  ) as { participant_ids: string[] };
  for (const participant of body.participant_ids) {
    expectThat(
      PARTICIPANT_ID.test(participant),
      'response_schema_conformance',
      'scan.participant-id-v1.response.participant-id-format',
      `participant id ${JSON.stringify(participant)} is not of the form PAR::id::fingerprint`,
      response,
    );
  }
  return { response, participants: body.participant_ids };
}

conformanceSuite('scan participant-id v1', () => {
  conformanceTest(
    {
      name: 'a single-hosted party has exactly one hosting participant',
      endpoint: ENDPOINT,
      clauses: [
        'scan.participant-id-v1.exists',
        'scan.participant-id-v1.domain_id.required',
        'scan.participant-id-v1.party_id.required',
        'scan.participant-id-v1.response.shape',
        'scan.participant-id-v1.response.participant-id-format',
        'scan.responses.json',
        'scan.auth.no-headers',
        'versioning.scan.prefix-v0-v1',
      ],
      checks: ['not_a_server_error', 'positive_data_acceptance', 'content_type_conformance', 'response_schema_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const { response, participants } = await hostingParticipants(context, context.fixtures.scan.parties.singleHosted);
      expectThat(
        participants.length === 1,
        'response_schema_conformance',
        'scan.participant-id-v1.response.shape',
        `the single-hosted fixture party should have one hosting participant, got ${participants.length}: ${participants.join(', ')}`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'a multi-hosted party lists all its hosting participants',
      endpoint: ENDPOINT,
      clauses: [
        'scan.participant-id-v1.multi-hosted',
        'versioning.scan.participant-id-v1-supersedes-v0',
        'canton.scan.participant-id-v1.all-participants',
      ],
      checks: ['positive_data_acceptance', 'response_schema_conformance'],
      requires: [...REQUIRES, 'multiHostedParty'],
    },
    async (context) => {
      const party = context.fixtures.scan.parties.multiHosted;
      if (party === undefined)
        throw new FixtureGapError(
          'features.multiHostedParty is on but the scan fixtures name no parties.multiHosted; add it to the fixtures file',
        );
      const { response, participants } = await hostingParticipants(context, party);
      const distinct = new Set(participants);
      expectThat(
        distinct.size >= 2,
        'response_schema_conformance',
        'scan.participant-id-v1.multi-hosted',
        `the multi-hosted fixture party should list several participants, got ${participants.length}: ${participants.join(', ')}`,
        response,
      );
      const declared = declaredHosts(context.fixtures, party);
      if (context.profile === 'canton' && declared !== undefined) {
        const same = declared.length === distinct.size && declared.every((participant) => distinct.has(participant));
        expectThat(
          same,
          'response_schema_conformance',
          'canton.scan.participant-id-v1.all-participants',
          `expected one entry per hosting participant (${declared.join(', ')}), got ${participants.join(', ')}`,
          response,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'an unknown party is 404 with {error}',
      endpoint: ENDPOINT,
      clauses: [
        'scan.participant-id-v1.errors.declared-statuses',
        'scan.participant-id-v1.errors.error-body',
        'errors.scan.error-body',
        'errors.scan.declared-statuses',
        'canton.scan.participant-id-v1.unknown-party-404',
      ],
      checks: ['status_code_conformance', 'error_body_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await participantIdV1(context, context.fixtures.scan.parties.unknown);
      const message = scanErrorAnswer(context, response, {
        statuses: [404],
        statusClause: 'scan.participant-id-v1.errors.declared-statuses',
        bodyClause: 'scan.participant-id-v1.errors.error-body',
      });
      if (context.profile === 'canton')
        cantonErrorMessage(response, message, 'No PartyToParticipant state for ', 'canton.scan.participant-id-v1.unknown-party-404');
    },
  );

  conformanceTest(
    {
      name: 'a fingerprint prefix of a known party is 404 Party not found',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.participant-id-v1.prefix-party-404'],
      checks: ['status_code_conformance', 'error_body_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await participantIdV1(context, fingerprintPrefixOf(context.fixtures.scan.parties.singleHosted));
      const message = scanErrorAnswer(context, response, {
        statuses: [404],
        statusClause: 'canton.scan.participant-id-v1.prefix-party-404',
        bodyClause: 'errors.scan.error-body',
      });
      cantonErrorMessage(response, message, 'Party not found: ', 'canton.scan.participant-id-v1.prefix-party-404');
    },
  );

  conformanceTest(
    {
      name: 'malformed party and synchronizer ids are 400 naming what did not decode',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.participant-id-v1.party-malformed-400', 'canton.scan.participant-id-v1.domain-malformed-400'],
      checks: ['negative_data_rejection', 'status_code_conformance', 'error_body_conformance'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const { synchronizerId, parties } = context.fixtures.scan;
      await expectUndecodableIdsRejected(context, malformedPartyIds, (party) => participantIdV1(context, party, synchronizerId), {
        prefix: 'Could not decode party ID: ValueConversionError(partyId,',
        clauseId: 'canton.scan.participant-id-v1.party-malformed-400',
      });
      await expectUndecodableIdsRejected(
        context,
        malformedSynchronizerIds,
        (domain) => participantIdV1(context, parties.singleHosted, domain),
        {
          prefix: 'Could not decode synchronizer ID: ',
          clauseId: 'canton.scan.participant-id-v1.domain-malformed-400',
        },
      );
    },
  );
});
