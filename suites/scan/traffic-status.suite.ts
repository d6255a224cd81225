import type { ClientResponse } from '../../client/http.js';
import { contentTypeConformance, notAServerError, positiveDataAcceptance, statusCodeConformance } from '../../checks/basic.js';
import { assertStillInvalid } from '../../checks/rejection.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/conformance-test.js';
import { expectThat } from '../../checks/assertion.js';
import { cantonMemberRejection, isSpecMemberId, malformedMemberId } from './member-ids.js';
import {
  cantonErrorMessage,
  cantonPrettyErrorBody,
  exactInteger,
  isJsonInteger,
  scanErrorAnswer,
  scanResponseSchema,
} from './scan-checks.js';
import { UNKNOWN_SYNCHRONIZER_ID } from './party-ids.js';
import { getScan, scanPaths } from './scan-requests.js';
import { FixtureGapError } from '../../harness/environment.js';

const ENDPOINT = 'scan.traffic-status';
const DECLARED_ERROR_STATUSES = [400, 404, 500] as const;

interface TrafficStatus {
  traffic_status: { actual: { total_consumed: unknown; total_limit: unknown }; target: { total_purchased: unknown } };
}

const FIELD_CLAUSES = {
  '/traffic_status/actual/total_consumed': 'member-traffic-status.actual.total_consumed.required-int64',
  '/traffic_status/actual/total_limit': 'member-traffic-status.actual.total_limit.required-int64',
  '/traffic_status/target/total_purchased': 'member-traffic-status.target.total_purchased.required-int64',
  '/traffic_status': 'member-traffic-status.shape',
};

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
  positiveDataAcceptance(response, 'scan.traffic-status.exists');
  contentTypeConformance(response, 'json', 'scan.responses.json');
  const body = scanResponseSchema(
    context.validators,
    response,
    'GetMemberTrafficStatusResponse',
    'scan.traffic-status.response.shape',
    FIELD_CLAUSES,
  ) as TrafficStatus;
  if (context.profile === 'canton') {
    const { actual, target } = body.traffic_status;
    for (const [name, value] of Object.entries({
      total_consumed: actual.total_consumed,
      total_limit: actual.total_limit,
      total_purchased: target.total_purchased,
    })) {
      expectThat(
        isJsonInteger(value),
        'response_schema_conformance',
        'canton.scan.traffic-status.int64-numbers',
        `${name} must be a JSON integer, got ${JSON.stringify(String(value))} (${typeof value})`,
        response,
      );
    }
  }
  return body;
}

async function trafficStatus(
  context: ConformanceContext,
  memberId: string,
  domainId = context.fixtures.scan.synchronizerId,
): Promise<ClientResponse> {
  return getScan(context, scanPaths.trafficStatus(domainId, memberId));
}

