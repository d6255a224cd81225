/**
 * The steps of adding the toy certified endpoint `GET /v2/idps/{idp-id}` (a GET with a path parameter, a 200 record and
 * one parameter rule), one file each, with what proves the step cannot be forgotten (selftest/endpoints/toy-endpoint.test.ts).
 */
/** What proves a forgotten step: tsc, a self-test file (optionally one test name), or a run that is not certified. */
export type Guard = { tsc: true } | { selftest: string; filter?: string } | { run: 'canton' };

export interface Step {
  file: string;
  what: string;
  /** The file's text with the step done (`undefined`: the file is new). */
  edit: (text: string | undefined) => string;
  guard: Guard;
}

function insertBefore(text: string | undefined, anchor: string, insertion: string): string {
  if (text === undefined) throw new Error(`toy endpoint: the file to edit is missing`);
  const at = text.lastIndexOf(anchor);
  if (at < 0) throw new Error(`toy endpoint: anchor ${JSON.stringify(anchor)} not found`);
  return text.slice(0, at) + insertion + text.slice(at);
}

const ID = '/^[A-Za-z0-9._:#/ -]{1,255}$/';

/** The steps of adding the toy endpoint, one file each. */
export const TOY_STEPS: Step[] = [
  {
    file: 'specification/endpoints.ts',
    what: 'its descriptor (API, method, path, 200 schema, auth, certified)',
    edit: (text) =>
      insertBefore(
        text,
        '} as const satisfies Record<string, EndpointDescriptor>;',
        "  'toy.idp': { api: 'participant', method: 'GET', path: '/v2/idps/{idp-id}', response: 'ToyIdpResponse', auth: 'any-user', readOnly: true, generated: true, summary: 'an identity provider configuration' },\n",
      ),
    guard: { tsc: true },
  },
  {
    file: 'specification/spec-text/interfaces.md',
    what: "the spec's section of it",
    edit: (text) =>
      insertBefore(
        text,
        '### Scan endpoints',
        '### GET {base_url}/v2/idps/{idp-id}\nReturns one identity provider configuration. Path parameter `idp-id` (string, required; a LedgerString). Response 200: `{identityProviderConfig: {identityProviderId: string}}`.\n\n',
      ),
    guard: { selftest: 'selftest/clauses/registry.test.ts' },
  },
  {
    file: 'specification/clauses/participant-endpoints.ts',
    what: 'its clauses, quoting its section',
    edit: (text) =>
      insertBefore(
        text,
        '];',
        `  endpointGroup('toy.idp')('toy.idp.exists', 'endpoint', 'Returns one identity provider configuration.'),
  endpointGroup('toy.idp')('toy.idp.idp-id.ledger-string', 'endpoint', 'Path parameter \`idp-id\` (string, required; a LedgerString).'),
  endpointGroup('toy.idp')('toy.idp.response.shape', 'endpoint', 'Response 200: \`{identityProviderConfig: {identityProviderId: string}}\`.'),
`,
      ),
    guard: { tsc: true },
  },
  {
    file: 'specification/schemas/names.ts',
    what: "its 200 record's schema name",
    edit: (text) => insertBefore(text, '  // Scan responses.', "  ToyIdpResponse: 'response',\n"),
    guard: { tsc: true },
  },
  {
    file: 'specification/schemas/participant-responses.ts',
    what: "its 200 record's schema",
    edit: (text) =>
      insertBefore(
        text,
        '    TrafficAccount: record(',
        '    ToyIdpResponse: record({ identityProviderConfig: record({ identityProviderId: string }) }),\n',
      ),
    guard: { tsc: true },
  },
  {
    file: 'selftest/schemas/examples.ts',
    what: "an example of its 200 record (the schemas' self-tests)",
    edit: (text) =>
      insertBefore(text, '  TrafficAccount: [', `  ToyIdpResponse: ['{"identityProviderConfig":{"identityProviderId":"idp-1"}}'],\n`),
    guard: { tsc: true },
  },
  {
    file: 'generators/endpoints.ts',
    what: 'its valid requests and its invalid-parameter rule',
    edit: (text) =>
      insertBefore(
        insertBefore(
          insertBefore(
            text,
            "    'scan.round-of-latest-data': [],",
            `    'toy.idp': [
      withParameter(
        valid['toy.idp'],
        parameter('toy.idp.idp-id.ledger-string', 'idp id with a character a LedgerString forbids', 'path', 'idp-id', { kind: 'format', format: 'ledger-string', how: 'forbidden-character' }, fc.constantFrom('a!b', 'idp$', 'x%y', 'é', '(idp)')),
      ),
    ],
`,
          ),
          "    'scan.round-of-latest-data': fc.constant(",
          `    'toy.idp': (mode === 'accepted' ? fc.constantFrom('idp-1', 'default', 'toy/idp') : fc.stringMatching(/^[A-Za-z0-9._:#-]{1,64}$/)).map((id) =>
      requestOf('toy.idp', { pathParams: { 'idp-id': id } }),
    ),
`,
        ),
        "import { darBodies, jsonBodyRequests, withParameter } from './invalid/requests.js';",
        "import { parameter } from './invalid/parameters.js';\n",
      ),
    guard: { tsc: true },
  },
  {
    file: 'selftest/generators/rule-checker.ts',
    what: "the independent checker's reading of its parameter rule",
    edit: (text) =>
      insertBefore(
        text,
        "    case 'scan.traffic-status':",
        `    case 'toy.idp':
      if (!${ID}.test(path['idp-id'] ?? '')) report('toy.idp.idp-id.ledger-string');
      break;
`,
      ),
    guard: { selftest: 'selftest/generators/requests.test.ts', filter: 'toy.idp' },
  },
  {
    file: 'suites/participant/toy-idp.suite.ts',
    what: 'the suite asserting its clauses',
    edit: () => `import { positiveDataAcceptance } from '../../checks/basic.js';
import { expectValue } from '../../checks/values.js';
import { invalidRequestRules, validRequests } from '../../generators/index.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import { rejectsInvalidRequests } from '../support/properties.js';
import { generatorContext, sendGenerated } from '../support/requests.js';

conformanceSuite('toy idp', () => {
  conformanceTest(
    { name: 'GET /v2/idps/{idp-id} answers the configuration of that identity provider', endpoint: 'toy.idp', clauses: ['toy.idp.exists', 'toy.idp.response.shape'] },
    async (context) => {
      const user = context.userWhere('is any active user', () => true).id;
      await context.forAll(validRequests(generatorContext(context.fixtures), 'accepted')['toy.idp'], async (request) => {
        const response = await sendGenerated(context, request, user);
        positiveDataAcceptance(response, 'toy.idp.exists');
        const body = JSON.parse(response.text) as { identityProviderConfig?: { identityProviderId?: unknown } };
        expectValue('toy.idp.exists', 'identityProviderId', body.identityProviderConfig?.identityProviderId, request.pathParams?.['idp-id'], response);
      });
    },
  );
  conformanceTest(
    { name: 'an idp-id that is no LedgerString is rejected', endpoint: 'toy.idp', clauses: ['toy.idp.idp-id.ledger-string', 'toy.idp.errors.default-body'] },
    async (context) => {
      const user = context.userWhere('is any active user', () => true).id;
      await rejectsInvalidRequests(context, invalidRequestRules(generatorContext(context.fixtures))['toy.idp'], { endpoint: 'toy.idp', user });
    },
  );
});
`,
    guard: { run: 'canton' },
  },
  {
    file: 'reference/participant/node-info.ts',
    what: "the reference target's route",
    edit: (text) =>
      insertBefore(
        text,
        "    { method: 'GET', pattern: '/livez',",
        `    { method: 'GET', pattern: '/v2/idps/{idp-id}', handler: (request) => {
      requireCaller(request.auth);
      const id = request.params['idp-id'] ?? '';
      if (!${ID}.test(id)) throw invalidField('identity_provider_id', \`Daml-LF Ledger String "\${id}" is not a LedgerString\`);
      return { status: 200, body: { identityProviderConfig: { identityProviderId: id } } };
    } },
`,
      ),
    guard: { selftest: 'selftest/endpoints/descriptors.test.ts' },
  },
];

export const TOY_CLAUSES = [
  'toy.idp.exists',
  'toy.idp.response.shape',
  'toy.idp.idp-id.ledger-string',
  'toy.idp.auth.required',
  'toy.idp.errors.default-body',
];
