import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Faults } from '../../reference/faults.js';
import { startScanServer, type ScanServer } from '../../reference/scan/index.js';
import { fixtures, synchronizerId, trafficPath } from './support.js';

let server: ScanServer;

beforeAll(async () => {
  server = await startScanServer({ fixtures, scanVersion: '0.7.5', faults: new Faults() });
});

afterAll(async () => {
  await server.close();
});

describe('the scan HTTP server', () => {
  it('listens on 127.0.0.1 with the /api/scan prefix in its url', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/scan$/);
  });

  it('serves JSON with no authentication', async () => {
    const response = await fetch(`${server.url}${trafficPath(synchronizerId, fixtures.scan.members.topUpComplete!)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { traffic_status: { target: { total_purchased: number } } };
    expect(body.traffic_status.target.total_purchased).toBeGreaterThan(0);
  });

  it('answers a removed endpoint with the text/plain unknown-route 404', async () => {
    const response = await fetch(`${server.url}/v0/top-validators-by-validator-faucets?limit=3`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('The requested resource could not be found.');
  });

  it('answers outside the base path 404 and a wrong method 405 text/plain with Allow', async () => {
    expect((await fetch(server.url.replace('/api/scan', '/v0/round-of-latest-data'))).status).toBe(404);
    const response = await fetch(`${server.url}${trafficPath(synchronizerId, fixtures.scan.members.topUpComplete!)}`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('allow')).toBe('GET');
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await fetch(`${server.url}${trafficPath(synchronizerId, fixtures.scan.members.topUpComplete!)}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('closes and frees its port', async () => {
    const another = await startScanServer({ fixtures, scanVersion: '0.7.5', faults: new Faults() });
    await another.close();
    await expect(fetch(`${another.url}/v0/round-of-latest-data`)).rejects.toThrow();
  });
});
