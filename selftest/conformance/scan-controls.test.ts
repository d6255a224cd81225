/**
 * The scan's negative tests prove their rule only with an accepted control: against a scan that answers
 * every request 403, each of them ends inconclusive with the reason, and no rule is credited as passed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runConformance } from './support.js';

let server: Server;
let configPath: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    response.writeHead(403, { 'Content-Type': 'application/json' });
    response.end('{\n  "error" : "forbidden"\n}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configPath = join(mkdtempSync(join(tmpdir(), 'scan-controls-')), 'config.yaml');
  writeFileSync(
    configPath,
    stringify({
      target: 'forbidding',
      targets: {
        forbidding: {
          kind: 'remote',
          participant: url,
          scan: `${url}/api/scan`,
          fixtures: join(process.cwd(), 'config/fixtures/reference.yaml'),
          auth: { kind: 'hs256', secret: 'not-safe-for-production', audience: 'https://daml.com/jwt/aud/participant/participant1' },
          features: { scanVersion: '0.6.5', multiHostedParty: true },
        },
      },
    }),
  );
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('a scan that rejects every request with 403', () => {
  it.each(['spec', 'canton'] as const)(
    'gets no scan rule credited in the %s profile: the negative tests are inconclusive',
    async (profile) => {
      const { report } = await runConformance(['--config', configPath, '--profile', profile, '--include', 'scan']);
      const negative = report.tests.filter((test) => test.checks.includes('negative_data_rejection'));
      expect(negative.length).toBeGreaterThan(0);
      for (const test of negative) {
        expect(test.outcome, test.id).toBe('inconclusive');
        expect(test.assertions.every((entry) => entry.passed === 0 && entry.inconclusive > 0)).toBe(true);
      }
      expect(report.rejections.every((row) => row.conclusive === 0)).toBe(true);
      const credited = report.clauses
        .filter((entry) => entry.status === 'passed')
        .filter((entry) => negative.some((test) => test.clauses.includes(entry.id)));
      expect(credited.map((entry) => entry.id)).toEqual([]);
    },
    120_000,
  );
});
