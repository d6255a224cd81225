import { answerBody } from '../../checks/schema.js';
import type { ClientResponse } from '../../client/http.js';
import { notAServerError, statusCodeConformance } from '../../checks/basic.js';
import { circePrettyErrorBody, scanErrorAnswer, scanErrorMessage, scanRejection } from '../../checks/scan.js';
import { fieldClausesOf } from '../../specification/schema-fields.js';
import { expectValue, expectValueMatches } from '../../checks/values.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { FixtureGapError } from '../../harness/library/environment.js';
import type { ClauseId } from '../../specification/clauses.js';
import { cantonMemberRejection, isSpecMemberId, malformedMemberId } from '../support/member-ids.js';
import { UNKNOWN_SYNCHRONIZER_ID } from '../support/party-ids.js';
import { getScan } from '../support/scan-requests.js';
import { acceptedFor, assertStillBreaksRule, controlAccepted, exactInteger, isJsonInteger } from '../support/scan-responses.js';

const ENDPOINT = 'scan.traffic-status';
const DECLARED_ERROR_STATUSES = [400, 404, 500] as const;

interface TrafficStatus {
  traffic_status: { actual: { total_consumed: unknown; total_limit: unknown }; target: { total_purchased: unknown } };
}

/**
 * The clauses `trafficStatusOf` and the engine's checks of its answer assert (the canton one in the canton profile only):
 * the fields' clauses are those of the answer's schema (specification/schema-fields.ts).
 */
const TRAFFIC_STATUS_CLAUSES: ClauseId[] = [
  'scan.traffic-status.exists',
  'scan.responses.json',
  'scan.traffic-status.response.shape',
  ...fieldClausesOf('GetMemberTrafficStatusResponse'),
  'canton.scan.traffic-status.int64-numbers',
];

/** A fixture member named in the scan fixtures, or an error saying which key to fill in. */
function fixtureMember(context: ConformanceContext, key: 'topUpInProgress' | 'topUpComplete'): string {
  const member = context.fixtures.scan.members[key];
  if (member === undefined) {
    throw new FixtureGapError(`the scan fixtures name no member for members.${key}; add one to the fixtures file (scan.members.${key})`);
  }
  return member;
}

/** 200 with a well-formed traffic status; in the canton profile the three counters are JSON integers. */
function trafficStatusOf(context: ConformanceContext, response: ClientResponse): TrafficStatus {
  notAServerError(response, 'scan.traffic-status.exists');
  acceptedFor(response, ['scan.traffic-status.exists']);
  const body = answerBody(response, 'scan.traffic-status.response.shape') as TrafficStatus;
  if (context.profile === 'canton') {
    const { actual, target } = body.traffic_status;
    for (const [name, value] of Object.entries({
      total_consumed: actual.total_consumed,
      total_limit: actual.total_limit,
      total_purchased: target.total_purchased,
    })) {
      expectValueMatches('canton.scan.traffic-status.int64-numbers', name, value, isJsonInteger, 'a JSON integer', response);
    }
  }
  return body;
}

async function trafficStatus(
  context: ConformanceContext,
  memberId: string,
  domainId = context.fixtures.scan.synchronizerId,
): Promise<ClientResponse> {
  return getScan(context, 'scan.traffic-status', { domain_id: domainId, member_id: memberId });
}

