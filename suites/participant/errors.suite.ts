import { fieldClausesOf } from '../../specification/schema-fields.js';
import { expectError } from '../../checks/error-body.js';
import fc from 'fast-check';
import { exactContentType, notAServerError, notServed, statusCodeConformance, expectContentType } from '../../checks/basic.js';
import { errorCodeOf, negativeDataRejection } from '../../checks/rejection.js';
import type { ClientResponse } from '../../client/http.js';
import { expectCount, expectText, expectValue, expectValueMatches } from '../../checks/values.js';
import { statusOfCategory } from '../../checks/http-status.js';
import { conformanceSuite, conformanceTest, type ConformanceContext } from '../../harness/library/conformance-test.js';
import { endpointPath } from '../../specification/endpoints.js';
import { postJson } from '../support/requests.js';

/** A known path under another API version (`/v1/...`, `/v3/...` for `/v2/...`): a path no endpoint has. */
const underVersion = (version: string, path: string): string => path.replace(/^\/v2\//, `/${version}/`);

/** Text that is not a JSON document (an empty body included). */
const notJson = fc.oneof(
  fc.constantFrom('', ' ', '{', '{"offset": 4,', 'not json', '[1, 2', '{"a" 1}', 'nul', '\u0000'),
  fc.string({ minLength: 1, maxLength: 30 }).map((text) => `{${text}`),
);

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function reader(context: ConformanceContext): string {
  return context.userWhere('can read as alice', (user) => user.rights.readAs.includes('alice') || user.rights.actAs.includes('alice')).id;
}

conformanceSuite('errors', () => {
  conformanceTest(
    {
      name: 'a body that is not JSON is a 400 text naming the body, never a server error',
      endpoint: 'update-by-offset',
      clauses: [
        'errors.400-text-plain',
        'errors.400-text-names-body',
        'errors.400-text-names-part',
        'format.area-a-400-plain-text',
        'canton.errors.400-text.malformed-json',
        'canton.errors.400-text.content-type',
        'canton.errors.400-text.body-format',
      ],
    },
    async (context) => {
      const user = reader(context);
      const offset = context.fixtures.seededUpdates.transactionOffset ?? 1;
      // The control: the same endpoint with a JSON body (answered with the update, or UPDATE_NOT_FOUND).
      const control = () =>
        postJson(
          context,
          'update-by-offset',
          {
            offset,
            updateFormat: { includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties: [context.party('alice')] } } },
          },
          user,
        );
      const controlAccepted = (answer: ClientResponse) => answer.status === 200 || errorCodeOf(answer) === 'UPDATE_NOT_FOUND';
      const rule = {
        clauseId: 'errors.400-text-names-body',
        rule: 'a body that is not a JSON document',
        violation: { kind: 'wrong-type', expected: 'object' },
        part: { kind: 'body', name: 'body' },
      } as const;
      await context.forAll(
        notJson.filter((text) => !isJsonText(text)),
        async (text) => {
          const response = await context.send({
            endpoint: 'update-by-offset',
            user,
            headers: { 'content-type': 'application/json' },
            body: text,
          });
          notAServerError(response, 'errors.400-text-plain');
          const outcome = await negativeDataRejection(context, {
            rule,
            sameRule: ['errors.400-text-names-part'],
            response,
            control,
            controlAccepted,
            errorBodyClause: 'update-by-offset.errors.default-body',
            endpoint: 'update-by-offset',
            canton: { form: 'text', cantonClauseId: 'canton.errors.400-text.malformed-json' },
            specText: 'errors.400-text-plain',
          });
          if (outcome !== 'credited') return;
          statusCodeConformance(response, [400], 'errors.400-text-plain');
          expectContentType(response, 'text', 'errors.400-text-plain');
          expectContentType(response, 'text', 'format.area-a-400-plain-text');
          if (context.profile === 'canton') {
            expectText(
              'canton.errors.400-text.malformed-json',
              'the 400 text',
              response.text,
              { pattern: /^Invalid value for: body \(.+\)$/s },
              response,
            );
            expectText(
              'canton.errors.400-text.body-format',
              'the 400 text',
              response.text,
              { pattern: /^Invalid value for: body \(.+\)$/s },
              response,
            );
            exactContentType(
              response,
              /^text\/plain; ?charset=utf-8$/i,
              'text/plain; charset=UTF-8',
              'canton.errors.400-text.content-type',
            );
          }
        },
        { numRuns: 20 },
      );
      const empty = await context.send({ endpoint: 'update-by-offset', user });
      const emptyOutcome = await negativeDataRejection(context, {
        rule: { ...rule, rule: 'an empty body' },
        response: empty,
        control,
        controlAccepted,
        errorBodyClause: 'update-by-offset.errors.default-body',
        endpoint: 'update-by-offset',
        canton: { form: 'text', cantonClauseId: 'canton.errors.400-text.malformed-json' },
        specText: 'errors.400-text-plain',
      });
      if (emptyOutcome === 'credited' && context.profile === 'canton') {
        expectText(
          'canton.errors.400-text.malformed-json',
          'the 400 text of an empty body',
          empty.text,
          // The stable part (verified-against-real C2); 3.5 goes on ` (exhausted input)`, tapir's wording.
          { startsWith: 'Invalid value for: body' },
          empty,
        );
      }
    },
  );

  conformanceTest(
    {
      name: 'JSON errors carry the default error body; canton: status follows the category',
      endpoint: 'update-by-offset',
      clauses: [
        ...fieldClausesOf('JsCantonError'),
        'canton.errors.status-follows-category',
        'canton.errors.body.absent-optionals-null',
        'canton.errors.body.context-category',
        'canton.errors.body.cause-max-512',
        'canton.errors.category-8-400',
        'canton.errors.category-11-404',
      ],
    },
    async (context) => {
      const user = reader(context);
      const alice = context.party('alice');
      const format = { includeTopologyEvents: { includeParticipantAuthorizationEvents: { parties: [alice] } } };
      // Offset 0 (category 8, 400) and an offset far beyond the ledger end (category 11, 404).
      await context.forAll(
        fc.constantFrom<[number | bigint, 8 | 11]>([0, 8], [2n ** 62n, 11]),
        async ([offset, category]) => {
          const response = await postJson(context, 'update-by-offset', { offset, updateFormat: format }, user);
          const body = expectError(context, response, 'errors.body.errorCategory.required-int32');
          if (context.profile !== 'canton') return;
          const clauseId = category === 8 ? 'canton.errors.category-8-400' : 'canton.errors.category-11-404';
          statusCodeConformance(response, [statusOfCategory(category)], clauseId);
          expectValue(clauseId, 'errorCategory', body.errorCategory, category, response);
          const raw = response.json() as Record<string, unknown>;
          const absent = ['correlationId', 'traceId', 'resources', 'grpcCodeValue', 'retryInfo', 'definiteAnswer'].filter(
            (field) => !(field in raw),
          );
          expectCount(
            'canton.errors.body.absent-optionals-null',
            'optional fields left out instead of written as null',
            absent,
            { exactly: 0 },
            response,
          );
          expectValue(
            'canton.errors.body.context-category',
            'context.category',
            body.context['category'],
            String(body.errorCategory),
            response,
          );
          expectValueMatches(
            'canton.errors.body.cause-max-512',
            'the length of cause',
            body.cause.length,
            (length) => length <= 512,
            'at most 512',
            response,
          );
        },
        { numRuns: 4 },
      );
    },
  );

  conformanceTest(
    {
      name: 'an unknown route is 404 and never served',
      endpoint: 'participant',
      clauses: ['versioning.area-a.prefix-v2', 'format.area-a.base-url', 'canton.http.unknown-route-404-legacy-json'],
    },
    async (context) => {
      const unknownPaths = fc.constantFrom(
        '/v2/no-such-endpoint',
        underVersion('v1', endpointPath('submit-and-wait')),
        underVersion('v3', endpointPath('update-by-offset')),
        // The parent of a known path, and a known path with one segment more.
        endpointPath('submit-and-wait').replace(/\/[^/]+$/, ''),
        `${endpointPath('dars-validate')}/extra`,
        '/nope',
      );
      const user = reader(context);
      await context.forAll(
        unknownPaths,
        async (path) => {
          const response = await context.send({ api: 'participant', method: 'GET', path, user });
          // The spec only says which paths exist: anything else must not be served. Canton says how (404, legacy body).
          // The control: the same caller is served on a known path.
          await notServed(response, () => context.send({ endpoint: 'authenticated-user', user }), [
            'versioning.area-a.prefix-v2',
            'format.area-a.base-url',
          ]);
          if (context.profile === 'canton') {
            statusCodeConformance(response, [404], 'canton.http.unknown-route-404-legacy-json');
            expectContentType(response, 'json', 'canton.http.unknown-route-404-legacy-json');
            const body = response.json() as { errors?: unknown; status?: unknown; ledgerApiError?: unknown };
            expectValueMatches(
              'canton.http.unknown-route-404-legacy-json',
              'the 404 body',
              body,
              (value) => Array.isArray(value.errors) && value.status === 404 && value.ledgerApiError === null,
              '{"errors":[...],"status":404,"ledgerApiError":null}',
              response,
            );
          }
        },
        { numRuns: 6 },
      );
    },
  );

  conformanceTest(
    {
      name: 'a known path with the wrong method is 405 text',
      endpoint: 'participant',
      clauses: ['canton.http.method-not-allowed-405'],
    },
    async (context) => {
      const wrongMethods = fc.constantFrom<['GET' | 'POST' | 'PUT' | 'DELETE', string]>(
        ['GET', endpointPath('submit-and-wait')],
        ['GET', endpointPath('update-by-offset')],
        ['POST', endpointPath('authenticated-user')],
        ['DELETE', endpointPath('dars-upload')],
        ['PUT', endpointPath('readyz')],
      );
      const user = reader(context);
      await context.forAll(
        wrongMethods,
        async ([method, path]) => {
          const response = await context.send({ api: 'participant', method, path, user });
          statusCodeConformance(response, [405], 'canton.http.method-not-allowed-405');
          expectContentType(response, 'text', 'canton.http.method-not-allowed-405');
        },
        { numRuns: 5 },
      );
    },
  );
});
