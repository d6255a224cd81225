/**
 * The curl commands must parse in bash and in a strict POSIX shell (dash), and, run for real against a local
 * echo server, send exactly the recorded method, body and headers, with $TOKEN standing in for the token.
 */
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactHeaders, toCurl, type CurlRequest } from '../../client/curl.js';
import { FRESH_ID_SHAPE, repeatedFreshIds } from '../../client/fresh-id.js';
import { recordRequest } from '../../client/recording.js';
import { freshId } from '../../generators/primitives/fresh-ids.js';

const run = promisify(execFile);
const TOKEN = 'tok.en-VALUE_123';

interface Echo {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let baseUrl: string;
let scriptDir: string;
let scriptCount = 0;

beforeAll(async () => {
  scriptDir = await mkdtemp(join(tmpdir(), 'curl-selftest-'));
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const echo = { method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks).toString('base64') };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((closed) => server.close(() => closed()));
  await rm(scriptDir, { recursive: true, force: true });
});

/** Saved as a script file, as a pasted command would be: one `-c` argument cannot hold a large body. */
async function scriptFile(command: string): Promise<string> {
  const path = join(scriptDir, `command-${scriptCount++}.sh`);
  await writeFile(path, `${command}\n`);
  return path;
}

/** Runs the command in dash (POSIX sh) with TOKEN set, and returns what the echo server received. */
async function sendThroughShell(command: string): Promise<Echo> {
  const script = await scriptFile(command);
  const { stdout } = await run('sh', [script], { env: { ...process.env, TOKEN }, maxBuffer: 16 * 1024 * 1024 });
  const separator = stdout.indexOf('\r\n\r\n');
  expect(stdout.startsWith('HTTP/1.1 200'), stdout.slice(0, 200)).toBe(true);
  const echo = JSON.parse(stdout.slice(separator + 4)) as Omit<Echo, 'body'> & { body: string };
  return { ...echo, body: Buffer.from(echo.body, 'base64') };
}

async function parses(shell: 'bash' | 'sh', command: string): Promise<boolean> {
  try {
    await run(shell, ['-n', await scriptFile(command)]);
    return true;
  } catch {
    return false;
  }
}