conformanceSuite('scan traffic-status', () => {
  conformanceTest(
    {
      name: 'known members answer their traffic status',
      endpoint: ENDPOINT,
      clauses: [
        ...TRAFFIC_STATUS_CLAUSES,
        'scan.traffic-status.domain_id.required',
        'scan.traffic-status.member_id.required',
        'scan.auth.no-headers',
        'versioning.scan.prefix-v0-v1',
        'format.area-b.base-url',
      ],
      requires: ['scan'],
    },
    async (context) => {
      for (const key of ['topUpInProgress', 'topUpComplete'] as const) {
        const response = await trafficStatus(context, fixtureMember(context, key));
        trafficStatusOf(context, response);
        acceptedFor(response, [
          'scan.traffic-status.domain_id.required',
          'scan.traffic-status.member_id.required',
          'scan.auth.no-headers',
          'versioning.scan.prefix-v0-v1',
          'format.area-b.base-url',
        ]);
      }
    },
  );

  conformanceTest(
    {
      name: 'a member with a top-up in progress has total_limit different from total_purchased',
      endpoint: ENDPOINT,
      clauses: [...TRAFFIC_STATUS_CLAUSES, 'state.traffic-top-up'],
      requires: ['scan'],
    },
    async (context) => {
      const response = await trafficStatus(context, fixtureMember(context, 'topUpInProgress'));
      const { actual, target } = trafficStatusOf(context, response).traffic_status;
      expectValueMatches(
        'state.traffic-top-up',
        'actual.total_limit of the member whose top-up is in progress',
        exactInteger(actual.total_limit),
        (limit) => limit !== exactInteger(target.total_purchased),
        `different from target.total_purchased (${String(target.total_purchased)})`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'a member whose top-up is complete has total_limit equal to total_purchased',
      endpoint: ENDPOINT,
      clauses: [...TRAFFIC_STATUS_CLAUSES, 'state.traffic-top-up'],
      requires: ['scan'],
    },
    async (context) => {
      const response = await trafficStatus(context, fixtureMember(context, 'topUpComplete'));
      const { actual, target } = trafficStatusOf(context, response).traffic_status;
      expectValue(
        'state.traffic-top-up',
        'actual.total_limit of the member whose top-up is complete (target.total_purchased)',
        exactInteger(actual.total_limit),
        exactInteger(target.total_purchased),
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'an unknown member is 404 with {error}',
      endpoint: ENDPOINT,
      clauses: [
        'scan.traffic-status.errors.declared-statuses',
        'scan.traffic-status.errors.error-body',
        'errors.scan.error-body',
        'errors.scan.declared-statuses',
        'canton.scan.traffic-status.unknown-member-404',
        'canton.scan.error-body-pretty-json',
      ],
      requires: ['scan'],
    },
    async (context) => {
      const response = await trafficStatus(context, context.fixtures.scan.members.unknown);
      const message = scanErrorAnswer(response, {
        statuses: [404],
        statusClauses: ['scan.traffic-status.errors.declared-statuses', 'errors.scan.declared-statuses'],
        bodyClauses: ['scan.traffic-status.errors.error-body', 'errors.scan.error-body'],
      });
      if (context.profile === 'canton') {
        scanErrorMessage(
          response,
          message,
          [{ startsWith: 'No traffic state found for member ' }],
          'canton.scan.traffic-status.unknown-member-404',
        );
        circePrettyErrorBody(response, 'canton.scan.error-body-pretty-json');
      }
    },
  );

  // One member id per rule of Canton's parser, so each rule is asserted whatever the property draws.
  const memberPerRule = ['PAR::ab', 'PAR:-alice::1220abcd', 'XYZ::alice::1220abcd', 'PAR::alice'];
  const malformedMemberClauses: ClauseId[] = [
    'scan.traffic-status.member_id.format',
    'scan.traffic-status.errors.declared-statuses',
    'scan.traffic-status.errors.error-body',
    'errors.scan.declared-statuses',
    'errors.scan.error-body',
    'canton.scan.traffic-status.member-malformed-400',
    'canton.scan.traffic-status.member-too-short',
    'canton.scan.traffic-status.member-missing-delimiter',
    'canton.scan.traffic-status.member-unknown-code',
    'canton.scan.traffic-status.member-bad-uid',
  ];
  conformanceTest(
    {
      name: 'malformed member ids are rejected with {error}',
      endpoint: ENDPOINT,
      clauses: malformedMemberClauses,
      requires: ['scan'],
    },
    async (context) => {
      const control = () => trafficStatus(context, fixtureMember(context, 'topUpInProgress'));
      if (!(await controlAccepted(control, malformedMemberClauses, 'a malformed member id'))) return;
      const expectRejected = async (memberId: string): Promise<void> => {
        const canton = cantonMemberRejection(memberId);
        assertStillBreaksRule(
          !isSpecMemberId(memberId) && canton !== undefined,
          'scan.traffic-status.member_id.format',
          `member id ${JSON.stringify(memberId)}`,
        );
        const response = await trafficStatus(context, memberId);
        scanRejection(response, 'scan.traffic-status.member_id.format', `the malformed member id ${JSON.stringify(memberId)}`);
        const message = scanErrorAnswer(response, {
          statuses: DECLARED_ERROR_STATUSES,
          statusClauses: ['scan.traffic-status.errors.declared-statuses', 'errors.scan.declared-statuses'],
          bodyClauses: ['scan.traffic-status.errors.error-body', 'errors.scan.error-body'],
        });
        if (context.profile !== 'canton' || canton === undefined) return;
        const prefix = 'Could not decode member ID: ';
        statusCodeConformance(response, [400], 'canton.scan.traffic-status.member-malformed-400');
        scanErrorMessage(response, message, [{ startsWith: prefix }], 'canton.scan.traffic-status.member-malformed-400');
        scanErrorMessage(response, message.slice(prefix.length), [{ pattern: canton.messagePattern }], canton.clauseId);
      };
      for (const memberId of memberPerRule) await expectRejected(memberId);
      await context.forAll(malformedMemberId(), expectRejected);
    },
  );

  const malformedDomainClauses: ClauseId[] = [
    'canton.scan.traffic-status.domain-malformed-400',
    'canton.scan.traffic-status.physical-synchronizer-id-400',
    'canton.scan.traffic-status.member-checked-first',
  ];
  conformanceTest(
    {
      name: 'malformed domain ids are 400, and the member is checked first',
      endpoint: ENDPOINT,
      clauses: malformedDomainClauses,
      requires: ['scan'],
    },
    async (context) => {
      const member = fixtureMember(context, 'topUpInProgress');
      if (!(await controlAccepted(() => trafficStatus(context, member), malformedDomainClauses, 'a malformed domain id'))) return;
      const synchronizerId = context.fixtures.scan.synchronizerId;
      const badDomain = 'Could not decode domain ID: ';
      const cases: { memberId: string; domainId: string; prefix: string; clauseId: ClauseId }[] = [
        { memberId: member, domainId: 'no-delimiter', prefix: badDomain, clauseId: 'canton.scan.traffic-status.domain-malformed-400' },
        {
          memberId: member,
          domainId: `::${synchronizerId.split('::')[1] ?? 'x'}`,
          prefix: badDomain,
          clauseId: 'canton.scan.traffic-status.domain-malformed-400',
        },
        {
          memberId: member,
          domainId: 'bad!char::1220abcd',
          prefix: badDomain,
          clauseId: 'canton.scan.traffic-status.domain-malformed-400',
        },
        {
          memberId: member,
          domainId: `${synchronizerId}::35-0`,
          prefix: badDomain,
          clauseId: 'canton.scan.traffic-status.physical-synchronizer-id-400',
        },
        {
          memberId: 'XYZ::member::1220abcd',
          domainId: 'no-delimiter',
          prefix: 'Could not decode member ID: ',
          clauseId: 'canton.scan.traffic-status.member-checked-first',
        },
      ];
      for (const { domainId, memberId, prefix, clauseId } of cases) {
        const response = await trafficStatus(context, memberId, domainId);
        scanRejection(response, clauseId, `the domain id ${JSON.stringify(domainId)} with member ${JSON.stringify(memberId)}`);
        const message = scanErrorAnswer(response, {
          statuses: [400],
          statusClauses: [clauseId],
          bodyClauses: [clauseId],
        });
        scanErrorMessage(response, message, [{ startsWith: prefix }], clauseId);
      }
    },
  );

  conformanceTest(
    {
      name: 'an unknown but well-formed domain is 200 with nothing purchased',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.traffic-status.unknown-domain-200'],
      requires: ['scan'],
    },
    async (context) => {
      const clauseId = 'canton.scan.traffic-status.unknown-domain-200';
      const member = fixtureMember(context, 'topUpInProgress');
      const readStatus = async (domainId?: string) => {
        const response = await trafficStatus(context, member, domainId);
        statusCodeConformance(response, [200], clauseId);
        const body = answerBody(response, clauseId) as TrafficStatus;
        return { response, status: body.traffic_status };
      };
      const onFixtureDomain = (await readStatus()).status;
      const { response, status } = await readStatus(UNKNOWN_SYNCHRONIZER_ID);
      expectValue(clauseId, 'target.total_purchased on an unknown domain', exactInteger(status.target.total_purchased), 0n, response);
      expectValue(
        clauseId,
        "actual.total_limit on an unknown domain (the sequencer's view, whatever the domain)",
        exactInteger(status.actual.total_limit),
        exactInteger(onFixtureDomain.actual.total_limit),
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'SEQ member ids pass the parser',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.traffic-status.seq-accepted'],
      requires: ['scan'],
    },
    async (context) => {
      // The unknown member's unique identifier as a sequencer: well-formed, known or not.
      const uid = context.fixtures.scan.members.unknown.slice(5);
      const response = await trafficStatus(context, `SEQ::${uid}`);
      statusCodeConformance(response, [200, 404], 'canton.scan.traffic-status.seq-accepted');
    },
  );
});
