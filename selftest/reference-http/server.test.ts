/** The HTTP core: routing, body limit, error rendering, robustness, and the faults of that layer. */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerApiError } from '../../reference/canton-errors.js';
import type { FaultName } from '../../reference/faults.js';
import { parseJsonBody } from '../../reference/http/body.js';
import { asObject, requireInt64, requireString } from '../../reference/http/decode.js';
import type { Route } from '../../reference/http/types.js';
import type { ParticipantServer } from '../../reference/participant/participant.js';
import { call, startTestParticipant } from './support.js';

/** Test routes exercising the server's contract with handlers. */
const testRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v2/test/echo',
    handler: (request) => {
      const body = asObject(parseJsonBody(request), '');
      return { status: 200, body: { commandId: requireString(body, 'commandId', ''), offset: requireInt64(body, 'offset', '') } };
    },
  },
  { method: 'GET', pattern: '/v2/test/items/{item-id}', handler: (request) => ({ status: 200, body: request.params }) },
  { method: 'POST', pattern: '/v2/test/size', handler: (request) => ({ status: 200, body: { size: request.body.length } }) },
  {
    method: 'GET',
    pattern: '/v2/test/missing',
    handler: () => {
      throw new LedgerApiError('UPDATE_NOT_FOUND', 'Update not found, or not visible.', { resources: [['OFFSET', '12']] });
    },
  },
  {
    method: 'GET',
    pattern: '/v2/test/bug',
    handler: () => {
      throw new TypeError('a bug in a handler');
    },
  },
];

async function withParticipant(faults: FaultName[], run: (server: ParticipantServer) => Promise<void>): Promise<void> {
  const server = await startTestParticipant({ faults, extraRoutes: testRoutes });
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

describe('reference HTTP core', () => {
  let server: ParticipantServer;
  beforeAll(async () => {
    server = await startTestParticipant({ extraRoutes: testRoutes });
  });
  afterAll(async () => server.close());

  it('answers an unknown path 404 with the legacy JSON body naming method and uri', async () => {
    const answer = await call(server.url, '/v2/nope?x=1');
    expect(answer.status).toBe(404);
    expect(answer.contentType).toBe('application/json');
    const host = server.url.replace('http://', '');
    expect(answer.json()).toEqual({ errors: [`HttpMethod(GET), uri: http://${host}/v2/nope?x=1`], status: 404, ledgerApiError: null });
  });

  it('answers a known path with another method 405 text/plain', async () => {
    const answer = await call(server.url, '/v2/authenticated-user', { method: 'POST', body: '{}' });
    expect(answer.status).toBe(405);
    expect(answer.contentType).toMatch(/^text\/plain/);
    expect(answer.text).toBe('Method Not Allowed');
  });

  it('decodes path parameters', async () => {
    const answer = await call(server.url, '/v2/test/items/a%20b%3A%3Ac');
    expect(answer.json()).toEqual({ 'item-id': 'a b::c' });
    expect((await call(server.url, '/v2/test/items/%E0%A4%A')).status).toBe(400);
  });

  it('decodes JSON bodies exactly and answers decode failures 400 text/plain', async () => {
    const ok = await call(server.url, '/v2/test/echo', { body: '{"commandId":"c1","offset":9223372036854775807}' });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('{"commandId":"c1","offset":9223372036854775807}');

    const empty = await call(server.url, '/v2/test/echo', { method: 'POST', body: '' });
    expect(empty.status).toBe(400);
    expect(empty.contentType).toBe('text/plain; charset=UTF-8');
    expect(empty.text).toBe('Invalid value for: body (exhausted input)');

    const wrongType = await call(server.url, '/v2/test/echo', { body: '{"commandId":5,"offset":1}' });
    expect(wrongType.text).toBe("Invalid value for: body (Got value '5' with wrong type, expecting string at 'commandId')");
  });

  it('never answers 5xx to malformed JSON', async () => {
    const bodies = ['x', '{', '[1,', '{"a":}', 'null', '"str"', '{"commandId":"c"}', '\u0000', '{"commandId":"c","offset":1.5}', '1e999'];
    for (const body of bodies) {
      const answer = await call(server.url, '/v2/test/echo', { body });
      expect(answer.status, body).toBe(400);
      expect(answer.text, body).toMatch(/^Invalid value for: body \(.+\)$/);
    }
  });

  it('renders LedgerApiError with the status of its category', async () => {
    const answer = await call(server.url, '/v2/test/missing');
    expect(answer.status).toBe(404);
    const body = answer.json();
    expect(body).toMatchObject({
      code: 'UPDATE_NOT_FOUND',
      errorCategory: 11,
      grpcCodeValue: 5,
      resources: [['OFFSET', '12']],
      correlationId: null,
      retryInfo: null,
      definiteAnswer: null,
    });
    expect(body.context).toMatchObject({ category: '11', participant: 'participant1' });
  });

  it('answers a handler bug 500 LEDGER_API_INTERNAL_ERROR and keeps serving', async () => {
    const answer = await call(server.url, '/v2/test/bug');
    expect(answer.status).toBe(500);
    expect(answer.json()).toMatchObject({ grpcCodeValue: 13 });
    expect((await call(server.url, '/readyz')).status).toBe(200);
  });

  it('answers a body over 8 MiB as Canton 3.5 does (500 LEDGER_API_INTERNAL_ERROR, never 413) without buffering it, and keeps serving', async () => {
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    const answer = await call(server.url, '/v2/test/size', { body: big });
    expect(answer.status).toBe(500);
    expect(answer.json()).toMatchObject({ code: 'LEDGER_API_INTERNAL_ERROR', grpcCodeValue: 13 });
    const atLimit = await call(server.url, '/v2/test/size', { body: new Uint8Array(8 * 1024 * 1024) });
    expect(atLimit.json()).toEqual({ size: 8 * 1024 * 1024 });
  });

  it('survives connections aborted mid-body', async () => {
    const { port, hostname } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write('POST /v2/test/echo HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\n{"commandId":');
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 20);
      });
    });
    expect((await call(server.url, '/readyz')).status).toBe(200);
  });
});

