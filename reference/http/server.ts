/**
 * The reference participant's HTTP server: node:http serving a `Route[]` table with Canton's JSON API
 * conventions (see types.ts for the order of checks). Lean on purpose: the load suites measure it.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify as stringifyLossless } from 'lossless-json';
import type { CallerResolver } from '../auth/caller.js';
import { DecodeFailure, LedgerApiError, renderError } from '../canton-errors.js';
import { traceIdOfTraceparent } from './trace-context.js';
import type { Faults } from '../faults.js';
import { MalformedJsonFailure } from './body.js';
import { MalformedPathParameter, Router } from './router.js';
import type { AuthContext, RefRequest, RefResponse, Route } from './types.js';

/** pekko-http's default `max-content-length`, which Canton does not override. */
export const DEFAULT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** Past this much discarded upload the connection is cut instead of drained. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

const JSON_HEADERS = { 'content-type': 'application/json' } as const;
const TEXT_HEADERS = { 'content-type': 'text/plain; charset=UTF-8' } as const;
const EMPTY_BODY = Buffer.alloc(0);

export interface HttpServerOptions {
  routes: readonly Route[];
  callers: CallerResolver;
  /** Participant name written into error contexts (`participant1`). */
  participantName: string;
  faults: Faults;
  host?: string;
  port?: number;
  bodyLimitBytes?: number;
  /** Called for errors that are bugs (answered 500); defaults to a line on stderr. */
  onUnexpectedError?: (error: unknown, request: { method: string; path: string }) => void;
}

export interface RunningHttpServer {
  /** Base URL, e.g. `http://127.0.0.1:34567` (no trailing slash). */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** The client went away before its body arrived: nobody to answer, nothing to report. */
class ClientAborted extends Error {}

class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`Request body exceeds the limit of ${limit} bytes`);
  }
}

/** Reads the body up to `limit`; beyond it the rest is discarded (not buffered) and BodyTooLarge thrown. */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declaredLength = request.headers['content-length'];
  if (declaredLength === undefined && request.headers['transfer-encoding'] === undefined) {
    return Promise.resolve(EMPTY_BODY);
  }
  if (declaredLength === '0') return Promise.resolve(EMPTY_BODY);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        tooLarge = true;
        chunks.length = 0;
        if (received > MAX_DRAINED_BYTES) request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (tooLarge) reject(new BodyTooLarge(limit));
      else resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    });
    request.on('error', () => reject(new ClientAborted()));
    request.on('close', () => {
      if (!request.complete) reject(tooLarge ? new BodyTooLarge(limit) : new ClientAborted());
    });
  });
}

function encodeJson(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    // bigint values (exact int64s) are written as JSON numbers.
    if (error instanceof TypeError && /BigInt/i.test(error.message)) return stringifyLossless(body) ?? 'null';
    throw error;
  }
}

function send(response: ServerResponse, result: RefResponse): void {
  if (response.headersSent || response.destroyed) return;
  const { body } = result;
  let payload: string | Buffer | undefined;
  let defaultType: string | undefined;
  if (body === undefined) payload = undefined;
  else if (typeof body === 'string' || Buffer.isBuffer(body)) {
    payload = body;
    defaultType = TEXT_HEADERS['content-type'];
  } else {
    payload = encodeJson(body);
    defaultType = JSON_HEADERS['content-type'];
  }
  const contentLength = payload === undefined ? 0 : Buffer.byteLength(payload);
  let headers: Record<string, string | number>;
  // The common answer (no headers of its own) gets a literal: copying header objects costs every request.
  if (result.headers === undefined) {
    headers =
      defaultType === undefined ? { 'content-length': contentLength } : { 'content-type': defaultType, 'content-length': contentLength };
  } else {
    headers =
      defaultType !== undefined && result.headers['content-type'] === undefined
        ? { 'content-type': defaultType, ...result.headers }
        : { ...result.headers };
    headers['content-length'] = contentLength;
  }
  // Headers and body leave in one write: node:http joins a string body to the header block.
  response.writeHead(result.status, headers);
  response.end(payload);
}

/** The request a handler sees; the query string is parsed only for the few handlers that read it. */
class ServerRequest implements RefRequest {
  private parsedQuery: URLSearchParams | undefined;

  constructor(
    readonly method: string,
    readonly path: string,
    readonly params: Record<string, string>,
    private readonly queryText: string,
    readonly headers: IncomingHttpHeaders,
    readonly body: Buffer,
    readonly auth: AuthContext,
  ) {}

