/**
 * Serializes a scenario request to raw HTTP/1.1 bytes, for both load models: the closed model hands the
 * bytes to autocannon, the open model writes them on its own connections.
 *
 * autocannon rebuilds its request through a generic builder when a body changes per request, which
 * costs about 12% of its fixed-body rate; this keeps per-request bodies close to the fixed-body rate by
 * caching the header block of each (reused) headers object.
 */
import type { LoadRequest } from './types.js';

/** The request as text (the open model encodes many of them into one buffer). */
export function createRequestTextSerializer(host: string): (request: LoadRequest) => string {
  const headerBlocks = new WeakMap<Record<string, string>, string>();
  const blockOf = (headers: Record<string, string>): string => {
    let block = headerBlocks.get(headers);
    if (block === undefined) {
      block = `Host: ${host}\r\nConnection: keep-alive\r\n`;
      for (const [name, value] of Object.entries(headers)) block += `${name}: ${value}\r\n`;
      headerBlocks.set(headers, block);
    }
    return block;
  };
  return (request) => {
    const head = `${request.method} ${request.path} HTTP/1.1\r\n${blockOf(request.headers)}`;
    if (request.body === undefined) return `${head}\r\n`;
    return `${head}Content-Length: ${Buffer.byteLength(request.body)}\r\n\r\n${request.body}`;
  };
}

export function createRequestSerializer(host: string): (request: LoadRequest) => Buffer {
  const serialize = createRequestTextSerializer(host);
  return (request) => Buffer.from(serialize(request));
}
