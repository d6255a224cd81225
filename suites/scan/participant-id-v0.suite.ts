import { contentTypeConformance, notAServerError, positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import { UNKNOWN_SYNCHRONIZER_ID, malformedPartyIds, malformedSynchronizerIds } from './party-ids.js';
import { cantonErrorMessage, expectUndecodableIdsRejected, scanErrorAnswer, scanResponseSchema } from './scan-checks.js';
import { getScan, scanPaths } from './scan-requests.js';
import { FixtureGapError } from '../../harness/environment.js';

const ENDPOINT = 'scan.participant-id-v0';
const DECLARED_ERROR_STATUSES = [404, 500] as const;
const PARTICIPANT_ID = /^PAR::.+::.+$/s;

function participantIdV0(context: ConformanceContext, partyId: string, domainId = context.fixtures.scan.synchronizerId) {
  return getScan(context, scanPaths.participantIdV0(domainId, partyId));
}

conformanceSuite('scan participant-id v0', () => {
  conformanceTest(
    {
      name: 'a single-hosted party answers its participant id',
      endpoint: ENDPOINT,
      clauses: [
        'scan.participant-id-v0.exists',
        'scan.participant-id-v0.path-parameters',
        'scan.participant-id-v0.response.shape',
        'scan.participant-id-v0.response.participant-id-format',
        'scan.responses.json',
        'scan.auth.no-headers',
        'versioning.scan.prefix-v0-v1',
      ],
      checks: ['not_a_server_error', 'positive_data_acceptance', 'content_type_conformance', 'response_schema_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      const response = await participantIdV0(context, context.fixtures.scan.parties.singleHosted);
      notAServerError(response, 'scan.participant-id-v0.exists');
      positiveDataAcceptance(response, 'scan.participant-id-v0.exists');
      contentTypeConformance(response, 'json', 'scan.responses.json');
      const body = scanResponseSchema(
        context.validators,
        response,
        'GetPartyToParticipantResponse',
        'scan.participant-id-v0.response.shape',
        {
          '/participant_id': 'scan.participant-id-v0.response.participant-id-format',
        },
      ) as { participant_id: string };
      expectThat(
        PARTICIPANT_ID.test(body.participant_id),
        'response_schema_conformance',
        'scan.participant-id-v0.response.participant-id-format',
        `participant id ${JSON.stringify(body.participant_id)} is not of the form PAR::id::fingerprint`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'a multi-hosted party fails with {error}',
      endpoint: ENDPOINT,
      clauses: [
        'scan.participant-id-v0.multi-hosted-fails',
        'scan.participant-id-v0.errors.error-body',
        'canton.scan.participant-id-v0.multi-hosted-500',
      ],
      checks: ['status_code_conformance', 'error_body_conformance'],
      requires: ['scan', 'multiHostedParty'],
    },
    async (context) => {
      const party = context.fixtures.scan.parties.multiHosted;
      if (party === undefined)
        throw new FixtureGapError(
          'features.multiHostedParty is on but the scan fixtures name no parties.multiHosted; add it to the fixtures file',
        );
      const response = await participantIdV0(context, party);
      const message = scanErrorAnswer(context, response, {
        statuses: DECLARED_ERROR_STATUSES,
        statusClause: 'scan.participant-id-v0.multi-hosted-fails',
        bodyClause: 'scan.participant-id-v0.errors.error-body',
      });
      if (context.profile === 'canton') {
        statusCodeConformance(response, [500], 'canton.scan.participant-id-v0.multi-hosted-500');
        cantonErrorMessage(response, message, 'Party ', 'canton.scan.participant-id-v0.multi-hosted-500');
        expectThat(
          message.includes(' is hosted on multiple participants'),
          'error_body_conformance',
          'canton.scan.participant-id-v0.multi-hosted-500',
          `expected "Party <p> is hosted on multiple participants, ...", got ${JSON.stringify(message)}`,
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
        'scan.participant-id-v0.errors.declared-statuses',
        'scan.participant-id-v0.errors.error-body',
        'errors.scan.error-body',
        'errors.scan.declared-statuses',
        'canton.scan.participant-id-v0.unknown-party-404',
      ],
      checks: ['status_code_conformance', 'error_body_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      const response = await participantIdV0(context, context.fixtures.scan.parties.unknown);
      const message = scanErrorAnswer(context, response, {
        statuses: [404],
        statusClause: 'scan.participant-id-v0.errors.declared-statuses',
        bodyClause: 'scan.participant-id-v0.errors.error-body',
      });
      if (context.profile === 'canton')
        cantonErrorMessage(response, message, 'No PartyToParticipant state for ', 'canton.scan.participant-id-v0.unknown-party-404');
    },
  );

  conformanceTest(
    {
      name: 'an unknown but well-formed synchronizer is 404 like an unknown party',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.participant-id-v0.unknown-domain-404'],
      checks: ['status_code_conformance', 'error_body_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      const response = await participantIdV0(context, context.fixtures.scan.parties.singleHosted, UNKNOWN_SYNCHRONIZER_ID);
      const message = scanErrorAnswer(context, response, {
        statuses: [404],
        statusClause: 'canton.scan.participant-id-v0.unknown-domain-404',
        bodyClause: 'errors.scan.error-body',
      });
      cantonErrorMessage(response, message, 'No PartyToParticipant state for ', 'canton.scan.participant-id-v0.unknown-domain-404');
    },
  );

  conformanceTest(
    {
      name: 'malformed party and domain ids are 400 naming what did not decode',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.participant-id-v0.party-malformed-400', 'canton.scan.participant-id-v0.domain-malformed-400'],
      checks: ['negative_data_rejection', 'status_code_conformance', 'error_body_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      const { synchronizerId, parties } = context.fixtures.scan;
      await expectUndecodableIdsRejected(context, malformedPartyIds, (party) => participantIdV0(context, party, synchronizerId), {
        prefix: 'Could not decode party ID: ValueConversionError(partyId,',
        clauseId: 'canton.scan.participant-id-v0.party-malformed-400',
      });
      await expectUndecodableIdsRejected(
        context,
        malformedSynchronizerIds,
        (domain) => participantIdV0(context, parties.singleHosted, domain),
        {
          prefix: 'Could not decode domain ID: ',
          clauseId: 'canton.scan.participant-id-v0.domain-malformed-400',
        },
      );
    },
  );
});