  get query(): URLSearchParams {
    this.parsedQuery ??= new URLSearchParams(this.queryText);
    return this.parsedQuery;
  }
}

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const router = new Router(options.routes);
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const { faults, callers, participantName } = options;
  const onUnexpectedError =
    options.onUnexpectedError ??
    ((error: unknown, at: { method: string; path: string }) =>
      process.stderr.write(
        `reference: unexpected error in ${at.method} ${at.path}: ${error instanceof Error ? error.stack : String(error)}\n`,
      ));

  function renderFailure(error: unknown, at: { method: string; path: string; traceId?: string | undefined }): RefResponse {
    if (error instanceof MalformedJsonFailure && faults.has('malformed-json-500')) {
      return renderLedgerError(new LedgerApiError('LEDGER_API_INTERNAL_ERROR', error.text), at.traceId);
    }
    if (error instanceof DecodeFailure) {
      const text = faults.has('decode-failure-unnamed') ? 'Bad Request' : error.text;
      if (faults.has('decode-failure-as-json')) return { status: 400, body: { error: text } };
      return { status: 400, headers: TEXT_HEADERS, body: text };
    }
    if (error instanceof BodyTooLarge) {
      // As Canton 3.5 (FF5): the body is streamed inside the service logic, so pekko's size limit surfaces as an
      // internal error of the JSON layer, never a 413.
      const failure = new LedgerApiError(
        'LEDGER_API_INTERNAL_ERROR',
        `EntityStreamSizeException: incoming entity size exceeded size limit (${error.limit} bytes)`,
        { fromJsonLayer: true },
      );
      return { ...renderLedgerError(failure, at.traceId), headers: { ...JSON_HEADERS, connection: 'close' } };
    }
    if (error instanceof LedgerApiError) return renderLedgerError(error, at.traceId);
    onUnexpectedError(error, at);
    const message = error instanceof Error ? error.message : String(error);
    return renderLedgerError(new LedgerApiError('LEDGER_API_INTERNAL_ERROR', message), at.traceId);
  }

  function renderLedgerError(error: LedgerApiError, traceId?: string): RefResponse {
    const body: Partial<ReturnType<typeof renderError>> = renderError(error, participantName, traceId, faults.has('redacted-ids-differ'));
    if (faults.has('error-without-category')) delete body.errorCategory;
    if (faults.has('error-code-wrong-category') && body.code === 'DUPLICATE_COMMAND') {
      // ContentionOnSharedResources: the same HTTP status (409), another category, gRPC code and retry advice.
      Object.assign(body, { errorCategory: 2, grpcCodeValue: 10, retryInfo: '1 second', context: { ...body.context, category: '2' } });
    }
    const status = faults.has('error-status-ignores-category') ? 500 : error.httpStatus;
    return { status, headers: JSON_HEADERS, body };
  }

  function notFound(request: IncomingMessage): RefResponse {
    if (faults.has('unknown-route-200')) return { status: 200, body: {} };
    return {
      status: 404,
      body: {
        errors: [`HttpMethod(${request.method}), uri: http://${request.headers.host ?? 'localhost'}${request.url}`],
        status: 404,
        ledgerApiError: null,
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    try {
      const match = router.match(method, path);
      if (match.kind === 'unknown') return send(response, notFound(request));
      if (match.kind === 'wrong-method') {
        if (faults.has('wrong-method-404')) return send(response, notFound(request));
        return send(response, { status: 405, headers: TEXT_HEADERS, body: 'Method Not Allowed' });
      }
      const resolved = callers.resolve(request.headers);
      const auth = resolved instanceof Promise ? await resolved : resolved;
      const body = await readBody(request, limit);
      const queryText = queryStart === -1 ? '' : url.slice(queryStart + 1);
      const result = match.route.handler(new ServerRequest(method, path, match.params, queryText, request.headers, body, auth));
      send(response, result instanceof Promise ? await result : result);
    } catch (error) {
      if (error instanceof ClientAborted) return void response.destroy();
      const traceId = traceIdOfTraceparent(request.headers.traceparent);
      if (error instanceof MalformedPathParameter)
        return send(response, renderFailure(DecodeFailure.pathParameter(), { method, path, traceId }));
      send(response, renderFailure(error, { method, path, traceId }));
    }
  }

  const server = createServer({ keepAlive: true, noDelay: true }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      onUnexpectedError(error, { method: request.method ?? '?', path: request.url ?? '?' });
      if (!response.headersSent) response.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
