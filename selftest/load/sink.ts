/**
 * A local HTTP sink for the load self-tests: answers like a participant (submit-and-wait JSON, readyz
 * text), counts requests, and can hold its answers for a while (a "freeze") to mimic a stalled target
 * without blocking the event loop the generator shares with it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Sink {
  url: string;
  received(): number;
  commandIds(): string[];
  /**
   * Answers to requests arriving between `fromMs` and `toMs` after now (or after the next request to
   * arrive: the open model starts its sending threads first) are held until `toMs`.
   */
  freeze(fromMs: number, toMs: number, after?: 'now' | 'next-request'): void;
  close(): Promise<void>;
}

export async function startSink(): Promise<Sink> {
  let received = 0;
  const commandIds: string[] = [];
  let freezeWindow: { from: number; to: number } | undefined;
  let freezeOnNextRequest: { fromMs: number; toMs: number } | undefined;
  let offset = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    received += 1;
    if (freezeOnNextRequest) {
      const now = performance.now();
      freezeWindow = { from: now + freezeOnNextRequest.fromMs, to: now + freezeOnNextRequest.toMs };
      freezeOnNextRequest = undefined;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (): void => {
        if (request.url === '/readyz') {
          response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
          return;
        }
        const body = Buffer.concat(chunks).toString();
        const commandId = /"commandId":"([^"]+)"/.exec(body)?.[1];
        if (commandId) commandIds.push(commandId);
        offset += 1;
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ updateId: `u${offset}`, completionOffset: offset }));
      };
      const now = performance.now();
      if (freezeWindow && now >= freezeWindow.from && now < freezeWindow.to) setTimeout(answer, freezeWindow.to - now);
      else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    commandIds: () => commandIds,
    freeze(fromMs, toMs, after = 'now') {
      if (after === 'next-request') {
        freezeOnNextRequest = { fromMs, toMs };
        return;
      }
      const now = performance.now();
      freezeWindow = { from: now + fromMs, to: now + toMs };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
