/**
 * The transport layer of the client: one HTTP exchange over undici, and what can go wrong below the API. A connection
 * refused, reset or cut short, a body that does not parse, a proxy's HTML page or no answer in time is a
 * `TransportFault` (a `TargetUnreachableError` for refused and reset), the node's and never this tool's. Also the one
 * probe of a target: `probeTarget` (any HTTP answer) before a run, `acceptsConnection` (TCP) for a node that may have
 * gone away.
 */
import { connect } from 'node:net';
import { Agent, request as undiciRequest, type Dispatcher } from 'undici';
import { ToolError } from '../config/tool-errors.js';
import { endpointPath } from '../specification/endpoints.js';
import type { RecordedRequest } from './recording.js';

export interface ClientResponse {
  status: number;
  headers: Record<string, string>;
  contentType: string;
  text: string;
  durationMs: number;
  request: RecordedRequest;
  /** JSON.parse of the body; throws when it is not JSON. */
  json<T = unknown>(): T;
}

/**
 * The one "target unreachable" error: no connection to `url` (refused, reset, no answer to the probe). Its
 * subclass `TransportFault` is what a request met below the API.
 */
export class TargetUnreachableError extends ToolError {
  constructor(
    readonly url: string,
    cause: Error,
    message = `cannot reach ${url}: ${cause.message} (is the target running? check the target's participant/scan URL)`,
    code: 'TARGET_UNREACHABLE' | 'TRANSPORT_FAULT' = 'TARGET_UNREACHABLE',
  ) {
    super(code, message);
  }
}

/** What the probe asks: the participant's readiness, the scan's latest round (any answer will do). */
const probePaths = { participant: endpointPath('readyz'), scan: endpointPath('scan.round-of-latest-data') } as const;

/**
 * The one probe of a target before a run (conformance or load): any HTTP answer from the participant's (or scan's)
 * base URL `base` proves the target reachable; a connection error is a `TargetUnreachableError` naming the config
 * keys to check (exit 4).
 */
export async function probeTarget(base: string, what: 'participant' | 'scan', options: { signal?: AbortSignal } = {}): Promise<void> {
  const url = `${base}${probePaths[what]}`;
  try {
    const response = await undiciRequest(url, {
      method: 'GET',
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    await response.body.dump();
  } catch (error) {
    throw new TargetUnreachableError(
      url,
      error as Error,
      `the ${what} at ${url} cannot be reached: ${(error as Error).message}. ` +
        'Check the URL (targets.<name>.participant/scan, LEDGER_BASE_URL, SCAN_BASE_URL) and that the node is running.',
    );
  }
}

/** Whether the node at `url` accepts a TCP connection within `timeoutMs`: the probe of a node that may have gone away. */
export function acceptsConnection(url: string, timeoutMs = 2000): Promise<boolean> {
  const { hostname, port, protocol } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || (protocol === 'https:' ? 443 : 80)) });
    const done = (alive: boolean): void => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * How an exchange failed below the API: the node refused the connection, reset it before answering, cut the
 * body short, answered something that does not parse where JSON is due (an `unparseable-body`, or a proxy's
 * HTML `error-page`), or did not answer within the request timeout (`timeout`).
 */
export type TransportFaultKind = 'refused' | 'reset' | 'truncated' | 'unparseable-body' | 'error-page' | 'timeout';

export const TRANSPORT_FAULT_KINDS: readonly TransportFaultKind[] = [
  'refused',
  'reset',
  'truncated',
  'unparseable-body',
  'error-page',
  'timeout',
];

/**
 * A transport fault of the node (never of this tool): the harness reports it as the node's, with its kind,
 * the request and the time it took. `refused` and `reset` keep the code `TARGET_UNREACHABLE` (a reset while a
 * body is sent is one of Canton's answers to a body over its limit, which a suite may accept).
 */
export class TransportFault extends TargetUnreachableError {
  constructor(
    readonly kind: TransportFaultKind,
    readonly request: RecordedRequest,
    readonly elapsedMs: number,
    readonly detail: string,
    /** What arrived, when something did (status and the start of the body). */
    readonly received?: { status: number; contentType: string; text: string },
  ) {
    super(
      request.url,
      new Error(detail),
      `${describeTransportFault(kind)}: ${request.method} ${request.url} after ${(elapsedMs / 1000).toFixed(1)} s (${detail})`,
      kind === 'refused' || kind === 'reset' ? 'TARGET_UNREACHABLE' : 'TRANSPORT_FAULT',
    );
  }
}

