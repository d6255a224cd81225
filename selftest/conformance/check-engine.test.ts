/**
 * The harness runs the registered response checks in a real run: a proxy in front of the reference target serves
 * every 200 of `GET /v2/authenticated-user` as text/plain (the body unchanged, so every test's own parsing still
 * works), and the run fails `format.json-bodies` by `content_type_conformance`, applied by the engine: no test
 * asserts that clause on that endpoint by hand.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadConfig } from '../../config/load.js';
import { startReference, type ReferenceHandle } from '../../reference/index.js';
import { runConformance } from './support.js';

let reference: ReferenceHandle;
let proxy: Server;
let configPath: string;

beforeAll(async () => {
  const config = await loadConfig({ overrides: { target: 'reference' } });
  if (config.target.kind !== 'reference') throw new Error('the default config has no reference target');
  const target = config.target;
  reference = await startReference({ target });
  const upstream = new URL(reference.participantUrl);
  proxy = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        const headers = { ...answer.headers };
        if (answer.statusCode === 200 && incoming.method === 'GET' && incoming.url?.startsWith('/v2/authenticated-user'))
          headers['content-type'] = 'text/plain; charset=UTF-8';
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  configPath = join(mkdtempSync(join(tmpdir(), 'check-engine-')), 'config.yaml');
  writeFileSync(
    configPath,
    stringify({
      target: 'mislabelled',
      targets: {
        mislabelled: {
          kind: 'remote',
          participant: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
          scan: reference.scanUrl,
          fixtures: join(process.cwd(), 'config/fixtures/reference.yaml'),
          auth: target.auth,
          features: Object.fromEntries(Object.entries(target.features).filter(([key]) => key !== 'writes')),
        },
      },
    }),
  );
});

afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await reference.close();
});

describe('the check engine in a run', () => {
  it('fails a mislabelled JSON answer that no test checks by hand', async () => {
    const { code, report, stdout } = await runConformance([
      '--config',
      configPath,
      '--include',
      'authenticated-user::',
      '--cases',
      '5',
      '--no-preflight',
    ]);
    expect(code, stdout).toBe(1);
    const caught = report.tests.filter(
      (test) =>
        test.outcome === 'failed' &&
        test.failure?.check === 'content_type_conformance' &&
        test.failure.clauseId === 'format.json-bodies' &&
        (test.checksRan?.byEngine ?? []).includes('content_type_conformance'),
    );
    expect(caught.length, stdout).toBeGreaterThan(0);
    expect(caught[0]!.failure?.message).toContain('text/plain');
    expect(caught[0]!.failure?.exchange?.request.url).toContain('/v2/authenticated-user');
    expect(report.clauses.find((entry) => entry.id === 'format.json-bodies')?.status).toBe('failed');
  }, 280_000);
});