conformanceSuite('scan traffic-status', () => {
  conformanceTest(
    {
      name: 'known members answer 200 with their traffic status',
      endpoint: ENDPOINT,
      clauses: [
        'scan.traffic-status.exists',
        'scan.traffic-status.domain_id.required',
        'scan.traffic-status.member_id.required',
        'scan.traffic-status.response.shape',
        'member-traffic-status.shape',
        'member-traffic-status.actual.total_consumed.required-int64',
        'member-traffic-status.actual.total_limit.required-int64',
        'member-traffic-status.target.total_purchased.required-int64',
        'canton.scan.traffic-status.int64-numbers',
        'scan.responses.json',
        'scan.auth.no-headers',
        'versioning.scan.prefix-v0-v1',
        'format.area-b.base-url',
      ],
      checks: ['not_a_server_error', 'positive_data_acceptance', 'content_type_conformance', 'response_schema_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      for (const key of ['topUpInProgress', 'topUpComplete'] as const) {
        trafficStatusOf(context, await trafficStatus(context, fixtureMember(context, key)));
      }
    },
  );

  conformanceTest(
    {
      name: 'a member with a top-up in progress has total_limit different from total_purchased',
      endpoint: ENDPOINT,
      clauses: ['state.traffic-top-up'],
      checks: ['response_schema_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      const response = await trafficStatus(context, fixtureMember(context, 'topUpInProgress'));
      const { actual, target } = trafficStatusOf(context, response).traffic_status;
      expectThat(
        exactInteger(actual.total_limit) !== exactInteger(target.total_purchased),
        'response_schema_conformance',
        'state.traffic-top-up',
        `the fixture member's top-up is in progress, but total_limit equals total_purchased (${String(target.total_purchased)})`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'a member whose top-up is complete has total_limit equal to total_purchased',
      endpoint: ENDPOINT,
      clauses: ['state.traffic-top-up'],
      checks: ['response_schema_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      const response = await trafficStatus(context, fixtureMember(context, 'topUpComplete'));
      const { actual, target } = trafficStatusOf(context, response).traffic_status;
      expectThat(
        exactInteger(actual.total_limit) === exactInteger(target.total_purchased),
        'response_schema_conformance',
        'state.traffic-top-up',
        `the fixture member's top-up is complete, but total_limit ${String(actual.total_limit)} differs from total_purchased ${String(target.total_purchased)}`,
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
      checks: ['status_code_conformance', 'error_body_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      const response = await trafficStatus(context, context.fixtures.scan.members.unknown);
      const message = scanErrorAnswer(context, response, {
        statuses: [404],
        statusClause: 'scan.traffic-status.errors.declared-statuses',
        bodyClause: 'scan.traffic-status.errors.error-body',
      });
      if (context.profile === 'canton') {
        cantonErrorMessage(response, message, 'No traffic state found for member ', 'canton.scan.traffic-status.unknown-member-404');
        cantonPrettyErrorBody(response, 'canton.scan.error-body-pretty-json');
      }
    },
  );

  conformanceTest(
    {
      name: 'malformed member ids are rejected with {error}',
      endpoint: ENDPOINT,
      clauses: [
        'scan.traffic-status.member_id.format',
        'scan.traffic-status.errors.declared-statuses',
        'scan.traffic-status.errors.error-body',
        'errors.scan.error-body',
        'canton.scan.traffic-status.member-malformed-400',
        'canton.scan.traffic-status.member-too-short',
        'canton.scan.traffic-status.member-missing-delimiter',
        'canton.scan.traffic-status.member-unknown-code',
        'canton.scan.traffic-status.member-bad-uid',
      ],
      checks: ['negative_data_rejection', 'status_code_conformance', 'error_body_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      await context.forAll(malformedMemberId(), async (memberId) => {
        const canton = cantonMemberRejection(memberId);
        assertStillInvalid(
          !isSpecMemberId(memberId) && canton !== undefined,
          'scan.traffic-status.member_id.format',
          `member id ${JSON.stringify(memberId)}`,
        );
        const response = await trafficStatus(context, memberId);
        expectThat(
          response.status < 200 || response.status >= 300,
          'negative_data_rejection',
          'scan.traffic-status.member_id.format',
          `the malformed member id ${JSON.stringify(memberId)} was accepted with ${response.status}`,
          response,
        );
        const message = scanErrorAnswer(context, response, {
          statuses: DECLARED_ERROR_STATUSES,
          statusClause: 'scan.traffic-status.errors.declared-statuses',
          bodyClause: 'scan.traffic-status.errors.error-body',
        });
        if (context.profile !== 'canton' || canton === undefined) return;
        statusCodeConformance(response, [400], 'canton.scan.traffic-status.member-malformed-400');
        cantonErrorMessage(response, message, 'Could not decode member ID: ', 'canton.scan.traffic-status.member-malformed-400');
        const detail = message.slice('Could not decode member ID: '.length);
        expectThat(
          canton.messagePattern.test(detail),
          'error_body_conformance',
          canton.clauseId,
          `expected Canton's parser message matching ${String(canton.messagePattern)}, got ${JSON.stringify(message)}`,
          response,
        );
      });
    },
  );

  conformanceTest(
    {
      name: 'malformed domain ids are 400, and the member is checked first',
      endpoint: ENDPOINT,
      clauses: [
        'canton.scan.traffic-status.domain-malformed-400',
        'canton.scan.traffic-status.physical-synchronizer-id-400',
        'canton.scan.traffic-status.member-checked-first',
      ],
      checks: ['status_code_conformance', 'error_body_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      const member = fixtureMember(context, 'topUpInProgress');
      const synchronizerId = context.fixtures.scan.synchronizerId;
      const cases = [
        { domainId: 'no-delimiter', clauseId: 'canton.scan.traffic-status.domain-malformed-400' },
        { domainId: `::${synchronizerId.split('::')[1] ?? 'x'}`, clauseId: 'canton.scan.traffic-status.domain-malformed-400' },
        { domainId: 'bad!char::1220abcd', clauseId: 'canton.scan.traffic-status.domain-malformed-400' },
        { domainId: `${synchronizerId}::35-0`, clauseId: 'canton.scan.traffic-status.physical-synchronizer-id-400' },
      ];
      for (const { domainId, clauseId } of cases) {
        const response = await trafficStatus(context, member, domainId);
        const message = scanErrorAnswer(context, response, {
          statuses: [400],
          statusClause: clauseId,
          bodyClause: 'errors.scan.error-body',
        });
        cantonErrorMessage(response, message, 'Could not decode domain ID: ', clauseId);
      }
      const bothBad = await trafficStatus(context, 'XYZ::member::1220abcd', 'no-delimiter');
      const message = scanErrorAnswer(context, bothBad, {
        statuses: [400],
        statusClause: 'canton.scan.traffic-status.member-checked-first',
        bodyClause: 'errors.scan.error-body',
      });
      cantonErrorMessage(bothBad, message, 'Could not decode member ID: ', 'canton.scan.traffic-status.member-checked-first');
    },
  );

  conformanceTest(
    {
      name: 'an unknown but well-formed domain is 200 with nothing purchased',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.traffic-status.unknown-domain-200'],
      checks: ['status_code_conformance', 'response_schema_conformance'],
      requires: ['scan'],
    },
    async (context) => {
      const member = fixtureMember(context, 'topUpInProgress');
      const onFixtureDomain = trafficStatusOf(context, await trafficStatus(context, member)).traffic_status;
      const response = await trafficStatus(context, member, UNKNOWN_SYNCHRONIZER_ID);
      statusCodeConformance(response, [200], 'canton.scan.traffic-status.unknown-domain-200');
      const { actual, target } = trafficStatusOf(context, response).traffic_status;
      expectThat(
        exactInteger(target.total_purchased) === 0n,
        'response_schema_conformance',
        'canton.scan.traffic-status.unknown-domain-200',
        `no traffic was purchased on an unknown domain, but total_purchased is ${String(target.total_purchased)}`,
        response,
      );
      expectThat(
        exactInteger(actual.total_limit) === exactInteger(onFixtureDomain.actual.total_limit),
        'response_schema_conformance',
        'canton.scan.traffic-status.unknown-domain-200',
        `actual is the sequencer's view whatever the domain, but total_limit is ${String(actual.total_limit)} here and ${String(onFixtureDomain.actual.total_limit)} on the fixture synchronizer`,
        response,
      );
    },
  );

  conformanceTest(
    {
      name: 'SEQ member ids pass the parser',
      endpoint: ENDPOINT,
      clauses: ['canton.scan.traffic-status.seq-accepted'],
      checks: ['status_code_conformance'],
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
