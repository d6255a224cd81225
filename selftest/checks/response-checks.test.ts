/**
 * The check engine: the registered response checks catch a wrong answer on an exchange no test checked by hand
 * (a wrong content type, a wrong error body, a taxonomy mismatch, an unredacted denial), apply only where the
 * spec or Canton 3.5 states what holds (an unknown route, a removed scan path, a 400 decode failure are left
 * alone), and never assert again what the test asserted itself on the same exchange.
 */
import { describe, expect, it } from 'vitest';
import { CheckFailure, withAssertionRecorder } from '../../checks/assertion.js';
import { contentTypeConformance } from '../../checks/basic.js';
import { CHECK_NAMES, type CheckName } from '../../checks/names.js';
import { checkRegistry } from '../../checks/registry.js';
import { evidenceFor } from '../../checks/engine-credits.js';
import { MODEL_CHECKS } from '../../checks/ledger-model.js';
import { fieldClausesOf } from '../../specification/schema-fields.js';
import {
  applyResponseChecks,
  defaultErrorBodyClauseOf,
  engineEndpoint,
  successSchemaOf,
  RESPONSE_CHECKS,
  type ObservedExchange,
  type ResponseCheckContext,
} from '../../checks/response-checks.js';
import type { ClientResponse } from '../../client/http.js';
import type { ProfileName } from '../../config/types.js';
import { AssertionLedger } from '../../harness/library/attribution.js';
import { switchedOffReason } from '../../harness/library/check-selection.js';
import { endingOf } from '../../harness/library/test-ending.js';
import {
  certifiedEndpoints,
  endpointDescriptor,
  endpointPath,
  pathParameterNames,
  REQUEST_ENDPOINT_NAMES,
  type EndpointName,
} from '../../specification/endpoints.js';
import type { Api } from '../../client/http.js';
import { createValidators } from '../../specification/validate.js';
import {
  answer,
  cantonError,
  failure,
  jsonAnswer,
  lines,
  recorded,
  redacted403,
  redactedBody,
  recording,
  submitted,
  textAnswer,
} from './support.js';

const context = (profile: ProfileName, features: Partial<ResponseCheckContext['features']> = {}): ResponseCheckContext => ({
  profile,
  validators: createValidators(profile),
  features: { authorization: true, trafficAccounts: false, ...features },
});

const exchange = (
  response: ClientResponse,
  path = '/v2/commands/submit-and-wait',
  method = 'POST',
  api: 'participant' | 'scan' = 'participant',
) => ({ api, method, path, response }) satisfies ObservedExchange;

const engine = (exchanges: readonly ObservedExchange[], profile: ProfileName = 'canton', features = {}) =>
  applyResponseChecks(exchanges, context(profile, features), () => true);

