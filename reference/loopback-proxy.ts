/**
 * A loopback HTTP proxy in front of a target, to try the suite at a real node's speed and against a real
 * network's damage (self-tests and `npm run bench:conformance`):
 * - `delayMs`: every answer is held for a time drawn from [min, max] (a seeded draw: the same seed holds the
 *   same answers as long);
 * - `faults`: every n-th exchange is damaged, rotating through the kinds asked for: `reset` (the connection is
 *   destroyed before any answer), `truncated` (the status, the headers and the full `content-length`, then
 *   half the body and a closed connection), `html-503` (a load balancer's HTML error page in place of the
 *   answer), `stall` (no answer for `stallMs`, past any sensible request timeout);
 * - `goAway()`: the node disappears (the port is closed and open connections are destroyed), so every later
 *   request is refused.
 * It reads only node:http; it never looks inside the bodies it carries.
 */
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';

export type ProxyFaultKind = 'reset' | 'truncated' | 'html-503' | 'stall';

export const PROXY_FAULT_KINDS: readonly ProxyFaultKind[] = ['reset', 'truncated', 'html-503', 'stall'];

export interface LoopbackProxyOptions {
  /** The target's base URL (origin and optional path prefix, e.g. `http://127.0.0.1:5000/api/scan`). */
  upstream: string;
  /** Each answer is held this long (ms), drawn uniformly from [min, max]. */
  delayMs?: { min: number; max: number };
  /** Every `every`-th exchange (1-based: exchange every, 2·every, ...) is damaged, rotating through `kinds`. */
  faults?: { every: number; kinds?: readonly ProxyFaultKind[]; stallMs?: number };
  /** Seed of the delays. */
  seed?: number;
}

export interface ProxyStatistics {
  exchanges: number;
  damaged: Record<ProxyFaultKind, number>;
}

export interface LoopbackProxy {
  /** The proxy's base URL: its origin plus the upstream's path prefix. */
  url: string;
  statistics(): ProxyStatistics;
  /** The node goes away: the port closes and every open connection is destroyed. */
  goAway(): Promise<void>;
  close(): Promise<void>;
}

/** mulberry32: a small seeded generator, so a delay pattern can be repeated. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) result[name] = value;
  }
  return result;
}

const ERROR_PAGE =
  '<!DOCTYPE html>\n<html><head><title>503 Service Temporarily Unavailable</title></head>\n' +
  '<body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>\n';

export async function startLoopbackProxy(options: LoopbackProxyOptions): Promise<LoopbackProxy> {
  const upstream = new URL(options.upstream);
  const prefix = upstream.pathname.replace(/\/$/, '');
  const draw = random(options.seed ?? 1);
  const kinds = options.faults?.kinds ?? PROXY_FAULT_KINDS;
  const stallMs = options.faults?.stallMs ?? 15_000;
  const statistics: ProxyStatistics = { exchanges: 0, damaged: { reset: 0, truncated: 0, 'html-503': 0, stall: 0 } };
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  // A fresh connection to the target per exchange: a kept-alive one the target closes while idle would reset an
  // exchange the proxy was not asked to damage.
  const agent = new Agent({ keepAlive: false });
  let damagedSoFar = 0;
  let closed = false;

  const later = (ms: number, action: () => void): void => {
    if (ms <= 0) return action();
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  };

  const server: Server = createServer((incoming, outgoing) => {
    statistics.exchanges++;
    const exchange = statistics.exchanges;
    const every = options.faults?.every ?? 0;
    const fault = every > 0 && exchange % every === 0 ? kinds[damagedSoFar++ % kinds.length] : undefined;
    const delay = options.delayMs ? options.delayMs.min + draw() * (options.delayMs.max - options.delayMs.min) : 0;
    if (fault !== undefined) statistics.damaged[fault]++;
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('error', () => outgoing.destroy());
    incoming.on('end', () => {
      if (fault === 'reset') return later(delay, () => incoming.socket.destroy());
      if (fault === 'html-503') {
        return later(delay, () => {
          outgoing.writeHead(503, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(ERROR_PAGE) });
          outgoing.end(ERROR_PAGE);
        });
      }
      const body = Buffer.concat(chunks);
      const forward = httpRequest(
        {
          agent,
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url ?? '/',
          headers: { ...forwardable(incoming.headers), host: upstream.host, 'content-length': String(body.length) },
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('error', () => outgoing.destroy());
          answer.on('end', () => {
            const answerBody = Buffer.concat(parts);
            const headers = { ...forwardable(answer.headers), 'content-length': String(answerBody.length) };
            const hold = fault === 'stall' ? Math.max(delay, stallMs) : delay;
            later(hold, () => {
              if (outgoing.destroyed || closed) return;
              outgoing.writeHead(answer.statusCode ?? 502, headers);
              if (fault === 'truncated') {
                // The full content-length, half the body, then the connection closes.
                outgoing.write(answerBody.subarray(0, Math.floor(answerBody.length / 2)));
                later(20, () => incoming.socket.destroy());
                return;
              }
              outgoing.end(answerBody);
            });
          });
        },
      );
      // The target reset the connection (e.g. a body over its limit): the client sees the same.
      forward.on('error', () => incoming.socket.destroy());
      forward.end(body);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // Longer than any client's keep-alive (undici: 10 s), so the client closes an idle connection first: a
  // connection the proxy closed just as the client reused it would reset an exchange it was not asked to damage.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the loopback proxy has no port');

  const shut = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await stopped;
  };
  return {
    url: `http://127.0.0.1:${address.port}${prefix}`,
    statistics: () => ({ exchanges: statistics.exchanges, damaged: { ...statistics.damaged } }),
    goAway: shut,
    close: shut,
  };
}