describe('reference HTTP core faults', () => {
  it('malformed-json-500 answers a non-JSON body 500', async () => {
    await withParticipant(['malformed-json-500'], async (server) => {
      expect((await call(server.url, '/v2/test/echo', { body: 'x' })).status).toBe(500);
      // A well-formed body of the wrong shape is still a 400.
      expect((await call(server.url, '/v2/test/echo', { body: '{}' })).status).toBe(400);
    });
  });

  it('decode-failure-as-json answers decode failures as JSON', async () => {
    await withParticipant(['decode-failure-as-json'], async (server) => {
      const answer = await call(server.url, '/v2/test/echo', { body: 'x' });
      expect(answer.status).toBe(400);
      expect(answer.contentType).toBe('application/json');
    });
  });

  it('decode-failure-unnamed drops the name of the invalid part', async () => {
    await withParticipant(['decode-failure-unnamed'], async (server) => {
      expect((await call(server.url, '/v2/test/echo', { body: '{}' })).text).toBe('Bad Request');
    });
  });

  it('error-without-category drops errorCategory', async () => {
    await withParticipant(['error-without-category'], async (server) => {
      const body = (await call(server.url, '/v2/test/missing')).json();
      expect(body.code).toBe('UPDATE_NOT_FOUND');
      expect(body).not.toHaveProperty('errorCategory');
    });
  });

  it('error-status-ignores-category answers every JsCantonError 500', async () => {
    await withParticipant(['error-status-ignores-category'], async (server) => {
      expect((await call(server.url, '/v2/test/missing')).status).toBe(500);
    });
  });

  it('unknown-route-200 answers unknown paths 200 {}', async () => {
    await withParticipant(['unknown-route-200'], async (server) => {
      const answer = await call(server.url, '/v2/nope');
      expect(answer.status).toBe(200);
      expect(answer.json()).toEqual({});
    });
  });

  it('wrong-method-404 answers a wrong method 404', async () => {
    await withParticipant(['wrong-method-404'], async (server) => {
      expect((await call(server.url, '/readyz', { method: 'POST', body: '' })).status).toBe(404);
    });
  });
});