describe('the check engine catches what no test checked by hand', () => {
  it('a 2xx JSON body served with another content type', async () => {
    const wrongType = answer({ status: 200, contentType: 'text/plain', text: '{"updateId":"1220ab","completionOffset":3}' });
    const thrown = await failure(() => engine([exchange(wrongType)]));
    expect([thrown.check, thrown.clauseId]).toEqual(['content_type_conformance', 'format.json-bodies']);
    expect(thrown.exchange?.request.url).toContain('/v2/commands/submit-and-wait');
  });

  it('a JSON error that is not the default error body', async () => {
    const wrongBody = jsonAnswer(400, { message: 'bad request' });
    const thrown = await failure(() => engine([exchange(wrongBody)], 'spec'));
    expect(thrown.check).toBe('response_schema_conformance' satisfies CheckName);
    expect(thrown.clauseId).toMatch(/^(errors\.body\.|submit-and-wait\.errors\.default-body)/);
  });

  it('a scan error that is not {error: string}', async () => {
    const wrongBody = jsonAnswer(400, { message: 'bad limit' }, '/api/scan/v0/top-validators-by-validator-faucets');
    const thrown = await failure(() => engine([exchange(wrongBody, '/v0/top-validators-by-validator-faucets', 'GET', 'scan')], 'spec'));
    expect([thrown.check, thrown.clauseId]).toEqual(['response_schema_conformance', 'errors.scan.error-body']);
  });

  it('canton: a code answered in the wrong category (taxonomy), and a status that does not follow the category', async () => {
    // DUPLICATE_COMMAND in ContentionOnSharedResources: the same 409, so only the taxonomy sees it.
    const wrongCategory = jsonAnswer(409, cantonError('DUPLICATE_COMMAND', 2, 10, { retryInfo: '1 second' }));
    const taxonomy = await failure(() => engine([exchange(wrongCategory)]));
    expect([taxonomy.check, taxonomy.clauseId]).toEqual(['error_body_conformance', 'canton.errors.code-taxonomy']);
    const wrongStatus = jsonAnswer(400, cantonError('UPDATE_NOT_FOUND', 11, 5));
    const status = await failure(() => engine([exchange(wrongStatus, '/v2/updates/update-by-offset')]));
    expect([status.check, status.clauseId]).toEqual(['error_body_conformance', 'canton.errors.status-follows-category']);
    // The spec profile states neither: the same answers pass there (the body has the default shape).
    expect(
      (await recording(() => engine([exchange(wrongCategory), exchange(wrongStatus, '/v2/updates/update-by-offset')], 'spec'))).error,
    ).toBeUndefined();
  });

  it('canton: a 403 that is not redacted', async () => {
    const unredacted = jsonAnswer(403, cantonError('PERMISSION_DENIED', 7, 7));
    const thrown = await failure(() => engine([exchange(unredacted)]));
    expect([thrown.check, thrown.clauseId]).toEqual(['error_body_conformance', 'canton.errors.redacted-body']);
    // A target without token checks is not held to it.
    expect((await recording(() => engine([exchange(unredacted)], 'canton', { authorization: false }))).error).toBeUndefined();
  });

  it('a 2xx body that does not match its endpoint schema', async () => {
    const thrown = await failure(() => engine([exchange(jsonAnswer(200, { updateId: 7 }))], 'spec'));
    expect(thrown.check).toBe('response_schema_conformance');
  });

  it('an area A 400 that is not JSON served as anything but text/plain', async () => {
    const thrown = await failure(() => engine([exchange(textAnswer(400, 'Invalid value for: body', 'application/octet-stream'))], 'spec'));
    expect([thrown.check, thrown.clauseId]).toEqual(['content_type_conformance', 'format.area-a-400-plain-text']);
  });
});

