import { fieldClausesOf } from '../../specification/schema-fields.js';
import { answerBody } from '../../checks/schema.js';
import { notAServerError } from '../../checks/basic.js';
import { scanErrorAnswer, scanErrorMessage } from '../../checks/scan.js';
import { expectCount, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { FixtureGapError } from '../../harness/library/environment.js';
import type { ClauseId } from '../../specification/clauses.js';
import { endpointRequirements } from '../../specification/endpoints.js';
import { declaredHosts, fingerprintPrefixOf, malformedPartyIds, malformedSynchronizerIds } from '../support/party-ids.js';
import { getScan } from '../support/scan-requests.js';
import { acceptedFor, controlAccepted, expectUndecodableIdsRejected } from '../support/scan-responses.js';

const ENDPOINT = 'scan.participant-id-v1';
const REQUIRES = endpointRequirements('scan.participant-id-v1');

function participantIdV1(context: ConformanceContext, partyId: string, domainId = context.fixtures.scan.synchronizerId) {
  return getScan(context, 'scan.participant-id-v1', { domain_id: domainId, party_id: partyId });
}

/** The clauses `hostingParticipants` asserts. */
const HOSTING_CLAUSES: ClauseId[] = [
  'scan.participant-id-v1.exists',
  'scan.participant-id-v1.response.shape',
  ...fieldClausesOf('GetPartyToParticipantResponseV1'),
  'scan.responses.json',
];

/** 200 `{participant_ids}`, each `PAR::id::fingerprint` (the schema's format). */
async function hostingParticipants(context: ConformanceContext, partyId: string) {
  const response = await participantIdV1(context, partyId);
  notAServerError(response, 'scan.participant-id-v1.exists');
  acceptedFor(response, ['scan.participant-id-v1.exists']);
  const body = answerBody(response, 'scan.participant-id-v1.response.shape') as { participant_ids: string[] };
  return { response, participants: body.participant_ids };
}

conformanceSuite('scan participant-id v1', () => {
  conformanceTest(
    {
      name: 'a single-hosted party has exactly one hosting participant',
      endpoint: ENDPOINT,
      clauses: [
        ...HOSTING_CLAUSES,
        'scan.participant-id-v1.domain_id.required',
        'scan.participant-id-v1.party_id.required',
        'scan.auth.no-headers',
        'versioning.scan.prefix-v0-v1',
      ],
      requires: [...REQUIRES],
    },
    async (context) => {
      const { response, participants } = await hostingParticipants(context, context.fixtures.scan.parties.singleHosted);
      acceptedFor(response, [
        'scan.participant-id-v1.domain_id.required',
        'scan.participant-id-v1.party_id.required',
        'scan.auth.no-headers',
        'versioning.scan.prefix-v0-v1',
      ]);
      expectCount(
        'scan.participant-id-v1.response.shape',
        'participant_ids of the single-hosted fixture party',
        participants,
        { exactly: 1 },
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'a multi-hosted party lists all its hosting participants',
      endpoint: ENDPOINT,
      clauses: [
        ...HOSTING_CLAUSES,
        'scan.participant-id-v1.multi-hosted',
        'versioning.scan.participant-id-v1-supersedes-v0',
        'canton.scan.participant-id-v1.all-participants',
      ],
      requires: [...REQUIRES, 'multiHostedParty'],
    },
    async (context) => {
      const party = context.fixtures.scan.parties.multiHosted;
      if (party === undefined)
        throw new FixtureGapError(
          'features.multiHostedParty is on but the scan fixtures name no parties.multiHosted; add it to the fixtures file',
        );
      const { response, participants } = await hostingParticipants(context, party);
      const distinct = [...new Set(participants)];
      for (const clauseId of ['scan.participant-id-v1.multi-hosted', 'versioning.scan.participant-id-v1-supersedes-v0'] as const) {
        expectCount(clauseId, 'distinct participant_ids of the multi-hosted fixture party', distinct, { min: 2 }, response);
      }
      const declared = declaredHosts(context.fixtures, party);
      if (context.profile === 'canton' && declared !== undefined) {
        expectValueMatches(
          'canton.scan.participant-id-v1.all-participants',
          'participant_ids',
          participants,
          (listed) => listed.length === declared.length && declared.every((participant) => listed.includes(participant)),
          `one entry per hosting participant: ${declared.join(', ')}`,
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
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await participantIdV1(context, context.fixtures.scan.parties.unknown);
      const message = scanErrorAnswer(response, {
        statuses: [404],
        statusClauses: ['scan.participant-id-v1.errors.declared-statuses', 'errors.scan.declared-statuses'],
        bodyClauses: ['scan.participant-id-v1.errors.error-body', 'errors.scan.error-body'],
      });
      if (context.profile === 'canton') {
        scanErrorMessage(
          response,
          message,
          [{ startsWith: 'No PartyToParticipant state for ' }],
          'canton.scan.participant-id-v1.unknown-party-404',
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'a fingerprint prefix of a known party is 404 Party not found',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.participant-id-v1.prefix-party-404'],
      requires: [...REQUIRES],
    },
    async (context) => {
      const response = await participantIdV1(context, fingerprintPrefixOf(context.fixtures.scan.parties.singleHosted));
      const message = scanErrorAnswer(response, {
        statuses: [404],
        statusClauses: ['canton.scan.participant-id-v1.prefix-party-404'],
        bodyClauses: ['canton.scan.participant-id-v1.prefix-party-404'],
      });
      scanErrorMessage(response, message, [{ startsWith: 'Party not found: ' }], 'canton.scan.participant-id-v1.prefix-party-404');
    },
  );

  const malformedIdClauses: ClauseId[] = [
    'canton.scan.participant-id-v1.party-malformed-400',
    'canton.scan.participant-id-v1.domain-malformed-400',
  ];
  conformanceTest(
    {
      name: 'malformed party and synchronizer ids are 400 naming what did not decode',
      endpoint: ENDPOINT,
      clauses: malformedIdClauses,
      requires: [...REQUIRES],
    },
    async (context) => {
      const { synchronizerId, parties } = context.fixtures.scan;
      const control = () => participantIdV1(context, parties.singleHosted, synchronizerId);
      if (!(await controlAccepted(control, malformedIdClauses, 'a malformed party or synchronizer id'))) return;
      await expectUndecodableIdsRejected(
        context.validators,
        malformedPartyIds,
        (party) => participantIdV1(context, party, synchronizerId),
        {
          what: 'party id',
          prefix: 'Could not decode party ID: ValueConversionError(partyId,',
          clauseId: 'canton.scan.participant-id-v1.party-malformed-400',
        },
      );
      await expectUndecodableIdsRejected(
        context.validators,
        malformedSynchronizerIds,
        (domain) => participantIdV1(context, parties.singleHosted, domain),
        {
          what: 'synchronizer id',
          prefix: 'Could not decode synchronizer ID: ',
          clauseId: 'canton.scan.participant-id-v1.domain-malformed-400',
        },
      );
    },
  );
});
