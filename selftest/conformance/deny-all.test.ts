/**
 * Negative tests prove their rule only with an accepted control, auth tests only when the same request with
 * valid credentials is served, conflict tests only when their control is accepted. Against a target that
 * answers every participant and scan request 403, the whole suite therefore credits no rejection, no denial
 * and no conflict: those assertions end inconclusive (with the reason) or fail, never pass.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { CheckName } from '../../checks/names.js';
import { runConformance } from './support.js';

let server: Server;
let configPath: string;

/** Canton's redacted 403 on the participant, the scan's `{error}` body on the scan. */
const PARTICIPANT_403 = JSON.stringify({
  code: 'NA',
  cause: 'A security-sensitive error has been received',
  correlationId: '0123456789abcdef',
  traceId: '0123456789abcdef0123456789abcdef',
  context: {},
  resources: [],
  errorCategory: -1,
  grpcCodeValue: 7,
  retryInfo: null,
  definiteAnswer: null,
});

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    response.writeHead(403, { 'Content-Type': 'application/json' });
    response.end(request.url?.startsWith('/api/scan') ? '{\n  "error" : "forbidden"\n}' : PARTICIPANT_403);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configPath = join(mkdtempSync(join(tmpdir(), 'deny-all-')), 'config.yaml');
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
          features: {
            ledgerApiVersion: '3.5',
            trafficAccounts: true,
            interactiveSubmission: true,
            authorization: true,
            scanVersion: '0.6.5',
            reassignmentFixture: true,
            multiHostedParty: true,
            syntheticDars: true,
            userManagement: true,
          },
        },
      },
    }),
  );
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const CONTROLLED: readonly string[] = ['negative_data_rejection', 'auth_enforcement', 'spec_conflict'] satisfies CheckName[];

describe('a target that answers every request 403', () => {
  it.each(['spec', 'canton'] as const)(
    'gets no rejection, denial or conflict credited in the %s profile',
    async (profile) => {
      const { report } = await runConformance(['--config', configPath, '--profile', profile, '--cases', '5', '--no-preflight']);
      const controlled = report.tests.filter((test) => test.checks.some((check) => CONTROLLED.includes(check)));
      expect(controlled.length).toBeGreaterThan(20);
      const credited = report.tests.flatMap((test) =>
        test.assertions.flatMap((entry) =>
          CONTROLLED.filter((check) => (entry.byCheck?.[check]?.passed ?? 0) + (entry.byCheck?.[check]?.deviation ?? 0) > 0).map(
            (check) => `${test.id}: ${entry.clause} credited by ${check}`,
          ),
        ),
      );
      expect(credited).toEqual([]);
      // A test built on controls cannot pass; others may pass only on what any error answer shows (its body's shape).
      const passedControlled = report.tests
        .filter((test) => test.outcome === 'passed')
        .filter((test) => test.assertions.some((entry) => CONTROLLED.some((check) => entry.byCheck?.[check as CheckName] !== undefined)))
        .map((test) => test.id);
      expect(passedControlled).toEqual([]);
      expect(report.rejections.filter((row) => row.conclusive > 0)).toEqual([]);
      // Where the control was reached, the rule is inconclusive with its reason, never passed.
      const inconclusive = report.tests.flatMap((test) =>
        test.assertions.filter((entry) => CONTROLLED.some((check) => (entry.byCheck?.[check]?.inconclusive ?? 0) > 0)),
      );
      expect(inconclusive.length).toBeGreaterThan(0);
      expect(inconclusive.every((entry) => (entry.reasons ?? []).length > 0)).toBe(true);
      expect(report.verdict).toBe('not-certified');
    },
    280_000,
  );
});
