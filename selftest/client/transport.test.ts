/**
 * The client sorts a node's transport faults by kind (refused, reset, truncated, unparseable body, HTML error
 * page, timeout), each naming the request and the time; `--retry-transport` sends a GET again, never a POST.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TargetClient, TransportFault, type TransportFaultKind } from '../../client/http.js';
import type { TokenProvider } from '../../client/auth.js';

const tokens = { tokenFor: async () => undefined, canMint: false } as unknown as TokenProvider;
let server: Server;
let base: string;
let flaky = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    request.resume();
    if (path === '/reset') return request.socket.destroy();
    if (path === '/flaky' && flaky++ % 2 === 0) return request.socket.destroy();
    if (path === '/truncated') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"half":');
      setTimeout(() => request.socket.destroy(), 20);
      return;
    }
    if (path === '/html') {
      response.writeHead(503, { 'content-type': 'text/html' });
      return response.end('<html><body>503</body></html>');
    }
    if (path === '/stall') return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(path === '/not-json' ? '{"cut' : '{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function faultOf(client: TargetClient, path: string, method: 'GET' | 'POST' = 'GET'): Promise<TransportFault> {
  try {
    const response = await client.send({ api: 'participant', method, path, body: method === 'POST' ? {} : undefined });
    response.json();
  } catch (error) {
    if (error instanceof TransportFault) return error;
    throw error;
  }
  throw new Error(`no fault at ${path}`);
}

describe('transport faults', () => {
  it('are sorted by kind, naming the request and the time', async () => {
    const client = new TargetClient({ participant: base }, tokens, 500);
    const expected: [string, TransportFaultKind][] = [
      ['/reset', 'reset'],
      ['/truncated', 'truncated'],
      ['/html', 'error-page'],
      ['/not-json', 'unparseable-body'],
      ['/stall', 'timeout'],
    ];
    for (const [path, kind] of expected) {
      const fault = await faultOf(client, path);
      expect(fault.kind, path).toBe(kind);
      expect(fault.message).toMatch(new RegExp(`: GET ${base}${path} after \\d+\\.\\d s \\(`));
    }
    await client.close();
    const gone = new TargetClient({ participant: 'http://127.0.0.1:1' }, tokens, 500);
    expect((await faultOf(gone, '/x')).kind).toBe('refused');
    await gone.close();
  });

  it('--retry-transport sends a GET again, reported as retried, and never a POST', async () => {
    const seen: [string, boolean][] = [];
    const client = new TargetClient({ participant: base }, tokens, 500, {
      retries: 1,
      onFault: (fault, retried) => seen.push([fault.kind, retried]),
    });
    flaky = 0;
    const response = await client.send({ api: 'participant', method: 'GET', path: '/flaky' });
    expect(response.status).toBe(200);
    expect(seen).toEqual([['reset', true]]);
    flaky = 0;
    expect((await faultOf(client, '/flaky', 'POST')).kind).toBe('reset');
    expect(seen).toEqual([
      ['reset', true],
      ['reset', false],
    ]);
    await client.close();
  });
});
