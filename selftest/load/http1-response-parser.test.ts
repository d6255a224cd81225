import { describe, expect, it } from 'vitest';
import { Http1ResponseParser, ResponseParseError, type ParsedResponse } from '../../load/http1-response-parser.js';

function parse(
  chunks: (string | Buffer)[],
  closeAtEnd = false,
): { responses: { status: number; body: string; closes: boolean }[]; clean: boolean } {
  const responses: ParsedResponse[] = [];
  const parser = new Http1ResponseParser((response) => responses.push(response));
  for (const chunk of chunks) parser.feed(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const clean = closeAtEnd ? parser.end() : true;
  return { responses: responses.map(({ status, body, closes }) => ({ status, body: body.toString(), closes })), clean };
}

/** Every way of cutting `text` in two. */
function allSplits(text: string): [string, string][] {
  return Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]);
}

const withLength = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{"offset":42}';
const chunked =
  'HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n' +
  '9\r\n{"code":"\r\n' +
  '12;ext=1\r\nUPDATE_NOT_FOUND"}\r\n' +
  '0\r\n\r\n';

describe('the open model’s HTTP/1.1 response parser', () => {
  it('reads a Content-Length body, whatever the way the bytes are cut', () => {
    for (const [first, second] of allSplits(withLength)) {
      expect(parse([first, second]).responses).toEqual([{ status: 200, body: '{"offset":42}', closes: false }]);
    }
  });

  it('reads a chunked body (with a chunk extension), whatever the way the bytes are cut', () => {
    for (const [first, second] of allSplits(chunked)) {
      expect(parse([first, second]).responses).toEqual([{ status: 404, body: '{"code":"UPDATE_NOT_FOUND"}', closes: false }]);
    }
  });

  it('reads answers that arrive back to back in one chunk, in order, and skips trailers and 1xx answers', () => {
    const trailers = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\nX-Checksum: 1\r\n\r\n';
    const interim = 'HTTP/1.1 100 Continue\r\n\r\n';
    const empty = 'HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n';
    const { responses } = parse([withLength + chunked + trailers + interim + empty + withLength]);
    expect(responses.map((response) => [response.status, response.body])).toEqual([
      [200, '{"offset":42}'],
      [404, '{"code":"UPDATE_NOT_FOUND"}'],
      [200, 'ok'],
      [204, ''],
      [200, '{"offset":42}'],
    ]);
  });

  it('says when the server will close the connection', () => {
    expect(parse(['HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok']).responses[0]!.closes).toBe(true);
    expect(parse(['HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok']).responses[0]!.closes).toBe(true);
    expect(parse(['HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok']).responses[0]!.closes).toBe(false);
  });

  it('ends a body without length at the close of the connection, and reports a cut-off answer', () => {
    const untilClose = parse(['HTTP/1.1 200 OK\r\n\r\npart one, ', 'part two'], true);
    expect(untilClose).toEqual({ responses: [{ status: 200, body: 'part one, part two', closes: true }], clean: true });
    const cut = parse(['HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc'], true);
    expect(cut).toEqual({ responses: [], clean: false });
  });

  it('refuses bytes that are no HTTP/1.x answer', () => {
    expect(() => parse(['SSH-2.0-OpenSSH_9.6\r\n\r\n'])).toThrow(ResponseParseError);
    expect(() => parse(['HTTP/1.1 2xx OK\r\n\r\n'])).toThrow(/bad status line/);
    expect(() => parse(['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'])).toThrow(/bad chunk size/);
  });
});
