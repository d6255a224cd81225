/**
 * The tool against a deployment it did not start: `reference serve` runs as its own process, and a remote
 * target (participant and scan base URLs, HS256 test auth) points at it, as a user points at a staging node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runConformance } from './support.js';

let server: ChildProcess;
let output = '';
let configPath: string;

beforeAll(async () => {
  server = spawn(
    process.execPath,
    ['bin/ledger-conformance.mjs', 'reference', 'serve', '--port', '0', '--scan-port', '0', '--scan-version', '0.7.5'],
    {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const started = Date.now();
  while (!/scan:\s+http/.test(output)) {
    if (Date.now() - started > 60_000) throw new Error(`reference serve did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const participant = /participant:\s+(http:\/\/\S+)/.exec(output)![1]!;
  const scan = /scan:\s+(http:\/\/\S+)/.exec(output)![1]!;
  configPath = join(mkdtempSync(join(tmpdir(), 'remote-target-')), 'config.yaml');
  writeFileSync(
    configPath,
    stringify({
      target: 'served',
      targets: {
        served: {
          kind: 'remote',
          participant,
          scan,
          fixtures: join(process.cwd(), 'config/fixtures/reference.yaml'),
          auth: { kind: 'hs256', secret: 'not-safe-for-production', audience: 'https://daml.com/jwt/aud/participant/participant1' },
          features: {
            ledgerApiVersion: '3.5',
            trafficAccounts: true,
            interactiveSubmission: true,
            authorization: true,
            scanVersion: '0.7.5',
            reassignmentFixture: true,
            multiHostedParty: true,
            syntheticDars: true,
          },
        },
      },
    }),
  );
}, 90_000);

afterAll(async () => {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGINT');
  await exited;
});

describe('a remote target (reference served by another process)', () => {
  it('prints its URLs and a token per fixture user', () => {
    expect(output).toMatch(/alice-user\s+eyJ/);
  });

  it('is certified in the canton profile', async () => {
    const { code, report } = await runConformance(['--config', configPath, '--profile', 'canton']);
    const failures = report.tests
      .filter((test) => test.outcome === 'failed')
      .map((test) => `${test.id}: ${test.failure?.message.slice(0, 200)}`);
    expect(failures).toEqual([]);
    expect(code).toBe(0);
    expect(report.target).toMatchObject({ kind: 'remote', name: 'served' });
    expect(report.verdict).toBe('certified');
  }, 300_000);

  it('--read-only sends no writes: write tests are skipped with that reason', async () => {
    const { code, report } = await runConformance(['--config', configPath, '--read-only', '--include', 'submit-and-wait,flows']);
    expect(code).toBe(0);
    const skipped = report.tests.filter((test) => test.outcome === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((test) => /read-only/.test(test.skipReason ?? ''))).toBe(true);
    expect(report.tests.filter((test) => test.outcome === 'passed').every((test) => !test.id.startsWith('submit-and-wait::accepts'))).toBe(
      true,
    );
  }, 300_000);
});
