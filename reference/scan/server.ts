/**
 * The Scan interface on its own node:http server, under the base path `/api/scan` like Splice's.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Fixtures } from '../../config/types.js';
import type { Faults } from '../faults.js';
import { buildScanData } from './data.js';
import type { ScanContext } from './handlers.js';
import { type ScanResponse, errorResponse } from './responses.js';
import { SCAN_BASE_PATH, handleScanRequest } from './router.js';
import { parseScanVersion } from './version.js';

export interface ScanServerOptions {
  fixtures: Fixtures;
  /** Splice release to behave as, e.g. "0.7.5". */
  scanVersion: string;
  faults: Faults;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface ScanServer {
  /** Base URL including the path prefix, e.g. `http://127.0.0.1:41234/api/scan`. */
  url: string;
  close(): Promise<void>;
}

export function createScanContext(options: Pick<ScanServerOptions, 'fixtures' | 'scanVersion' | 'faults'>): ScanContext {
  return { data: buildScanData(options.fixtures), version: parseScanVersion(options.scanVersion), faults: options.faults };
}

function send(response: ServerResponse, answer: ScanResponse): void {
  response.writeHead(answer.status, {
    ...answer.headers,
    'Content-Type': answer.contentType,
    'Content-Length': Buffer.byteLength(answer.body),
  });
  response.end(answer.body);
}

function answer(context: ScanContext, request: IncomingMessage, response: ServerResponse): void {
  // Scan reads no request body; drain it so keep-alive connections stay usable.
  request.resume();
  let result: ScanResponse;
  try {
    result = handleScanRequest(context, { method: request.method ?? 'GET', url: request.url ?? '/' });
  } catch (error) {
    // Splice's HttpErrorHandler answer for anything unexpected; the cause is a bug of the reference.
    console.error('reference scan: unexpected error', error);
    result = errorResponse(500, 'An unexpected error occurred.');
  }
  send(response, result);
}

export async function startScanServer(options: ScanServerOptions): Promise<ScanServer> {
  const context = createScanContext(options);
  const host = options.host ?? '127.0.0.1';
  const server = createServer((request, response) => answer(context, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}${SCAN_BASE_PATH}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
