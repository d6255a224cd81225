/**
 * Adding an endpoint touches at most 4 files (README "Layout"). In a copy of this checkout, the toy endpoint
 * `GET /v2/idps/{idp-id}` (an endpoint of Canton 3.5's OpenAPI that the tool does not know) is added by editing exactly
 * `TOY_FILES`: its descriptor, its reference route, its clause and the test that asserts the clause. Then, in the copy:
 * - the descriptor self-tests pass: the reference serves it and describes nothing else, the official OpenAPI agrees
 *   (method, path, path parameter), its path is spelled in no product file but the descriptors;
 * - a canton run of the suite certifies the toy clause, reported with its method and path.
 * No other file needed a change: nothing lists endpoints a second time. (An endpoint whose body has a JSON Schema of
 * its own adds it in specification/schemas: its name in `names.ts` and its body beside the others.)
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

/** The files adding an endpoint touches, with the edit made to each. */
const TOY_FILES: Record<string, (text: string) => string> = {
  'specification/endpoints.ts': (text) =>
    insertBefore(
      text,
      '} as const satisfies Record<string, EndpointDescriptor>;',
      "  'toy.idp': { api: 'participant', method: 'GET', path: '/v2/idps/{idp-id}', auth: 'any-user', readOnly: true, summary: 'an identity provider configuration' },\n",
    ),
  'reference/participant/node-info.ts': (text) =>
    insertBefore(
      text,
      "    { method: 'GET', pattern: '/livez',",
      "    { method: 'GET', pattern: '/v2/idps/{idp-id}', handler: (request) => (requireCaller(request.auth), { status: 200, body: { identityProviderConfig: { identityProviderId: request.params['idp-id'] } } }) },\n",
    ),
  'specification/clauses/canton-client-routes.ts': (text) =>
    insertBefore(
      text,
      '];',
      "  routes('canton.client-routes.toy-idp', 'endpoint', 'GET /v2/idps/{idp-id} answers the configuration of that identity provider.', { endpoint: 'toy.idp' }),\n",
    ),
  'suites/participant/client-routes.suite.ts': (text) =>
    insertBefore(
      text.trimEnd().replace(/\}\);$/, ''),
      '\u0000',
      `  conformanceTest(
    { name: 'the toy endpoint answers its identity provider', endpoint: 'toy.idp', clauses: ['canton.client-routes.toy-idp'] },
    async (ctx) => {
      const response = await ctx.send({ endpoint: 'toy.idp', params: { 'idp-id': 'toy/idp' }, user: anyUser(ctx) });
      const body = okJson(response, 'canton.client-routes.toy-idp');
      expectValueMatches('canton.client-routes.toy-idp', 'identityProviderId', (body.identityProviderConfig as Record<string, unknown>)?.identityProviderId, (id) => id === 'toy/idp', 'toy/idp', response);
    },
  );
});
`,
    ),
};

function insertBefore(text: string, anchor: string, insertion: string): string {
  if (anchor === '\u0000') return text + insertion;
  const at = text.lastIndexOf(anchor);
  if (at < 0) throw new Error(`toy endpoint: anchor ${JSON.stringify(anchor)} not found`);
  return text.slice(0, at) + insertion + text.slice(at);
}

describe('adding an endpoint', () => {
  const copy = mkdtempSync(join(tmpdir(), 'ledger-conformance-toy-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it(`touches ${Object.keys(TOY_FILES).length} files (at most 4), and the toy endpoint is served, described, checked and certified`, async () => {
    expect(Object.keys(TOY_FILES).length).toBeLessThanOrEqual(4);
    const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, maxBuffer: 1 << 24 });
    for (const file of stdout.split('\n').filter((line) => line !== '' && !line.startsWith('out/'))) {
      try {
        cpSync(join(ROOT, file), join(copy, file), { recursive: false });
      } catch {
        // a file deleted in the work tree but still in the index
      }
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    for (const [file, edit] of Object.entries(TOY_FILES)) writeFileSync(join(copy, file), edit(readFileSync(join(copy, file), 'utf8')));

    // The descriptor self-tests, in the copy: route table both ways, the official OpenAPI, path spellings.
    const selftest = await run(
      'npx',
      ['vitest', 'run', '--config', 'vitest.config.ts', '--reporter', 'verbose', 'selftest/endpoints/descriptors.test.ts'],
      {
        cwd: copy,
        maxBuffer: 1 << 26,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`descriptor self-tests failed in the copy with the toy endpoint:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    expect(selftest.stdout).toMatch(/toy\.idp: GET \/v2\/idps\/\{idp-id\}/);

    // A canton run of the suite that asserts it.
    const reportDir = join(copy, 'out', 'toy');
    await run(
      'node',
      [join(copy, 'bin', 'ledger-conformance.mjs'), 'run', '--profile', 'canton', '--include', 'client routes', '--report-dir', reportDir],
      { cwd: copy, maxBuffer: 1 << 26 },
    ).catch((error: { code?: number; stdout?: string }) => {
      // --include leaves other clauses open: the verdict is incomplete (exit 0 unless --require certified).
      if (error.code !== 0) throw new Error(`the run in the copy failed (exit ${error.code}):\n${error.stdout ?? ''}`);
    });
    const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as {
      clauses: { id: string; status: string; endpoint?: string }[];
      tests: { name: string; outcome: string }[];
    };
    expect(report.clauses.find((clause) => clause.id === 'canton.client-routes.toy-idp')).toMatchObject({
      status: 'passed',
      endpoint: 'GET /v2/idps/{idp-id}',
    });
  }, 180_000);
});