export function describeTransportFault(kind: TransportFaultKind): string {
  switch (kind) {
    case 'refused':
      return 'the node refused the connection';
    case 'reset':
      return 'the node closed the connection before answering';
    case 'truncated':
      return 'the node cut the answer short';
    case 'unparseable-body':
      return 'the node answered a body that does not parse as JSON';
    case 'error-page':
      return 'the node answered an HTML error page where JSON is due';
    case 'timeout':
      return 'the node did not answer in time';
  }
}

function errorCode(error: unknown): string {
  const direct = (error as { code?: unknown })?.code;
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  return String(direct ?? cause ?? '');
}

/** Sorts an undici error: while waiting for the answer's head, or while reading its body. */
function classify(error: unknown, phase: 'head' | 'body'): TransportFaultKind {
  const code = errorCode(error);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'timeout';
  if (code === 'ECONNREFUSED') return 'refused';
  return phase === 'head' ? 'reset' : 'truncated';
}

/** Whether the node at `url` accepts a TCP connection again within `withinMs` (tried every half second). */
async function waitForConnections(url: string, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (await acceptsConnection(url)) return true;
  }
  return false;
}

export interface TransportOptions {
  /** Connections the pool may open (at least 32). */
  maxInFlight?: number;
  /**
   * On a refused connection, wait up to this long (ms) for the node to accept connections again before the
   * fault is thrown (the request is not sent again): a node that went away is then told apart from a
   * faulty one by the runner, instead of every test failing at once.
   */
  deadNodeMs?: number;
}

/** A connection pool to the target's hosts and the exchanges sent over it. */
export class Transport {
  private readonly dispatcher: Agent;

  constructor(private readonly options: TransportOptions = {}) {
    this.dispatcher = new Agent({ connections: Math.max(32, options.maxInFlight ?? 0), keepAliveTimeout: 10_000, pipelining: 1 });
  }

  /** Sends one request, once; an answer below the API (refused, reset, cut short, HTML page, timeout) is a TransportFault. */
  async exchange(
    method: string,
    url: string,
    headers: Record<string, string>,
    payload: string | Buffer | undefined,
    recorded: RecordedRequest,
    timeout: number,
    signal?: AbortSignal,
  ): Promise<ClientResponse> {
    const started = performance.now();
    const elapsed = (): number => performance.now() - started;
    let response;
    try {
      response = await undiciRequest(url, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body: payload,
        dispatcher: this.dispatcher,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      const kind = classify(error, 'head');
      if (kind === 'refused' && (this.options.deadNodeMs ?? 0) > 0) {
        const back = await waitForConnections(url, this.options.deadNodeMs!);
        throw new TransportFault(
          kind,
          recorded,
          elapsed(),
          back
            ? `connection refused; the node accepted connections again ${(elapsed() / 1000).toFixed(1)} s later, the request was not sent again`
            : `connection refused, and no connection accepted for ${(elapsed() / 1000).toFixed(0)} s: the node is down`,
        );
      }
      throw new TransportFault(kind, recorded, elapsed(), kind === 'timeout' ? `no answer within ${timeout} ms` : (error as Error).message);
    }
    let text: string;
    try {
      text = await response.body.text();
    } catch (error) {
      if (signal?.aborted) throw error;
      const kind = classify(error, 'body');
      throw new TransportFault(
        kind,
        recorded,
        elapsed(),
        kind === 'timeout'
          ? `the body did not arrive within ${timeout} ms`
          : `${(error as Error).message}; content-length ${String(response.headers['content-length'] ?? '-')}`,
      );
    }
    const durationMs = elapsed();
    const responseHeaders: Record<string, string> = {};
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders[key] = Array.isArray(value) ? value.join(', ') : value;
    }
    const contentType = responseHeaders['content-type'] ?? '';
    const received = { status: response.statusCode, contentType, text: text.slice(0, 200) };
    // No Ledger API or scan endpoint answers an HTML page: that is a proxy's or a load balancer's, in place of the node's answer.
    if (response.statusCode >= 400 && /^text\/html\b/i.test(contentType)) {
      throw new TransportFault('error-page', recorded, durationMs, `${response.statusCode} ${contentType}`, received);
    }
    return {
      status: response.statusCode,
      headers: responseHeaders,
      contentType,
      text,
      durationMs,
      request: recorded,
      json: <T>() => {
        try {
          return JSON.parse(text) as T;
        } catch (error) {
          throw new TransportFault(
            'unparseable-body',
            recorded,
            durationMs,
            `${(error as Error).message}; status ${response.statusCode}, ${contentType || 'no content-type'}, ${text.length} chars`,
            received,
          );
        }
      },
    };
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}
