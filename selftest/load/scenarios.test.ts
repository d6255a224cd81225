import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from '../../config/types.js';
import { runLoad } from '../../load/run.js';
import { scenarios } from '../../load/scenarios/index.js';
import { referenceConfig } from './support.js';

let dir: string;
let config: ResolvedConfig;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'load-scenarios-'));
  const base = await referenceConfig(dir);
  const scenarioOptions = { ...base.load.scenarios, 'update-by-offset': { seedCommands: 40, notFoundShare: 0.2 } };
  config = { ...base, load: { ...base.load, scenarios: scenarioOptions } };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const expectedStatuses: Record<string, string[]> = {
  'submit-and-wait': ['200'],
  'update-by-offset': ['200', '404'],
  readyz: ['200'],
  mixed: ['200', '404'],
};

describe('each scenario against the reference target', () => {
  it('registers every scenario this test knows the statuses of', () => {
    expect(scenarios.map((scenario) => scenario.name).sort()).toEqual(Object.keys(expectedStatuses).sort());
  });

  for (const [name, statuses] of Object.entries(expectedStatuses)) {
    it(`${name}: only expected statuses, every response passing its checks`, async () => {
      const outcome = await runLoad({
        config,
        scenario: name,
        model: 'closed',
        durationSeconds: 1,
        warmupSeconds: 0,
        connections: 4,
        progress: false,
        resultFile: join(dir, `${name}.json`),
      });
      const { requests, statusCodes, errorCodes, schemaCheck } = outcome.result;
      expect(requests.ok).toBeGreaterThan(20);
      expect(requests.errors, outcome.summary).toBe(0);
      expect(
        Object.keys(statusCodes).every((status) => statuses.includes(status)),
        JSON.stringify(statusCodes),
      ).toBe(true);
      expect(schemaCheck.sampled).toBeGreaterThanOrEqual(Math.min(20, requests.ok));
      expect(schemaCheck.failed).toBe(0);
      if (statuses.includes('404')) {
        expect(statusCodes['404']).toBeGreaterThan(0);
        expect(errorCodes).toEqual({ UPDATE_NOT_FOUND: statusCodes['404'] });
      }
      const written = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as { requests: { ok: number } };
      expect(written.requests.ok).toBe(requests.ok);
    });
  }

  it('the open model against the reference: submit-and-wait at a fixed rate, all on time', async () => {
    const outcome = await runLoad({
      config,
      scenario: 'submit-and-wait',
      model: 'open',
      rate: 100,
      durationSeconds: 1,
      warmupSeconds: 0,
      progress: false,
      resultFile: join(dir, 'open.json'),
    });
    expect(outcome.result.requests.ok).toBe(100);
    expect(outcome.result.openModel?.notSent).toBe(0);
    expect(outcome.result.rps.planned).toBeCloseTo(100, 6);
  });

  it('Ctrl-C (abort) stops a long run and still writes the partial result', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 800);
    const started = Date.now();
    const outcome = await runLoad({
      config,
      scenario: 'readyz',
      model: 'closed',
      durationSeconds: 60,
      warmupSeconds: 0,
      connections: 2,
      progress: false,
      signal: controller.signal,
      resultFile: join(dir, 'aborted.json'),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(outcome.result.meta).toMatchObject({ aborted: true, abortedDuring: 'measuring' });
    expect(outcome.result.requests.ok).toBeGreaterThan(0);
    const written = JSON.parse(await readFile(join(dir, 'aborted.json'), 'utf8')) as { meta: { aborted: boolean } };
    expect(written.meta.aborted).toBe(true);
  });

  it('refuses absurd or misplaced options before sending anything', async () => {
    await expect(runLoad({ config, scenario: 'readyz', model: 'closed', durationSeconds: 86_400, progress: false })).rejects.toThrow(
      /durationSeconds = 86400 is out of range/,
    );
    await expect(runLoad({ config, scenario: 'readyz', model: 'open', progress: false })).rejects.toThrow(/needs an arrival rate/);
    await expect(runLoad({ config, scenario: 'nope', model: 'closed', progress: false })).rejects.toThrow(/unknown load scenario "nope"/);
    await expect(runLoad({ config, scenario: 'readyz', model: 'closed', thresholds: ['p99 < 250'], progress: false })).rejects.toThrow(
      /needs a unit/,
    );
  });
});