describe('the check engine applies a check only where it holds', () => {
  it('passes what a correct node answers, crediting each clause it asserts', async () => {
    const events = await recorded(() =>
      engine([
        exchange(submitted()),
        exchange(
          answer({ status: 200, contentType: 'text/plain; charset=UTF-8', text: 'ok', method: 'GET', path: '/readyz' }),
          '/readyz',
          'GET',
        ),
        exchange(redacted403()),
        exchange(jsonAnswer(404, cantonError('UPDATE_NOT_FOUND', 11, 5, { context: { category: '11' } })), '/v2/updates/update-by-offset'),
        exchange(textAnswer(400, "Invalid value for: body (Missing required field at 'commandId')")),
      ]),
    );
    expect(events).toContain('content_type_conformance format.json-bodies passed');
    expect(events).toContain('content_type_conformance format.readiness-plain-text passed');
    expect(events).toContain('response_schema_conformance submit-and-wait.response.shape passed');
    expect(events).toContain('response_schema_conformance submit-and-wait.errors.default-body passed');
    expect(events).toContain('response_schema_conformance update-by-offset.errors.default-body passed');
    expect(events).toContain('error_body_conformance canton.errors.redacted-body passed');
    expect(events).toContain('error_body_conformance canton.errors.status-follows-category passed');
    expect(events).toContain('error_body_conformance canton.errors.code-taxonomy passed');
    expect(events.every((event) => event.endsWith(' passed'))).toBe(true);
  });

  it('leaves alone: an unknown route, another method, the legacy 404, the 3.5 traffic route, a removed scan path, node state', async () => {
    const html404 = answer({ status: 404, contentType: 'text/plain', text: 'The requested resource could not be found.' });
    const legacy = jsonAnswer(404, { errors: ['HttpMethod(GET), uri: http://x/v2/nope'], status: 404, ledgerApiError: null });
    const events = await recorded(() =>
      engine([
        exchange(answer({ status: 302, contentType: 'text/html', text: '' }), '/v2/no-such-route', 'GET'),
        exchange(answer({ status: 405, contentType: 'text/plain', text: 'Method Not Allowed' }), '/v2/commands/submit-and-wait', 'GET'),
        exchange(legacy, '/v2/commands/submit-and-wait'),
        exchange(jsonAnswer(404, { message: 'whatever' }), '/v2/traffic/accounts/abc', 'GET'),
        exchange(html404, '/v0/round-of-latest-data', 'GET', 'scan'),
        exchange(jsonAnswer(404, { notError: true }), '/v0/rewards-collected', 'GET', 'scan'),
        exchange(answer({ status: 200, contentType: 'application/yaml', text: 'openapi: 3.0.3' }), '/docs/openapi', 'GET'),
      ]),
    );
    expect(events).toEqual([]);
  });

  it('a 400 decode failure is text/plain and never held to the error body schema', async () => {
    const events = await recorded(() =>
      engine([exchange(textAnswer(400, "Invalid value for: body (Missing required field at 'commandId')"))]),
    );
    expect(events).toEqual([]);
  });

  it('canton: passes what a real 3.5 node may answer besides its errors of category (HTTP server, start-up, legacy and redacted errors, the list limit)', async () => {
    const events = await recorded(() =>
      engine([
        // pekko's own answers, not JSON: an entity or headers too large, a request timeout while starting.
        exchange(textAnswer(413, 'Request Content-Length of 9000000 bytes exceeds the configured limit of 8388608 bytes')),
        exchange(textAnswer(431, 'HTTP header value exceeds the configured limit of 8192 characters')),
        exchange(textAnswer(503, 'The server was not able to produce a timely response to your request.')),
        // readyz while not ready: its status with a text body (JsHealthService.scala:49-55).
        exchange(textAnswer(503, 'readyz check failed'), '/readyz', 'GET'),
        // A gRPC error without Canton details (Endpoints.scala:336-355): the description as code, category -1.
        exchange(
          jsonAnswer(503, cantonError('UNAVAILABLE: io exception', -1, 14, { correlationId: null, traceId: null })),
          '/v2/updates/update-by-offset',
        ),
        // An internal error, redacted (category 4 redacts its details): NA, -1, grpc 13.
        exchange(jsonAnswer(500, { ...redactedBody(7), grpcCodeValue: 13 }), '/v2/updates/update-by-offset'),
        // The list limit: 413 in category 2 (Endpoints.scala:204-222; JsonApiErrors.scala:50-53).
        exchange(
          jsonAnswer(413, cantonError('JSON_API_MAXIMUM_LIST_ELEMENTS_NUMBER_REACHED', 2, 10, { retryInfo: '1 second' })),
          '/v2/packages',
          'GET',
        ),
      ]),
    );
    expect(events.every((event) => event.endsWith(' passed'))).toBe(true);
    // The list limit's own status is the only exemption: the same code at another status still fails.
    const elsewhere = jsonAnswer(400, cantonError('JSON_API_MAXIMUM_LIST_ELEMENTS_NUMBER_REACHED', 2, 10, { retryInfo: '1 second' }));
    const thrown = await failure(() => engine([exchange(elsewhere, '/v2/packages', 'GET')]));
    expect(thrown.clauseId).toBe('canton.errors.status-follows-category');
  });

  it('a switched-off check is not applied', async () => {
    const wrongType = answer({ status: 200, contentType: 'text/plain', text: '{"updateId":"1220ab","completionOffset":3}' });
    const enabled = (check: CheckName) => check !== 'content_type_conformance' && check !== 'response_schema_conformance';
    const { error, events } = await recording(() => applyResponseChecks([exchange(wrongType)], context('canton'), enabled));
    expect(error).toBeUndefined();
    expect(lines(events)).toEqual([]);
  });
});

