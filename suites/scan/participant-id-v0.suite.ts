import { fieldClausesOf } from '../../specification/schema-fields.js';
import { answerBody } from '../../checks/schema.js';
import { notAServerError, statusCodeConformance } from '../../checks/basic.js';
import { scanErrorAnswer, scanErrorMessage, type ScanMessage } from '../../checks/scan.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { FixtureGapError } from '../../harness/library/environment.js';
import { compareVersions } from '../../harness/library/requirements.js';
import type { ClauseId } from '../../specification/clauses.js';
import { UNKNOWN_SYNCHRONIZER_ID, malformedPartyIds, malformedSynchronizerIds } from '../support/party-ids.js';
import { getScan } from '../support/scan-requests.js';
import { acceptedFor, controlAccepted, expectUndecodableIdsRejected } from '../support/scan-responses.js';

const ENDPOINT = 'scan.participant-id-v0';
const DECLARED_ERROR_STATUSES = [404, 500] as const;
/** Splice 0.6.x and later are built on Canton 3.5; 0.5.x on 3.4 and 0.4.x on 3.3. */
const FIRST_SPLICE_ON_CANTON_3_5 = '0.6.0';

function participantIdV0(context: ConformanceContext, partyId: string, domainId = context.fixtures.scan.synchronizerId) {
  return getScan(context, 'scan.participant-id-v0', { domain_id: domainId, party_id: partyId });
}

/**
 * How Splice words the 404 of a synchronizer without topology store: on Canton 3.5 the topology read fails
 * with TOPOLOGY_STORE_NOT_FOUND; Canton 3.3/3.4 returned no mapping. Before the first 3.5-based release
 * both are accepted.
 */
function unknownSynchronizerMessages(scanVersion: string): ScanMessage[] {
  const canton35: ScanMessage = { pattern: /^TOPOLOGY_STORE_NOT_FOUND\(11,[^)]*\): No active synchronizer found for / };
  const canton34: ScanMessage = { startsWith: 'No PartyToParticipant state for ' };
  return compareVersions(scanVersion, FIRST_SPLICE_ON_CANTON_3_5) >= 0 ? [canton35] : [canton35, canton34];
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
        ...fieldClausesOf('GetPartyToParticipantResponse'),
        'scan.responses.json',
        'scan.auth.no-headers',
        'versioning.scan.prefix-v0-v1',
      ],
      requires: ['scan'],
    },
    async (context) => {
      const response = await participantIdV0(context, context.fixtures.scan.parties.singleHosted);
      notAServerError(response, 'scan.participant-id-v0.exists');
      acceptedFor(response, [
        'scan.participant-id-v0.exists',
        'scan.participant-id-v0.path-parameters',
        'scan.auth.no-headers',
        'versioning.scan.prefix-v0-v1',
      ]);
      answerBody(response, 'scan.participant-id-v0.response.shape');
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
      requires: ['scan', 'multiHostedParty'],
    },
    async (context) => {
      const party = context.fixtures.scan.parties.multiHosted;
      if (party === undefined)
        throw new FixtureGapError(
          'features.multiHostedParty is on but the scan fixtures name no parties.multiHosted; add it to the fixtures file',
        );
      const response = await participantIdV0(context, party);
      const message = scanErrorAnswer(response, {
        statuses: DECLARED_ERROR_STATUSES,
        statusClauses: ['scan.participant-id-v0.multi-hosted-fails'],
        bodyClauses: ['scan.participant-id-v0.errors.error-body'],
      });
      if (context.profile === 'canton') {
        statusCodeConformance(response, [500], 'canton.scan.participant-id-v0.multi-hosted-500');
        scanErrorMessage(
          response,
          message,
          [{ pattern: /^Party .+ is hosted on multiple participants, which is not/s }],
          'canton.scan.participant-id-v0.multi-hosted-500',
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
      requires: ['scan'],
    },
    async (context) => {
      const response = await participantIdV0(context, context.fixtures.scan.parties.unknown);
      const message = scanErrorAnswer(response, {
        statuses: [404],
        statusClauses: ['scan.participant-id-v0.errors.declared-statuses', 'errors.scan.declared-statuses'],
        bodyClauses: ['scan.participant-id-v0.errors.error-body', 'errors.scan.error-body'],
      });
      if (context.profile === 'canton') {
        scanErrorMessage(
          response,
          message,
          [{ startsWith: 'No PartyToParticipant state for ' }],
          'canton.scan.participant-id-v0.unknown-party-404',
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'an unknown but well-formed synchronizer is 404 with the message of the Canton under the scan',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.participant-id-v0.unknown-domain-404', 'canton.scan.participant-id-v0.unknown-domain-message'],
      requires: ['scan'],
    },
    async (context) => {
      const response = await participantIdV0(context, context.fixtures.scan.parties.singleHosted, UNKNOWN_SYNCHRONIZER_ID);
      const message = scanErrorAnswer(response, {
        statuses: [404],
        statusClauses: ['canton.scan.participant-id-v0.unknown-domain-404'],
        bodyClauses: ['canton.scan.participant-id-v0.unknown-domain-404'],
      });
      scanErrorMessage(
        response,
        message,
        unknownSynchronizerMessages(context.features.scanVersion),
        'canton.scan.participant-id-v0.unknown-domain-message',
      );
    },
  );

  const malformedIdClauses: ClauseId[] = [
    'canton.scan.participant-id-v0.party-malformed-400',
    'canton.scan.participant-id-v0.domain-malformed-400',
  ];
  conformanceTest(
    {
      name: 'malformed party and domain ids are 400 naming what did not decode',
      endpoint: ENDPOINT,
      clauses: malformedIdClauses,
      requires: ['scan'],
    },
    async (context) => {
      const { synchronizerId, parties } = context.fixtures.scan;
      const control = () => participantIdV0(context, parties.singleHosted, synchronizerId);
      if (!(await controlAccepted(control, malformedIdClauses, 'a malformed party or domain id'))) return;
      await expectUndecodableIdsRejected(
        context.validators,
        malformedPartyIds,
        (party) => participantIdV0(context, party, synchronizerId),
        {
          what: 'party id',
          prefix: 'Could not decode party ID: ValueConversionError(partyId,',
          clauseId: 'canton.scan.participant-id-v0.party-malformed-400',
        },
      );
      await expectUndecodableIdsRejected(
        context.validators,
        malformedSynchronizerIds,
        (domain) => participantIdV0(context, parties.singleHosted, domain),
        { what: 'domain id', prefix: 'Could not decode domain ID: ', clauseId: 'canton.scan.participant-id-v0.domain-malformed-400' },
      );
    },
  );
});
