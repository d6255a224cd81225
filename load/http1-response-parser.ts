/**
 * A minimal HTTP/1.1 response parser for the open model's raw connections: status, framing
 * (Content-Length, chunked, or until close), `Connection: close`, and the body. No header object is
 * built and no stream is created per response: the cost per response is a search for the end of the
 * head and a short scan of it, which is what lets the open model send at the closed model's rate.
 *
 * Not supported, because the load scenarios never ask for them: HEAD requests, upgrades, trailers
 * (skipped, not reported), and 1xx answers other than being skipped.
 */

export interface ParsedResponse {
  status: number;
  body: Buffer;
  /** The server said `Connection: close` (or answered HTTP/1.0 without keep-alive). */
  closes: boolean;
}

export class ResponseParseError extends Error {
  override readonly name = 'ResponseParseError';
  readonly code = 'LOAD_BAD_RESPONSE';
}

const CR = 13;
const headEnd = Buffer.from('\r\n\r\n');
const crlf = Buffer.from('\r\n');
const emptyBody = Buffer.alloc(0);
/** A head bigger than this is refused (node's own limit is 16 KiB). */
const maxHeadBytes = 64 * 1024;

type Framing = { kind: 'length'; remaining: number } | { kind: 'chunked' } | { kind: 'until-close' };

/**
 * Feed it the bytes of one connection as they arrive; it calls `onResponse` once per complete
 * response, in order. What it keeps between two calls it copies, so the caller may read every
 * connection into one reused buffer (`net.connect`'s `onread`); a body handed to `onResponse` is only
 * valid during that call.
 */
export class Http1ResponseParser {
  private pending: Buffer = emptyBody;
  /** Set between a parsed head and the end of its body. */
  private current: { status: number; closes: boolean; framing: Framing; parts: Buffer[]; ownedParts: number } | undefined;

  constructor(private readonly onResponse: (response: ParsedResponse) => void) {}

  /** Throws ResponseParseError on bytes that are no HTTP/1.x response; the connection is then unusable. */
  feed(chunk: Buffer): void {
    const data = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    this.pending = emptyBody;
    let offset = 0;
    while (offset < data.length) {
      if (this.current === undefined) {
        const end = data.indexOf(headEnd, offset);
        if (end < 0) {
          if (data.length - offset > maxHeadBytes) throw new ResponseParseError(`response head longer than ${maxHeadBytes} bytes`);
          break;
        }
        this.startResponse(data.toString('latin1', offset, end));
        offset = end + 4;
        continue;
      }
      const consumed = this.readBody(data, offset);
      if (consumed < 0) break;
      offset = consumed;
    }
    if (offset < data.length) this.pending = Buffer.from(data.subarray(offset));
    const current = this.current;
    if (current !== undefined) {
      for (; current.ownedParts < current.parts.length; current.ownedParts += 1) {
        current.parts[current.ownedParts] = Buffer.from(current.parts[current.ownedParts]!);
      }
    }
  }

  /** The connection closed: a response framed "until close" ends here; any other partial one is lost. */
  end(): boolean {
    const current = this.current;
    if (current?.framing.kind === 'until-close') {
      this.current = undefined;
      this.onResponse({ status: current.status, body: join(current.parts), closes: true });
      return true;
    }
    return current === undefined && this.pending.length === 0;
  }

  private startResponse(head: string): void {
    // "HTTP/1.1 200 OK": the status is at a fixed place.
    if (!head.startsWith('HTTP/1.')) throw new ResponseParseError(`not an HTTP/1.x response: ${JSON.stringify(head.slice(0, 40))}`);
    const status = Number(head.slice(9, 12));
    if (!Number.isInteger(status) || status < 100) throw new ResponseParseError(`bad status line ${JSON.stringify(head.split('\r\n')[0])}`);
    let contentLength = -1;
    let chunked = false;
    let closes = head.charCodeAt(7) === 48; // HTTP/1.0 closes unless it says keep-alive
    let lineStart = head.indexOf('\r\n');
    while (lineStart >= 0) {
      const lineEnd = head.indexOf('\r\n', lineStart + 2);
      const line = head.slice(lineStart + 2, lineEnd < 0 ? head.length : lineEnd);
      lineStart = lineEnd;
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const first = line.charCodeAt(0) | 0x20;
      if (first !== 99 /* c */ && first !== 116 /* t */) continue;
      const name = line.slice(0, colon).toLowerCase();
      if (name === 'content-length') contentLength = Number(line.slice(colon + 1).trim());
      else if (name === 'transfer-encoding')
        chunked = line
          .slice(colon + 1)
          .toLowerCase()
          .includes('chunked');
      else if (name === 'connection') {
        const value = line
          .slice(colon + 1)
          .trim()
          .toLowerCase();
        if (value === 'close') closes = true;
        else if (value === 'keep-alive') closes = false;
      }
    }
    if (status < 200) return; // 1xx: an interim answer, the real one follows
    let framing: Framing;
    if (status === 204 || status === 304) framing = { kind: 'length', remaining: 0 };
    else if (chunked) framing = { kind: 'chunked' };
    else if (contentLength >= 0) {
      if (!Number.isSafeInteger(contentLength)) throw new ResponseParseError(`bad Content-Length in ${JSON.stringify(head.slice(0, 200))}`);
      framing = { kind: 'length', remaining: contentLength };
    } else framing = { kind: 'until-close' };
    this.current = { status, closes: closes || framing.kind === 'until-close', framing, parts: [], ownedParts: 0 };
    if (framing.kind === 'length' && framing.remaining === 0) this.finish();
  }

  /** Reads body bytes from `offset`; the new offset, or -1 when more bytes are needed. */
  private readBody(data: Buffer, offset: number): number {
    const current = this.current!;
    const framing = current.framing;
    if (framing.kind === 'until-close') {
      current.parts.push(data.subarray(offset));
      return data.length;
    }
    if (framing.kind === 'length') {
      const take = Math.min(framing.remaining, data.length - offset);
      current.parts.push(data.subarray(offset, offset + take));
      framing.remaining -= take;
      if (framing.remaining === 0) this.finish();
      return offset + take;
    }
    // Chunked: "SIZE[;ext]\r\nDATA\r\n" … "0\r\n[trailers]\r\n". A chunk is consumed only when whole.
    const sizeEnd = data.indexOf(crlf, offset);
    if (sizeEnd < 0) return -1;
    const size = parseInt(data.toString('latin1', offset, sizeEnd), 16);
    if (!Number.isSafeInteger(size) || size < 0)
      throw new ResponseParseError(`bad chunk size ${JSON.stringify(data.toString('latin1', offset, sizeEnd))}`);
    if (size === 0) {
      // Trailers (usually none) end with an empty line.
      if (data.length >= sizeEnd + 4 && data[sizeEnd + 2] === CR) {
        this.finish();
        return sizeEnd + 4;
      }
      const trailersEnd = data.indexOf(headEnd, sizeEnd);
      if (trailersEnd < 0) return -1;
      this.finish();
      return trailersEnd + 4;
    }
    const dataStart = sizeEnd + 2;
    if (data.length < dataStart + size + 2) return -1;
    current.parts.push(data.subarray(dataStart, dataStart + size));
    return dataStart + size + 2;
  }

  private finish(): void {
    const current = this.current!;
    this.current = undefined;
    this.onResponse({ status: current.status, body: join(current.parts), closes: current.closes });
  }
}

function join(parts: Buffer[]): Buffer {
  if (parts.length === 0) return emptyBody;
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}