describe('toCurl', () => {
  it('replays a JSON POST with a bearer token as "$TOKEN"', async () => {
    const body = `{"text":"it's a \\"quote\\", $HOME, \`id\`, $(whoami), !bang, \\\\ back\\nslash","uni":"ünï ✓ 𝄞"}\nsecond line\n`;
    const request: CurlRequest = {
      method: 'POST',
      url: `${baseUrl}/v2/commands/submit-and-wait?x='y'&z=1`,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN.toUpperCase()}`, 'Content-Length': '999' },
      body,
    };
    const command = toCurl(request);
    expect(command).toContain('"Authorization: Bearer $TOKEN"');
    expect(command).not.toContain(TOKEN.toUpperCase());
    expect(command).not.toMatch(/content-length/i);
    const echo = await sendThroughShell(command);
    expect(echo.method).toBe('POST');
    expect(echo.url).toBe("/v2/commands/submit-and-wait?x='y'&z=1");
    expect(echo.body.toString('utf8')).toBe(body);
    expect(echo.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(echo.headers['content-type']).toBe('application/json');
  });

  it('sends no Content-Type when the recorded request had none, and no body for a GET', async () => {
    const withBody = await sendThroughShell(toCurl({ method: 'POST', url: `${baseUrl}/v2/dars`, headers: {}, body: 'raw' }));
    expect(withBody.headers['content-type']).toBeUndefined();
    expect(withBody.body.toString()).toBe('raw');
    const get = await sendThroughShell(toCurl({ method: 'GET', url: `${baseUrl}/readyz`, headers: { Accept: 'text/plain' } }));
    expect(get.method).toBe('GET');
    expect(get.body.length).toBe(0);
    expect(get.headers.accept).toBe('text/plain');
  });

  it('replays binary and NUL-carrying bodies byte for byte through base64', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 254, 39, 34, 10, 0x50, 0x4b, 3, 4]);
    const binary = await sendThroughShell(
      toCurl({
        method: 'POST',
        url: `${baseUrl}/v2/dars`,
        headers: { 'content-type': 'application/octet-stream' },
        body: '<12 bytes>',
        bodyBase64: bytes.toString('base64'),
      }),
    );
    expect(binary.body.equals(bytes)).toBe(true);
    const withNul = await sendThroughShell(toCurl({ method: 'POST', url: `${baseUrl}/x`, headers: {}, body: 'a\0b' }));
    expect(withNul.body.toString('utf8')).toBe('a\0b');
  });

  it('pipes a body too large for one shell argument', async () => {
    const body = `{"big":"${"'x".repeat(100_000)}"}`;
    const command = toCurl({ method: 'POST', url: `${baseUrl}/big`, headers: { 'content-type': 'application/json' }, body });
    expect(command.startsWith("printf '%s' ")).toBe(true);
    const echo = await sendThroughShell(command);
    expect(echo.body.toString('utf8')).toBe(body);
  });

  it('puts $TOKEN into the jwt.token.<jwt> entry of Sec-WebSocket-Protocol, also next to shell syntax', async () => {
    const echo = await sendThroughShell(
      toCurl({
        method: 'GET',
        url: `${baseUrl}/v2/version`,
        headers: { 'Sec-WebSocket-Protocol': 'daml.ws.auth, jwt.token.secret.jwt.value', 'X-Odd': 'a"b$c`d!e' },
      }),
    );
    expect(echo.headers['sec-websocket-protocol']).toBe(`daml.ws.auth, jwt.token.${TOKEN}`);
    expect(echo.headers['x-odd']).toBe('a"b$c`d!e');
    const odd = toCurl({ method: 'GET', url: baseUrl, headers: { authorization: 'Bearer! secret' } });
    expect(odd).not.toContain('secret');
    const oddEcho = await sendThroughShell(odd);
    expect(oddEcho.headers.authorization).toBe(`Bearer! ${TOKEN}`);
  });

  it('sends fresh command and submission ids on every paste, says so, and leaves any other id as recorded', async () => {
    const commandId = freshId('cmd');
    const submissionId = freshId('sub');
    expect(commandId).toMatch(FRESH_ID_SHAPE);
    const body = JSON.stringify({ commands: [{ x: 1 }], commandId, actAs: ['alice'], submissionId, nested: { commandId } });
    const large = JSON.stringify({ commandId, pad: "'x".repeat(40_000) });
    for (const recorded of [body, large]) {
      const command = toCurl({ method: 'POST', url: `${baseUrl}/v2/commands/submit-and-wait`, headers: {}, body: recorded });
      expect(command).toMatch(/^# fresh ids on every paste, not the run's cmd-\S+.*409 DUPLICATE_COMMAND/);
      expect(command).toContain(`not the run's ${commandId}`);
      expect(await parses('sh', command)).toBe(true);
      const first = (await sendThroughShell(command)).body.toString('utf8');
      const second = (await sendThroughShell(command)).body.toString('utf8');
      const sent = [first, second].map((text) => JSON.parse(text) as Record<string, unknown> & { nested?: { commandId: string } });
      for (const echo of sent) {
        expect(echo.commandId).toMatch(/^cmd-[0-9a-f]{16}$/);
        // Everything else is the recorded body; one command id throughout (the same value recorded twice).
        expect({
          ...echo,
          commandId,
          ...(echo.submissionId ? { submissionId } : {}),
          ...(echo.nested ? { nested: { commandId } } : {}),
        }).toEqual(JSON.parse(recorded));
        if (echo.nested) expect(echo.nested.commandId).toBe(echo.commandId);
      }
      expect(sent[0]!.commandId).not.toBe(sent[1]!.commandId);
      if (recorded === body) expect(sent[0]!.submissionId).toMatch(/^sub-[0-9a-f]{16}$/);
    }
    // A test's own invalid or chosen id is what the failure is about: sent as recorded, no comment.
    for (const chosen of ['', 'not a fresh id', 'cmd-1', `${commandId} `]) {
      const recorded = JSON.stringify({ commandId: chosen, actAs: ['alice'] });
      const command = toCurl({ method: 'POST', url: `${baseUrl}/x`, headers: {}, body: recorded });
      expect(command.startsWith('curl ')).toBe(true);
      expect((await sendThroughShell(command)).body.toString('utf8')).toBe(recorded);
    }
  });

  it('re-sends as recorded an id the test repeated on purpose (deduplication), and says so', async () => {
    const commandId = freshId('dedup');
    const body = JSON.stringify({ commands: [], commandId, actAs: ['alice'] });
    const first = recordRequest('POST', `${baseUrl}/v2/commands/submit-and-wait`, {}, body);
    const repeat = recordRequest('POST', `${baseUrl}/v2/commands/submit-and-wait`, {}, body);
    expect(first.repeatedIds).toBeUndefined();
    expect(repeat.repeatedIds).toEqual([commandId]);
    expect(repeatedFreshIds(JSON.stringify({ commandId: 'not-fresh' }))).toEqual([]);
    const firstCurl = toCurl(first);
    expect(firstCurl).toContain('COMMAND_ID=');
    const repeatCurl = toCurl(repeat);
    expect(repeatCurl).not.toContain('COMMAND_ID=');
    expect(repeatCurl).toMatch(new RegExp(`^# sends the run's ${commandId} again, as the test repeated it on purpose`));
    expect((await sendThroughShell(repeatCurl)).body.toString('utf8')).toBe(body);
  });

  it('parses in bash and dash and round-trips any text body', async () => {
    const shellSyntax = fc.constantFrom("'", '"', '$', '`', '\\', '!', '(', '*', ' ', '#', '&', ';', '|', '~');
    const body = fc.string({
      unit: fc.oneof(shellSyntax, fc.constantFrom('\n', '\r'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
    });
    // HTTP header values are visible ASCII and spaces; the server would reject anything else before echoing it.
    const headerValue = fc.string({ unit: fc.oneof(shellSyntax, fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 })) });
    await fc.assert(
      fc.asyncProperty(body, headerValue, async (body, headerValue) => {
        const command = toCurl({
          method: 'PUT',
          url: `${baseUrl}/p`,
          headers: { 'x-value': headerValue, authorization: `Bearer ${headerValue.replace(/\s/g, '') || 'x'}` },
          body,
        });
        expect(await parses('bash', command)).toBe(true);
        expect(await parses('sh', command)).toBe(true);
        const echo = await sendThroughShell(command);
        expect(echo.body.toString('utf8')).toBe(body);
        expect(echo.headers.authorization).toBe(`Bearer ${TOKEN}`);
        expect(echo.headers['x-value']).toBe(headerValue.trim());
      }),
      { numRuns: 15 },
    );
  });
});

describe('redactHeaders', () => {
  it('replaces bearer and websocket-protocol tokens, keeping everything else', () => {
    const headers = {
      Authorization: 'Bearer abc.def.ghi',
      'sec-websocket-protocol': 'daml.ws.auth, jwt.token.abc.def.ghi',
      'content-type': 'application/json',
    };
    expect(redactHeaders(headers)).toEqual({
      Authorization: 'Bearer <redacted>',
      'sec-websocket-protocol': 'daml.ws.auth, jwt.token.<redacted>',
      'content-type': 'application/json',
    });
    expect(redactHeaders(redactHeaders(headers))).toEqual(redactHeaders(headers));
    expect(toCurl({ method: 'GET', url: 'http://h/', headers: redactHeaders(headers) })).toContain('"Authorization: Bearer $TOKEN"');
  });
});
