/**
 * `provision`'s DAR upload on a participant connected to two synchronizers: Canton refuses an upload that vets
 * without naming the synchronizer (it cannot auto-detect one), so provision names the one it discovered.
 * (The provision acceptance test never uploads: the bare reference already knows the stand-in DAR's package.)
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenProvider } from '../../client/auth.js';
import { TargetClient } from '../../client/http.js';
import type { ReferenceTargetConfig } from '../../config/types.js';
import { Node } from '../../provision/node.js';
import type { ParticipantServer } from '../../reference/participant/participant.js';
import { referenceTarget, startTestParticipant } from '../reference-http/support.js';

let target: ReferenceTargetConfig;
let server: ParticipantServer;
let client: TargetClient;

beforeAll(async () => {
  const base = await referenceTarget();
  target = { ...base, features: { ...base.features, connectedSynchronizers: 2 } };
  server = await startTestParticipant({ target });
  client = new TargetClient({ participant: server.url }, createTokenProvider(target.auth, target.fixtures));
});

afterAll(async () => {
  await client.close();
  await server.close();
});

describe('provision uploads its DAR', () => {
  it('naming the synchronizer, which a node connected to two needs', async () => {
    const admin = target.fixtures.users.find((user) => user.rights.admin)!.id;
    const node = new Node(client, admin);
    const dar = readFileSync(target.fixtures.dar);
    const unnamed = await client.send({ api: 'participant', method: 'POST', path: '/v2/dars', user: admin, body: dar });
    expect(unnamed.text).toContain('PACKAGE_SERVICE_CANNOT_AUTODETECT_SYNCHRONIZER');
    expect(server.uploadedPackages()).toEqual([]);
    await node.uploadDar(dar, target.fixtures.dar, target.fixtures.synchronizerId);
    expect(server.uploadedPackages().length).toBeGreaterThan(0);
  });
});
