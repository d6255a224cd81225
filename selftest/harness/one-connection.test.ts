/**
 * One target connection per process of a run (issue 28): a canton run's process builds one client and one token
 * provider, shared by preflight, the certificate's version requests and the latency probe; a suite worker builds one
 * for all its tests (worker threads share no objects with the runner's process, so each opens its own).
 *
 * Counted where they are made: every token provider comes from `createTokenProvider` (client/auth.ts) and every client
 * opens one connection pool (`Transport`, client/undici-transport.ts). Both modules are wrapped here to count, so a client or
 * a provider built anywhere in the run's process (not only through `connectTarget`) is counted. A load run's seeding
 * goes through its one client too (its exchanges are counted), not beside it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/load.js';

const counted = vi.hoisted(() => ({ tokenProviders: 0, clients: 0 }));
/** Exchanges sent through a client (its Transport): a load run's seeding goes through the run's client. */
const exchanges = vi.hoisted(() => ({ sent: 0 }));

vi.mock('../../client/auth.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../client/auth.js')>();
  return {
    ...original,
    createTokenProvider: (...args: Parameters<typeof original.createTokenProvider>) => {
      counted.tokenProviders++;
      return original.createTokenProvider(...args);
    },
  };
});

vi.mock('../../client/undici-transport.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../client/undici-transport.js')>();
  class CountedTransport extends original.Transport {
    constructor(...args: ConstructorParameters<typeof original.Transport>) {
      super(...args);
      counted.clients++;
    }
    override exchange(...args: Parameters<InstanceType<typeof original.Transport>['exchange']>) {
      exchanges.sent++;
      return super.exchange(...args);
    }
  }
  return { ...original, Transport: CountedTransport };
});

const root = process.cwd();
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'one-connection-'));
  folders.push(folder);
  return folder;
}

describe('one target connection per process of a run', () => {
  it('a canton run builds one client and one token provider for preflight, certificate and latency probe', async () => {
    const { runConformance } = await import('../../harness/runner/runner.js');
    const config = await loadConfig({
      configPath: join(root, 'config/default.yaml'),
      overrides: { target: 'reference', profile: 'canton', reportDir: temporaryFolder() },
      dotenvPath: false,
    });
    counted.tokenProviders = 0;
    counted.clients = 0;
    const { report } = await runConformance(config, {
      progress: 'silent',
      toolVersion: 'selftest',
      files: ['suites/participant/readyz.suite.ts'],
    });
    // The run did reach the node through that client: preflight passed, the certificate holds the node's version
    // answer, and the latency probe measured reads and the write.
    expect(report.certificate?.node.status).toBe(200);
    expect(report.certificate?.scan?.status).toBe(200);
    expect(report.latency?.reads.failed).toBe(0);
    expect(report.latency?.write).toHaveProperty('ms');
    expect(report.tests.length).toBeGreaterThan(0);
    expect(counted).toEqual({ tokenProviders: 1, clients: 1 });
  });

  it("a suite worker's environment builds one client and one token provider for all its tests", async () => {
    const { getSuiteEnvironment } = await import('../../harness/library/environment.js');
    const { runContextEnvVar, writeRunContext } = await import('../../harness/library/run-context.js');
    const config = await loadConfig({
      configPath: join(root, 'config/default.yaml'),
      overrides: { target: 'reference', profile: 'canton' },
      dotenvPath: false,
    });
    const contextFile = join(temporaryFolder(), 'context.json');
    writeRunContext(contextFile, { config, endpoints: { participant: 'http://127.0.0.1:1' }, seed: 1, faults: [] });
    process.env[runContextEnvVar] = contextFile;
    try {
      counted.tokenProviders = 0;
      counted.clients = 0;
      const first = await getSuiteEnvironment();
      const second = await getSuiteEnvironment();
      expect(second.client).toBe(first.client);
      expect(first.tokens).toBe(first.client.tokens);
      expect(counted).toEqual({ tokenProviders: 1, clients: 1 });
      await first.client.close();
    } finally {
      delete process.env[runContextEnvVar];
    }
  });

  it('a load run seeds through its one client: one client, one token provider, every seeding submit on it', async () => {
    const { runLoad } = await import('../../load/run.js');
    const folder = temporaryFolder();
    const base = await loadConfig({ dotenvPath: false, env: {} });
    const config = {
      ...base,
      load: { ...base.load, resultDir: folder, scenarios: { ...base.load.scenarios, 'update-by-offset': { seedCommands: 12 } } },
    };
    counted.tokenProviders = 0;
    counted.clients = 0;
    exchanges.sent = 0;
    const outcome = await runLoad({
      config,
      scenario: 'update-by-offset',
      model: 'closed',
      durationSeconds: 1,
      warmupSeconds: 0,
      connections: 2,
      progress: false,
      resultFile: join(folder, 'update-by-offset.json'),
    });
    expect(outcome.result.requests.errors, outcome.summary).toBe(0);
    expect(counted).toEqual({ tokenProviders: 1, clients: 1 });
    // The 12 seeding submits, and nothing else: the measured requests go on the load model's own connections.
    expect(exchanges.sent).toBe(12);
  });
});