describe("the engine credits each endpoint's own clauses, and those a test names for an exchange", () => {
  it("a content type credits the endpoint's 200, default-body or readiness clause beside the general rule", async () => {
    const events = await recorded(() =>
      engine(
        [
          exchange(submitted()),
          exchange(jsonAnswer(404, cantonError('UPDATE_NOT_FOUND', 11, 5)), '/v2/updates/update-by-offset'),
          exchange(
            answer({ status: 200, contentType: 'text/plain; charset=UTF-8', text: 'ok', method: 'GET', path: '/readyz' }),
            '/readyz',
            'GET',
          ),
        ],
        'spec',
      ),
    );
    const contentTypes = events.filter((event) => event.startsWith('content_type_conformance'));
    expect(contentTypes).toEqual([
      'content_type_conformance format.json-bodies passed',
      'content_type_conformance submit-and-wait.response.shape passed',
      'content_type_conformance format.json-bodies passed',
      'content_type_conformance update-by-offset.errors.default-body passed',
      'content_type_conformance readyz.response.text-plain passed',
      'content_type_conformance format.readiness-plain-text passed',
    ]);
    // Readiness served as JSON fails its own clause first (as its suite asserted it).
    const json = answer({ status: 200, contentType: 'application/json', text: '{}', method: 'GET', path: '/readyz' });
    expect((await failure(() => engine([exchange(json, '/readyz', 'GET')], 'spec'))).clauseId).toBe('readyz.response.text-plain');
  });

  it("a scan answer credits the scan's responses-JSON clause and its fields' clauses (specification/schema-fields.ts)", async () => {
    const traffic = jsonAnswer(200, {
      traffic_status: { actual: { total_consumed: 1, total_limit: 2 }, target: { total_purchased: 3 } },
    });
    const events = await recorded(() => engine([exchange(traffic, '/v0/domains/d1/members/m1/traffic-status', 'GET', 'scan')], 'spec'));
    expect(events).toContain('content_type_conformance scan.responses.json passed');
    expect(events).toContain('response_schema_conformance scan.traffic-status.response.shape passed');
    for (const clause of fieldClausesOf('GetMemberTrafficStatusResponse', 'spec'))
      expect(events).toContain(`response_schema_conformance ${clause} passed`);
    const wrong = jsonAnswer(200, { traffic_status: { actual: { total_consumed: 1, total_limit: 'x' }, target: { total_purchased: 3 } } });
    const thrown = await failure(() => engine([exchange(wrong, '/v0/domains/d1/members/m1/traffic-status', 'GET', 'scan')], 'spec'));
    expect(thrown.clauseId).toBe('member-traffic-status.actual.total_limit.required-int64');
  });

  it('the clauses a test names for an exchange (evidenceFor) are credited by the body checks, on that exchange only', async () => {
    const refused = jsonAnswer(400, cantonError('DAML_INTERPRETATION_ERROR', 8, 3));
    const other = jsonAnswer(400, cantonError('DAML_INTERPRETATION_ERROR', 8, 3));
    evidenceFor(refused, ['errors.submission-error-propagated']);
    const events = await recorded(() => engine([exchange(refused), exchange(other)], 'spec'));
    expect(events.filter((event) => event.includes('errors.submission-error-propagated'))).toEqual([
      'content_type_conformance errors.submission-error-propagated passed',
      'response_schema_conformance errors.submission-error-propagated passed',
    ]);
    // A wrong body fails the endpoint's clause, and the named clause is never credited.
    const broken = jsonAnswer(400, { code: 'X' });
    evidenceFor(broken, ['errors.submission-error-propagated']);
    const thrown = await failure(() => engine([exchange(broken)], 'spec'));
    expect(
      thrown.events.filter((event) => event.includes('errors.submission-error-propagated') && event.startsWith('response_schema')),
    ).toEqual([]);
  });

  it('an endpoint the engine does not certify is checked where a test named evidence and a schema for its answer', async () => {
    const user = jsonAnswer(200, {
      user: {
        id: 'alice',
        primaryParty: '',
        isDeactivated: false,
        identityProviderId: '',
        metadata: { resourceVersion: '1', annotations: {} },
      },
    });
    const path = '/v2/users/alice';
    expect(await recorded(() => engine([exchange(user, path, 'GET')], 'canton'))).toEqual([]);
    evidenceFor(user, ['canton.users.crud.create-get-delete'], 'GetUserResponse');
    const events = await recorded(() => engine([exchange(user, path, 'GET')], 'canton'));
    expect(events).toContain('response_schema_conformance canton.users.crud.create-get-delete passed');
    expect(events).toContain('response_schema_conformance user.id.required passed');
    const offSchema = jsonAnswer(200, { user: { primaryParty: 7 } });
    evidenceFor(offSchema, ['canton.users.crud.create-get-delete'], 'GetUserResponse');
    expect((await failure(() => engine([exchange(offSchema, path, 'GET')], 'canton'))).check).toBe('response_schema_conformance');
  });
});

