import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, jwtVerify, exportPKCS8, generateKeyPair, importSPKI, exportSPKI } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenProvider } from '../../client/auth.js';
import { loadConfig } from '../../config/load.js';
import type { Fixtures } from '../../config/types.js';

let fixtures: Fixtures;
beforeAll(async () => {
  fixtures = (await loadConfig({ env: {}, dotenvPath: false })).target.fixtures;
});

describe('self-signed tokens', () => {
  it('HS256: sub, aud, scope and exp as Canton test auth expects; cached per user', async () => {
    const provider = createTokenProvider(
      { kind: 'hs256', secret: 'secret', audience: 'https://daml.com/jwt/aud/participant/p1', tokenLifetimeSeconds: 600 },
      fixtures,
    );
    const token = (await provider.tokenFor('alice-user'))!;
    const { payload } = await jwtVerify(token, new TextEncoder().encode('secret'), { audience: 'https://daml.com/jwt/aud/participant/p1' });
    expect(payload.sub).toBe('alice-user');
    expect(payload.scope).toBe('daml_ledger_api');
    expect(payload.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(590);
    expect(await provider.tokenFor('alice-user')).toBe(token);
  });

  it('mints expired and foreign-key tokens for the auth suites', async () => {
    const provider = createTokenProvider({ kind: 'hs256', secret: 'secret', tokenLifetimeSeconds: 600 }, fixtures);
    const expired = await provider.mint({ userId: 'u', expiresInSeconds: -60 });
    await expect(jwtVerify(expired, new TextEncoder().encode('secret'))).rejects.toThrow(/exp/);
    const foreign = await provider.mint({ userId: 'u', foreignKey: true });
    await expect(jwtVerify(foreign, new TextEncoder().encode('secret'))).rejects.toThrow(/signature/);
  });

  it('ES256 and RS256 from a PKCS#8 PEM', async () => {
    for (const alg of ['ES256', 'RS256'] as const) {
      const pair = await generateKeyPair(alg, { extractable: true });
      const provider = createTokenProvider(
        { kind: alg.toLowerCase() as 'es256', privateKey: await exportPKCS8(pair.privateKey), keyId: 'k1', tokenLifetimeSeconds: 60 },
        fixtures,
      );
      const token = (await provider.tokenFor('bob-user'))!;
      const { payload, protectedHeader } = await jwtVerify(token, await importSPKI(await exportSPKI(pair.publicKey), alg));
      expect(payload.sub).toBe('bob-user');
      expect(protectedHeader).toMatchObject({ alg, kid: 'k1' });
    }
  });
});

describe('static and none', () => {
  it("static: the user's own token, else the shared one; cannot mint", async () => {
    const withTokens = { ...fixtures, users: fixtures.users.map((user) => (user.id === 'bob-user' ? { ...user, token: 'bobs' } : user)) };
    const provider = createTokenProvider({ kind: 'static', token: 'shared' }, withTokens);
    expect(await provider.tokenFor('bob-user')).toBe('bobs');
    expect(await provider.tokenFor('alice-user')).toBe('shared');
    expect(provider.canMint).toBe(false);
    await expect(provider.mint({ userId: 'x' })).rejects.toThrow(/cannot be minted/);
    await expect(createTokenProvider({ kind: 'static' }, fixtures).tokenFor('alice-user')).rejects.toThrow(/LEDGER_TOKEN/);
  });

  it('none: no token', async () => {
    expect(await createTokenProvider({ kind: 'none' }, fixtures).tokenFor('alice-user')).toBeUndefined();
  });
});

describe('OAuth2 client credentials', () => {
  let server: Server;
  let url: string;
  const requests: URLSearchParams[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        const form = new URLSearchParams(body);
        requests.push(form);
        if (form.get('client_secret') !== 'right') {
          response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
          return;
        }
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: `token-of-${form.get('client_id')}-${requests.length}`, expires_in: 3600 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches with grant_type, client id/secret and audience; caches until expiry', async () => {
    const provider = createTokenProvider(
      { kind: 'oauth2', tokenUrl: url, clientId: 'ci', clientSecret: 'right', audience: 'aud-1' },
      fixtures,
    );
    const first = await provider.tokenFor('alice-user');
    expect(first).toBe('token-of-ci-1');
    expect(await provider.tokenFor('bob-user')).toBe(first);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.get('grant_type')).toBe('client_credentials');
    expect(requests[0]!.get('audience')).toBe('aud-1');
  });

  it('says what failed when the token endpoint refuses', async () => {
    const provider = createTokenProvider({ kind: 'oauth2', tokenUrl: url, clientId: 'ci', clientSecret: 'wrong' }, fixtures);
    await expect(provider.tokenFor('alice-user')).rejects.toThrow(/answered 401.*check the client id and secret/);
    expect(decodeJwt).toBeDefined();
  });
});