describe('the engine and the ledger', () => {
  it('skips what the test asserted itself on the same exchange, applies the rest, and says who ran which check', () => {
    const ledger = new AssertionLedger(new Set(CHECK_NAMES));
    const response = submitted();
    withAssertionRecorder(ledger, () => contentTypeConformance(response, 'json', 'format.json-bodies'));
    ledger.applier = 'engine';
    const applied = withAssertionRecorder(ledger, () =>
      applyResponseChecks([exchange(response)], context('spec'), (check) => ledger.enabled(check)),
    );
    expect([...applied].sort()).toEqual(['content_type_conformance', 'response_schema_conformance', 'status_code_conformance']);
    const byClause = new Map(ledger.summary().map((entry) => [entry.clause, entry.passed]));
    // Asserted once by the test, not again by the engine; the endpoint's clause was the engine's alone (its content
    // type and its schema).
    expect(byClause.get('format.json-bodies')).toBe(1);
    expect(byClause.get('submit-and-wait.response.shape')).toBe(2);
    expect(ledger.checksRan(CHECK_NAMES)).toEqual({
      test: ['content_type_conformance'],
      engine: ['status_code_conformance', 'content_type_conformance', 'response_schema_conformance'],
    });
  });

  it('a failure found by the engine is a CheckFailure naming the exchange', () => {
    const ledger = new AssertionLedger(new Set(CHECK_NAMES));
    ledger.applier = 'engine';
    const wrongType = answer({ status: 200, contentType: 'text/html', text: '{}' });
    let thrown: unknown;
    try {
      withAssertionRecorder(ledger, () => applyResponseChecks([exchange(wrongType)], context('spec'), () => true));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CheckFailure);
    expect((thrown as CheckFailure).exchange?.response?.headers['content-type']).toBe('text/html');
  });

  it('a test that asserted nothing with checks switched off is skipped with the reason; with all on, it is not', () => {
    expect(switchedOffReason(new AssertionLedger(new Set(CHECK_NAMES)))).toBeUndefined();
    const some = new AssertionLedger(new Set(CHECK_NAMES.filter((name) => name !== 'spec_conflict')));
    expect(switchedOffReason(some)).toMatch(/switch off spec_conflict/);
    // How such a test ends: skipped with the reason, not inconclusive; with every check on, inconclusive.
    expect(endingOf(undefined, some, ['readyz.exists'])).toEqual({ outcome: 'skipped', skipReason: switchedOffReason(some) });
    expect(endingOf(undefined, new AssertionLedger(new Set(CHECK_NAMES)), ['readyz.exists']).outcome).toBe('inconclusive');
  });
});

describe('the registry and the endpoint matcher', () => {
  it('registers every response check under its check name', () => {
    const registered = Object.values(checkRegistry).flatMap((entry) => entry.responseChecks.map((check) => check.id));
    expect(registered.sort()).toEqual(RESPONSE_CHECKS.map((check) => check.id).sort());
    expect(new Set(RESPONSE_CHECKS.map((check) => check.id)).size).toBe(RESPONSE_CHECKS.length);
  });

  it('registers the model checks the same way, the ledger, users, packages and scan models each under its name', () => {
    const registered = Object.values(checkRegistry).flatMap((entry) => entry.modelChecks.map((check) => `${entry.name} ${check.id}`));
    expect(registered.sort()).toEqual([
      'stateful_consistency ledger-model',
      'stateful_consistency package-model',
      'stateful_consistency scan-model',
      'stateful_consistency user-model',
    ]);
    expect(MODEL_CHECKS.every((check) => typeof check.apply === 'function')).toBe(true);
  });

  it('knows every certified route by its endpoint, and nothing else', () => {
    const certified: [EndpointName, string, string, string][] = [
      ['submit-and-wait', 'participant', 'POST', '/v2/commands/submit-and-wait'],
      ['update-by-offset', 'participant', 'POST', '/v2/updates/update-by-offset'],
      ['traffic-account', 'participant', 'GET', '/v2/traffic/accounts/x1'],
      ['users', 'participant', 'POST', '/v2/users'],
      ['users', 'participant', 'PATCH', '/v2/users/alice'],
      ['node-state', 'participant', 'GET', '/v2/state/ledger-end'],
      ['scan.traffic-status', 'scan', 'GET', '/v0/domains/d1/members/m1/traffic-status'],
    ];
    for (const [name, api, method, path] of certified) expect(engineEndpoint(api as Api, method, path), path).toBe(name);
    expect(engineEndpoint('participant', 'GET', '/v2/commands/submit-and-wait')).toBeUndefined();
    expect(engineEndpoint('participant', 'GET', '/v2/traffic/accounts/')).toBeUndefined();
    expect(engineEndpoint('scan', 'GET', '/readyz')).toBeUndefined();
    expect(engineEndpoint('participant', 'POST', '/v2/interactive-submission/prepare')).toBeUndefined();
  });
});

/**
 * Certified endpoints whose 200 is no JSON record of their own, so the engine checks no 200 schema on them; every other
 * certified endpoint must have one (its descriptor's `response` and its `.response.shape` / `.response.200` clause).
 */
const NO_RECORD_OF_THEIR_OWN: Partial<Record<EndpointName, string>> = {
  'packages-upload': 'its 200 is that of POST /v2/dars, credited by packages-upload.response.same-as-dars',
  'dars-validate': 'its 200 has no body (dars-validate.response.no-body)',
  readyz: 'its 200 is text (readyz.response.text-plain)',
};

describe('the engine derives what it checks from the descriptors (nothing to forget)', () => {
  const examplePath = (name: (typeof REQUEST_ENDPOINT_NAMES)[number]) => {
    const { path } = endpointDescriptor(name);
    return endpointPath(name, Object.fromEntries(pathParameterNames(path).map((parameter) => [parameter, 'x1'])));
  };

  it("knows an exchange by the operation recorded with it, before its method and path (Schemathesis's case.operation)", () => {
    expect(engineEndpoint('participant', 'GET', '/somewhere/else', 'readyz')).toBe('readyz');
    expect(engineEndpoint('participant', 'GET', '/somewhere/else')).toBeUndefined();
    expect(engineEndpoint('participant', 'GET', '/livez', 'livez')).toBe('node-state');
    expect(engineEndpoint('participant', 'POST', '/v2/parties', 'parties.allocate')).toBeUndefined();
  });

  it('checks every certified endpoint under its own name', () => {
    for (const name of REQUEST_ENDPOINT_NAMES) {
      const { api, method } = endpointDescriptor(name);
      expect(engineEndpoint(api, method, examplePath(name)), name).toBe(name);
    }
  });

  it("checks the 200 body of every certified endpoint against its descriptor's response schema, unless it has no record of its own", () => {
    const unchecked = REQUEST_ENDPOINT_NAMES.filter((name) => successSchemaOf(name) === undefined);
    expect(unchecked.sort()).toEqual(Object.keys(NO_RECORD_OF_THEIR_OWN).sort());
    for (const name of REQUEST_ENDPOINT_NAMES) {
      const expected = successSchemaOf(name);
      if (expected === undefined) continue;
      expect(expected.schema, name).toBe(endpointDescriptor(name).response);
      expect(expected.clause.startsWith(`${name}.response.`), name).toBe(true);
      expect(expected.scan, name).toBe(endpointDescriptor(name).api === 'scan');
    }
  });

  it('checks the error body of every certified area A endpoint against its default-body clause, and of no other', () => {
    for (const name of certifiedEndpoints('participant')) expect(defaultErrorBodyClauseOf(name), name).toBe(`${name}.errors.default-body`);
    for (const name of certifiedEndpoints('scan')) expect(defaultErrorBodyClauseOf(name), name).toBeUndefined();
    expect(defaultErrorBodyClauseOf('node-state')).toBeUndefined();
  });
});
